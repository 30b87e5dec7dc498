"""The short ways in, in headless Chromium at phone size: For Sale by cheque totals, the Piña Coladice coaster
layout tapped in order and its dice set by their faces, a Ticket to Ride ticket found by its Korean city name."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from scoring import score_sheet

from .conftest import Phone, Server, games_in_progress, start, stored_sheet

pytestmark = pytest.mark.e2e

# Cheque totals and coins left of a 4-player game: Minji and Joon end level on money and coins.
FOR_SALE = {"Minji": (59, 2), "Alex": (60, 0), "Joon": (59, 2), "Sam": (57, 1)}
LAYOUT = ["pair-1", "three-4", "odds", "sum-ge-26", "double-pair", "sum-le-9", "full-house", "pair-5",
          "small-straight", "five-of-a-kind", "evens", "three-2", "large-straight", "sum-12-14", "all-different",
          "four-of-a-kind"]


@pytest.mark.parametrize(("locale", "lang", "winner"), [("en-US", "en", "Minji wins!"),
                                                         ("ko-KR", "ko", "Minji 님 승리!")])
def test_for_sale_by_cheque_totals(phone: Callable[..., Phone], server: Server, locale: str, lang: str,
                                   winner: str) -> None:
    p = phone(locale)
    p.wait("home.game.for-sale")
    start(p, "for-sale", list(FOR_SALE))
    for i, (cheques, coins) in enumerate(FOR_SALE.values()):
        p.type(f"players[{i}].cheque_total", str(cheques))
        p.type(f"players[{i}].coins_left", str(coins))
        if i < len(FOR_SALE) - 1:
            p.tap("sheet.next_player")
    p.wait("forsale.needs_property")
    p.shot(f"{lang}-for-sale-totals")
    p.type("players[3].highest_property", "22")  # Sam is not in the tie: no harm
    p.tap("sheet.next_player")
    p.type("players[0].highest_property", "30")
    p.tap("sheet.next_player")
    p.tap("sheet.next_player")
    p.type("players[2].highest_property", "27")
    p.tap("sheet.finish")
    p.see(winner)
    sheet = stored_sheet(server)
    assert [pl["cheque_total"] for pl in sheet["players"]] == [59, 60, 59, 57]
    assert score_sheet(sheet).winners == ["Minji"]


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("ko-KR", "ko")])
def test_pina_coasters_tapped_in_order_and_dice_by_face(phone: Callable[..., Phone], server: Server, locale: str,
                                                        lang: str) -> None:
    p = phone(locale)
    p.wait("home.game.pina-coladice")
    start(p, "pina-coladice", ["Ana", "Ben", "Cho"])
    p.tap("pina.layout")
    for i, coaster in enumerate(LAYOUT):
        p.tap(f"pina.coaster.{coaster}")
        if i < len(LAYOUT) - 1:  # the board is redrawn after each tap: wait for it before the next one
            p.see({"en": f"Coaster {i + 2} of 16", "ko": f"코스터 {i + 2}/16"}[lang])
        if i == 5:
            p.shot(f"{lang}-pina-layout")
    p.wait("pina.pass")  # the 16th coaster ends the layout
    for face in (6, 5, 4, 3, 2):
        p.tap(f"pina.face.{face}")
        p.page.wait_for_timeout(500)
    p.tap("pina.die.4")
    p.page.wait_for_timeout(500)
    p.tap("pina.face.6")
    p.page.mouse.move(200, 500)
    p.page.mouse.wheel(0, 500)  # down to the dice helper, under the board
    p.shot(f"{lang}-pina-dice")
    first = {"en": ("Pair of 1s", "Four of a kind"), "ko": ("1 두 개", "같은 눈 4개")}[lang]
    assert first[0] in p.text("pina.cell.0.0") and first[1] in p.text("pina.cell.3.3")
    p.tap("pina.cell.2.1")
    p.see("1. Ana")


def test_ttr_ticket_found_by_korean_city(phone: Callable[..., Phone], server: Server) -> None:
    p = phone("ko-KR")
    p.wait("home.game.ticket-to-ride-europe")
    start(p, "ticket-to-ride-europe", ["하나", "Bo"])
    p.type("ttr.find", "베를린")
    p.see("베를린 – 로마")
    p.shot("ko-ttr-search")
    p.tap("ttr.pick.2")
    deadline = time.monotonic() + 15
    while not tickets_of(server) and time.monotonic() < deadline:
        time.sleep(0.2)
    (ticket,) = tickets_of(server)
    assert "Berlin" in (ticket["from"], ticket["to"])  # stored under the map's names, found by the Korean one


def tickets_of(server: Server) -> list[dict]:
    """The first player's tickets in the stored game in progress."""
    return [t for d in games_in_progress(server) for t in d["sheet"]["players"][0].get("tickets") or []]
