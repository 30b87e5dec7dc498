"""History storage costs: `python -m bench.history --plays N [--json]`.

Builds N synthetic finished plays over the nine games (the example sheets, players drawn from a pool of
twelve) in a temporary data folder, then measures, in milliseconds:
- open_ms: opening the data folder at start (nothing parsed yet)
- history_page_ms: the first page of the history list, from a fresh start
- stats_ms: one player's statistics, median of 5 with the summaries cached (stats_cold_ms: the first call
  after a start, which reads every shard's summaries from disk; stats_cold_cpu_ms: its CPU time, which a
  shared machine disturbs less)
- entry_ms_p50: one score entry of a game in progress, saved (median of 200)
- finish_ms_p50: finishing a game into the history (median of 30), with the newest shard as N left it;
  finish_full_ms_p50: the same once the newest shard is nearly full (the costliest case; adds < SHARD_SIZE
  plays); finish_fills_ms_p50: the finishes among those that filled the newest shard to SHARD_SIZE
- delete_ms_p50: deleting a play from anywhere in the history (median of 20, each put back untimed)
- older_import_ms: a second history of SHARD_SIZE recent plays that then imports N older plays in one go;
  older_max_shard (the largest shard after it) and older_delete_ms_p50 (deleting in that history)
and reports db_bytes (every file, backups included), db_live_bytes (without backups), rss_mb (resident
memory at the end) and peak_rss_mb.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion.models.draft import DraftSession
from companion.store import atomic
from companion.store.plays import SHARD_SIZE
from companion.store.repository import Repository
from companion.store.stats import player_stats
from scoring import all_specs, score_sheet
from scoring.sheet_tools import players_in, rename_player

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
POOL = ("Mina", "Joon", "Sora", "Tae", "Hana", "Jisoo", "Alex", "Sam", "Noah", "Emma", "Yuna", "Leo")
START = datetime(2015, 1, 1, tzinfo=UTC)
BATCH = 2000
FINISHES = 30
DELETES = 20


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


class Synthetic:
    """Plays over the nine games; sheets and results are shared between plays with the same seating."""

    def __init__(self) -> None:
        self.examples = {spec.id: json.loads((EXAMPLES / f"{spec.id}.json").read_text(encoding="utf-8"))
                         for spec in all_specs()}
        self.games = sorted(self.examples)
        self.scored: dict[tuple[str, int], tuple[dict[str, Any], dict[str, Any], int]] = {}

    def seated(self, game: str, rotation: int) -> tuple[dict[str, Any], dict[str, Any], int]:
        key = (game, rotation)
        if key not in self.scored:
            sheet = self.examples[game]
            old = players_in(sheet)
            for k, name in enumerate(old):  # via placeholders: a pool name may already sit elsewhere
                sheet = rename_player(sheet, name, f"seat{k}")
            for k in range(len(old)):
                sheet = rename_player(sheet, f"seat{k}", POOL[(rotation + 5 * k) % len(POOL)])
            result = score_sheet(sheet)
            self.scored[key] = (sheet, result.to_json(), result.rules_version)
        return self.scored[key]

    def play(self, i: int) -> dict[str, Any]:
        game = self.games[i % len(self.games)]
        sheet, result, rules_version = self.seated(game, i % len(POOL))
        finished = START + timedelta(minutes=37 * i)
        return {"id": f"p{i:08d}", "game": game, "sheet": sheet, "rules_version": rules_version, "result": result,
                "started_at": (finished - timedelta(minutes=45)).isoformat(), "finished_at": finished.isoformat()}

    def plays(self, start: int, stop: int) -> Iterator[list[dict[str, Any]]]:
        for first in range(start, stop, BATCH):
            yield [self.play(i) for i in range(first, min(stop, first + BATCH))]


def measure_entries(repo: Repository, synthetic: Synthetic) -> list[float]:
    """A For Sale game in progress: each entry changes one player's coins, as the sheet screen sends it (the
    operations of what changed, appended to the game's log)."""
    sheet, _, _ = synthetic.seated("for-sale", 0)
    draft = repo.new_draft({"game": "for-sale", "sheet": sheet})
    session = DraftSession(repo, draft)
    samples = []
    for n in range(200):
        edited = json.loads(json.dumps(session.draft["sheet"]))
        edited["players"][n % len(edited["players"])]["coins_left"] = n % 15
        started = time.perf_counter()
        session.save(sheet=edited)
        samples.append((time.perf_counter() - started) * 1000)
    repo.delete_draft(draft["id"])
    return samples


def measure_finishes(repo: Repository, synthetic: Synthetic, first: int) -> list[tuple[float, int]]:
    """Finishing games in progress (a draft each) as the score sheet does; the play's time is now. Each
    sample comes with the size of the newest shard after it."""
    samples = []
    for i in range(first, first + FINISHES):
        play = synthetic.play(i)
        draft = repo.new_draft({"game": play["game"], "sheet": play["sheet"]})
        samples.append((timed(lambda draft=draft: repo.finish_draft(draft["id"])), newest_shard_size(repo)))
    return samples


