from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games import UNITS
from companion.views.base import SMALL_TITLE_SIZE, app_bar_title
from scoring import all_specs

from .harness import Harness


def test_home_lists_every_game(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    assert len(ui.find_all("home.game.")) == len(all_specs())
    assert "Table Companion" in ui.texts()


def test_each_game_card_carries_its_picture_with_it(open_app: Callable[..., Harness]) -> None:
    """The pictures come in the home screen's message, not as nine requests while the browser draws it."""
    ui = open_app()
    for spec in all_specs():
        [picture] = [c for c in ui.walk(ui.tagged(f"home.game.{spec.id}")) if isinstance(c, ft.Image)]
        assert picture.src == UNITS[spec.id].picture.read_bytes()  # type: ignore[union-attr]
        assert picture.src.startswith(b"<svg")


def test_a_title_too_long_for_the_app_bar_gets_smaller_instead_of_cut() -> None:
    assert app_bar_title("Patchwork", actions=3, back=True).size is None
    assert app_bar_title("Piraten Kapern", actions=3, back=True).size == SMALL_TITLE_SIZE  # whole at the largest size
    assert app_bar_title("티켓 투 라이드: 유럽", actions=3, back=True).size == SMALL_TITLE_SIZE
    assert app_bar_title("Ticket to Ride: Europe", actions=3, back=True).size == SMALL_TITLE_SIZE
    assert app_bar_title("Ticket to Ride: Europe", actions=0, back=False).size is None
