"""How long a player waits for the screen, in headless Chromium, next to a bare Flet app in the same run.

`python -m bench.ui [--taps N] [--changes N] [--starts N] [--json]`

Both are served as a player gets them: Table Companion as the README starts it (`bin/app --port N --data
DIR`, with a game of Patchwork in progress and some history in DIR), and `bench/hello_flet.py`. Every time
is measured on pixels: a script in the page copies a region of Flutter's canvas on every animation frame
and notes when it changes, counted from the `pointerup` of the tap (Flet's click fires on release). Taps
are touches, as on a phone: a mouse would hover over the button first, and the browser would draw what a
phone never shows (a hover highlight, and the button's tooltip popping up after the click and going at the
next one, frames that the next tap's answer waits behind).

- tap: a sheet's "+" (Patchwork, buttons) until the field shows the new number / the bare app's "Add one"
  until its counter does. Taps alternate between the two pages, so both see the same load.
- screen change: the home screen's Patchwork card until the new-game screen has settled (its last pixel
  change, after which the screen stays still for QUIET_MS) / the bare app's "Next screen" likewise.
  `screen_first` is the first pixel change of the screen, `screen` the settled one.
- tap_reply: from the tap to the server's answer arriving over the websocket (the rest of `tap` is the
  browser drawing it).
- first screen: from process start to the first screen's pixels drawn (the For Sale card / the
  hello-world text), with a fresh browser page each time.

Medians (p50) for each, and the app's ratio to the bare app measured in the same run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from bench.startup import CHROMIUM_FLAGS, free_port, wait_http

ROOT = Path(__file__).resolve().parent.parent
VIEWPORT = {"width": 412, "height": 915}
QUIET_MS = 600  # a screen has settled when nothing moved for this long...
RECORD_MS = 3000  # ...or when all it does after a while is blink (a text cursor): see settled()
STEADY_MS = 1200  # what the screen shows in its last this long is its steady state (a cursor blinks at 500 ms)

# Installed in every page: sample(region) hashes a region of Flutter's canvas (scaled down by `scale`);
# watch(region, scale) resolves {first, last} in ms after the next pointerup: the first frame that differs
# from the region before the tap, and the last change before QUIET_MS of stillness.
WATCHER = """
(() => {
  const messages = [];  // arrival times of the server's websocket messages
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => messages.push(performance.now()));
    }
  };
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'CANVAS') return el;
      if (el.shadowRoot) { const found = find(el.shadowRoot); if (found) return found; }
    }
    return null;
  };
  const sample = (region, scale) => {
    const src = find(document);
    if (!src) return -1;
    const dpr = window.devicePixelRatio, w = Math.max(1, Math.round(region.width / scale)),
          h = Math.max(1, Math.round(region.height / scale));
    const copy = new OffscreenCanvas(w, h), ctx = copy.getContext('2d', {willReadFrequently: true});
    ctx.drawImage(src, region.x * dpr, region.y * dpr, region.width * dpr, region.height * dpr, 0, 0, w, h);
    const data = ctx.getImageData(0, 0, w, h).data;
    let hash = 0, ink = 0;
    for (let i = 0; i < data.length; i++) { hash = (Math.imul(hash, 31) + data[i]) >>> 0; }
    for (let i = 4; i < data.length; i += 4) { if (data[i] !== data[0] || data[i + 1] !== data[1]) { ink++; } }
    return ink ? hash : 0;  // 0: a region of one colour (nothing drawn yet)
  };
  window.__tc = {
    sample,
    watch(region, scale, quietMs, recordMs) {
      return new Promise((resolve) => {
        let t0 = null, previous = sample(region, scale), last = null;
        const changes = [];
        window.addEventListener('pointerup', (e) => { t0 = e.timeStamp; }, {capture: true, once: true});
        const started = performance.now();
        const frame = () => {
          const now = performance.now();
          if (t0 !== null) {
            const current = sample(region, scale);
            if (current !== previous) { previous = current; last = now - t0; changes.push([last, current]); }
            const quiet = changes.length && now - t0 - last >= quietMs;
            if (quiet || (changes.length && now - t0 - changes[0][0] >= recordMs)) {
              const reply = messages.find((m) => m >= t0);
              resolve({changes, end: now - t0, quiet: Boolean(quiet), reply: reply === undefined ? null : reply - t0});
              return;
            }
          }
          if (now - started > 4 * recordMs) { resolve({changes, end: now - (t0 ?? started), timeout: true}); return; }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    },
    ink(region) { return sample(region, 1) !== 0; },
  };
})();
"""


def median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


class Served:
    """A server process and a browser page on it, ready at its first screen."""

    def __init__(self, name: str, command: list[str], port: int, first: str, cwd: Path = ROOT,
                 address: str = "127.0.0.1") -> None:
        self.name, self.command, self.port, self.first, self.cwd = name, command, port, first, cwd
        self.address = address
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}/"

    def start(self) -> float:
        started = time.monotonic()
        self.process = subprocess.Popen(self.command, cwd=self.cwd, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        wait_http(self.url, started)
        return started

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


def load_page(browser: Browser, url: str, *scripts: str, before: Callable[[Page], None] | None = None,
              locale: str = "en-US") -> Page:
    """A fresh page (in a context of its own: nothing cached) at `url` with WATCHER (then `scripts`) installed
    and Flutter's semantics tree turned on; `before` runs on the page before it loads."""
    page = browser.new_page(viewport=VIEWPORT, locale=locale, has_touch=True)
    for script in (WATCHER, *scripts):
        page.add_init_script(script)
    if before is not None:
        before(page)
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60_000)
    placeholder.dispatch_event("click")  # Flutter's semantics tree: where the controls are
    return page


