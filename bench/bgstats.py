"""BG Stats import and export costs: `python -m bench.bgstats --plays N [--sample FILE] [--json]`.

Builds N synthetic plays (bench.history's), exports them as BG Stats and imports that file into an empty
data folder; the baseline is the app's own full backup of the same plays, exported and imported the same
way, so the figures are ratios to work the app already does. With `--sample` (a real BG Stats export) it
also times the preview and the import of that file. Milliseconds; peak_rss_mb for the whole run.
"""

from __future__ import annotations

import argparse
import json
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.store import bgstats, exchange
from companion.store.repository import Repository

from .history import Synthetic

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "bgstats" / "sample-BGStatsExport.json"


def ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)


def synthetic_history(folder: Path, n: int) -> Repository:
    """A data folder in `folder` holding n synthetic plays (bench.history's)."""
    source = Repository.open(folder)
    synthetic = Synthetic()
    for batch in synthetic.plays(0, n):
        source.add_plays(batch)
    return source


def run(n: int, sample: Path | None) -> dict[str, Any]:
    out: dict[str, Any] = {"plays": n}
    with tempfile.TemporaryDirectory() as folder:
        source = synthetic_history(Path(folder) / "source", n)
        start = time.perf_counter()
        backup = exchange.export_backup(source)
        out["backup_export_ms"] = ms(start)
        start = time.perf_counter()
        exchange.import_backup(Repository.open(Path(folder) / "from-backup"), backup)
        out["backup_import_ms"] = ms(start)
        start = time.perf_counter()
        export = bgstats.export_bgstats(source)
        out["bgstats_export_ms"] = ms(start)
        out["bgstats_export_mb"] = round(len(export) / 2**20, 2)
        target = Repository.open(Path(folder) / "from-bgstats")
        start = time.perf_counter()
        plan = bgstats.plan_import(target, export)
        out["bgstats_preview_ms"] = ms(start)
        start = time.perf_counter()
        bgstats.run_import(target, plan)
        out["bgstats_import_ms"] = ms(start)
        out["export_ratio"] = round(out["bgstats_export_ms"] / out["backup_export_ms"], 2)
        out["import_ratio"] = round((out["bgstats_preview_ms"] + out["bgstats_import_ms"])
                                    / out["backup_import_ms"], 2)
        if sample is not None and sample.is_file():
            data = sample.read_bytes()
            repo = Repository.open(Path(folder) / "sample")
            start = time.perf_counter()
            plan = bgstats.plan_import(repo, data)
            out["sample_preview_ms"] = ms(start)
            start = time.perf_counter()
            report = bgstats.run_import(repo, plan)
            out["sample_import_ms"] = ms(start)
            out["sample_plays_added"] = report.plays_added
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--sample", type=Path, default=SAMPLE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.plays, args.sample)
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
