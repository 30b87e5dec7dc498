from __future__ import annotations

from collections.abc import Callable

from .harness import Harness


def test_home_lists_the_nine_games(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    assert len(ui.find_all("home.game.")) == 9
    assert "Table Companion" in ui.texts()
