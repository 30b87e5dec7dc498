"""The data folder's files: one writer at a time, TinyDB over atomic writes, damage found, moved aside and
restored from the last backup that holds data.

A file that cannot be read at start is renamed `<name>.corrupt-<time>.json` and its last good backup copied to
`<name>.backup-<time>.json`, which `restore_backup` puts back (later writes rotate `.bakN`, never that copy).
Every data file carries its schema version in a `_meta` table. One writer at a time: a lock in this process
and a file lock across processes; TinyDB objects are created per operation, so each re-reads whatever
another process wrote before it writes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from tinydb import TinyDB

from . import schema
from .atomic import (
    AtomicJSONStorage,
    CorruptFileError,
    StorageError,
    backup_path,
    parse_tables,
    read_tables,
    signature,
    write_atomically,
)
from .documents import canonical_time

BACKUPS = 5
LOCK_TIMEOUT_S = 15
SUMMARIES = "summaries"  # plays/summaries: kept to read the history faster, made again from the plays
UNIQUE_KEY = {"drafts": "id", "plays": "id", "players": "name"}
Fingerprint = frozenset[tuple[str, int, int, int]]  # the data folder's files: (path, inode, size, mtime)
REQUIRED: dict[str, dict[str, type | tuple[type, ...]]] = {
    "drafts": {"id": str, "game": str, "sheet": dict},
    "plays": {"id": str, "game": str, "sheet": dict, "finished_at": str, "result": (dict, type(None))},
    "players": {"id": str, "name": str},
}


@dataclass(frozen=True)
class StartupIssue:
    """Something in the data folder that could not be used at start: it was moved aside; a backup may
    restore it."""

    file: str
    moved_to: str
    reason: str
    backup: str | None


def folder_error(folder: Path, error: OSError) -> StorageError:
    return StorageError("storage.error.folder", {"folder": str(folder)}, f"cannot use {folder}: {error}")


class DataFolder:
    """The folder, its lock and its files. Every write goes through `writing()` and `db()`."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.plays_dir = self.root / "plays"
        self._thread_lock = threading.RLock()
        self._file_lock = FileLock(str(self.root / ".lock"), timeout=LOCK_TIMEOUT_S)

    def prepare(self) -> list[StartupIssue]:
        """Make the folder usable: what stands where a folder or the lock file belongs is moved aside.

        Raises StorageError when the folder cannot be created or written (read-only, full, not a folder).
        """
        issues = []
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            probe, name = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=self.root)
            os.close(probe)
            with contextlib.suppress(FileNotFoundError):  # another process's start may sweep it as a stale temp
                os.unlink(name)
        except OSError as error:
            raise folder_error(self.root, error) from error
        lock = self.root / ".lock"
        if lock.exists() and not lock.is_file():
            issues.append(self.move_aside(lock, "the lock is not a file", with_backup=False))
        if self.plays_dir.exists() and not self.plays_dir.is_dir():
            issues.append(self.move_aside(self.plays_dir, "the plays folder is not a folder", with_backup=False))
        try:
            self.plays_dir.mkdir(exist_ok=True)
        except OSError as error:
            raise folder_error(self.plays_dir, error) from error
        return issues

    # ---- locking and TinyDB access ---------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[None]:
        with self._thread_lock:
            try:
                self._file_lock.acquire()
            except Timeout:
                raise StorageError("storage.error.busy", {}, f"{self.root} is locked by another writer") from None
            except OSError as error:
                raise folder_error(self.root, error) from error
            try:
                yield
            finally:
                self._file_lock.release()

    @contextmanager
    def db(self, path: Path, backups: int = BACKUPS) -> Iterator[TinyDB]:
        """TinyDB over `path`; a new file is written with its `_meta` table in its first write."""
        db = TinyDB(storage=AtomicJSONStorage, path=path, backups=backups,
                    initial={"_meta": {"1": {"schema": schema.SCHEMA_VERSION}}})
        try:
            if not db.table("_meta").all():
                db.table("_meta").insert({"schema": schema.SCHEMA_VERSION})
            yield db
        finally:
            db.close()

    def fingerprint(self) -> Fingerprint:
        """What the folder holds now, as its files' signatures: while it is the same, nothing was stored (an export
        made then is still current). The lock and the summaries change without the data changing: left out."""
        found = set()
        for path in self.root.rglob("*"):
            where = path.relative_to(self.root)
            if path.name.startswith(".") or SUMMARIES in where.parts[:-1] or not path.is_file():
                continue
            sig = signature(path)
            if sig is not None:
                found.add((str(where), sig.inode, sig.size, sig.mtime_ns))
        return frozenset(found)

    @staticmethod
    def docs(path: Path, table: str) -> list[dict[str, Any]]:
        """The stored documents themselves: read only, never hand them out."""
        tables = read_tables(path)
        return list(tables.get(table, {}).values()) if tables else []

    # ---- damage ---------------------------------------------------------------------------------

    def check_file(self, path: Path) -> tuple[int | None, StartupIssue | None]:
        """The file's schema version (None when it is missing or was moved aside) and what was wrong."""
        try:
            tables = read_tables(path)
            if tables is None:
                return None, None
            version = schema_of(path, tables)
            if version <= schema.SCHEMA_VERSION:
                check_documents(path, tables)
        except CorruptFileError as error:
            return None, self.move_aside(path, error.reason)
        except OSError as error:
            return None, self.move_aside(path, error.strerror or str(error))
        return version, None

    def move_aside(self, path: Path, reason: str, with_backup: bool = True) -> StartupIssue:
        """Rename a damaged file out of the way, and keep a copy of its last good backup under a name that
        later writes (which rotate the backups) do not touch."""
        stamp = damage_stamp()
        target = unused_name(path, f"corrupt-{stamp}")
        good = self.good_backup(path) if with_backup else None
        kept = unused_name(path, f"backup-{stamp}") if good is not None else None
        try:
            path.replace(target)
            if good is not None and kept is not None:
                shutil.copy2(good, kept)
        except OSError as error:
            raise StorageError("storage.error.write", {"file": path.name, "reason": error.strerror or str(error)},
                               f"cannot move {path} aside: {error}") from error
        return StartupIssue(path.name, target.name, reason, kept.name if kept is not None else None)

    @staticmethod
    def good_backup(path: Path) -> Path | None:
        """The newest backup that can be read and holds at least one document (an empty one restores nothing)."""
        for n in range(1, BACKUPS + 1):
            candidate = backup_path(path, n)
            try:
                tables = parse_tables(candidate, candidate.read_bytes())
                if schema_of(candidate, tables) > schema.SCHEMA_VERSION:
                    continue
                check_documents(candidate, tables)
            except (OSError, CorruptFileError):
                continue
            if any(tables.get(name) for name in UNIQUE_KEY):
                return candidate
        return None

    def restore(self, target: Path, backup_name: str) -> None:
        """Put a backup kept by `move_aside` back as `target` (call while writing). If the app has written a
        new `target` since, what the backup holds and the new file lacks is added to it."""
        source = target.with_name(backup_name)
        try:
            payload = source.read_bytes()
        except OSError as error:
            raise StorageError("storage.error.write", {"file": source.name, "reason": error.strerror or str(error)},
                               f"cannot read {source}: {error}") from error
        tables = parse_tables(source, payload)
        check_documents(source, tables)
        if not target.exists():
            write_atomically(target, payload)
            return
        with self.db(target) as db:
            for name, key in UNIQUE_KEY.items():
                table = db.table(name)
                present = {doc[key] for doc in table.all()}
                missing = [doc for doc in tables.get(name, {}).values() if doc[key] not in present]
                if missing:
                    table.insert_multiple(missing)


