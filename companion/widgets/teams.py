"""A team game's teams as the engine ranks them (`result.extras["teams"]`, see scoring.teams): who leads or won,
and each team's total with its players, on the sheet, in the editor's preview and on the result."""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring import Result
from scoring.teams import TEAMS

from ..i18n import Translator
from .common import tagged
from .text import AppText

Team = dict[str, Any]  # {"name", "players", "total", "place"}


def teams_of(result: Result | None) -> list[Team]:
    """The teams in ranking order; none for a game without teams."""
    return list(result.extras.get(TEAMS) or []) if result is not None else []


def with_players(t: Translator, team: Team) -> str:
    """'Red (Ana, Dee)'."""
    return t("team.with_players", team=team["name"], names=", ".join(team["players"]))


def first_teams(t: Translator, teams: list[Team]) -> str:
    """The teams ranked first, with their players: 'Red (Ana, Dee); Blue (Bo, Cy)'."""
    return "; ".join(with_players(t, team) for team in teams if team["place"] == 1)


def team_places(teams: list[Team]) -> dict[str, tuple[int, bool]]:
    """Each player's place as their team's, and whether another team shares it."""
    shared = [team["place"] for team in teams]
    return {name: (team["place"], shared.count(team["place"]) > 1) for team in teams for name in team["players"]}


def team_headline(t: Translator, teams: list[Team]) -> str:
    """'Red wins: Ana, Dee', or the teams sharing the win."""
    first = [team for team in teams if team["place"] == 1]
    if len(first) == 1:
        return t("team.wins", team=first[0]["name"], names=", ".join(first[0]["players"]))
    return t("team.shared_win", teams=first_teams(t, teams))


def team_totals(t: Translator, teams: list[Team], identifier: str) -> ft.Control:
    """Each team, best first: its place, name, players and total."""
    rows = [tagged(f"{identifier}.{i}", ft.Row([
        AppText(t("result.place", n=team["place"]), width=40, size=13),
        ft.Column([AppText(team["name"], size=15, weight=ft.FontWeight.BOLD),
                   AppText(", ".join(team["players"]), size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                  spacing=0, expand=True),
        AppText(t.number(team["total"]), size=18, weight=ft.FontWeight.BOLD),
    ], spacing=8), t("team.total", team=with_players(t, team), total=t.number(team["total"])))
        for i, team in enumerate(teams)]
    return ft.Column(rows, spacing=6)
