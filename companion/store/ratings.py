"""Skill ratings from the play history, per game and over all games: OpenSkill's Plackett-Luce model (the
`openskill` package, pure Python, so the phone build has it too), with the library's own defaults.

The plays given are rated oldest first, each as its result ranks it: the result's tied groups tie (a shared win
is a tie for first), and a play without points (only who won: see summary.has_points) ranks its winners above
everyone else, who tie. A play with teams (its record's, see summary.teams_in: a team game of one's own, a BG
Stats team play) is rated team against team, each team at the best place of its players; a player in no team
is a team of one, as is everyone in a play without teams. Not rated: plays of a cooperative game (the table
wins or loses together, so nobody beat anybody), plays of one player and plays of one team, nor plays not counted
in statistics (summary.PlaySummary.counted: BG Stats' ignored plays). A rating counts only
the plays it is given: the plays of a period (stats.in_period) rate that period alone, a season.

A rating says as much as its player's plays do: it is shown from the fifth rated play (of that game; overall,
of any game). What it shows is OpenSkill's ordinal, mu - 3 sigma: the skill the results make all but certain
(mu is the skill they suggest, sigma how unsure that is). It rises with wins, and as sigma narrows with plays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from openskill.models import PlackettLuce, PlackettLuceRating

from scoring import GameSpec

from .summary import PlaySummary

MIN_PLAYS = 5  # a rating is shown from a player's fifth rated play
MODEL = PlackettLuce()
CACHED = 4  # histories whose ratings are kept: the periods a player switches between


class Rating(NamedTuple):
    mu: float  # the skill the results suggest
    sigma: float  # how unsure that is
    ordinal: float  # OpenSkill's ordinal, mu - 3 sigma: what is shown
    plays: int  # rated plays behind it

    @property
    def shown(self) -> bool:
        return self.plays >= MIN_PLAYS


@dataclass(frozen=True)
class Ratings:
    overall: dict[str, Rating]
    per_game: dict[str, dict[str, Rating]]  # a game with rated plays -> everyone in them

    def ranking(self, game: str) -> list[tuple[str, Rating]]:
        """The players of a game whose rating is shown, best first (by ordinal, then by name)."""
        shown = [(name, r) for name, r in self.per_game.get(game, {}).items() if r.shown]
        return sorted(shown, key=lambda item: (-item[1].ordinal, item[0].casefold()))


class _Table:
    """The ratings of one scope (a game, or every game) as plays are rated into it."""

    def __init__(self) -> None:
        self.skills: dict[str, PlackettLuceRating] = {}
        self.plays: Counter[str] = Counter()

    def rate(self, places: tuple[tuple[str, ...], ...], teams: tuple[tuple[str, ...], ...] = ()) -> None:
        """`places`: the play's tied groups, best first; `teams`: its teams (every other player plays alone)."""
        if teams:
            self._rate_teams(places, teams)
            return
        names = [name for group in places for name in group]
        # a new player's rating is an object of their own: the library copies the teams as one whole, and one
        # object in two seats would become one copy rated twice
        sides = [[self.skills.get(name) or MODEL.rating()] for name in names]
        # sides in finishing order need no ranks (the library's default order); ranks only say who tied
        ranks = None if len(names) == len(places) else [float(place) for place, group in enumerate(places)
                                                         for _ in group]
        for name, [skill] in zip(names, MODEL.rate(sides, ranks=ranks), strict=True):
            self.skills[name] = skill
        self.plays.update(names)

    def _rate_teams(self, places: tuple[tuple[str, ...], ...], teams: tuple[tuple[str, ...], ...]) -> None:
        """Each team one side at the best place of its players; a player in no team plays alone."""
        place_of = {name: place for place, group in enumerate(places) for name in group}
        in_team = {name for team in teams for name in team}
        sides = [[n for n in team if n in place_of] for team in teams] + [[n] for n in place_of if n not in in_team]
        sides = sorted((side for side in sides if side), key=lambda side: min(place_of[n] for n in side))
        if len(sides) < 2:
            return  # one team: nobody beat anybody
        ranks = [float(min(place_of[n] for n in side)) for side in sides]
        rated = MODEL.rate([[self.skills.get(n) or MODEL.rating() for n in side] for side in sides],
                           ranks=None if len(set(ranks)) == len(ranks) else ranks)
        for side, skills in zip(sides, rated, strict=True):
            for name, skill in zip(side, skills, strict=True):
                self.skills[name] = skill
            self.plays.update(side)

    def ratings(self) -> dict[str, Rating]:
        return {name: Rating(s.mu, s.sigma, s.ordinal(), self.plays[name]) for name, s in self.skills.items()}


def places(play: PlaySummary) -> tuple[tuple[str, ...], ...]:
    """How a play is rated: its result's tied groups, best first; without points, its winners then the others."""
    if play.points:
        return play.ranking
    others = tuple(name for name in play.players if name not in play.winners)
    return tuple(group for group in (play.winners, others) if group)


def rate(plays: Iterable[PlaySummary], cooperative: frozenset[str] = frozenset()) -> Ratings:
    """Every player's rating per game and overall from these plays (any order); `cooperative`: games not rated."""
    overall = _Table()
    per_game: dict[str, _Table] = {}
    for play in sorted(plays, key=attrgetter("finished_at", "id")):
        if not play.counted or play.game in cooperative or len(play.players) < 2:
            continue
        ranked = places(play)
        overall.rate(ranked, play.teams)
        per_game.setdefault(play.game, _Table()).rate(ranked, play.teams)
    return Ratings(overall.ratings(), {game: table.ratings() for game, table in per_game.items()})


_cache: list[tuple[list[PlaySummary], frozenset[str], Ratings]] = []


def ratings(plays: Sequence[PlaySummary], cooperative: frozenset[str] = frozenset()) -> Ratings:
    """rate(), kept for the last few histories asked about: a statistics screen opened again, or another period
    chosen and then this one again, rates nothing while the plays are the same. The store hands out the same
    summaries while a shard is unchanged, so comparing them is mostly comparing references."""
    global _cache
    current = list(plays)
    for seen, unrated, found in _cache:
        if unrated == cooperative and seen == current:
            return found
    found = rate(current, cooperative)
    _cache = [(current, cooperative, found), *_cache[:CACHED - 1]]
    return found


def cooperative(spec: GameSpec) -> bool:
    """A game the table wins or loses together: a game of one's own so defined (as its newest version says)."""
    return bool((spec.definition or {}).get("cooperative"))


def cooperative_games(specs: Iterable[GameSpec]) -> frozenset[str]:
    return frozenset(spec.id for spec in specs if cooperative(spec))
