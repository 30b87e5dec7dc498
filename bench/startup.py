"""Time from process start to the first page served: the app next to a bare Flet hello-world.

`python -m bench.startup [--runs N] [--browser] [--json]`

"served" is the first HTTP 200 for `/`; with --browser also the first screen drawn in headless
Chromium (the app's home screen / the hello-world text, found through Flutter's semantics tree).
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def commands(port: int, data: str) -> dict[str, tuple[list[str], str]]:
    return {
        "app": ([sys.executable, "-m", "companion", "--port", str(port), "--data", data], "home.game.for-sale"),
        "hello": ([sys.executable, "bench/hello_flet.py", str(port)], "hello"),
    }


def wait_http(url: str, started: float, timeout: float = 60) -> float:
    while time.monotonic() - started < timeout:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return time.monotonic() - started
        except OSError:
            time.sleep(0.01)
    raise TimeoutError(url)


def wait_screen(browser: Browser, url: str, identifier: str, started: float) -> float:
    page = browser.new_page(viewport={"width": 412, "height": 915})
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60_000)
    placeholder.dispatch_event("click")
    page.locator(f'[flt-semantics-identifier="{identifier}"]').first.wait_for(state="attached", timeout=60_000)
    elapsed = time.monotonic() - started
    page.close()
    return elapsed


def run_once(which: str, browser: Browser | None) -> dict[str, float]:
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        command, identifier = commands(port, data)[which]
        started = time.monotonic()
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}/"
            out = {"http_s": wait_http(url, started)}
            if browser is not None:
                out["screen_s"] = wait_screen(browser, url, identifier, started)
            return out
        finally:
            process.terminate()
            process.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--browser", action="store_true", help="also time the first screen in Chromium")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    playwright = browser = None
    if args.browser:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_FLAGS)
    results: dict[str, dict[str, float]] = {}
    for which in ("hello", "app"):
        runs = [run_once(which, browser) for _ in range(args.runs)]
        results[which] = {key: round(statistics.median(r[key] for r in runs), 3) for key in runs[0]}
    results["ratio"] = {key: round(results["app"][key] / results["hello"][key], 2) for key in results["app"]}
    if browser is not None:
        browser.close()
        playwright.stop()
    print(json.dumps(results, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in results.items()))


if __name__ == "__main__":
    main()
