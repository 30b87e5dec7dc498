"""Statistics and chart data, exact on small histories."""

from __future__ import annotations

import pytest

from companion.store.repository import Repository
from companion.store.stats import (
    GameLine,
    Highest,
    game_stats,
    player_stats,
    score_by_round,
    score_trend,
    wins_per_player,
)
from companion.store.summary import PlaySummary

from .conftest import example, kahuna, make_play


def summary(n: int, game: str, totals: dict[str, int], winners: tuple[str, ...]) -> PlaySummary:
    ranking = tuple((name,) for name in sorted(totals, key=lambda name: -totals[name]))
    return PlaySummary(f"p{n}", game, None, f"2024-03-{n:02d}T12:00:00+00:00", tuple(totals), totals, winners,
                       ranking, True)


HISTORY = [  # newest first, as the repository gives them
    summary(5, "kahuna", {"Mina": 4, "Joon": 4}, ("Mina", "Joon")),  # a shared win
    summary(4, "for-sale", {"Mina": 30, "Joon": 41, "Sam": 41}, ("Joon",)),  # Joon won the tiebreak
    summary(3, "kahuna", {"Mina": 7, "Joon": 0}, ("Mina",)),
    summary(2, "kahuna", {"Joon": 3, "Mina": 1}, ("Joon",)),
    summary(1, "for-sale", {"Sam": 44, "Mina": 50}, ()),  # everyone eliminated: no winner
]


def test_player_stats_count_shared_wins_as_wins() -> None:
    stats = player_stats(HISTORY, "Mina")
    assert (stats.plays, stats.wins, stats.win_rate, stats.last_played) == (5, 2, 0.4, "2024-03-05T12:00:00+00:00")
    assert stats.per_game == {"kahuna": GameLine(plays=3, wins=2, best=7, average=4.0),
                              "for-sale": GameLine(plays=2, wins=0, best=50, average=40.0)}


def test_player_stats_of_someone_who_never_played() -> None:
    stats = player_stats(HISTORY, "Nobody")
    assert (stats.plays, stats.wins, stats.win_rate, stats.last_played, stats.per_game) == (0, 0, 0.0, None, {})


def test_game_stats_highest_is_the_first_to_reach_it() -> None:
    stats = game_stats(HISTORY, "for-sale")
    assert stats.plays == 2
    assert stats.highest == Highest(50, "Mina", "p1")
    assert stats.average_winning_score == 41.0
    tied = game_stats([summary(9, "for-sale", {"A": 50}, ("A",)), *HISTORY], "for-sale")
    assert tied.highest == Highest(50, "Mina", "p1")


def test_game_stats_average_winning_score_counts_a_shared_win_once() -> None:
    stats = game_stats(HISTORY, "kahuna")
    assert (stats.plays, stats.highest, stats.average_winning_score) == (3, Highest(7, "Mina", "p3"),
                                                                          pytest.approx(14 / 3))


def test_game_stats_of_an_unplayed_game() -> None:
    assert game_stats(HISTORY, "patchwork") == game_stats([], "patchwork")
    assert (game_stats([], "patchwork").highest, game_stats([], "patchwork").average_winning_score) == (None, None)


def test_wins_per_player_lists_everyone_most_wins_first() -> None:
    assert list(wins_per_player(HISTORY).items()) == [("Joon", 3), ("Mina", 2), ("Sam", 0)]


def test_score_trend_is_oldest_first() -> None:
    assert score_trend(HISTORY, "Mina", "kahuna") == [("2024-03-02T12:00:00+00:00", 1),
                                                       ("2024-03-03T12:00:00+00:00", 7),
                                                       ("2024-03-05T12:00:00+00:00", 4)]


def test_stats_read_the_repository(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    repo.add_play(make_play("kahuna", "2024-03-02T12:00:00+00:00", kahuna([3, 3, 3], [3, 3, 3])))
    assert (player_stats(repo, "Joon").plays, player_stats(repo, "Joon").wins) == (2, 1)
    assert wins_per_player(repo) == {"Mina": 2, "Joon": 1}
    assert score_trend(repo, "Mina", "kahuna") == [("2024-03-01T12:00:00+00:00", 7), ("2024-03-02T12:00:00+00:00", 0)]


def test_score_by_round_is_the_running_total() -> None:
    assert score_by_round(make_play("kahuna", "2024-03-01T12:00:00+00:00")) == [
        {"Mina": 1, "Joon": 0}, {"Mina": 1, "Joon": 0}, {"Mina": 1, "Joon": 2}]
    assert score_by_round(make_play("patchwork", "2024-03-01T12:00:00+00:00", example("patchwork"))) == []
