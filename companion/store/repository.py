"""The only code that touches TinyDB: games in progress, finished plays and player profiles.

Layout of the data folder:
- `drafts.json`: games in progress (small; rewritten on every entry, independent of history size)
- `plays/plays-NNNN.json`: finished plays in shards of SHARD_SIZE, newest shard last; finishing a game
  rewrites only the newest shard. A full shard is sealed and keeps one backup; the others keep BACKUPS.
- `plays/index.json`: per shard its signature, count and time range: a cache (rebuilt when missing or stale)
  that lets the history read shards lazily and the start skip shards already checked
- `players.json`: player profiles
A file that cannot be read at start is renamed `<name>.corrupt-<time>.json` and its last good backup copied to
`<name>.backup-<time>.json`, which `restore_backup` puts back (later writes rotate `.bakN`, never that copy).
Every data file carries its schema version in a `_meta` table. One writer at a time: a lock in this process
and a file lock across processes; TinyDB objects are created per operation, so each re-reads whatever
another process wrote before it writes. Dicts handed out are copies: changing them changes nothing stored.
"""

from __future__ import annotations

import contextlib
import heapq
import json
import re
import shutil
import threading
import uuid
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock, Timeout
from tinydb import Query, TinyDB
from tinydb.table import Table

from scoring import SheetError, score_sheet
from scoring.engine import MAX_NAME_LENGTH
from scoring.sheet_tools import players_in, rename_player

from . import schema
from .atomic import (
    AtomicJSONStorage,
    CorruptFileError,
    StorageError,
    backup_path,
    encode,
    load_tables,
    parse_tables,
    read_tables,
    remove_stale_temps,
    signature,
    trim_backups,
    write_atomically,
)
from .schema import NewerSchemaError, migrate
from .summary import PlaySummary, parse_time, summary_of

