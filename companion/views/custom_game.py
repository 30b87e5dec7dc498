"""Defining a game of one's own: name, players, score categories, the sheet, the win rule, the tiebreaks.

Phone first: one column, every choice a tap. Typing changes the form without redrawing (the keyboard
stays up); adding, removing or moving a row redraws. The preview shows the real sheet editors over a sample
sheet, with totals and the result explained in words. Saving stores the definition (a new version when
it changed) and opens the new-game screen of that game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import Result, SheetError, Typed
from scoring.builtin_definitions import CANNOT, definition_of
from scoring.custom import NAME_LANGUAGES, describe_rules, is_custom
from scoring.fields import Field
from scoring.messages import LanguageName
from scoring.teams import TEAMS

from ..i18n import Translator
from ..models.definition_form import CategoryRow, DefinitionForm
from ..models.sheet_model import Evaluation, SheetModel
from ..store.definitions import QUICK
from ..widgets.common import (
    icon_button,
    labelled_switch,
    primary_button,
    secondary_button,
    section,
    sideways,
    tagged,
)
from ..widgets.fields import EditorFactory
from ..widgets.teams import team_headline, team_totals, teams_of
from ..widgets.text import AppText
from .base import Screen
from .new_game import NewGameScreen

if TYPE_CHECKING:
    from .app_protocol import ScreenApp


class CustomGameScreen(Screen):
    def __init__(self, app: ScreenApp, route: str, form: DefinitionForm, editing: bool) -> None:
        super().__init__(app, route)
        self.store = app.games
        self.form = form
        self.editing = editing
        self.previewing = False
        self.problem: SheetError | None = None
        self.copy_note: str | None = None
        self.extra_names: list[str] = []  # languages the player added a name field for, not named in yet
        self.status = AppText("", size=13, color=ft.Colors.ERROR, visible=False)

    def title(self) -> str:
        if self.previewing:
            return self.t("custom.preview_title")
        if self.editing and self.store.states().get(self.form.id) == QUICK:  # a quick game kept as a game
            return self.t("custom.title_keep")
        return self.t("custom.title_edit" if self.editing else "custom.title_new")

    def bottom(self) -> ft.Control:
        toggle = (secondary_button("custom.back_to_edit", self.t("custom.back_to_edit"), self._toggle_preview,
                                   icon=ft.Icons.EDIT) if self.previewing
                  else secondary_button("custom.preview", self.t("custom.preview"), self._toggle_preview,
                                        icon=ft.Icons.VISIBILITY))
        save = primary_button("custom.save", self.t("custom.save"), self._save, icon=ft.Icons.CHECK)
        return ft.Container(ft.Column([self.status, ft.Row([toggle, save], alignment=ft.MainAxisAlignment.END)],
                                      spacing=4, tight=True),
                            padding=12, bgcolor=ft.Colors.SURFACE_CONTAINER)

    def content(self) -> list[ft.Control]:
        self.status.value = self._problem_text(self.problem)
        self.status.visible = self.problem is not None
        if self.previewing:
            return self._preview()
        parts: list[ft.Control] = []
        if not self.editing:
            parts.append(self._copy_section())
        parts += [self._name_section(), self._categories_section(), self._sheet_section(), self._win_section(),
                  self._ties_section(), self._more_section()]
        return parts

    def _redraw(self) -> None:
        """Rebuild the whole view (its title and bottom bar follow the preview toggle)."""
        self.app.page.views[-1] = self.build()
        self.app.page.update()

    # ---- errors at the field they concern -----------------------------------------------------------

    def _error_at(self, *paths: str) -> str | None:
        if self.problem is None:
            return None
        path = self.problem.path
        within = any(path == p or path.startswith((p + ".", p + "[")) for p in paths)
        return self.t.text(self.problem.text) if within else None

    def _problem_text(self, problem: SheetError | None) -> str:
        return "" if problem is None else self.t("custom.problem", message=self.t.text(problem.text))

    def _field(self, identifier: str, label: str, value: str, on_change: Callable[[str], None],
               error_paths: tuple[str, ...] = (), **options: Any) -> ft.Control:
        field = ft.TextField(label=label, value=value, dense=True, error=self._error_at(*error_paths) if
                             error_paths else None, on_change=lambda e: on_change(e.control.value or ""), **options)
        return tagged(identifier, field, label)

    def _number(self, identifier: str, label: str, value: str, on_change: Callable[[str], None],
                error_paths: tuple[str, ...] = (), width: int | None = 96, **options: Any) -> ft.Control:
        return self._field(identifier, label, value, on_change, error_paths, width=width,
                           keyboard_type=ft.KeyboardType.NUMBER, **options)

    # ---- sections ----------------------------------------------------------------------------------

    def _copy_section(self) -> ft.Control:
        t = self.t
        options = [ft.DropdownOption(key=spec.id, text=t.text(spec.name)) for spec in self.store.specs()]
        picker = ft.Dropdown(label=t("custom.copy_from"), options=options, dense=True, expand=True,
                             on_select=lambda e: self._copy(e.control.value or ""))
        parts: list[ft.Control] = [tagged("custom.copy_from", picker, t("custom.copy_from"))]
        if self.copy_note:
            parts.append(tagged("custom.copy_note", AppText(self.copy_note, size=13)))
        return section(t("custom.start_from"), *parts)

    def _name_section(self) -> ft.Control:
        t, f = self.t, self.form
        name = self._field("custom.name", t("custom.name"), f.name, lambda v: setattr(f, "name", v),
                           ("definition.name", "definition.id"), autofocus=not f.name, max_length=40, expand=True)
        # The two numbers share the row's width: at a fixed 96 px their labels broke inside the word at the
        # largest text size ('Fewes/t').
        players = ft.Row([
            self._number("custom.min_players", t("custom.min_players"), f.min_players,
                         lambda v: setattr(f, "min_players", v), ("definition.players.min",), width=None, expand=True),
            AppText("–", size=18),
            self._number("custom.max_players", t("custom.max_players"), f.max_players,
                         lambda v: setattr(f, "max_players", v), ("definition.players.max", "definition.players"),
                         width=None, expand=True),
            AppText(t("custom.players"), size=14),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)
        return section(t("custom.game"), ft.Row([name]), players)

    def _categories_section(self) -> ft.Control:
        t = self.t
        rows = [self._category_row(i, c) for i, c in enumerate(self.form.categories)]
        error = (self.t.text(self.problem.text)
                 if self.problem is not None and self.problem.path == "definition.categories" else None)
        parts: list[ft.Control] = [*rows]
        if error:
            parts.append(AppText(error, color=ft.Colors.ERROR, size=13))
        parts.append(secondary_button("custom.add_category", t("custom.add_category"), self._add_category,
                                      icon=ft.Icons.ADD))
        return section(t("custom.categories"), *parts, subtitle=t("custom.categories_help"))

    def _category_row(self, index: int, c: CategoryRow) -> ft.Control:
        t = self.t
        path = f"definition.categories[{index}]"
        name = self._field(f"custom.category.{index}.name", t("custom.category_n", n=index + 1), c.name,
                           lambda v: setattr(c, "name", v), (f"{path}.name", f"{path}.key"), expand=True)
        points = self._number(f"custom.category.{index}.multiplier", t("custom.points_each"), c.multiplier,
                              lambda v: setattr(c, "multiplier", v), (f"{path}.multiplier",), width=None,
                              expand=2)
        detail = self._error_at(f"{path}.min", f"{path}.max", f"{path}.counts", f"{path}.optional")
        flags = [t("custom.range", lo=c.min, hi=c.max)]
        if not c.counts:
            flags.append(t("custom.ties_only"))
        if c.optional and self.form.scoring != "counter":
            flags.append(t("custom.may_stay_blank"))
        line = AppText(" · ".join(flags), size=12, expand=True,
                       color=ft.Colors.ERROR if detail else ft.Colors.ON_SURFACE_VARIANT)
        row = ft.Row([name, icon_button(f"custom.category.{index}.more", ft.Icons.TUNE, t("custom.more"),
                                        lambda e: self._category_dialog(index))],
                     spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)
        # The points under the name, beside what the category takes: beside the name, 108 px wrapped their label
        # into three lines at the largest text size.
        lines: list[ft.Control] = [row, ft.Row([points, line], spacing=8)]
        if self.form.scoring == "counter":  # the buttons beside each player's count
            lines.insert(1, ft.Row([self._field(f"custom.category.{index}.steps", t("custom.steps"), c.steps,
                                                lambda v: setattr(c, "steps", v), (f"{path}.steps",),
                                                hint_text=t("custom.steps_hint"), expand=True)]))
        if detail:
            lines.append(AppText(detail, color=ft.Colors.ERROR, size=12))
        return ft.Column(lines, spacing=2)

    def _sheet_section(self) -> ft.Control:
        t, f = self.t, self.form
        kind = ft.SegmentedButton(
            segments=[ft.Segment(value=kind, label=AppText(t(f"custom.scoring.{kind}")))
                      for kind in ("final", "rounds", "counter")],
            selected=[f.scoring], show_selected_icon=False,
            on_change=lambda e: self._structure(lambda: setattr(self.form, "scoring", e.control.selected[0])))
        parts: list[ft.Control] = [sideways(tagged("custom.scoring", kind))]
        if f.scoring == "counter":
            parts.append(AppText(t("custom.counter_help"), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        if f.scoring == "rounds":
            parts.append(ft.Row([
                self._number("custom.rounds", t("custom.rounds"), f.rounds, lambda v: setattr(f, "rounds", v),
                             ("definition.rounds",), hint_text=t("custom.open_ended")),
                AppText(t("custom.rounds_help"), size=12, expand=True, color=ft.Colors.ON_SURFACE_VARIANT)]))
        return section(t("custom.sheet"), *parts)

    def _win_section(self) -> ft.Control:
        t = self.t
        radios = ft.Column([ft.Radio(value=rule, label=t(f"custom.win.{rule}"))
                            for rule in ("highest", "lowest", "cooperative", "no_points")], spacing=0)
        group = ft.RadioGroup(content=radios, value=self.form.win,
                              on_change=lambda e: self._set_win(e.control.value or "highest"))
        parts: list[ft.Control] = [tagged("custom.win", group)]
        if self.form.win in ("highest", "lowest"):  # the table's own outcome has no team totals
            error = self._error_at("definition.teams")
            parts += [labelled_switch("custom.teams", t("custom.teams"), self.form.teams,
                                      lambda on: self._structure(lambda: setattr(self.form, "teams", on))),
                      AppText(error or t("custom.teams_help"), size=12,
                              color=ft.Colors.ERROR if error else ft.Colors.ON_SURFACE_VARIANT)]
        return section(t("custom.winner"), *parts)

    def _ties_section(self) -> ft.Control:
        t, f = self.t, self.form
        if f.win == "cooperative":
            return section(t("custom.ties"), AppText(t("custom.ties_cooperative"), size=13))
        rows = [self._tiebreak_row(i) for i in range(len(f.tiebreaks))]
        names = {c.key: c.name or t("custom.category_n", n=i + 1) for i, c in enumerate(f.categories)}
        options = [ft.DropdownOption(key=f"{kind}:{key}", text=t(f"custom.tie.{kind}", category=name))
                   for key, name in names.items() for kind in ("most", "least")]
        options.append(ft.DropdownOption(key="chosen:", text=t("custom.tie.chosen_option")))
        add = ft.Dropdown(label=t("custom.add_tiebreak"), options=options, dense=True, expand=True, value="",
                          on_select=lambda e: self._add_tiebreak(e.control.value or ""))
        shared = AppText(t("custom.still_tied"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        return section(t("custom.ties"), *rows, tagged("custom.add_tiebreak", add, t("custom.add_tiebreak")),
                       shared, subtitle=t("custom.ties_help"))

    def _tiebreak_row(self, index: int) -> ft.Control:
        t, f = self.t, self.form
        rule = f.tiebreaks[index]
        error = self._error_at(f"definition.tiebreaks[{index}]")
        if rule.kind == "chosen":
            label: ft.Control = self._field(f"custom.tiebreak.{index}.name", t("custom.tie.chosen_name"), rule.name,
                                            lambda v: setattr(rule, "name", v), (f"definition.tiebreaks[{index}]",),
                                            expand=True)
        else:
            category = next((c for c in f.categories if c.key == rule.category), None)
            name = (category.name if category else "") or rule.category
            label = AppText(t(f"custom.tie.{rule.kind}", category=name), size=15, expand=True,
                            color=ft.Colors.ERROR if error else None)
        last = len(f.tiebreaks) - 1
        return ft.Row([
            AppText(f"{index + 1}.", size=15, width=24), label,
            icon_button(f"custom.tiebreak.{index}.up", ft.Icons.ARROW_UPWARD, t("new.move_up"),
                        lambda e: self._structure(lambda: f.move_tiebreak(index, -1)), disabled=index == 0),
            icon_button(f"custom.tiebreak.{index}.down", ft.Icons.ARROW_DOWNWARD, t("new.move_down"),
                        lambda e: self._structure(lambda: f.move_tiebreak(index, 1)), disabled=index == last),
            icon_button(f"custom.tiebreak.{index}.remove", ft.Icons.CLOSE, t("custom.remove"),
                        lambda e: self._structure(lambda: f.remove_tiebreak(index))),
        ], spacing=0)

    def _more_section(self) -> ft.Control:
        t, f = self.t, self.form
        fields = [self._field("custom.note", t("custom.note"), f.note, lambda v: setattr(f, "note", v),
                              ("definition.note",), multiline=True, min_lines=1, max_lines=4, expand=True)]
        for lang in self.name_languages():
            label = t("custom.name_in", language=t.text(LanguageName(lang)))
            fields.append(self._field(f"custom.name.{lang}", label, f.names.get(lang, ""),
                                      lambda v, lang=lang: f.names.__setitem__(lang, v),
                                      (f"definition.names.{lang}",), expand=True))
        others = [lang for lang in NAME_LANGUAGES if lang not in self.name_languages()]
        if others:
            add = ft.Dropdown(label=t("custom.name_add"), dense=True, expand=True, value="",
                              options=[ft.DropdownOption(key=lang, text=t.text(LanguageName(lang))) for lang in others],
                              on_select=lambda e: self._add_name_language(e.control.value or ""))
            fields.append(tagged("custom.name.add", add, t("custom.name_add")))
        return section(t("custom.more_section"), *[ft.Row([field]) for field in fields],
                       subtitle=t("custom.more_help"))

    def _add_name_language(self, lang: str) -> None:
        self._structure(lambda: self.extra_names.append(lang))

    def name_languages(self) -> list[str]:
        """The languages the game has a name field in: those it is named in, and those the player added."""
        wanted = {*self.form.names, *self.extra_names}
        return [lang for lang in NAME_LANGUAGES if lang in wanted]

    # ---- the preview ---------------------------------------------------------------------------------

    def _preview(self) -> list[ft.Control]:
        t = self.t
        preview = self.form.preview([t("new.team_n", n=n) for n in (1, 2)])
        spec = self.form.spec()
        if preview is None or spec is None:
            return [AppText(t("custom.preview_needs_fix"), size=14)]
        sheet, result = preview
        model = SheetModel(spec, sheet)
        totals = self._sample_totals(result)
        outcome = ft.Column(spacing=4)
        self._show_outcome(outcome, totals, result)

        def changed(evaluation: Evaluation) -> None:  # the sample numbers may be changed too: nothing is saved
            editors.show(evaluation)
            if evaluation.result is not None:
                self._show_outcome(outcome, totals, evaluation.result)
            self.app.page.update()

        editors = EditorFactory(model, t, changed, lambda: None)
        header = ft.Row([self.badge(spec.id, 40), ft.Column([
            AppText(t.text(spec.name), size=20, weight=ft.FontWeight.BOLD),
            AppText(t("custom.preview_sample"), size=12, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=0,
            expand=True)], spacing=12)
        parts: list[ft.Control] = [header, totals]
        if spec.player_fields:
            first = sheet["players"][0]["name"]
            parts.append(section(t("sheet.entering_for", name=first),
                                 *[editors.build(field, ("players", 0, field.key)) for field in spec.player_fields]))
        if spec.round_entry is not None:
            entry = spec.round_entry
            rows = [editors.build(Field(name, entry, Typed(name), required=True), ("rounds", 0, name))
                    for name in model.names]
            parts.append(section(t("sheet.round_n", n=1), *rows))
        fields = [f for f in spec.game_fields if f.key != TEAMS]  # the sample's teams are set, as at a new game
        if fields:
            parts.append(section(t("sheet.game_fields"), *[editors.build(f, (f.key,)) for f in fields]))
        rules = [AppText(t.text(line), size=14) for line in describe_rules(spec)]
        parts.append(section(t("custom.preview_result"), outcome, *rules))
        return parts

    def _sample_totals(self, result: Result) -> ft.Row:
        chips = [tagged(f"custom.preview.total.{i}", ft.Container(
            ft.Column([AppText(p.name, size=12), AppText(str(p.total), size=18, weight=ft.FontWeight.BOLD)],
                      spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)) for i, p in enumerate(result.players)]
        return ft.Row(chips, wrap=True, spacing=6)

    def _show_outcome(self, outcome: ft.Column, totals: ft.Row, result: Result) -> None:
        """The sample's totals, winners and tiebreaks in words, after every change of a sample number."""
        t = self.t
        for chip, player in zip(totals.controls, result.players, strict=True):
            chip.content.content.controls[1].value = str(player.total)  # type: ignore[attr-defined]
        teams = teams_of(result)
        winners = (team_headline(t, teams) if teams
                   else t("custom.preview_winners", names=", ".join(result.winners)) if result.winners
                   else t("custom.preview_nobody"))
        outcome.controls = [tagged("custom.preview.winners", AppText(winners, size=16, weight=ft.FontWeight.BOLD)),
                            *([team_totals(t, teams, "custom.preview.team")] if teams else []),
                            *[AppText(t.text(note.text), size=14, italic=True) for note in result.tiebreaks]]

    # ---- changes -------------------------------------------------------------------------------------

    def _structure(self, change: Callable[[], None]) -> None:
        """A change of rows or choices: the body is drawn again (what was typed is in the form already)."""
        change()
        self.problem = None
        self.rebuild()

    def _toggle_preview(self, e: ft.ControlEvent) -> None:
        self.problem = self.form.problem()
        self.previewing = not self.previewing and self.problem is None
        self._redraw()

    def _add_category(self, e: ft.ControlEvent) -> None:
        self._structure(lambda: self.form.add_category())

    def _set_win(self, rule: str) -> None:
        def change() -> None:
            self.form.win = rule
            if rule == "cooperative":
                self.form.tiebreaks = []
            if rule not in ("highest", "lowest"):
                self.form.teams = False
        self._structure(change)

    def _add_tiebreak(self, choice: str) -> None:
        kind, _, key = choice.partition(":")
        if kind in ("most", "least", "chosen"):
            self._structure(lambda: self.form.add_tiebreak(kind, key, self.t("custom.tie.first_to_finish")
                                                           if kind == "chosen" else ""))

    def _copy(self, game: str) -> None:
        t = self.t
        found = definition_of(game) if not is_custom(game) else self.store.latest(game)
        if found is None:
            self.copy_note = t("custom.cannot_copy", reason=t.text(CANNOT.get(game, Typed(""))))
            self._redraw()
            return
        form = DefinitionForm.of(found, self.store.new_id(found["name"]))
        form.name = t("custom.copy_name", name=form.name)
        form.names = {lang: Translator(lang)("custom.copy_name", name=given) for lang, given in form.names.items()}
        form.bgg_id = None
        self.form = self.app.unsaved_definitions[self.route] = form
        self.copy_note = t("custom.copied", name=t.text(self.store.spec(game).name))
        self._structure(lambda: None)

    def _category_dialog(self, index: int) -> None:
        t = self.t
        c = self.form.categories[index]
        last = len(self.form.categories) - 1

        def close_then(change: Callable[[], None]) -> Callable[[ft.ControlEvent], None]:
            def handler(e: ft.ControlEvent) -> None:
                self.app.close_dialog(then=lambda: self._structure(change))
            return handler

        body = ft.Column([
            ft.Row([self._number("custom.detail.min", t("custom.min"), c.min, lambda v: setattr(c, "min", v)),
                    self._number("custom.detail.max", t("custom.max"), c.max, lambda v: setattr(c, "max", v))],
                   spacing=8),
            AppText(t("custom.min_help"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            tagged("custom.detail.counts", ft.Switch(label=t("custom.counts"), value=c.counts,
                                                     on_change=lambda e: setattr(c, "counts", bool(e.control.value)))),
            *([] if self.form.scoring == "counter" else [  # a count is never blank
                tagged("custom.detail.optional", ft.Switch(
                    label=t("custom.optional"), value=c.optional,
                    on_change=lambda e: setattr(c, "optional", bool(e.control.value))))]),
            ft.Row([
                icon_button("custom.detail.up", ft.Icons.ARROW_UPWARD, t("new.move_up"),
                            close_then(lambda: self.form.move_category(index, -1)), disabled=index == 0),
                icon_button("custom.detail.down", ft.Icons.ARROW_DOWNWARD, t("new.move_down"),
                            close_then(lambda: self.form.move_category(index, 1)), disabled=index == last),
                ft.Container(expand=True),
                tagged("custom.detail.remove", ft.TextButton(t("custom.remove"), icon=ft.Icons.DELETE_OUTLINE,
                                                             on_click=close_then(
                                                                 lambda: self.form.remove_category(index)),
                                                             disabled=last == 0)),
            ]),
        ], tight=True, spacing=8)
        self.app.show_dialog(ft.AlertDialog(
            title=AppText(c.name or t("custom.category_n", n=index + 1)), content=body,
            actions=[tagged("custom.detail.done", ft.FilledButton(t("custom.done"),
                                                                  on_click=close_then(lambda: None)))]))

    # ---- saving --------------------------------------------------------------------------------------

    def _save(self, e: ft.ControlEvent) -> None:
        if not self.editing:  # a new game's id follows its name
            self.form.id = self.store.new_id(self.form.name)
        self.problem = self.form.problem()
        if self.problem is not None:
            self.previewing = False
            self._redraw()
            return
        before = self.store.latest(self.form.id)
        # a quick game kept as a game: its plays stay as the quick sheet scored them, without a question
        asks = before is not None and self.store.states().get(self.form.id) != QUICK
        saved = self.store.save(self.form.definition())
        older = self.store.older_plays(saved["id"]) if asks and before != saved else []
        if older:
            self._ask_rescore(saved, len(older), before["version"] if before else 1)
            return
        self._saved(saved)

    def _saved(self, saved: dict[str, Any]) -> None:
        self.app.unsaved_definitions.pop(self.route, None)
        self.app.snack(self.t("custom.saved", name=saved["name"]))
        self.app.go(f"/new/{saved['id']}")

    def _saved_after_asking(self, saved: dict[str, Any], plays: int, rescore: bool) -> None:
        self._saved(saved)
        if rescore:
            outcome = self.store.rescore(saved["id"])
            self.app.snack(self.t("custom.rescored", n=outcome.rescored, refused=outcome.refused))
        else:
            self.app.snack(self.t("custom.kept", n=plays))

    def _ask_rescore(self, saved: dict[str, Any], plays: int, version: int) -> None:
        t = self.t

        def done(rescore: bool) -> Callable[[ft.ControlEvent], None]:
            def handler(e: ft.ControlEvent) -> None:
                self.app.close_dialog(then=lambda: self._saved_after_asking(saved, plays, rescore))
            return handler

        self.app.show_dialog(ft.AlertDialog(
            title=AppText(t("custom.rescore_title", version=saved["version"])),
            content=AppText(t("custom.rescore_text", n=plays, old=version, new=saved["version"])),
            actions=[tagged("custom.rescore.keep", ft.TextButton(t("custom.rescore_keep"), on_click=done(False))),
                     tagged("custom.rescore.apply", ft.FilledButton(t("custom.rescore_apply"), on_click=done(True)))]))


class CustomNewGameScreen(NewGameScreen):
    """Setting up a custom game: as any other game, with a way to change its definition."""

    def actions(self) -> list[ft.Control]:
        return [icon_button("new.edit_definition", ft.Icons.EDIT_NOTE, self.t("custom.edit"),
                            lambda e: self.app.go(f"/custom/{self.spec.id}/edit")), *super().actions()]


def editor_for(app: ScreenApp, route: str, game: str | None) -> CustomGameScreen | None:
    """The editor of a stored custom game (None when there is no such game), or of a new one.

    What was typed and not saved yet stays with the session: leaving the editor and coming back shows it.
    """
    unsaved = app.unsaved_definitions  # what was typed and not saved yet, by editor route
    store = app.games
    if route not in unsaved:
        if game is None:
            unsaved[route] = DefinitionForm.blank(store.new_id(""))
        elif (latest := store.latest(game)) is not None:
            unsaved[route] = DefinitionForm.of(latest)
        else:
            return None
    return CustomGameScreen(app, route, unsaved[route], editing=game is not None)
