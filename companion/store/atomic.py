"""A TinyDB storage that never leaves a half-written file, keeps rolling backups and reads only on change.

TinyDB's JSONStorage rewrites its file in place, so a killed writer can leave it unreadable. Here every
write goes to a temp file in the same folder, is fsynced, and replaces the old file atomically; the old
file is kept as `<name>.bak1` (the previous `.bak1` becomes `.bak2`, and so on).

Parsed files are cached by signature (inode, size, mtime) in a small LRU shared by the process. Cached data
is never mutated: TinyDB gets a copy to change, and what it writes becomes the new cached value.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from .json_codec import encode as encode
from .refusal import RefusedError

MAX_CACHED_FILES = 8
TEMP_NAME = re.compile(r"\..+\.[^.]+\.tmp")

_parsed: OrderedDict[Path, tuple[tuple[int, int, int], dict[str, Any]]] = OrderedDict()
_parsed_lock = threading.Lock()

# Called with the path after every completed write: the platform makes it last beyond this process's file
# system (in the browser, a copy to IndexedDB). Empty on a computer, where the replace itself lasts.
after_write_hooks: list[Callable[[Path], None]] = []


class CorruptFileError(Exception):
    """A data file that cannot be read as our JSON (truncated, zero-filled, not UTF-8, wrong shape)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


class StorageError(RefusedError):
    """Saving failed (disk full, folder not writable, lock held too long); the files on disk are unchanged.

    Every OSError of a write reaches callers as this error (`__cause__` is the OSError).
    """

    def __init__(self, message_key: str, params: dict[str, Any], detail: str) -> None:
        super().__init__(message_key, detail, **params)

    @property
    def kind(self) -> str:
        """What the player is told: "full" (no space left), "read_only", "busy" (another writer) or "other"."""
        if self.message_key == "storage.error.busy":
            return "busy"
        code = getattr(self.__cause__, "errno", None)
        if code in (errno.ENOSPC, errno.EDQUOT):
            return "full"
        if code in (errno.EROFS, errno.EACCES, errno.EPERM):
            return "read_only"
        return "other"


@dataclass(frozen=True)
class Signature:
    inode: int
    size: int
    mtime_ns: int

    def key(self) -> tuple[int, int, int]:
        return (self.inode, self.size, self.mtime_ns)


def signature(path: Path) -> Signature | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return Signature(st.st_ino, st.st_size, st.st_mtime_ns)


