"""Attacks from a phone on the Wi-Fi: a real socket from a non-loopback address, Flet's own protocol."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from companion.live import MAX_FAILURES
from companion.server import MAX_CONNECTIONS_PER_PEER
from companion.store.repository import Repository
from tests.e2e.conftest import Server

from .conftest import PHONE_SIDE, PhoneNetwork
from .phone import Phone


def shared_game(server: Server) -> tuple[str, str]:
    """A game in progress and the join code the scorekeeper's screen shows for it."""
    repo = Repository.open(server.data_dir)
    draft = repo.new_draft({"game": "kahuna", "sheet": {"game": "kahuna", "options": {},
                                                          "players": [{"name": "Ana"}, {"name": "Bo"}]}})
    host = Phone(f"ws://127.0.0.1:{server.port}/ws")
    host.register(f"/play/{draft['id']}/share")
    code = host.controls["live.share.code"]["value"]
    host.close()
    return draft["id"], code


def rss_kb(server: Server) -> int:
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))


def test_a_phone_claiming_to_be_the_server_stays_a_viewer(phone_network: PhoneNetwork, shared_server: Server) -> None:
    seen = phone_network.run(shared_server, "take-over")
    assert seen["first"] == {"host_screens": False, "join_screen": True}
    assert seen["after"]["host_screens"] is False and seen["after"]["join_screen"] is True
    assert seen["client_ip_seen"] == PHONE_SIDE


def test_the_code_opens_the_game_on_both_paths_until_the_game_is_gone(phone_network: PhoneNetwork,
                                                                      shared_server: Server) -> None:
    draft_id, code = shared_game(shared_server)
    assert phone_network.run(shared_server, "join", code, "route") == {"live": True, "join_screen": False}
    assert phone_network.run(shared_server, "join", code.lower(), "form")["live"] is True
    Repository.open(shared_server.data_dir).delete_draft(draft_id)
    assert phone_network.run(shared_server, "join", code, "route") == {"live": False, "join_screen": True}


def test_wrong_codes_are_limited_per_phone_on_the_form_and_in_the_address(phone_network: PhoneNetwork,
                                                                          shared_server: Server) -> None:
    _, code = shared_game(shared_server)
    assert phone_network.run(shared_server, "guess", "form", MAX_FAILURES + 2) == {"refused": 2,
                                                                                 "wrong": MAX_FAILURES}
    assert phone_network.run(shared_server, "guess", "route", 3)["refused"] == 3  # the same limit, the same phone
    assert phone_network.run(shared_server, "join", code, "route")["live"] is False  # even the right code waits


def test_a_bad_key_is_refused_without_killing_the_session(phone_network: PhoneNetwork, shared_server: Server) -> None:
    for route in ("/?key=%C3%A9", "/?key=\u00e9", "/?key=" + "A" * 5000):
        assert phone_network.run(shared_server, "join", "", route)["join_screen"] is True


def test_no_api_documentation_is_served(phone_network: PhoneNetwork, shared_server: Server) -> None:
    for path in ("/docs", "/redoc", "/openapi.json"):
        answer = phone_network.run(shared_server, "get", path)
        assert "swagger" not in answer["body"].lower() and '"openapi"' not in answer["body"]


def test_oversized_messages_close_the_connection_and_memory_comes_back(phone_network: PhoneNetwork,
                                                                       shared_server: Server) -> None:
    phone_network.run(shared_server, "many", 1)  # one session first: the baseline includes a session's cost
    before = rss_kb(shared_server)
    outcome = phone_network.run(shared_server, "oversized", 15, 6)["outcomes"]
    assert outcome == ["closed 1009"] * 6  # message too big
    time.sleep(1)
    assert rss_kb(shared_server) - before < 40_000, (before, rss_kb(shared_server))


def test_a_phone_cannot_open_unbounded_connections(phone_network: PhoneNetwork, shared_server: Server) -> None:
    opened = phone_network.run(shared_server, "many", MAX_CONNECTIONS_PER_PEER + 4)
    assert opened == {"accepted": MAX_CONNECTIONS_PER_PEER, "refused": 4}




class ModuleRun(Server):
    """`python -m companion.main --share`: before, Flet's own web server (on every interface of a machine
    without a display) made whoever claimed client_ip 127.0.0.1 the scorekeeper; now it is the real server."""

    def command(self) -> list[str]:
        return ["env", "-u", "DISPLAY", sys.executable, "-m", "companion.main", "--port", str(self.port),
                "--data", str(self.data_dir), *self.extra]


def test_the_flet_entry_run_as_a_script_makes_no_phone_the_scorekeeper(phone_network: PhoneNetwork,
                                                                       tmp_path: Path) -> None:
    running = ModuleRun(tmp_path / "data", "--share")
    try:
        seen = phone_network.run(running, "take-over")
    finally:
        running.stop()
    assert seen["first"] == {"host_screens": False, "join_screen": True}
    assert seen["after"]["host_screens"] is False
