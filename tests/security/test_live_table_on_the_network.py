"""The live table from phones on the Wi-Fi (issue 27): real sockets from non-loopback addresses, Flet's protocol.
Each test says what happened before."""

from __future__ import annotations

import re
import time

from companion.downloads import LIFETIME_SECONDS
from companion.store.repository import Repository
from tests.e2e.conftest import Server

from .conftest import CROWD, PhoneNetwork
from .phone import Phone


def shared_for_sale(server: Server) -> tuple[str, str]:
    """A game of For Sale in progress (Ana, Bo, Cy) and the join code the scorekeeper's screen shows for it."""
    repo = Repository.open(server.data_dir)
    draft = repo.new_draft({"game": "for-sale", "sheet": {"game": "for-sale", "options": {}, "players": [
        {"name": "Ana"}, {"name": "Bo"}, {"name": "Cy"}]}})
    host = Phone(f"ws://127.0.0.1:{server.port}/ws")
    host.register(f"/play/{draft['id']}/share")
    code = host.controls["live.share.code"]["value"]
    host.close()
    return draft["id"], code


def scorekeeper_key(server: Server) -> str:
    """The key of the scorekeeper link the server prints once it has opened the data."""
    deadline = time.monotonic() + 30
    while not (found := re.search(r"\?key=(\S+)", server.log.read_text())) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert found, server.log.read_text()
    return found.group(1)


def test_strangers_wrong_codes_never_lock_out_the_right_one(phone_network: PhoneNetwork,
                                                            shared_server: Server) -> None:
    """Before: 40 wrong codes from 40 addresses in a minute made the server refuse the right code to every new
    phone (a limit of 30 a minute for everyone together)."""
    _, code = shared_for_sale(shared_server)
    seen = phone_network.run(shared_server, "crowd", code, ",".join(CROWD[:40]), ",".join(CROWD[-2:]))
    assert seen == {"watching": True, "wrong_codes_answered": 40, "form": True, "address": True, "reloaded": True,
                    "watcher_sent_to_the_form": False}


def test_a_download_link_answers_once(phone_network: PhoneNetwork, shared_server: Server) -> None:
    """Before: a backup's link answered every request for an hour."""
    seen = phone_network.run(shared_server, "download-twice", scorekeeper_key(shared_server))
    assert seen["statuses"] == [200, 404] and seen["backup"] is True
    assert "used or has expired" in seen["second"]
    assert LIFETIME_SECONDS <= 600


def test_a_session_whose_phone_went_away_is_drawn_when_it_comes_back(phone_network: PhoneNetwork,
                                                                      shared_server: Server) -> None:
    """Before: each change of the game raised a traceback in the server's log, for the session of a phone keeping
    score on its sheet that had left the Wi-Fi (its clock could not start a task without a connection)."""
    draft_id, code = shared_for_sale(shared_server)
    key = scorekeeper_key(shared_server)
    gone = phone_network.run(shared_server, "vanish", code, draft_id, key)
    assert gone["viewer"] is True and gone["keeper"] is True
    host = Phone(f"ws://127.0.0.1:{shared_server.port}/ws")
    host.register(f"/play/{draft_id}")
    for value in range(1, 31):
        host.set_value("players[0].coins_left", str(value % 18))
        host.pump(timeout=0.5, quiet=0.1)
    host.close()
    time.sleep(1)
    log = shared_server.log.read_text()
    assert "Traceback" not in log, log[-3000:]
    back = phone_network.run(shared_server, "come-back", gone["sessions"][1], f"/play/{draft_id}?key={key}")
    assert back == {"same_session": True, "coins_left": str(30 % 18)}  # the last entry, drawn on its return


def test_a_joined_phone_is_one_player_and_the_scorekeeper_sees_which(phone_network: PhoneNetwork,
                                                                    shared_server: Server) -> None:
    """Before: any phone could pick any player and enter for them, and the change list did not say which phone."""
    draft_id, code = shared_for_sale(shared_server)
    first, second = CROWD[0], CROWD[1]
    seen = phone_network.run(shared_server, "claims", code, draft_id, scorekeeper_key(shared_server), first, second)
    assert seen["ana"] is True, seen  # Ana's phone is Ana, and is refused Bo
    assert seen["bo"] is True  # the other phone is refused Ana, and is Bo
    assert seen["ana_fields"] and all(field.startswith("players[0].") for field in seen["ana_fields"])
    assert f"Ana: the phone at {first}" in seen["keeper_sees"] and f"Bo: the phone at {second}" in seen["keeper_sees"]
    assert "Ana's phone: Ana · Coins left – → 7" in seen["keeper_sees"]  # the change names the phone's player
    assert seen["ana_is_now"] is True  # freed by the scorekeeper, the phone says again which player it is
    players = Repository.open(shared_server.data_dir).draft(draft_id)["sheet"]["players"]
    assert players[0].get("coins_left") == 7 and "coins_left" not in players[1]
