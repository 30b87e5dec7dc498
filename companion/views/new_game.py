"""New game: who plays (typed or picked from earlier players), seat order, a random first player, options, and in a
team game the teams and who plays in which."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import GameSpec
from scoring.fields import Bool, Choice, Field, Int

from ..models.new_game import RECENT_PLAYS, NewGameForm, Problem, usual_players_first
from ..widgets.common import icon_button, primary_button, secondary_button, section, tagged
from ..widgets.text import AppText
from .base import Screen

if TYPE_CHECKING:
    from .app_protocol import ScreenApp


class NewGameScreen(Screen):
    def __init__(self, app: ScreenApp, route: str, spec: GameSpec, players: list[str] | None = None,
                 options: dict[str, Any] | None = None, again: dict[str, Any] | None = None) -> None:
        """`again`: the sheet of a play to play again (its players, options and teams)."""
        super().__init__(app, route)
        self.spec = spec
        defaults = [self.t("new.team_n", n=n) for n in (1, 2)]
        self.form = (NewGameForm.again(spec, again, defaults) if again is not None
                     else NewGameForm(spec, list(players or []), dict(options or {}), defaults))
        self.show_problems = False
        self.history: list[NewGameForm] = []  # for undo: the form before each change
        self.team_pickers: list[ft.Dropdown] = []
        self.recent_tables = [play.players for play in app.repo.history_page(limit=RECENT_PLAYS).items]

    def title(self) -> str:
        return self.t.text(self.spec.name)

    def actions(self) -> list[ft.Control]:
        return [icon_button("new.undo", ft.Icons.UNDO, self.t("sheet.undo"), self._undo, disabled=not self.history)]

    def _remember(self) -> None:
        self.history.append(self.form.snapshot())

    def _undo(self, e: ft.ControlEvent) -> None:
        if self.history:
            self.form = self.history.pop()
            self._redraw()

    def _redraw(self) -> None:
        """Rebuild the whole view: the undo button in the app bar follows the history."""
        self.app.page.views[-1] = self.build()
        self.app.page.update()

    def content(self) -> list[ft.Control]:
        return [
            ft.Row([self.badge(self.spec.id, 56), ft.Column([
                AppText(self.t.text(self.spec.name), size=22, weight=ft.FontWeight.BOLD),
                AppText(self.t("home.players_range", lo=self.spec.min_players, hi=self.spec.max_players)
                        if self.spec.min_players != self.spec.max_players
                        else self.t("home.players_one", n=self.spec.min_players)),
            ], spacing=2, expand=True)], spacing=12),
            self._players_section(),
            *([self._teams_section()] if self.form.in_teams else []),
            *([self._options_section()] if self.spec.options else []),
            *self._setup_section(),
        ]

    def bottom(self) -> ft.Control:
        return ft.Container(ft.Row([primary_button("new.start", self.t("new.start"), self._start,
                                                    icon=ft.Icons.PLAY_ARROW)], alignment=ft.MainAxisAlignment.END),
                            padding=12, bgcolor=ft.Colors.SURFACE_CONTAINER)

    # ---- players ---------------------------------------------------------------------------------

    def _problems(self, team: bool) -> dict[int | None, str]:
        """The problems shown next to the player rows (or the team rows), once Start was tapped."""
        problems: list[Problem] = self.form.problems() if self.show_problems else []
        return {p.index: self.t(p.key, **p.params) for p in problems if p.team == team}

    def _players_section(self) -> ft.Control:
        problems = self._problems(team=False)
        rows = [self._player_row(i, name, problems.get(i)) for i, name in enumerate(self.form.players)]
        controls: list[ft.Control] = [*rows]
        buttons = [secondary_button("new.add_player", self.t("new.add_player"), lambda e: self._add(""),
                                    icon=ft.Icons.PERSON_ADD, disabled=not self.form.can_add),
                   secondary_button("new.random_first", self.t("new.random_first"), self._random_first,
                                    icon=ft.Icons.SHUFFLE)]
        controls.append(ft.Row(buttons, wrap=True))
        known = usual_players_first([p["name"] for p in self.app.repo.players() if p["name"] not in self.form.names()],
                                    self.recent_tables)
        if known and self.form.can_add:
            chips = [tagged(f"new.known.{name}", ft.Chip(label=name, leading=ft.Icon(ft.Icons.ADD, size=16),
                                                         on_click=lambda e, n=name: self._add(n)))
                     for name in known[:24]]
            controls.append(AppText(self.t("new.earlier_players"), size=13))
            controls.append(ft.Row(chips, wrap=True, spacing=4))
        return section(self.t("new.players"), *controls, subtitle=self.t("new.seat_order"))

    def _player_row(self, index: int, name: str, problem: str | None) -> ft.Control:
        field = ft.TextField(value=name, label=self.t("new.player_n", n=index + 1), dense=True, expand=True,
                             error=problem, on_change=lambda e: self._rename(index, e.control.value or ""))
        last = len(self.form.players) - 1
        return ft.Row([
            tagged(f"new.player.{index}", field, self.t("new.player_n", n=index + 1)),
            icon_button(f"new.player.{index}.up", ft.Icons.ARROW_UPWARD, self.t("new.move_up"),
                        lambda e: self._move(index, -1), disabled=index == 0),
            icon_button(f"new.player.{index}.down", ft.Icons.ARROW_DOWNWARD, self.t("new.move_down"),
                        lambda e: self._move(index, 1), disabled=index == last),
            icon_button(f"new.player.{index}.remove", ft.Icons.CLOSE, self.t("new.remove_player"),
                        lambda e: self._remove(index), disabled=not self.form.can_remove),
        ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START)

    def _rename(self, index: int, name: str) -> None:
        """Typing keeps the keyboard up: only the player's team choice, named by the player, is redrawn."""
        self.form.rename(index, name)
        if self.team_pickers:
            picker = self.team_pickers[index]
            picker.label = name.strip() or self.t("new.player_n", n=index + 1)
            self.app.page.update(picker)

    def _add(self, name: str) -> None:
        self._remember()
        self.form.add(name)
        self._redraw()

    def _move(self, index: int, delta: int) -> None:
        self._remember()
        self.form.move(index, delta)
        self._redraw()

    def _remove(self, index: int) -> None:
        self._remember()
        self.form.remove(index)
        self._redraw()

    def _random_first(self, e: ft.ControlEvent) -> None:
        self._remember()
        first = self.form.random_first_player()
        self._redraw()
        self.app.snack(self.t("new.first_is", name=first or self.t("new.player_n", n=1)))

    # ---- teams -------------------------------------------------------------------------------------

    def _teams_section(self) -> ft.Control:
        t, form = self.t, self.form
        problems = self._problems(team=True)
        rows = [self._team_row(i, name, problems.get(i)) for i, name in enumerate(form.teams)]
        add = secondary_button("new.add_team", t("new.add_team"), lambda e: self._add_team(), icon=ft.Icons.GROUP_ADD,
                               disabled=len(form.teams) >= len(form.players))
        labels = [name.strip() or t("new.player_n", n=seat + 1) for seat, name in enumerate(form.players)]
        self.team_pickers = [self._team_picker(seat, label) for seat, label in enumerate(labels)]
        pickers = [tagged(f"new.team_of.{seat}", picker, labels[seat]) for seat, picker in enumerate(self.team_pickers)]
        return tagged("new.teams", section(t("new.teams"), *rows, ft.Row([add], wrap=True),
                                           AppText(t("new.teams_who"), size=13), ft.Row(pickers, wrap=True),
                                           subtitle=t("new.teams_help")))

    def _team_row(self, index: int, name: str, problem: str | None) -> ft.Control:
        label = self.t("new.team_name_n", n=index + 1)
        field = ft.TextField(value=name, label=label, dense=True, expand=True, error=problem,
                             on_change=lambda e: self._rename_team(index, e.control.value or ""))
        return ft.Row([tagged(f"new.team.{index}", field, label),
                       icon_button(f"new.team.{index}.remove", ft.Icons.CLOSE, self.t("new.remove_team"),
                                   lambda e: self._remove_team(index), disabled=not self.form.can_remove_team)],
                      spacing=0, vertical_alignment=ft.CrossAxisAlignment.START)

    def _team_picker(self, seat: int, label: str) -> ft.Dropdown:
        return ft.Dropdown(label=label, value=str(self.form.team_of[seat]), dense=True, width=180,
                           options=[ft.DropdownOption(key=str(i), text=name) for i, name in enumerate(self.form.teams)],
                           on_select=lambda e: self._put_in_team(seat, int(e.control.value or 0)))

    def _rename_team(self, index: int, name: str) -> None:
        """Typing keeps the keyboard up: only the players' team choices are redrawn, with the new name."""
        self.form.rename_team(index, name)
        for picker in self.team_pickers:
            picker.options[index].text = name  # type: ignore[index]
        self.app.page.update(*self.team_pickers)

    def _add_team(self) -> None:
        self._remember()
        taken = set(self.form.team_names())
        n = len(self.form.teams) + 1
        while self.t("new.team_n", n=n) in taken:
            n += 1
        self.form.add_team(self.t("new.team_n", n=n))
        self._redraw()

    def _remove_team(self, index: int) -> None:
        self._remember()
        self.form.remove_team(index)
        self._redraw()

    def _put_in_team(self, seat: int, team: int) -> None:
        self._remember()
        self.form.put_in_team(seat, team)
        self._redraw()

    # ---- options and setup -------------------------------------------------------------------------

    def _options_section(self) -> ft.Control:
        return section(self.t("new.options"), *[self._option(f) for f in self.spec.options])

    def _option(self, field: Field) -> ft.Control:
        label = self.t.text(field.name)
        value = self.form.options[field.key]
        help_text = [AppText(self.t.text(field.help), size=12)] if field.help else []
        if isinstance(field.kind, Choice):
            control: ft.Control = ft.SegmentedButton(
                segments=[ft.Segment(value=v.value, label=AppText(self.t.text(v.name))) for v in field.kind.values],
                selected=[value], show_selected_icon=False,  # the check mark took 'Board A' onto two lines
                on_change=lambda e: self._set_option(field.key, e.control.selected[0]))
        elif isinstance(field.kind, Bool):
            control = ft.Switch(value=bool(value), on_change=lambda e: self._set_option(field.key, e.control.value))
        else:
            assert isinstance(field.kind, Int)
            control = ft.TextField(value=str(value), width=120, keyboard_type=ft.KeyboardType.NUMBER, dense=True,
                                   on_change=lambda e: self._set_int_option(field, e.control.value))
        return ft.Column([AppText(label, size=15), tagged(f"new.option.{field.key}", control, label), *help_text],
                         spacing=4)

    def _set_option(self, key: str, value: Any) -> None:
        self._remember()
        self.form.set_option(key, value)
        self._redraw()

    def _set_int_option(self, field: Field, text: str) -> None:
        assert isinstance(field.kind, Int)
        try:
            number = int(text)
        except ValueError:
            return
        if field.kind.min <= number <= field.kind.max:
            self.form.set_option(field.key, number)

    def _setup_section(self) -> list[ft.Control]:
        """The setup steps for this many players; none for a game without any (a game of one's own)."""
        n = max(self.spec.min_players, min(len(self.form.players), self.spec.max_players))
        steps = self.spec.prompts_for(self.form.options, n, "setup")
        items = [ft.Row([ft.Icon(ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=18), AppText(self.t.text(s), expand=True)],
                        vertical_alignment=ft.CrossAxisAlignment.START) for s in steps]
        return [tagged("new.setup", section(self.t("new.setup", n=n), *items))] if items else []

    # ---- start -------------------------------------------------------------------------------------

    def _start(self, e: ft.ControlEvent) -> None:
        if self.form.problems():
            self.show_problems = True
            self._redraw()
            return
        spec = self.game_to_start()
        if spec is None:
            return
        sheet = self.app.game_unit(spec.id).initial_sheet(self.form.sheet())
        # profiles first: if the disk refuses the game after them, starting again does not start it twice
        self.app.repo.remember_players(self.form.names())
        teams = self.form.teams_by_player()  # the play's record names them as it does an imported play's
        draft = self.app.repo.new_draft({"game": spec.id, "sheet": sheet, **({"record": {"teams": teams}} if teams
                                                                             else {})})
        self.app.go(f"/play/{draft['id']}")

    def game_to_start(self) -> GameSpec | None:
        """The game the sheet is of (a quick sheet stores its game first; None: it could not, and says why)."""
        return self.spec
