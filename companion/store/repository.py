"""The only code that touches TinyDB: games in progress, finished plays and player profiles.

Layout of the data folder:
- `drafts.json`: games in progress (small; rewritten on every entry, independent of history size)
- `plays/plays-NNNN.json`: finished plays in shards of SHARD_SIZE, newest shard last; finishing a game
  rewrites only the newest shard
- `players.json`: player profiles
Every file carries its schema version in a `_meta` table. One writer at a time: a lock in this process
and a file lock across processes; TinyDB objects are created per operation so that each one re-reads
whatever another process wrote.
"""

from __future__ import annotations

import re
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock
from tinydb import Query, TinyDB

from .atomic import (
    AtomicJSONStorage,
    CorruptFileError,
    backup_path,
    parse_tables,
    read_tables,
    write_atomically,
)
from .schema import SCHEMA_VERSION, NewerSchemaError, migrate

SHARD_SIZE = 500
BACKUPS = 5
DRAFT_UNDO_DEPTH = 30
SHARD_NAME = re.compile(r"plays-(\d{4,})\.json")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    return uuid.uuid4().hex[:12]


@dataclass(frozen=True)
class StartupIssue:
    """A data file that could not be read at start: it was moved aside; a backup may restore it."""

    file: str
    moved_to: str
    reason: str
    backup: str | None


