"""Patchwork: the first-to-finish question, asked only when the two players are tied."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ..models.sheet_model import Evaluation
from ..widgets.common import section, tagged
from ..widgets.text import AppText
from .base import GameUI

if TYPE_CHECKING:
    from ..views.sheet import SheetScreen

FIELD = "first_to_finish"


class FirstToFinish:
    def __init__(self, screen: SheetScreen) -> None:
        self.screen = screen
        self.body = ft.Column(spacing=6)
        self.control = ft.Container(self.body)
        screen.listeners.append(self.refresh)
        self.refresh(screen.model.evaluation)

    def refresh(self, evaluation: Evaluation) -> None:
        t = self.screen.t
        totals = evaluation.totals()
        tied = evaluation.complete and len(set(totals.values())) == 1
        chosen = self.screen.model.value((FIELD,))
        if not tied:
            self.body.controls = []
            return
        buttons = [tagged(f"patchwork.first.{i}", ft.Chip(label=name, selected=chosen == name,
                                                           on_select=lambda e, n=name: self._choose(n)))
                   for i, name in enumerate(self.screen.model.names)]
        self.body.controls = [section(t("patchwork.tied", total=next(iter(totals.values()))),
                                      AppText(t("patchwork.who_first"), size=14), ft.Row(buttons, spacing=8))]

    def _choose(self, name: str) -> None:
        current = self.screen.model.value((FIELD,))
        self.screen.changed(self.screen.model.set((FIELD,), None if current == name else name))


def sections(screen: SheetScreen) -> list[ft.Control]:
    return [FirstToFinish(screen).control]


UI = GameUI(sections=sections, handles=frozenset({FIELD}))
