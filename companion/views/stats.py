"""Statistics: wins per player, each player's record per game and trend, each game's records; player profiles."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

import flet as ft

from ..store import stats
from ..store.expansions import expansions_of_game
from ..store.ratings import Ratings, cooperative, cooperative_games, ratings
from ..store.repository import PlayerError
from ..store.summary import PlaySummary
from ..widgets.charts import trend, wins_per_player
from ..widgets.common import primary_button, secondary_button, section, tagged
from ..widgets.ratings import game_ranking, player_ratings
from ..widgets.text import AppText
from .base import Screen, empty_state
from .timefmt import day

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

PROFILE_COLOURS = ("#E63946", "#F4A261", "#E9C46A", "#2A9D8F", "#1D70A2", "#7B5EA7", "#6D2E46", "#3A7D44")


STATS_PERIODS = ("all", "year", "month")


def deeper(route: str, kind: str, key: str) -> str:
    """The route of a game's or a player's statistics opened from the screen at `route`: one step deeper, so that
    Back returns there (from a rival to the player, from a player to the game); when that screen is already on the
    way here, back to it (rivals tapped to and fro do not pile up)."""
    step = f"/{kind}/{quote(key, safe='')}"
    at = f"{route}/".find(f"{step}/")
    return route[:at + len(step)] if at >= 0 else route + step


def stats_screens(app: ScreenApp, path: str) -> list[Screen] | None:
    """The screens of a statistics route as the player went through them, /stats then a screen per step
    (/stats/game/kahuna/player/Mina/player/Joon); None when a step is no game or player known here."""
    steps = path.split("/")[2:]
    if len(steps) % 2:
        return None
    players = {p["name"] for p in app.repo.players()} if "player" in steps[::2] else set()
    games = {s.id for s in app.games.specs()} if "game" in steps[::2] else set()
    screens: list[Screen] = [StatsScreen(app, "/stats")]
    for i, (kind, key) in enumerate(zip(steps[::2], steps[1::2], strict=True)):
        route = "/stats/" + "/".join(steps[:2 * i + 2])
        if kind == "player" and unquote(key) in players:
            screens.append(PlayerStatsScreen(app, route, unquote(key)))
        elif kind == "game" and key in games:
            screens.append(GameStatsScreen(app, route, key))
        else:
            return None
    return screens


class PeriodScreen(Screen):
    """A statistics screen over the period the player chose (shared by the statistics screens)."""

    def __init__(self, app: ScreenApp, route: str) -> None:
        super().__init__(app, route)
        self.period = app.stats_period

    @cached_property
    def plays(self) -> list[PlaySummary]:
        """The plays of the period (read when the screen is built: a screen kept under another is not)."""
        return stats.in_period(self.app.repo, self.period)

    @cached_property
    def ratings(self) -> Ratings:
        """Skill ratings from the period's plays alone (a season, unless the period is all time)."""
        return ratings(self.plays, cooperative_games(self.app.games.specs()))

    def _period_picker(self) -> ft.Control:
        return tagged("stats.period", ft.SegmentedButton(
            segments=[ft.Segment(value=p, label=AppText(self.t(f"period.{p}"))) for p in STATS_PERIODS],
            selected=[self.period], show_selected_icon=False,
            on_change=lambda e: self._set_period(e.control.selected[0])))

    def _set_period(self, period: str) -> None:
        self.app.stats_period = self.period = period
        self.__dict__.pop("plays", None)
        self.__dict__.pop("ratings", None)
        self.rebuild()

    def game_name(self, game: str) -> str:
        return self.t.text(self.app.games.name_of(game))

    def game_facts(self, record: stats.GameStats, everyone: bool = False) -> list[str]:
        """Plays, the best score and whose, the winners' average (and with `everyone`, all players')."""
        t = self.t
        facts = [t("stats.plays", n=record.plays)]
        if record.highest:
            facts.append(t("stats.highest", score=record.highest.score, player=", ".join(record.highest.players)))
        if everyone and record.average_score is not None:
            facts.append(t("stats.average_all", score=round(record.average_score, 1)))
        if record.average_winning_score is not None:
            facts.append(t("stats.average_win", score=round(record.average_winning_score, 1)))
        return facts

    def line_text(self, line: stats.GameLine) -> str:
        """'5 plays · won 2 · best 62 · average 55.4' (best and average only with real scores)."""
        t = self.t
        parts = [t("stats.plays", n=line.plays), t("stats.won", n=line.wins)]
        if line.best is not None and line.average is not None:
            parts += [t("stats.best", score=line.best), t("stats.average", score=round(line.average, 1))]
        return " · ".join(parts)


