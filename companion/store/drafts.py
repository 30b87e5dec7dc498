"""Games in progress (`drafts.json`): saved at every entry, merged when two screens save the same game.

Each save gives the draft a new `rev`. The store remembers, per (draft, rev), the sheet stored at that
revision: whoever saves from that revision changed what differs from it, and only that is applied over the
sheet stored now (a three-way merge), so two screens never undo each other's entries.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any

from tinydb import Query
from tinydb.table import Table

from scoring import all_specs

from .atomic import encode, write_atomically
from .documents import canonical_time, clone, new_id, now_iso
from .files import DataFolder, StartupIssue, damage_stamp, unused_name

DRAFT_UNDO_DEPTH = 30
MERGE_BASES = 256
CUSTOM_GAME_PREFIX = "custom-"
_ABSENT: Any = object()


class GameFinished(Exception):  # noqa: N818 (the name the helpers agreed on)
    """A save of a game that has been finished (stored as the play `play_id`): nothing was written."""

    message_key = "storage.error.finished"

    def __init__(self, play_id: str) -> None:
        super().__init__(f"the game {play_id} is finished")
        self.play_id = play_id
        self.params = {"play": play_id}


class Drafts:
    def __init__(self, folder: DataFolder, finished: Callable[[str], bool]) -> None:
        """`finished(id)`: whether a play with that id is stored."""
        self.folder = folder
        self.path = folder.root / "drafts.json"
        self._finished = finished
        self._bases: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._bases_lock = threading.Lock()

    def save(self, draft: dict[str, Any]) -> dict[str, Any]:
        """Insert or replace a game in progress (keyed by its `id`); returns it as stored, with a new `rev`.

        When another session saved the same game since this one last saw it (its `rev` is stale), the
        changes this save makes to the sheet are applied over the stored sheet, so neither is lost.
        Raises GameFinished (nothing written) when the game was finished.
        """
        draft = clone(draft)
        draft["updated_at"] = now_iso()
        draft.setdefault("created_at", draft["updated_at"])
        draft["undo"] = list(draft.get("undo", []))[-DRAFT_UNDO_DEPTH:]
        with self.folder.writing(), self.folder.db(self.path) as db:
            table = db.table("drafts")
            stored = table.get(Query().id == draft["id"]) if "id" in draft else None
            if stored is None and "id" in draft and self._finished(draft["id"]):
                raise GameFinished(draft["id"])
            draft.setdefault("id", new_id())
            if stored is not None:
                draft["sheet"] = self._merged_sheet(draft, stored)
            draft["rev"] = (stored or {}).get("rev", 0) + 1
            replace_or_insert(table, draft)
        self._note_base(draft["id"], draft["rev"], draft.get("sheet"))
        return clone(draft)

    def _merged_sheet(self, draft: dict[str, Any], stored: dict[str, Any]) -> Any:
        with self._bases_lock:
            base = self._bases.get((draft["id"], draft.get("rev", -1)), _ABSENT)
        if base is _ABSENT:
            return draft.get("sheet")  # no common ancestor known: this save wins
        return merge3(base, draft.get("sheet"), stored.get("sheet"))

    def _note_base(self, draft_id: str, rev: int, sheet: Any) -> None:
        """Remember the sheet stored at (draft, rev): the base of the next save from that revision."""
        with self._bases_lock:
            key = (draft_id, rev)
            self._bases[key] = sheet
            self._bases.move_to_end(key)
            while len(self._bases) > MERGE_BASES:
                self._bases.popitem(last=False)

    def all(self) -> list[dict[str, Any]]:
        drafts = self.folder.docs(self.path, "drafts")
        for d in drafts:
            self._note_base(d["id"], d.get("rev", 0), d["sheet"])
        return sorted(clone(drafts), key=itemgetter("updated_at"), reverse=True)

    def get(self, draft_id: str) -> dict[str, Any] | None:
        found = next((d for d in self.folder.docs(self.path, "drafts") if d["id"] == draft_id), None)
        if found is None:
            return None
        self._note_base(draft_id, found.get("rev", 0), found["sheet"])
        return clone(found)

    def add(self, drafts: Iterable[dict[str, Any]]) -> int:
        """Store games in progress as they are (import), skipping ids already stored; returns how many."""
        with self.folder.writing(), self.folder.db(self.path) as db:
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

    def remove(self, draft_ids: list[str]) -> None:
        """Remove games in progress (call while writing, or alone)."""
        if any(d["id"] in draft_ids for d in self.folder.docs(self.path, "drafts")):
            with self.folder.writing(), self.folder.db(self.path) as db:
                db.table("drafts").remove(Query().id.one_of(draft_ids))

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
            self.remove([doc["id"] for doc, _ in damaged])
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
