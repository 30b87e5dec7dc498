"""Where the first screen's time goes, for the bare Flet app and one or more checkouts of the app, started in turn.

`python -m bench.first_screen [--starts N] [--app TREE ...] [--link MBIT] [--locale ko-KR] [--json]`

Each start is a cold process and a fresh browser page, as in `bench.ui`'s first screen, and the starts of all
the apps alternate, so that they share the machine's moods (on a shared machine the bare app's first screen
moved between 1.5 and 2.5 s from one run to the next, more than any change measured here). The phases:

- served: process start to the first HTTP 200 for `/`;
- session: the page's navigation to its websocket being opened (the web client loaded and started);
- screen sent: the session opened to the last server message before the first screen's pixels;
- drawn: that message to the first screen's pixels (the For Sale card / the hello-world text);
- first screen: process start to those pixels (the page checks every 100 ms: the same lag for all).

The first screen's region is found once beforehand through Flutter's semantics tree; the timed starts turn the
tree on as `bench.ui` does. The apps: this checkout as `bin/app` serves it, then each `--app` checkout.

`--link MBIT`: a phone's first visit over the Wi-Fi instead. Every server listens on the network (the app with
`--share`), the page opens it at this machine's network address (so the server sees a phone, not a browser on
this machine: the app's first screen is the join screen), and Chromium holds the link to MBIT megabits a second
each way with RTT_MS of latency (`--rtt`). `transferred` is what came over the link, in MB.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from bench.startup import CHROMIUM_FLAGS, free_port
from bench.ui import Served, app_server, bare_server, box, load_page, median, open_page
from companion.config import lan_address

# After the page's first websocket message, watch the region every frame until it shows something; note when the
# websocket opened, and the last message that came before the pixels.
PHASES = """
(() => {
  const marks = window.__marks = {session: null, sent: null, drawn: null};
  const arrivals = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { marks.session ??= performance.now(); });
      this.addEventListener('message', () => {
        arrivals.push(performance.now());
        if (arrivals.length > 1) return;
        const frame = () => {
          if (window.__tc.sample(window.__region, 1) > 0) {
            marks.drawn = performance.now();
            marks.sent = arrivals[arrivals.length - 1];
            return;
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    }
  };
})();
"""


@dataclass
class Link:
    """A network link as Chromium emulates it: both directions at `mbit`, `rtt_ms` of latency per request."""

    mbit: float
    rtt_ms: float

    def hold(self, page: Page, transferred: list[int]) -> None:
        """Hold `page` to this link, and add the size of every response that crosses it to `transferred`."""
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        rate = self.mbit * 1e6 / 8
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": self.rtt_ms,
                                                      "downloadThroughput": rate, "uploadThroughput": rate})
        cdp.on("Network.loadingFinished", lambda event: transferred.append(event["encodedDataLength"]))


def network_address() -> str:
    """Where a phone on the Wi-Fi reaches this machine (as `bin/app --share` prints it)."""
    address = lan_address()
    if address is None:
        raise SystemExit("--link needs a network address on this machine besides loopback")
    return address


def timed_start(browser: Browser, served: Served, region: dict[str, int], link: Link | None,
                locale: str) -> dict[str, float]:
    transferred: list[int] = []
    started = served.start()
    served_s = time.monotonic() - started
    try:
        # after WATCHER: PHASES wraps the WebSocket that WATCHER wraps
        page = load_page(browser, served.url, f"window.__region = {json.dumps(region)};", PHASES,
                         before=(lambda page: link.hold(page, transferred)) if link else None, locale=locale)
        page.wait_for_function("() => window.__marks.drawn !== null", timeout=120_000, polling=100)
        elapsed = time.monotonic() - started
        marks = page.evaluate("() => window.__marks")
        page.close()
    finally:
        served.stop()
    times = {"served": served_s * 1000, "session": marks["session"], "screen_sent": marks["sent"] - marks["session"],
             "drawn": marks["drawn"] - marks["sent"], "first_screen": elapsed * 1000}
    return {**times, "transferred": round(sum(transferred) / 1e6, 1)} if link else times


def measure(starts: int, trees: list[Path | None], link: Link | None = None, locale: str = "en-US") -> dict[str, Any]:
    phone_at = network_address() if link else None
    with sync_playwright() as playwright, contextlib.ExitStack() as stack:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                             args=CHROMIUM_FLAGS)
        servers = [bare_server(free_port(), phone_at)]
        for tree in trees:
            app, _ = stack.enter_context(app_server(free_port(), tree, phone_at))
            app.name = str(tree) if tree else "app"
            servers.append(app)
        regions = {}
        for served in servers:
            served.start()
            try:
                page = open_page(browser, served.url, served.first, locale)
                regions[served.name] = box(page, served.first)
                page.close()
            finally:
                served.stop()
        runs: dict[str, list[dict[str, float]]] = {served.name: [] for served in servers}
        for _ in range(starts):
            for served in servers:
                runs[served.name].append(timed_start(browser, served, regions[served.name], link, locale))
        browser.close()
    out: dict[str, Any] = {name: {key: median([run[key] for run in measured]) for key in measured[0]}
                           for name, measured in runs.items()}
    for name in runs:
        out[name]["ratio"] = round(out[name]["first_screen"] / out["bare"]["first_screen"], 2)
    out["starts"] = starts
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--app", type=Path, action="append", metavar="TREE",
                        help="the app of another checkout (repeatable; `python -m companion` there)")
    parser.add_argument("--link", type=float, metavar="MBIT", help="a phone's first visit over a link this fast")
    parser.add_argument("--rtt", type=float, default=10, metavar="RTT_MS", help="the link's latency (default 10)")
    parser.add_argument("--locale", default="en-US", help="the browser's language (ko-KR: the app in Korean)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = measure(args.starts, [None, *(args.app or [])], Link(args.link, args.rtt) if args.link else None,
                      args.locale)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    names = [name for name in results if name != "starts"]
    keys = list(results["bare"])
    print(f"{'ms, p50':<14}" + "".join(f"{key:>14}" for key in keys))
    for name in names:
        print(f"{name[-14:]:<14}" + "".join(f"{results[name][key]:>14}" for key in keys))


if __name__ == "__main__":
    main()
