"""A game in progress as one screen holds it: the stored draft, saved whole on every change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..store.repository import Repository
from .record import with_timer_started_on_entry

Listener = Callable[[dict[str, Any]], None]


class DraftSession:
    """Keeps the latest stored version of a draft so that sheet, guide and calculator saves never undo each other."""

    def __init__(self, repo: Repository, draft: dict[str, Any]) -> None:
        self.repo = repo
        self.draft = draft
        self.listeners: list[Listener] = []

    @property
    def id(self) -> str:
        return str(self.draft["id"])

    def save(self, **changes: Any) -> None:
        changes = with_timer_started_on_entry(self.draft, changes)
        self.draft = self.repo.save_draft({**self.draft, **changes})
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
