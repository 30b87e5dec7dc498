"""The phone build (bin/publish) next to server mode (bin/app), measured the same way in one run.

`python -m bench.static [--runs N] [--json]`

For each mode, in headless Chromium at phone size with a fresh browser profile per run:
- first visit: from `goto` to the home screen (every file fetched from the server);
- warm start: the browser closed and started again on the same profile, to the home screen (the phone
  build with the network off, from its service worker's cache, once the phone has made Python's snapshot
  (publish/worker.js: a build that ships one has it at once); server mode from the HTTP cache);
- tap to value: a value typed on a For Sale sheet until its total shows on screen (median of the taps), in the
  first visit (the phone build makes Python's snapshot meanwhile, in a second worker) and after the warm start.
Also the size of `dist/`, and of the web client as flet-web ships it, and where the phone build's warm start
goes: the steps the page and its Python worker mark (publish/page.html, worker.js), in seconds since the page's
navigation began. `--dist DIR` measures a build made before (another checkout's, for before/after) instead of
building this one; `--modes static` leaves server mode out.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

from publish.build import build
from tests.e2e.conftest import CHROMIUM_FLAGS, PHONE, Server
from tests.static.conftest import AppTab, StaticServer

TIMEOUT_MS = 240_000
CHEQUES = 20  # the first player's cheque total, typed before the taps: a total shows once both entries are made
TAPS = (3, 7, 12, 5, 9)  # coins left typed one after the other; the total is the cheques plus the coins


def open_tab(playwright: Playwright, profile: Path, url: str, offline: bool = False) -> tuple[AppTab, float]:
    """The browser started on `profile`, the app opened: the tab and the seconds from `goto` to home."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=shutil.which("chromium") or "/usr/bin/chromium", headless=True,
        args=CHROMIUM_FLAGS, viewport=PHONE, locale="en-US", service_workers="allow")
    context.set_offline(offline)
    page = context.pages[0] if context.pages else context.new_page()
    started = time.monotonic()
    tab = AppTab(context, page, url)  # goto, then the home screen on screen (Flutter's semantics tree)
    return tab, time.monotonic() - started


def taps_to_value(tab: AppTab) -> list[float]:
    tab.new_game("for-sale", ["Ann", "Bo", "Cy"])
    tab.tap("new.start")
    tab.wait("sheet.total.0", timeout=TIMEOUT_MS)
    total = '[flt-semantics-identifier="sheet.total.0"]'
    tab.type("players[0].cheque_total", str(CHEQUES))
    times = []
    for coins in TAPS:
        field = tab.tagged("players[0].coins_left").locator("input").first
        field.focus()
        tab.page.keyboard.press("Control+A")
        started = time.monotonic()
        tab.page.keyboard.type(str(coins))
        tab.page.wait_for_function(
            "([sel, want]) => [...document.querySelectorAll(sel), ...document.querySelectorAll(sel + ' *')]"
            ".some(n => (n.getAttribute('aria-label') || n.textContent || '').split(/\\s+/).includes(want))",
            arg=[total, str(CHEQUES + coins)], timeout=TIMEOUT_MS, polling=5)
        times.append(time.monotonic() - started)
        tab.page.wait_for_timeout(300)
    return times


def wait_for_snapshot(tab: AppTab) -> None:
    """Python started from a snapshot, or the phone has made one for its next start (publish/worker.js)."""
    tab.page.wait_for_function(
        "flet.marks.some(([name]) => name === 'snapshot loaded' || name.startsWith('Python snapshot'))",
        timeout=TIMEOUT_MS)


def start_steps(tab: AppTab) -> dict[str, float]:
    """The marks of the start that just ended (phone build only), and when the test saw the home screen."""
    marks = tab.page.evaluate("[...((window.flet && flet.marks) || []), ['home screen seen', performance.now()]]")
    return {name: at / 1000 for name, at in marks} if len(marks) > 1 else {}


def measure(playwright: Playwright, url: str, offline_warm: bool) -> tuple[dict[str, float], dict[str, float]]:
    """The figures of one fresh profile, and the steps of its warm start."""
    with tempfile.TemporaryDirectory() as profile_dir:
        profile = Path(profile_dir)
        tab, first = open_tab(playwright, profile, url)
        taps = taps_to_value(tab)
        if offline_warm:  # the service worker has cached the whole build before the phone goes offline
            tab.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
            wait_for_snapshot(tab)
        tab.context.close()
        tab, warm = open_tab(playwright, profile, url, offline=offline_warm)
        steps = start_steps(tab)
        warm_taps = taps_to_value(tab)
        tab.context.close()
    return {"first_visit_s": first, "warm_start_s": warm, "tap_to_value_s": statistics.median(taps),
            "tap_after_warm_start_s": statistics.median(warm_taps)}, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--dist", type=Path, help="an existing build to measure instead of building this checkout")
    parser.add_argument("--modes", nargs="+", choices=("server", "static"), default=["server", "static"])
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-static-"))
    dist = args.dist.resolve() if args.dist else build(work / "dist").out
    static = StaticServer(dist)
    server = Server(work / "data") if "server" in args.modes else None
    urls = {"server": server.url + "/" if server else "", "static": static.url + "/"}
    runs: dict[str, list[dict[str, float]]] = {mode: [] for mode in args.modes}
    steps: list[dict[str, float]] = []
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                for mode in args.modes:
                    figures, warm_steps = measure(playwright, urls[mode], offline_warm=mode == "static")
                    runs[mode].append(figures)
                    if mode == "static":
                        steps.append(warm_steps)
        sizes = [p.stat().st_size for p in dist.rglob("*") if p.is_file()]
    finally:
        static.stop()
        if server is not None:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    medians = {mode: {key: statistics.median(r[key] for r in results) for key in results[0]}
               for mode, results in runs.items()}
    ratios = ({key: medians["static"][key] / medians["server"][key] for key in medians["server"]}
              if len(medians) == 2 else {})
    out = {"runs": args.runs, "median": medians, "static_over_server": ratios,
           "warm_start_steps_s": median_steps(steps), "dist_mb": sum(sizes) / 2**20,
           "dist_files": len(sizes)}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key in next(iter(medians.values())):
            line = "   ".join(f"{mode} {figures[key]:6.2f} s" for mode, figures in medians.items())
            print(f"{key:16} {line}" + (f"   ({ratios[key]:.2f}x)" if ratios else ""))
        print("phone build's warm start, seconds since navigation (medians):")
        for name, at in out["warm_start_steps_s"].items():
            print(f"  {at:6.2f}  {name}")
        print(f"dist/: {out['dist_mb']:.1f} MB in {out['dist_files']} files")
    return 0


def median_steps(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each step's median over the runs that marked it, in the order of the medians."""
    names = {name for run in runs for name in run}
    medians = {name: statistics.median(run[name] for run in runs if name in run) for name in names}
    return dict(sorted(medians.items(), key=lambda item: item[1]))


if __name__ == "__main__":
    sys.exit(main())
