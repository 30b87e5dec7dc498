"""A phone on the Wi-Fi, speaking Flet's websocket protocol as the web client does (no browser).

Each frame is `[0x00][msgpack [action, body]]`. The client registers (action 1) with a page snapshot,
answers the server's method calls (action 5: preferences, device info) with nothing, sends control
events (action 3) and property updates (action 4), and reads the server's patches (action 2).

Run as a script inside the test's network namespace: `python phone.py URL SCENARIO [ARGS]` prints one
JSON object with what happened. The scenarios are the attacks the security tests try.
"""

from __future__ import annotations

import json
import socket
import struct
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgpack
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE = 1, 2, 3, 4, 5


def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


class Phone:
    def __init__(self, ws_url: str, source: str | None = None) -> None:
        """`source`: the phone's own address, when the network gives it more than one (see conftest.CROWD)."""
        bound: dict[str, Any] = {"source_address": (source, 0)} if source else {}
        self.ws: ClientConnection = connect(ws_url, max_size=None, **bound,
                                            user_agent_header="Mozilla/5.0 (Linux; Android 14) Phone")
        self.session_id = ""  # the session the server made for this phone (see register)
        self.texts: list[str] = []
        self.ids: dict[str, int] = {}  # semantics identifier -> id of the control it wraps
        self.controls: dict[str, dict[str, Any]] = {}  # semantics identifier -> the control it wraps
        self.page_patch: dict[str, Any] = {}

    def register(self, route: str = "/", *burst: bytes, session_id: str = "") -> None:
        """Register a new session, or with `session_id` come back to one; `burst` frames go out in the same
        write, before any answer."""
        page = {"route": route, "width": 412.0, "height": 915.0, "web": True, "platform": "android",
                "pwa": False, "debug": False}
        self.ws.send(frame(REGISTER, {"session_id": session_id, "page_name": "", "page": page}))
        for extra in burst:
            self.ws.send(extra)
        self.pump(until=lambda: bool(self.ids), timeout=15)

    def pump(self, until: Any = None, timeout: float = 5.0, quiet: float = 0.8) -> None:
        """Read frames until `until()` holds and nothing new came for `quiet` seconds, or `timeout`."""
        deadline = time.monotonic() + timeout
        last = time.monotonic()
        while time.monotonic() < deadline:
            try:
                data = self.ws.recv(timeout=0.2)
            except TimeoutError:
                if (until is None or until()) and time.monotonic() - last > quiet:
                    return
                continue
            last = time.monotonic()
            self._read(data)

    def _read(self, data: bytes | str) -> None:
        if not isinstance(data, bytes) or not data or data[0] != 0:
            return
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)
        if action == INVOKE:
            self.ws.send(frame(INVOKE, {"control_id": body["control_id"], "call_id": body["call_id"],
                                        "result": None, "error": None}))
            if body.get("name") == "push_route":  # the browser follows a navigation
                self.route(body["args"]["route"])
        elif action == REGISTER:
            self.page_patch = body.get("page_patch") or {}
            self.session_id = body.get("session_id") or ""
        elif action == PATCH:
            self._collect(body)

    def _collect(self, value: Any) -> None:
        if isinstance(value, dict):
            ident = value.get("identifier")
            content = value.get("content")
            if isinstance(ident, str) and isinstance(content, dict) and "_i" in content:
                self.ids[ident] = content["_i"]
                self.controls[ident] = content
            for item in value.values():
                self._collect(item)
        elif isinstance(value, list):
            for item in value:
                self._collect(item)
        elif isinstance(value, str):
            self.texts.append(value)  # every text the server sent (new controls and patched values)

    def sees(self, prefix: str) -> bool:
        return any(ident.startswith(prefix) for ident in self.ids)

    def event(self, identifier: str, name: str, data: Any = None) -> None:
        self.ws.send(frame(EVENT, {"target": self.ids[identifier], "name": name, "data": data}))

    def set_value(self, identifier: str, value: Any) -> None:
        self.ws.send(frame(UPDATE_PROPS, {"id": self.ids[identifier], "props": {"value": value}}))
        self.event(identifier, "change", value)

    def select(self, identifier: str) -> None:
        """Tap a chip that is not selected."""
        self.ws.send(frame(UPDATE_PROPS, {"id": self.ids[identifier], "props": {"selected": True}}))
        self.event(identifier, "select", True)

    def said(self, text: str) -> bool:
        return any(text in shown for shown in self.texts)

    def route(self, route: str) -> None:
        self.ws.send(frame(UPDATE_PROPS, {"id": 1, "props": {"route": route}}))
        self.ws.send(frame(EVENT, {"target": 1, "name": "route_change", "data": {"route": route}}))

    def close(self) -> None:
        self.ws.close()

    def drop(self) -> None:
        """The phone leaves the Wi-Fi: its connection is cut without a goodbye (a reset, no close frame)."""
        self.ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.ws.socket.close()


# ---- scenarios -----------------------------------------------------------------------------------


