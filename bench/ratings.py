"""Skill ratings: `python -m bench.ratings --plays N [--runs R] [--json]`.

Rates N finished plays (bench.history's synthetic plays: the nine games' example sheets, 2 to 5 players seated
from a pool of twelve) as the statistics screens do, per game and over all games, from their summaries. Reports,
in milliseconds:
- rate_ms: rating every play from scratch (the first statistics screen after a change), median of R runs;
  rate_cpu_ms: its CPU time (which a shared machine disturbs less), median of the same runs
- cached_ms: the same plays asked for again (a screen opened again, a period chosen again), median of R
and `players`, the players rated over all games. Every play is rated: the example games are competitive and
seat 2 players or more.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from companion.store import ratings
from companion.store.summary import PlaySummary, summary_of


def summaries(n: int) -> list[PlaySummary]:
    """The summaries of n synthetic plays, newest first, as the store gives them."""
    from .history import Synthetic  # here: bench.pyodide times `timed` in Pyodide, which has no `resource`

    synthetic = Synthetic()
    return [summary_of(synthetic.play(i)) for i in range(n)][::-1]


def run(n: int, runs: int = 5) -> dict[str, Any]:
    return timed(summaries(n), runs)


def timed(plays: list[PlaySummary], runs: int) -> dict[str, Any]:
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        found = ratings.rate(plays)
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    ratings.ratings(plays)
    cached = []
    for _ in range(runs):
        start = time.perf_counter()
        ratings.ratings(plays)
        cached.append((time.perf_counter() - start) * 1000)
    return {"plays": len(plays), "players": len(found.overall),
            "rate_ms": round(statistics.median(walls), 1), "rate_cpu_ms": round(statistics.median(cpus), 1),
            "cached_ms": round(statistics.median(cached), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plays", type=int, default=10_000, help="finished plays to rate (default 10000)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measure (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = run(args.plays, args.runs)
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:12} {value}")


if __name__ == "__main__":
    main()