def damage_stamp() -> str:
    """When damage was found, for the names of the files it is moved to (UTC)."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


def unused_name(path: Path, label: str) -> Path:
    """`drafts.json` -> `drafts.<label>.json`, or `drafts.<label>-2.json` if that is taken."""
    candidate = path.with_name(f"{path.stem}.{label}{path.suffix}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}.{label}-{n}{path.suffix}")
    return candidate


def schema_of(path: Path, tables: dict[str, Any]) -> int:
    """The file's schema version. Raises CorruptFileError for one no version of the app wrote (or can read)."""
    meta = list(tables.get("_meta", {}).values())
    if not meta:
        return schema.SCHEMA_VERSION
    version = meta[0].get("schema")
    if isinstance(version, bool) or not isinstance(version, int):
        raise CorruptFileError(path, "the data version is missing")
    if version < schema.SCHEMA_VERSION and not schema.can_migrate(version):
        raise CorruptFileError(path, f"the data version {version} is not one Table Companion wrote")
    return version


def check_documents(path: Path, tables: dict[str, Any]) -> None:
    """Every document has the fields the app relies on, of the right type (else the file is corrupt)."""
    for table, fields in REQUIRED.items():
        for doc in tables.get(table, {}).values():
            for key, kind in fields.items():
                if not isinstance(doc.get(key), kind):
                    raise CorruptFileError(path, f"a document of {table!r} has no valid {key!r}")
            undo = doc.get("undo", [])
            if table == "drafts" and not (isinstance(undo, list) and all(isinstance(s, dict) for s in undo)):
                raise CorruptFileError(path, "a game in progress has an invalid undo history")
            if table == "plays":
                try:
                    canonical_time(doc["finished_at"])
                except ValueError:
                    raise CorruptFileError(path, f"a play has an invalid time {doc['finished_at']!r}") from None
