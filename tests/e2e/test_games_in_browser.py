"""Whole games played through the served web app in headless Chromium, with screenshots at phone size."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scoring import score_sheet

from .conftest import Phone, Server, start, stored_sheet

pytestmark = pytest.mark.e2e

FOR_SALE = {
    "Minji": ([15, 13, 11, 9, 7, 4, 0], 2), "Alex": ([15, 14, 10, 8, 6, 3, 3], 0),
    "Joon": ([14, 12, 10, 9, 5, 5, 2], 4), "Sam": ([13, 12, 11, 8, 7, 6, 0], 0),
}


def test_a_four_player_for_sale_game(phone: Callable[..., Phone], server: Server) -> None:
    p = phone("en-US")
    p.wait("home.game.for-sale")
    p.shot("en-home")
    start(p, "for-sale", list(FOR_SALE))
    for i, (name, (cheques, coins)) in enumerate(FOR_SALE.items()):
        p.see(f"Entering for {name}")
        for k, value in enumerate(cheques, start=1):
            p.type(f"players[{i}].cheques.new", str(value), enter=True)
            p.see(f"{k} entered, total {sum(cheques[:k])}")
        p.type(f"players[{i}].coins_left", str(coins))
        if i == 0:
            p.shot("en-sheet")
        p.tap("sheet.next_player")
    p.see("Leading: Joon")
    p.tap("sheet.finish")
    p.see("Joon wins!")
    p.see("Minji and Joon tied on 61; Joon wins with more coins left: 4 against 2")
    p.shot("en-result")
    assert score_sheet(stored_sheet(server)).winners == ["Joon"]


def test_a_kahuna_game_in_korean(phone: Callable[..., Phone], server: Server) -> None:
    p = phone("ko-KR")
    p.wait("home.game.kahuna")
    p.shot("ko-home")
    p.tap("home.game.kahuna")
    p.wait("new.start")
    p.shot("ko-new-game")
    p.type("new.player.0", "하나")
    p.type("new.player.1", "Bo")
    p.tap("new.start")
    p.wait("sheet.add_round")
    for r, (hana, bo) in enumerate([(6, 4), (3, 5), (5, 4)]):
        p.tap("sheet.add_round")  # typed at once: its first entry once went nowhere (common.one_node)
        p.type(f"rounds[{r}].하나", str(hana))
        p.type(f"rounds[{r}].Bo", str(bo))
    p.type("players[0].bridges", "9")
    p.shot("ko-sheet")
    p.tap_when_enabled("sheet.finish")
    p.see("하나 님 승리!")
    p.see("하나, Bo: 2점 동점 → 3라운드 점수가 더 높아 하나 승리 (1 대 0)")
    p.shot("ko-result")
    assert score_sheet(stored_sheet(server)).winners == ["하나"]


@pytest.mark.parametrize("locale,prefix", [("en-US", "en"), ("ko-KR", "ko")])
def test_settings_screen(phone: Callable[..., Phone], locale: str, prefix: str) -> None:
    p = phone(locale, "/settings")
    p.wait("settings.language")
    p.shot(f"{prefix}-settings")
