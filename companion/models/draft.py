"""A game in progress as one screen holds it: what the screen shows, and the operations its edits become.

A screen never stores a sheet: each save is compared with what this screen showed before it, and only what
changed goes to the store, as operations of this screen's writer (see `store.oplog`). Entries made on other
screens meanwhile stay, whatever this screen shows; `adopt` takes them in (the screen then redraws).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..store import GameFinished, StorageError
from ..store.documents import clone, new_id, now_iso
from ..store.drafts import base_op, document_of
from ..store.oplog import ABSENT, Ids, Log, Op, diff, inverse
from ..store.repository import Repository
from .record import with_timer_started_on_entry

UNDO_DEPTH = 30
Listener = Callable[[dict[str, Any]], None]
# Told of every failed save (with a way to try again) and of the next save that worked (error None).
StorageHandler = Callable[[StorageError | None, Callable[[], bool]], None]
# Told when entries reached a game finished elsewhere (the play's id, and the operations that missed it), or
# a game that was discarded (None).
FinishedHandler = Callable[[str | None, list[Op]], None]


def _ignore(error: StorageError | None, retry: Callable[[], bool]) -> None:
    if error is not None:
        raise error


class Writer:
    """One device's operations (a browser tab, a phone on the live table): its id, counter and clock, shared
    by every screen it opens. `by`: who the device enters for (a joined phone's player), carried by each
    operation."""

    def __init__(self, by: dict[str, str] | None = None) -> None:
        self.device = new_id()
        self.by = dict(by or {})
        self.n = 0
        self.clock = 0

    def make(self, kind: str, path: list[Any], **fields: Any) -> Op:
        self.n += 1
        self.clock += 1
        op = {"id": f"{self.device}:{self.n}", "dev": self.device, "n": self.n, "c": self.clock, "k": kind,
              "p": path, "at": now_iso(), **fields}
        if self.by:
            op["by"] = dict(self.by)
        return op

    def saw(self, clock: int) -> None:
        """Later operations of this device come after everything it has seen (Lamport)."""
        self.clock = max(self.clock, clock)


class DraftSession:
    """The screen's side of a game in progress: what it shows (`draft`), its edits sent as operations, and
    undo of its own edits.

    An edit the disk refuses stays `pending` and goes out with the next one or a retry (the storage handler
    says so on screen). Entries that reach a game finished on another screen are handed to `on_finished`.
    """

    def __init__(self, repo: Repository, draft: dict[str, Any], on_storage: StorageHandler | None = None,
                 on_finished: FinishedHandler | None = None, writer: Writer | None = None) -> None:
        self.repo = repo
        self.writer = writer or Writer()
        self.meta = {key: draft[key] for key in ("id", "game", "created_at") if key in draft}
        self.listeners: list[Listener] = []
        self.pending: list[Op] = []
        self.edits: list[list[Op]] = []  # this screen's sheet edits, newest last: what undo takes back
        self.on_storage = on_storage or _ignore
        self.on_finished = on_finished
        self.shown: dict[str, Any] = {}
        self.ids: dict[str, Ids] = {}
        self.log = Log()
        self.adopt(draft)

    @property
    def id(self) -> str:
        return str(self.meta["id"])

    @property
    def draft(self) -> dict[str, Any]:
        """The game as this screen shows it (a copy: changing it changes nothing until it is saved)."""
        return clone({**self.meta, **self.shown})

    def adopt(self, draft: dict[str, Any] | None = None) -> None:
        """Show the game as stored now, with this screen's pending edits (what other screens entered comes in)."""
        stored = self.repo.draft_log(self.id)
        if stored is not None:
            self.log = Log.from_json(stored.to_json())
        elif draft is not None and not self.log.seen:  # not stored (any more): start from what was given
            self.log = Log()
            self.log.add([base_op(document_of(draft), now_iso())])
        self.log.add(self.pending)
        self.shown, self.ids = self.log.document()
        self.writer.saw(self.log.clock)

    # ---- edits -----------------------------------------------------------------------------------

    def save(self, same_edit: bool = False, **changes: Any) -> None:
        """The document's parts as the screen now has them; only what differs from what it showed is sent.
        `same_edit`: one more keystroke of the field being typed (one edit for undo)."""
        changes = with_timer_started_on_entry(self.draft, changes)
        ops: list[Op] = []
        for key, value in changes.items():
            value = clone(value)  # what the caller changes next is not what this screen showed
            made, ids = diff(self.shown.get(key, ABSENT), value, self.ids.get(key), [key], self.writer.make)
            ops += made
            self.shown[key] = value
            self.ids[key] = ids
        if not ops:
            return
        sheet_ops = [op for op in ops if op["p"][0] == "sheet"]
        if sheet_ops:
            if same_edit and self.edits:
                self.edits[-1] = self.edits[-1] + sheet_ops
            else:
                self.edits = [*self.edits, sheet_ops][-UNDO_DEPTH:]
        self._send(ops)

    def _send(self, ops: list[Op]) -> None:
        self.log.add(ops)
        self.pending += ops
        self.flush()

    def flush(self) -> bool:
        """Store what is pending; False when the disk refused (it stays pending) or the game was finished."""
        if not self.pending:
            return True
        try:
            stored = self.repo.append_ops(self.id, self.pending)
        except StorageError as error:
            self.on_storage(error, self.flush)
            return False
        except (GameFinished, KeyError) as gone:
            missed, self.pending = self.pending, []
            if self.on_finished is None:
                raise
            self.on_finished(gone.play_id if isinstance(gone, GameFinished) else None, missed)
            return False
        self.writer.saw(stored.clock)
        self.pending = []
        self.on_storage(None, self.flush)
        for listener in list(self.listeners):
            listener(self.draft)
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self.edits)

    def undo(self) -> bool:
        """Take back this screen's last edit (never another screen's: a value changed since stays); the
        screen then shows the game as stored."""
        if not self.edits:
            return False
        *self.edits, last = self.edits
        ops = []
        for op in reversed(last):
            back = inverse(self.log.root, op, self.writer.make)
            if back is not None:
                self.log.add([back])
                ops.append(back)
        if ops:
            self._send(ops)
        self.adopt()
        return True

    def finish(self) -> dict[str, Any] | None:
        """Store the game as finished (see Repository.finish_draft); None when the disk refused."""
        if not self.flush():
            return None
        try:
            return self.repo.finish_draft(self.id)
        except StorageError as error:
            self.on_storage(error, self.flush)
            return None

    # ---- the sheet model's store (see SheetModel) ------------------------------------------------

    def save_sheet(self, sheet: dict[str, Any], same_edit: bool) -> None:
        self.save(same_edit=same_edit, sheet=sheet)

    def undo_sheet(self) -> dict[str, Any] | None:
        return clone(self.shown.get("sheet") or {}) if self.undo() else None

    # ---- helpers' and the guide's own state ------------------------------------------------------

    def tool(self, key: str) -> dict[str, Any]:
        """Saved state of a game-specific helper (e.g. the Tucana mayor's deck)."""
        return clone((self.shown.get("tools") or {}).get(key, {}))

    def save_tool(self, key: str, state: dict[str, Any]) -> None:
        self.save(tools={**(self.shown.get("tools") or {}), key: state})

    def guide(self) -> dict[str, Any]:
        return clone(self.shown.get("guide") or {})

    def save_guide(self, state: dict[str, Any]) -> None:
        self.save(guide=state)
