"""Games in progress, each the log of its operations (see `oplog`): every entry is an operation appended to the
game's own file (`games/<id>.jsonl`, see `log_files`); the sheet is what the operations fold to.

`drafts.json` lists the games in progress, each with a snapshot of its folded state and the size of the log it
covers, rewritten only every SNAPSHOT_EVERY operations; reading a game applies its log's later lines. No code
path stores a whole sheet over another: a screen sends only its own new operations.

A game stored before logs existed (or imported from such a backup) becomes a log that starts from its sheet.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Any

from tinydb import Query
from tinydb.table import Table

from scoring import all_specs

from . import log_files
from .atomic import encode, signature, write_atomically
from .documents import canonical_time, clone, new_id, now_iso
from .files import DataFolder, StartupIssue, damage_stamp, unused_name
from .oplog import Log, Op, check, diff

SNAPSHOT_EVERY = 256
CUSTOM_GAME_PREFIX = "custom-"
DOCUMENT_KEYS = ("sheet", "record", "guide", "tools")  # what a game in progress holds besides its names
BASE_DEVICE = "base"


class GameFinished(Exception):  # noqa: N818 (the name the helpers agreed on)
    """Operations for a game that has been finished (stored as the play `play_id`): nothing was written."""

    message_key = "storage.error.finished"

    def __init__(self, play_id: str) -> None:
        super().__init__(f"the game {play_id} is finished")
        self.play_id = play_id
        self.params = {"play": play_id}


def base_op(document: dict[str, Any], at: str) -> Op:
    """The first operation of a game's log: its document as it started (or as a schema-1 draft stored it).
    The same for every device that makes it, so two conversions of one draft agree."""
    return {"id": f"{BASE_DEVICE}:1", "dev": BASE_DEVICE, "n": 1, "c": 1, "k": "set", "p": [], "v": document,
            "at": at}


def document_of(draft: dict[str, Any]) -> dict[str, Any]:
    return {key: draft[key] for key in DOCUMENT_KEYS if key in draft}


@dataclass
class _Folded:
    """A game's log as last read: valid while its file has this identity and size."""

    file_key: tuple[int, int] | None
    log: Log