def take_over(url: str) -> dict[str, Any]:
    """Claim to be the server itself in the registration burst, then again mid-session."""
    phone = Phone(url)
    phone.register("/", frame(UPDATE_PROPS, {"id": 1, "props": {"client_ip": "127.0.0.1", "_i": 1}}))
    first = {"host_screens": phone.sees("home.game."), "join_screen": phone.sees("live.code")}
    phone.ws.send(frame(UPDATE_PROPS, {"id": 1, "props": {"client_ip": "::1"}}))
    for route in ("/history", "/settings", "/"):
        phone.route(route)
        phone.pump(timeout=3)
    after = {"host_screens": phone.sees("home.game.") or phone.sees("history.") or phone.sees("settings."),
             "join_screen": phone.sees("live.code")}
    phone.close()
    return {"first": first, "after": after, "client_ip_seen": phone.page_patch.get("client_ip")}


def guess(url: str, path: str, tries: int) -> dict[str, Any]:
    """Wrong codes on the form (`form`) or in the address (`route`), each from a fresh session (as an
    attacker would reconnect); how many were answered "wrong code" and how many "wait"."""
    outcome = {"refused": 0, "wrong": 0}
    for n in range(tries):
        code = "Z" + "".join("23456789"[int(d) % 8] for d in f"{n:04d}")
        phone = Phone(url)
        phone.register(f"/live/{code}" if path == "route" else "/")
        if path == "form":
            phone.set_value("live.code", code)
            phone.event("live.join", "click")
            phone.pump(timeout=3, quiet=0.3)
        said = " ".join(phone.texts)
        if "try again in" in said:
            outcome["refused"] += 1
        elif "No game in progress" in said:
            outcome["wrong"] += 1
        phone.close()
    return outcome


def join(url: str, code: str, path: str) -> dict[str, Any]:
    phone = Phone(url)
    phone.register(f"/live/{code}" if path == "route" else "/")
    if path == "form":
        phone.set_value("live.code", code)
        phone.event("live.join", "click")
        phone.pump(timeout=4)
    seen = {"live": phone.sees("live.now") or phone.sees("live.total") or phone.sees("live.gone"),
            "join_screen": phone.sees("live.code")}
    phone.close()
    return seen


def crowd(url: str, code: str, guessers: str, newcomers: str) -> dict[str, Any]:
    """A phone watches the game; then every address of `guessers` sends a wrong code (all within a minute);
    then phones at the `newcomers` addresses join with the right code, by the form and in the address, and the
    watching phone opens the game again (a new session, as a reloaded tab without its session gets)."""
    watcher = Phone(url)
    watcher.register(f"/live/{code}")
    watching = watcher.sees("live.now")

    def guess(address: str) -> bool:
        phone = Phone(url, source=address)
        phone.register(f"/live/{'Z' * len(code)}")
        phone.close()
        return phone.said("No game in progress has this code.")

    with ThreadPoolExecutor(8) as pool:
        answered = sum(pool.map(guess, guessers.split(",")))
    by_form, by_address = newcomers.split(",")
    form = Phone(url, source=by_form)
    form.register("/")
    form.set_value("live.code", code)
    form.event("live.join", "click")
    form.pump(until=lambda: form.sees("live.now"), timeout=5)
    address = Phone(url, source=by_address)
    address.register(f"/live/{code}")
    reloaded = Phone(url)
    reloaded.register(f"/live/{code}")
    watcher.pump(timeout=1)
    seen = {"watching": watching, "wrong_codes_answered": answered, "form": form.sees("live.now"),
            "address": address.sees("live.now"), "reloaded": reloaded.sees("live.now"),
            "watcher_sent_to_the_form": watcher.sees("live.code")}
    for phone in (watcher, form, address, reloaded):
        phone.close()
    return seen


def download_twice(url: str, key: str) -> dict[str, Any]:
    """The scorekeeper on this phone (with the key) prepares a backup, and the browser fetches its link twice."""
    phone = Phone(url)
    phone.register(f"/settings?key={key}")
    phone.event("data.prepare.backup", "click")
    phone.pump(until=lambda: phone.sees("data.download.backup"))
    link = next(text for text in phone.texts if text.startswith("/download/"))
    phone.close()
    host, port = url.removeprefix("ws://").split("/")[0].split(":")
    first, second = http_get(host, int(port), link), http_get(host, int(port), link)
    return {"statuses": [first["status"], second["status"]], "backup": '"plays"' in first["body"],
            "second": second["body"]}


def vanish(url: str, code: str, draft_id: str, key: str) -> dict[str, Any]:
    """A phone watching the game and one keeping score on its sheet (with the key) leave the Wi-Fi."""
    viewer, keeper = Phone(url), Phone(url)
    viewer.register(f"/live/{code}")
    keeper.register(f"/play/{draft_id}?key={key}")
    seen = {"viewer": viewer.sees("live.now"), "keeper": keeper.sees("players[0].coins_left"),
            "sessions": [viewer.session_id, keeper.session_id]}
    viewer.drop()
    keeper.drop()
    return seen


