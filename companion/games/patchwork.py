"""Patchwork: the first-to-finish question, asked only when the two players are tied."""

from __future__ import annotations

import flet as ft

from ..models.sheet_model import Evaluation
from ..widgets.common import section, tagged
from ..widgets.game_unit import GameContext, GameUI
from ..widgets.text import AppText

FIELD = "first_to_finish"


class FirstToFinish:
    def __init__(self, context: GameContext) -> None:
        self.context = context
        self.body = ft.Column(spacing=6)
        self.control = ft.Container(self.body)
        context.on_change(self.refresh)
        self.refresh(context.model.evaluation)

    def refresh(self, evaluation: Evaluation) -> None:
        t = self.context.t
        totals = evaluation.totals()
        tied = evaluation.complete and len(set(totals.values())) == 1
        chosen = self.context.model.value((FIELD,))
        if not tied:
            self.body.controls = []
            return
        buttons = [tagged(f"patchwork.first.{i}", ft.Chip(label=name, selected=chosen == name,
                                                           on_select=lambda e, n=name: self._choose(n)))
                   for i, name in enumerate(self.context.model.names)]
        self.body.controls = [section(t("patchwork.tied", total=next(iter(totals.values()))),
                                      AppText(t("patchwork.who_first"), size=14), ft.Row(buttons, spacing=8))]

    def _choose(self, name: str) -> None:
        current = self.context.model.value((FIELD,))
        self.context.changed(self.context.model.set((FIELD,), None if current == name else name))


def sections(context: GameContext) -> list[ft.Control]:
    return [FirstToFinish(context).control]


UI = GameUI(sections=sections, handles=frozenset({FIELD}))
