"""The guide: the game's prompts step by step (setup, play, end, scoring) and what happens now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import spec_for_sheet

from ..models.draft import DraftSession
from ..models.guide import Guide, now
from ..models.sheet_model import evaluate
from ..store.oplog import Op
from ..widgets.common import icon_button, primary_button, rule_notes, secondary_button, section, sideways, tagged
from ..widgets.text import AppText
from .base import Screen
from .sheet import missed_result

if TYPE_CHECKING:
    from .app_protocol import ScreenApp


class GuideScreen(Screen):
    def __init__(self, app: ScreenApp, route: str, draft: dict[str, Any]) -> None:
        super().__init__(app, route)
        self.session = DraftSession(app.repo, draft, app.storage_problem, on_finished=self._finished_elsewhere,
                                    writer=app.writer)
        self.spec = spec_for_sheet(draft["sheet"])
        self.guide = Guide.restore(self.spec, self.session.draft["sheet"], self.session.guide())
        self.history: list[dict[str, Any]] = []

    @property
    def sheet_route(self) -> str:
        return self.route.rsplit("/guide", 1)[0]

    def title(self) -> str:
        return self.t("guide.title", game=self.t.text(self.spec.name))

    def actions(self) -> list[ft.Control]:
        return [icon_button("guide.undo", ft.Icons.UNDO, self.t("sheet.undo"), self._undo,
                            disabled=not self.history)]

    def content(self) -> list[ft.Control]:
        return [self._now(), self._stepper(), self._step_body(), rule_notes("guide.notes", self.t, self.spec)]

    def bottom(self) -> ft.Control:
        steps = self.guide.steps
        index = steps.index(self.guide.step)
        buttons = [secondary_button("guide.back", self.t("guide.back"), lambda e: self._change(self.guide.back),
                                    icon=ft.Icons.ARROW_BACK, disabled=index == 0)]
        if index < len(steps) - 1:
            buttons.append(primary_button("guide.next", self.t("guide.next"), lambda e: self._change(self.guide.next),
                                          icon=ft.Icons.ARROW_FORWARD))
        else:
            buttons.append(primary_button("guide.to_sheet", self.t("guide.to_sheet"),
                                          lambda e: self.app.go(self.sheet_route), icon=ft.Icons.EDIT_NOTE))
        return ft.Container(ft.Row(buttons, alignment=ft.MainAxisAlignment.SPACE_BETWEEN), padding=12,
                            bgcolor=ft.Colors.SURFACE_CONTAINER)

    def _now(self) -> ft.Control:
        sheet = self.session.draft["sheet"]
        evaluation = evaluate(sheet)  # the scores so far, finished only when the sheet is complete
        lines = [AppText(self.t(n.key, **n.params), size=15)
                 for n in now(self.spec, sheet, evaluation.result, evaluation.pending)]
        return tagged("guide.now", ft.Container(
            ft.Row([self.badge(self.spec.id, 40), ft.Column([AppText(self.t("guide.now"), size=12), *lines],
                                                             spacing=2, expand=True)], spacing=12),
            padding=12, border_radius=12, bgcolor=ft.Colors.PRIMARY_CONTAINER,
            on_click=lambda e: self.app.go(self.sheet_route)))

    def _stepper(self) -> ft.Control:
        """The steps the game has prompts for (a game of one's own may have its scoring alone: no stepper then)."""
        steps = self.guide.steps
        stepper = tagged("guide.steps", ft.SegmentedButton(
            segments=[ft.Segment(value=s, label=AppText(self.t(f"guide.step.{s}"))) for s in steps],
            selected=[self.guide.step], show_selected_icon=False,
            on_change=lambda e: self._change(lambda: self.guide.go(e.control.selected[0]))))
        row = sideways(stepper)
        row.visible = stepper.visible = len(steps) > 1
        return row

    def _step_body(self) -> ft.Control:
        step = self.guide.step
        prompts = self.guide.prompts(step)
        if step == "setup":
            items = [ft.Row([tagged(f"guide.setup.{i}", ft.Checkbox(
                value=i in self.guide.setup_done, on_change=lambda e, i=i: self._change(lambda: self.guide.toggle(i)))),
                AppText(self.t.text(text), expand=True, size=15)], vertical_alignment=ft.CrossAxisAlignment.START)
                for i, text in enumerate(prompts)]
            done = self.t("guide.setup_done") if self.guide.setup_complete else None
            return section(self.t("guide.setup_for", n=len(self.guide.names)), *items,
                           *([AppText(done, color=ft.Colors.PRIMARY)] if done else []))
        rows = [ft.Row([ft.Container(AppText(str(i + 1), size=12, color=ft.Colors.ON_PRIMARY), width=24, height=24,
                                     border_radius=12, bgcolor=ft.Colors.PRIMARY, alignment=ft.Alignment.CENTER),
                        AppText(self.t.text(text), expand=True, size=15)],
                       vertical_alignment=ft.CrossAxisAlignment.START)
                for i, text in enumerate(prompts)]
        return tagged(f"guide.body.{step}", section(self.t(f"guide.step.{step}"), *rows))

    def _finished_elsewhere(self, play_id: str | None, missed: list[Op]) -> None:
        missed_result(self.app, play_id, missed)

    def _change(self, action: Any) -> None:
        self.history.append(self.guide.state())
        action()
        self.session.save_guide(self.guide.state())
        self.app.page.views[-1] = self.build()
        self.app.page.update()

    def _undo(self, e: ft.ControlEvent) -> None:
        if not self.history:
            return
        previous = self.history.pop()
        self.guide = Guide.restore(self.spec, self.session.draft["sheet"], previous)
        self.session.save_guide(self.guide.state())
        self.app.page.views[-1] = self.build()
        self.app.page.update()