def open_page(browser: Browser, url: str, identifier: str, locale: str = "en-US") -> Page:
    page = load_page(browser, url, locale=locale)
    wait_drawn(page, identifier)
    return page


def box(page: Page, identifier: str) -> dict[str, int]:
    element = page.locator(f'[flt-semantics-identifier="{identifier}"]').first
    element.wait_for(state="attached", timeout=60_000)
    found = element.bounding_box()
    assert found is not None, identifier
    return {key: round(value) for key, value in found.items()}


def wait_drawn(page: Page, identifier: str) -> None:
    region = box(page, identifier)
    page.wait_for_function("region => window.__tc.ink(region)", arg=region, timeout=60_000, polling="raf")


def timed_tap(page: Page, target: str, watched: dict[str, int], scale: int = 1) -> dict[str, float]:
    """Tap `target`; ms from the tap to the first change of `watched`'s pixels and to its settling."""
    tap = box(page, target)
    page.evaluate("([r, s, q, t]) => { window.__result = window.__tc.watch(r, s, q, t); }",
                  [watched, scale, QUIET_MS, RECORD_MS])
    page.touchscreen.tap(tap["x"] + tap["width"] / 2, tap["y"] + tap["height"] / 2)
    result = page.evaluate("() => window.__result")
    if not result["changes"]:
        raise TimeoutError(f"{target}: nothing changed on screen")
    changes = result["changes"]
    return {"first": changes[0][0], "settled": changes[-1][0] if result["quiet"] else settled(changes, result["end"]),
            "reply": result["reply"]}


def settled(changes: list[list[float]], end: float) -> float:
    """When a screen that never stood still reached its steady state: the first change after which it only
    shows what it shows in its last STEADY_MS (the two pictures of a blinking cursor, say)."""
    steady = {h for t, h in changes if t >= end - STEADY_MS}
    at = changes[-1][0]
    for t, h in reversed(changes):
        if h not in steady:
            break
        at = t
    return at


def whole_screen() -> dict[str, int]:
    return {"x": 0, "y": 0, **VIEWPORT}


@contextlib.contextmanager
def app_server(port: int, tree: Path | None, phone_at: str | None = None) -> Iterator[tuple[Served, str]]:
    """Table Companion with a Patchwork game in progress and 50 plays of history; `tree`: run the app of
    another checkout (`python -m companion` there, with this environment), to compare before and after.
    `phone_at`: shared on the network (`--share`) and opened at this address of the machine, as a phone on the
    Wi-Fi opens it (its first screen is then the live table's join screen)."""
    sys.path.insert(0, str(ROOT))
    from companion.store.repository import Repository
    from scoring import score_sheet

    with tempfile.TemporaryDirectory() as data:
        repo = Repository.open(Path(data))
        sheet = json.loads((ROOT / "docs" / "examples" / "patchwork.json").read_text(encoding="utf-8"))
        draft = repo.new_draft({"game": "patchwork", "sheet": sheet})
        for game in ("kahuna", "for-sale", "trails-of-tucana", "captain-flip", "carnage") * 10:
            example = json.loads((ROOT / "docs" / "examples" / f"{game}.json").read_text(encoding="utf-8"))
            result = score_sheet(example)
            repo.add_play({"game": game, "sheet": example, "rules_version": result.rules_version,
                           "result": result.to_json(), "finished_at": "2026-11-01T20:00:00+00:00"})
        command = ([sys.executable, "-m", "companion"] if tree else [str(ROOT / "bin" / "app")])
        share = ["--share"] if phone_at else []
        served = Served("app", [*command, *share, "--port", str(port), "--data", data], port,
                        "live.code" if phone_at else "home.game.for-sale", cwd=tree or ROOT,
                        address=phone_at or "127.0.0.1")
        try:
            yield served, draft["id"]
        finally:
            served.stop()


