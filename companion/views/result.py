"""The result of a finished play: ranking with ties, breakdowns, the tiebreak in words, the sheet as JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import PlayerResult, Result, spec_for_sheet
from scoring.ranking import places
from scoring.teams import TEAMS

from .. import platform
from ..i18n import Translator
from ..models.record import play_result
from ..store import share_codes
from ..store.definitions import QUICK
from ..store.stats import round_chart
from ..store.summary import has_points
from ..widgets.charts import legend, score_by_round
from ..widgets.common import primary_button, secondary_button, section, tagged
from ..widgets.teams import team_headline, team_places, team_totals, teams_of
from ..widgets.text import AppText
from .base import Screen
from .share import show_share

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

OUTRIGHT = "line"  # a result's note of a win whatever the totals (scoring.ranking.rank), not of a broken tie


def winner_headline(t: Translator, winners: list[str], extras: dict[str, Any] | None = None) -> str:
    decided = (extras or {}).get("decided")  # a custom game's result the table decided
    if decided in ("won", "lost"):
        return t(f"result.together_{decided}")
    if not winners:
        return t("result.no_winner_chosen" if decided == "chosen" else "result.no_winner")
    if (extras or {}).get(TEAMS):
        return team_headline(t, (extras or {})[TEAMS])
    if len(winners) == 1:
        return t("result.winner", name=winners[0])
    return t("result.shared_win", names=", ".join(winners))


class ResultScreen(Screen):
    def __init__(self, app: ScreenApp, route: str, play: dict[str, Any]) -> None:
        super().__init__(app, route)
        self.play = play
        self.spec = spec_for_sheet(play["sheet"])
        self.result: Result = play_result(play)
        self.points = has_points(play)  # False: only who won, every total a meaningless 0

    def title(self) -> str:
        return self.t("result.title")

    def content(self) -> list[ft.Control]:
        teams = teams_of(self.result)
        parts: list[ft.Control] = [self._banner(), *([section(self.t("team.teams"), team_totals(
            self.t, teams, "result.team"))] if teams else []), self._ranking()]
        chart = round_chart(self.result.progress, {p.name: p.total for p in self.result.players})
        if len(chart.steps) >= 2:
            names = [p.name for p in self.result.players]
            final = self.t("result.final_scoring") if chart.final else None
            # a game entered turn by turn (Piraten Kapern, Piña Coladice) moves its lines a turn at a time, a
            # counter sheet a change at a time
            title, axis = (("result.by_turn", "result.turn_axis") if self.spec.event is not None
                           else ("result.by_change", "result.change_axis") if (
                               self.spec.definition or {}).get("scoring") == "counter"
                           else ("result.by_round", "result.round_axis"))
            parts.append(section(self.t(title), tagged("result.chart", score_by_round(
                self.t, chart.steps, names, self.t(axis), final)), legend(names),
                subtitle=self.t("result.by_round_final") if chart.final else None))
        parts += self._explanations()
        parts.append(self._actions())
        return parts

    def _explanations(self) -> list[ft.Control]:
        """The result's explanations in words: how the winner was decided outright (Piña Coladice's line, which
        is no tie), then how ties were broken, each under its own heading."""
        notes = list(enumerate(self.result.tiebreaks))
        groups = (("result.decided", [(i, n) for i, n in notes if n.decided_by == OUTRIGHT]),
                  ("result.tiebreaks", [(i, n) for i, n in notes if n.decided_by != OUTRIGHT]))
        return [tagged(heading, section(self.t(heading), *[
            tagged(f"result.tiebreak.{i}", AppText(self.t.text(note.text), size=15)) for i, note in group]))
            for heading, group in groups if group]

    def _banner(self) -> ft.Control:
        headline = winner_headline(self.t, self.result.winners, self.result.extras)
        lines: list[ft.Control] = [
            ft.Row([self.badge(self.spec.id, 40), AppText(self.t.text(self.spec.name), size=16)], spacing=10),
            tagged("result.winner", AppText(headline, size=26, weight=ft.FontWeight.BOLD), headline),
        ]
        if not self.result.finished:
            lines.append(AppText(self.t("result.unfinished"), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        return ft.Container(ft.Column(lines, spacing=8), padding=16, border_radius=16,
                            bgcolor=ft.Colors.PRIMARY_CONTAINER)

    def _ranking(self) -> ft.Control:
        rows: list[ft.Control] = []
        by_team = team_places(teams_of(self.result))  # a team game: a player's place is their team's
        for group_place, group in places(self.result.ranking):
            for name in group:
                player = self.result.player(name)
                place, tied = by_team.get(name, (group_place, len(group) > 1))
                label = self.t("result.place_tied" if tied else "result.place", n=place)
                if player.eliminated:
                    label = self.t("result.eliminated")
                breakdown = [ft.Row([AppText(self.t.text(self.spec.category_name(key)), expand=True),
                                     AppText(self.t.number(value))])
                             for key, value in player.breakdown.items()]
                tile = ft.ExpansionTile(
                    title=ft.Row([AppText(label, width=64, size=13), AppText(name, expand=True, size=17,
                                                                                weight=ft.FontWeight.BOLD),
                                  *([self._total(player)] if self.points else [])]),
                    controls=[ft.Container(ft.Column(breakdown, spacing=4),
                                           padding=ft.Padding.only(left=72, right=16, bottom=12))],
                    leading=ft.Icon(ft.Icons.EMOJI_EVENTS if name in self.result.winners else ft.Icons.PERSON,
                                    color=ft.Colors.AMBER if name in self.result.winners else None),
                )
                said = f"{label} {name} {player.total}" if self.points else f"{label} {name}"
                rows.append(tagged(f"result.player.{name}", tile, said))
        return section(self.t("result.ranking"), *rows)

    def _total(self, player: PlayerResult) -> ft.Text:
        """An eliminated player's total is what was left on their board, not a score: shown struck through."""
        if not player.eliminated:
            return AppText(self.t.number(player.total), size=20, weight=ft.FontWeight.BOLD)
        return AppText(self.t.number(player.total), size=20, color=ft.Colors.ON_SURFACE_VARIANT,
                       style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH),
                       tooltip=self.t("result.eliminated_total"))

    def _actions(self) -> ft.Control:
        text = json.dumps(self.play["sheet"], ensure_ascii=False, indent=2)
        download = secondary_button("result.download_json", self.t("result.download_json"), icon=ft.Icons.DOWNLOAD,
                                    action=self._offer_json(text), on_click=lambda e: self._renew(e.control, text))
        # a quick game is kept as a game of one's own from its editor, which opens with what the quick sheet used
        keep = [secondary_button("result.keep_game", self.t("quick.keep"), icon=ft.Icons.BOOKMARK_ADD,
                                 on_click=lambda e: self.app.go(f"/custom/{self.spec.id}/edit"))
                ] if self.app.games.states().get(self.spec.id) == QUICK else []
        return section(self.t("result.next"), ft.Row([
            primary_button("result.again", self.t("result.again"), icon=ft.Icons.REPLAY,
                           on_click=lambda e: self.app.go(f"/new/{self.spec.id}/again/{self.play['id']}")),
            *keep,
            secondary_button("result.share", self.t("share.button"), icon=ft.Icons.SHARE, on_click=self._share),
            secondary_button("result.home", self.t("result.home"), icon=ft.Icons.HOME,
                             on_click=lambda e: self.app.go("/")),
        ], wrap=True), ft.Row([
            secondary_button("result.copy_json", self.t("result.copy_json"), icon=ft.Icons.CONTENT_COPY,
                             action=ft.CopyToClipboard(text),
                             on_click=lambda e: self.app.snack(self.t("result.copied"))),
            download,
        ], wrap=True), AppText(self.t("result.json_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT))

    def _share(self, e: ft.ControlEvent) -> None:
        show_share(self.app, "share.title.play", lambda: share_codes.play_codes(self.app.repo, self.play["id"]))

    def _offer_json(self, text: str) -> ft.ClientAction:
        return platform.offer_file(self.app.services.downloads, f"{self.spec.id}-{self.play['id']}.json",
                                   text.encode("utf-8"), peer=self.app.peer)

    def _renew(self, button: ft.Control, text: str) -> None:
        """The sheet went to the browser: its link answers once, so the button gets a new one for the next tap."""
        button.action = self._offer_json(text)  # type: ignore[attr-defined]
        button.update()
