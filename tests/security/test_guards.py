"""The server's guards in-process, with made-up peer addresses: what the network tests cannot vary cheaply."""

from __future__ import annotations

import json
from pathlib import Path

import msgpack
import pytest
from fastapi.testclient import TestClient

from companion.app import PREF_LANGUAGE, Services
from companion.live import (
    CODE_ALPHABET,
    CODE_LENGTH,
    FAILURE_WINDOW_SECONDS,
    MAX_FAILURES,
    LiveTable,
    RateLimiter,
    limit_key,
)
from companion.main import main as flet_entry
from companion.main import make_main
from companion.server import ConnectionGuard, build_asgi_app, real_peer, sanitized_frame
from companion.uploads import Uploads

from ..ui.harness import Harness
from ..ui.test_play_flow import EXAMPLES
from .phone import UPDATE_PROPS, frame


def test_the_key_is_compared_in_constant_time_and_odd_keys_are_refused_cleanly() -> None:
    live = LiveTable(host_key="s3cret-key")
    assert live.is_host("192.168.1.5", "s3cret-key")
    for key in ("é", "s3cret-kéy", "", None, "\x00", "s3cret-key\x00"):
        assert not live.is_host("192.168.1.5", key)


def test_wrong_codes_from_many_addresses_never_refuse_the_right_one() -> None:
    live = LiveTable()
    code = live.code_for("d1")
    for n in range(1000):  # every address of four /24s at its limit
        for _ in range(MAX_FAILURES):
            live.join("ZZZZZZZZ", f"10.1.{n // 250}.{n % 250}", now=1)
    assert live.join(code, "10.9.9.9", now=2).draft_id == "d1"  # a new phone joins at once
    assert live.join(code, "10.1.0.7", now=2).wait_seconds > 0  # a guessing address waits, right code or not


def test_an_ipv6_phone_is_limited_by_its_64_which_it_may_fill() -> None:
    live = LiveTable()
    code = live.code_for("d1")
    for n in range(MAX_FAILURES):
        live.join("ZZZZZZZZ", f"2001:db8:0:1::{n + 1:x}", now=1)
    assert live.join(code, "2001:db8:0:1::ffff", now=2).wait_seconds > 0
    assert live.join(code, "2001:db8:0:2::1", now=2).draft_id == "d1"
    assert limit_key("::ffff:10.0.0.9") == "10.0.0.9" and limit_key("10.0.0.9") == "10.0.0.9"


def test_the_limiter_forgets_old_and_excess_entries() -> None:
    limiter = RateLimiter(max_peers=100)
    for n in range(1000):
        limiter.fail(f"10.0.{n // 250}.{n % 250}", now=n * 0.001)
    assert limiter.tracked() == 100
    limiter.wait_seconds("10.0.0.1", now=FAILURE_WINDOW_SECONDS + 2)
    assert limiter.tracked() == 0


def test_a_code_is_dead_once_its_game_is_finished_or_deleted() -> None:
    alive = {"d1"}
    live = LiveTable(is_live=lambda draft_id: draft_id in alive)
    code = live.code_for("d1")
    assert live.join(code, "10.0.0.7", now=0).draft_id == "d1"
    alive.clear()
    assert live.join(code, "10.0.0.7", now=0).draft_id is None
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)


def test_guessing_a_live_code_takes_centuries() -> None:
    """The figures of the README and companion.live: the wrong codes one address gets answered in an hour, and
    how long 250 addresses (a whole /24) would guess on average before they found a live game's code."""
    live = LiveTable()
    answered, now = 0, 0.0
    while now < 3600:
        joined = live.join("ZZZZZZZZ", "10.0.0.7", now=now)
        if joined.wait_seconds:
            now += joined.wait_seconds
        else:
            answered += 1
    assert answered <= MAX_FAILURES * 3600 / FAILURE_WINDOW_SECONDS + MAX_FAILURES
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    assert codes == 1_099_511_627_776
    per_minute = 250 * MAX_FAILURES * 60 / FAILURE_WINDOW_SECONDS
    per_year = per_minute * 60 * 24 * 365.25
    assert round((codes + 1) / 2 / per_year) == 836  # years, on average, for one live code


def test_forwarded_for_is_believed_only_from_a_trusted_proxy() -> None:
    assert real_peer(("10.0.0.7", 5000), "127.0.0.1", ()) == "10.0.0.7"
    assert real_peer(("127.0.0.1", 5000), "10.0.0.7", ()) == "127.0.0.1"
    assert real_peer(("10.0.0.1", 5000), "127.0.0.1, 10.0.0.7", ("10.0.0.1",)) == "10.0.0.7"
    assert real_peer(("10.0.0.1", 5000), "10.0.0.7, 10.0.0.1", ("10.0.0.1",)) == "10.0.0.7"