def bare_server(port: int, phone_at: str | None = None) -> Served:
    """The bare Flet app; `phone_at`: listening on every address and opened at this one, as `app_server`."""
    listen = ["0.0.0.0"] if phone_at else []
    return Served("bare", [sys.executable, str(ROOT / "bench" / "hello_flet.py"), str(port), *listen], port, "hello",
                  address=phone_at or "127.0.0.1")


def first_screen(browser: Browser, served: Served) -> float:
    started = served.start()
    try:
        page = open_page(browser, served.url, served.first)
        elapsed = time.monotonic() - started
        page.close()
        return elapsed
    finally:
        served.stop()


def measure(taps: int, changes: int, starts: int, tree: Path | None = None) -> dict[str, Any]:
    out: dict[str, dict[str, float]] = {"app": {}, "bare": {}}
    with sync_playwright() as playwright, app_server(free_port(), tree) as (app, draft_id):
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                             args=CHROMIUM_FLAGS)
        bare = bare_server(free_port())
        times: dict[str, dict[str, list[float]]] = {"app": {}, "bare": {}}
        try:
            app.start()
            bare.start()
            # tap -> value drawn, alternating between the two pages
            sheet = open_page(browser, f"{app.url}play/{draft_id}", "players[0].buttons")
            counter = open_page(browser, bare.url, "count")
            field = box(sheet, "players[0].buttons")
            count = box(counter, "count")
            count["width"] += 60  # room for more digits
            for _ in range(taps):
                for name, page, target, watched in (("app", sheet, "players[0].buttons.inc", field),
                                                    ("bare", counter, "inc", count)):
                    result = timed_tap(page, target, watched)
                    times[name].setdefault("tap", []).append(result["first"])
                    if result["reply"] is not None:
                        times[name].setdefault("tap_reply", []).append(result["reply"])
            sheet.close()
            # screen change -> new screen drawn, then back for the next one
            home = open_page(browser, app.url, "home.game.patchwork")
            for _ in range(changes):
                for name, page, target, landed in ((("app", home, "home.game.patchwork", "new.start"),
                                                    ("bare", counter, "next", "two"))):
                    result = timed_tap(page, target, whole_screen(), scale=4)
                    times[name].setdefault("screen_first", []).append(result["first"])
                    times[name].setdefault("screen", []).append(result["settled"])
                    box(page, landed)
                    page.go_back()
                    wait_drawn(page, target)
                    time.sleep(0.3)
            home.close()
            counter.close()
        finally:
            app.stop()
            bare.stop()
        # first screen, each from a cold process
        for _ in range(starts):
            for served in (bare, app):
                times[served.name].setdefault("first_screen", []).append(first_screen(browser, served) * 1000)
        browser.close()
    for name, measured in times.items():
        out[name] = {key: median(values) for key, values in measured.items()}
    out["ratio"] = {key: round(out["app"][key] / out["bare"][key], 2) for key in out["app"]}
    out["runs"] = {"taps": taps, "changes": changes, "starts": starts}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--changes", type=int, default=8)
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--app", type=Path, metavar="TREE", help="the app of another checkout (before/after)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = measure(args.taps, args.changes, args.starts, args.app)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'ms, p50':<16}{'app':>10}{'bare':>10}{'ratio':>8}")
    for key in results["app"]:
        print(f"{key:<16}{results['app'][key]:>10}{results['bare'][key]:>10}{results['ratio'][key]:>8}")


if __name__ == "__main__":
    main()
