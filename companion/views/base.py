"""What every screen shares: its route, the translator, the frame (app bar, body, navigation bar)."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

import flet as ft

from ..i18n import Translator
from ..theme import GAP, MAX_CONTENT_WIDTH, PAD, TOUCH
from ..widgets.common import page_body, tagged
from ..widgets.game_unit import game_badge
from ..widgets.text import AppText

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

PHONE_WIDTH = 412  # px: the narrow phone the screens are laid out for
BOTTOM_BAR_HEIGHT = TOUCH + 2 * 12  # px: a screen's bottom bar, its buttons in a padding of 12
TITLE_SIZE, SMALL_TITLE_SIZE = 22, 17  # the app bar's title size (Material 3), and for a title that needs two lines
# Flutter's app bar draws its title at most 1.34 times its size, however large the text size (app_bar.dart,
# _kMaxTitleTextScaleFactor): a title laid out for that is whole at every text size.
TITLE_MAX_SCALE = 1.34

# Top-level destinations of the navigation bar: (route, icon, selected icon, catalog key).
DESTINATIONS = [
    ("/", ft.Icons.CASINO_OUTLINED, ft.Icons.CASINO, "nav.play"),
    ("/history", ft.Icons.HISTORY_OUTLINED, ft.Icons.HISTORY, "nav.history"),
    ("/stats", ft.Icons.INSIGHTS_OUTLINED, ft.Icons.INSIGHTS, "nav.stats"),
    ("/settings", ft.Icons.SETTINGS_OUTLINED, ft.Icons.SETTINGS, "nav.settings"),
]


class Screen:
    """A screen at a route. Subclasses implement `content()` (and may override `frame()` pieces)."""

    top_level = False
    scrolls = True
    bottom_bar_height = 0  # px: what a message at the bottom floats above (set by `build`)

    def __init__(self, app: ScreenApp, route: str) -> None:
        self.app = app
        self.route = route

    @property
    def t(self) -> Translator:
        return self.app.t

    def title(self) -> str:
        raise NotImplementedError

    def badge(self, game: str, size: int = 48) -> ft.Container:
        """The game's picture on its colour."""
        return game_badge(self.app.game_unit(game), size)

    def content(self) -> list[ft.Control]:
        raise NotImplementedError

    def actions(self) -> list[ft.Control]:
        return []

    def bottom(self) -> ft.Control | None:
        return None

    def header(self) -> ft.Control | None:
        """What stays on screen above the scrolling content (e.g. a sheet's totals)."""
        return None

    def build(self) -> ft.View:
        self.body = page_body(self.content(), scroll=self.scrolls)
        header = self.header()
        self.header_box = ft.Container(header, expand=True, width=MAX_CONTENT_WIDTH)
        controls: list[ft.Control] = [self.body]
        if header is not None:
            controls.insert(0, ft.Container(ft.Row([self.header_box], alignment=ft.MainAxisAlignment.CENTER),
                                            padding=ft.Padding.only(left=PAD, right=PAD, top=GAP)))
        bottom = self.bottom()
        self.bottom_bar_height = 0 if bottom is None else BOTTOM_BAR_HEIGHT
        if bottom is not None:
            controls.append(bottom)
        actions = self.actions()
        return ft.View(
            route=self.route,
            appbar=ft.AppBar(title=app_bar_title(self.title(), len(actions), back=not self.top_level),
                             actions=actions, automatically_imply_leading=not self.top_level),
            controls=controls,
            navigation_bar=self._navigation() if self.top_level else None,
            padding=0,
            spacing=0,
        )

    def _navigation(self) -> ft.NavigationBar:
        routes = [d[0] for d in DESTINATIONS]
        selected = routes.index(self.route) if self.route in routes else 0
        return ft.NavigationBar(
            selected_index=selected,
            destinations=[ft.NavigationBarDestination(icon=icon, selected_icon=chosen, label=self.t(key))
                          for _, icon, chosen, key in DESTINATIONS],
            on_change=lambda e: self.app.go(routes[e.control.selected_index]),
        )

    def rebuild(self) -> None:
        """Replace this screen's body with freshly built content (after a change of structure)."""
        self.body.content = page_body(self.content(), scroll=self.scrolls).content
        self.header_box.content = self.header()
        self.app.page.update()


def app_bar_title(title: str, actions: int, back: bool) -> ft.Text:
    """The title, or on a phone where it would end in "…" ("티켓 투 라이드: 유럽" next to three buttons, Piraten
    Kapern's Japanese name next to four at the largest text size), the title smaller and on up to two lines."""
    room = PHONE_WIDTH - 32 - 48 * actions - (56 if back else 0)
    ems = sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.55 for c in title)
    if ems * TITLE_SIZE * TITLE_MAX_SCALE <= room:
        return AppText(title)
    return AppText(title, size=SMALL_TITLE_SIZE, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)


def empty_state(identifier: str, icon: ft.IconData, text: str) -> ft.Control:
    return tagged(identifier, ft.Container(
        ft.Column([ft.Icon(icon, size=48, color=ft.Colors.OUTLINE), AppText(text, text_align=ft.TextAlign.CENTER)],
                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=32, alignment=ft.Alignment.CENTER))
