"""What bench.pyodide times inside the phone build's Python (Pyodide) and, as its baseline, in CPython: the same
functions on the same bytes. It imports only what the phone build packs (app.zip) and bench.ratings.

`python -m bench.in_pyodide FILE FOLDER` runs the BG Stats import alone in this process (the CPython baseline)
and adds its peak resident memory.
"""

from __future__ import annotations

import json
import marshal
import sys
import time
from pathlib import Path
from typing import Any

from companion.store import bgstats, transfer
from companion.store.repository import Repository
from companion.store.shards import summaries_of_rows

from . import ratings


def ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)


def settings_import(path: Path, folder: Path) -> dict[str, Any]:
    """Settings' import of the BG Stats export in `path` into an empty data folder `folder`, in milliseconds: the
    preview (the file read and planned as the data panel does, then the names the preview suggests merging, and
    the plan made again with them when there are any) and the import (the plays stored, the progress bar told
    after each batch, as the preview's Import button does)."""
    repo = Repository.open(folder)
    start = time.perf_counter()
    planned = transfer.import_file(repo, path)
    if not isinstance(planned, transfer.PlannedFile):
        raise ValueError(f"{path} is no BG Stats export")
    renames = bgstats.suggested_renames(repo, planned.plan)
    plan = planned.replan(renames) if renames else planned.plan
    preview_ms = ms(start)
    steps: list[int] = []
    start = time.perf_counter()
    report = bgstats.run_import(repo, plan, lambda done, total: steps.append(done))
    return {"preview_ms": preview_ms, "import_ms": ms(start), "plays_added": report.plays_added,
            "progress_calls": len(steps)}


def summary_rows(n: int) -> bytes:
    """bench.ratings' n summaries as the store keeps them on disk (marshal rows), to be rated elsewhere."""
    return marshal.dumps([tuple(summary) for summary in ratings.summaries(n)])


def rate(rows: bytes, runs: int) -> dict[str, Any]:
    """bench.ratings' timings of the summaries in `rows` (summary_rows)."""
    return ratings.timed(summaries_of_rows(marshal.loads(rows)), runs)


def peak_rss_mb() -> float:
    """This process's peak resident memory (Linux): VmHWM, which starts again at exec, where getrusage's maxrss
    keeps the peak of the process that started it (bench.pyodide, holding the history it exported)."""
    for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    raise OSError("no VmHWM in /proc/self/status")


def main() -> None:
    figures = settings_import(Path(sys.argv[1]), Path(sys.argv[2]))
    print(json.dumps({**figures, "peak_rss_mb": peak_rss_mb()}))


if __name__ == "__main__":
    main()
