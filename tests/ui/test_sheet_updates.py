"""What an entry on a score sheet sends to the browser: the values it changed, not the sections drawn again.

A section that a game draws again from scratch after every entry (Patchwork's tie question here) is compared
with the one on screen: what reads as before is not sent, so the browser does not build it again.
"""

from __future__ import annotations

from collections.abc import Callable

from flet.controls.base_control import BaseControl
from flet.messaging.protocol import MessageAction

from .harness import Harness
from .test_play_flow import start_game


def sent_since(ui: Harness, since: int) -> list[list[object]]:
    """The patch operations sent after message `since`, but the clock's ticks (it runs by itself)."""
    clock = ui.control("timer.clock")
    return [op for m in ui.conn.sent[since:] if m.action == MessageAction.PATCH_CONTROL and m.body.id != clock._i
            for op in m.body.patch[1:]]


def new_controls(ops: list[list[object]]) -> list[BaseControl]:
    values = [op[-1] for op in ops]
    return [c for v in values for c in (v if isinstance(v, list) else [v]) if isinstance(c, BaseControl)]


def tied_patchwork(open_app: Callable[..., Harness]) -> Harness:
    ui = open_app()
    start_game(ui, "patchwork", ["A", "B"])
    for i, (buttons, empty) in enumerate([(20, 2), (16, 0)]):  # 20 - 2 x 2 = 16 against 16
        ui.click(f"sheet.total.{i}")
        ui.type(f"players[{i}].buttons", str(buttons))
        ui.type(f"players[{i}].empty_spaces", str(empty))
    assert ui.exists("patchwork.first.1")
    return ui


def test_an_answer_in_a_redrawn_section_sends_only_what_it_changed(open_app: Callable[..., Harness]) -> None:
    ui = tied_patchwork(open_app)
    before = len(ui.conn.sent)
    ui.select_chip("patchwork.first.1")  # the chip shows itself chosen already: the browser did that
    ops = sent_since(ui, before)
    assert new_controls(ops) == []
    assert [op[2:] for op in ops] == [["value", "Leading: B"]]  # the bottom line, nothing of the section
    ui.select_chip("patchwork.first.0")
    assert ui.control("patchwork.first.0").selected and not ui.control("patchwork.first.1").selected


def test_a_tap_on_plus_sends_the_numbers_and_no_new_controls(open_app: Callable[..., Harness]) -> None:
    ui = tied_patchwork(open_app)
    before = len(ui.conn.sent)
    ui.click("players[1].buttons.inc")  # 17 against 16: the tie question goes
    ops = sent_since(ui, before)
    assert new_controls(ops) == []
    assert ["value", "17"] in [op[2:] for op in ops]  # the field and B's total
    assert not ui.exists("patchwork.first.1")
    ui.click("players[1].buttons.dec")  # tied again: the question comes back, and answers as before
    assert ui.exists("patchwork.first.1")
    ui.select_chip("patchwork.first.1")
    ui.click("sheet.finish")
    assert "B wins!" in ui.texts()
