"""Games the players defined: their note and their rules in words, at the top of the generated sheet, a team game's
team totals, and a counter sheet's counters and log (see games.counter)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scoring.custom import CHANGES, describe_rules
from scoring.teams import TEAMS

from ..widgets.common import section, tagged
from ..widgets.game_unit import GameContext, GameUI
from ..widgets.teams import team_totals, teams_of
from ..widgets.text import AppText
from . import counter

if TYPE_CHECKING:
    from ..models.sheet_model import Evaluation


def sections(context: GameContext) -> list[ft.Control]:
    t = context.t
    lines = [AppText(t.text(note), size=14, weight=ft.FontWeight.BOLD) for note in context.spec.notes]
    lines += [AppText(t.text(line), size=13) for line in describe_rules(context.spec)]
    card = ft.Container(ft.Column(lines, spacing=2), padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                        border_radius=10, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), expand=True)
    rules = ft.Row([tagged("custom.rules", card)])
    definition = context.spec.definition or {}
    teams = [_team_totals(context)] if definition.get("teams") else []
    return [rules, *teams, *(counter.sections(context) if definition.get("scoring") == "counter" else [])]


def _team_totals(context: GameContext) -> ft.Control:
    """The teams' totals as the engine ranks them, after every entry (the players' own are in the header)."""
    holder = ft.Column()

    def show(evaluation: Evaluation) -> None:
        holder.controls = [team_totals(context.t, teams_of(evaluation.result), "sheet.team")]

    show(context.model.evaluation)
    context.on_change(show)
    return tagged("sheet.teams", section(context.t("team.teams"), holder))


UI = GameUI(sections=sections, handles=frozenset({CHANGES, TEAMS}))
