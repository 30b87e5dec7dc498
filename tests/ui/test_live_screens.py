"""The live table in-process: a scorekeeper session and phones on the network, on one server."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from companion.app import PREF_LANGUAGE, Services
from companion.live import MAX_FAILURES
from companion.main import make_main

from .harness import Harness
from .test_play_flow import start_game

PHONE_IP = "192.168.1.23"


@pytest.fixture
def phone_of(services: Services) -> Iterator[Callable[..., Harness]]:
    """Open another session on the same server as `host`, from a phone on the network."""
    opened: list[Harness] = []

    def open_phone(host: Harness, ip: str = PHONE_IP, lang: str = "en", route: str = "/") -> Harness:
        phone = Harness(make_main(services), route=route, prefs={PREF_LANGUAGE: lang}, hub=host.hub,
                        loop=host.loop, client_ip=ip)
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        assert phone.crashes() == []
        phone.close()


def share(host: Harness) -> str:
    host.click("sheet.share")
    assert "Start the app with bin/app --share to let phones join" in " ".join(host.texts())  # not --share here
    host.click("sheet.share_off.code")
    return host.control("live.share.code").value


def test_a_phone_on_the_network_sees_only_the_join_screen(open_app: Callable[..., Harness],
                                                          phone_of: Callable[..., Harness]) -> None:
    host = open_app()
    for route in ("/", "/history", "/settings", "/stats", "/new/for-sale"):
        phone = phone_of(host, route=route)
        assert phone.exists("live.code") and not phone.exists("home.game.for-sale")
        assert phone.find_all("history.") == [] and phone.find_all("settings.") == []


def test_wrong_codes_are_refused_then_rate_limited(open_app: Callable[..., Harness],
                                                   phone_of: Callable[..., Harness]) -> None:
    host = open_app()
    start_game(host, "kahuna", ["Ana", "Bo"])
    share(host)
    phone = phone_of(host)
    for _ in range(MAX_FAILURES):
        phone.type("live.code", "ZZZZ")
        phone.click("live.join")
    assert "No game in progress has this code." in phone.texts()
    phone.click("live.join")
    assert any(text.startswith("Too many wrong codes: try again in") for text in phone.texts())


def test_viewers_see_the_scorekeepers_entries_live_and_cannot_change_them(
        open_app: Callable[..., Harness], phone_of: Callable[..., Harness], services: Services) -> None:
    host = open_app()
    start_game(host, "for-sale", ["Ana", "Bo", "Cy"])
    sheet_route = host.view.route
    code = share(host)
    phone = phone_of(host, lang="ko")
    phone.type("live.code", code.lower())
    phone.click("live.join")
    assert phone.view.route == f"/live/{code}"
    assert phone.find_all("players[") == []  # nothing to edit without the scorekeeper's permission
    host.run(host.page.push_route(sheet_route))  # back to the sheet
    host.type("players[0].coins_left", "7")
    phone.eventually(lambda: "7" in phone.texts())  # Ana's total, from the scorekeeper's entry
    assert phone.exists("live.total.Ana")
    assert "점수" in phone.texts()  # the phone keeps its own language


def test_a_player_enters_their_own_field_and_the_scorekeeper_can_undo_it(
        open_app: Callable[..., Harness], phone_of: Callable[..., Harness], services: Services) -> None:
    host = open_app()
    start_game(host, "patchwork", ["Ana", "Bo"])
    code = share(host)
    phone = phone_of(host)
    phone.type("live.code", code)
    phone.click("live.join")
    host.toggle("live.allow_edits", True)
    phone.eventually(lambda: phone.exists("live.me.1"))
    phone.select_chip("live.me.1")
    phone.type("players[1].buttons", "12")
    draft = services.repo.drafts()[0]
    assert draft["sheet"]["players"][1]["buttons"] == 12
    host.eventually(lambda: bool(host.find_all("live.change.")))
    change = host.find_all("live.change.")
    assert len(change) == 1 and "Bo: Buttons – → 12" in host.texts()
    host.click(change[0].replace("change", "undo"))
    assert "buttons" not in services.repo.drafts()[0]["sheet"]["players"][1]


def test_the_viewer_sees_the_result_with_its_tiebreak_when_the_game_ends(
        open_app: Callable[..., Harness], phone_of: Callable[..., Harness]) -> None:
    host = open_app()
    start_game(host, "kahuna", ["Ana", "Bo"])
    draft_route = host.view.route
    code = share(host)
    phone = phone_of(host)
    phone.type("live.code", code)
    phone.click("live.join")
    host.run(host.page.push_route(draft_route))
    for r, (ana, bo) in enumerate([(6, 4), (3, 5), (5, 4)]):
        host.click("sheet.add_round")
        host.type(f"rounds[{r}].Ana", str(ana))
        host.type(f"rounds[{r}].Bo", str(bo))
    host.click("sheet.finish")
    phone.eventually(lambda: "Ana wins!" in phone.texts())
    assert "Ana and Bo tied on 2; Ana wins with more round 3 points: 1 against 0" in phone.texts()


def test_the_join_page_shows_this_computer_what_the_other_phones_see(open_app: Callable[..., Harness]) -> None:
    viewer = open_app("/join")
    assert viewer.exists("live.code") and not viewer.exists("home.game.kahuna")


def join(phone: Harness, code: str) -> None:
    phone.type("live.code", code)
    phone.click("live.join")


def test_a_phone_that_joined_opens_its_game_again_whatever_its_address_guessed_since(
        open_app: Callable[..., Harness], phone_of: Callable[..., Harness]) -> None:
    host = open_app()
    start_game(host, "kahuna", ["Ana", "Bo"])
    code = share(host)
    phone = phone_of(host)
    join(phone, code)
    guesser = phone_of(host)  # the same address (a phone sharing it, or the same phone in another tab)
    for _ in range(MAX_FAILURES + 1):
        join(guesser, "ZZZZZZZZ")
    assert any(text.startswith("Too many wrong codes") for text in guesser.texts())
    phone.run(phone.page.push_route("/"))
    phone.run(phone.page.push_route(f"/live/{code}"))
    assert phone.exists("live.now")
