"""Your games: every game on Home, the hidden ones and the imported expansions filed under their games, each with
what can be done with it (see game_actions), and the games an import defined hidden at once."""

from __future__ import annotations

from collections import Counter

import flet as ft

from scoring import GameSpec
from scoring.custom import is_custom

from ..store.definitions import IMPORTED
from ..widgets.common import icon_button, secondary_button, section, tagged
from ..widgets.text import AppText
from .base import Screen
from .game_actions import GameActions


class GamesScreen(Screen):
    def title(self) -> str:
        return self.t("games.title")

    def content(self) -> list[ft.Control]:
        t = self.t
        store = self.app.games
        plays = store.play_counts()
        shown, hidden = store.catalog(), store.hidden()
        imported = [spec for spec in shown if spec.id.startswith(IMPORTED)]
        on_home: list[ft.Control] = [self._row(spec, plays, hidden=False) for spec in shown]
        if imported:
            on_home.insert(0, secondary_button("games.hide_imported", t("games.hide_imported", n=len(imported)),
                                               lambda e: self._hide_imported(imported), icon=ft.Icons.VISIBILITY_OFF))
        away = [self._row(spec, plays, hidden=True) for spec in hidden] or [
            tagged("games.none_hidden", AppText(t("games.none_hidden"), size=14, color=ft.Colors.ON_SURFACE_VARIANT))]
        filed = [self._row(spec, plays, hidden=True) for spec in store.expansions()]
        return [section(t("games.on_home"), *on_home, subtitle=t("games.on_home_help")),
                tagged("games.hidden", section(t("games.hidden"), *away, subtitle=t("games.hidden_help"))),
                *([tagged("games.expansions", section(t("games.expansions"), *filed,
                                                      subtitle=t("games.expansions_help")))] if filed else [])]

    def _row(self, spec: GameSpec, plays: Counter[str], hidden: bool) -> ft.Control:
        t = self.t
        kind = (t("games.kind.imported") if spec.id.startswith(IMPORTED) else t("custom.yours") if is_custom(spec.id)
                else t("games.kind.builtin"))
        actions = [icon_button(f"games.more.{spec.id}", ft.Icons.MORE_VERT, t("games.more"),
                               lambda e: GameActions(self.app).open(spec))]
        if hidden:
            actions.insert(0, tagged(f"games.show.{spec.id}", ft.TextButton(
                content=AppText(t("games.action.show")), on_click=lambda e: GameActions(self.app).show(spec))))
        tile = ft.ListTile(leading=self.badge(spec.id, 40), title=AppText(t.text(spec.name), weight=ft.FontWeight.BOLD),
                           subtitle=AppText(" · ".join((kind, t("stats.plays", n=plays[spec.id]))), size=12),
                           trailing=ft.Row(actions, tight=True, spacing=0),
                           on_click=lambda e: GameActions(self.app).open(spec))
        return tagged(f"games.game.{spec.id}", tile, t.text(spec.name))

    def _hide_imported(self, imported: list[GameSpec]) -> None:
        GameActions(self.app).hide(imported, self.t("games.hidden_imported", n=len(imported)))
