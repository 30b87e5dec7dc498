"""Each storage benchmark still runs, at a tiny size (its figures are the README's; a benchmark that no longer
runs would leave them unchecked)."""

from __future__ import annotations

from bench import game_log, history, live, ratings


def test_the_game_log_benchmark_runs() -> None:
    figures = game_log.run(60)
    assert figures["ops"] > 60 and figures["open_ms"] > 0 and figures["entry_ms_p50"] > 0


def test_the_history_benchmark_runs() -> None:
    figures = history.run(20)
    assert figures["plays"] == 20 and figures["entry_ms_p50"] > 0 and figures["finish_ms_p50"] > 0


def test_the_ratings_benchmark_runs() -> None:
    figures = ratings.run(30, runs=1)
    assert figures["plays"] == 30 and figures["players"] > 2 and figures["rate_ms"] > 0


def test_the_club_night_benchmark_runs() -> None:
    figures = live.run([(1, 3)], entries=4, pause=0.05)["sizes"][0]
    assert figures["connections"] == 4 and figures["missed"] == 0
    assert figures["tap_ms_p50"] > 0 and figures["shown_ms_p50"] > 0
