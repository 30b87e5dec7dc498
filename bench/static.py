"""The phone build (bin/publish) next to server mode (bin/app), measured the same way in one run.

`python -m bench.static [--runs N] [--json]`

For each mode, in headless Chromium at phone size with a fresh browser profile per run:
- first visit: from `goto` to the home screen (every file fetched from the server);
- warm start: the browser closed and started again on the same profile, to the home screen (the phone
  build with the network off, from its service worker's cache; server mode from the HTTP cache);
- tap to value: a value typed on a For Sale sheet until its total shows on screen (median of the taps).
Also the size of `dist/`, and of the web client as flet-web ships it.
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
TAPS = (3, 7, 12, 5, 9)  # coins left typed one after the other; the total is the coins (no cheques yet)


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
            arg=[total, str(coins)], timeout=TIMEOUT_MS, polling=5)
        times.append(time.monotonic() - started)
        tab.page.wait_for_timeout(300)
    return times


def measure(playwright: Playwright, url: str, offline_warm: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as profile_dir:
        profile = Path(profile_dir)
        tab, first = open_tab(playwright, profile, url)
        taps = taps_to_value(tab)
        if offline_warm:  # the service worker has cached the whole build before the phone goes offline
            tab.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        tab.context.close()
        tab, warm = open_tab(playwright, profile, url, offline=offline_warm)
        tab.context.close()
    return {"first_visit_s": first, "warm_start_s": warm, "tap_to_value_s": statistics.median(taps)}


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-static-"))
    report = build(work / "dist")
    static = StaticServer(report.out)
    server = Server(work / "data")
    runs: dict[str, list[dict[str, float]]] = {"server": [], "static": []}
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                runs["server"].append(measure(playwright, server.url + "/", offline_warm=False))
                runs["static"].append(measure(playwright, static.url + "/", offline_warm=True))
    finally:
        static.stop()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    medians = {mode: {key: statistics.median(r[key] for r in results) for key in results[0]}
               for mode, results in runs.items()}
    ratios = {key: medians["static"][key] / medians["server"][key] for key in medians["server"]}
    out = {"runs": args.runs, "median": medians, "static_over_server": ratios,
           "dist_mb": report.size / 1e6, "client_as_shipped_mb": report.client_size_untrimmed / 1e6,
           "dist_files": report.files}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key in medians["server"]:
            print(f"{key:16} server {medians['server'][key]:7.2f} s   phone build {medians['static'][key]:7.2f} s"
                  f"   ({ratios[key]:.2f}x)")
        print(f"dist/: {out['dist_mb']:.1f} MB in {report.files} files "
              f"(the web client as flet-web ships it: {out['client_as_shipped_mb']:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