class Drafts:
    def __init__(self, folder: DataFolder, finished: Callable[[str], bool]) -> None:
        """`finished(id)`: whether a play with that id is stored."""
        self.folder = folder
        self.path = folder.root / "drafts.json"
        self.logs_dir = folder.root / "games"
        self._finished = finished
        self._folded: dict[str, _Folded] = {}
        self._lock = threading.RLock()

    def log_path(self, draft_id: str) -> Path:
        return self.logs_dir / f"{draft_id}.jsonl"

    # ---- writing ---------------------------------------------------------------------------------

    def create(self, draft: dict[str, Any]) -> dict[str, Any]:
        """Store a new game in progress (its `game` and document; an `id` and `created_at` may be given) as a
        log that starts from it; returns it as stored. An id already stored is refused (ValueError)."""
        draft = clone(draft)
        draft.setdefault("id", new_id())
        draft.setdefault("created_at", now_iso())
        with self.folder.writing():
            if self._doc(draft["id"]) is not None:
                raise ValueError(f"a game in progress {draft['id']} exists already")
            if self._finished(draft["id"]):
                raise GameFinished(draft["id"])
            self._store_new(draft, [base_op(document_of(draft), draft["created_at"])])
        found = self.get(draft["id"])
        assert found is not None
        return found

    def append(self, draft_id: str, ops: list[Op]) -> Log:
        """Add a screen's operations to a game (once each: those it holds already change nothing); they are
        confirmed once this returns. Returns the game's log as stored now (read only).

        Raises GameFinished (nothing written) when the game was finished, KeyError when it was discarded,
        StorageError (nothing confirmed) when the disk refuses."""
        with self.folder.writing(), self._lock:
            doc = self._doc(draft_id)
            if doc is None:
                if self._finished(draft_id):
                    raise GameFinished(draft_id)
                raise KeyError(draft_id)
            folded = self._read(doc)
            new = [op for op in ops if op["id"] not in folded.log.seen]
            if new:
                path = self.log_path(draft_id)
                size = log_files.append(path, new)
                folded.log.add(new)
                sig = signature(path)
                folded.file_key = (sig.key()[0], size) if sig is not None else None
                if len(folded.log.seen) - doc["log"]["ops"] >= SNAPSHOT_EVERY:
                    self._snapshot(draft_id, folded)
            return folded.log

    def _store_new(self, draft: dict[str, Any], ops: list[Op]) -> None:
        log = Log()
        log.add(ops)
        size = log_files.write_whole(self.log_path(draft["id"]), ops)
        with self.folder.db(self.path) as db:
            db.table("drafts").insert(self._entry(draft, log, size))
        self._folded.pop(draft["id"], None)

    def _entry(self, draft: dict[str, Any], log: Log, size: int) -> dict[str, Any]:
        document, _ = log.document()
        return {"id": draft["id"], "game": draft["game"], "created_at": draft["created_at"],
                "updated_at": canonical_time(log.last_at or draft["created_at"]), **document,
                "sheet": document.get("sheet", {}),
                "log": {"size": size, "ops": len(log.seen), "state": log.to_json()}}

    def _snapshot(self, draft_id: str, folded: _Folded) -> None:
        doc = self._doc(draft_id)
        assert doc is not None and folded.file_key is not None
        entry = self._entry(doc, folded.log, folded.file_key[1])
        with self.folder.db(self.path) as db:
            replace_docs(db.table("drafts"), {draft_id: entry})

    def edit(self, draft_id: str, change: Callable[[dict[str, Any]], dict[str, Any]], device: str) -> None:
        """Change a game's document as a program does (a player renamed everywhere): as operations of
        `device`, made from what `change` returns for the document as stored."""
        with self.folder.writing(), self._lock:
            doc = self._doc(draft_id)
            if doc is None:
                raise KeyError(draft_id)
            log = self._read(doc).log
            document, ids = log.document()
            counter = iter(range(len(log.seen) + 1, 2**53))
            clock = iter(range(log.clock + 1, 2**53))
            at = now_iso()

            def make(kind: str, path: list[Any], **fields: Any) -> Op:
                n = next(counter)
                return {"id": f"{device}:{n}", "dev": device, "n": n, "c": next(clock), "k": kind, "p": path,
                        "at": at, **fields}

            ops, _ = diff(document, change(clone(document)), ids, [], make)
            if ops:
                self.append(draft_id, ops)

    # ---- reading ---------------------------------------------------------------------------------

    def _doc(self, draft_id: str) -> dict[str, Any] | None:
        return next((d for d in self.folder.docs(self.path, "drafts") if d["id"] == draft_id), None)

    def _read(self, doc: dict[str, Any]) -> _Folded:
        """The game's log as stored now: the snapshot, then the lines after it (cached while unchanged)."""
        draft_id = doc["id"]
        sig = signature(self.log_path(draft_id))
        with self._lock:
            cached = self._folded.get(draft_id)
            if sig is None:
                return cached or _Folded(None, Log.from_json(doc["log"]["state"]))
            inode, size = sig.key()[0], sig.key()[1]
            if cached is not None and cached.file_key is not None and cached.file_key[0] == inode:
                if cached.file_key[1] == size:
                    return cached
                start = cached.file_key[1]
            else:
                cached = _Folded(None, Log.from_json(doc["log"]["state"]))
                start = doc["log"]["size"]
            lines = log_files.read(self.log_path(draft_id), start)
            cached.log.add(lines.ops)
            cached.file_key = (inode, lines.end)
            self._folded[draft_id] = cached
            return cached

    def log(self, draft_id: str) -> Log | None:
        """The game's log as stored now (read only), None when there is no such game."""
        doc = self._doc(draft_id)
        return None if doc is None else self._read(doc).log

    def ops(self, draft_id: str) -> list[Op]:
        """Every operation of the game, in the order they were stored."""
        return log_files.read(self.log_path(draft_id)).ops

    def _view(self, doc: dict[str, Any]) -> dict[str, Any]:
        log = self._read(doc).log
        document, _ = log.document()
        return {"id": doc["id"], "game": doc["game"], "created_at": doc["created_at"],
                "updated_at": canonical_time(log.last_at) if log.last_at else doc["updated_at"],
                **clone(document), "sheet": clone(document.get("sheet", {})), "clock": log.clock}

    def all(self) -> list[dict[str, Any]]:
        return sorted((self._view(d) for d in self.folder.docs(self.path, "drafts")),
                      key=itemgetter("updated_at"), reverse=True)

    def get(self, draft_id: str) -> dict[str, Any] | None:
        doc = self._doc(draft_id)
        return None if doc is None else self._view(doc)

    def export(self, draft_id: str) -> dict[str, Any] | None:
        """The game as a backup carries it: its document as it folds now, and its log."""
        view = self.get(draft_id)
        if view is None:
            return None
        view.pop("clock")
        return {**view, "log": self.ops(draft_id)}

    # ---- whole games -----------------------------------------------------------------------------

    def add(self, drafts: Iterable[dict[str, Any]]) -> int:
        """Store games in progress (imports, a discard taken back), skipping ids already stored or finished;
        returns how many. A game with a `log` keeps it (each operation checked first: ValueError); one without
        starts a log from its sheet."""
        prepared = []
        for draft in clone(list(drafts)):
            ops = [check(op) for op in draft.pop("log", None) or []]
            prepared.append((draft, ops or [base_op(document_of(draft), draft.get("created_at") or now_iso())]))
        added = 0
        with self.folder.writing():
            for draft, ops in prepared:
                if self._doc(draft["id"]) is None and not self._finished(draft["id"]):
                    draft.setdefault("created_at", now_iso())
                    self._store_new(draft, ops)
                    added += 1
        return added

    def convert_old(self) -> None:
        """Give each game stored before logs existed its log, starting from its sheet (call while writing)."""
        for doc in self.folder.docs(self.path, "drafts"):
            if "log" not in doc:
                ops = [base_op(document_of(doc), doc.get("updated_at") or doc["created_at"])]
                log = Log()
                log.add(ops)
                size = log_files.write_whole(self.log_path(doc["id"]), ops)
                with self.folder.db(self.path) as db:
                    replace_docs(db.table("drafts"), {doc["id"]: self._entry(doc, log, size)})

    def remove(self, draft_ids: list[str], sealed: bool = False) -> None:
        """Remove games in progress (call while writing, or alone). `sealed`: the games were finished, and
        their logs are kept in `games/finished/` (a late entry can reopen the game with its whole log)."""
        if any(d["id"] in draft_ids for d in self.folder.docs(self.path, "drafts")):
            with self.folder.writing(), self.folder.db(self.path) as db:
                db.table("drafts").remove(Query().id.one_of(draft_ids))
        for draft_id in draft_ids:
            path = self.log_path(draft_id)
            if sealed and path.exists():
                self.sealed_path(draft_id).parent.mkdir(exist_ok=True)
                path.replace(self.sealed_path(draft_id))
            else:
                path.unlink(missing_ok=True)
            self._folded.pop(draft_id, None)

    def sealed_path(self, draft_id: str) -> Path:
        return self.logs_dir / "finished" / f"{draft_id}.jsonl"

    def sealed_ops(self, draft_id: str) -> list[Op]:
        """The log of a finished game (empty when it was finished before logs were kept)."""
        return log_files.read(self.sealed_path(draft_id)).ops

    def set_aside_damaged(self) -> list[StartupIssue]:
        """Move each game in progress that the app cannot show into a file of its own (call while writing);
        the other games stay."""
        damaged = [(doc, problem) for doc in self.folder.docs(self.path, "drafts")
                   if (problem := draft_problem(doc)) is not None]
        issues = []
        stamp = damage_stamp() if damaged else ""  # strftime's first call costs up to 0.4 s in the browser
        for doc, problem in damaged:
            target = unused_name(self.path, f"corrupt-{stamp}")
            write_atomically(target, encode({"drafts": {"1": doc}}))
            issues.append(StartupIssue(self.path.name, target.name, problem, None))
        if damaged:
            with self.folder.db(self.path) as db:
                db.table("drafts").remove(Query().id.one_of([doc["id"] for doc, _ in damaged]))
        return issues


