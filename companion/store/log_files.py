"""A game's operations on disk: one append-only file per game, one operation per line.

An operation is confirmed once its line is on disk (written, then fsynced). A line cut short by a crash was
never confirmed: it is cut off before the next append. A line that cannot be read (damage) is skipped when
the file is read, and the file is copied aside once so that nothing is overwritten.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from . import atomic
from .atomic import StorageError, sync_folder
from .json_codec import encode
from .oplog import BadOperationError, Op, check


@dataclass
class Lines:
    """What a read of a log found from an offset on: the operations, where the last whole line ends, and
    how many lines could not be read."""

    ops: list[Op] = field(default_factory=list)
    end: int = 0
    damaged: int = 0


def read(path: Path, offset: int = 0) -> Lines:
    try:
        with path.open("rb") as handle:
            handle.seek(offset)
            raw = handle.read()
    except FileNotFoundError:
        return Lines(end=offset)
    whole = raw.rfind(b"\n") + 1
    found = Lines(end=offset + whole)
    for line in raw[:whole].splitlines():
        if not line.strip():
            continue
        try:
            found.ops.append(check(json.loads(line)))
        except (ValueError, UnicodeDecodeError, BadOperationError, RecursionError):
            found.damaged += 1
    return found


def append(path: Path, ops: Iterable[Op]) -> int:
    """Add operations at the end, lasting once this returns; returns the file's new size.

    Raises StorageError (what was confirmed before intact) when the disk refuses."""
    payload = b"".join(encode(op) + b"\n" for op in ops)
    try:
        size = _append(path, payload)
    except OSError as error:
        raise StorageError("storage.error.write", {"file": path.name, "reason": error.strerror or str(error)},
                           f"could not save {path}: {error}") from error
    for hook in atomic.after_write_hooks:
        hook(path)
    return size


def _append(path: Path, payload: bytes) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.exists()
    with path.open("a+b") as handle:
        size = handle.seek(0, os.SEEK_END)
        if size:
            handle.seek(size - 1)
            if handle.read(1) != b"\n":  # a line cut short by a crash: never confirmed
                handle.seek(0)
                size = handle.read().rfind(b"\n") + 1
                handle.truncate(size)
        handle.seek(size)
        try:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        except OSError:
            handle.truncate(size)  # no part of a refused append stays to be read as confirmed
            raise
    if fresh:
        sync_folder(path.parent)
    return size + len(payload)


def write_whole(path: Path, ops: Iterable[Op]) -> int:
    """A new log holding exactly these operations (imports), written atomically; returns its size."""
    payload = b"".join(encode(op) + b"\n" for op in ops)
    atomic.write_atomically(path, payload)
    return len(payload)
