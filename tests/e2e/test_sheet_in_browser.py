"""The score sheet in headless Chromium at phone size: nothing typed is lost across a reload, the rule an
entry breaks is shown next to it, and repeated entries are compact. Screenshots go to $TC_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import Phone, Server, games_in_progress

pytestmark = pytest.mark.e2e

MINJI = [15, 13, 11, 9, 7, 4, 0]


def reload(p: Phone, ready: str, url: str | None = None) -> None:
    """Reload the page (or open `url`), as a phone that dropped the connection does: it opens from the store."""
    if url is None:
        p.page.reload()
    else:
        p.page.goto(url)
    placeholder = p.page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60_000)
    placeholder.dispatch_event("click")
    p.wait(ready)


def stored_draft(server: Server) -> dict:
    (draft,) = games_in_progress(server)
    return draft


def scroll_to(p: Phone, identifier: str) -> None:
    """Scroll the sheet until a control is on screen (Flutter leaves what is off screen out of the page)."""
    p.page.mouse.move(206, 500)
    p.page.mouse.wheel(0, -5000)  # from the top, down a little at a time
    for _ in range(20):
        p.page.wait_for_timeout(400)
        if p.tagged(identifier).count() and p.tagged(identifier).is_visible():
            return
        p.page.mouse.wheel(0, 250)
    p.wait(identifier, timeout=1_000)


def row_pitch(p: Phone, first: str, second: str) -> float:
    """Pixels from one row's field to the next row's: what one more player (or item) costs on screen."""
    scroll_to(p, second)
    a, b = p.tagged(first).bounding_box(), p.tagged(second).bounding_box()
    assert a is not None and b is not None
    return b["y"] - a["y"]


def test_for_sale_entries_survive_a_reload_with_a_broken_rule(phone: Callable[..., Phone], server: Server) -> None:
    p = phone("en-US")
    p.new_game("for-sale", ["Minji", "Alex", "Joon", "Sam"])
    p.tap("new.start")
    p.wait("sheet.finish")
    for k, value in enumerate(MINJI, start=1):
        p.type("players[0].cheques.new", str(value), enter=True)
        p.see(f"{k} entered, total {sum(MINJI[:k])}")
    p.type("players[0].coins_left", "2")
    p.tap("sheet.next_player")
    p.type("players[1].coins_left", "19")
    p.see("19 coins left, but players start with 18")
    # the whole line is on screen: its node is the 20 px of the line, cut where the sheet's edge hides it (12.7 px
    # of it showed above the bottom bar when the field kept Flutter's 20 px of room)
    rule = p.page.get_by_text("19 coins left, but players start with 18").first.bounding_box()
    assert rule and rule["height"] > 18, f"the rule under the field is half hidden: {rule}"
    p.shot("en-sheet-error-next-to-field")

    route = p.page.url
    reload(p, "players[1].coins_left")
    assert p.page.url == route
    p.see("19 coins left, but players start with 18")
    assert "61" in p.text("sheet.total.0")  # Minji's own entries are valid: she keeps her total
    p.tap("sheet.prev_player")
    p.see("7 entered, total 59")
    sheet = stored_draft(server)["sheet"]
    assert sheet["players"][0] == {"name": "Minji", "cheques": MINJI, "coins_left": 2}
    assert sheet["players"][1]["coins_left"] == 19
    p.tap("sheet.next_player")
    p.tap("players[1].coins_left.dec")  # the stepped number shows at once and is saved within the same tap
    assert stored_draft(server)["sheet"]["players"][1]["coins_left"] == 18


# Korean only in the suite (the longer words, the font); run with "en-US", "en" too to look at English.
@pytest.mark.parametrize("locale,prefix", [("ko-KR", "ko")])
def test_sheets_at_phone_size(phone: Callable[..., Phone], locale: str, prefix: str) -> None:
    p = phone(locale)
    names = ["Ana", "Bo", "Cy"]
    p.new_game("carnage", names)
    p.tap("new.start")
    p.tap("sheet.add_round")
    p.type("rounds[0].Ana.initiative", "3")
    p.type("rounds[0].Bo.initiative", "3")  # the same initiative twice: the rule shows next to Bo's entry
    p.see("Bo has initiative 3 like Ana" if prefix == "en" else "Bo의 주도력 3이(가) Ana와(과) 같습니다")
    pitch = row_pitch(p, "rounds[0].Ana.initiative", "rounds[0].Bo.initiative")
    assert pitch < 90, f"a Kharnage round takes {pitch} px per player"  # 285 px before the tables
    p.tap("sheet.help.rounds")
    p.shot(f"{prefix}-sheet-kharnage")

    home = p.page.url.split("/play/")[0] + "/"
    reload(p, "home.game.ticket-to-ride-europe", home)
    p.new_game("ticket-to-ride-europe", names)
    p.tap("new.start")
    for i in range(2):
        p.tap("players[0].tickets.add")
        p.wait(f"players[0].tickets[{i}].points")  # the sheet is redrawn with the new row before the next tap
    pitch = row_pitch(p, "players[0].tickets[0].points", "players[0].tickets[1].points")
    assert pitch < 120, f"a Ticket to Ride ticket takes {pitch} px"  # 436 px before the tables
    p.shot(f"{prefix}-sheet-ttr")

    reload(p, "home.game.trails-of-tucana", home)
    p.new_game("trails-of-tucana", names)
    p.tap("new.start")
    p.shot(f"{prefix}-sheet-tucana")
    scroll_to(p, "sheet.notes")
    p.tap("sheet.notes")
    p.page.mouse.move(206, 500)
    p.page.mouse.wheel(0, 1200)
    p.shot(f"{prefix}-sheet-tucana-rule-notes")

    reload(p, "home.game.for-sale", home)
    p.new_game("for-sale", names)
    p.tap("new.start")
    for value in (15, 13):  # one after the other, as fast as a thumb: the field stays focused and empties
        p.type("players[0].cheques.new", str(value), enter=True)
    p.see("2 entered, total 28" if prefix == "en" else "2개 입력, 합계 28")
    p.type("players[0].coins_left", "19")
    p.see("19 coins left, but players start with 18" if prefix == "en" else "남은 코인 19개: 시작 코인은 18개입니다")
    p.shot(f"{prefix}-sheet-for-sale")
