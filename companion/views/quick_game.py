"""The quick sheet: any game without defining it first. A name if the table likes, who plays, the counter's steps,
who wins; Start stores it as a quick game (a game of one's own with one counter) and opens its counter sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scoring import GameSpec, SheetError
from scoring.custom import NAME_LANGUAGES, spec_from_definition

from ..i18n import in_languages
from ..models.quick_game import QuickForm, parse_amount
from ..widgets.common import secondary_button, section, signed, tagged
from ..widgets.text import AppText
from .home import quick_badge
from .new_game import NewGameScreen

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

UNNAMED, POINTS = "quick.unnamed", "quick.points"


class QuickGameScreen(NewGameScreen):
    def __init__(self, app: ScreenApp, route: str) -> None:
        self.quick = QuickForm()
        self.name_error: str | None = None
        self.step_error: str | None = None
        self.new_step = ft.TextField(hint_text=app.t("counter.amount"), width=96, dense=True,
                                     keyboard_type=ft.KeyboardType.NUMBER, on_submit=lambda e: self._add_step())
        players = spec_from_definition(self.quick.definition("custom-quick", *self._names()))
        super().__init__(app, route, players, ["", ""])

    def title(self) -> str:
        return self.t("quick.title")

    def content(self) -> list[ft.Control]:
        t = self.t
        header = ft.Row([quick_badge(56), ft.Column([
            AppText(t("quick.title"), size=22, weight=ft.FontWeight.BOLD),
            AppText(t("quick.subtitle"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2, expand=True)],
            spacing=12)
        name = ft.TextField(label=t("quick.name"), hint_text=t("quick.name_hint"), value=self.quick.name, dense=True,
                            max_length=40, expand=True, error=self.name_error,
                            on_change=lambda e: setattr(self.quick, "name", e.control.value or ""))
        return [header, ft.Row([tagged("quick.name", name, t("quick.name"))]), self._players_section(),
                self._steps_section(), self._win_section()]

    def _steps_section(self) -> ft.Control:
        t, quick = self.t, self.quick
        chips = [tagged(f"quick.step.{i}", ft.Chip(
            label=AppText(signed(t, step)),
            on_delete=(lambda e, index=i: self._remove_step(index)) if len(quick.steps) > 1 else None),
            t("quick.step", amount=signed(t, step))) for i, step in enumerate(quick.steps)]
        self.new_step.error = self.step_error
        adding = ft.Row([tagged("quick.new_step", self.new_step, t("counter.amount")),
                         secondary_button("quick.add_step", t("quick.add_step"), lambda e: self._add_step(),
                                          icon=ft.Icons.ADD, disabled=not quick.can_add_step)],
                        vertical_alignment=ft.CrossAxisAlignment.START)
        return section(t("quick.steps"), ft.Row(chips, wrap=True, spacing=4), adding, subtitle=t("quick.steps_help"))

    def _win_section(self) -> ft.Control:
        t = self.t
        win = ft.SegmentedButton(
            segments=[ft.Segment(value=rule, label=AppText(t(f"custom.win.{rule}"))) for rule in ("highest", "lowest")],
            selected=[self.quick.win], show_selected_icon=False,
            on_change=lambda e: setattr(self.quick, "win", e.control.selected[0]))
        return section(t("custom.winner"), tagged("quick.win", win))

    def _add_step(self) -> None:
        problem = self.quick.add_step(parse_amount(self.new_step.value or ""))
        self.step_error = None if problem is None else self.t(problem.key, **problem.params)
        if problem is None:
            self.new_step.value = ""
        self._redraw()

    def _remove_step(self, index: int) -> None:
        self.quick.remove_step(index)
        self._redraw()

    @staticmethod
    def _names() -> tuple[dict[str, str], dict[str, str]]:
        """The unnamed game's and its counter's names in each language a definition names things in."""
        return in_languages(UNNAMED, NAME_LANGUAGES), in_languages(POINTS, NAME_LANGUAGES)

    def game_to_start(self) -> GameSpec | None:
        """The quick game, stored (its name is held to the rule every game's name keeps)."""
        store = self.app.games
        definition = self.quick.definition(store.new_id(self.quick.name.strip() or "quick"), *self._names())
        try:
            stored = store.save_quick(definition)
        except SheetError as error:
            self.name_error = self.t.text(error.text)
            self._redraw()
            return None
        self.spec = self.form.spec = spec_from_definition(stored)
        return self.spec