def newest_shard_size(repo: Repository) -> int:
    shards = repo.plays_dir.glob("plays-*.json")
    newest = max(shards, key=lambda p: p.stat().st_mtime_ns)
    return len(atomic.read_tables(newest)["plays"])  # type: ignore[index]


def measure_deletes(repo: Repository) -> list[float]:
    """Deleting plays spread over the whole history; each is put back (untimed) before the next."""
    ids = [s.id for s in repo.summaries()]
    samples = []
    for k in range(DELETES):
        play_id = ids[(k * 7919) % len(ids)]
        play = repo.play(play_id)
        assert play is not None
        samples.append(timed(lambda play_id=play_id: repo.delete_play(play_id)))
        repo.restore_play(play)
    return samples


def measure_older_import(n: int, synthetic: Synthetic, root: Path) -> dict[str, Any]:
    """SHARD_SIZE recent plays, then N older plays imported in one go (a BG Stats history, say)."""
    folder = root / "older"
    repo = Repository.open(folder)
    repo.add_plays([{**synthetic.play(i), "id": f"recent{i}", "finished_at": (START + timedelta(days=3650 + i))
                    .isoformat()} for i in range(SHARD_SIZE)])
    older = [synthetic.play(i) for i in range(n)]
    figures: dict[str, Any] = {"older_import_ms": round(timed(lambda: repo.add_plays(older)), 1)}
    figures["older_max_shard"] = max(len(atomic.read_tables(p)["plays"])  # type: ignore[index]
                                     for p in folder.glob("plays/plays-*.json"))
    figures["older_delete_ms_p50"] = round(statistics.median(measure_deletes(fresh(folder))), 2)
    return figures


def newest_shard_count(n: int) -> int:
    """Plays in the newest shard once N plays were built and FINISHES finished after them (shards fill in order)."""
    return (n + FINISHES) % SHARD_SIZE or SHARD_SIZE


def folder_bytes(folder: Path, backups: bool) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and (backups or ".bak" not in p.name))


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def fresh(folder: Path) -> Repository:
    atomic._parsed.clear()  # as at start: nothing parsed, nothing cached
    return Repository.open(folder)


def run(n: int) -> dict[str, Any]:
    synthetic = Synthetic()
    figures: dict[str, Any] = {"plays": n}
    with tempfile.TemporaryDirectory(prefix="tc-bench-") as tmp:
        folder = Path(tmp) / "data"
        repo = Repository.open(folder)
        for batch in synthetic.plays(0, n):
            repo.add_plays(batch)
        atomic._parsed.clear()
        figures["open_ms"] = round(timed(lambda: Repository.open(folder)), 2)
        repo = fresh(folder)
        figures["history_page_ms"] = round(timed(repo.history_page), 2)
        repo = fresh(folder)
        cpu = time.process_time()
        stats = [timed(lambda: player_stats(repo, POOL[0]))]
        figures["stats_cold_cpu_ms"] = round((time.process_time() - cpu) * 1000, 2)
        stats += [timed(lambda: player_stats(repo, POOL[0])) for _ in range(5)]
        figures["stats_ms"] = round(statistics.median(stats[1:]), 2)
        figures["stats_cold_ms"] = round(stats[0], 2)
        figures["entry_ms_p50"] = round(statistics.median(measure_entries(repo, synthetic)), 2)
        figures["finish_ms_p50"] = round(statistics.median(t for t, _ in measure_finishes(repo, synthetic, n)), 2)
        top_up = max(0, SHARD_SIZE - FINISHES - newest_shard_count(n))
        now = datetime.now(UTC).isoformat()  # after the finishes above: appended to the newest shard
        for batch in synthetic.plays(n + FINISHES, n + FINISHES + top_up):
            repo.add_plays([{**play, "started_at": now, "finished_at": now} for play in batch])
        full = measure_finishes(repo, synthetic, n + FINISHES + top_up)
        figures["finish_full_ms_p50"] = round(statistics.median(t for t, _ in full), 2)
        fills = [t for t, size in full if size == SHARD_SIZE]
        figures["finish_fills_ms_p50"] = round(statistics.median(fills), 2) if fills else None
        figures["delete_ms_p50"] = round(statistics.median(measure_deletes(fresh(folder))), 2)
        figures["db_bytes"] = folder_bytes(folder, backups=True)
        figures["db_live_bytes"] = folder_bytes(folder, backups=False)
        figures.update(measure_older_import(n, synthetic, Path(tmp)))
        figures["rss_mb"] = resident_mb()
        figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plays", type=int, default=1000, help="finished plays in the history (default 1000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = run(args.plays)
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:20} {value}")


if __name__ == "__main__":
    main()
