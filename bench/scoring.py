"""How long scoring one full sheet takes, per game: `python -m bench.scoring [--repeat N] [--json]`.

Each game's example sheet (docs/examples/<game>.json, a whole game) is validated, scored and ranked
`repeat` times; the median and the 95th percentile of single calls are reported in microseconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from scoring import all_specs, score_sheet

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def measure(sheet: dict, repeat: int) -> list[float]:
    score_sheet(sheet)  # warm up
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        score_sheet(sheet)
        samples.append((time.perf_counter() - start) * 1e6)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows = {}
    for spec in all_specs():
        sheet = json.loads((EXAMPLES / f"{spec.id}.json").read_text(encoding="utf-8"))
        samples = sorted(measure(sheet, args.repeat))
        rows[spec.id] = {"median_us": round(statistics.median(samples), 1),
                         "p95_us": round(samples[int(len(samples) * 0.95)], 1),
                         "players": len(sheet["players"]), "events": len(sheet.get("events", []))}
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':24} {'median µs':>10} {'p95 µs':>8}  sheet")
    for game, row in rows.items():
        print(f"{game:24} {row['median_us']:>10} {row['p95_us']:>8}  {row['players']} players, "
              f"{row['events']} events")


if __name__ == "__main__":
    main()