SHARD_SIZE = 250
BACKUPS = 5
SEALED_SHARD_BACKUPS = 1
DRAFT_UNDO_DEPTH = 30
LOCK_TIMEOUT_S = 15
MERGE_BASES = 256
SHARD_NAME = re.compile(r"plays-(\d{4,})\.json")
SHARD_NUMBER = re.compile(r"plays-(\d{4,})")  # also of backups and of shards moved aside: numbers are never reused
INDEX_NAME = "index.json"
COLOUR = re.compile(r"#[0-9a-fA-F]{6}|[a-z][a-z0-9_]{0,31}")  # "#2a9d8f" or a Flet colour name ("amber200")
UNIQUE_KEY = {"drafts": "id", "plays": "id", "players": "name"}
REQUIRED: dict[str, dict[str, type | tuple[type, ...]]] = {
    "drafts": {"id": str, "game": str, "sheet": dict},
    "plays": {"id": str, "game": str, "sheet": dict, "finished_at": str, "result": (dict, type(None))},
    "players": {"id": str, "name": str},
}
T = TypeVar("T")
_ABSENT: Any = object()


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def canonical_time(value: str) -> str:
    """One spelling per moment (UTC, whole seconds), so that times sort as text. Raises ValueError."""
    return parse_time(value).astimezone(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    return uuid.uuid4().hex[:12]


def clone(value: T) -> T:
    """A deep copy that is plain JSON (raises ValueError/TypeError for anything JSON cannot hold)."""
    return json.loads(encode(value))


class PlayerError(Exception):
    """A player change the data refuses; `message_key` and `params` are what the app shows."""

    def __init__(self, message_key: str, **params: Any) -> None:
        super().__init__(f"{message_key} {params}")
        self.message_key = message_key
        self.params = params


@dataclass(frozen=True)
class StartupIssue:
    """A data file that could not be read at start: it was moved aside; a backup may restore it."""

    file: str
    moved_to: str
    reason: str
    backup: str | None


@dataclass(frozen=True)
class HistoryPage:
    items: list[PlaySummary]
    has_more: bool


@dataclass(frozen=True)
class ShardInfo:
    """A shard's size and time range, valid while the file keeps its signature `key`."""

    key: tuple[int, int, int]
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
class _ShardView:
    key: tuple[int, int, int]
    summaries: tuple[PlaySummary, ...]  # oldest first
    ids: frozenset[str]

    def info(self) -> ShardInfo:
        times = [s.finished_at for s in self.summaries]
        return ShardInfo(self.key, len(times), times[0] if times else None, times[-1] if times else None)


@dataclass
class Repository:
    data_dir: Path
    issues: list[StartupIssue] = field(default_factory=list)
    _thread_lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _views: dict[str, _ShardView] = field(default_factory=dict, init=False, repr=False)
    _index: dict[str, ShardInfo] = field(default_factory=dict, init=False, repr=False)
    _index_dirty: bool = field(default=False, init=False, repr=False)
    _bases: OrderedDict[tuple[str, int], Any] = field(default_factory=OrderedDict, init=False, repr=False)
    _bases_lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir)
        try:
            self.plays_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError("storage.error.folder", {"folder": str(self.data_dir)},
                               f"cannot use {self.data_dir}: {error}") from error
        self._file_lock = FileLock(str(self.data_dir / ".lock"), timeout=LOCK_TIMEOUT_S)

    @property
    def plays_dir(self) -> Path:
        return self.data_dir / "plays"

    # ---- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: Path) -> Repository:
        """Open the data folder: check every file, move corrupt ones aside, refuse newer schemas.

        Raises NewerSchemaError (nothing rewritten) when any file comes from a newer app.
        """
        repo = cls(Path(data_dir))
        with repo._writing():
            remove_stale_temps(repo.data_dir)
            remove_stale_temps(repo.plays_dir)
            repo._load_index()
            versions = {path: repo._check_file(path) for path in repo._files_to_check()}
            for path, version in versions.items():
                if version is not None and version > schema.SCHEMA_VERSION:
                    raise NewerSchemaError(path.name, version)
            for path, version in versions.items():
                if version is not None and version < schema.SCHEMA_VERSION:
                    storage = AtomicJSONStorage(path, BACKUPS)
                    storage.write(migrate(storage.read() or {}, version))
            repo._drop_finished_drafts()
            repo._save_index(*repo._shards())
        return repo

    def _files_to_check(self) -> list[Path]:
        """Drafts, players and every shard not already checked in its current state (see the index)."""
        return [self._drafts_path, self._players_path, *[p for p in self._shards() if self._indexed(p) is None]]

    def _check_file(self, path: Path) -> int | None:
        """The file's schema version; None when it is missing or was moved aside."""
        try:
            tables = read_tables(path)
            if tables is None:
                return None
            version = _schema_of(path, tables)
            if version <= schema.SCHEMA_VERSION:
                _check_documents(path, tables)
        except CorruptFileError as error:
            self.issues.append(self._move_aside(path, error.reason))
            return None
        except OSError as error:
            self.issues.append(self._move_aside(path, error.strerror or str(error)))
            return None
        return version

    def _move_aside(self, path: Path, reason: str) -> StartupIssue:
        """Rename a damaged file out of the way, and keep a copy of its last good backup under a name that
        later writes (which rotate the backups) do not touch."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = _unused_name(path, f"corrupt-{stamp}")
        good = self._good_backup(path)
        kept = _unused_name(path, f"backup-{stamp}") if good is not None else None
        self._index.pop(path.name, None)
        self._index_dirty = True
        try:
            path.replace(target)
            if good is not None and kept is not None:
                shutil.copy2(good, kept)
        except OSError as error:
            raise StorageError("storage.error.write", {"file": path.name, "reason": error.strerror or str(error)},
                               f"cannot move {path} aside: {error}") from error
        return StartupIssue(path.name, target.name, reason, kept.name if kept is not None else None)

    def _good_backup(self, path: Path) -> Path | None:
        for n in range(1, BACKUPS + 1):
            candidate = backup_path(path, n)
            try:
                tables = parse_tables(candidate, candidate.read_bytes())
                if _schema_of(candidate, tables) > schema.SCHEMA_VERSION:
                    continue
                _check_documents(candidate, tables)
            except (OSError, CorruptFileError):
                continue
            return candidate
        return None

    def restore_backup(self, issue: StartupIssue) -> None:
        """Put the last good backup of a file that was moved aside back in place. If the app has written a
        new file there since, what the backup holds and the new file lacks is added to it."""
        if issue.backup is None:
            raise ValueError(f"no backup of {issue.file}")
        with self._writing():
            target = self._path_of(issue.file)
            source = target.with_name(issue.backup)
            payload = source.read_bytes()
            tables = parse_tables(source, payload)
            _check_documents(source, tables)
            if target.exists():
                self._add_missing(target, tables)
            else:
                write_atomically(target, payload)
            if SHARD_NAME.fullmatch(target.name):
                self._save_index(target)
            self.issues = [i for i in self.issues if i != issue]

    def _add_missing(self, target: Path, tables: dict[str, Any]) -> None:
        with self._db(target, BACKUPS) as db:
            for name, key in UNIQUE_KEY.items():
                table = db.table(name)
                present = {doc[key] for doc in table.all()}
                missing = [doc for doc in tables.get(name, {}).values() if doc[key] not in present]
                if missing:
                    table.insert_multiple(missing)

    def _path_of(self, name: str) -> Path:
        return self.plays_dir / name if SHARD_NAME.fullmatch(name) else self.data_dir / name

    def _drop_finished_drafts(self) -> None:
        """A game stored as a play whose draft was not yet removed (the writer died in between)."""
        drafts = self._docs(self._drafts_path, "drafts")
        shards = self._shards()
        if not drafts or not shards:
            return
        finished = self._view(shards[-1]).ids
        stale = [d["id"] for d in drafts if d["id"] in finished]
        if stale:
            with self._db(self._drafts_path, BACKUPS) as db:
                db.table("drafts").remove(Query().id.one_of(stale))

    # ---- locking and TinyDB access ---------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[None]:
        with self._thread_lock:
            try:
                self._file_lock.acquire()
            except Timeout:
                raise StorageError("storage.error.busy", {}, f"{self.data_dir} is locked by another writer") from None
            try:
                yield
            finally:
                self._file_lock.release()

    @contextmanager
    def _db(self, path: Path, backups: int) -> Iterator[TinyDB]:
        db = TinyDB(storage=AtomicJSONStorage, path=path, backups=backups)
        try:
            if not db.table("_meta").all():
                db.table("_meta").insert({"schema": schema.SCHEMA_VERSION})
            yield db
        finally:
            db.close()

    def _docs(self, path: Path, table: str) -> list[dict[str, Any]]:
        """The stored documents themselves: read only, never hand them out."""
        tables = read_tables(path)
        return list(tables.get(table, {}).values()) if tables else []

    # ---- games in progress ---------------------------------------------------------------------

    @property
    def _drafts_path(self) -> Path:
        return self.data_dir / "drafts.json"

    def save_draft(self, draft: dict[str, Any]) -> dict[str, Any]:
        """Insert or replace a game in progress (keyed by its `id`); returns it as stored, with a new `rev`.

        When another session saved the same game since this one last saw it (its `rev` is stale), the
        changes this save makes to the sheet are applied over the stored sheet, so neither is lost.
        """
        draft = clone(draft)
        mine = draft.get("sheet")
        draft["updated_at"] = now_iso()
        draft.setdefault("id", new_id())
        draft.setdefault("created_at", draft["updated_at"])
        draft["undo"] = list(draft.get("undo", []))[-DRAFT_UNDO_DEPTH:]
        with self._writing(), self._db(self._drafts_path, BACKUPS) as db:
            table = db.table("drafts")
            stored = table.get(Query().id == draft["id"])
            if stored is not None:
                draft["sheet"] = self._merged_sheet(draft, stored)
            draft["rev"] = (stored or {}).get("rev", 0) + 1
            _replace_or_insert(table, draft)
        self._note_base(draft["id"], draft["rev"], mine, replace=True)
        return clone(draft)

    def _merged_sheet(self, draft: dict[str, Any], stored: dict[str, Any]) -> Any:
        with self._bases_lock:
            base = self._bases.get((draft["id"], draft.get("rev", -1)), _ABSENT)
        if base is _ABSENT:
            return draft.get("sheet")  # no common ancestor known: this save wins
        return merge3(base, draft.get("sheet"), stored.get("sheet"))

    def _note_base(self, draft_id: str, rev: int, sheet: Any, replace: bool = False) -> None:
        """Remember the sheet a holder of (draft, rev) has, to merge its next save with others'."""
        with self._bases_lock:
            key = (draft_id, rev)
            if replace or key not in self._bases:
                self._bases[key] = sheet
            self._bases.move_to_end(key)
            while len(self._bases) > MERGE_BASES:
                self._bases.popitem(last=False)

    def drafts(self) -> list[dict[str, Any]]:
        drafts = self._docs(self._drafts_path, "drafts")
        for d in drafts:
            self._note_base(d["id"], d.get("rev", 0), d["sheet"])
        return sorted(clone(drafts), key=itemgetter("updated_at"), reverse=True)

    def draft(self, draft_id: str) -> dict[str, Any] | None:
        found = next((d for d in self._docs(self._drafts_path, "drafts") if d["id"] == draft_id), None)
        if found is None:
            return None
        self._note_base(draft_id, found.get("rev", 0), found["sheet"])
        return clone(found)

    def add_drafts(self, drafts: Iterable[dict[str, Any]]) -> int:
        """Store games in progress as they are (import), skipping ids already stored; returns how many."""
        with self._writing(), self._db(self._drafts_path, BACKUPS) as db:
            table = db.table("drafts")
            known = {d["id"] for d in table.all()}
            added = []
            for draft in clone(list(drafts)):
                if draft["id"] not in known:
                    known.add(draft["id"])
                    added.append(draft)
            if added:
                table.insert_multiple(added)
        return len(added)

    def delete_draft(self, draft_id: str) -> None:
        with self._writing(), self._db(self._drafts_path, BACKUPS) as db:
            db.table("drafts").remove(Query().id == draft_id)

    # ---- finished plays: writing -------------------------------------------------------------------

    def _shards(self) -> list[Path]:
        found = [p for p in self.plays_dir.glob("plays-*.json") if SHARD_NAME.fullmatch(p.name)]
        return sorted(found, key=_shard_number)

    def add_play(self, play: dict[str, Any], draft_id: str | None = None) -> dict[str, Any]:
        """Store a finished play; the game in progress it came from (if any) is removed after.

        A play finished from a draft keeps the draft's id, so finishing the same game twice (two sessions,
        or a retry after a crash) stores it once.
        """
        play = clone(play)
        if draft_id is not None:
            play.setdefault("id", draft_id)
        play = _normalised(play)
        with self._writing():
            shards = self._shards()
            finished_before = draft_id is not None and bool(shards) and play["id"] in self._view(shards[-1]).ids
            touched = [] if finished_before else self._insert([play], shards)
            if draft_id is not None:
                with self._db(self._drafts_path, BACKUPS) as db:
                    db.table("drafts").remove(Query().id == draft_id)
            self._save_index(*touched)
        return clone(play)

    def add_plays(self, plays: Iterable[dict[str, Any]]) -> int:
        """Store many finished plays at once (import), each shard written once; plays whose id is
        already stored are skipped. Returns how many were added."""
        prepared = sorted((_normalised(clone(p)) for p in plays), key=itemgetter("finished_at"))
        with self._writing():
            shards = self._shards()
            known = set().union(*(self._view(p).ids for p in shards))
            fresh = []
            for play in prepared:
                if play["id"] not in known:
                    known.add(play["id"])
                    fresh.append(play)
            self._save_index(*self._insert(fresh, shards))
        return len(fresh)

    def _insert(self, plays: list[dict[str, Any]], shards: list[Path]) -> list[Path]:
        """Write plays (sorted by time) where they belong: newer than everything -> appended to the newest
        shard (a new one once it is full), older -> the shard whose time range they fall in. Returns the
        shards written."""
        last = shards[-1] if shards else None
        last_info = self._info(last) if last is not None else None
        latest = last_info.newest if last_info is not None else None  # appending keeps the newest play last
        filled = last_info.count if last_info is not None else SHARD_SIZE
        infos: list[tuple[Path, ShardInfo]] = []  # every shard's, read only for a play older than the newest
        top: int | None = None
        groups: dict[Path, list[dict[str, Any]]] = defaultdict(list)
        for play in plays:
            if latest is None or play["finished_at"] >= latest:
                if last is None or filled >= SHARD_SIZE:
                    if last is not None:
                        trim_backups(last, SEALED_SHARD_BACKUPS)  # sealed: its backups only repeat it
                    top = (self._highest_shard_number() if top is None else top) + 1
                    last = self.plays_dir / f"plays-{top:04d}.json"
                    filled = 0
                groups[last].append(play)
                filled += 1
            else:
                infos = infos or [(path, self._info(path)) for path in shards]
                groups[_covering(infos, play["finished_at"])].append(play)
        for path, items in groups.items():
            before = self._current_view(path)
            with self._db(path, BACKUPS) as db:
                db.table("plays").insert_multiple(items)
            if before is not None and (sig := signature(path)) is not None:  # extend the summaries, not redo them
                added = [summary_of(p) for p in items]
                summaries = tuple(sorted((*before.summaries, *added), key=attrgetter("finished_at")))
                self._views[path.name] = _ShardView(sig.key(), summaries, before.ids | {s.id for s in added})
        return list(groups)

    def _highest_shard_number(self) -> int:
        numbers = [int(m.group(1)) for p in self.plays_dir.glob("plays-*") if (m := SHARD_NUMBER.match(p.name))]
        return max(numbers, default=0)

    def _locate(self, play_id: str) -> Path | None:
        return next((shard for shard in reversed(self._shards()) if play_id in self._view(shard).ids), None)

    def update_play(self, play_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Replace a play by `change(play)`. Raises KeyError when there is no such play."""
        with self._writing():
            shard = self._locate(play_id)
            if shard is None:
                raise KeyError(play_id)
            with self._db(shard, BACKUPS) as db:
                table = db.table("plays")
                current = table.get(Query().id == play_id)
                updated = _normalised(clone(change(clone(dict(current)))))  # type: ignore[arg-type]
                _replace_docs(table, {play_id: updated})
            self._save_index(shard)
        return clone(updated)

    def edit_play(self, play_id: str, sheet: dict[str, Any]) -> dict[str, Any]:
        """Store a corrected sheet for a finished play, scored again. Raises SheetError (nothing saved) for a
        sheet the rules refuse, KeyError when there is no such play."""
        result = score_sheet(sheet)
        sheet = clone(sheet)

        def change(play: dict[str, Any]) -> dict[str, Any]:
            return {**play, "game": result.game, "sheet": sheet, "rules_version": result.rules_version,
                    "result": result.to_json(), "edited_at": now_iso()}

        updated = self.update_play(play_id, change)
        self.remember_players(players_in(sheet))
        return updated

    def delete_play(self, play_id: str) -> dict[str, Any] | None:
        """Remove a play and return it (so that the caller can offer undo with `restore_play`)."""
        with self._writing():
            shard = self._locate(play_id)
            if shard is None:
                return None
            with self._db(shard, BACKUPS) as db:
                table = db.table("plays")
                play = table.get(Query().id == play_id)
                table.remove(Query().id == play_id)
            self._save_index(shard)
        return clone(dict(play)) if play else None  # type: ignore[arg-type]

    def restore_play(self, play: dict[str, Any]) -> None:
        """Put a deleted play back where its time belongs (nothing happens if it is stored already)."""
        play = _normalised(clone(play))
        with self._writing():
            if self._locate(play["id"]) is None:
                self._save_index(*self._insert([play], self._shards()))

    # ---- finished plays: reading ---------------------------------------------------------------------

    def play(self, play_id: str) -> dict[str, Any] | None:
        shard = self._locate(play_id)
        if shard is None:
            return None
        return clone(next((p for p in self._docs(shard, "plays") if p["id"] == play_id), None))

    def plays_newest_first(self) -> Iterator[dict[str, Any]]:
        """Every play, newest first, reading shards lazily from the newest."""
        def plays_of(shard: Path) -> list[dict[str, Any]]:
            return sorted(self._docs(shard, "plays"), key=itemgetter("finished_at"))

        for play in self._newest_first(plays_of, itemgetter("finished_at")):
            yield clone(play)

    def summaries(self) -> Iterator[PlaySummary]:
        """Every play's summary, newest first (cached per shard while the shard is unchanged)."""
        return self._newest_first(lambda shard: self._view(shard).summaries, attrgetter("finished_at"))

    def history_page(self, *, game: str | None = None, player: str | None = None, since: date | None = None,
                     until: date | None = None, location: str | None = None, note: str | None = None,
                     offset: int = 0, limit: int = 20) -> HistoryPage:
        """One page of the history, newest first; `since`/`until` are local calendar days, both included."""
        items: list[PlaySummary] = []
        skipped = 0
        for summary in self.summaries():
            if since is not None or until is not None:
                day = summary.day()
                if since is not None and day < since:
                    break  # newest first: all that follows is older still
                if until is not None and day > until:
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
        queue = sorted(((info, path) for path in self._shards() if (info := self._info(path)).count),
                       key=lambda entry: entry[0].newest or "", reverse=True)
        pending: list[T] = []  # oldest first: the newest is popped from the end
        for i, (_, path) in enumerate(queue):
            pending = list(heapq.merge(pending, items_of(path), key=time_of))
            bound = queue[i + 1][0].newest if i + 1 < len(queue) else None
            while pending and (bound is None or time_of(pending[-1]) >= bound):
                yield pending.pop()

    def _current_view(self, shard: Path) -> _ShardView | None:
        """The cached view of a shard if the file has not changed since."""
        cached = self._views.get(shard.name)
        sig = signature(shard)
        return cached if cached is not None and sig is not None and cached.key == sig.key() else None

    def _view(self, shard: Path) -> _ShardView:
        cached = self._current_view(shard)
        if cached is not None:
            return cached
        loaded = load_tables(shard)
        if loaded is None:
            return _ShardView((0, 0, 0), (), frozenset())
        key, tables = loaded
        summaries = tuple(sorted((summary_of(p) for p in tables.get("plays", {}).values()),
                                 key=attrgetter("finished_at")))
        view = _ShardView(key, summaries, frozenset(s.id for s in summaries))
        self._views[shard.name] = view
        return view

    # ---- the shard index ---------------------------------------------------------------------------

    @property
    def _index_path(self) -> Path:
        return self.plays_dir / INDEX_NAME

    def _indexed(self, shard: Path) -> ShardInfo | None:
        """The index entry of a shard if the file has not changed since."""
        entry = self._index.get(shard.name)
        sig = signature(shard)
        return entry if entry is not None and sig is not None and entry.key == sig.key() else None

    def _info(self, shard: Path) -> ShardInfo:
        entry = self._indexed(shard)
        if entry is not None:
            return entry
        info = self._view(shard).info()
        self._index[shard.name] = info
        self._index_dirty = True
        return info

    def _load_index(self) -> None:
        try:
            data = json.loads(self._index_path.read_bytes())
        except (OSError, ValueError):
            return  # missing or damaged: it is rebuilt from the shards
        if not isinstance(data, dict) or data.get("schema") != schema.SCHEMA_VERSION:
            return
        for name, entry in (data.get("shards") or {}).items():
            with contextlib.suppress(KeyError, TypeError, ValueError):
                self._index[name] = ShardInfo.from_json(entry)

    def _save_index(self, *written: Path) -> None:
        """Persist what was learnt about the shards, and about those just `written` (call while writing)."""
        for shard in written:
            self._info(shard)
        if not self._index_dirty:
            return
        shards = {name: info.to_json() for name, info in dict(self._index).items()}
        write_atomically(self._index_path, encode({"schema": schema.SCHEMA_VERSION, "shards": shards}))
        self._index_dirty = False

    # ---- players -------------------------------------------------------------------------------

    @property
    def _players_path(self) -> Path:
        return self.data_dir / "players.json"

    def players(self) -> list[dict[str, Any]]:
        return sorted(clone(self._docs(self._players_path, "players")), key=lambda p: p["name"].casefold())

    def remember_players(self, names: list[str]) -> None:
        """Make sure every name has a profile (new players get one when a game starts)."""
        known = {p["name"] for p in self._docs(self._players_path, "players")}
        missing = [n for n in names if n not in known]
        if not missing:
            return
        with self._writing(), self._db(self._players_path, BACKUPS) as db:
            table = db.table("players")
            for name in missing:
                if not table.contains(Query().name == name):
                    table.insert({"id": new_id(), "name": name, "colour": None, "created_at": now_iso()})

    def add_profiles(self, profiles: Iterable[dict[str, Any]]) -> int:
        """Store player profiles whose names are new (import), keeping their ids unless taken."""
        with self._writing(), self._db(self._players_path, BACKUPS) as db:
            table = db.table("players")
            names = {p["name"] for p in table.all()}
            ids = {p["id"] for p in table.all()}
            added = []
            for profile in clone(list(profiles)):
                if profile["name"] in names:
                    continue
                if profile["id"] in ids:
                    profile["id"] = new_id()
                names.add(profile["name"])
                ids.add(profile["id"])
                added.append(profile)
            if added:
                table.insert_multiple(added)
        return len(added)

    def set_player_colour(self, name: str, colour: str | None) -> None:
        """Colour: "#rrggbb" or a Flet colour name; None for none. Raises PlayerError."""
        if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
            raise PlayerError("players.error.colour", colour=str(colour))
        with self._writing(), self._db(self._players_path, BACKUPS) as db:
            table = db.table("players")
            if not table.contains(Query().name == name):
                raise PlayerError("players.error.unknown", name=name)
            table.update({"colour": colour}, Query().name == name)

    def rename_player(self, old: str, new: str) -> int:
        """Rename a player in the profile, every play and every game in progress; returns the plays changed.

        Raises PlayerError: `new` invalid, taken by another profile, or already in a game with `old`.
        """
        if not isinstance(new, str) or not new or new != new.strip() or len(new) > MAX_NAME_LENGTH:
            raise PlayerError("players.error.invalid", n=MAX_NAME_LENGTH)
        with self._writing():
            profiles = {p["name"] for p in self._docs(self._players_path, "players")}
            if new in profiles:
                raise PlayerError("players.error.exists", name=new)
            if old not in profiles:
                raise PlayerError("players.error.unknown", name=old)
            changed = self._replace_player(old, new, PlayerError("players.error.exists", name=new))
            with self._db(self._players_path, BACKUPS) as db:  # last: an interrupted rename can be run again
                db.table("players").update({"name": new}, Query().name == old)
        return changed

    def merge_players(self, source: str, target: str) -> int:
        """Make `source`'s plays and games in progress `target`'s and delete `source`'s profile; returns the
        plays changed. Raises PlayerError (nothing changed) when both played in one game."""
        if source == target:
            raise PlayerError("players.error.same", name=source)
        with self._writing():
            profiles = {p["name"] for p in self._docs(self._players_path, "players")}
            for name in (source, target):
                if name not in profiles:
                    raise PlayerError("players.error.unknown", name=name)
            changed = self._replace_player(source, target,
                                           PlayerError("players.error.played_together", source=source, target=target))
            with self._db(self._players_path, BACKUPS) as db:
                db.table("players").remove(Query().name == source)
        return changed

    def _replace_player(self, old: str, new: str, conflict: PlayerError) -> int:
        """Rename `old` to `new` in every play and draft: all checked and prepared first, then written."""
        plan: list[tuple[Path, dict[str, dict[str, Any]]]] = []
        for shard in self._shards():
            if not any(old in s.players for s in self._view(shard).summaries):
                continue
            renamed = {}
            for play in self._docs(shard, "plays"):
                names = players_in(play["sheet"])
                if old in names:
                    if new in names:
                        raise conflict
                    renamed[play["id"]] = _renamed_play(play, old, new)
            plan.append((shard, renamed))
        drafts = {}
        for draft in self._docs(self._drafts_path, "drafts"):
            sheets = [draft["sheet"], *draft.get("undo", [])]
            if any(old in players_in(s) for s in sheets):
                if any(new in players_in(s) for s in sheets):
                    raise conflict
                drafts[draft["id"]] = {**clone(draft), "sheet": rename_player(draft["sheet"], old, new),
                                       "undo": [rename_player(s, old, new) for s in draft.get("undo", [])]}
        for shard, renamed in plan:
            with self._db(shard, BACKUPS) as db:
                _replace_docs(db.table("plays"), renamed)
        self._save_index(*(shard for shard, _ in plan))
        if drafts:
            with self._db(self._drafts_path, BACKUPS) as db:
                _replace_docs(db.table("drafts"), drafts)
        return sum(len(renamed) for _, renamed in plan)


# ---- helpers -------------------------------------------------------------------------------------


def _unused_name(path: Path, label: str) -> Path:
    """`drafts.json` -> `drafts.<label>.json`, or `drafts.<label>-2.json` if that is taken."""
    candidate = path.with_name(f"{path.stem}.{label}{path.suffix}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}.{label}-{n}{path.suffix}")
    return candidate


def _shard_number(path: Path) -> int:
    return int(SHARD_NAME.fullmatch(path.name).group(1))  # type: ignore[union-attr]


def _covering(infos: list[tuple[Path, ShardInfo]], moment: str) -> Path:
    """The shard whose time range an older play falls in (the oldest shard if it is older than all)."""
    covering = [path for path, info in infos if info.oldest is not None and info.oldest <= moment]
    return covering[-1] if covering else infos[0][0]


def _normalised(play: dict[str, Any]) -> dict[str, Any]:
    play.setdefault("id", new_id())
    play["finished_at"] = canonical_time(play.get("finished_at") or now_iso())
    if isinstance(play.get("started_at"), str):
        play["started_at"] = canonical_time(play["started_at"])
    return play


def _renamed_play(play: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    sheet = rename_player(play["sheet"], old, new)
    try:
        result = score_sheet(sheet)
    except SheetError:  # a sheet the current rules refuse: keep its result, with the name changed
        return {**clone(play), "sheet": sheet, "result": _renamed_result(play.get("result"), old, new)}
    return {**clone(play), "sheet": sheet, "rules_version": result.rules_version, "result": result.to_json()}


def _renamed_result(result: dict[str, Any] | None, old: str, new: str) -> dict[str, Any] | None:
    if result is None:
        return None

    def name(n: str) -> str:
        return new if n == old else n

    return {
        **clone(result),
        "players": [{**p, "name": name(p["name"])} for p in result["players"]],
        "ranking": [[name(n) for n in group] for group in result["ranking"]],
        "winners": [name(n) for n in result["winners"]],
        "progress": [{name(n): v for n, v in step.items()} for step in result.get("progress", [])],
        "tiebreaks": [{**t, "players": [name(n) for n in t["players"]]} for t in result.get("tiebreaks", [])],
    }


def _replace_or_insert(table: Table, doc: dict[str, Any]) -> None:
    if table.contains(Query().id == doc["id"]):
        _replace_docs(table, {doc["id"]: doc})
    else:
        table.insert(doc)


def _replace_docs(table: Table, replacements: dict[str, dict[str, Any]]) -> None:
    """Replace whole documents by id, in one write."""
    def replace(doc: dict[str, Any]) -> None:
        new = replacements[doc["id"]]
        doc.clear()
        doc.update(new)

    table.update(replace, Query().id.one_of(list(replacements)))


def merge3(base: Any, mine: Any, theirs: Any) -> Any:
    """Three-way merge of JSON values: what `mine` changed since `base`, applied over `theirs`.

    Objects merge key by key and lists item by item (a list that grew or shrank on one side only takes that
    side's length); where both changed the same value differently, `mine` (the later save) wins.
    """
    if mine == base or theirs == mine:
        return theirs
    if theirs == base:
        return mine
    if isinstance(base, dict) and isinstance(mine, dict) and isinstance(theirs, dict):
        out = {}
        for key in [*theirs, *(k for k in mine if k not in theirs)]:
            value = merge3(base.get(key, _ABSENT), mine.get(key, _ABSENT), theirs.get(key, _ABSENT))
            if value is not _ABSENT:
                out[key] = value
        return out
    if isinstance(base, list) and isinstance(mine, list) and isinstance(theirs, list):
        common = [merge3(b, m, t) for b, m, t in zip(base, mine, theirs, strict=False)]
        if len(mine) == len(base):
            return common + theirs[len(common):]
        if len(theirs) == len(base):
            return common + mine[len(common):]
    return mine


def _schema_of(path: Path, tables: dict[str, Any]) -> int:
    meta = list(tables.get("_meta", {}).values())
    if not meta:
        return schema.SCHEMA_VERSION
    version = meta[0].get("schema")
    if isinstance(version, bool) or not isinstance(version, int):
        raise CorruptFileError(path, "the data version is missing")
    return version


def _check_documents(path: Path, tables: dict[str, Any]) -> None:
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
