"""The live table in headless Chromium: a scorekeeper and a player's phone in two browser contexts."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from .conftest import Phone

pytestmark = pytest.mark.e2e


def test_a_viewer_sees_the_scorekeepers_entry_within_a_second(phone: Callable[..., Phone]) -> None:
    host = phone("en-US")
    host.new_game("for-sale", ["Ana", "Bo", "Cy"])
    host.tap("new.start")
    host.tap("sheet.share")
    host.tap("sheet.share_off.code")  # the test server runs without --share
    host.wait("live.share.code")
    code = host.text("live.share.code")
    host.shot("en-share")

    stranger = phone("en-US", "/join")
    stranger.wait("live.code")
    stranger.type("live.code", "ZZZZ")
    stranger.tap("live.join")
    stranger.see("No game in progress has this code.")
    assert stranger.tagged("live.now").count() == 0  # without the code: nothing of the game

    viewer = phone("ko-KR", "/join")
    viewer.wait("live.code")
    viewer.shot("ko-join")
    viewer.type("live.code", code.lower())
    viewer.tap("live.join")
    viewer.wait("live.now")
    assert viewer.page.locator('[flt-semantics-identifier^="players["]').count() == 0  # nothing to edit

    host.page.go_back()
    host.wait("players[0].coins_left")
    host.type("players[0].coins_left", "17")
    started = time.monotonic()
    viewer.see("17", timeout=5_000)
    assert time.monotonic() - started < 1.0
    viewer.shot("ko-live")
