"""Games the players defined: their note and their rules in words, at the top of the generated sheet, and a counter
sheet's counters and log (see games.counter)."""

from __future__ import annotations

import flet as ft

from scoring.custom import CHANGES, describe_rules

from ..widgets.common import tagged
from ..widgets.game_unit import GameContext, GameUI
from ..widgets.text import AppText
from . import counter


def sections(context: GameContext) -> list[ft.Control]:
    t = context.t
    lines = [AppText(t.text(note), size=14, weight=ft.FontWeight.BOLD) for note in context.spec.notes]
    lines += [AppText(t.text(line), size=13) for line in describe_rules(context.spec)]
    card = ft.Container(ft.Column(lines, spacing=2), padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                        border_radius=10, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), expand=True)
    rules = ft.Row([tagged("custom.rules", card)])
    by_counter = (context.spec.definition or {}).get("scoring") == "counter"
    return [rules, *counter.sections(context)] if by_counter else [rules]


UI = GameUI(sections=sections, handles=frozenset({CHANGES}))
