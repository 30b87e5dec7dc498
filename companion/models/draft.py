"""A game in progress as one screen holds it: the stored draft, saved whole on every change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..store import GameFinished
from ..store.repository import Repository

Listener = Callable[[dict[str, Any]], None]


class DraftSession:
    """Keeps the latest stored version of a draft so that sheet, guide and calculator saves never undo each other."""

    def __init__(self, repo: Repository, draft: dict[str, Any],
                 on_finished: Callable[[str], None] | None = None) -> None:
        """`on_finished(play_id)`: the game was finished on another screen, so a save was refused."""
        self.repo = repo
        self.draft = draft
        self.listeners: list[Listener] = []
        self.on_finished = on_finished

    @property
    def id(self) -> str:
        return str(self.draft["id"])

    def save(self, **changes: Any) -> None:
        try:
            self.draft = self.repo.save_draft({**self.draft, **changes})
        except GameFinished as finished:
            if self.on_finished is None:
                raise
            self.on_finished(finished.play_id)
            return
        for listener in list(self.listeners):
            listener(self.draft)

    def tool(self, key: str) -> dict[str, Any]:
        """Saved state of a game-specific helper (e.g. the Tucana mayor's deck)."""
        return dict(self.draft.get("tools", {}).get(key, {}))

    def save_tool(self, key: str, state: dict[str, Any]) -> None:
        self.save(tools={**self.draft.get("tools", {}), key: state})

    def guide(self) -> dict[str, Any]:
        return dict(self.draft.get("guide", {}))

    def save_guide(self, state: dict[str, Any]) -> None:
        self.save(guide=state)
