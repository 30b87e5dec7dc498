"""A club night on one server: `python -m bench.live [--sizes 1x4,4x4,8x6] [--entries 24] [--json]`

For each size K x M, a server is started as the README says (`python -m companion --share`, here behind
`--trusted-proxy 127.0.0.1` so that each phone connects from an address of its own, as phones on the Wi-Fi do).
K games of For Sale are in progress, one per table; at each table a scorekeeper (on a phone, with the scorekeeper
link) lets players enter their own scores, and M phones join with the table's code over real websockets
(speaking Flet's protocol as the web client does), each saying which player it is. Then every table at once takes
turns: the scorekeeper enters the first player's coins on the sheet, then each phone its own, `--entries` entries
a table with a pause between them (a table's entries come one after another; the tables' overlap).

Measured: the scorekeeper's tap (its entry sent until its screen's answer arrives) and each entry's display on
every other phone of its table (sent until that phone receives the new total), median and p95, and both as ratios
against the first size in the same run. Each phone's browser rendering is not included (each
phone renders on its own device); the phones' side runs in this process, on the same machine as the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

from companion.store.repository import Repository

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eun", "Fay"]  # For Sale takes 3 to 6 players
# Cheque totals (thousands) the rules allow for 3 to 6 players: with them in, every total shows (cheques and coins)
CHEQUES = {3: [52] * 3, 4: [52] * 4, 5: [48, 48, 48, 47, 47], 6: [40, 40, 40, 40, 39, 39]}
MOST_COINS = 12
REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE = 1, 2, 3, 4, 5
PROXY = "127.0.0.1"
WAIT_S = 5.0  # an entry not shown on a screen within this long counts as missed
QUIET_S = 0.15
SETTLE_S = 1.0
DEFAULT_SIZES = "1x4,4x4,8x6"



def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def strings(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        for item in value.values():
            strings(item, out)
    elif isinstance(value, list):
        for item in value:
            strings(item, out)
    elif isinstance(value, str):
        out.add(value)
    return out


class Screen:
    """One browser tab on the server (a phone, or the scorekeeper's phone): Flet's websocket protocol, the
    semantics identifiers of what it shows, and when each text reached it."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.ids: dict[str, int] = {}
        self.controls: dict[str, dict[str, Any]] = {}
        self.received: list[tuple[float, set[str]]] = []  # each patch: when it arrived, the texts in it
        self.changed = asyncio.Event()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, port: int, address: str) -> Screen:
        ws = await connect(f"ws://127.0.0.1:{port}/ws", max_size=None, additional_headers={
            "X-Forwarded-For": address}, user_agent_header="Mozilla/5.0 (Linux; Android 14) Phone")
        return cls(ws)

    async def register(self, route: str) -> None:
        page = {"route": route, "width": 412.0, "height": 915.0, "web": True, "platform": "android", "pwa": False,
                "debug": False}
        await self.ws.send(frame(REGISTER, {"session_id": "", "page_name": "", "page": page}))
        await self.until(lambda: bool(self.ids))

    async def _read(self) -> None:
        async for data in self.ws:
            arrived = time.perf_counter()
            if not isinstance(data, bytes) or not data or data[0] != 0:
                continue
            action, body = msgpack.unpackb(data[1:], strict_map_key=False)
            if action == INVOKE:
                await self.ws.send(frame(INVOKE, {"control_id": body["control_id"], "call_id": body["call_id"],
                                                  "result": None, "error": None}))
            elif action == PATCH:
                self._collect(body)
                self.received.append((arrived, strings(body, set())))
                self.changed.set()

    def _collect(self, value: Any) -> None:
        if isinstance(value, dict):
            ident, content = value.get("identifier"), value.get("content")
            if isinstance(ident, str) and isinstance(content, dict) and "_i" in content:
                self.ids[ident] = content["_i"]
                self.controls[ident] = content
            for item in value.values():
                self._collect(item)
        elif isinstance(value, list):
            for item in value:
                self._collect(item)

    async def until(self, check: Callable[[], bool], timeout: float = 15.0) -> bool:
        deadline = time.perf_counter() + timeout
        while not check():
            left = deadline - time.perf_counter()
            if left <= 0:
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return check()
        return True

    async def quiet(self, seconds: float) -> None:
        """Until nothing has arrived for `seconds` (a screen drawn anew comes in more than one patch)."""
        while self.received and (idle := time.perf_counter() - self.received[-1][0]) < seconds:
            await asyncio.sleep(seconds - idle)

    def shows(self, text: str, since: float) -> bool:
        return self.shown_at(text, since) is not None

    def shown_at(self, text: str, since: float) -> float | None:
        """When `text` first arrived in a patch sent after `since`."""
        return next((at for at, texts in self.received if at >= since and text in texts), None)

    async def set_value(self, identifier: str, value: Any) -> None:
        await self.ws.send(frame(UPDATE_PROPS, {"id": self.ids[identifier], "props": {"value": value}}))
        await self.ws.send(frame(EVENT, {"target": self.ids[identifier], "name": "change", "data": value}))

    async def click(self, identifier: str) -> None:
        await self.ws.send(frame(EVENT, {"target": self.ids[identifier], "name": "click", "data": None}))

    async def select(self, identifier: str) -> None:
        await self.ws.send(frame(UPDATE_PROPS, {"id": self.ids[identifier], "props": {"selected": True}}))
        await self.ws.send(frame(EVENT, {"target": self.ids[identifier], "name": "select", "data": True}))

    async def route(self, route: str) -> None:
        await self.ws.send(frame(UPDATE_PROPS, {"id": 1, "props": {"route": route}}))
        await self.ws.send(frame(EVENT, {"target": 1, "name": "route_change", "data": {"route": route}}))

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


