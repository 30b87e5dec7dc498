"""Player and game statistics and chart data, from play summaries (no I/O of their own).

Every function takes the repository (its cached summaries, newest first) or any iterable of PlaySummary.
A shared win counts as a win for each winner, and every play counts for plays, wins and streaks. Scores
(best, average, trend) count only real final scores: not the total of a player the rules eliminated (in
Captain Flip that total is whatever was on their board), nor any score of a game the table ended early, nor
the zeros of a play without points (only who won: see summary.has_points). A play not counted (BG Stats'
ignored plays: see PlaySummary.counted) is in none of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from operator import attrgetter
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .summary import PlaySummary, current_result

# Periods players filter by; the history list offers the same ones.
PERIODS = ("all", "year", "month", "week")


@runtime_checkable
class SummarySource(Protocol):
    def summaries(self) -> Iterable[PlaySummary]: ...


Source = SummarySource | Iterable[PlaySummary]


@dataclass(frozen=True)
class GameLine:
    """One player in one game (or over all games): plays and wins, best and average of the real scores."""

    plays: int
    wins: int
    best: int | None  # None while no play has a real score
    average: float | None


@dataclass(frozen=True)
class Streak:
    current: int  # wins in a row up to the newest play
    longest: int


@dataclass(frozen=True)
class HeadToHead:
    """`a` against `b` over the plays they were both in: who placed better."""

    plays: int
    ahead: int  # a placed better than b
    behind: int
    tied: int


@dataclass(frozen=True)
class PlayerStats:
    name: str
    plays: int
    wins: int
    win_rate: float  # 0.0 to 1.0; 0.0 without plays
    last_played: str | None  # finished_at of the newest play
    per_game: dict[str, GameLine]  # most played first
    streak: Streak


class Highest(NamedTuple):
    score: int
    players: tuple[str, ...]  # who of that play's top scorers ranked first: the winner of a tiebreak, or all who shared
    play_id: str


@dataclass(frozen=True)
class GameStats:
    game: str
    plays: int
    highest: Highest | None  # the first play to reach the highest real score
    average_winning_score: float | None  # over finished plays with a winner
    average_score: float | None  # over every real score
    per_player: dict[str, GameLine]  # most wins first, then most plays, then by name


@dataclass(frozen=True)
class RoundChart:
    """Running totals to draw, one dict per step; `final` when the last step is the final scoring."""

    steps: list[dict[str, int]]
    final: bool


def _summaries(source: Source) -> Iterable[PlaySummary]:
    """The plays that count in statistics."""
    found = source.summaries() if isinstance(source, SummarySource) else source
    return (s for s in found if s.counted)


def period_start(period: str, today: date) -> date | None:
    """The first day of a period ending today: all time, this calendar year, the last 30 or 7 days."""
    if period == "year":
        return date(today.year, 1, 1)
    if period in ("month", "week"):
        return today - timedelta(days=(30 if period == "month" else 7) - 1)
    if period == "all":
        return None
    raise ValueError(f"unknown period {period!r}")


def in_period(source: Source, period: str, today: date | None = None) -> list[PlaySummary]:
    start = period_start(period, today or date.today())
    return [s for s in _summaries(source) if start is None or s.day() >= start]


def real_score(summary: PlaySummary, name: str) -> int | None:
    """The player's total when it is a real final score (see the module's doc), else None."""
    if not summary.points or not summary.finished or name in summary.eliminated:
        return None
    return summary.totals[name]


def _line(plays: int, wins: int, scores: list[int]) -> GameLine:
    return GameLine(plays, wins, max(scores) if scores else None, sum(scores) / len(scores) if scores else None)


def _oldest_first(summaries: Iterable[PlaySummary]) -> list[PlaySummary]:
    return sorted(summaries, key=attrgetter("finished_at"))


def player_stats(source: Source, name: str) -> PlayerStats:
    own = [s for s in _summaries(source) if name in s.totals]
    plays: Counter[str] = Counter(map(attrgetter("game"), own))
    wins: Counter[str] = Counter([s.game for s in own if name in s.winners])
    scores: dict[str, list[int]] = {game: [] for game in plays}
    for summary in own:
        score = real_score(summary, name)
        if score is not None:
            scores[summary.game].append(score)
    per_game = {game: _line(n, wins[game], scores[game]) for game, n in plays.most_common()}
    total_wins = sum(wins.values())
    return PlayerStats(name, len(own), total_wins, total_wins / len(own) if own else 0.0,
                       max(map(attrgetter("finished_at"), own), default=None), per_game, streak(own, name))


def streak(source: Source, name: str) -> Streak:
    current = longest = 0
    for summary in _oldest_first(s for s in _summaries(source) if name in s.totals):
        if name in summary.winners:
            current += 1
            longest = max(longest, current)
        else:
            current = 0
    return Streak(current, longest)


def head_to_head(source: Source, a: str, b: str) -> HeadToHead:
    return rivals(source, a).get(b, HeadToHead(0, 0, 0, 0))


def rivals(source: Source, name: str) -> dict[str, HeadToHead]:
    """Head to head against everyone they played with, most plays together first: placed better, worse or the
    same (a shared place) in each play."""
    counts: dict[str, Counter[str]] = {}
    for summary in _summaries(source):
        if name not in summary.totals:
            continue
        mine = summary.place(name)
        for other in summary.players:
            if other != name:
                theirs = summary.place(other)
                outcome = "ahead" if mine < theirs else "behind" if mine > theirs else "tied"
                counts.setdefault(other, Counter())[outcome] += 1
    records = {other: HeadToHead(c.total(), c["ahead"], c["behind"], c["tied"]) for other, c in counts.items()}
    return dict(sorted(records.items(), key=lambda item: (-item[1].plays, item[0].casefold())))


def game_stats(source: Source, game: str) -> GameStats:
    plays = 0
    highest: Highest | None = None
    highest_at = ""
    winning: list[int] = []
    everyone: list[int] = []
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    scores: dict[str, list[int]] = {}
    for summary in _summaries(source):
        if summary.game != game:
            continue
        plays += 1
        real: dict[str, int] = {}
        for player in summary.players:
            played[player] += 1
            won[player] += player in summary.winners
            score = real_score(summary, player)
            scores.setdefault(player, [])
            if score is not None:
                real[player] = score
                scores[player].append(score)
                everyone.append(score)
        if real:
            top = max(real.values())
            if highest is None or top > highest.score or (top == highest.score and summary.finished_at < highest_at):
                highest, highest_at = Highest(top, _ranked_first(summary, real, top), summary.id), summary.finished_at
        if summary.winners and summary.finished and summary.points:
            winning.append(max(summary.totals[w] for w in summary.winners))
    order = sorted(played, key=lambda p: (-won[p], -played[p], p.casefold()))
    return GameStats(game, plays, highest, sum(winning) / len(winning) if winning else None,
                     sum(everyone) / len(everyone) if everyone else None,
                     {p: _line(played[p], won[p], scores[p]) for p in order})


def _ranked_first(summary: PlaySummary, scores: dict[str, int], top: int) -> tuple[str, ...]:
    """Of the players who scored `top`, those the result ranks first: the one a tiebreak put ahead, or all of them
    when they shared the place."""
    return next(found for group in summary.ranking if (found := tuple(p for p in group if scores.get(p) == top)))


def wins_per_player(source: Source) -> dict[str, int]:
    """Every player who played, with their wins: most wins first, then by name."""
    wins: Counter[str] = Counter()
    for summary in _summaries(source):
        for player in summary.players:
            wins[player] += player in summary.winners
    return dict(sorted(wins.items(), key=lambda item: (-item[1], item[0].casefold())))


def score_trend(source: Source, name: str, game: str) -> list[tuple[str, int]]:
    """(finished_at, score) of each of a player's real scores in a game, oldest first."""
    trend = [(s.finished_at, score) for s in _summaries(source)
             if s.game == game and name in s.totals and (score := real_score(s, name)) is not None]
    return sorted(trend)


def round_chart(progress: list[dict[str, int]], totals: dict[str, int]) -> RoundChart:
    """What a score-by-round chart draws: the running totals the rules give after each round or turn, and,
    when the final scoring adds more (Trails of Tucana's villages and bonus cards, say), one last step with
    the totals, so that every line ends at the score the ranking uses. Empty for one-shot games."""
    steps = [dict(step) for step in progress]
    if steps and any(steps[-1].get(name) != total for name, total in totals.items()):
        return RoundChart([*steps, dict(totals)], final=True)
    return RoundChart(steps, final=False)


def score_by_round(play: dict[str, Any]) -> RoundChart:
    result = current_result(play)
    return round_chart(result.get("progress", []), {p["name"]: p["total"] for p in result["players"]})
