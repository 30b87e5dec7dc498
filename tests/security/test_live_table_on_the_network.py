"""The live table from phones on the Wi-Fi (issue 27): real sockets from non-loopback addresses, Flet's protocol.
Each test says what happened before."""

from __future__ import annotations

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


def test_strangers_wrong_codes_never_lock_out_the_right_one(phone_network: PhoneNetwork,
                                                            shared_server: Server) -> None:
    """Before: 40 wrong codes from 40 addresses in a minute made the server refuse the right code to every new
    phone (a limit of 30 a minute for everyone together)."""
    _, code = shared_for_sale(shared_server)
    seen = phone_network.run(shared_server, "crowd", code, ",".join(CROWD[:40]), ",".join(CROWD[-2:]))
    assert seen == {"watching": True, "wrong_codes_answered": 40, "form": True, "address": True, "reloaded": True,
                    "watcher_sent_to_the_form": False}