def draft_problem(draft: dict[str, Any]) -> str | None:
    """Why the app could not show this game in progress, or None."""
    sheet = draft["sheet"]
    game = draft["game"]
    custom = game.startswith(CUSTOM_GAME_PREFIX) and isinstance(sheet.get("definition"), dict)
    if not custom and game not in {spec.id for spec in all_specs()}:
        return f"a game in progress is of an unknown game {game!r}"
    players = sheet.get("players")
    if not (isinstance(players, list) and players
            and all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)):
        return "a game in progress has no players"
    try:
        canonical_time(draft.get("updated_at"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "a game in progress has no valid time of its last entry"
    if "log" in draft:
        try:
            log = draft["log"]
            if not (type(log["size"]) is int and type(log["ops"]) is int):
                raise TypeError(log)
            Log.from_json(log["state"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError):
            return "a game in progress has a damaged snapshot of its log"
    return None


def replace_or_insert(table: Table, doc: dict[str, Any]) -> None:
    if table.contains(Query().id == doc["id"]):
        replace_docs(table, {doc["id"]: doc})
    else:
        table.insert(doc)


def replace_docs(table: Table, replacements: dict[str, dict[str, Any]]) -> None:
    """Replace whole documents by id, in one write."""
    def replace(doc: dict[str, Any]) -> None:
        new = replacements[doc["id"]]
        doc.clear()
        doc.update(new)

    table.update(replace, Query().id.one_of(list(replacements)))
