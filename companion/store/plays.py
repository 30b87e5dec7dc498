"""Finished plays: stored in bounded shards whatever their dates, read lazily newest first.

A play goes to the shard whose time range it falls in. Plays newer than a shard's newest fill it and then
start new shards; a shard that would grow past SHARD_SIZE otherwise is split into even parts (the new parts
written first, under a note that lets the start finish an interrupted split). A full shard is sealed and
keeps one backup; the others keep BACKUPS.
"""

from __future__ import annotations

import bisect
import heapq
import json
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from tinydb import Query

from . import schema
from .atomic import AtomicJSONStorage, encode, sync_folder, trim_backups, write_atomically
from .documents import canonical_time, clone, new_id, now_iso
from .drafts import replace_docs
from .files import BACKUPS, DataFolder
from .shards import ShardInfo, Shards, ShardView, shard_number
from .summary import PlaySummary, parse_time, summary_of

SHARD_SIZE = 250
SEALED_SHARD_BACKUPS = 1
SPLIT_NOTE = "splitting.json"
T = TypeVar("T")


@dataclass(frozen=True)
class HistoryPage:
    items: list[PlaySummary]
    has_more: bool


class EncodedPlay(NamedTuple):
    """A finished play (normalised) as it goes into its shard: encoded once, with its summary (many at once:
    an import holds tens of thousands of these, not the plays themselves)."""

    payload: bytes | memoryview  # a view: of the imported file, where the play is spelled as stored
    summary: PlaySummary

    @classmethod
    def of(cls, play: dict[str, Any]) -> EncodedPlay:
        # a copy of exactly its length: orjson's bytes keep the buffer they grew in (8 KiB for a play of
        # 800 bytes), and an import of 73,505 plays held 286 MB of them
        return cls(bytes(memoryview(encode(play))), summary_of(play))


Stored = dict[str, Any] | EncodedPlay  # a play on its way into a shard