def come_back(url: str, session_id: str, route: str) -> dict[str, Any]:
    """The phone is back on the Wi-Fi and reconnects to its session (as Flet's web client does)."""
    phone = Phone(url)
    phone.register(route, session_id=session_id)
    phone.close()
    return {"same_session": phone.session_id == session_id,
            "coins_left": phone.controls.get("players[0].coins_left", {}).get("value")}


def claims(url: str, code: str, draft_id: str, key: str, first: str, second: str) -> dict[str, Any]:
    """The scorekeeper (on this phone, with the key) lets players enter; the phones at `first` and `second`
    say which player they are, try to be another, and enter a score. Each phone reads what came before it acts
    (as a phone shows it before its player taps)."""
    keeper = Phone(url)
    keeper.register(f"/play/{draft_id}/share?key={key}")
    keeper.set_value("live.allow_edits", True)
    ana, bo = Phone(url, source=first), Phone(url, source=second)
    for phone in (ana, bo):
        phone.register(f"/live/{code}")
        phone.pump(until=lambda phone=phone: phone.sees("live.me.0"), timeout=5)

    def tap(phone: Phone, chip: str) -> None:
        for other in (keeper, ana, bo):
            other.pump(timeout=1, quiet=0.3)
        phone.select(chip)
        phone.pump(timeout=3)

    seen: dict[str, Any] = {}
    tap(ana, "live.me.0")
    tap(bo, "live.me.0")
    tap(bo, "live.me.1")
    tap(ana, "live.me.1")
    seen["ana"] = ana.said("This phone is Ana.") and ana.said("This phone is Ana: to be someone else")
    seen["bo"] = bo.said("Another phone is Ana") and bo.said("This phone is Bo.")
    seen["ana_fields"] = sorted(i for i in ana.ids if i.startswith("players["))
    ana.set_value("players[0].coins_left", "7")
    ana.pump(timeout=2)
    keeper.pump(until=lambda: keeper.said("Ana's phone: "), timeout=5)
    seen["keeper_sees"] = sorted({t for t in keeper.texts if t.startswith(("Ana: ", "Bo: ", "Ana's phone: "))})
    keeper.event("live.free.Ana", "click")
    tap(ana, "live.me.2")
    seen["ana_is_now"] = ana.said("This phone is Cy.")
    for phone in (keeper, ana, bo):
        phone.close()
    return seen


def oversized(url: str, megabytes: int, count: int) -> dict[str, Any]:
    """`count` connections each sending one message of `megabytes` MiB; how each connection ended."""
    outcomes = []
    payload = frame(EVENT, {"target": 1, "name": "x", "data": "A" * (megabytes * 1024 * 1024)})
    for _ in range(count):
        phone = Phone(url)
        phone.register("/")
        try:
            phone.ws.send(payload)
            phone.ws.recv(timeout=10)
            outcomes.append("open")
        except ConnectionClosed as closed:
            outcomes.append(f"closed {closed.rcvd.code if closed.rcvd else 'abruptly'}")
        except TimeoutError:
            outcomes.append("open")
        phone.ws.close()
    return {"outcomes": outcomes}


def many(url: str, count: int) -> dict[str, Any]:
    """Open `count` connections at once and keep them; how many the server accepted."""
    opened: list[Phone] = []
    refused = 0
    for _ in range(count):
        try:
            phone = Phone(url)
            phone.ws.send(frame(REGISTER, {"session_id": "", "page_name": "", "page": {"route": "/"}}))
            phone.ws.recv(timeout=10)
            opened.append(phone)
        except (InvalidStatus, ConnectionClosed, TimeoutError, OSError):
            refused += 1
    accepted = len(opened)
    for phone in opened:
        phone.close()
    return {"accepted": accepted, "refused": refused}


def http_get(host: str, port: int, path: str) -> dict[str, Any]:
    with socket.create_connection((host, port), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    raw = b"".join(chunks)
    head, _, body = raw.partition(b"\r\n\r\n")
    return {"status": int(head.split()[1]), "body": body[:2000].decode("utf-8", "replace")}


def main(argv: list[str]) -> None:
    url, scenario, *args = argv
    if scenario == "take-over":
        result = take_over(url)
    elif scenario == "guess":
        result = guess(url, args[0], int(args[1]))
    elif scenario == "join":
        result = join(url, args[0], args[1])
    elif scenario == "crowd":
        result = crowd(url, *args)
    elif scenario == "download-twice":
        result = download_twice(url, *args)
    elif scenario == "vanish":
        result = vanish(url, *args)
    elif scenario == "come-back":
        result = come_back(url, *args)
    elif scenario == "claims":
        result = claims(url, *args)
    elif scenario == "oversized":
        result = oversized(url, int(args[0]), int(args[1]))
    elif scenario == "many":
        result = many(url, int(args[0]))
    elif scenario == "get":
        host, port = url.removeprefix("http://").split(":")
        result = http_get(host, int(port), args[0])
    else:
        raise SystemExit(f"unknown scenario {scenario}")
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
