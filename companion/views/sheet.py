"""The score sheet of a game in progress, generated from the game's spec, with live totals."""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring import GameSpec, Text, get_spec
from scoring.fields import Field

from .. import platform
from ..games import ui_for
from ..models.draft import DraftSession
from ..models.guide import now
from ..models.sheet_model import Evaluation, SheetModel
from ..store.repository import now_iso
from ..widgets.common import icon_button, primary_button, section, tagged
from ..widgets.fields import EditorFactory
from .base import Screen


class SheetScreen(Screen):
    def __init__(self, app: Any, route: str, draft: dict[str, Any]) -> None:
        super().__init__(app, route)
        self.session = DraftSession(app.repo, draft)
        self.spec: GameSpec = get_spec(draft["game"])
        self.ui = ui_for(self.spec.id)
        self.model = SheetModel(self.spec, draft["sheet"], draft.get("undo"), on_save=self._save)
        self.current = 0
        self.totals: dict[str, ft.Text] = {}
        self.now_lines = ft.Column(spacing=0, expand=True)
        self.status = ft.Text("", size=13, expand=True)
        self.finish_button = primary_button("sheet.finish", "", self._finish, icon=ft.Icons.FLAG)
        self.undo_button = icon_button("sheet.undo", ft.Icons.UNDO, "", self._undo)
        self.listeners: list[Any] = []  # game sections that redraw themselves after every change
        self.session.listeners.append(lambda saved: app.publish(saved["id"], {"draft": saved["id"]}))
        app.watch(draft["id"], self._changed_elsewhere)

    def title(self) -> str:
        return self.t.text(self.spec.name)

    def actions(self) -> list[ft.Control]:
        self.undo_button.content.tooltip = self.t("sheet.undo")  # type: ignore[union-attr]
        share = [icon_button("sheet.share", ft.Icons.QR_CODE_2, self.t("sheet.share"),
                             lambda e: self.app.go(f"{self.route}/share"))] if platform.LIVE_TABLE else []
        return [self.undo_button, *share,
                icon_button("sheet.guide", ft.Icons.MENU_BOOK, self.t("sheet.guide"),
                            lambda e: self.app.go(f"{self.route}/guide"))]

    # ---- layout ----------------------------------------------------------------------------------

    def content(self) -> list[ft.Control]:
        self.editors = EditorFactory(self.model, self.t, self.changed, self.rebuild)
        self.listeners = []
        parts: list[ft.Control] = [self._totals_strip(), self._now_banner()]
        if self.ui.sections is not None:
            parts += self.ui.sections(self)
        fields = [f for f in self.spec.player_fields if f.key not in self.ui.handles]
        if fields:
            parts.append(self._player_section(fields))
        shown = [f for f in self.spec.game_fields if f.key not in self.ui.handles]
        if shown:
            parts.append(section(self.t("sheet.game_fields"), *[self.editors.build(f, (f.key,)) for f in shown]))
        if self.spec.round_entry is not None:
            parts.append(self._rounds_section())
        self._refresh(self.model.evaluation)
        return parts

    def bottom(self) -> ft.Control:
        self.finish_button.content.content = self.t("sheet.finish")  # type: ignore[union-attr]
        return ft.Container(ft.Row([self.status, self.finish_button], spacing=12), padding=ft.Padding.all(12),
                            bgcolor=ft.Colors.SURFACE_CONTAINER)

    def _totals_strip(self) -> ft.Control:
        chips = []
        for i, name in enumerate(self.model.names):
            total = ft.Text("–", weight=ft.FontWeight.BOLD, size=18)
            self.totals[name] = total
            chips.append(tagged(f"sheet.total.{i}", ft.Container(
                ft.Column([ft.Text(name, size=12, max_lines=1), total], spacing=0,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=12,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if i == self.current else ft.Colors.SURFACE_CONTAINER_HIGH,
                on_click=lambda e, index=i: self.select(index),
            ), name))
        return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)

    def _now_banner(self) -> ft.Control:
        return tagged("sheet.now", ft.Container(
            ft.Row([ft.Icon(ft.Icons.TIPS_AND_UPDATES_OUTLINED, size=20), self.now_lines,
                    ft.Icon(ft.Icons.CHEVRON_RIGHT, size=20)], spacing=8),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=10,
            bgcolor=ft.Colors.SECONDARY_CONTAINER, on_click=lambda e: self.app.go(f"{self.route}/guide")))

    def _player_section(self, fields: list[Field]) -> ft.Control:
        index = self.current
        name = self.model.names[index]
        editors = [self.editors.build(f, ("players", index, f.key)) for f in fields]
        n = len(self.model.names)
        nav = ft.Row([
            icon_button("sheet.prev_player", ft.Icons.CHEVRON_LEFT, self.t("sheet.prev_player"),
                        lambda e: self.select((index - 1) % n)),
            ft.Text(self.t("sheet.player_of", n=index + 1, total=n), expand=True, text_align=ft.TextAlign.CENTER),
            icon_button("sheet.next_player", ft.Icons.CHEVRON_RIGHT, self.t("sheet.next_player"),
                        lambda e: self.select((index + 1) % n)),
        ])
        return section(self.t("sheet.entering_for", name=name), nav, *editors)

    def _rounds_section(self) -> ft.Control:
        assert self.spec.round_entry is not None
        rounds = self.model.value(("rounds",), []) or []
        cards: list[ft.Control] = []
        for r in range(len(rounds)):
            rows: list[ft.Control] = [ft.Text(self.t("sheet.round_n", n=r + 1), weight=ft.FontWeight.BOLD)]
            rows += [self.editors.build(Field(name, self.spec.round_entry, Text(name, name), required=True),
                                        ("rounds", r, name)) for name in self.model.names]
            if self.ui.round_notes is not None:
                rows += self.ui.round_notes(self, r)
            cards.append(ft.Container(ft.Column(rows, spacing=4), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                                      border_radius=8, padding=10))
        buttons = []
        if self.model.can_add_round():
            buttons.append(primary_button("sheet.add_round", self.t("sheet.add_round"), self._add_round,
                                          icon=ft.Icons.ADD))
        if rounds:
            buttons.append(icon_button("sheet.remove_round", ft.Icons.DELETE_OUTLINE, self.t("sheet.remove_round"),
                                       self._remove_round))
        return section(self.t("sheet.rounds"), *cards, ft.Row(buttons))

    # ---- events --------------------------------------------------------------------------------

    def select(self, index: int) -> None:
        self.current = index
        self.rebuild()

    def _add_round(self, e: ft.ControlEvent) -> None:
        self.changed(self.model.add_round())
        self.rebuild()

    def _remove_round(self, e: ft.ControlEvent) -> None:
        rounds = self.model.value(("rounds",), []) or []
        self.changed(self.model.remove_at(("rounds",), len(rounds) - 1))
        self.rebuild()

    def _undo(self, e: ft.ControlEvent) -> None:
        if self.model.undo():
            self.rebuild()
        else:
            self.app.snack(self.t("sheet.nothing_to_undo"))

    def changed(self, evaluation: Evaluation) -> None:
        """After any change: totals, errors next to fields, the game sections, the 'now' banner."""
        self._refresh(evaluation)
        for listener in self.listeners:
            listener(evaluation)

    def _refresh(self, evaluation: Evaluation) -> None:
        totals = evaluation.totals()
        for name, text in self.totals.items():
            text.value = str(totals[name]) if name in totals else "–"
        self.editors.show(evaluation, self.t("sheet.needed"))
        self.now_lines.controls = [ft.Text(self.t(n.key, **n.params), size=13)
                                   for n in now(self.spec, self.model.working, evaluation.result)]
        if evaluation.error is not None:
            self.status.value = self.t.text(evaluation.error.text)
            self.status.color = None if evaluation.saveable else ft.Colors.ERROR
        elif evaluation.missing:
            self.status.value = self.t("sheet.missing", n=len(evaluation.missing))
            self.status.color = None
        else:
            result = evaluation.result
            assert result is not None
            self.status.value = self.t("sheet.leader", names=", ".join(result.winners)) if result.winners else ""
            self.status.color = None
        self.finish_button.content.disabled = not evaluation.complete  # type: ignore[union-attr]
        self.undo_button.content.disabled = (  # type: ignore[union-attr]
            not self.model.undo_stack and self.model.working == self.model.saved)

    def _save(self, sheet: dict[str, Any], undo: list[dict[str, Any]]) -> None:
        self.session.save(sheet=sheet, undo=undo)

    def _changed_elsewhere(self, message: dict[str, Any]) -> None:
        """A player changed their own fields from their phone: show the stored sheet."""
        draft = self.app.repo.draft(self.session.id)
        if draft is None:
            return
        self.session.draft = draft
        self.model = SheetModel(self.spec, draft["sheet"], draft.get("undo"), on_save=self._save)
        self.rebuild()

    def _finish(self, e: ft.ControlEvent) -> None:
        evaluation = self.model.evaluation
        if not evaluation.complete:
            return
        assert evaluation.result is not None
        if evaluation.result.finished:
            self._store_play()
            return
        dialog = ft.AlertDialog(
            title=ft.Text(self.t("sheet.finish_early_title")),
            content=ft.Text(self.t("sheet.finish_early_text")),
            actions=[tagged("sheet.finish_early.cancel", ft.TextButton(self.t("common.cancel"),
                                                                       on_click=lambda e: self.app.page.pop_dialog())),
                     tagged("sheet.finish_early.confirm", ft.FilledButton(self.t("sheet.finish"),
                                                                          on_click=self._confirm_finish))],
        )
        self.app.page.show_dialog(dialog)

    def _confirm_finish(self, e: ft.ControlEvent) -> None:
        self.app.page.pop_dialog()
        self._store_play()

    def _store_play(self) -> None:
        result = self.model.evaluation.result
        assert result is not None
        play = self.app.repo.add_play({
            "game": self.spec.id, "sheet": self.model.sheet(), "rules_version": self.spec.rules_version,
            "started_at": self.session.draft.get("created_at", now_iso()), "result": result.to_json(),
        }, draft_id=self.session.id)
        self.app.publish(self.session.id, {"finished": play["id"]})
        self.app.services.live.forget(self.session.id)
        self.app.go(f"/result/{play['id']}")