class Plays:
    def __init__(self, folder: DataFolder, shards: Shards) -> None:
        self.folder = folder
        self.shards = shards

    # ---- writing ----------------------------------------------------------------------------------

    def add(self, play: dict[str, Any]) -> dict[str, Any]:
        """Store a finished play; one whose id is stored already is not stored again (that one is returned)."""
        with self.folder.writing():
            shard = self.locate(play["id"]) if "id" in play else None
            if shard is not None:
                return self._read(shard, play["id"])
            return self.add_new(play)

    def add_new(self, play: dict[str, Any]) -> dict[str, Any]:
        """Store a finished play whose id is not stored (the caller checked, while writing)."""
        play = normalised(clone(play))
        self.insert([play])
        return clone(play)  # what is stored (and cached) is never handed out

    def add_many(self, plays: Iterable[dict[str, Any]]) -> int:
        """Store many finished plays at once (import), each shard written once; plays whose id is
        already stored are skipped. Returns how many were added."""
        return self.add_encoded([EncodedPlay.of(normalised(clone(p))) for p in plays])

    def add_encoded(self, plays: Iterable[EncodedPlay]) -> int:
        """`add_many` of plays encoded already."""
        with self.folder.writing():
            known = set().union(*(self.shards.view(p).ids for p in self.shards.paths()))
            fresh = []
            for play in plays:
                if play.summary.id not in known:
                    known.add(play.summary.id)
                    fresh.append(play)
            self.insert(fresh)
        return len(fresh)

    def insert(self, plays: Sequence[Stored]) -> None:
        """Write plays (normalised, ids not stored) where their times belong (call while writing)."""
        if not plays:
            return
        targets = [(path, info) for path in self.shards.paths() if (info := self.shards.info(path)).count]
        targets.sort(key=lambda entry: (entry[1].oldest or "", entry[0].name))
        groups: dict[Path | None, list[Stored]] = defaultdict(list)
        starts = [info.oldest or "" for _, info in targets]
        for play in sorted(plays, key=_time_of):
            groups[_covering(targets, starts, _time_of(play))].append(play)
        infos = dict(targets)
        taken = 0
        for path, group in groups.items():
            taken = self._insert_into(path, infos.get(path) if path is not None else None, group, taken)
        self.shards.save_index()

    def _insert_into(self, path: Path | None, info: ShardInfo | None, group: list[Stored], taken: int) -> int:
        """Returns the highest shard number used, so that the next group's new shards come after it."""
        appended = info is None or _time_of(group[0]) >= (info.newest or "")
        # a full shard the group comes after takes none of it: its plays are not read (an import of many plays
        # stores them in batches, each after the last batch's full shards)
        full = appended and info is not None and info.count == SHARD_SIZE
        stored: list[Stored] = list(self.folder.docs(path, "plays")) if path is not None and not full else []
        if full:
            parts = [[], *(group[i:i + SHARD_SIZE] for i in range(0, len(group), SHARD_SIZE))]
        elif len(stored) + len(group) <= SHARD_SIZE:
            parts = [sorted([*stored, *group], key=_time_of)]
        elif appended:  # fill the shard, then new shards of SHARD_SIZE: the full ones are never rewritten
            room = SHARD_SIZE - len(stored)
            rest = group[room:]
            parts = [[*stored, *group[:room]], *(rest[i:i + SHARD_SIZE] for i in range(0, len(rest), SHARD_SIZE))]
        else:
            merged = sorted([*stored, *group], key=_time_of)
            parts = even_parts(merged, math.ceil(len(merged) / SHARD_SIZE))
        first, *others = parts if path is not None else [[], *parts]
        new_paths = self.shards.new_paths(len(others), taken)
        taken = shard_number(new_paths[-1]) if new_paths else taken
        note = self.shards.dir / SPLIT_NOTE
        splitting = path is not None and bool(others) and not appended
        if splitting:  # plays move out of `path`: if this writer dies before it is rewritten, the start finishes
            write_atomically(note, encode({"shard": path.name, "into": [p.name for p in new_paths]}))
        for new, part in zip(new_paths, others, strict=True):
            self._write_shard(new, part, sync_dir=False)
        if new_paths:  # their names last before a shard they take plays from is rewritten
            sync_folder(self.shards.dir)
        if path is not None and (len(first) != len(stored) or splitting):
            self._write_shard(path, first)
        if splitting:
            note.unlink()
        return taken

    def _write_shard(self, path: Path, plays: list[Stored], sync_dir: bool = True) -> None:
        """Write a shard in one go: its plays numbered afresh, its summaries beside it. Plays encoded already
        go in as they are (the file is then what encoding the whole shard would give)."""
        before = self.shards.current_view(path)
        sealed = len(plays) >= SHARD_SIZE  # its backups only repeat it: it keeps one
        backups = SEALED_SHARD_BACKUPS if sealed else BACKUPS
        if any(isinstance(p, EncodedPlay) for p in plays):
            body = b",".join(b'"%d":%s' % (n, p.payload if isinstance(p, EncodedPlay) else encode(p))
                             for n, p in enumerate(plays, 1))
            head = encode({**_shard_meta(), "plays": {}})[:-2]  # up to the plays' opening brace
            write_atomically(path, head + body + b"}}", backups, sync_dir=sync_dir)
        else:
            tables = {**_shard_meta(), "plays": {str(n): play for n, play in enumerate(plays, 1)}}
            AtomicJSONStorage(path, backups, sync_dir=sync_dir).write(tables)
        if sealed:
            trim_backups(path, SEALED_SHARD_BACKUPS)
        known = {s.id: s for s in before.summaries} if before is not None else {}
        self.shards.wrote(path, [p.summary if isinstance(p, EncodedPlay) else known.get(p["id"]) or summary_of(p)
                                 for p in plays])

    def finish_split(self) -> None:
        """Remove from a shard the plays an interrupted split already wrote to new shards (call while writing)."""
        note = self.shards.dir / SPLIT_NOTE
        try:
            data = json.loads(note.read_bytes())
            shard, into = self.shards.dir / data["shard"], [self.shards.dir / name for name in data["into"]]
        except FileNotFoundError:
            return
        except (OSError, ValueError, TypeError, KeyError):
            note.unlink()
            return
        moved = set().union(*(self.shards.view(p).ids for p in into if p.exists()))
        kept = [p for p in self.folder.docs(shard, "plays") if p["id"] not in moved]
        if len(kept) < len(self.folder.docs(shard, "plays")):
            self._write_shard(shard, sorted(kept, key=itemgetter("finished_at")))
        note.unlink()

    def update(self, play_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Replace a play by `change(play)`. Raises KeyError when there is no such play."""
        with self.folder.writing():
            shard = self.locate(play_id)
            if shard is None:
                raise KeyError(play_id)
            current = next(p for p in self.folder.docs(shard, "plays") if p["id"] == play_id)
            updated = normalised(clone(change(clone(current))))
            self.replace(shard, {play_id: updated})
        return clone(updated)

    def delete(self, play_id: str) -> dict[str, Any] | None:
        """Remove a play and return it (so that the caller can offer undo with `restore`)."""
        with self.folder.writing():
            shard = self.locate(play_id)
            if shard is None:
                return None
            before = self.shards.view(shard)
            with self.folder.db(shard) as db:
                table = db.table("plays")
                play = table.get(Query().id == play_id)
                table.remove(Query().id == play_id)
            self._rewrote(shard, set(), before)
        return clone(dict(play)) if play else None  # type: ignore[arg-type]

    def remove(self, ids: set[str]) -> None:
        """Remove these plays (an import taken back), each shard that holds any of them written once."""
        with self.folder.writing():
            for shard in self.shards.paths():
                if ids & self.shards.view(shard).ids:
                    self._write_shard(shard, [p for p in self.folder.docs(shard, "plays") if p["id"] not in ids])
            self.shards.save_index()

    def replace_many(self, plays: Iterable[dict[str, Any]]) -> None:
        """Replace whole plays by id (their times unchanged), each shard that holds any written once."""
        by_id = {p["id"]: normalised(clone(p)) for p in plays}
        with self.folder.writing():
            for shard in self.shards.paths():
                held = by_id.keys() & self.shards.view(shard).ids
                if held:
                    self.replace(shard, {play_id: by_id[play_id] for play_id in held})

    def replace(self, shard: Path, replacements: dict[str, dict[str, Any]]) -> None:
        """Replace whole plays of one shard by id, in one write (call while writing)."""
        before = self.shards.view(shard)
        with self.folder.db(shard) as db:
            replace_docs(db.table("plays"), replacements)
        self._rewrote(shard, set(replacements), before)

    def _rewrote(self, shard: Path, changed: set[str], before: ShardView | None = None) -> None:
        """Keep the summaries of a shard just rewritten, summarising again only the plays `changed`."""
        known = {s.id: s for s in before.summaries} if before is not None else {}
        self.shards.wrote(shard, [known[p["id"]] if p["id"] in known and p["id"] not in changed else summary_of(p)
                                  for p in self.folder.docs(shard, "plays")])
        self.shards.save_index()

    def restore(self, play: dict[str, Any]) -> None:
        """Put a deleted play back where its time belongs (nothing happens if it is stored already)."""
        self.add(play)

    # ---- reading --------------------------------------------------------------------------------

    def locate(self, play_id: str) -> Path | None:
        return next((shard for shard in reversed(self.shards.paths()) if play_id in self.shards.view(shard).ids),
                    None)

    def get(self, play_id: str) -> dict[str, Any] | None:
        shard = self.locate(play_id)
        return self._read(shard, play_id) if shard is not None else None

    def _read(self, shard: Path, play_id: str) -> dict[str, Any]:
        return clone(next(p for p in self.folder.docs(shard, "plays") if p["id"] == play_id))

    def read_many(self, ids: set[str]) -> list[dict[str, Any]]:
        """The plays of these ids that are stored, each shard that holds any read once."""
        return [clone(p) for shard in self.shards.paths() if ids & self.shards.view(shard).ids
                for p in self.folder.docs(shard, "plays") if p["id"] in ids]

    def has(self, play_id: str) -> bool:
        return self.locate(play_id) is not None

    def newest_first(self) -> Iterator[dict[str, Any]]:
        """Every play, newest first, reading shards lazily from the newest."""
        def plays_of(shard: Path) -> list[dict[str, Any]]:
            return sorted(self.folder.docs(shard, "plays"), key=itemgetter("finished_at"))

        for play in self._newest_first(plays_of, itemgetter("finished_at")):
            yield clone(play)

    def summaries(self) -> Iterator[PlaySummary]:
        """Every play's summary, newest first (kept per shard while the shard is unchanged)."""
        return self._newest_first(lambda shard: self.shards.view(shard).summaries, attrgetter("finished_at"))

    def history_page(self, *, game: str | None = None, player: str | None = None, since: date | None = None,
                     until: date | None = None, location: str | None = None, note: str | None = None,
                     offset: int = 0, limit: int = 20) -> HistoryPage:
        """One page of the history, newest first; `since`/`until` are local calendar days, both included;
        `note`: words the play's note holds (any case)."""
        items: list[PlaySummary] = []
        skipped = 0
        for summary in self.summaries():
            if since is not None or until is not None:
                day = summary.day()
                if since is not None and parse_time(summary.finished_at).astimezone().date() < since:
                    break  # newest first (by their ends): all that follows started earlier still
                if (since is not None and day < since) or (until is not None and day > until):
                    continue
            if (game is not None and summary.game != game) or (player is not None and player not in summary.players):
                continue
            if location is not None and summary.location != location:
                continue
            if note and note.casefold() not in summary.note.casefold():
                continue
            if skipped < offset:
                skipped += 1
                continue
            if len(items) == limit:
                return HistoryPage(items, True)
            items.append(summary)
        return HistoryPage(items, False)

    def _newest_first(self, items_of: Callable[[Path], Sequence[T]], time_of: Callable[[T], str]) -> Iterator[T]:
        """Items of all shards merged newest first; a shard is read only when the order reaches its range."""
        queue = sorted(((info, path) for path in self.shards.paths() if (info := self.shards.info(path)).count),
                       key=lambda entry: entry[0].newest or "", reverse=True)
        pending: list[T] = []  # oldest first: the newest are yielded from the end
        for i, (_, path) in enumerate(queue):
            items = items_of(path)
            if not pending or not items or time_of(items[-1]) <= time_of(pending[0]):
                pending = [*items, *pending]  # shards hold disjoint time ranges but for ties and splits
            else:
                pending = list(heapq.merge(pending, items, key=time_of))
            bound = queue[i + 1][0].newest if i + 1 < len(queue) else None
            ready = bisect.bisect_left(pending, bound, key=time_of) if bound is not None else 0
            yield from reversed(pending[ready:])  # what no later shard can come before
            del pending[ready:]


def _shard_meta() -> dict[str, Any]:
    return {"_meta": {"1": {"schema": schema.SCHEMA_VERSION}}}


def _time_of(play: Stored) -> str:
    return play.summary.finished_at if isinstance(play, EncodedPlay) else play["finished_at"]


def _covering(targets: list[tuple[Path, ShardInfo]], starts: list[str], moment: str) -> Path | None:
    """The shard whose time range `moment` falls in: the one that starts last at or before it (the oldest
    when it is older than all); None when there is no shard yet. `targets` are sorted by their oldest play,
    `starts` are those oldest plays' times."""
    if not targets:
        return None
    return targets[max(bisect.bisect_right(starts, moment) - 1, 0)][0]


def even_parts(items: list[T], n: int) -> list[list[T]]:
    size, extra = divmod(len(items), n)
    parts, start = [], 0
    for i in range(n):
        end = start + size + (1 if i < extra else 0)
        parts.append(items[start:end])
        start = end
    return parts


def normalised(play: dict[str, Any]) -> dict[str, Any]:
    if "id" not in play:
        play["id"] = new_id()
    play["finished_at"] = canonical_time(play.get("finished_at") or now_iso())
    if isinstance(play.get("started_at"), str):
        play["started_at"] = canonical_time(play["started_at"])
    return play

