"""One browser session of the app: language, theme, navigation between screens."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from . import platform
from .downloads import Downloads
from .games import unit_for
from .i18n import LANGUAGES, Translator, language_from_locale
from .live import LiveTable, PeerRegistry
from .live_feed import Handler, LiveFeed
from .models.draft import Writer
from .store import StorageError
from .store.definitions import DefinitionStore
from .store.repository import Repository
from .store.schema import NewerSchemaError
from .theme import FONTS, GAP, LANGUAGE_FONTS, PAD, THEME_MODES, build_theme
from .uploads import Uploads
from .views.routes import screens_for
from .widgets.common import tagged
from .widgets.game_unit import GameUnit
from .widgets.text import AppText

if TYPE_CHECKING:
    from .models.definition_form import DefinitionForm
    from .views.base import Screen
    from .views.history import HistoryFilter

logger = logging.getLogger(__name__)
PREF_LANGUAGE = "table_companion.language"
PREF_THEME = "table_companion.theme"
CLIENT_TIMEOUT = 3.0
STORAGE_RETRY_S = 5.0  # seconds between tries to save what the disk refused
MAX_CONFIRMING = 8  # screen changes the browser may not have confirmed yet (taps faster than a round trip)
MESSAGE_S = 3  # seconds a message stays
UNDO_S = 8  # seconds a message with Undo stays
MESSAGE_GRACE_S = 1.0  # after its time, a message the browser still shows is taken away (see _message)


@dataclass
class Services:
    """What every session shares: the data, the download slots and the live table of this server."""

    repo: Repository
    downloads: Downloads
    live: LiveTable = field(default_factory=LiveTable)
    share_url: str | None = None  # the address phones on the network use, when the server was started with --share
    # Served over the network: the real peer address of each session (companion.server records it). None when
    # the app runs locally in Flet (desktop, tests), where the page's client_ip is all there is.
    peers: PeerRegistry | None = None
    uploads: Uploads = field(default_factory=Uploads)
    problem: StorageError | NewerSchemaError | None = None  # why the data could not be opened (then only that shows)


class App:
    def __init__(self, page: ft.Page, services: Services) -> None:
        self.page = page
        self.services = services
        self.repo = services.repo
        self.games = DefinitionStore(self.repo)  # the one catalog of games: built-in and the players' own
        self.writer = Writer()  # this session's edits of games in progress, as one device
        self.lang = "en"
        self.theme_mode = "system"
        self.t = Translator(self.lang)
        self.screens: list[Screen] = []
        self.role = "viewer"  # until start() decides
        self.peer: str | None = None
        self._storage_banner: ft.Banner | None = None
        self._retry_scheduled = False
        self._dialogs: list[ft.DialogControl] = []  # shown by `show_dialog`, not yet dismissed
        self._after_dialog: dict[ft.DialogControl, Callable[[], None]] = {}
        self._confirming: list[str] = []  # routes shown before the browser confirmed them (see _go)
        self._due: list[tuple[ft.SnackBar, int]] = []  # messages (and their seconds) for the screen shown next
        self._messages: list[ft.SnackBar] = []  # messages on the screen (shown, not yet dismissed)
        self._messages_free_at = 0.0  # when the browser has shown every message it holds (it shows one at a time)
        self._storing = 0  # screen changes waiting for the storage (see go): their messages wait with them
        self._prefs: ft.SharedPreferences | None = None
        self.feed = LiveFeed(page)
        self.joined: dict[str, str] = {}  # join code -> game, for the games this session joined (see views.live)
        # what the session keeps of screens it left (views.app_protocol)
        self.history_filter: HistoryFilter | None = None
        self.stats_period = "all"
        self.unsaved_definitions: dict[str, DefinitionForm] = {}

    def _decide_role(self) -> None:
        """Host or viewer, once for the whole session, from the connection's real address and the key.

        Nothing the client sends later (page properties, routes) changes it.
        """
        page = self.page
        peers = self.services.peers
        self.peer = page.client_ip if peers is None else (peers.peer_of(page) or "unknown")
        route = urlparse(page.route or "/")
        key = parse_qs(route.query).get("key", [None])[0]
        joining = route.path.rstrip("/") == "/join"  # anyone may open the join page, as the other phones see it
        self.role = "host" if self.services.live.is_host(self.peer, key) and not joining else "viewer"

    async def start(self) -> None:
        page = self.page
        page.title = "Table Companion"
        if not page.web:
            page.fonts = FONTS
        page.theme = build_theme()
        page.dark_theme = build_theme(dark=True)
        page.padding = 0
        self._refuse_storage_errors()
        page.update()
        self._decide_role()
        saved_lang, saved_theme, device_lang = await asyncio.gather(
            self._saved("lang"), self._saved("theme"), self._device_language())
        platform.mark("client settings read")
        self.lang = saved_lang or device_lang
        self.theme_mode = saved_theme or "system"
        self.t = Translator(self.lang)
        page.theme_mode = THEME_MODES[self.theme_mode]
        if self.services.problem is not None:
            self._show_problem(self.services.problem)
            return
        page.on_route_change = self._route_changed
        page.on_view_pop = self._view_popped
        page.on_close = self._closed
        page.on_connect = lambda e: self.feed.back()
        self.show(page.route or "/")

    def _show_problem(self, problem: StorageError | NewerSchemaError) -> None:
        """The data folder cannot be used: say why and what to do, instead of any screen that needs it."""
        self.page.views.clear()
        self.page.views.append(ft.View(route="/", padding=24, controls=[
            AppText(self.t("app.name"), size=22, weight=ft.FontWeight.BOLD),
            tagged("storage.problem", ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                                              AppText(self.t.refusal(problem), expand=True,
                                                      size=16)])),
            *([AppText(self.t("storage.start_problem"), size=14)] if isinstance(problem, StorageError) else []),
        ]))
        self.page.update()

    # ---- navigation --------------------------------------------------------------------------

    def go(self, route: str) -> None:
        if platform.pending():  # the next screen shows what was just stored (a result, a game): once it lasts
            self._storing += 1
            self.page.run_task(self._go_when_stored, route)
        else:
            self._go(route)

    async def _go_when_stored(self, route: str) -> None:
        try:
            await platform.settled()
        except StorageError as error:
            self.snack(self.t.refusal(error))
        self._storing -= 1
        self._go(route)
        self._show_due()

    def _go(self, route: str) -> None:
        """Show the route's screens at once, then have the browser's address and history follow.

        Waiting for the browser's route change before showing anything would cost the player a round trip
        on every screen change; the route change that comes back is recognised and skipped."""
        moved = route != self.page.route
        self.page.route = route
        self.show(route)
        if moved:
            self._confirming = [*self._confirming[-(MAX_CONFIRMING - 1):], route]
            self.page.navigate(route)

    def _route_changed(self, e: ft.RouteChangeEvent) -> None:
        """The browser's route changed: back or forward, an edited address, or the echo of `_go`."""
        if e.route in self._confirming:
            del self._confirming[:self._confirming.index(e.route) + 1]
            return
        self.show(e.route)

    def show(self, route: str) -> None:
        """Show the stack of screens of a route. The top screen is always built afresh; a screen under it
        that was already on the stack at the same place is kept as it is (it is not visible, and is built
        again when it comes back on top), so going one screen deeper sends only the new screen."""
        self._take_messages_away()
        screens = screens_for(self, route)
        shown = list(zip(self.screens, self.page.views, strict=False))  # the page starts with a view
        views: list[ft.View] = []
        for i, screen in enumerate(screens):
            behind = i < len(screens) - 1
            if behind and i < len(shown) and shown[i][0].route == screen.route:
                screens[i], view = shown[i]
            else:
                view = screen.build()
            # An isolated view is left out when Flet diffs the page after a tap: only the top one can change.
            view._isolated = behind
            views.append(view)
        self.screens = screens
        self.page.views[:] = views
        self.page.update()

    def refresh(self) -> None:
        """Rebuild the current screens, those under the top one too (after a language or theme change)."""
        self.screens = []
        self.show(self.page.route or "/")

    async def _view_popped(self, e: ft.ViewPopEvent) -> None:
        if len(self.screens) > 1:
            self.go(self.screens[-2].route)

    def _closed(self, e: ft.ControlEvent) -> None:
        """The session expired (its phone went away and did not come back): take its screens down, so that
        what runs while a screen is shown stops (a sheet's clock, which would keep the session alive) and
        the session can be freed. Flet itself unmounts nothing then. The players its phone held are free."""
        self._messages.clear()  # nothing left to take away when their time is up
        self.feed.end()
        self.page.views.clear()
        self.page.update()
        for draft_id in self.services.live.claims.release(self.page.session.id):
            self.publish(draft_id, {"draft": draft_id})

    def game_unit(self, game: str) -> GameUnit:
        return unit_for(game)

    # ---- the live table --------------------------------------------------------------------------

    def publish(self, draft_id: str, message: dict[str, Any]) -> None:
        """Tell the other phones watching this game that it changed (or ended)."""
        self.feed.publish(draft_id, message)

    def watch(self, draft_id: str, handler: Handler) -> None:
        """Redraw with `handler(message)` when another session changes the game (see LiveFeed)."""
        self.feed.watch(draft_id, handler)

    # ---- storage --------------------------------------------------------------------------------

    def storage_problem(self, error: StorageError | None, retry: Callable[[], bool]) -> None:
        """The one place where a save the disk refused reaches the player (see DraftSession): a banner says
        that what was entered is kept on screen, and `retry` runs every few seconds until it works."""
        if error is None:
            if self._storage_banner is not None:
                banner, self._storage_banner = self._storage_banner, None
                banner.open = False
                banner.update()
                self.snack(self.t("storage.saved_again"))
            return
        message = self.t(f"storage.unsaved.{error.kind}", reason=error.params.get("reason", str(error)))
        if self._storage_banner is None:
            self._storage_banner = ft.Banner(
                leading=ft.Icon(ft.Icons.SAVE_OUTLINED, color=ft.Colors.ERROR),
                content=tagged("storage.unsaved", AppText(message)),
                bgcolor=ft.Colors.ERROR_CONTAINER,
                actions=[tagged("storage.retry", ft.TextButton(self.t("storage.retry"), on_click=lambda e: retry()))])
            self.page.show_dialog(self._storage_banner)
        else:
            self._storage_banner.content = tagged("storage.unsaved", AppText(message))
            self._storage_banner.update()
        if not self._retry_scheduled:
            self._retry_scheduled = True

            async def again() -> None:
                await asyncio.sleep(STORAGE_RETRY_S)
                self._retry_scheduled = False
                retry()

            self.page.run_task(again)

    def _refuse_storage_errors(self) -> None:
        """Flet turns an exception in an event handler into the crash of the whole session (its error screen).
        A change the disk refused is no crash: a StorageError from any handler goes to `storage_refused`
        instead. Handlers write before they change the screen, so what the player typed stays where it was (a
        dialog open with its fields, a form with its names); nothing is stored (see StorageError)."""
        session = self.page.session
        crash = session.error

        def error(message: str) -> None:
            problem = sys.exc_info()[1]  # Flet calls this while it handles the handler's exception
            if isinstance(problem, StorageError):
                self.storage_refused(problem)
            else:
                crash(message)

        session.error = error  # type: ignore[method-assign]

    def run_task(self, task: Callable[..., Awaitable[None]], *args: object) -> None:
        """`page.run_task`, with a StorageError of the task refused like one of an event handler."""
        async def guarded() -> None:
            try:
                await task(*args)
            except StorageError as error:
                self.storage_refused(error)

        self.page.run_task(guarded)

    def storage_refused(self, error: StorageError) -> None:
        """The one place where a change the disk refused (a new game, an edit, a player, an import...)
        reaches the player: a dialog over the screen, which stays as it was, to try again from there.
        (Entries on a sheet are kept and retried instead: see `storage_problem`.)"""
        t = self.t
        self.show_dialog(ft.AlertDialog(
            icon=ft.Icon(ft.Icons.SAVE_OUTLINED, color=ft.Colors.ERROR),
            title=AppText(t("storage.refused.title")),
            content=tagged("storage.refused", AppText(t(f"storage.refused.{error.kind}",
                                                        reason=error.params.get("reason", str(error))))),
            actions=[tagged("storage.refused.close", ft.TextButton(t("common.close"),
                                                                   on_click=lambda e: self.close_dialog()))]))

    def offer_undo(self, message: str, undo: Callable[[], object]) -> None:
        """A message with Undo (see `_message`); when the disk refuses the undo, it is offered again (nothing is
        lost). A tap that reaches the server after the message was taken away (the screen changed) undoes nothing."""
        def undone(e: ft.ControlEvent) -> None:
            if bar not in self._messages:
                return
            try:
                undo()
            except StorageError:
                self.offer_undo(message, undo)
                raise
            self.refresh()

        bar = self._message(message, UNDO_S, ft.SnackBarAction(label=self.t("history.undo"), on_click=undone))

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        def dismissed(e: ft.ControlEvent) -> None:
            with contextlib.suppress(ValueError):
                self._dialogs.remove(dialog)
            self._after_dialog.pop(dialog, lambda: None)()

        dialog.on_dismiss = dismissed
        self._dialogs.append(dialog)
        self.page.show_dialog(dialog)

    def close_dialog(self, then: Callable[[], None] = lambda: None) -> None:
        """Close the dialog on top (not a message shown after it, as Flet's `pop_dialog` would) and run `then`
        once the browser has taken it off the screen.

        A screen change sent while the dialog is still closing can bring it back over the next screen (seen
        in Chromium after "Show the join code"), so whatever changes the screen waits for the dismissal.
        """
        dialog = next((d for d in reversed(self._dialogs) if d.open), None)
        if dialog is None:
            then()
            return
        dialog.open = False
        dialog.update()
        self._after_dialog[dialog] = then

    def snack(self, message: str) -> None:
        self._message(message, MESSAGE_S)

    # ---- messages ----------------------------------------------------------------------------------

    def _message(self, text: str, seconds: int, action: ft.SnackBarAction | None = None) -> ft.SnackBar:
        """Show a message at the bottom once the event at hand is handled, over the screen shown then: one said
        just before a screen change ("Saved", then the new game's screen) is for the next screen.

        It floats above that screen's bottom bar, whose buttons stay tappable, and goes when the screen changes
        (`show`) or its time is up: the browser keeps a message with an action until it is tapped when nobody
        says otherwise (`persist`), and one it still shows a moment after its time is taken away from here."""
        bar = ft.SnackBar(AppText(text), action=action, duration=ft.Duration(seconds=seconds), persist=False,
                          behavior=ft.SnackBarBehavior.FLOATING)
        self._due.append((bar, seconds))
        if len(self._due) == 1:
            self.page.session.connection.loop.call_soon_threadsafe(self._show_due)
        return bar

    def _show_due(self) -> None:
        if self._storing:  # the screen they are for comes once the storage is done (_go_when_stored)
            return
        due, self._due = self._due, []
        loop = asyncio.get_running_loop()
        above = self.screens[-1].bottom_bar_height if self.screens else 0
        for bar, seconds in due:
            if above:
                bar.margin = ft.Margin.only(left=PAD, right=PAD, bottom=above + GAP)
            bar.on_dismiss = lambda e, bar=bar: self._dismissed(bar)
            self._messages.append(bar)
            self.page.show_dialog(bar)
            # the browser shows one message after the other: this one's time starts when those before it end
            start = max(loop.time(), self._messages_free_at)
            self._messages_free_at = start + seconds
            loop.call_at(self._messages_free_at + MESSAGE_GRACE_S, self._take_away, bar)

    def _take_away(self, bar: ft.SnackBar) -> None:
        if bar in self._messages:
            self._dismissed(bar)
            bar.open = False
            bar.update()

    def _dismissed(self, bar: ft.SnackBar) -> None:
        with contextlib.suppress(ValueError):
            self._messages.remove(bar)

    def _take_messages_away(self) -> None:
        """The screen changes: what was said about the one before goes with it (an Undo over the next screen's
        main button would be tapped instead of it, and undo what that screen does not show)."""
        for bar in list(self._messages):
            self._take_away(bar)
        self._messages_free_at = 0.0

    # ---- preferences (kept in the browser, so each phone has its own) ---------------------------

    def set_language(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.lang = lang
            self.t = Translator(lang)
            self._use_fonts_of(lang)
            self._store_pref(PREF_LANGUAGE, lang)
            self.refresh()

    def _use_fonts_of(self, lang: str) -> None:
        """Load the font only this language needs (theme.LANGUAGE_FONTS) when the player switches to it."""
        if lang in LANGUAGE_FONTS and self.page.web:
            self.page.fonts = {**(self.page.fonts or {}), **LANGUAGE_FONTS[lang]}
        self.page.theme = build_theme(lang=lang)
        self.page.dark_theme = build_theme(dark=True, lang=lang)

    def set_theme(self, mode: str) -> None:
        if mode in THEME_MODES:
            self.theme_mode = mode
            self.page.theme_mode = THEME_MODES[mode]
            self._store_pref(PREF_THEME, mode)
            self.refresh()

    def _store_pref(self, key: str, value: str) -> None:
        async def store() -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._preferences().set(key, value), CLIENT_TIMEOUT)

        self.page.run_task(store)

    def store_preference(self, key: str, value: str) -> None:
        """Keep a screen's preference in this browser (text size, when a backup was made)."""
        self._store_pref(key, value)

    async def preference(self, key: str) -> str | None:
        """A screen's preference kept in this browser (None when unset, or when the client does not answer)."""
        try:
            value = await asyncio.wait_for(self._preferences().get(key), CLIENT_TIMEOUT)
        except Exception:  # an old or unreachable client: as if unset
            logger.debug("no saved %s", key, exc_info=True)
            return None
        return value if isinstance(value, str) else None

    def _preferences(self) -> ft.SharedPreferences:
        """The browser's preferences: one service for the session (each new one is first sent to the client)."""
        if self._prefs is None:
            self._prefs = ft.SharedPreferences()
        return self._prefs

    async def _saved(self, which: str) -> str | None:
        key = PREF_LANGUAGE if which == "lang" else PREF_THEME
        allowed: Any = LANGUAGES if which == "lang" else THEME_MODES
        try:
            value = await asyncio.wait_for(self._preferences().get(key), CLIENT_TIMEOUT)
        except Exception:  # an old or unreachable client: fall back to defaults
            logger.debug("no saved %s", which, exc_info=True)
            return None
        return value if value in allowed else None

    async def _device_language(self) -> str:
        try:
            info = await asyncio.wait_for(self.page.get_device_info(), CLIENT_TIMEOUT)
        except Exception:
            logger.debug("no device info", exc_info=True)
            return "en"
        locales = getattr(info, "locales", None) or []
        return language_from_locale(locales[0].language_code if locales else None)
