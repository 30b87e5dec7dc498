"""The shards of finished plays and what is known of each without reading it.

- `plays/plays-NNNN.json`: at most SHARD_SIZE plays each; numbers are never reused (also not those of shards
  moved aside) and say nothing about time: the index says which time range each shard holds.
- `plays/index.json`: per shard its signature, count and time range: a cache (rebuilt when missing, damaged
  or stale) that lets the history read shards lazily and the start skip shards already checked.
- `plays/summaries/plays-NNNN.marshal`: the summaries of a shard's plays (what the history and the statistics
  read), valid only for the shard file with the signature it names and for the rules versions it was made
  under; anything else (stale, damaged, missing) is rebuilt from the shard, never trusted over it. In Python's
  marshal format (that of its own bytecode caches), not JSON: it loads straight into the tuples a summary is
  made of, three times faster than JSON and the lists-to-tuples after it (the first statistics after a start
  read all of them). Summaries written as JSON (`plays-NNNN.json`, before) are read once and written again.
"""

from __future__ import annotations

import contextlib
import gc
import json
import marshal
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from operator import attrgetter
from pathlib import Path
from typing import Any

from scoring import SheetError, get_spec

from . import schema
from .atomic import StorageError, encode, load_tables, signature, write_atomically
from .files import SUMMARIES, DataFolder
from .summary import PlaySummary, summary_of

SHARD_NAME = re.compile(r"plays-(\d{4,})\.json")
SHARD_NUMBER = re.compile(r"plays-(\d{4,})")  # also of backups and of shards moved aside
INDEX_NAME = "index.json"

Key = tuple[int, int, int]


@dataclass(frozen=True)
class ShardInfo:
    """A shard's size and time range, valid while the file keeps its signature `key`."""

    key: Key
    count: int
    oldest: str | None
    newest: str | None

    def to_json(self) -> dict[str, Any]:
        return {"key": list(self.key), "count": self.count, "oldest": self.oldest, "newest": self.newest}

    @classmethod
    def from_json(cls, entry: dict[str, Any]) -> ShardInfo:
        key = tuple(entry["key"])
        if len(key) != 3 or not all(type(k) is int for k in key) or type(entry["count"]) is not int:
            raise ValueError(entry)
        if not all(entry[k] is None or isinstance(entry[k], str) for k in ("oldest", "newest")):
            raise ValueError(entry)
        return cls(key, entry["count"], entry["oldest"], entry["newest"])  # type: ignore[arg-type]


@dataclass(frozen=True)
class ShardView:
    key: Key
    summaries: tuple[PlaySummary, ...]  # oldest first
    ids: frozenset[str]

    @classmethod
    def of(cls, key: Key, summaries: list[PlaySummary] | tuple[PlaySummary, ...]) -> ShardView:
        ordered = tuple(sorted(summaries, key=attrgetter("finished_at")))
        return cls(key, ordered, frozenset(s.id for s in ordered))

    def info(self) -> ShardInfo:
        times = [s.finished_at for s in self.summaries]
        return ShardInfo(self.key, len(times), times[0] if times else None, times[-1] if times else None)


EMPTY = ShardView((0, 0, 0), (), frozenset())


