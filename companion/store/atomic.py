"""A TinyDB storage that never leaves a half-written file, keeps rolling backups and reads only on change.

TinyDB's JSONStorage rewrites its file in place, so a killed writer can leave it unreadable. Here every
write goes to a temp file in the same folder, is fsynced, and replaces the old file atomically; the old
file is kept as `<name>.bak1` (the previous `.bak1` becomes `.bak2`, and so on).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

# Parsed file contents, shared by every storage on the same path, valid while the file is unchanged.
_parsed: dict[Path, tuple[tuple[int, int, int], dict[str, Any]]] = {}


class CorruptFileError(Exception):
    """A data file that cannot be read as our JSON (truncated, zero-filled, not UTF-8, wrong shape)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


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


def parse_tables(path: Path, raw: bytes) -> dict[str, Any]:
    """Decode a TinyDB file strictly: UTF-8 JSON whose top level maps table names to objects."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CorruptFileError(path, "not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise CorruptFileError(path, f"not valid JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise CorruptFileError(path, "nested too deeply") from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise CorruptFileError(path, "not a table file (expected an object of tables)")
    return data


def write_atomically(path: Path, payload: bytes, backups: int = 0) -> None:
    """Replace `path` with `payload` so that a crash at any moment leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if backups and path.exists():
            _rotate_backups(path, backups)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _rotate_backups(path: Path, keep: int) -> None:
    for n in range(keep, 1, -1):
        older = backup_path(path, n - 1)
        if older.exists():
            os.replace(older, backup_path(path, n))
    newest = backup_path(path, 1)
    with contextlib.suppress(FileNotFoundError):
        newest.unlink()
    os.link(path, newest)  # the current file's inode lives on as .bak1 after the replace


def _fsync_dir(directory: Path) -> None:
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
    """The parsed file (cached while unchanged), None if it does not exist or is empty."""
    sig = signature(path)
    if sig is None:
        _parsed.pop(path, None)
        return None
    cached = _parsed.get(path)
    if cached is not None and cached[0] == sig.key():
        return cached[1]
    raw = path.read_bytes()
    if not raw:
        return None
    data = parse_tables(path, raw)
    _parsed[path] = (sig.key(), data)
    return data


class AtomicJSONStorage(Storage):
    """TinyDB storage over `write_atomically`. Callers serialise writers (see repository locks)."""

    def __init__(self, path: str | os.PathLike[str], backups: int = 0) -> None:
        super().__init__()
        self.path = Path(path)
        self.backups = backups

    def read(self) -> dict[str, Any] | None:
        return read_tables(self.path)

    def write(self, data: dict[str, Any]) -> None:
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        try:
            write_atomically(self.path, payload, self.backups)
        except BaseException:
            _parsed.pop(self.path, None)  # TinyDB mutated the cached dict before writing: forget it
            raise
        sig = signature(self.path)
        if sig is not None:
            _parsed[self.path] = (sig.key(), data)
