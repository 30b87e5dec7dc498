"""Does a table of watching phones slow the scorekeeper down? `python -m bench.live [--viewers 6] [--json]`

One server, in process: a scorekeeper session and N viewer sessions on one event loop with Flet's pubsub,
as the web server runs them. The scorekeeper types a value into a For Sale sheet `--entries` times; we time
the scorekeeper's own entry (handler, validation, save, publish) and how long until every viewer shows it.
Browser rendering is not included (each phone renders on its own device).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store.repository import Repository
from tests.ui.harness import Harness

NAMES = ["Ana", "Bo", "Cy", "Dee"]


def open_table(data: Path, viewers: int) -> tuple[Harness, list[Harness]]:
    services = Services(Repository.open(data), Downloads())
    host = Harness(make_main(services), prefs={PREF_LANGUAGE: "en"})
    host.click("home.game.for-sale")
    host.click("new.add_player")
    for i, name in enumerate(NAMES):
        host.type(f"new.player.{i}", name)
    host.click("new.start")
    sheet_route = host.view.route
    host.click("sheet.share")
    code = host.control("live.share.code").value
    host.run(host.page.push_route(sheet_route))
    phones = []
    for k in range(viewers):
        phone = Harness(make_main(services), route="/join", prefs={PREF_LANGUAGE: "en"}, hub=host.hub,
                        loop=host.loop, client_ip=f"192.168.1.{10 + k}")
        phone.type("live.code", code)
        phone.click("live.join")
        phones.append(phone)
    return host, phones


def measure(viewers: int, entries: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data:
        host, phones = open_table(Path(data), viewers)
        entry_ms, seen_ms = [], []
        for value in range(1, entries + 1):
            field = host.control("players[0].coins_left")
            host.session.apply_patch(field._i, {"value": str(value % 18)})
            start = time.perf_counter()
            asyncio.run_coroutine_threadsafe(host.session.dispatch_event(field._i, "change", str(value % 18)),
                                             host.loop).result()
            entry_ms.append((time.perf_counter() - start) * 1000)
            expected = str(value % 18)  # Ana's total: no cheques yet, only the coins
            while phones and not all(expected in phone.texts() for phone in phones):
                asyncio.run_coroutine_threadsafe(asyncio.sleep(0.0005), host.loop).result()
            seen_ms.append((time.perf_counter() - start) * 1000)
        for phone in phones:
            phone.close()
        host.close()
    return {"viewers": viewers, "entry_ms_p50": round(statistics.median(entry_ms), 2),
            "entry_ms_p95": round(sorted(entry_ms)[int(len(entry_ms) * 0.95)], 2),
            "all_viewers_updated_ms_p50": round(statistics.median(seen_ms), 2) if viewers else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--viewers", type=int, default=6)
    parser.add_argument("--entries", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    alone = measure(0, args.entries)
    watched = measure(args.viewers, args.entries)
    report = {"alone": alone, "watched": watched,
              "entry_ratio": round(watched["entry_ms_p50"] / alone["entry_ms_p50"], 2)}
    print(json.dumps(report, indent=2) if args.json else report)


if __name__ == "__main__":
    main()
