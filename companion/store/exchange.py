"""Export and import: a full JSON backup (an import of it round-trips exactly), a CSV of plays, BG Stats JSON.

An import is validated completely before anything is stored: size, encoding, nesting, format, schema
version, every document's shape, every play's sheet scored by the rules. A file that fails is refused with
a BackupError and the stored data is not touched.
"""

from __future__ import annotations

import codecs
import csv
import io
import marshal
import re
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from scoring import SheetError, Words, all_specs, assess_sheet, get_spec, score_sheet, spec_for_sheet, strict_json
from scoring.custom import ID as CUSTOM_ID
from scoring.custom import checked_definition, is_custom
from scoring.names import look_alike_key, name_problem
from scoring.sheet_tools import players_in

from . import json_stream, schema, workers
from .atomic import encode
from .bgstats import imported_result_fault
from .bgstats_keep import Kept, KeptStore, kept_fault
from .definitions import STATES, DefinitionStore
from .json_stream import Span
from .oplog import BadOperationError, Log, check
from .play_record import duration_of, eliminated_in, record_fault, started_of
from .plays import EncodedPlay, normalised
from .refusal import RefusedError
from .repository import COLOUR, Repository, canonical_time, new_id, now_iso
from .shards import gc_paused, summaries_of_rows
from .summary import PlaySummary, summary_of

BACKUP_FORMAT = "table-companion-backup"
MAX_BACKUP_BYTES = 64 * 1024 * 1024  # a backup of about 90,000 plays; it is read into memory as text
# Arrays and objects in the whole file: a real backup has one per 30-odd bytes, a file of "[]," one per three
# (which would take gigabytes to decode).
MAX_CONTAINERS = 4_000_000
MAX_DEPTH = 32
# The longest text (key or value) a document holds outside what the rules check: as long as what an import of
# another app's plays stores (a BG Stats or BoardGameGeek comment), so that whatever came in goes out in a backup
# and back in
MAX_TEXT = 5000
ID = re.compile(r"[A-Za-z0-9_]{1,64}")  # ids appear in routes (/result/<id>)
SECTIONS = ("players", "drafts", "plays")
# custom games' definitions, and where games are shown (hidden, quick, deleted): backups from before them have none
OPTIONAL_SECTIONS = ("definitions", "shelf")
STREAMED = (*SECTIONS, *OPTIONAL_SECTIONS)
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
KEPT = "bgstats"  # what BG Stats files held that the app does not model (bgstats_keep), when something is kept
TOP_LEVEL = frozenset({"format", "schema", *STREAMED, KEPT})
JSON_STARTS = frozenset('["-0123456789tfn')
LEADING_SPACE = re.compile(rb"\s*")
BUILT_IN = frozenset(spec.id for spec in all_specs())
MAX_GUIDE_PROMPTS = 100
# what the rules bound in a document (the rest is checked for its limits)
DRAFT_BOUNDED = frozenset({"sheet", "undo", "log"})
OLD_UNDO_DEPTH = 30  # a schema-1 backup's game carries up to 30 sheets of undo (not imported: the log starts anew)
MAX_LOG_OPS = 100_000
PLAY_BOUNDED = frozenset({"sheet", "result"})  # a result equal to the engine's is the engine's own
# an imported play: its record (comments as BG Stats had them) and what it keeps of BG Stats (a scoresheet) are held
# to the BG Stats import's limits by imported_result_fault
IMPORTED_BOUNDED = frozenset({*PLAY_BOUNDED, "record", "bgstats"})
SHEET_BOUNDED = frozenset({"sheet"})  # a result under older rules: kept as it was, so checked
UNBOUNDED: frozenset[str] = frozenset()  # a sheet older rules accepted and the current ones refuse
PLAY_BATCH = 5000  # plays stored at a time (the progress bar moves between them)
POOL_MIN_BYTES = 4 * 1024 * 1024  # a backup this large (about 5,000 plays) has its plays checked in worker processes
MAX_PENDING_RUNS = 2 * workers.MAX_WORKERS  # runs of plays read ahead of the checking (each about 1 MB)
CHECKING_SHARE = 0.6  # of the progress bar: reading and checking; the rest is storing
Progress = Callable[[float], None]
CSV_COLUMNS = ("play_id", "date", "started_at", "finished_at", "duration_min", "game", "game_name", "bgg_id",
               "location", "note", "ended_early", "player", "seat", "score", "rank", "winner", "eliminated")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


