"""Statistics and chart data, exact on small histories (table cases)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from companion.store.repository import Repository
from companion.store.stats import (
    GameLine,
    HeadToHead,
    Highest,
    RoundChart,
    Streak,
    game_stats,
    head_to_head,
    in_period,
    period_start,
    player_stats,
    rivals,
    round_chart,
    score_by_round,
    score_trend,
    streak,
    wins_per_player,
)
from companion.store.summary import PlaySummary, summary_of
from scoring import score_sheet

from .conftest import example, kahuna, make_play

EXAMPLES = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.json"))


def summary(n: int, game: str, totals: dict[str, int], winners: tuple[str, ...], *, finished: bool = True,
            eliminated: tuple[str, ...] = (), ranking: tuple[tuple[str, ...], ...] | None = None,
            month: int = 3) -> PlaySummary:
    if ranking is None:
        alive = sorted((p for p in totals if p not in eliminated), key=lambda name: -totals[name])
        ranking = tuple((name,) for name in [*alive, *eliminated])
    return PlaySummary(f"p{n}", game, None, f"2024-{month:02d}-{n:02d}T12:00:00+00:00", tuple(totals), totals,
                       winners, ranking, finished, eliminated)


HISTORY = [  # newest first, as the repository gives them
    summary(6, "captain-flip", {"Mina": 35, "Joon": 20}, ("Joon",), eliminated=("Mina",)),  # Mina went bust
    summary(5, "kahuna", {"Mina": 4, "Joon": 4}, ("Mina", "Joon"), ranking=(("Mina", "Joon"),)),  # a shared win
    summary(4, "for-sale", {"Mina": 30, "Joon": 41, "Sam": 41}, ("Joon",)),  # Joon won the tiebreak
    summary(3, "kahuna", {"Mina": 7, "Joon": 0}, ("Mina",)),
    summary(2, "kahuna", {"Joon": 3, "Mina": 1}, ("Joon",), finished=False),  # the table stopped early
    summary(1, "for-sale", {"Sam": 44, "Mina": 50}, (), eliminated=("Sam", "Mina")),  # nobody left: no winner
]


def test_player_stats_count_every_play_and_shared_wins_but_only_real_scores() -> None:
    stats = player_stats(HISTORY, "Mina")
    assert (stats.plays, stats.wins, stats.win_rate, stats.last_played) == (6, 2, 2 / 6, "2024-03-06T12:00:00+00:00")
    assert stats.per_game == {"kahuna": GameLine(plays=3, wins=2, best=7, average=5.5),  # not the early 1
                              "for-sale": GameLine(plays=2, wins=0, best=30, average=30.0),  # not the bust 50
                              "captain-flip": GameLine(plays=1, wins=0, best=None, average=None)}  # nor 35
    assert list(stats.per_game) == ["kahuna", "for-sale", "captain-flip"]  # most played first


def test_player_stats_of_someone_who_never_played() -> None:
    stats = player_stats(HISTORY, "Nobody")
    assert (stats.plays, stats.wins, stats.win_rate, stats.last_played, stats.per_game) == (0, 0, 0.0, None, {})
    assert (stats.streak, rivals(HISTORY, "Nobody")) == (Streak(0, 0), {})


@pytest.mark.parametrize(("wins", "expected"), [
    ("", Streak(0, 0)),
    ("L", Streak(0, 0)),
    ("W", Streak(1, 1)),
    ("WWL", Streak(0, 2)),
    ("WLWWW", Streak(3, 3)),
    ("WWWLWW", Streak(2, 3)),
    ("LWWLL", Streak(0, 2)),
])
def test_win_streaks_current_and_longest(wins: str, expected: Streak) -> None:
    """Plays oldest first by the letters; the repository hands them over newest first."""
    plays = [summary(i + 1, "kahuna", {"Mina": 1, "Joon": 0}, ("Mina",) if w == "W" else ("Joon",))
             for i, w in enumerate(wins)]
    assert streak(list(reversed(plays)), "Mina") == expected


def test_a_streak_is_in_time_order_whatever_order_the_plays_come_in() -> None:
    assert streak(HISTORY, "Joon") == Streak(current=3, longest=3)  # won 4 (with Sam), shared 5, won 6
    assert streak(sorted(HISTORY, key=lambda s: s.id), "Joon") == Streak(3, 3)


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("Mina", "Joon", HeadToHead(plays=5, ahead=1, behind=3, tied=1)),
    ("Joon", "Mina", HeadToHead(plays=5, ahead=3, behind=1, tied=1)),
    ("Mina", "Sam", HeadToHead(plays=2, ahead=0, behind=2, tied=0)),  # eliminated together: Sam ranked above
    ("Joon", "Sam", HeadToHead(plays=1, ahead=1, behind=0, tied=0)),  # same score, Joon won the tiebreak
    ("Mina", "Nobody", HeadToHead(0, 0, 0, 0)),
])
def test_head_to_head_counts_who_placed_better(a: str, b: str, expected: HeadToHead) -> None:
    assert head_to_head(HISTORY, a, b) == expected


def test_rivals_are_listed_most_plays_together_first() -> None:
    assert list(rivals(HISTORY, "Mina")) == ["Joon", "Sam"]


def test_game_stats_leave_eliminated_and_early_scores_out_of_bests() -> None:
    stats = game_stats(HISTORY, "for-sale")
    assert stats.plays == 2
    assert stats.highest == Highest(41, ("Joon",), "p4")  # Mina's 50 was a bust
    assert stats.average_winning_score == 41.0
    assert stats.average_score == pytest.approx(112 / 3)
    assert stats.per_player == {"Joon": GameLine(1, 1, 41, 41.0), "Sam": GameLine(2, 0, 41, 41.0),
                                "Mina": GameLine(2, 0, 30, 30.0)}
    flip = game_stats(HISTORY, "captain-flip")
    assert (flip.highest, flip.average_winning_score) == (Highest(20, ("Joon",), "p6"), 20.0)


def test_game_stats_highest_is_the_first_to_reach_it() -> None:
    tied = game_stats([summary(9, "for-sale", {"A": 41}, ("A",)), *HISTORY], "for-sale")
    assert tied.highest == Highest(41, ("Joon",), "p4")


def test_game_stats_average_winning_score_counts_a_shared_win_once_and_skips_early_ends() -> None:
    stats = game_stats(HISTORY, "kahuna")
    assert (stats.plays, stats.highest, stats.average_winning_score) == (3, Highest(7, ("Mina",), "p3"), 5.5)


def test_game_stats_of_an_unplayed_game() -> None:
    stats = game_stats(HISTORY, "patchwork")
    assert stats == game_stats([], "patchwork")
    assert (stats.plays, stats.highest, stats.average_winning_score, stats.average_score, stats.per_player) == (
        0, None, None, None, {})


def test_wins_per_player_lists_everyone_most_wins_first() -> None:
    assert list(wins_per_player(HISTORY).items()) == [("Joon", 4), ("Mina", 2), ("Sam", 0)]


def test_score_trend_is_oldest_first_with_real_scores_only() -> None:
    assert score_trend(HISTORY, "Mina", "kahuna") == [("2024-03-03T12:00:00+00:00", 7),
                                                       ("2024-03-05T12:00:00+00:00", 4)]
    assert score_trend(HISTORY, "Mina", "captain-flip") == []


@pytest.mark.parametrize(("period", "today", "start"), [
    ("all", date(2026, 12, 1), None),
    ("year", date(2026, 12, 1), date(2026, 1, 1)),
    ("year", date(2026, 1, 1), date(2026, 1, 1)),
    ("month", date(2026, 12, 1), date(2026, 11, 2)),  # 30 days, today included
    ("week", date(2026, 3, 2), date(2026, 2, 24)),
])
def test_period_start(period: str, today: date, start: date | None) -> None:
    assert period_start(period, today) == start


def test_in_period_keeps_plays_from_the_first_day_on() -> None:
    plays = [summary(31, "kahuna", {"A": 1}, ("A",), month=12), summary(15, "kahuna", {"A": 1}, ("A",), month=11),
             summary(1, "kahuna", {"A": 1}, ("A",), month=1)]
    assert [s.id for s in in_period(plays, "month", date(2024, 12, 31))] == ["p31"]
    assert [s.id for s in in_period(plays, "year", date(2024, 12, 31))] == ["p31", "p15", "p1"]
    assert in_period(plays, "year", date(2025, 1, 5)) == []
    with pytest.raises(ValueError, match="unknown period"):
        period_start("fortnight", date(2024, 1, 1))


def test_stats_read_the_repository(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    repo.add_play(make_play("kahuna", "2024-03-02T12:00:00+00:00", kahuna([3, 3, 3], [3, 3, 3])))
    assert (player_stats(repo, "Joon").plays, player_stats(repo, "Joon").wins) == (2, 1)
    assert wins_per_player(repo) == {"Mina": 2, "Joon": 1}
    assert score_trend(repo, "Mina", "kahuna") == [("2024-03-01T12:00:00+00:00", 7), ("2024-03-02T12:00:00+00:00", 0)]


def test_an_eliminated_player_comes_from_the_engines_result() -> None:
    play = make_play("captain-flip", "2024-03-01T12:00:00+00:00", id="flip1")
    out = [p["name"] for p in play["result"]["players"] if p["eliminated"]]
    assert out == ["Sora"] and summary_of(play).eliminated == ("Sora",)
    assert play["result"]["players"][2]["total"] == 38  # the bust board's coins: not a score
    assert game_stats([summary_of(play)], "captain-flip").highest == Highest(28, ("Joon",), "flip1")  # tied, Joon ahead


@pytest.mark.parametrize(("progress", "totals", "expected"), [
    ([], {"A": 5}, RoundChart([], final=False)),
    ([{"A": 1, "B": 0}, {"A": 3, "B": 4}], {"A": 3, "B": 4}, RoundChart([{"A": 1, "B": 0}, {"A": 3, "B": 4}], False)),
    ([{"A": 5, "B": 8}], {"A": 20, "B": 12}, RoundChart([{"A": 5, "B": 8}, {"A": 20, "B": 12}], final=True)),
])
def test_round_chart_ends_every_line_at_the_total(progress: list, totals: dict, expected: RoundChart) -> None:
    assert round_chart(progress, totals) == expected


def test_tucana_by_round_adds_villages_and_bonus_at_the_end() -> None:
    chart = score_by_round(make_play("trails-of-tucana", "2024-03-01T12:00:00+00:00"))
    result = score_sheet(example("trails-of-tucana"))
    assert chart.final and len(chart.steps) == 3
    assert chart.steps[1] == {p.name: p.breakdown["sights"] for p in result.players}  # both rounds' sights
    assert chart.steps[-1] == {p.name: p.total for p in result.players}
    leader = result.ranking[0][0]
    assert max(chart.steps[-1], key=chart.steps[-1].get) == leader  # the winner's line ends on top


@pytest.mark.parametrize("game", EXAMPLES)
def test_every_games_by_round_chart_ends_at_each_players_total(game: str) -> None:
    sheet = json.loads(json.dumps(example(game)))
    chart = score_by_round(make_play(game, "2024-03-01T12:00:00+00:00", sheet))
    if chart.steps:
        assert chart.steps[-1] == {p.name: p.total for p in score_sheet(sheet).players}


def test_score_by_round_is_the_running_total() -> None:
    assert score_by_round(make_play("kahuna", "2024-03-01T12:00:00+00:00")) == RoundChart(
        [{"Mina": 1, "Joon": 0}, {"Mina": 1, "Joon": 0}, {"Mina": 1, "Joon": 2}], final=False)
    assert score_by_round(make_play("patchwork", "2024-03-01T12:00:00+00:00", example("patchwork"))).steps == []
