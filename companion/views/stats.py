"""Statistics: wins per player, each player's record per game and trend, each game's records; player profiles."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import flet as ft

from ..store import stats
from ..store.definitions import DefinitionStore
from ..store.repository import PlayerError
from ..widgets.charts import trend, wins_per_player
from ..widgets.common import primary_button, secondary_button, section, tagged
from .base import Screen, empty_state
from .home import game_badge
from .timefmt import day

PROFILE_COLOURS = ("#E63946", "#F4A261", "#E9C46A", "#2A9D8F", "#1D70A2", "#7B5EA7", "#6D2E46", "#3A7D44")


def player_route(name: str) -> str:
    return f"/stats/player/{quote(name, safe='')}"


class StatsScreen(Screen):
    top_level = True

    def title(self) -> str:
        return self.t("stats.title")

    def content(self) -> list[ft.Control]:
        t = self.t
        wins = stats.wins_per_player(self.app.repo)
        players = [p["name"] for p in self.app.repo.players()]
        if not players:
            return [empty_state("stats.empty", ft.Icons.INSIGHTS, t("stats.empty"))]
        rows = []
        for name in players:
            record = stats.player_stats(self.app.repo, name)
            rows.append(tagged(f"stats.player.{name}", ft.ListTile(
                title=ft.Text(name, weight=ft.FontWeight.BOLD),
                subtitle=ft.Text(t("stats.player_line", plays=record.plays, wins=record.wins,
                                   rate=round(record.win_rate * 100))),
                trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT), on_click=lambda e, n=name: self.app.go(player_route(n)))))
        games = [self._game_row(spec.id) for spec in DefinitionStore(self.app.repo).specs()]
        parts: list[ft.Control] = []
        if any(wins.values()):
            parts.append(section(t("stats.wins_chart"), tagged("stats.wins_chart", wins_per_player(wins))))
        parts += [section(t("stats.players"), *rows,
                          secondary_button("stats.manage", t("stats.manage_players"), lambda e: self.app.go("/players"),
                                           icon=ft.Icons.MANAGE_ACCOUNTS)),
                  section(t("stats.games"), *[g for g in games if g is not None])]
        return parts

    def _game_row(self, game: str) -> ft.Control | None:
        record = stats.game_stats(self.app.repo, game)
        if not record.plays:
            return None
        name = DefinitionStore(self.app.repo).name_of(game)
        highest = (self.t("stats.highest", score=record.highest.score, player=record.highest.player)
                   if record.highest else "")
        average = (self.t("stats.average_win", score=round(record.average_winning_score, 1))
                   if record.average_winning_score is not None else "")
        return tagged(f"stats.game.{game}", ft.ListTile(
            leading=game_badge(game, 36), title=ft.Text(self.t.text(name)),
            subtitle=ft.Text(" · ".join(x for x in (self.t("stats.plays", n=record.plays), highest, average) if x),
                             size=13)))


class PlayerStatsScreen(Screen):
    def __init__(self, app: Any, route: str, name: str) -> None:
        super().__init__(app, route)
        self.name = name
        self.record = stats.player_stats(app.repo, name)
        games = sorted(self.record.per_game, key=lambda g: -self.record.per_game[g].plays)
        self.game = games[0] if games else None

    def title(self) -> str:
        return self.name

    def content(self) -> list[ft.Control]:
        t = self.t
        r = self.record
        summary = t("stats.player_line", plays=r.plays, wins=r.wins, rate=round(r.win_rate * 100))
        last = t("stats.last_played", date=day(t, r.last_played)) if r.last_played else ""
        lines = [tagged(f"stats.line.{game}", ft.ListTile(
            leading=game_badge(game, 36), title=ft.Text(t.text(DefinitionStore(self.app.repo).name_of(game))),
            subtitle=ft.Text(t("stats.game_line", plays=line.plays, wins=line.wins, best=line.best,
                               average=round(line.average, 1)), size=13),
            on_click=lambda e, g=game: self._choose(g))) for game, line in r.per_game.items()]
        parts: list[ft.Control] = [ft.Text(summary, size=16, weight=ft.FontWeight.BOLD), ft.Text(last, size=13),
                                   section(t("stats.per_game"), *lines)]
        if self.game is not None:
            scores = [score for _, score in stats.score_trend(self.app.repo, self.name, self.game)]
            shown = (tagged("stats.trend_chart", trend(scores, t("stats.play_axis"))) if len(scores) >= 2
                     else ft.Text(t("stats.trend_needs_two"), size=13))
            game = t.text(DefinitionStore(self.app.repo).name_of(self.game))
            parts.append(section(t("stats.trend", game=game), shown))
        return parts

    def _choose(self, game: str) -> None:
        self.game = game
        self.rebuild()


class PlayersScreen(Screen):
    """Player profiles: colour, rename, merge two into one."""

    def title(self) -> str:
        return self.t("players.title")

    def content(self) -> list[ft.Control]:
        profiles = self.app.repo.players()
        if not profiles:
            return [empty_state("players.empty", ft.Icons.PEOPLE_OUTLINE, self.t("players.empty"))]
        return [ft.Text(self.t("players.hint"), size=13), *[self._row(i, p) for i, p in enumerate(profiles)]]

    def _row(self, index: int, profile: dict[str, Any]) -> ft.Control:
        name = profile["name"]
        colour = profile.get("colour") or ft.Colors.OUTLINE_VARIANT
        return tagged(f"players.row.{index}", ft.ListTile(
            leading=ft.Container(ft.Text(name[:1], color=ft.Colors.WHITE, weight=ft.FontWeight.BOLD), width=36,
                                 height=36, border_radius=18, bgcolor=colour, alignment=ft.Alignment.CENTER),
            title=ft.Text(name, weight=ft.FontWeight.BOLD),
            on_click=lambda e: self._edit(profile)))

    def _edit(self, profile: dict[str, Any]) -> None:
        t = self.t
        name = profile["name"]
        page = self.app.page
        new_name = ft.TextField(label=t("players.new_name"), value=name, dense=True)
        others = [p["name"] for p in self.app.repo.players() if p["name"] != name]
        target = ft.Dropdown(label=t("players.merge_into"), options=[ft.DropdownOption(key=o, text=o) for o in others],
                             dense=True)
        message = ft.Text("", color=ft.Colors.ERROR, size=13)

        def done(text: str) -> None:
            page.pop_dialog()
            self.app.snack(text)
            self.rebuild()

        def failed(error: PlayerError) -> None:
            message.value = t(error.message_key, **error.params)
            page.update()

        def colour(value: str) -> None:
            self.app.repo.set_player_colour(name, value)
            done(t("players.saved"))

        def rename(e: ft.ControlEvent) -> None:
            try:
                changed = self.app.repo.rename_player(name, (new_name.value or "").strip())
            except PlayerError as error:
                failed(error)
                return
            done(t("players.renamed", n=changed))

        def merge(e: ft.ControlEvent) -> None:
            if not target.value:
                return
            try:
                changed = self.app.repo.merge_players(name, target.value)
            except PlayerError as error:
                failed(error)
                return
            done(t("players.merged", name=name, target=target.value, n=changed))

        swatches = [tagged(f"players.colour.{i}", ft.Container(width=36, height=36, border_radius=18, bgcolor=c,
                                                               on_click=lambda e, c=c: colour(c)))
                    for i, c in enumerate(PROFILE_COLOURS)]
        page.show_dialog(ft.AlertDialog(
            title=ft.Text(name),
            content=ft.Column([
                ft.Text(t("players.colour"), size=13), ft.Row(swatches, wrap=True),
                tagged("players.new_name", new_name),
                primary_button("players.rename", t("players.rename"), rename, icon=ft.Icons.EDIT),
                *([tagged("players.merge_into", target),
                   secondary_button("players.merge", t("players.merge"), merge, icon=ft.Icons.MERGE)] if others
                  else []),
                message,
            ], tight=True, spacing=10, width=320),
            actions=[ft.TextButton(t("common.close"), on_click=lambda e: page.pop_dialog())],
        ))