class Shards:
    def __init__(self, folder: DataFolder) -> None:
        self.folder = folder
        self.dir = folder.plays_dir
        self._views: dict[str, ShardView] = {}
        self._index: dict[str, ShardInfo] = {}
        self._index_dirty = False

    def paths(self) -> list[Path]:
        found = [p for p in self.dir.glob("plays-*.json") if SHARD_NAME.fullmatch(p.name)]
        return sorted(found, key=shard_number)

    def new_paths(self, count: int, taken: int = 0) -> list[Path]:
        """`count` shard names never used before (nor by a file moved aside), above `taken`, in order."""
        numbers = [int(m.group(1)) for p in self.dir.glob("plays-*") if (m := SHARD_NUMBER.match(p.name))]
        first = max([taken, *numbers]) + 1
        return [self.dir / f"plays-{n:04d}.json" for n in range(first, first + count)]

    # ---- summaries --------------------------------------------------------------------------------

    def current_view(self, shard: Path) -> ShardView | None:
        """The cached view of a shard if the file has not changed since."""
        cached = self._views.get(shard.name)
        sig = signature(shard)
        return cached if cached is not None and sig is not None and cached.key == sig.key() else None

    def view(self, shard: Path) -> ShardView:
        cached = self.current_view(shard)
        if cached is not None:
            return cached
        sig = signature(shard)
        if sig is not None:
            stored = self._read_summaries(shard, sig.key())
            if stored is not None:
                self._views[shard.name] = stored
                return stored
            migrated = self._read_json_summaries(shard, sig.key())
            if migrated is not None:
                return self.remember(shard, migrated)
        loaded = load_tables(shard)
        if loaded is None:
            return EMPTY
        key, tables = loaded
        return self.remember(shard, ShardView.of(key, [summary_of(p) for p in tables.get("plays", {}).values()]))

    def remember(self, shard: Path, view: ShardView) -> ShardView:
        """Keep the view of a shard just read or written, in memory and on disk beside it."""
        self._views[shard.name] = view
        body = marshal.dumps((schema.SCHEMA_VERSION, view.key, rules_of(view.summaries), SUMMARY_FIELDS,
                              [tuple(s) for s in view.summaries]))
        payload = SUMMARIES_MAGIC + zlib.crc32(body).to_bytes(4, "big") + body
        with contextlib.suppress(StorageError):  # a cache: a full disk only makes the next start slower
            write_atomically(self._summaries_path(shard), payload, durable=False)
        return view

    def wrote(self, shard: Path, summaries: list[PlaySummary] | tuple[PlaySummary, ...]) -> None:
        """After writing a shard whose plays have these summaries."""
        sig = signature(shard)
        if sig is not None:
            self.remember(shard, ShardView.of(sig.key(), summaries))
            self.info(shard)

    def _summaries_path(self, shard: Path) -> Path:
        return self.dir / SUMMARIES / f"{shard.stem}.marshal"

    def last_known(self, shard: Path) -> tuple[tuple[PlaySummary, ...], int | None]:
        """What a shard held when the app last wrote it, whatever the file is now (a damaged shard about to be
        moved aside): its plays' summaries (none when they are gone or damaged) and its count in the index
        (None without an entry)."""
        view = self._read_summaries(shard, None)
        entry = self._index.get(shard.name)
        return (view.summaries if view is not None else ()), (entry.count if entry is not None else None)

    def _read_summaries(self, shard: Path, key: Key | None) -> ShardView | None:
        """The summaries kept for the shard file of signature `key` (None: whichever file they were made for)."""
        try:
            raw = self._summaries_path(shard).read_bytes()
            n = len(SUMMARIES_MAGIC)
            magic, check, body = raw[:n], raw[n:n + 4], raw[n + 4:]
            if magic != SUMMARIES_MAGIC or check != zlib.crc32(body).to_bytes(4, "big"):
                return None  # damaged: marshal is not made for damaged data (a wrong length can make it hang)
            with gc_paused():
                version, written_for, rules, fields, rows = marshal.loads(body)
                if (version, fields) != (schema.SCHEMA_VERSION, SUMMARY_FIELDS) or key not in (None, written_for):
                    return None
                summaries = summaries_of_rows(rows)
            if rules != rules_of(summaries):
                return None  # made under other rules: the totals may differ now
        except (OSError, EOFError, ValueError, TypeError):
            return None  # missing or damaged: rebuilt from the shard
        return ShardView.of(key or written_for, summaries)

    def _read_json_summaries(self, shard: Path, key: Key) -> ShardView | None:
        """The summaries an earlier version wrote as JSON, if still valid; the file is removed either way."""
        path = self.dir / SUMMARIES / shard.name
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        with contextlib.suppress(OSError):
            path.unlink()
        try:
            with gc_paused():
                data = json.loads(raw)
                if (data["schema"] != schema.SCHEMA_VERSION or tuple(data["key"]) != key
                        or data["fields"] != list(SUMMARY_FIELDS)):
                    return None
                summaries = [_decode_json_summary(item) for item in data["summaries"]]
            if data["rules"] != rules_of(summaries):
                return None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None
        return ShardView.of(key, summaries)

    def forget(self, shard: Path) -> None:
        """A shard moved aside or gone."""
        self._views.pop(shard.name, None)
        if self._index.pop(shard.name, None) is not None:
            self._index_dirty = True
        for path in (self._summaries_path(shard), self.dir / SUMMARIES / shard.name):
            with contextlib.suppress(OSError):
                path.unlink()

    # ---- the index ------------------------------------------------------------------------------

    @property
    def index_path(self) -> Path:
        return self.dir / INDEX_NAME

    def indexed(self, shard: Path) -> ShardInfo | None:
        """The index entry of a shard if the file has not changed since."""
        entry = self._index.get(shard.name)
        sig = signature(shard)
        return entry if entry is not None and sig is not None and entry.key == sig.key() else None

    def info(self, shard: Path) -> ShardInfo:
        entry = self.indexed(shard)
        if entry is not None:
            return entry
        info = self.view(shard).info()
        self._index[shard.name] = info
        self._index_dirty = True
        return info

    def load_index(self) -> None:
        try:
            data = json.loads(self.index_path.read_bytes())
        except (OSError, ValueError):
            return  # missing or damaged: it is rebuilt from the shards
        if not isinstance(data, dict) or data.get("schema") != schema.SCHEMA_VERSION:
            return
        for name, entry in (data.get("shards") or {}).items():
            with contextlib.suppress(KeyError, TypeError, ValueError):
                self._index[name] = ShardInfo.from_json(entry)

    def save_index(self) -> None:
        """Persist what was learnt about the shards (call while writing)."""
        if not self._index_dirty:
            return
        shards = {name: info.to_json() for name, info in dict(self._index).items()}
        with contextlib.suppress(StorageError):  # a cache: a full disk only makes the next start slower
            write_atomically(self.index_path, encode({"schema": schema.SCHEMA_VERSION, "shards": shards}),
                             durable=False)
            self._index_dirty = False


