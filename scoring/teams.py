"""Team games: a sheet whose game field `teams` puts every player in a team ({player: team}) is ranked by team.

A team's total is the sum of its players' totals. The teams are ranked as players are (totals, then the game's
tiebreak chain, each step comparing the teams' sums of what it compares; a yes, such as "chosen as first to
finish", counts for the team of the player who has it); a tie left after the chain is shared. The players of the
teams ranked first win. The ranking lists each team's players together, the teams' places in order, and the
result's `extras["teams"]` gives each team, in that order, with its players, total and place.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .ranking import TiebreakNote, places, rank
from .spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule

TEAMS = "teams"


def is_team_sheet(sheet: Sheet) -> bool:
    return isinstance(sheet.fields.get(TEAMS), dict)


def members(sheet: Sheet) -> dict[str, list[str]]:
    """Each team with its players in seat order, the teams in the order they first sit."""
    teams: dict[str, list[str]] = {}
    for name in sheet.names:
        teams.setdefault(sheet.fields[TEAMS][name], []).append(name)
    return teams


def rank_teams(spec: GameSpec, sheet: Sheet, scoring: Scoring
               ) -> tuple[list[list[str]], list[TiebreakNote], list[dict[str, Any]]]:
    """The players' ranking by team, the tiebreaks in words (naming teams) and the teams in ranking order."""
    teams = members(sheet)
    totals: dict[str, dict[str, int]] = {}
    for team, names in teams.items():
        breakdown = totals[team] = {}
        for name in names:
            for key, points in scoring.players[name].breakdown.items():
                breakdown[key] = breakdown.get(key, 0) + points
    team_scoring = Scoring({team: PlayerScore(breakdown) for team, breakdown in totals.items()},
                           scoring.finished, scoring.end_reason)
    rules = tuple(_for_teams(rule, teams, sheet, scoring) for rule in spec.tiebreaks)
    groups, notes = rank(replace(spec, tiebreaks=rules), replace(sheet, names=tuple(teams)), team_scoring)
    ranked = [{"name": team, "players": list(teams[team]), "total": team_scoring.players[team].total,
               "place": place} for place, group in places(groups) for team in group]
    return [[name for team in group for name in teams[team]] for group in groups], notes, ranked


def _for_teams(rule: TiebreakRule, teams: dict[str, list[str]], sheet: Sheet, scoring: Scoring) -> TiebreakRule:
    """The rule comparing teams: the sum of the players' numbers, or whether any player has the yes."""
    def value(team_sheet: Sheet, team_scoring: Scoring, team: str) -> int | bool | None:
        values = [rule.value(sheet, scoring, name) for name in teams[team]]
        if any(v is None for v in values):
            return None
        if all(isinstance(v, bool) for v in values):
            return any(values)
        return sum(int(v) for v in values)  # type: ignore[arg-type]

    return replace(rule, value=value)