class StatsScreen(PeriodScreen):
    top_level = True

    def title(self) -> str:
        return self.t("stats.title")

    def content(self) -> list[ft.Control]:
        t = self.t
        names = [p["name"] for p in self.app.repo.players()]
        if not names:
            return [empty_state("stats.empty", ft.Icons.INSIGHTS, t("stats.empty"))]
        parts: list[ft.Control] = [self._period_picker()]
        if not self.plays:
            return [*parts, empty_state("stats.none_in_period", ft.Icons.EVENT_BUSY, t("stats.none_in_period"))]
        wins = stats.wins_per_player(self.plays)
        if any(wins.values()):
            parts.append(section(t("stats.wins_chart"), tagged("stats.wins_chart", wins_per_player(t, wins))))
        rows = [self._player_row(name) for name in names if name in wins]
        games = [self._game_row(spec.id) for spec in self.app.games.specs()]
        return [*parts,
                section(t("stats.players"), *rows,
                        secondary_button("stats.manage", t("stats.manage_players"), lambda e: self.app.go("/players"),
                                         icon=ft.Icons.MANAGE_ACCOUNTS)),
                section(t("stats.games"), *[g for g in games if g is not None])]

    def _player_row(self, name: str) -> ft.Control:
        t = self.t
        record = stats.player_stats(self.plays, name)
        line = [t("stats.plays", n=record.plays), t("stats.won", n=record.wins), t.percent(record.win_rate)]
        if record.streak.current >= 2:
            line.append(t("stats.on_a_streak", n=record.streak.current))
        return tagged(f"stats.player.{name}", ft.ListTile(
            title=AppText(name, weight=ft.FontWeight.BOLD), subtitle=AppText(" · ".join(line)),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda e: self.app.go(deeper(self.route, "player", name))))

    def _game_row(self, game: str) -> ft.Control | None:
        record = stats.game_stats(self.plays, game)
        if not record.plays:
            return None
        return tagged(f"stats.game.{game}", ft.ListTile(
            leading=self.badge(game, 36), title=AppText(self.game_name(game)),
            subtitle=AppText(" · ".join(self.game_facts(record)), size=13), trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda e: self.app.go(deeper(self.route, "game", game))))


class PlayerStatsScreen(PeriodScreen):
    """One player: record, streaks, each game's best and average with its trend, head to head."""

    def __init__(self, app: ScreenApp, route: str, name: str) -> None:
        self.name = name
        self.game: str | None = None
        super().__init__(app, route)

    def title(self) -> str:
        return self.name

    def content(self) -> list[ft.Control]:
        t = self.t
        r = stats.player_stats(self.plays, self.name)
        if self.game not in r.per_game:
            self.game = next(iter(r.per_game), None)
        parts: list[ft.Control] = [self._period_picker()]
        if not r.plays:
            return [*parts, empty_state("stats.none_in_period", ft.Icons.EVENT_BUSY, t("stats.none_in_period"))]
        summary = " · ".join([t("stats.plays", n=r.plays), t("stats.won", n=r.wins), t.percent(r.win_rate)])
        parts += [tagged("stats.summary", AppText(summary, size=16, weight=ft.FontWeight.BOLD)),
                  tagged("stats.streak", AppText(t("stats.streak", now=r.streak.current, longest=r.streak.longest),
                                                 size=14))]
        if r.last_played:
            parts.append(AppText(t("stats.last_played", date=day(t, r.last_played)), size=13))
        lines = [tagged(f"stats.line.{game}", ft.ListTile(
            leading=self.badge(game, 36), title=AppText(self.game_name(game)),
            subtitle=AppText(self.line_text(line), size=13), selected=game == self.game,
            on_click=lambda e, g=game: self._choose(g))) for game, line in r.per_game.items()]
        parts.append(section(t("stats.per_game"), *lines))
        if self.game is not None:
            parts.append(self._trend(self.game))
        rated = player_ratings(t, self.ratings, self.name, r.per_game, self.game_name)
        if rated is not None:
            parts.append(rated)
        rivals = stats.rivals(self.plays, self.name)
        if rivals:
            parts.append(section(t("stats.head_to_head"), *[self._rival(other, h2h) for other, h2h in rivals.items()],
                                 subtitle=t("stats.head_to_head_hint")))
        return parts

    def _trend(self, game: str) -> ft.Control:
        t = self.t
        scores = [score for _, score in stats.score_trend(self.plays, self.name, game)]
        shown = (tagged("stats.trend_chart", trend(t, scores, t("stats.play_axis"))) if len(scores) >= 2
                 else AppText(t("stats.trend_needs_two"), size=13))
        return section(t("stats.trend", game=self.game_name(game)), shown)

    def _rival(self, other: str, h2h: stats.HeadToHead) -> ft.Control:
        t = self.t
        record = t("stats.h2h_line", ahead=h2h.ahead, behind=h2h.behind, tied=h2h.tied)
        return tagged(f"stats.rival.{other}", ft.ListTile(
            title=AppText(t("stats.versus", name=other), weight=ft.FontWeight.BOLD),
            subtitle=AppText(f"{record} · {t('stats.together', n=h2h.plays)}", size=13),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda e: self.app.go(deeper(self.route, "player", other))))

    def _choose(self, game: str) -> None:
        self.game = game
        self.rebuild()


