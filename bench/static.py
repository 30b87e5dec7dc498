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

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from publish.build import build
from tests.e2e.conftest import CHROMIUM_FLAGS, PHONE, Server
from tests.static.conftest import StaticServer

HOME = "home.game.for-sale"
TIMEOUT_MS = 240_000
TAPS = (3, 7, 12, 5, 9)  # coins left typed one after the other; the total is the coins (no cheques yet)


def tagged(identifier: str) -> str:
    return f'[flt-semantics-identifier="{identifier}"]'


def open_context(playwright: Playwright, profile: Path, offline: bool = False) -> tuple[BrowserContext, Page]:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=shutil.which("chromium") or "/usr/bin/chromium", headless=True,
        args=CHROMIUM_FLAGS, viewport=PHONE, locale="en-US", service_workers="allow")
    context.set_offline(offline)
    return context, context.pages[0] if context.pages else context.new_page()


def to_home(page: Page, url: str) -> float:
    started = time.monotonic()
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=TIMEOUT_MS)
    placeholder.dispatch_event("click")  # Flutter's semantics tree, where the tests find controls
    page.locator(tagged(HOME)).first.wait_for(state="visible", timeout=TIMEOUT_MS)
    return time.monotonic() - started


def tap(page: Page, identifier: str) -> None:
    page.locator(tagged(identifier)).first.click()
    page.wait_for_timeout(300)


def type_into(page: Page, identifier: str, text: str) -> None:
    field = page.locator(tagged(identifier)).locator("input").first
    field.wait_for(state="attached", timeout=30_000)
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def taps_to_value(page: Page) -> list[float]:
    tap(page, HOME)
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        type_into(page, f"new.player.{i}", name)
    tap(page, "new.start")
    page.locator(tagged("sheet.total.0")).first.wait_for(state="visible", timeout=30_000)
    times = []
    for coins in TAPS:
        field = page.locator(tagged("players[0].coins_left")).locator("input").first
        field.focus()
        page.keyboard.press("Control+A")
        started = time.monotonic()
        page.keyboard.type(str(coins))
        page.wait_for_function(
            "([sel, want]) => [...document.querySelectorAll(sel + ' *'), ...document.querySelectorAll(sel)]"
            ".some(n => (n.getAttribute('aria-label') || n.textContent || '').split(/\\s+/).includes(want))",
            arg=[tagged("sheet.total.0"), str(coins)], timeout=30_000, polling=5)
        times.append(time.monotonic() - started)
        page.wait_for_timeout(300)
    return times


def measure(playwright: Playwright, url: str, offline_warm: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as profile_dir:
        profile = Path(profile_dir)
        context, page = open_context(playwright, profile)
        first = to_home(page, url)
        taps = taps_to_value(page)
        if offline_warm:  # the service worker has cached the whole build before the phone goes offline
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        context.close()
        context, page = open_context(playwright, profile, offline=offline_warm)
        warm = to_home(page, url)
        context.close()
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