def backup_path(path: Path, n: int) -> Path:
    return path.with_name(f"{path.name}.bak{n}")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_tables(path: Path, raw: bytes) -> dict[str, Any]:
    """Decode a TinyDB file strictly: UTF-8 JSON whose top level maps table names to objects of objects."""
    if not raw:
        raise CorruptFileError(path, "the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise CorruptFileError(path, "not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise CorruptFileError(path, f"not valid JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise CorruptFileError(path, "nested too deeply") from None
    except ValueError as error:  # NaN/Infinity, integers too long to convert
        raise CorruptFileError(path, f"not valid JSON ({error})") from None
    if not isinstance(data, dict) or not all(_is_table(table) for table in data.values()):
        raise CorruptFileError(path, "not a table file (expected an object of tables of objects)")
    return data


def _is_table(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(doc, dict) for doc in value.values())


def write_atomically(path: Path, payload: bytes, backups: int = 0, durable: bool = True,
                     sync_dir: bool = True) -> None:
    """Replace `path` with `payload` so that a crash at any moment leaves either the old or the new file.

    `durable=False` skips the fsyncs, for caches that are rebuilt when they are lost or damaged (a crash may
    then leave the file empty). `sync_dir=False` leaves the folder's fsync (that the new name lasts) to the
    caller, who writes many files and then calls `sync_folder` once. Raises StorageError (the old file
    intact) when the disk refuses: full, read-only, gone.
    """
    try:
        _write(path, payload, backups, durable)
        if durable and sync_dir:
            sync_folder(path.parent)
    except OSError as error:
        raise StorageError("storage.error.write", {"file": path.name, "reason": error.strerror or str(error)},
                           f"could not save {path}: {error}") from error
    for hook in after_write_hooks:
        hook(path)


def _write(path: Path, payload: bytes, backups: int, durable: bool = True) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        if backups and path.exists():
            _rotate_backups(path, backups)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


def _rotate_backups(path: Path, keep: int) -> None:
    for n in range(keep, 1, -1):
        older = backup_path(path, n - 1)
        if older.exists():
            os.replace(older, backup_path(path, n))
    newest = backup_path(path, 1)
    with contextlib.suppress(FileNotFoundError):
        newest.unlink()
    try:
        os.link(path, newest)  # the current file's inode lives on as .bak1 after the replace
    except (OSError, AttributeError):  # no hard links: FAT, some phone storage, the browser (no os.link)
        shutil.copy2(path, newest)


def trim_backups(path: Path, keep: int) -> None:
    """Remove the backups of `path` older than the `keep` newest."""
    n = keep + 1
    while (old := backup_path(path, n)).exists():
        old.unlink()
        n += 1


def remove_stale_temps(directory: Path) -> None:
    """Delete temp files left by writers that were killed. Call only while holding the writer lock."""
    for candidate in directory.glob(".*.tmp"):
        if TEMP_NAME.fullmatch(candidate.name):
            with contextlib.suppress(FileNotFoundError):
                candidate.unlink()


def sync_folder(directory: Path) -> None:
    """Make the names last that were just written in `directory` (its fsync; nothing where there is none)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_tables(path: Path) -> dict[str, Any] | None:
    """The parsed file (cached while unchanged; never mutate it), None if it does not exist."""
    loaded = load_tables(path)
    return None if loaded is None else loaded[1]


def load_tables(path: Path) -> tuple[tuple[int, int, int], dict[str, Any]] | None:
    """The file's signature key and its parsed tables (as `read_tables`), None if it does not exist."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        _forget(path)
        return None
    with handle:
        st = os.fstat(handle.fileno())
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        with _parsed_lock:
            cached = _parsed.get(path)
            if cached is not None and cached[0] == key:
                _parsed.move_to_end(path)
                return cached
        data = parse_tables(path, handle.read())
    _remember(path, key, data)
    return key, data


def appended_payload(path: Path, data: dict[str, Any]) -> bytes | None:
    """The bytes of `data` made from the file's own bytes, when `data` is the file as last read or written plus
    documents at the end of its last table (a finished play joining its shard): encoding a whole shard again
    was most of a finish. None when that does not hold (then `data` is encoded whole).

    The file's tail must be exactly what `encode` makes of the last document of the last table followed by
    the two closing braces, so that the new documents go into that table and nowhere else."""
    with _parsed_lock:
        cached = _parsed.get(path)
    if cached is None:
        return None
    key, old = cached
    if not old or list(old) != list(data):
        return None
    *heads, last = old
    old_docs, new_docs = old[last], data[last]
    if len(new_docs) <= len(old_docs) or any(old[name] != data[name] for name in heads):
        return None
    items = iter(new_docs.items())
    for (name, doc), (new_name, new_doc) in zip(old_docs.items(), items, strict=False):  # leaves the added ones
        if name != new_name or (doc is not new_doc and doc != new_doc):
            return None
    try:
        with path.open("rb") as handle:
            st = os.fstat(handle.fileno())
            if (st.st_ino, st.st_size, st.st_mtime_ns) != key:
                return None
            raw = handle.read()
    except OSError:
        return None
    added = b",".join(encode(name) + b":" + encode(doc) for name, doc in items)
    if not old_docs:
        tail = encode(last) + b":{}}"
        return raw[:-2] + added + b"}}" if raw.endswith(tail) else None
    name, doc = next(reversed(old_docs.items()))
    tail = encode(name) + b":" + encode(doc) + b"}}"
    return raw[:-2] + b"," + added + b"}}" if raw.endswith(tail) else None


def _remember(path: Path, key: tuple[int, int, int], data: dict[str, Any]) -> None:
    with _parsed_lock:
        _parsed[path] = (key, data)
        _parsed.move_to_end(path)
        while len(_parsed) > MAX_CACHED_FILES:
            _parsed.popitem(last=False)


def _forget(path: Path) -> None:
    with _parsed_lock:
        _parsed.pop(path, None)


class AtomicJSONStorage(Storage):
    """TinyDB storage over `write_atomically`. Callers serialise writers (see repository locks)."""

    def __init__(self, path: str | os.PathLike[str], backups: int = 0, initial: dict[str, Any] | None = None,
                 sync_dir: bool = True) -> None:
        """`initial`: the tables of a file that does not exist yet, written with the first change (so that no
        version of the file, nor a backup of it, ever holds only them). `sync_dir`: see `write_atomically`."""
        super().__init__()
        self.path = Path(path)
        self.backups = backups
        self.initial = initial
        self.sync_dir = sync_dir

    def read(self) -> dict[str, Any] | None:
        tables = read_tables(self.path)
        if tables is None:
            tables = self.initial
        if tables is None:
            return None
        # TinyDB changes what it reads in place (tables and documents): give it its own containers
        return {name: {doc_id: dict(doc) for doc_id, doc in table.items()} for name, table in tables.items()}

    def write(self, data: dict[str, Any]) -> None:
        write_atomically(self.path, appended_payload(self.path, data) or encode(data), self.backups,
                         sync_dir=self.sync_dir)
        sig = signature(self.path)
        if sig is not None:
            _remember(self.path, sig.key(), data)