@dataclass
class Table:
    draft_id: str
    players: list[str]
    scorekeeper: Screen | None = None
    phones: list[Screen] = field(default_factory=list)
    taps_ms: list[float] = field(default_factory=list)
    shown_ms: list[float] = field(default_factory=list)
    missed: int = 0

    async def sit_down(self, port: int, key: str, table: int) -> None:
        """The scorekeeper shares the game and lets players enter; each phone joins and says who it is."""
        self.scorekeeper = await Screen.open(port, f"10.20.{table}.100")
        await self.scorekeeper.register(f"/play/{self.draft_id}/share?key={key}")
        assert await self.scorekeeper.until(lambda: "live.share.code" in self.scorekeeper.ids)
        code = self.scorekeeper.controls["live.share.code"]["value"]
        await self.scorekeeper.set_value("live.allow_edits", True)
        await self.scorekeeper.route(f"/play/{self.draft_id}")
        for index in range(len(self.players)):
            phone = await Screen.open(port, f"10.20.{table}.{index + 1}")
            await phone.register(f"/live/{code}")
            assert await phone.until(lambda phone=phone, index=index: f"live.me.{index}" in phone.ids)
            await phone.select(f"live.me.{index}")
            assert await phone.until(lambda phone=phone, index=index: f"players[{index}].coins_left" in phone.ids)
            self.phones.append(phone)

    async def play(self, entries: int, pause: float, rng: random.Random) -> None:
        """Entries in turn: the scorekeeper, then each phone its own player's; each waits until every other
        screen of the table shows it (or WAIT_S), then the table pauses."""
        assert self.scorekeeper is not None
        coins = [0] * len(self.players)
        screens = self.screens
        for entry in range(entries):
            turn = entry % len(screens)
            player = 0 if turn == 0 else turn - 1  # the scorekeeper's sheet opens on the first player
            coins[player] = coins[player] % MOST_COINS + 1  # a new total each time
            total = str(CHEQUES[len(self.players)][player] + coins[player])
            entrant = screens[turn]
            await entrant.quiet(QUIET_S)  # its fields as drawn last: an entry into a field gone would be lost
            sent = time.perf_counter()
            await entrant.set_value(f"players[{player}].coins_left", str(coins[player]))
            # the scorekeeper's own screen answers with the new total; a phone's own screen has no totals to change
            watching = [screen for screen in screens if screen is not entrant or turn == 0]
            for screen in watching:
                await screen.until(partial(screen.shows, total, sent), WAIT_S)
            for screen in watching:
                at = screen.shown_at(total, sent)
                if at is None:
                    self.missed += 1
                elif screen is entrant:
                    self.taps_ms.append((at - sent) * 1000)
                elif screen is not self.scorekeeper:
                    self.shown_ms.append((at - sent) * 1000)
            await asyncio.sleep(pause * rng.uniform(0.5, 1.5))

    @property
    def screens(self) -> list[Screen]:
        return [*([self.scorekeeper] if self.scorekeeper else []), *self.phones]

    async def leave(self) -> None:
        for screen in self.screens:
            await screen.close()


