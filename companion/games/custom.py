"""Games the players defined: their note and their rules in words, at the top of the generated sheet, and a counter
sheet's counters and log (see games.counter)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scoring.custom import CHANGES, describe_rules

from ..widgets.common import tagged
from ..widgets.text import AppText
from . import counter
from .base import GameUI

if TYPE_CHECKING:
    from ..views.sheet import SheetScreen


def sections(screen: SheetScreen) -> list[ft.Control]:
    t = screen.t
    lines = [AppText(t.text(note), size=14, weight=ft.FontWeight.BOLD) for note in screen.spec.notes]
    lines += [AppText(t.text(line), size=13) for line in describe_rules(screen.spec)]
    card = ft.Container(ft.Column(lines, spacing=2), padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                        border_radius=10, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), expand=True)
    rules = ft.Row([tagged("custom.rules", card)])
    by_counter = (screen.spec.definition or {}).get("scoring") == "counter"
    return [rules, *counter.sections(screen)] if by_counter else [rules]


UI = GameUI(sections=sections, handles=frozenset({CHANGES}))
