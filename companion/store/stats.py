"""Player and game statistics and chart data, from play summaries (no I/O of their own).

Every function takes the repository (its cached summaries, newest first) or any iterable of PlaySummary.
A shared win counts as a win for each winner. Every play counts, also one the table ended early.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .summary import PlaySummary, current_result


@runtime_checkable
class SummarySource(Protocol):
    def summaries(self) -> Iterable[PlaySummary]: ...


Source = SummarySource | Iterable[PlaySummary]


@dataclass(frozen=True)
class GameLine:
    plays: int
    wins: int
    best: int
    average: float


@dataclass(frozen=True)
class PlayerStats:
    name: str
    plays: int
    wins: int
    win_rate: float  # 0.0 to 1.0; 0.0 without plays
    last_played: str | None  # finished_at of the newest play
    per_game: dict[str, GameLine]


class Highest(NamedTuple):
    score: int
    player: str
    play_id: str


@dataclass(frozen=True)
class GameStats:
    game: str
    plays: int
    highest: Highest | None  # the first play to reach the highest score
    average_winning_score: float | None  # over plays with a winner


def _summaries(source: Source) -> Iterable[PlaySummary]:
    return source.summaries() if isinstance(source, SummarySource) else source


def player_stats(source: Source, name: str) -> PlayerStats:
    plays = wins = 0
    last_played = None
    scores: dict[str, list[int]] = {}
    game_wins: Counter[str] = Counter()
    for summary in _summaries(source):
        if name not in summary.totals:
            continue
        plays += 1
        if last_played is None or summary.finished_at > last_played:
            last_played = summary.finished_at
        scores.setdefault(summary.game, []).append(summary.totals[name])
        if name in summary.winners:
            wins += 1
            game_wins[summary.game] += 1
    per_game = {game: GameLine(len(points), game_wins[game], max(points), sum(points) / len(points))
                for game, points in scores.items()}
    return PlayerStats(name, plays, wins, wins / plays if plays else 0.0, last_played, per_game)


def game_stats(source: Source, game: str) -> GameStats:
    plays = 0
    highest: Highest | None = None
    highest_at = ""
    winning: list[int] = []
    for summary in _summaries(source):
        if summary.game != game:
            continue
        plays += 1
        for player in summary.players:
            score = summary.totals[player]
            if highest is None or score > highest.score or (score == highest.score
                                                            and summary.finished_at < highest_at):
                highest, highest_at = Highest(score, player, summary.id), summary.finished_at
        if summary.winners:
            winning.append(max(summary.totals[w] for w in summary.winners))
    return GameStats(game, plays, highest, sum(winning) / len(winning) if winning else None)


def wins_per_player(source: Source) -> dict[str, int]:
    """Every player who played, with their wins: most wins first, then by name."""
    wins: Counter[str] = Counter()
    for summary in _summaries(source):
        for player in summary.players:
            wins[player] += player in summary.winners
    return dict(sorted(wins.items(), key=lambda item: (-item[1], item[0].casefold())))


def score_trend(source: Source, name: str, game: str) -> list[tuple[str, int]]:
    """(finished_at, score) of each of a player's plays of a game, oldest first."""
    trend = [(s.finished_at, s.totals[name]) for s in _summaries(source) if s.game == game and name in s.totals]
    return sorted(trend)


def score_by_round(play: dict[str, Any]) -> list[dict[str, int]]:
    """A play's running totals after each round or turn, as the rules score them (empty for one-shot games)."""
    return [dict(step) for step in current_result(play).get("progress", [])]