def start_server(data: Path, port: int) -> tuple[subprocess.Popen[bytes], str]:
    """The server as the README starts it, behind this process as its proxy; returns it and the scorekeeper key."""
    log = data.parent / "server.log"
    process = subprocess.Popen([sys.executable, "-m", "companion", "--share", "--port", str(port), "--data",
                                str(data), "--trusted-proxy", PROXY], cwd=ROOT, stdout=log.open("w"),
                               stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        found = re.search(r"\?key=(\S+)", log.read_text())
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                if response.status == 200 and found:
                    return process, found.group(1)
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise TimeoutError(log.read_text())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 1) if ordered else 0.0


async def club_night(port: int, key: str, tables: list[Table], entries: int, pause: float) -> None:
    for number, table in enumerate(tables):
        await table.sit_down(port, key, number)
    # every screen drawn for the last phone's choice of player before the first entry
    await asyncio.gather(*(screen.quiet(SETTLE_S) for table in tables for screen in table.screens))
    try:
        await asyncio.gather(*(table.play(entries, pause, random.Random(n)) for n, table in enumerate(tables)))
    finally:
        for table in tables:
            await table.leave()


def measure(tables: int, phones: int, entries: int, pause: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        repo = Repository.open(data)
        players = NAMES[:phones]
        sheet = {"game": "for-sale", "options": {}, "players": [
            {"name": name, "cheque_total": cheques, "coins_left": 0} for name, cheques in zip(
                players, CHEQUES[phones], strict=True)]}
        games = [Table(repo.new_draft({"game": "for-sale", "sheet": sheet})["id"], players) for _ in range(tables)]
        port = free_port()
        server, key = start_server(data, port)
        try:
            asyncio.run(club_night(port, key, games, entries, pause))
        finally:
            server.terminate()
            server.wait(timeout=30)
    taps = [ms for table in games for ms in table.taps_ms]
    shown = [ms for table in games for ms in table.shown_ms]
    return {"tables": tables, "phones": phones, "connections": tables * (phones + 1),
            "entries": tables * entries, "tap_ms_p50": round(statistics.median(taps), 1) if taps else 0.0,
            "tap_ms_p95": percentile(taps, 0.95), "shown_ms_p50": round(statistics.median(shown), 1) if shown else 0.0,
            "shown_ms_p95": percentile(shown, 0.95), "missed": sum(table.missed for table in games),
            "load_average": round(os.getloadavg()[0], 1)}  # other work on the machine slows every figure


def run(sizes: list[tuple[int, int]], entries: int, pause: float = 0.3) -> dict[str, Any]:
    """Each size in turn, each with a server of its own; ratios against the first size."""
    figures = [measure(tables, phones, entries, pause) for tables, phones in sizes]
    base = figures[0]
    for figure in figures:
        for key in ("tap_ms_p95", "shown_ms_p50", "shown_ms_p95"):
            figure[f"{key}_ratio"] = round(figure[key] / base[key], 2) if base[key] else 0.0
    return {"sizes": figures}


def parse_sizes(text: str) -> list[tuple[int, int]]:
    return [(int(k), int(m)) for k, m in (size.split("x") for size in text.split(","))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help="tables x phones each, the first the baseline")
    parser.add_argument("--entries", type=int, default=24, help="entries at each table")
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between a table's entries (on average)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(parse_sizes(args.sizes), args.entries, args.pause)
    print(json.dumps(report, indent=2) if args.json else report)


if __name__ == "__main__":
    main()