class GameStatsScreen(PeriodScreen):
    """One game: its expansions, its records and every player's plays, wins, best and average."""

    def __init__(self, app: ScreenApp, route: str, game: str) -> None:
        self.spec = app.games.spec(game)
        super().__init__(app, route)

    def title(self) -> str:
        return self.t.text(self.spec.name)

    def content(self) -> list[ft.Control]:
        t = self.t
        record = stats.game_stats(self.plays, self.spec.id)
        parts: list[ft.Control] = [self._period_picker()]
        expansions = expansions_of_game(self.app.repo, self.spec.id)
        if expansions:
            parts.append(tagged("stats.expansions", AppText(
                t("stats.expansions", names=", ".join(e["name"] for e in expansions)), size=14)))
        if not record.plays:
            return [*parts, empty_state("stats.none_in_period", ft.Icons.EVENT_BUSY, t("stats.none_in_period"))]
        parts.append(tagged("stats.game_facts", AppText("\n".join(self.game_facts(record, everyone=True)), size=15)))
        ranking = game_ranking(t, self.ratings, self.spec.id, cooperative(self.spec),
                               lambda name: self.app.go(deeper(self.route, "player", name)))
        if ranking is not None:
            parts.append(ranking)
        rows = [tagged(f"stats.game_player.{name}", ft.ListTile(
            title=AppText(name, weight=ft.FontWeight.BOLD), subtitle=AppText(self.line_text(line), size=13),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda e, n=name: self.app.go(deeper(self.route, "player", n))))
            for name, line in record.per_player.items()]
        parts.append(section(t("stats.players"), *rows))
        return parts


class PlayersScreen(Screen):
    """Player profiles: colour, rename, merge two into one."""

    def title(self) -> str:
        return self.t("players.title")

    def content(self) -> list[ft.Control]:
        profiles = self.app.repo.players()
        if not profiles:
            return [empty_state("players.empty", ft.Icons.PEOPLE_OUTLINE, self.t("players.empty"))]
        return [AppText(self.t("players.hint"), size=13), *[self._row(i, p) for i, p in enumerate(profiles)]]

    def _row(self, index: int, profile: dict[str, Any]) -> ft.Control:
        name = profile["name"]
        colour = profile.get("colour") or ft.Colors.OUTLINE_VARIANT
        return tagged(f"players.row.{index}", ft.ListTile(
            leading=ft.Container(AppText(name[:1], color=ft.Colors.WHITE, weight=ft.FontWeight.BOLD), width=36,
                                 height=36, border_radius=18, bgcolor=colour, alignment=ft.Alignment.CENTER),
            title=AppText(name, weight=ft.FontWeight.BOLD),
            on_click=lambda e: self._edit(profile)))

    def _edit(self, profile: dict[str, Any]) -> None:
        t = self.t
        name = profile["name"]
        page = self.app.page
        new_name = ft.TextField(label=t("players.new_name"), value=name, dense=True)
        others = [p["name"] for p in self.app.repo.players() if p["name"] != name]
        target = ft.Dropdown(label=t("players.merge_into"), options=[ft.DropdownOption(key=o, text=o) for o in others],
                             dense=True)
        message = AppText("", color=ft.Colors.ERROR, size=13)

        def done(text: str) -> None:
            self.app.close_dialog(then=self.rebuild)
            self.app.snack(text)

        def failed(error: PlayerError) -> None:
            message.value = t.refusal(error)
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
        self.app.show_dialog(ft.AlertDialog(
            title=AppText(name),
            content=ft.Column([
                AppText(t("players.colour"), size=13), ft.Row(swatches, wrap=True),
                tagged("players.new_name", new_name),
                primary_button("players.rename", t("players.rename"), rename, icon=ft.Icons.EDIT),
                *([tagged("players.merge_into", target),
                   secondary_button("players.merge", t("players.merge"), merge, icon=ft.Icons.MERGE)] if others
                  else []),
                message,
            ], tight=True, spacing=10, width=320),
            actions=[ft.TextButton(t("common.close"), on_click=lambda e: self.app.close_dialog())],
        ))
