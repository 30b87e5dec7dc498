"""A game in progress as its log: `python -m bench.game_log --ops N [--json]`.

Two screens enter a Kahuna game turn about: each adds a round now and then and types into it, as the sheet
screen sends it (only its own operations). Then, in milliseconds:
- entry_ms_p50 / entry_ms_p95: one entry (the screen's diff, the append and its fsync), over the last 200
  entries, with the log at about N operations
- open_ms: opening the game cold (nothing parsed or cached; the store's snapshot plus the log's later lines,
  and a screen's copy of the fold), median of 10
- open_base_ms: the same for a game that holds only its start, measured in the same run; open_ratio is
  open_ms / open_base_ms
- log_bytes: the game's log file; ops: operations in it
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.models.draft import DraftSession
from companion.store import atomic
from companion.store.repository import Repository

SHEET = {"game": "kahuna", "options": {}, "players": [{"name": "Mina"}, {"name": "Joon"}], "rounds": []}
OPENS = 10


def enter(screen: DraftSession, n: int) -> float:
    """One entry of screen's: a new round every tenth, else a value typed into its latest round."""
    sheet = screen.draft["sheet"]
    if not sheet["rounds"] or n % 10 == 0:
        sheet["rounds"].append({})
    sheet["rounds"][-1]["Mina" if n % 2 else "Joon"] = n % 7
    started = time.perf_counter()
    screen.save(sheet=sheet)
    return (time.perf_counter() - started) * 1000


def cold_open(folder: Path, draft_id: str) -> float:
    atomic._parsed.clear()
    repo = Repository(folder)
    started = time.perf_counter()
    draft = repo.draft(draft_id)
    assert draft is not None
    DraftSession(repo, draft)
    return (time.perf_counter() - started) * 1000


def run(ops: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tc-bench-") as tmp:
        folder = Path(tmp) / "data"
        repo = Repository.open(folder)
        base = repo.new_draft({"game": "kahuna", "sheet": SHEET})
        draft = repo.new_draft({"game": "kahuna", "sheet": SHEET})
        screens = [DraftSession(repo, draft), DraftSession(repo, draft)]
        samples = []
        for n in range(ops):
            screen = screens[n % 2]
            if n % 50 == 0:
                screen.adopt()  # takes in the other screen's entries now and then, as a redraw does
            samples.append(enter(screen, n))
        last = samples[-200:]
        opens = [cold_open(folder, draft["id"]) for _ in range(OPENS)]
        base_opens = [cold_open(folder, base["id"]) for _ in range(OPENS)]
        log = folder / "games" / f"{draft['id']}.jsonl"
        figures = {
            "ops": len(repo.draft_ops(draft["id"])),
            "entry_ms_p50": round(statistics.median(last), 2),
            "entry_ms_p95": round(sorted(last)[int(len(last) * 0.95)], 2),
            "open_ms": round(statistics.median(opens), 2),
            "open_base_ms": round(statistics.median(base_opens), 2),
            "log_bytes": log.stat().st_size,
        }
        figures["open_ratio"] = round(figures["open_ms"] / max(figures["open_base_ms"], 0.01), 1)
        return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops", type=int, default=2000, help="entries made in the game (default 2000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = run(args.ops)
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:16} {value}")


if __name__ == "__main__":
    main()