def shard_number(path: Path) -> int:
    return int(SHARD_NAME.fullmatch(path.name).group(1))  # type: ignore[union-attr]


def rules_version_of(game: str) -> int | None:
    try:
        return get_spec(game).rules_version
    except SheetError:
        return None  # a game this app does not know (a custom game): its stored result stands


def rules_of(summaries: list[PlaySummary] | tuple[PlaySummary, ...]) -> dict[str, int | None]:
    return {game: rules_version_of(game) for game in sorted({s.game for s in summaries})}


SUMMARY_FIELDS = PlaySummary._fields  # a file with other fields is made again
SUMMARIES_MAGIC = b"table-companion summaries\n"  # then the CRC-32 of the rest, then its marshal data


def summaries_of_rows(rows: Any) -> list[PlaySummary]:
    """The rows of a summaries file (tuples in SUMMARY_FIELDS order) as summaries. The CRC-32 already told that
    the file is as written, so only its shape is checked here, row by row in C (a summary per row in Python
    was a third of a cold read)."""
    if type(rows) is not list or not set(map(type, rows)) <= {tuple} or not set(map(len, rows)) <= {
            len(SUMMARY_FIELDS)}:
        raise ValueError("not rows of summaries")
    return list(map(_summary_of_row, rows))


_summary_of_row = partial(tuple.__new__, PlaySummary)


def _decode_json_summary(row: list[Any]) -> PlaySummary:
    """A row of a JSON summaries file (before marshal) back to the summary, its lists back to tuples."""
    (id_, game, started_at, finished_at, players, totals, winners, ranking, finished, eliminated, location, note,
     points, expansions, teams, counted) = row
    if not all(type(v) is list for v in (players, winners, ranking, eliminated, expansions, teams)):
        raise ValueError(row)
    if type(counted) is not bool:  # a row of another shape
        raise ValueError(row)
    if not (type(id_) is str and type(game) is str and type(finished_at) is str and type(totals) is dict):
        raise ValueError(row)
    return PlaySummary(id_, game, started_at, finished_at, tuple(players), totals, tuple(winners),
                       tuple(map(tuple, ranking)), finished, tuple(eliminated), location, note, points,
                       tuple(expansions), tuple(map(tuple, teams)), counted)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Decoding thousands of summaries makes tens of thousands of containers that all live on: the cyclic
    collector would walk them over and over while they are made (a third of a cold read). None of them can
    be garbage, so the collector waits until they are made."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
