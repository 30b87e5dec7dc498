"""Piña Coladice: the 4x4 coaster board (tap to place the current player's token), the coaster layout (tap the
coasters in the order they lie on the table), and the dice helper (tap the face each die shows)."""

from __future__ import annotations

import random

import flet as ft

from scoring.games.pina_coladice import COASTERS, SIZE, capacity, coaster_side, matching_coasters

from ..widgets.common import error_text, secondary_button, section, tagged
from ..widgets.game_unit import GameContext, GameUI, Sheet
from ..widgets.text import AppText
from .base import put_event

SEAT_COLOURS = ("#E63946", "#1D70A2", "#2A9D8F", "#F4A261")
CELLS = SIZE * SIZE
# Which of the 3x3 pip positions (row-major) a die face shows.
PIPS: dict[int, frozenset[int]] = {1: frozenset({4}), 2: frozenset({2, 6}), 3: frozenset({2, 4, 6}),
                                   4: frozenset({0, 2, 6, 8}), 5: frozenset({0, 2, 4, 6, 8}),
                                   6: frozenset({0, 2, 3, 5, 6, 8})}


def random_board(rng: random.Random | None = None) -> list[list[str]]:
    ids = (rng or random).sample(sorted(COASTERS), SIZE * SIZE)
    return [ids[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


def with_board(sheet: Sheet) -> Sheet:
    return {**sheet, "board": random_board()}


def tokens_on(sheet: Sheet) -> dict[tuple[int, int], list[str]]:
    """Who has a token on each cell, in placement order."""
    cells: dict[tuple[int, int], list[str]] = {}
    for event in sheet.get("events") or []:
        if "cell" in event:
            cells.setdefault((event["cell"][0], event["cell"][1]), []).append(event["player"])
    return cells


def die_face(value: int | None, size: int = 44) -> ft.Control:
    """A die drawn with its pips (no font has to know the die characters); '?' when not rolled yet."""
    if value is None:
        return ft.Container(AppText("?", size=size // 2, weight=ft.FontWeight.BOLD), width=size, height=size,
                            alignment=ft.Alignment.CENTER)
    pip = size // 6
    rows = [ft.Row([ft.Container(width=pip, height=pip, border_radius=pip / 2,
                                 bgcolor=ft.Colors.ON_SURFACE if r * 3 + c in PIPS[value] else None)
                    for c in range(3)], spacing=pip // 2, alignment=ft.MainAxisAlignment.CENTER) for r in range(3)]
    return ft.Container(ft.Column(rows, spacing=pip // 2, alignment=ft.MainAxisAlignment.CENTER), width=size,
                        height=size, alignment=ft.Alignment.CENTER)


def set_die(dice: list[int | None], value: int, selected: int | None) -> list[int | None]:
    """The dice after tapping a face: the selected die, else the first one not set; a full roll starts over."""
    out = list(dice)
    if selected is None and all(d is not None for d in out):
        out = [None] * len(out)
    index = selected if selected is not None else out.index(None)
    out[index] = value
    return out


def swap_coaster(board: list[list[str]], cell: tuple[int, int], coaster: str) -> list[list[str]]:
    """Put a coaster on a cell; if it lay elsewhere on the board, the two swap places."""
    grid = [row[:] for row in board]
    r, c = cell
    for rr in range(SIZE):
        for cc in range(SIZE):
            if grid[rr][cc] == coaster:
                grid[rr][cc] = grid[r][c]
    grid[r][c] = coaster
    return grid


class Board:
    def __init__(self, context: GameContext) -> None:
        self.context = context
        self.dice: list[int | None] = [None] * 5
        self.selected_die: int | None = None  # a die tapped to be corrected: the next face replaces it
        self.layout_mode = False
        self.next_cell = 0  # while laying out: the cell (row by row) the next coaster tapped goes to
        self.editing: int | None = None  # an earlier turn being corrected: the next tap replaces it
        self.body = ft.Column(spacing=8)
        self.log = ft.Column(spacing=0)
        self.error = error_text(None)
        context.on_change(lambda evaluation: self.redraw())
        self.redraw()

    @property
    def sheet(self) -> Sheet:
        return self.context.model.working

    def player(self) -> str:
        names = self.context.model.names
        turn = self.editing if self.editing is not None else len(self.sheet.get("events") or [])
        return names[turn % len(names)]

    def redraw(self) -> None:
        t = self.context.t
        names = self.context.model.names
        tokens = tokens_on(self.sheet)
        free = [self.sheet["board"][r][c] for r in range(SIZE) for c in range(SIZE)
                if len(tokens.get((r, c), [])) < capacity(coaster_side(r, c, len(names)))]
        matches = set(matching_coasters([d for d in self.dice if d], free)) if all(self.dice) else set()
        if self.layout_mode:
            self.body.controls = self._layout(tokens)
            self.log.controls = self._log_rows()
            return
        grid = ft.Column([ft.Row([self._cell(r, c, tokens.get((r, c), []), matches) for c in range(SIZE)],
                                 spacing=4, alignment=ft.MainAxisAlignment.CENTER) for r in range(SIZE)], spacing=4)
        result = self.context.model.evaluation.result
        over = result is not None and result.finished
        heading = (t("pina.editing", n=self.editing + 1, player=self.player()) if self.editing is not None
                   else t("pina.turn", player=self.player()))
        turn = AppText(heading, size=16, weight=ft.FontWeight.BOLD, color=SEAT_COLOURS[names.index(self.player())])
        controls: list[ft.Control] = [] if over and self.editing is None else [turn]
        if not self.sheet.get("events") and self.editing is None:  # before the first token: no taps needed
            controls.append(tagged("pina.deal", AppText(t("pina.deal"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)))
        controls += [grid, self._legend(names), self.error]
        if self.editing is not None:
            controls.append(ft.Row([
                secondary_button("pina.pass", t("pina.pass"), self._pass, icon=ft.Icons.SKIP_NEXT),
                secondary_button("pina.cancel_edit", t("common.cancel"), self._cancel_edit, icon=ft.Icons.CLOSE)]))
        elif not over:
            controls.append(ft.Row([
                secondary_button("pina.pass", t("pina.pass"), self._pass, icon=ft.Icons.SKIP_NEXT),
                *([tagged("pina.layout", ft.Switch(label=t("pina.layout"), value=self.layout_mode,
                                                   on_change=self._toggle_layout))]
                  if not self.sheet.get("events") else []),
            ], wrap=True))
            controls.append(self._dice_helper(matches))
        self.body.controls = controls
        self.log.controls = self._log_rows()

    def _log_rows(self) -> list[ft.Control]:
        t = self.context.t
        rows: list[ft.Control] = []
        for i, event in reversed(list(enumerate(self.sheet.get("events") or []))):
            if "cell" in event:
                r, c = event["cell"]
                what = t.text(COASTERS[self.sheet["board"][r][c]].name)
            else:
                what = t("pina.pass")
            rows.append(tagged(f"pina.log.{i}", ft.ListTile(dense=True, title=AppText(f"{i + 1}. {event['player']} · "
                                                                                      f"{what}"),
                                                            on_click=lambda e, i=i: self._edit(i))))
        return rows

    def _edit(self, index: int) -> None:
        self.editing = index
        self.redraw()

    def _cancel_edit(self, e: ft.ControlEvent) -> None:
        self.editing = None
        self.redraw()

    def _record(self, event: dict[str, object]) -> None:
        """A new turn, or the corrected one; the engine replays every turn after it."""
        index = self.editing
        evaluation = self.context.model.attempt(lambda sheet: put_event(sheet, event, index))
        if not evaluation.saveable:
            self.error.value, self.error.visible = self.context.t.text(evaluation.error.text), True  # type: ignore[union-attr]
            self.redraw()
            return
        self.error.visible = False
        self.editing = None
        self.dice = [None] * 5
        self.context.changed(evaluation)

    def _layout(self, tokens: dict[tuple[int, int], list[str]]) -> list[ft.Control]:
        """The board with the next cell marked, and every coaster to tap in the order they lie."""
        t = self.context.t
        board = self.sheet["board"]
        grid = ft.Column([ft.Row([self._cell(r, c, tokens.get((r, c), []), set()) for c in range(SIZE)],
                                 spacing=4, alignment=ft.MainAxisAlignment.CENTER) for r in range(SIZE)], spacing=4)
        laid = {board[i // SIZE][i % SIZE] for i in range(self.next_cell)}
        chips = [tagged(f"pina.coaster.{cid}", ft.Container(
            ft.Row([*([ft.Icon(ft.Icons.CHECK, size=14, color=ft.Colors.ON_SURFACE_VARIANT)] if cid in laid else []),
                    AppText(t.text(coaster.name), size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT if cid in laid else None)], spacing=2, tight=True),
            padding=ft.Padding.symmetric(horizontal=10, vertical=8), border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if cid in laid else ft.Colors.SECONDARY_CONTAINER,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            on_click=None if cid in laid else (lambda e, cid=cid: self._lay(cid))), t.text(coaster.name))
            for cid, coaster in COASTERS.items()]
        r, c = divmod(self.next_cell, SIZE)
        heading = AppText(t("pina.layout_next", n=self.next_cell + 1, row=r + 1, col=c + 1), size=15,
                          weight=ft.FontWeight.BOLD)
        # The coasters to tap come first, right under the heading, so the whole layout is tapped without scrolling.
        return [heading, AppText(t("pina.layout_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Row(chips, wrap=True, spacing=6, run_spacing=6), grid,
                ft.Row([secondary_button("pina.layout_done", t("pina.layout_done"), self._end_layout,
                                         icon=ft.Icons.CHECK)])]

    def _cell(self, r: int, c: int, here: list[str], matches: set[str]) -> ft.Control:
        t = self.context.t
        names = self.context.model.names
        coaster = COASTERS[self.sheet["board"][r][c]]
        side = coaster_side(r, c, len(names))
        value = str(coaster.one) if side == "one" else f"{coaster.first}/{coaster.second}"
        dots = [ft.Container(AppText(n[:1], size=11, color=ft.Colors.WHITE, weight=ft.FontWeight.BOLD),
                             width=20, height=20, border_radius=10, bgcolor=SEAT_COLOURS[names.index(n)],
                             alignment=ft.Alignment.CENTER) for n in here]
        highlight = coaster.id in matches or (self.layout_mode and r * SIZE + c == self.next_cell)
        return tagged(f"pina.cell.{r}.{c}", ft.Container(
            ft.Column([AppText(t.text(coaster.name), size=10, max_lines=2, text_align=ft.TextAlign.CENTER),
                       AppText(value, size=13, weight=ft.FontWeight.BOLD), ft.Row(dots, spacing=2,
                                                                                alignment=ft.MainAxisAlignment.CENTER)],
                      spacing=1, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=86, height=58 if self.layout_mode else 86, padding=4, border_radius=8,
            bgcolor=ft.Colors.AMBER_100 if highlight else (
                ft.Colors.SURFACE_CONTAINER_HIGHEST if side == "two" else ft.Colors.SURFACE_CONTAINER_LOW),
            border=ft.Border.all(3 if highlight else 1, ft.Colors.AMBER if highlight else ft.Colors.OUTLINE_VARIANT),
            on_click=lambda e: self._tap(r, c)), t.text(coaster.name))

    def _legend(self, names: list[str]) -> ft.Control:
        return ft.Row([ft.Row([ft.Container(width=12, height=12, border_radius=6, bgcolor=SEAT_COLOURS[i]),
                               AppText(name, size=12)], spacing=4, tight=True) for i, name in enumerate(names)],
                      wrap=True, spacing=12)

    def _dice_helper(self, matches: set[str]) -> ft.Control:
        t = self.context.t
        dice = [tagged(f"pina.die.{i}", ft.Container(
            die_face(d), width=52, height=52, border_radius=10, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(3 if i == self.selected_die else 1,
                                 ft.Colors.PRIMARY if i == self.selected_die else ft.Colors.OUTLINE_VARIANT),
            on_click=lambda e, i=i: self._select_die(i)), t("pina.die", n=i + 1)) for i, d in enumerate(self.dice)]
        faces = [tagged(f"pina.face.{v}", ft.Container(
            die_face(v, 40), width=52, height=52, border_radius=10, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SURFACE, border=ft.Border.all(2, ft.Colors.OUTLINE),
            on_click=lambda e, v=v: self._face(v)), str(v)) for v in range(1, 7)]
        names = ", ".join(t.text(COASTERS[m].name) for m in sorted(matches))
        found = (t("pina.matches", names=names) if matches else t("pina.no_match")) if all(self.dice) else \
            t("pina.dice_hint")
        caption = ft.Colors.ON_SURFACE_VARIANT
        return section(t("pina.dice_helper"),
                       AppText(t("pina.faces"), size=13, color=caption),
                       ft.Row(faces, wrap=True, spacing=6, run_spacing=6),
                       AppText(t("pina.roll"), size=13, color=caption),
                       ft.Row([*dice, secondary_button("pina.dice.clear", t("piraten.clear"), self._clear_dice)],
                              wrap=True, spacing=6, run_spacing=6),
                       tagged("pina.matches", AppText(found, size=13)))

    # ---- actions -----------------------------------------------------------------------------

    def _tap(self, r: int, c: int) -> None:
        if self.layout_mode:  # the next coaster tapped goes here
            self.next_cell = r * SIZE + c
            self.redraw()
            return
        self._record({"player": self.player(), "cell": [r, c]})

    def _pass(self, e: ft.ControlEvent) -> None:
        self._record({"player": self.player(), "pass": True})

    def _toggle_layout(self, e: ft.ControlEvent) -> None:
        self.layout_mode = bool(e.control.value)
        self.next_cell = 0
        self.redraw()

    def _lay(self, coaster: str) -> None:
        """Put the tapped coaster on the next cell (saved at once) and move on; after the 16th, play."""
        r, c = divmod(self.next_cell, SIZE)
        board = swap_coaster(self.sheet["board"], (r, c), coaster)
        self.next_cell += 1
        if self.next_cell == CELLS:
            self.layout_mode = False
        self.context.changed(self.context.model.set(("board",), board))

    def _end_layout(self, e: ft.ControlEvent) -> None:
        self.layout_mode = False
        self.redraw()

    def _select_die(self, index: int) -> None:
        self.selected_die = None if self.selected_die == index else index
        self.redraw()

    def _face(self, value: int) -> None:
        self.dice = set_die(self.dice, value, self.selected_die)
        self.selected_die = None
        self.redraw()

    def _clear_dice(self, e: ft.ControlEvent) -> None:
        self.dice = [None] * 5
        self.selected_die = None
        self.redraw()


def sections(context: GameContext) -> list[ft.Control]:
    board = Board(context)
    return [section(context.t("pina.board"), board.body), section(context.t("pina.turns"), board.log)]


UI = GameUI(initial=with_board, sections=sections, handles=frozenset({"board"}))
