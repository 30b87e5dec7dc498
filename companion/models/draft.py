"""A game in progress as one screen holds it: the stored draft, saved whole on every change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..store import GameFinished, StorageError
from ..store.drafts import merge3
from ..store.repository import Repository
from .record import with_timer_started_on_entry

Listener = Callable[[dict[str, Any]], None]
# Told of every failed save (with a way to try again) and of the next save that worked (error None).
StorageHandler = Callable[[StorageError | None, Callable[[], bool]], None]


def _ignore(error: StorageError | None, retry: Callable[[], bool]) -> None:
    if error is not None:
        raise error


class DraftSession:
    """Keeps the latest stored version of a draft so that sheet, guide and calculator saves never undo each other.

    A screen's own sheet grows from the sheet it last handed over, not from the merged one the store gave
    back: each save applies only what the screen changed since then over the stored sheet, so entries made
    on other screens meanwhile stay. A save the disk refuses is kept here (`pending`) and goes out with the
    next save or a retry; the storage handler says so on screen. A save to a game finished on another screen
    is dropped and `on_finished(play_id)` is told, so the screen can show the result.
    """

    def __init__(self, repo: Repository, draft: dict[str, Any], on_storage: StorageHandler | None = None,
                 on_finished: Callable[[str], None] | None = None) -> None:
        self.repo = repo
        self.draft = draft
        self.listeners: list[Listener] = []
        self.pending: dict[str, Any] = {}
        self.on_storage = on_storage or _ignore
        self.on_finished = on_finished
        self._handed_over = draft.get("sheet")  # the sheet this screen's next sheet grows from

    @property
    def id(self) -> str:
        return str(self.draft["id"])

    def save(self, **changes: Any) -> None:
        changes = with_timer_started_on_entry(self.draft, changes)
        self.pending.update(changes)
        self.flush()

    def flush(self) -> bool:
        """Store what is pending; False when the disk refused (it stays pending) or the game was finished."""
        if not self.pending:
            return True
        outgoing = {**self.draft, **self.pending}
        if "sheet" in self.pending:
            outgoing["sheet"] = merge3(self._handed_over, self.pending["sheet"], self.draft.get("sheet"))
        try:
            saved = self.repo.save_draft(outgoing)
        except StorageError as error:
            self.on_storage(error, self.flush)
            return False
        except GameFinished as finished:
            self.pending = {}
            if self.on_finished is None:
                raise
            self.on_finished(finished.play_id)
            return False
        if "sheet" in self.pending:
            self._handed_over = self.pending["sheet"]
        self.pending = {}
        self.draft = saved
        self.on_storage(None, self.flush)
        for listener in list(self.listeners):
            listener(self.draft)
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

    def tool(self, key: str) -> dict[str, Any]:
        """Saved state of a game-specific helper (e.g. the Tucana mayor's deck)."""
        return dict({**self.draft, **self.pending}.get("tools", {}).get(key, {}))

    def save_tool(self, key: str, state: dict[str, Any]) -> None:
        self.save(tools={**{**self.draft, **self.pending}.get("tools", {}), key: state})

    def guide(self) -> dict[str, Any]:
        return dict({**self.draft, **self.pending}.get("guide", {}))

    def save_guide(self, state: dict[str, Any]) -> None:
        self.save(guide=state)