def test_frames_cannot_set_server_owned_page_properties() -> None:
    data = frame(UPDATE_PROPS, {"id": 1, "props": {"client_ip": "127.0.0.1", "_session": 1, "width": 400.0}})
    assert msgpack.unpackb(sanitized_frame(data)[1:]) == [UPDATE_PROPS, {"id": 1, "props": {"width": 400.0}}]
    register = frame(1, {"session_id": "", "page_name": "", "page": {"route": "/", "client_user_agent": "x"}})
    assert msgpack.unpackb(sanitized_frame(register)[1:])[1]["page"] == {"route": "/"}
    assert sanitized_frame(b"\x00\xc1") is None  # not msgpack: dropped, the connection stays
    harmless = frame(3, {"target": 5, "name": "click", "data": None})
    assert sanitized_frame(harmless) == harmless


def test_connections_are_capped_per_peer_and_in_total() -> None:
    guard = ConnectionGuard(total=5, per_peer=2, per_minute=3)
    assert [guard.admit("10.0.0.7", 0) for _ in range(3)] == [True, True, False]
    guard.release("10.0.0.7")
    assert guard.admit("10.0.0.7", 1) and not guard.admit("10.0.0.7", 2)  # the fourth in a minute
    assert [guard.admit(f"10.0.0.{n}", 3) for n in (8, 9, 10, 11)] == [True, True, True, False]
    assert guard.admit("127.0.0.1", 4)  # this computer is never turned away


@pytest.fixture
def client(services: Services) -> TestClient:
    return TestClient(build_asgi_app(services))  # its requests come from the address "testclient"


def test_a_download_goes_only_to_the_address_that_asked_for_it(services: Services, client: TestClient) -> None:
    mine = services.downloads.offer("backup.json", b"{}", peer="testclient")
    theirs = services.downloads.offer("backup.json", b"{}", peer="127.0.0.1")
    assert client.get(mine).status_code == 200
    assert client.get(theirs).status_code == 404
    assert services.downloads.take(theirs.rsplit("/", 1)[1], "127.0.0.1") is not None  # not used up by the stranger


@pytest.mark.parametrize("button", ["result.download_json", "data.download.backup", "data.download.csv",
                                    "data.download.bgstats"])
def test_every_download_the_app_offers_is_tied_to_the_session_that_asked(services: Services, client: TestClient,
                                                                        button: str) -> None:
    """The scorekeeper's session (here: on this computer) asks; another device with the URL gets nothing."""
    sheet = json.loads((EXAMPLES / "kahuna.json").read_text(encoding="utf-8"))
    play = services.repo.add_play({"game": "kahuna", "sheet": sheet, "rules_version": 1})
    route = f"/result/{play['id']}" if button.startswith("result.") else "/settings"
    ui = Harness(make_main(services), route=route, prefs={PREF_LANGUAGE: "en"}, client_ip="127.0.0.1")
    try:
        if button.startswith("data."):
            ui.click(button.replace(".download.", ".prepare."))
        url = ui.control(button).action.url
        assert client.get(url).status_code == 404  # from "testclient": not the address that asked
        assert services.downloads.take(url.rsplit("/", 1)[1], "127.0.0.1").peer == "127.0.0.1"
        assert services.downloads.take(url.rsplit("/", 1)[1], "127.0.0.1") is None  # once
        ui.click(button)  # the browser opened the link: the next tap needs a new one
        if button.startswith("data."):
            ui.click(button.replace(".download.", ".prepare."))
        again = ui.control(button).action.url
        assert again != url and services.downloads.take(again.rsplit("/", 1)[1], "127.0.0.1") is not None
        assert ui.crashes() == []
    finally:
        ui.close()


@pytest.mark.parametrize(("web", "client_ip", "host"), [(True, "127.0.0.1", False), (False, None, True)])
def test_the_flet_entry_trusts_no_address_a_browser_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            web: bool, client_ip: str | None, host: bool) -> None:
    """companion.main.main served to a browser by anything but companion.server (Flet's own web server) knows
    no real peer: the client_ip the browser claims makes it no scorekeeper. Built into an app, it is one."""
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    ui = Harness(flet_entry, prefs={PREF_LANGUAGE: "en"}, client_ip=client_ip, web=web)
    try:
        assert ui.exists("home.game.kahuna") is host and ui.exists("live.code") is not host
        assert ui.crashes() == []
    finally:
        ui.close()


def test_an_upload_is_accepted_once_from_its_address_within_its_limit(services: Services,
                                                                      client: TestClient) -> None:
    slot = services.uploads.open_slot("testclient", limit=10)
    assert client.put(slot, content=b"x" * 11).status_code == 413
    assert client.put(slot, content=b"12345").status_code == 200
    assert client.put(slot, content=b"12345").status_code == 404  # used
    path = services.uploads.take(slot)
    assert path is not None and path.read_bytes() == b"12345"
    path.unlink()
    other = services.uploads.open_slot("10.0.0.7", limit=10)
    assert client.put(other, content=b"1").status_code == 403


def test_no_api_documentation_route_exists(client: TestClient) -> None:
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert "swagger" not in client.get(path).text.lower() and '"openapi"' not in client.get(path).text


def test_files_half_received_before_a_restart_are_removed(tmp_path: Path) -> None:
    first = Uploads(tmp_path)
    left = first.new_file()
    Uploads(tmp_path)
    assert not left.exists()