class BackupError(RefusedError):
    """A backup file refused before anything was stored.

    For a sheet the rules refuse, `rules_text` is the rules' own message in both languages (`params["message"]`
    holds its English).
    """

    def __init__(self, message_key: str, rules_text: Words | None = None, **params: Any) -> None:
        super().__init__(message_key, **params)
        self.rules_text = rules_text


class AlreadyHere(NamedTuple):
    """A play or game in progress of the backup that was not stored: one with its id was here already."""

    kind: str  # "play" or "draft"
    id: str
    game: str


@dataclass(frozen=True)
class ImportReport:
    plays_added: int
    plays_skipped: int
    drafts_added: int
    drafts_skipped: int
    players_added: int
    definitions_added: int = 0
    already: tuple[AlreadyHere, ...] = ()  # what was skipped, plays first, in the file's order


# ---- full backup ---------------------------------------------------------------------------------


def export_backup(repo: Repository) -> bytes:
    plays = sorted(repo.plays_newest_first(), key=lambda p: (p["finished_at"], p["id"]))
    drafts = sorted((repo.export_draft(d["id"]) or d for d in repo.drafts()), key=lambda d: (d["created_at"], d["id"]))
    players = sorted(repo.players(), key=lambda p: (p["name"], p["id"]))
    kept = KeptStore(repo).read()
    return encode({"format": BACKUP_FORMAT, "schema": schema.SCHEMA_VERSION,
                   "players": players, "drafts": drafts, "plays": plays,
                   "definitions": DefinitionStore(repo).all_versions(), "shelf": DefinitionStore(repo).shelf(),
                   **({KEPT: kept.to_json()} if kept != Kept() else {})})


def import_backup_file(repo: Repository, path: Path, progress: Progress | None = None) -> ImportReport:
    """Import the backup in `path` (refused by its size before it is read)."""
    if path.stat().st_size > MAX_BACKUP_BYTES:
        raise _too_large()
    return import_backup(repo, path.read_bytes(), progress)


def import_backup(repo: Repository, data: bytes, progress: Progress | None = None) -> ImportReport:
    """Validate a backup completely, then add what is new: plays and games in progress whose id is not
    stored yet (the report lists the others), profiles whose name is new (and one for every other name that
    plays). Nothing is written before every document has been checked. `progress(fraction)` is told how far it
    is (0 to 1)."""
    report = progress or (lambda fraction: None)
    wanted = len(data) >= POOL_MIN_BYTES and workers.available()
    with gc_paused(), _Workers(wanted) as pool:  # the collector would walk the plays kept
        checked = _CheckedBackup.read(data, report, pool)
    players = checked.kept["players"]
    named = {p["name"] for p in players}
    extra = [{"id": new_id(), "name": name, "colour": None, "created_at": now_iso()}
             for name in checked.playing if name not in named]
    players_added = repo.add_profiles([*players, *extra])
    # every custom game a play or draft was played with is listed again, even if the backup lacks its definition;
    # those new here are shown where the backup had them (a quick game stays off Home)
    store = DefinitionStore(repo)
    here = store.ids()
    definitions_added = store.add_versions([*checked.kept["definitions"], *checked.inline.values()])
    store.place(checked.kept["shelf"], store.ids() - here)
    if KEPT in checked.values:
        KeptStore(repo).add(Kept.from_json(checked.values[KEPT]))
    plays, plays_added = checked.plays, 0
    stored = {summary.id for summary in repo.summaries()}
    already = [AlreadyHere("play", p.summary.id, p.summary.game) for p in plays if p.summary.id in stored]
    for first in range(0, len(plays), PLAY_BATCH):
        plays_added += repo.add_encoded_plays(plays[first:first + PLAY_BATCH])
        report(CHECKING_SHARE + (1 - CHECKING_SHARE) * min(len(plays), first + PLAY_BATCH) / max(len(plays), 1))
    drafts = checked.kept["drafts"]
    stored = {d["id"] for d in repo.drafts()}
    already += [AlreadyHere("draft", d["id"], d["game"]) for d in drafts if d["id"] in stored]
    drafts_added = repo.add_drafts(drafts)
    report(1.0)
    return ImportReport(plays_added, len(plays) - plays_added, drafts_added, len(drafts) - drafts_added,
                        players_added, definitions_added, tuple(already))


