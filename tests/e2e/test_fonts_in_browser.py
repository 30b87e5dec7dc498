"""The English home's Hangul (each game's Korean name) is drawn in the app's font without the browser's
engine looking for a fallback font first (companion/widgets/text.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import Phone

pytestmark = pytest.mark.e2e

FALLBACKS_ASKED = """() => performance.getEntriesByType('resource').map(e => e.name)
    .filter(name => /noto/i.test(name))"""


def test_the_english_home_asks_for_no_fallback_font(phone: Callable[..., Phone]) -> None:
    home = phone("en-US")
    home.wait("home.game.kahuna")
    home.page.wait_for_timeout(1500)  # the engine asks only after the first frame
    assert "티켓 투 라이드: 유럽" in home.text("home.game.ticket-to-ride-europe")  # there is Hangul to draw
    assert home.page.evaluate(FALLBACKS_ASKED) == []
