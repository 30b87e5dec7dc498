"""Importing a backup: `python -m bench.import_backup [--plays 73505] [--json]`.

Writes a valid backup of N finished plays (Kahuna and Patchwork, as in the history benchmark: the example
sheets over a pool of twelve players) and two junk files of 49 MB, then measures each case in a fresh
process, reporting wall-clock and CPU seconds (the process's own, start-up included: steadier than the
clock on a shared machine) and peak resident memory (MB). A large import checks its plays in worker processes:
their CPU seconds are counted in `cpu_seconds` (and given alone as `workers_cpu_seconds`), their resident memory
together at its highest as `workers_peak_mb` (sampled every 20 ms, by a thread whose own CPU time is left out of
`cpu_seconds`); `peak_mb` is this process's alone; `all_peak_mb` the memory of this process and its workers
together at its highest (sampled with them, by proportional set size: the pages that the workers share with the
process they were forked from counted once, where resident sizes count them in each):
- import: the valid backup into an empty data folder (checked completely, then stored);
- junk_array: a file of "[],[],..." (refused);
- junk_plays: a backup header followed by 49 MB of empty objects as plays (refused);
- baseline: `json.loads` of the valid backup alone, in the same run (the bare parse, no checking or storing).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.store.atomic import encode
from companion.store.exchange import BACKUP_FORMAT, MAX_BACKUP_BYTES, BackupError, import_backup_file
from companion.store.repository import Repository
from companion.store.schema import SCHEMA_VERSION

from .history import POOL, Synthetic

JUNK_BYTES = 49 * 1024 * 1024
GAMES = ("kahuna", "patchwork")


def write_backup(path: Path, plays: int) -> None:
    synthetic = Synthetic()
    synthetic.games = list(GAMES)
    players = [{"id": f"pl{i:04d}", "name": name, "colour": None, "created_at": "2015-01-01T00:00:00+00:00"}
               for i, name in enumerate(POOL)]
    documents = [synthetic.play(i) for i in range(plays)]
    path.write_bytes(encode({"format": BACKUP_FORMAT, "schema": SCHEMA_VERSION, "players": players,
                             "drafts": [], "plays": documents}))


def write_junk(folder: Path) -> dict[str, Path]:
    array = folder / "junk-array.json"
    array.write_bytes(b"[" + b"[]," * (JUNK_BYTES // 3) + b"[]]")
    header = json.dumps({"format": BACKUP_FORMAT, "schema": SCHEMA_VERSION, "players": [], "drafts": []})
    plays = folder / "junk-plays.json"
    plays.write_bytes(header[:-1].encode() + b', "plays": [' + b"{}," * (JUNK_BYTES // 3) + b"{}]}")
    return {"junk_array": array, "junk_plays": plays}


def measure(case: str, path: Path) -> dict[str, Any]:
    """Run in a fresh process: one case, its time and this process's peak memory (and its workers')."""
    start = time.perf_counter()
    outcome = ""
    workers = WorkerMemory()
    workers.start()
    if case == "baseline":
        json.loads(path.read_bytes())
        outcome = "parsed"
    else:
        with tempfile.TemporaryDirectory() as data:
            try:
                report = import_backup_file(Repository.open(Path(data)), path)
                outcome = f"{report.plays_added} plays added"
            except BackupError as refused:
                outcome = f"refused: {refused.message_key} {refused.params}"
    seconds = time.perf_counter() - start
    workers.done.set()
    workers.join()
    used = resource.getrusage(resource.RUSAGE_SELF)
    workers_cpu = descendants_cpu_seconds()
    return {"case": case, "seconds": round(seconds, 2),
            "cpu_seconds": round(used.ru_utime + used.ru_stime - workers.cpu + workers_cpu, 2),
            "workers_cpu_seconds": round(workers_cpu, 2), "peak_mb": round(status_mb(Path("/proc/self"), "VmHWM"), 1),
            "workers_peak_mb": round(workers.peak, 1), "all_peak_mb": round(workers.all_peak, 1), "outcome": outcome}


def status_mb(process: Path, field: str) -> float:
    """A memory figure of a process (VmHWM, its peak: unlike ru_maxrss, not inherited from the forking parent;
    VmRSS, now); 0 when the process is gone."""
    try:
        status = (process / "status").read_text()
    except OSError:
        return 0.0
    return int(next((line.split()[1] for line in status.splitlines() if line.startswith(f"{field}:")), 0)) / 1024


def pss_mb(pid: int | str) -> float:
    """A process's proportional set size: its resident pages, each shared one divided among its sharers."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    return int(next((line.split()[1] for line in rollup.splitlines() if line.startswith("Pss:")), 0)) / 1024


def children(pid: int | str) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def descendants(pid: int | str = "self") -> list[int]:
    found = children(pid)
    return [*found, *(grandchild for child in found for grandchild in descendants(child))]


def descendants_cpu_seconds() -> float:
    """CPU seconds of the processes this one started (the pool's server and, reaped by it, its workers), and of
    those already reaped by this one."""
    ticks = 0
    for pid in children("self"):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            ticks += sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime, stime, cutime, cstime
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ticks / os.sysconf("SC_CLK_TCK") + reaped.ru_utime + reaped.ru_stime


class WorkerMemory(threading.Thread):
    """The resident memory of every process this one started, together, at its highest (sampled), and (`all_peak`)
    with this one's; `cpu`, the CPU seconds the sampling took (about 1 ms a sample: left out of the import's CPU
    seconds)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.done = threading.Event()
        self.peak = self.all_peak = 0.0
        self.cpu = 0.0

    def run(self) -> None:
        while not self.done.wait(0.02):
            started = sum(status_mb(Path(f"/proc/{pid}"), "VmRSS") for pid in descendants())
            self.peak = max(self.peak, started)
            self.all_peak = max(self.all_peak, sum(map(pss_mb, ("self", *descendants()))))
        self.cpu = time.thread_time()


def run_case(case: str, path: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "bench.import_backup", "--case", case, "--file", str(path)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=73_505)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(measure(args.case, Path(args.file))))
        return
    with tempfile.TemporaryDirectory() as folder:
        backup = Path(folder) / "backup.json"
        write_backup(backup, args.plays)
        files = {"baseline": backup, "import": backup, **write_junk(Path(folder))}
        size_mb = backup.stat().st_size / 2**20
        rows = [run_case(case, path) for case, path in files.items()]
    baseline = rows[0]
    for row in rows:
        row["vs_baseline"] = round(row["cpu_seconds"] / baseline["cpu_seconds"], 2)
    if args.json:
        print(json.dumps({"plays": args.plays, "size_mb": round(size_mb, 1), "limit_mb": MAX_BACKUP_BYTES // 2**20,
                          "rows": rows}, indent=2))
        return
    print(f"{args.plays} plays in {size_mb:.1f} MB (a backup may have {MAX_BACKUP_BYTES // 2**20} MB)")
    print(f"{'case':<12}{'seconds':>9}{'cpu s':>9}{'peak MB':>9}{'x parse':>9}{'workers: cpu s':>16}{'peak MB':>9}"
          f"{'all: peak MB':>14}  outcome")
    for row in rows:
        print(f"{row['case']:<12}{row['seconds']:>9}{row['cpu_seconds']:>9}{row['peak_mb']:>9}{row['vs_baseline']:>9}"
              f"{row['workers_cpu_seconds']:>16}{row['workers_peak_mb']:>9}{row['all_peak_mb']:>14}  {row['outcome']}")


if __name__ == "__main__":
    main()