def check_backup(data: bytes) -> None:
    """Check a backup as `import_backup` does (BackupError when refused), storing nothing."""
    _CheckedBackup.read(data, lambda fraction: None)


def _too_large() -> BackupError:
    return BackupError("backup.error.too_large", limit_mb=MAX_BACKUP_BYTES // (1024 * 1024))


class _CheckedBackup:
    """One pass over the file: every document is decoded and checked as soon as it is read; a play is then
    kept encoded, as it will be stored, with its summary (the decoded plays of a large backup would not fit
    in memory), the other documents as they are. Documents read before the header (format and schema) are
    decoded again and checked after it."""

    def __init__(self, data: bytes, pool: _Workers | None = None) -> None:
        self.data = data
        self.pool = pool  # where runs of plays are checked, when there are workers (see _checked_run)
        # runs of plays taken undecoded (see json_stream.Runs) on their way, and the plays taken in: how many,
        # where the last run of them ends, and where the first run found wrong (or refused) begins
        self.pending: deque[tuple[Span, Future[bytes | None]]] = deque()
        self.counted = 0
        self.taken_end = 0
        self.wrong: int | None = None
        self.decoder = strict_json.decoder(bounded_ints=False)  # the rules bound every number that counts
        # text decoded from UTF-8 holds a lone surrogate only through a \\u escape: without one, no document
        # needs looking through for them
        self.escapes = SURROGATE_ESCAPE.search(data) is not None
        self.values: dict[str, Any] = {}  # the header as read
        self.header: dict[str, Any] = {}  # the header once checked
        self.ids: dict[str, set[str]] = {section: set() for section in SECTIONS}
        self.inline: dict[tuple[str, int], dict[str, Any]] = {}  # custom games' definitions carried by sheets
        self.names: set[str] = set()
        self.playing: dict[str, None] = {}  # every name in a sheet, in order of appearance
        self.kept: dict[str, list[dict[str, Any]]] = {section: [] for section in STREAMED if section != "plays"}
        self.plays: list[EncodedPlay] = []
        self.late: list[tuple[str, int, Span]] = []  # runs of documents read before the header

    @classmethod
    def read(cls, data: bytes, report: Progress, pool: _Workers | None = None) -> _CheckedBackup:
        if len(data) > MAX_BACKUP_BYTES:
            raise _too_large()
        if not data.isascii():
            try:
                data.decode("utf-8")  # the whole file first: not UTF-8 is refused before any document
            except UnicodeDecodeError:
                raise BackupError("backup.error.not_json") from None
        start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        checked = cls(data, pool)
        if data.count(b"[") + data.count(b"{") > MAX_CONTAINERS:
            raise BackupError("backup.error.too_many", limit=MAX_CONTAINERS)
        at = LEADING_SPACE.match(data, start).end()  # type: ignore[union-attr]
        first = data[at:at + 1].decode("latin-1")
        if first != "{":
            raise BackupError("backup.error.not_backup" if first and first in JSON_STARTS else "backup.error.not_json")
        try:  # the plays that workers check are all settled before anything after them is read
            members = json_stream.read_members(
                data, checked.decoder, STREAMED, checked._key, checked._value, checked._elements,
                lambda at: report(CHECKING_SHARE * at / len(data)), start, checked if pool is not None else None)
        except _OlderBackupError:
            return cls.read(_upgraded(data[start:]), report, pool)
        except json_stream.DuplicateKeyError as duplicate:
            raise _invalid(duplicate.key) from None
        except json_stream.NotScalarError as odd:
            raise _invalid(odd.key) from None
        except json_stream.NotAnObjectError as odd:
            raise _invalid(odd.path) from None
        except RecursionError:
            raise BackupError("backup.error.too_deep", limit=MAX_DEPTH) from None
        except SheetError as error:  # the strict decoder: NaN, 1e999, a number too long, a lone surrogate
            raise BackupError("backup.error.not_json") from error
        except ValueError:
            raise BackupError("backup.error.not_json") from None
        if not checked.header:
            checked._check_header()
        if KEPT in checked.values and (fault := kept_fault(checked.values[KEPT])) is not None:
            raise _invalid(f"{KEPT}.{fault}".rstrip("."))
        for section in SECTIONS:
            if section not in members:
                raise _invalid(section)
        for section, index, span in checked.late:  # the header is known now
            for n, document in enumerate(json_stream.decode_elements(data, checked.decoder, span)):
                checked._check(section, index + n, document)
        return checked

    def _key(self, key: str) -> None:
        if key not in TOP_LEVEL:  # before the header says it is one of ours, it is another kind of file
            raise _invalid(key) if self.header else BackupError("backup.error.not_backup")

    def _elements(self, section: str, index: int, documents: list[Any], span: Span) -> None:
        if self.header:
            self._check_run(section, index, documents)
            if section == "plays":
                self.counted = index + len(documents)
            return
        if self.escapes:  # the limits now, the rest once the header is known
            for document in documents:
                _check_limits(document)
        self.late.append((section, index, span))

    def _check_run(self, section: str, first: int, documents: list[Any]) -> None:
        """Documents numbered from `first`, checked in the file's order: each one's limits where a lone surrogate
        may hide in it (see `escapes`), then the rest."""
        for n, document in enumerate(documents, first):
            if self.escapes:
                _check_limits(document)
            self._check(section, n, document)

    # ---- runs of plays checked in the workers (json_stream.Runs) ----

    def offer(self, key: str, span: Span) -> bool:
        """A run of plays goes to a worker undecoded, once the header is known (a run found wrong, or refused, and
        what follows it are read again here: see `confirm`)."""
        if key != "plays" or not self.header or self.pool is None or self.wrong is not None:
            return False
        self._take_checked(MAX_PENDING_RUNS)
        if self.wrong is not None:
            return False
        checking = self.pool.submit(_checked_run, self.data[span[0]:span[1]])
        if checking is None:
            return False
        self.pending.append((span, checking))
        return True

    def confirm(self, key: str) -> tuple[int, int]:
        self._take_checked()
        at = self.taken_end if self.wrong is None else self.wrong
        self.wrong = None
        return at, self.counted

    def _take_checked(self, leave: int = 0) -> None:
        """Take in the runs of plays the workers checked, in order, until `leave` are still on their way. The
        first run that a worker could not read as plays or refused (or that holds an id seen before it, or whose
        worker died) is `wrong`: it is read and checked again here, which says why in the same words and order as
        when everything is checked here; the runs after it are dropped, read again after it."""
        while len(self.pending) > leave:
            span, future = self.pending.popleft()
            if self.wrong is not None:
                future.cancel()
                continue
            try:
                sent = future.result()
                run = None if sent is None else CheckedRun.loads(sent)
            except Exception:  # a worker that died (killed, out of memory): the run is read here
                run = None
            seen = self.ids["plays"]
            if run is None or any(summary.id in seen for summary in run.summaries):
                self.wrong = span[0]
                continue
            seen.update(summary.id for summary in run.summaries)
            self.plays += run.encoded(self.data, span[0])
            self.playing.update(dict.fromkeys(run.playing))
            for key, definition in run.inline.items():
                self.inline.setdefault(key, definition)
            self.counted += len(run.summaries)
            self.taken_end = span[1]

    def _value(self, key: str, value: Any) -> None:
        self.values[key] = value
        if {"format", "schema"} <= self.values.keys():
            self._check_header()

    def _check_header(self) -> None:
        values = self.values
        if values.get("format") != BACKUP_FORMAT:
            raise BackupError("backup.error.not_backup")
        version = values.get("schema")
        if type(version) is not int or version < 1:
            raise BackupError("backup.error.invalid", path="schema")
        if version > schema.SCHEMA_VERSION:
            raise BackupError("backup.error.newer", version=version, supported=schema.SCHEMA_VERSION)
        if version < schema.SCHEMA_VERSION:
            raise _OlderBackupError(version)
        self.header = {"format": values["format"], "schema": version}

    def _check(self, section: str, index: int, document: dict[str, Any]) -> None:
        """The document's shape, then limits on what no rule has looked at (the rules bound a sheet they
        accept, and a result equal to the sheet's is the engine's own); then it is kept."""
        path = f"{section}[{index}]"
        if section == "definitions":
            _check_definition(document, path)
            self.kept[section].append(document)
            return
        if section == "shelf":
            _check_shelf(document, path)
            self.kept[section].append(document)
            return
        _check_id(document, path, self.ids[section])
        if section == "players":
            _check_player(document, path, self.names)
            _check_limits(document)
            self.kept[section].append(document)
            return
        if section == "drafts":
            _check_draft(document, path)
            _check_limits({key: value for key, value in document.items() if key not in DRAFT_BOUNDED})
            self.kept[section].append(document)
        else:
            bounded = _check_play(document, path)
            try:
                play = EncodedPlay.of(normalised(document))
            except (TypeError, KeyError, ValueError, AttributeError):  # a result under older rules, not one
                raise _invalid(f"{path}.result") from None
            if not _within_limits(play.payload):
                _check_limits({key: value for key, value in document.items() if key not in bounded})
            self.plays.append(play)
        self.playing.update(dict.fromkeys(players_in(document["sheet"])))
        if is_custom(document["game"]):
            definition = document["sheet"]["definition"]
            self.inline.setdefault((definition["id"], definition.get("version", 1)), definition)


class _Workers:
    """The worker processes that check runs of plays (none when not `wanted`, or where there are none: see
    `workers.open_pool`). They start in the background while the file's first documents are read; a file
    refused before its plays does not wait for them."""

    def __init__(self, wanted: bool) -> None:
        self.pool: Executor | None = None
        self.lock = threading.Lock()
        self.closed = False
        self.starting = threading.Thread(target=self._start, daemon=True) if wanted else None
        if self.starting is not None:
            self.starting.start()

    def _start(self) -> None:
        pool = workers.open_pool(__name__)
        if pool is not None:
            try:
                pool.submit(int).result()  # the workers are up
            except Exception:  # none could start: the plays are checked in place
                pool.shutdown(wait=False)
                pool = None
        with self.lock:
            kept = not self.closed
            if kept:
                self.pool = pool
        if pool is not None and not kept:
            pool.shutdown(wait=False)

    def submit(self, *work: Any) -> Future[bytes | None] | None:
        """The run's checking on its way; None when it is to be checked in place (also while the workers are
        still starting: the time is not lost waiting)."""
        if self.pool is None or (self.starting is not None and self.starting.is_alive()):
            return None
        try:
            return self.pool.submit(*work)
        except Exception:  # the pool broke (a worker was killed): the rest is checked in place
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
            return None

    def __enter__(self) -> _Workers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        with self.lock:
            self.closed = True
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(cancel_futures=True)


class CheckedRun(NamedTuple):
    """What a worker found in a run of plays, all of them accepted (see `_CheckedBackup._take_checked`), as it
    comes back from the worker: in marshal (one bytes object to send: unpickling a summary apiece in the importing
    process cost it more than the rest of taking a run in)."""

    summaries: list[PlaySummary]
    playing: list[str]
    inline: dict[tuple[str, int], dict[str, Any]]
    # the plays' bytes, or (an int each) their lengths when the run's bytes are the plays' own, one after the
    # other with a comma between (a backup the app wrote): then the plays take their bytes from the file (not
    # sent back, nor held twice)
    payloads: list[bytes] | list[int]

    def dumps(self) -> bytes:
        return marshal.dumps(([tuple(s) for s in self.summaries], self.playing, self.inline, self.payloads))

    @classmethod
    def loads(cls, sent: bytes) -> CheckedRun:
        rows, playing, inline, payloads = marshal.loads(sent)
        return cls(summaries_of_rows(rows), playing, inline, payloads)

    def encoded(self, data: bytes, start: int) -> list[EncodedPlay]:
        """The plays, with their bytes (in `data` from `start`, when the payloads are lengths)."""
        if not self.payloads or type(self.payloads[0]) is bytes:
            return list(map(EncodedPlay, self.payloads, self.summaries))  # type: ignore[arg-type]
        file, found = memoryview(data), []
        for summary, length in zip(self.summaries, self.payloads, strict=True):
            found.append(EncodedPlay(file[start:start + length], summary))  # type: ignore[operator]
            start += length + 1  # type: ignore[operator]
        return found


def _checked_run(run: bytes) -> bytes | None:
    """In a worker process: the plays of a run of the backup's plays, from where one begins to a guessed end (see
    json_stream), decoded and checked as `_CheckedBackup` checks them, as `CheckedRun.dumps`; None when they
    cannot be read as plays (a wrong guess) or any is refused (the caller reads the run again)."""
    checker = _CheckedBackup(run)
    checker.header = {"format": BACKUP_FORMAT, "schema": schema.SCHEMA_VERSION}
    try:
        with gc_paused():
            checker._check_run("plays", 0, json_stream.decode_elements(run, checker.decoder, (0, len(run))))
    except Exception:  # whatever it is, the caller finds it again and says why
        return None
    payloads = [play.payload for play in checker.plays]
    summaries = [play.summary for play in checker.plays]
    in_file = b",".join(payloads) == run
    return CheckedRun(summaries, list(checker.playing), checker.inline,
                      [len(payload) for payload in payloads] if in_file else list(map(bytes, payloads))).dumps()


class _OlderBackupError(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def _upgraded(data: bytes) -> bytes:
    """An older backup brought to the current schema through the ladder (in memory: old backups are small)."""
    content = strict_json.decoder().decode(data.decode("utf-8"))
    version = content["schema"]
    tables = {section: {str(i): doc for i, doc in enumerate(content.get(section) or [])} for section in SECTIONS}
    tables = schema.migrate(tables, version)
    upgraded = {**content, "schema": schema.SCHEMA_VERSION, **{s: list(tables[s].values()) for s in SECTIONS}}
    return encode(upgraded)


def _within_limits(encoded: bytes) -> bool:
    """Whether a document holds no text longer than MAX_TEXT nor nesting deeper than MAX_DEPTH, by its JSON
    alone (without a lone surrogate, see `escapes`): True for nearly every play, which is then not walked
    through; False when that cannot be told so quickly."""
    return len(encoded) <= MAX_TEXT and encoded.count(b"{") + encoded.count(b"[") <= MAX_DEPTH


def _check_limits(content: Any) -> None:
    """No nesting deeper than MAX_DEPTH, no text (key or value) longer than MAX_TEXT or with a lone surrogate."""
    stack = [(content, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BackupError("backup.error.too_deep", limit=MAX_DEPTH)
        if isinstance(value, dict):
            for key in value:
                _check_text(key)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            _check_text(value)


def _check_text(text: str) -> None:
    if len(text) > MAX_TEXT:
        raise BackupError("backup.error.too_long", limit=MAX_TEXT)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: not text that can be stored
            raise BackupError("backup.error.not_json") from None


def _invalid(path: str) -> BackupError:
    return BackupError("backup.error.invalid", path=path)


def _check_id(doc: dict[str, Any], path: str, seen: set[str]) -> None:
    if not isinstance(doc.get("id"), str) or not ID.fullmatch(doc["id"]):
        raise _invalid(f"{path}.id")
    if doc["id"] in seen:
        raise BackupError("backup.error.duplicate", path=f"{path}.id", id=doc["id"])
    seen.add(doc["id"])


def _check_time(doc: dict[str, Any], key: str, path: str, required: bool = True) -> None:
    value = doc.get(key)
    if value is None and not required:
        return
    try:
        canonical_time(value)
    except (TypeError, ValueError):
        raise _invalid(f"{path}.{key}") from None


def _check_name(name: Any, path: str) -> None:
    problem = name_problem(name)  # the engine's rule for names
    if problem is not None:
        raise BackupError("backup.error.name", problem.text, path=path, message=problem.text.render("en"))


def _check_player(player: dict[str, Any], path: str, names: set[str]) -> None:
    _check_name(player.get("name"), f"{path}.name")
    key = look_alike_key(player["name"])
    if key in names:
        raise BackupError("backup.error.duplicate", path=f"{path}.name", id=player["name"])
    names.add(key)
    colour = player.get("colour")
    if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
        raise _invalid(f"{path}.colour")
    _check_time(player, "created_at", path, required=False)


def _check_game(doc: dict[str, Any], path: str) -> None:
    try:
        if not is_custom(doc.get("game")):  # a custom game's sheet carries its definition, checked with the sheet
            get_spec(doc.get("game"))  # type: ignore[arg-type]
    except SheetError:
        raise _invalid(f"{path}.game") from None
    if not isinstance(doc.get("sheet"), dict) or doc["sheet"].get("game") != doc["game"]:
        raise _invalid(f"{path}.sheet")


def _check_draft(draft: dict[str, Any], path: str) -> None:
    _check_game(draft, path)
    for key in ("created_at", "updated_at"):
        _check_time(draft, key, path)
    if "rev" in draft and (type(draft["rev"]) is not int or draft["rev"] < 0):
        raise _invalid(f"{path}.rev")
    undo = draft.get("undo", [])
    if not isinstance(undo, list) or len(undo) > OLD_UNDO_DEPTH:
        raise _invalid(f"{path}.undo")
    _check_guide(draft.get("guide", {}), f"{path}.guide")
    if "record" in draft and not isinstance(draft["record"], dict):
        raise _invalid(f"{path}.record")
    _check_draft_sheet(draft["game"], draft["sheet"], f"{path}.sheet")
    for n, sheet in enumerate(undo):
        _check_draft_sheet(draft["game"], sheet, f"{path}.undo[{n}]")
    if "log" in draft:
        _check_draft_log(draft, f"{path}.log")


def _check_draft_log(draft: dict[str, Any], path: str) -> None:
    """A game's log: each operation well formed, and what they fold to a sheet the app can show."""
    ops = draft["log"]
    if not isinstance(ops, list) or not ops or len(ops) > MAX_LOG_OPS:
        raise _invalid(path)
    log = Log()
    for n, op in enumerate(ops):
        try:
            log.add([check(op)])
        except (BadOperationError, KeyError, TypeError, AttributeError) as problem:
            raise _invalid(f"{path}[{n}]") from problem
    document, _ = log.document()
    _check_draft_sheet(draft["game"], document.get("sheet"), f"{path} (its sheet)")


def _check_guide(guide: Any, path: str) -> None:
    """Where the guided round was: {"step": a step's name, "setup_done": the setup prompts ticked off}."""
    if not isinstance(guide, dict) or set(guide) - {"step", "setup_done"}:
        raise _invalid(path)
    if not isinstance(guide.get("step", ""), str):
        raise _invalid(f"{path}.step")
    done = guide.get("setup_done", [])
    if not isinstance(done, list) or any(type(n) is not int or not 0 <= n < MAX_GUIDE_PROMPTS for n in done):
        raise _invalid(f"{path}.setup_done")


def _check_draft_sheet(game: str, sheet: Any, path: str) -> None:
    """A sheet the score sheet can show: a game in progress's, which may leave entries empty or break a rule
    (shown at its field), or the sheet of a play that a rule added since refuses."""
    if not isinstance(sheet, dict) or sheet.get("game") != game or not isinstance(sheet.get("players"), list):
        raise _invalid(path)
    for n, player in enumerate(sheet["players"]):
        if not isinstance(player, dict):
            raise _invalid(f"{path}.players[{n}]")
        _check_name(player.get("name"), f"{path}.players[{n}].name")
    try:  # a game in progress keeps every entry, also one that breaks a rule: the sheet shows it at its field
        assess_sheet(sheet)
    except SheetError as error:
        raise _refused_sheet(path, error) from None


def _check_definition(definition: Any, path: str) -> None:
    """A custom game's definition, as the engine takes it."""
    try:
        checked_definition(definition)
    except SheetError as error:
        raise _refused_sheet(path, SheetError(error.path.removeprefix("definition."), error.text)) from None


def _check_shelf(document: Any, path: str) -> None:
    """Where a game is shown: a built-in game's id or a custom game's, and one of the shelf's states."""
    if not isinstance(document, dict) or set(document) != {"game", "state"}:
        raise _invalid(path)
    game = document["game"]
    if not isinstance(game, str) or not (CUSTOM_ID.fullmatch(game) or game in BUILT_IN):
        raise _invalid(f"{path}.game")
    if document["state"] not in STATES:
        raise _invalid(f"{path}.state")


def _refused_sheet(path: str, error: SheetError) -> BackupError:
    return BackupError("backup.error.sheet", error.text, path=f"{path}.{error.path}".rstrip("."),
                       message=error.message)


def _check_play(play: dict[str, Any], path: str) -> frozenset[str]:
    """Raises BackupError; returns what the rules bound in the play (PLAY_BOUNDED when the stored result is the
    one the current rules compute)."""
    _check_game(play, path)
    _check_time(play, "finished_at", path)
    _check_time(play, "started_at", path, required=False)
    if "record" in play and not isinstance(play["record"], dict):
        raise _invalid(f"{path}.record")
    if (fault := record_fault(play.get("record", {}))) is not None:
        raise _invalid(f"{path}.{fault}")
    if play.get("imported"):  # from BG Stats, totals only: its stored result is all there is to check
        fault = imported_result_fault(play)
        if fault is not None:
            raise _invalid(f"{path}.{fault}")
        return IMPORTED_BOUNDED
    try:
        result = score_sheet(play["sheet"])
    except SheetError as error:
        return _check_refused_play(play, path, error)
    _check_version_and_result(play, path, result.rules_version)
    # under the current rules the stored result must be the sheet's; older rules' results are kept as they
    # were (the summaries score such plays again)
    if play["rules_version"] != result.rules_version:
        return SHEET_BOUNDED
    if play["result"] != result.to_json():
        raise BackupError("backup.error.result", path=f"{path}.result")
    return PLAY_BOUNDED


def _check_refused_play(play: dict[str, Any], path: str, refusal: SheetError) -> frozenset[str]:
    """A play whose sheet the current rules refuse comes in only when older rules scored it: a rule added since
    refuses what they accepted (a backup the app wrote always imports). It keeps its stored result, as the store
    does (`summary.current_result`); its sheet must be one the sheet screens can show, like a game in progress's."""
    try:
        current = spec_for_sheet(play["sheet"]).rules_version
    except SheetError:
        raise _refused_sheet(f"{path}.sheet", refusal) from None
    if play.get("rules_version") == current:
        raise _refused_sheet(f"{path}.sheet", refusal)
    _check_version_and_result(play, path, current)
    _check_draft_sheet(play["game"], play["sheet"], f"{path}.sheet")
    return UNBOUNDED


def _check_version_and_result(play: dict[str, Any], path: str, current: int) -> None:
    version = play.get("rules_version")
    if type(version) is not int or not 1 <= version <= current:
        raise _invalid(f"{path}.rules_version")
    if not isinstance(play.get("result"), dict):
        raise _invalid(f"{path}.result")


# ---- CSV -----------------------------------------------------------------------------------------


def export_csv(repo: Repository, lang: str = "en") -> bytes:
    """One row per play and player, oldest play first; UTF-8 with a byte-order mark (spreadsheets then read
    Korean names right); the game's name in `lang`. Text that a spreadsheet would run as a formula is
    prefixed with an apostrophe (and so is text that begins with one: `read_csv` takes exactly one off)."""
    out = io.StringIO()
    names = DefinitionStore(repo)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in reversed(list(repo.plays_newest_first())):
        summary = summary_of(play)
        record = play.get("record") if isinstance(play.get("record"), dict) else {}
        duration = duration_of(play)
        out_players = set(eliminated_in(play))
        for seat, player in enumerate(summary.players, start=1):
            writer.writerow([summary.id, summary.day().isoformat(), started_of(play), summary.finished_at,
                             "" if duration is None else duration, summary.game,
                             _cell(names.name_of(summary.game).render(lang)), _bgg_id(names, summary.game),
                             _cell(str(record.get("location") or "")), _cell(str(record.get("note") or "")),
                             int(bool(record.get("ended_early")) or not summary.finished), _cell(player), seat,
                             summary.totals[player] if summary.points else "", summary.place(player),
                             int(player in summary.winners),
                             int(player in out_players)])
    return out.getvalue().encode("utf-8-sig")


def read_csv(data: bytes) -> list[dict[str, str]]:
    """The rows of a CSV export, each cell as it was before the formula guard."""
    rows = csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline=""))
    return [{key: _uncell(value) for key, value in row.items()} for row in rows]


def _cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _uncell(text: str) -> str:
    return text[1:] if text.startswith("'") else text


def _bgg_id(names: DefinitionStore, game: str) -> int:
    try:
        return names.spec(game).bgg_id
    except SheetError:
        return 0
