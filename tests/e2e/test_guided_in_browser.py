"""Guided play in headless Chromium: Piraten Kapern to its target with an Island of Skulls turn, and a
Trails of Tucana round with the app as mayor. Screenshots at phone size in both languages."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import Phone, Server, games_in_progress

pytestmark = pytest.mark.e2e


def pick_fortune(p: Phone, name: str) -> None:
    p.tap("piraten.fortune")
    p.page.get_by_role("button", name=name, exact=True).last.click()
    p.page.wait_for_timeout(400)


def tap_faces(p: Phone, faces: list[str]) -> None:
    for face in faces:
        p.tap(f"piraten.face.{face}")


def draft_sheet(server: Server) -> dict:
    (draft,) = games_in_progress(server)
    return draft["sheet"]


def test_piraten_kapern_to_the_target_with_an_island_of_skulls(phone: Callable[..., Phone], server: Server) -> None:
    p = phone("en-US")
    p.new_game("piraten-kapern", ["Mina", "Joon"])
    p.type("new.option.target", "1000")
    p.tap("new.start")
    p.wait("piraten.fortune")
    p.see("Turn 1: Mina")
    pick_fortune(p, "Gold coin")
    tap_faces(p, ["coin"] * 8)
    p.see("Turn score: 5,400")
    p.shot("en-piraten-scorer")
    p.tap("piraten.record")
    p.see("Turn 2: Joon")
    p.see("Final round: Mina reached the target; finish the round")
    pick_fortune(p, "Skulls (2)")
    tap_faces(p, ["skull"] * 3 + ["coin"] * 5)
    p.tap("piraten.island")
    p.see("Every opponent loses 500")
    p.shot("en-piraten-island")
    p.tap("piraten.record")
    p.see("The game is over: tap Finish to see the result")
    assert [e["player"] for e in draft_sheet(server)["events"]] == ["Mina", "Joon"]
    p.tap("sheet.guide")
    p.wait("guide.steps")
    p.shot("en-guide")
    p.page.go_back()
    p.tap("sheet.finish")
    p.see("Mina wins!")
    p.shot("en-piraten-result")


def test_a_tucana_round_with_the_mayor_deck_in_korean(phone: Callable[..., Phone], server: Server) -> None:
    p = phone("ko-KR")
    p.new_game("trails-of-tucana", ["유정", "준우"])
    p.tap("new.start")
    p.wait("tucana.reveal")
    p.tap("tucana.reveal")
    p.see("2라운드 중 1라운드: 카드 25장 남음")
    p.shot("ko-tucana-mayor")
    for _ in range(12):
        p.tap("tucana.reveal")
    p.see("1라운드 종료 (카드 1장 남음): 관광지 점수를 적으세요")
    p.shot("ko-tucana-round-over")
    p.tap("tucana.next_round")
    p.see("2라운드 중 2라운드: 카드 27장 남음")
    p.tap("sheet.guide")
    p.wait("guide.steps")
    p.tap("guide.setup.0")
    p.shot("ko-guide")


def test_pina_board_and_for_sale_assigner_screens(phone: Callable[..., Phone]) -> None:
    for locale, prefix in (("en-US", "en"), ("ko-KR", "ko")):
        p = phone(locale)
        p.new_game("pina-coladice", ["Ana", "Ben", "Cho"])
        p.tap("new.start")
        p.tap("pina.cell.1.1")
        p.tap("pina.cell.2.2")
        p.shot(f"{prefix}-pina-board")
        p = phone(locale)
        p.new_game("for-sale", ["Minji", "Alex", "Joon"])
        p.tap("new.start")
        p.wait("forsale.assign")
        p.shot(f"{prefix}-for-sale-assigner")
