"""What a screen may use of the app: one browser session (companion.app.App is the one implementation)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import flet as ft

    from ..app import Services
    from ..i18n import Translator
    from ..live_feed import Handler
    from ..models.definition_form import DefinitionForm
    from ..models.draft import Writer
    from ..store import StorageError
    from ..store.definitions import DefinitionStore
    from ..store.repository import Repository
    from ..widgets.game_unit import GameUnit
    from .history import HistoryFilter


class ScreenApp(Protocol):
    page: ft.Page
    services: Services  # what every session of this server shares: the live table, downloads, uploads
    repo: Repository
    games: DefinitionStore  # the one catalog of games, built-in and the players' own
    writer: Writer  # this session's edits of games in progress, as one device
    t: Translator
    lang: str
    theme_mode: str
    role: str  # "host" (the scorekeeper) or "viewer" (a phone that joined), decided once per session
    peer: str | None  # the session's network address
    joined: dict[str, str]  # join code -> game, for the games this session joined
    # what the session keeps of screens it left: the history's filter, the statistics' period, unsaved editors
    history_filter: HistoryFilter | None
    stats_period: str
    unsaved_definitions: dict[str, DefinitionForm]

    def go(self, route: str) -> None: ...

    def refresh(self) -> None: ...

    def game_unit(self, game: str) -> GameUnit: ...

    def publish(self, draft_id: str, message: dict[str, Any]) -> None: ...

    def watch(self, draft_id: str, handler: Handler) -> None: ...

    def storage_problem(self, error: StorageError | None, retry: Callable[[], bool]) -> None: ...

    def run_task(self, task: Callable[..., Awaitable[None]], *args: object) -> None: ...

    def snack(self, message: str) -> None: ...

    def offer_undo(self, message: str, undo: Callable[[], object]) -> None: ...

    def show_dialog(self, dialog: ft.DialogControl) -> None: ...

    def close_dialog(self, then: Callable[[], None] = ...) -> None: ...

    def set_language(self, lang: str) -> None: ...

    def set_theme(self, mode: str) -> None: ...

    def store_preference(self, key: str, value: str) -> None: ...

    async def preference(self, key: str) -> str | None: ...