@dataclass
class Repository:
    data_dir: Path
    issues: list[StartupIssue] = field(default_factory=list)
    _thread_lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir)
        (self.data_dir / "plays").mkdir(parents=True, exist_ok=True)
        self._file_lock = FileLock(str(self.data_dir / ".lock"), timeout=15)

    # ---- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: Path) -> Repository:
        """Open the data folder: check every file, move corrupt ones aside, refuse newer schemas."""
        repo = cls(Path(data_dir))
        with repo._writing():
            for path in repo._all_files():
                repo._check_file(path)
        return repo

    def _all_files(self) -> list[Path]:
        return [self.data_dir / "drafts.json", self.data_dir / "players.json", *self._shards()]

    def _check_file(self, path: Path) -> None:
        try:
            tables = read_tables(path)
            if tables is None:
                return
            version = _schema_of(path, tables)
        except CorruptFileError as error:
            self.issues.append(self._move_aside(path, error.reason))
            return
        except OSError as error:
            self.issues.append(self._move_aside(path, error.strerror or str(error)))
            return
        if version > SCHEMA_VERSION:
            raise NewerSchemaError(path.name, version)
        if version < SCHEMA_VERSION:
            with self._db(path) as db:
                db.storage.write(migrate(tables, version))

    def _move_aside(self, path: Path, reason: str) -> StartupIssue:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.stem}.corrupt-{stamp}{path.suffix}")
        path.replace(target)
        return StartupIssue(path.name, target.name, reason, self._good_backup(path))

    def _good_backup(self, path: Path) -> str | None:
        for n in range(1, BACKUPS + 1):
            candidate = backup_path(path, n)
            try:
                parse_tables(candidate, candidate.read_bytes())
            except (OSError, CorruptFileError):
                continue
            return candidate.name
        return None

    def restore_backup(self, issue: StartupIssue) -> None:
        """Put the last good backup of a file that was moved aside back in place."""
        if issue.backup is None:
            raise ValueError(f"no backup of {issue.file}")
        with self._writing():
            target = self._path_of(issue.file)
            source = target.with_name(issue.backup)
            payload = source.read_bytes()
            parse_tables(source, payload)
            write_atomically(target, payload)
            self.issues = [i for i in self.issues if i != issue]

    def _path_of(self, name: str) -> Path:
        return self.data_dir / "plays" / name if SHARD_NAME.fullmatch(name) else self.data_dir / name

    # ---- locking and TinyDB access ---------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[None]:
        with self._thread_lock, self._file_lock:
            yield

    @contextmanager
    def _db(self, path: Path, backups: int = 0) -> Iterator[TinyDB]:
        db = TinyDB(storage=AtomicJSONStorage, path=path, backups=backups)
        try:
            if not db.table("_meta").all():
                db.table("_meta").insert({"schema": SCHEMA_VERSION})
            yield db
        finally:
            db.close()

    def _read(self, path: Path, table: str) -> list[dict[str, Any]]:
        tables = read_tables(path)
        if tables is None:
            return []
        return list(tables.get(table, {}).values())

    # ---- games in progress ---------------------------------------------------------------------

    @property
    def _drafts_path(self) -> Path:
        return self.data_dir / "drafts.json"

    def save_draft(self, draft: dict[str, Any]) -> dict[str, Any]:
        """Insert or replace a game in progress (keyed by its `id`)."""
        draft = {**draft, "updated_at": now_iso()}
        draft.setdefault("id", new_id())
        draft.setdefault("created_at", draft["updated_at"])
        draft["undo"] = list(draft.get("undo", []))[-DRAFT_UNDO_DEPTH:]
        with self._writing(), self._db(self._drafts_path, backups=1) as db:
            db.table("drafts").upsert(draft, Query().id == draft["id"])
        return draft

    def drafts(self) -> list[dict[str, Any]]:
        return sorted(self._read(self._drafts_path, "drafts"), key=lambda d: d["updated_at"], reverse=True)

    def draft(self, draft_id: str) -> dict[str, Any] | None:
        return next((d for d in self._read(self._drafts_path, "drafts") if d["id"] == draft_id), None)

    def delete_draft(self, draft_id: str) -> None:
        with self._writing(), self._db(self._drafts_path, backups=1) as db:
            db.table("drafts").remove(Query().id == draft_id)

    # ---- finished plays ---------------------------------------------------------------------------

    def _shards(self) -> list[Path]:
        found = [p for p in (self.data_dir / "plays").glob("plays-*.json") if SHARD_NAME.fullmatch(p.name)]
        return sorted(found, key=lambda p: int(SHARD_NAME.fullmatch(p.name).group(1)))  # type: ignore[union-attr]

    def _shard_for_new_play(self) -> Path:
        shards = self._shards()
        if shards and len(self._read(shards[-1], "plays")) < SHARD_SIZE:
            return shards[-1]
        number = int(SHARD_NAME.fullmatch(shards[-1].name).group(1)) + 1 if shards else 1  # type: ignore[union-attr]
        return self.data_dir / "plays" / f"plays-{number:04d}.json"

    def add_play(self, play: dict[str, Any], draft_id: str | None = None) -> dict[str, Any]:
        """Store a finished play; the game in progress it came from (if any) is removed after."""
        play = {**play}
        play.setdefault("id", new_id())
        play.setdefault("finished_at", now_iso())
        with self._writing():
            with self._db(self._shard_for_new_play(), backups=BACKUPS) as db:
                db.table("plays").insert(play)
            if draft_id is not None:
                with self._db(self._drafts_path, backups=1) as db:
                    db.table("drafts").remove(Query().id == draft_id)
        return play

    def _shard_of(self, play_id: str) -> Path | None:
        for shard in reversed(self._shards()):
            if any(p["id"] == play_id for p in self._read(shard, "plays")):
                return shard
        return None

    def play(self, play_id: str) -> dict[str, Any] | None:
        shard = self._shard_of(play_id)
        if shard is None:
            return None
        return next(p for p in self._read(shard, "plays") if p["id"] == play_id)

    def update_play(self, play_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        with self._writing():
            shard = self._shard_of(play_id)
            if shard is None:
                raise KeyError(play_id)
            with self._db(shard, backups=BACKUPS) as db:
                table = db.table("plays")
                current = table.get(Query().id == play_id)
                updated = change(dict(current))  # type: ignore[arg-type]
                table.update(updated, Query().id == play_id)
        return updated

    def delete_play(self, play_id: str) -> dict[str, Any] | None:
        """Remove a play and return it (so that the caller can offer undo with `restore_play`)."""
        with self._writing():
            shard = self._shard_of(play_id)
            if shard is None:
                return None
            with self._db(shard, backups=BACKUPS) as db:
                table = db.table("plays")
                play = table.get(Query().id == play_id)
                table.remove(Query().id == play_id)
        return dict(play) if play else None  # type: ignore[arg-type]

    def restore_play(self, play: dict[str, Any]) -> None:
        self.add_play(play)

    def plays_newest_first(self) -> Iterator[dict[str, Any]]:
        """Every play, newest first, reading shards lazily from the newest."""
        for shard in reversed(self._shards()):
            yield from sorted(self._read(shard, "plays"), key=lambda p: p["finished_at"], reverse=True)

    # ---- players -------------------------------------------------------------------------------

    @property
    def _players_path(self) -> Path:
        return self.data_dir / "players.json"

    def players(self) -> list[dict[str, Any]]:
        return sorted(self._read(self._players_path, "players"), key=lambda p: p["name"].casefold())

    def remember_players(self, names: list[str]) -> None:
        """Make sure every name has a profile (new players get one when a game starts)."""
        known = {p["name"] for p in self._read(self._players_path, "players")}
        missing = [n for n in names if n not in known]
        if not missing:
            return
        with self._writing(), self._db(self._players_path, backups=BACKUPS) as db:
            table = db.table("players")
            for name in missing:
                if not table.contains(Query().name == name):
                    table.insert({"id": new_id(), "name": name, "colour": None, "created_at": now_iso()})


def _schema_of(path: Path, tables: dict[str, Any]) -> int:
    meta = list(tables.get("_meta", {}).values())
    if not meta:
        return SCHEMA_VERSION
    version = meta[0].get("schema") if isinstance(meta[0], dict) else None
    if isinstance(version, bool) or not isinstance(version, int):
        raise CorruptFileError(path, "the data version is missing")
    return version
