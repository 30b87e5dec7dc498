"""What the table can do with a game, from Home (a long press on its card) or the games' list: hide it from Home or
show it again, and for a game of one's own edit it, merge it into another game (its plays move there), or delete
it, the confirmation saying what becomes of its plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scoring import GameSpec
from scoring.custom import is_custom

from ..store import share_codes
from ..store.definitions import DELETED, EXPANSION, HIDDEN
from ..store.merge import GameRefusedError
from ..widgets.common import error_text, tagged
from ..widgets.text import AppText
from .share import show_share

if TYPE_CHECKING:
    from .app_protocol import ScreenApp


class GameActions:
    def __init__(self, app: ScreenApp) -> None:
        self.app = app
        self.t = app.t
        self.store = app.games

    def open(self, spec: GameSpec) -> None:
        t, name = self.t, self.t.text(spec.name)
        hidden = self.store.states().get(spec.id) == HIDDEN
        items = [self._item("games.action.show", ft.Icons.VISIBILITY, lambda: self.show(spec)) if hidden
                 else self._item("games.action.hide", ft.Icons.VISIBILITY_OFF, lambda: self._hide(spec))]
        if is_custom(spec.id):
            items += [self._item("games.action.edit", ft.Icons.EDIT_NOTE,
                                 lambda: self.app.go(f"/custom/{spec.id}/edit")),
                      self._item("games.action.share", ft.Icons.SHARE, lambda: self._share(spec)),
                      self._item("games.action.merge", ft.Icons.MERGE_TYPE, lambda: self._merge(spec)),
                      self._item("games.action.delete", ft.Icons.DELETE_OUTLINE, lambda: self._delete(spec))]
        self.app.show_dialog(ft.AlertDialog(
            title=AppText(name), content=tagged("games.actions", ft.Column(items, tight=True, spacing=0)),
            actions=[tagged("games.actions.close", ft.TextButton(t("common.close"),
                                                                 on_click=lambda e: self.app.close_dialog()))]))

    def _share(self, spec: GameSpec) -> None:
        show_share(self.app, "share.title.game", lambda: share_codes.game_codes(self.app.repo, spec.id))

    def _item(self, key: str, icon: ft.IconData, then: Callable[[], None]) -> ft.Control:
        return tagged(key, ft.ListTile(leading=ft.Icon(icon), title=AppText(self.t(key)), dense=True,
                                       on_click=lambda e: self.app.close_dialog(then=then)))

    # ---- on Home or not ------------------------------------------------------------------------------

    def _hide(self, spec: GameSpec) -> None:
        self.hide([spec], self.t("games.hidden_one", game=spec.name))

    def hide(self, specs: list[GameSpec], message: str) -> None:
        """Hide these games, with an Undo that shows them again."""
        self.store.hide(s.id for s in specs)
        self.app.refresh()
        self.app.offer_undo(message, lambda: [self.store.show(s.id) for s in specs])

    def show(self, spec: GameSpec) -> None:
        self.store.show(spec.id)
        self.app.refresh()
        self.app.snack(self.t("games.shown_one", game=spec.name))

    # ---- merging and deleting --------------------------------------------------------------------------

    def _merge(self, spec: GameSpec) -> None:
        t = self.t
        states = self.store.states()
        targets = [s for s in self.store.specs() if s.id != spec.id and states.get(s.id) not in (DELETED, EXPANSION)]
        picker = ft.Dropdown(label=t("games.merge_into"), dense=True, expand=True,
                             options=[ft.DropdownOption(key=s.id, text=t.text(s.name)) for s in targets])
        problem = error_text(None)
        plays = self.store.play_counts()[spec.id]

        def merge(e: ft.ControlEvent) -> None:
            if not picker.value:
                self._say(problem, t("games.merge_pick"))
                return
            target = self.store.spec(picker.value)
            try:
                moved = self.store.merge(spec.id, target.id)
            except GameRefusedError as refused:
                self._say(problem, t.refusal(refused))
                return
            self._done(t("games.merged", n=moved, game=spec.name, target=target.name))

        self._confirm("games.merge", t("games.merge_title", game=spec.name), [
            AppText(t("games.merge_text", n=plays, game=spec.name), size=14),
            ft.Row([tagged("games.merge.target", picker, t("games.merge_into"))]),
            problem], t("games.merge_button"), merge)

    def _delete(self, spec: GameSpec) -> None:
        t = self.t
        plays = self.store.play_counts()[spec.id]
        problem = error_text(None)
        choice = ft.RadioGroup(value="keep", content=ft.Column([
            ft.Radio(value="keep", label=t("games.delete_keep", n=plays)),
            ft.Radio(value="with", label=t("games.delete_with", n=plays))], spacing=0))
        lines: list[ft.Control] = [AppText(t("games.delete_text", game=spec.name), size=14)]
        lines.append(tagged("games.delete.plays", choice) if plays else AppText(t("games.delete_no_plays"), size=14))

        def delete(e: ft.ControlEvent) -> None:
            with_plays = choice.value == "with"
            try:
                self.store.delete(spec.id, with_plays)
            except GameRefusedError as refused:
                self._say(problem, t.refusal(refused))
                return
            said = ("games.deleted_with" if with_plays else "games.deleted_kept") if plays else "games.deleted"
            self._done(t(said, n=plays, game=spec.name))

        self._confirm("games.delete", t("games.delete_title", game=spec.name),
                      [*lines, problem], t("games.delete_button"), delete)

    def _confirm(self, identifier: str, title: str, lines: list[ft.Control], button: str,
                 on_confirm: Callable[[ft.ControlEvent], None]) -> None:
        self.app.show_dialog(ft.AlertDialog(
            title=AppText(title), content=tagged(identifier, ft.Column(lines, tight=True, spacing=12)),
            actions=[tagged(f"{identifier}.cancel", ft.TextButton(self.t("common.cancel"),
                                                                  on_click=lambda e: self.app.close_dialog())),
                     tagged(f"{identifier}.confirm", ft.FilledButton(button, on_click=on_confirm))]))

    def _say(self, problem: ft.Text, message: str) -> None:
        """Why the dialog's change was refused, in the dialog (which stays open to choose again)."""
        problem.value, problem.visible = message, True
        problem.update()

    def _done(self, message: str) -> None:
        def after() -> None:
            self.app.refresh()
            self.app.snack(message)

        self.app.close_dialog(then=after)
