"""The score sheet of a game in progress, generated from the game's spec, with live totals.

Every entry is saved as it is typed; the rules it breaks are shown next to it; Finish stores the game as
the store holds it. Other screens on the same game follow it, and switch to the result once it is finished.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import GameSpec, SheetError, Typed, spec_for_sheet
from scoring.fields import Field

from .. import platform
from ..models.draft import DraftSession
from ..models.guide import now
from ..models.paths import parse
from ..models.record import marked_ended_early
from ..models.sheet_model import Evaluation, SheetModel, SheetStore
from ..store import share_codes
from ..store.oplog import Op
from ..theme import GAP
from ..widgets.common import icon_button, primary_button, rule_notes, section, tagged
from ..widgets.fields import EditorFactory, help_fold, tabular
from ..widgets.game_unit import GameContext
from ..widgets.reconcile import keyed
from ..widgets.teams import first_teams, teams_of
from ..widgets.text import AppText
from ..widgets.timer import timer_bar
from .base import Screen
from .share import show_share

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

STRUCK = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)


def missed_result(app: ScreenApp, play_id: str | None, missed: list[Op]) -> None:
    """Entries that reached a game finished on another screen (or discarded): nothing of them is dropped
    without a word. The player is told how many of theirs missed the result and may reopen the game with them."""
    t = app.t
    if play_id is None:
        app.snack(t("sheet.discarded_elsewhere"))
        app.go("/")
        return
    entries = [op for op in missed if op["p"][:1] == ["sheet"]]
    if not entries:
        app.snack(t("sheet.finished_elsewhere"))
        app.go(f"/result/{play_id}")
        return

    def reopen(e: ft.ControlEvent) -> None:
        app.repo.reopen_play(play_id, missed)
        app.close_dialog(then=lambda: app.go(f"/play/{play_id}"))

    def show_result(e: ft.ControlEvent) -> None:
        app.close_dialog(then=lambda: app.go(f"/result/{play_id}"))

    app.show_dialog(ft.AlertDialog(
        modal=True,
        title=AppText(t("sheet.missed_title")),
        content=tagged("sheet.missed", AppText(t("sheet.missed_text", n=len(entries)))),
        actions=[tagged("sheet.missed.result", ft.TextButton(t("sheet.missed_result"), on_click=show_result)),
                 tagged("sheet.missed.reopen", ft.FilledButton(t("sheet.missed_reopen"), on_click=reopen))],
    ))


class SheetScreen(Screen):
    def __init__(self, app: ScreenApp, route: str, draft: dict[str, Any]) -> None:
        super().__init__(app, route)
        self.session = DraftSession(app.repo, draft, app.storage_problem, on_finished=self._finished_elsewhere,
                                    writer=app.writer)
        self.spec: GameSpec = spec_for_sheet(draft["sheet"])
        self.ui = app.game_unit(self.spec.id).ui()
        self.model = SheetModel(self.spec, self.session.draft["sheet"], self.sheet_store())
        self.current = 0
        self.totals: dict[str, ft.Text] = {}
        self.now_lines = ft.Column(spacing=0, expand=True)
        self.status = AppText("", size=13, expand=True)
        self.finish_button = primary_button("sheet.finish", "", self._finish, icon=ft.Icons.FLAG)
        # Up to two thirds of the bottom bar, its label on two lines if need be: at its full width ('Enregistrer les
        # modifications' at the largest text size) it left the status beside it one letter a line.
        self.finish_button.expand, self.finish_button.expand_loose = 2, True
        self.undo_button = icon_button("sheet.undo", ft.Icons.UNDO, "", self._undo)
        self.listeners: list[Any] = []  # game sections that redraw themselves after every change
        self.redrawn: list[ft.Control] = []  # what the listeners redraw (sent after every change)
        self.session.listeners.append(lambda saved: app.publish(saved["id"], {"draft": saved["id"]}))
        app.watch(draft["id"], self._changed_elsewhere)

    keeps_record = True  # a stored game in progress: its timer and record are saved as it goes

    def sheet_store(self) -> SheetStore:
        """Where the sheet's edits go: the game in progress, as operations."""
        return self.session

    def title(self) -> str:
        return self.t.text(self.spec.name)

    def actions(self) -> list[ft.Control]:
        self.undo_button.content.tooltip = self.t("sheet.undo")  # type: ignore[union-attr]
        share = [icon_button("sheet.share", ft.Icons.QR_CODE_2, self.t("sheet.share"), self._share)
                 ] if platform.LIVE_TABLE else []
        hand_over = icon_button("sheet.hand_over", ft.Icons.SEND_TO_MOBILE, self.t("share.hand_over"), self._hand_over)
        return [self.undo_button, *share, hand_over,
                icon_button("sheet.guide", ft.Icons.MENU_BOOK, self.t("sheet.guide"),
                            lambda e: self.app.go(f"{self.route}/guide"))]

    # ---- layout ----------------------------------------------------------------------------------

    def content(self) -> list[ft.Control]:
        self.editors = EditorFactory(self.model, self.t, self.changed, self.rebuild)
        self.listeners = []
        self.redrawn = []
        self.game_context = self._game_context()
        parts: list[ft.Control] = [timer_bar(self), self._now_banner()]
        if self.ui.sections is not None:
            self.redrawn += self.ui.sections(self.game_context)
            parts += self.redrawn
        options = self.model.working.get("options") or {}
        fields = [f for f in self.spec.player_fields if f.key not in self.ui.handles and f.applies(options)]
        if fields:
            parts.append(self._player_section(fields))
        shown = [f for f in self.spec.game_fields if f.key not in self.ui.handles]
        if shown:
            parts.append(section(self.t("sheet.game_fields"), *self._helped("sheet.help.game", shown),
                                 *[self.editors.build(f, (f.key,)) for f in shown]))
        if self.spec.round_entry is not None:
            parts.append(self._rounds_section())
        parts.append(rule_notes("sheet.notes", self.t, self.spec))
        self._refresh(self.model.evaluation)
        keyed(self.app.page, *self.redrawn)
        return parts

    def _game_context(self) -> GameContext:
        """What the game's piece may read and call, as the sheet is now (a new one at every drawing)."""
        return GameContext(t=self.t, spec=self.spec, model=self.model, player=self.current, changed=self.changed,
                           rebuild=self.rebuild, on_change=self.listeners.append, snack=self.app.snack,
                           tool=self.session.tool, save_tool=self.session.save_tool)

    def header(self) -> ft.Control:
        """The totals stay on screen while the sheet scrolls."""
        return self._totals_strip()

    def bottom(self) -> ft.Control:
        self.finish_button.content.content = self.t("sheet.finish")  # type: ignore[union-attr]
        return ft.Container(ft.Row([tagged("sheet.status", self.status), self.finish_button], spacing=12,
                                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
                            padding=ft.Padding.all(12),
                            bgcolor=ft.Colors.SURFACE_CONTAINER)

    def _totals_strip(self) -> ft.Control:
        chips = []
        self.totals = {}
        for i, name in enumerate(self.model.names):
            total = AppText("–", weight=ft.FontWeight.BOLD, size=18)
            self.totals[name] = total
            chips.append(tagged(f"sheet.total.{i}", ft.Container(
                ft.Column([AppText(name, size=12, max_lines=1), total], spacing=0,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=12,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if i == self.current else ft.Colors.SURFACE_CONTAINER_HIGH,
                on_click=lambda e, index=i: self.select(index),
            ), name))
        self._show_totals(self.model.evaluation)
        return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)

    def _now_banner(self) -> ft.Control:
        return tagged("sheet.now", ft.Container(
            ft.Row([ft.Icon(ft.Icons.TIPS_AND_UPDATES_OUTLINED, size=20), self.now_lines,
                    ft.Icon(ft.Icons.CHEVRON_RIGHT, size=20)], spacing=8),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=10,
            bgcolor=ft.Colors.SECONDARY_CONTAINER, on_click=lambda e: self.app.go(f"{self.route}/guide")))

    def _helped(self, identifier: str, fields: list[Field]) -> list[ft.Control]:
        fold = help_fold(identifier, self.t, fields)
        return [fold] if fold is not None else []

    def _player_section(self, fields: list[Field]) -> ft.Control:
        index = self.current
        name = self.model.names[index]
        editors = [self.editors.build(f, ("players", index, f.key)) for f in fields]
        n = len(self.model.names)
        nav = ft.Row([
            icon_button("sheet.prev_player", ft.Icons.CHEVRON_LEFT, self.t("sheet.prev_player"),
                        lambda e: self.select((index - 1) % n)),
            AppText(self.t("sheet.player_of", n=index + 1, total=n), expand=True, text_align=ft.TextAlign.CENTER),
            icon_button("sheet.next_player", ft.Icons.CHEVRON_RIGHT, self.t("sheet.next_player"),
                        lambda e: self.select((index + 1) % n)),
        ])
        return section(self.t("sheet.entering_for", name=name), nav, *self._helped("sheet.help.players", fields),
                       *editors)

    def _rounds_section(self) -> ft.Control:
        entry = self.spec.round_entry
        assert entry is not None
        rounds = self.model.value(("rounds",), []) or []
        self.round_cards = ft.Column([self._round_card(r) for r in range(len(rounds))], spacing=GAP)
        self.round_buttons = ft.Row(self._round_buttons())
        helps = self._helped("sheet.help.rounds", list(getattr(entry, "fields", ())))
        return section(self.t("sheet.rounds"), *helps, self.round_cards, self.round_buttons)

    def _round_card(self, r: int) -> ft.Control:
        entry = self.spec.round_entry
        assert entry is not None
        rows: list[ft.Control] = [AppText(self.t("sheet.round_n", n=r + 1), weight=ft.FontWeight.BOLD)]
        if self.spec.round_label is not None:  # the names label the fields: say what their numbers count
            rows.append(AppText(self.t.text(self.spec.round_label), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        if tabular(entry):
            rows.append(self.editors.table(entry, [(name, ("rounds", r, name)) for name in self.model.names]))
        else:
            rows += [self.editors.build(Field(name, entry, Typed(name), required=True),
                                        ("rounds", r, name)) for name in self.model.names]
        if self.ui.round_notes is not None:
            rows.append(self._round_notes(r))
        return ft.Container(ft.Column(rows, spacing=4), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                            border_radius=8, padding=10)

    def _round_buttons(self) -> list[ft.Control]:
        buttons = []
        if self.model.can_add_round():
            buttons.append(primary_button("sheet.add_round", self.t("sheet.add_round"), self._add_round,
                                          icon=ft.Icons.ADD))
        if self.model.value(("rounds",), []):
            buttons.append(icon_button("sheet.remove_round", ft.Icons.DELETE_OUTLINE, self.t("sheet.remove_round"),
                                       self._remove_round))
        return buttons

    def _round_notes(self, index: int) -> ft.Control:
        """The game's notes under a round, redrawn as its entries are typed."""
        assert self.ui.round_notes is not None
        box = ft.Column(self.ui.round_notes(self.game_context, index), spacing=2)
        self.redrawn.append(box)

        def redraw(evaluation: Evaluation) -> None:
            if index < len(self.model.value(("rounds",), []) or []):
                box.controls = self.ui.round_notes(self.game_context, index)  # type: ignore[misc]

        self.listeners.append(redraw)
        return box

    # ---- events --------------------------------------------------------------------------------

    def select(self, index: int) -> None:
        self.current = index
        self.rebuild()

    async def _add_round(self, e: ft.ControlEvent) -> None:
        """The new round's card is added under the others, which stay as they are: a field the player is
        typing into is never replaced by a copy drawn from what was saved a moment before. The new round is
        what the player types next: its first field takes the focus (on a phone, the keyboard opens on it)."""
        self.model.add_round()
        added = len(self.model.value(("rounds",))) - 1
        self.round_cards.controls.append(self._round_card(added))
        self.round_buttons.controls = self._round_buttons()
        self.changed(self.model.evaluation, self.round_cards, self.round_buttons)
        field = self.editors.first_typed(("rounds", added))
        if field is not None:
            await field.focus()

    def _remove_round(self, e: ft.ControlEvent) -> None:
        rounds = self.model.value(("rounds",), []) or []
        self.model.remove_at(("rounds",), len(rounds) - 1)
        self.rebuild()

    def _undo(self, e: ft.ControlEvent) -> None:
        if self.model.undo():
            self.rebuild()
        else:
            self.app.snack(self.t("sheet.nothing_to_undo"))

    def _hand_over(self, e: ft.ControlEvent) -> None:
        draft_id = self.session.draft["id"]
        show_share(self.app, "share.title.draft", lambda: share_codes.draft_codes(self.app.repo, draft_id))

    def _share(self, e: ft.ControlEvent) -> None:
        if self.app.services.share_url is not None:
            self.app.go(f"{self.route}/share")
            return

        def show_code(e: ft.ControlEvent) -> None:
            self.app.close_dialog(then=lambda: self.app.go(f"{self.route}/share"))

        self.app.show_dialog(ft.AlertDialog(
            title=AppText(self.t("sheet.share_off_title")),
            content=tagged("sheet.share_off", AppText(self.t("sheet.share_off_text"))),
            actions=[tagged("sheet.share_off.code", ft.TextButton(self.t("sheet.share_off_code"), on_click=show_code)),
                     tagged("sheet.share_off.close", ft.FilledButton(self.t("common.close"),
                                                                     on_click=lambda e: self.app.close_dialog()))],
        ))

    def changed(self, evaluation: Evaluation, *drawn: ft.Control) -> None:
        """After any change: totals, problems next to fields, the game sections, the 'now' banner.

        The model's own evaluation is what is shown (a calculator's refused change hands in only its refusal).
        Only what an entry can change is sent to the browser, not the whole screen: a tap stays quick
        however long the sheet is; `drawn`: what the change added to the screen. (Other changes of structure,
        such as a removed round, rebuild the screen.)
        """
        evaluation = self.model.evaluation
        marks = self._refresh(evaluation)
        for listener in self.listeners:
            listener(evaluation)
        keyed(self.app.page, *self.redrawn)  # what a redraw left as it was is not sent again
        self.app.page.update(*drawn, *marks, *self.redrawn)

    def _show_totals(self, evaluation: Evaluation) -> list[ft.Control]:
        """A player whose own entries break a rule has no total (a dash in red) until they are put right.

        Returns the totals that changed."""
        totals = evaluation.totals()
        out = {p.name for p in evaluation.result.players if p.eliminated} if evaluation.result else set()
        changed: list[ft.Control] = []
        for name, text in self.totals.items():
            # a player out by the rules (Captain Flip's third Gunner) keeps the total, struck through
            shown = (str(totals[name]) if name in totals else "–", ft.Colors.ERROR if name in evaluation.at_fault
                     else ft.Colors.ON_SURFACE_VARIANT if name in out else None,
                     STRUCK if name in out else None)
            if shown != (text.value, text.color, text.style):
                text.value, text.color, text.style = shown
                changed.append(text)
        return changed

    def _refresh(self, evaluation: Evaluation) -> list[ft.Control]:
        """Show the evaluation; returns the controls that changed (the 'now' banner and the bottom line always)."""
        changed = [*self._show_totals(evaluation), *self.editors.show(evaluation)]
        self.now_lines.controls = [AppText(self.t(n.key, **n.params), size=13)
                                   for n in now(self.spec, self.model.working, evaluation.result, evaluation.pending)]
        keyed(self.app.page, self.now_lines)
        self.status.value, self.status.color = self._status(evaluation)
        self.finish_button.content.disabled = not evaluation.complete  # type: ignore[union-attr]
        self.undo_button.content.disabled = not self.model.can_undo  # type: ignore[union-attr]
        return [*changed, self.now_lines, self.status, self.finish_button, self.undo_button]

    def _status(self, evaluation: Evaluation) -> tuple[str, str | None]:
        """The bottom line: a problem that is not on screen in full (another player's), else a summary."""
        if evaluation.errors:
            away = [e for e in evaluation.errors if not self.editors.shown(parse(e.path))]
            if away:
                return self._located(away[0]), ft.Colors.ERROR
            return self.t("sheet.problems"), ft.Colors.ERROR
        away = [e for e in evaluation.pending if not self.editors.shown(parse(e.path))]
        if away:
            return self._located(away[0]), None
        if evaluation.missing:
            return self.t("sheet.missing", n=len(evaluation.missing)), None
        result = evaluation.result
        if teams := teams_of(result):
            return self.t("sheet.leader", names=first_teams(self.t, teams)), None
        if result is not None and result.winners:
            return self.t("sheet.leader", names=", ".join(result.winners)), None
        return "", None

    def _located(self, error: SheetError) -> str:
        path = parse(error.path)
        names = self.model.names
        who = names[path[1]] if len(path) > 1 and path[0] == "players" and isinstance(path[1], int) else None
        text = self.t.text(error.text)
        return f"{who}: {text}" if who is not None and who != names[self.current] else text

    def _changed_elsewhere(self, message: dict[str, Any]) -> None:
        """Another screen changed the game (a phone, another tab): show the stored sheet, or its result."""
        if not (self.app.page.route or "").startswith(self.route):
            return  # this session has moved on to another screen
        draft = self.app.repo.draft(self.session.id)
        if draft is None:
            finished = message.get("finished") or self.session.id
            if self.app.repo.play(finished) is not None:
                self.app.go(f"/result/{finished}")
            return
        self.session.adopt()
        self.model = SheetModel(self.spec, self.session.draft["sheet"], self.sheet_store())
        self.rebuild()

    def _finished_elsewhere(self, play_id: str | None, missed: list[Op]) -> None:
        missed_result(self.app, play_id, missed)

    def _finish(self, e: ft.ControlEvent) -> None:
        evaluation = self.model.evaluation
        if not evaluation.complete:
            return
        assert evaluation.result is not None
        if evaluation.result.finished:
            self._store_play()
            return
        dialog = ft.AlertDialog(
            title=AppText(self.t("sheet.finish_early_title")),
            content=AppText(self.t("sheet.finish_early_text")),
            actions=[tagged("sheet.finish_early.cancel", ft.TextButton(self.t("common.cancel"),
                                                                       on_click=lambda e: self.app.close_dialog())),
                     tagged("sheet.finish_early.confirm", ft.FilledButton(self.t("sheet.finish"),
                                                                          on_click=self._confirm_finish))],
        )
        self.app.show_dialog(dialog)

    def _confirm_finish(self, e: ft.ControlEvent) -> None:
        self.session.save(record=marked_ended_early(self.session.draft.get("record") or {}))
        self.app.close_dialog(then=self._store_play)

    def _store_play(self) -> None:
        """Finish the game as the store holds it: every entry of this screen is saved first (each edit is)."""
        self.model.commit()
        try:
            play = self.session.finish()
        except SheetError as error:  # the stored sheet differs from this screen's (changed elsewhere)
            self.app.snack(self.t.text(error.text))
            self._changed_elsewhere({})
            return
        if play is None:
            return
        self.app.publish(self.session.id, {"finished": play["id"]})
        self.app.services.live.forget(self.session.id)
        self.app.go(f"/result/{play['id']}")
