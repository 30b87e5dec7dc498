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
    host.eventually(lambda: "Bo's phone: Bo · Buttons – → 12" in host.texts())
    change = next(c for c in host.find_all("live.change.") if host.control(c).title.value.startswith("Bo's phone: Bo"))
    host.click(change.replace("change", "undo"))
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


def test_the_scorekeeper_sees_which_phone_is_which_player_and_frees_them(
        open_app: Callable[..., Harness], phone_of: Callable[..., Harness], services: Services) -> None:
    host = open_app()
    start_game(host, "for-sale", ["Ana", "Bo", "Cy"])
    code = share(host)
    host.toggle("live.allow_edits", True)
    first, second = phone_of(host, ip="192.168.1.23"), phone_of(host, ip="192.168.1.24")
    join(first, code)
    join(second, code)
    first.select_chip("live.me.0")
    assert "This phone is Ana." in first.texts()
    second.eventually(lambda: second.control("live.me.0").label == "Ana (another phone)")
    second.select_chip("live.me.0")
    second.eventually(lambda: "Another phone is Ana: the scorekeeper can free Ana." in second.snacks())
    second.select_chip("live.me.1")
    first.eventually(lambda: first.control("live.me.1").label == "Bo (another phone)")
    first.select_chip("live.me.1")
    first.eventually(lambda: "This phone is Ana: to be someone else, ask the scorekeeper to free Ana."
                     in first.snacks())
    host.eventually(lambda: host.exists("live.claim.Bo"))
    assert {"Ana: the phone at 192.168.1.23", "Bo: the phone at 192.168.1.24"} <= set(host.texts())
    second.type("players[1].coins_left", "5")
    host.eventually(lambda: "Bo's phone: Bo · Coins left – → 5" in host.texts())
    host.click("live.free.Ana")
    first.eventually(lambda: "Who are you? You choose once; the scorekeeper can free your choice." in first.texts())
    second.run(second.page.session.dispatch_event(second.page._i, "close", None))  # its session ran out
    host.eventually(lambda: not host.find_all("live.claim."))  # Bo is free: nobody holds anyone


def test_an_entry_the_phone_may_no_longer_make_is_refused_and_nothing_is_stored(
        open_app: Callable[..., Harness], phone_of: Callable[..., Harness], services: Services) -> None:
    """The phone's fields on its screen are older than the scorekeeper's last word (which is on its way)."""
    host = open_app()
    start_game(host, "for-sale", ["Ana", "Bo", "Cy"])
    code = share(host)
    host.toggle("live.allow_edits", True)
    phone = phone_of(host)
    join(phone, code)
    phone.select_chip("live.me.0")
    draft_id = services.repo.drafts()[0]["id"]
    services.live.claims.free(draft_id, "Ana")
    phone.type("players[0].coins_left", "7")
    phone.eventually(lambda: "This phone is no player of this game now: say which player you are. Nothing was saved."
                     in phone.snacks())
    assert "coins_left" not in services.repo.draft(draft_id)["sheet"]["players"][0]
    phone.eventually(lambda: not phone.exists("players[0].coins_left"))  # drawn again from what is stored
    phone.select_chip("live.me.0")
    services.live.allow_edits(draft_id, False)
    phone.type("players[0].coins_left", "7")
    phone.eventually(lambda: "The scorekeeper no longer lets players enter their scores. Nothing was saved."
                     in phone.snacks())
    assert "coins_left" not in services.repo.draft(draft_id)["sheet"]["players"][0]


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


def test_without_sharing_the_share_screen_says_how_to_go_on_on_another_phone(open_app: Callable[..., Harness],
                                                                             services: Services) -> None:
    """Issue 26: without --share the screen gave only a command; a table without a network hands the game over."""
    draft = services.repo.new_draft({"game": "kahuna", "sheet": {"game": "kahuna", "players": [{"name": "A"},
                                                                                                 {"name": "B"}]}})
    text = open_app(f"/play/{draft['id']}/share").control("live.share.local").value
    assert text.startswith("Other phones cannot join this table") and "“Hand to another phone”" in text
