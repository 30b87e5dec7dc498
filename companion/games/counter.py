"""A counter sheet (a game of one's own with `"scoring": "counter"`, and every quick sheet): each player's count
with the game's step buttons and a field for any other amount, and the log of every change, newest first.

Each change is appended to the sheet's `changes` (one operation that two phones never overwrite) only when the rules
take it: a count that would leave its bounds is refused, and the reason shown. Enter in an amount's field adds it
and moves to the next player's field, so a round's scores are typed one after the other. A change taken back from
the log is removed (undo brings it back). The fields keep what is being typed while the counts and the log redraw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from scoring.custom import CHANGES, DEFAULT_STEPS, text_of

from ..models.quick_game import parse_amount
from ..models.sheet_model import Evaluation
from ..widgets.common import icon_button, section, signed, tagged
from ..widgets.game_unit import GameContext
from ..widgets.text import AppText

LOG_SHOWN = 10  # the newest changes the log shows until it is opened whole


@dataclass(frozen=True)
class Counted:
    key: str
    name: str
    steps: tuple[int, ...]


def running_counts(changes: list[dict[str, Any]]) -> list[int]:
    """The count each change left its player's category at, oldest first."""
    counts: dict[tuple[str, str], int] = {}
    after = []
    for change in changes:
        place = (change["player"], change["key"])
        counts[place] = counts.get(place, 0) + change["by"]
        after.append(counts[place])
    return after


class CounterBoard:
    def __init__(self, context: GameContext) -> None:
        self.context = context
        self.t = context.t
        d = context.spec.definition or {}
        self.counted = [Counted(c["key"], self.t.text(text_of(c, "name")), tuple(c["steps"] or DEFAULT_STEPS))
                        for c in d["categories"]]
        self.counts: dict[tuple[str, str], ft.Text] = {}
        self.fields: dict[tuple[int, str], ft.TextField] = {}
        self.whole_log = False
        self.log = ft.Column(spacing=0)
        cards = [self._card(seat, name) for seat, name in enumerate(context.model.names)]
        self.board = section(self.t("counter.title"), *cards, subtitle=self.t("counter.help"))
        self.log_section = tagged("counter.log", section(self.t("counter.log"), self.log))
        context.on_change(self.refresh)
        self.refresh(context.model.evaluation)

    # ---- drawing ---------------------------------------------------------------------------------

    def _card(self, seat: int, name: str) -> ft.Control:
        rows: list[ft.Control] = [AppText(name, size=17, weight=ft.FontWeight.BOLD, max_lines=1)]
        rows += [self._counter_row(seat, name, counted) for counted in self.counted]
        return tagged(f"counter.{seat}", ft.Container(ft.Column(rows, spacing=4), padding=10, border_radius=10,
                                                      bgcolor=ft.Colors.SURFACE_CONTAINER_LOW), name)

    def _counter_row(self, seat: int, name: str, counted: Counted) -> ft.Control:
        t = self.t
        count = AppText("0", size=24, weight=ft.FontWeight.BOLD, width=72, text_align=ft.TextAlign.RIGHT)
        self.counts[name, counted.key] = count
        async def submitted(e: ft.ControlEvent) -> None:
            await self._submitted(seat, name, counted.key)

        field = ft.TextField(hint_text=t("counter.amount"), width=84, dense=True, keyboard_type=ft.KeyboardType.NUMBER,
                             on_submit=submitted)
        self.fields[seat, counted.key] = field
        where = f"counter.{seat}.{counted.key}"
        steps = [tagged(f"{where}.step.{j}", ft.OutlinedButton(
            content=AppText(signed(t, step)), on_click=lambda e, by=step: self._add(name, counted.key, by),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8))),
            t("counter.step", name=name, amount=signed(t, step))) for j, step in enumerate(counted.steps)]
        label = [AppText(counted.name, size=13, expand=True)] if len(self.counted) > 1 else []
        return ft.Column([
            ft.Row([*label, tagged(f"{where}.count", count)], alignment=ft.MainAxisAlignment.END),
            ft.Row([*steps, tagged(f"{where}.amount", field, t("counter.amount")),
                    icon_button(f"{where}.add", ft.Icons.ADD_TASK, t("counter.add", name=name),
                                lambda e: self._add_typed(seat, name, counted.key))],
                   wrap=True, spacing=4, run_spacing=4),
        ], spacing=2)

    def refresh(self, evaluation: Evaluation) -> None:
        """The counts and the log as the sheet now holds them (the fields keep what is typed in them)."""
        changes = list(self.context.model.value((CHANGES,), []) or [])
        after = running_counts(changes)
        totals = {(change["player"], change["key"]): count for change, count in zip(changes, after, strict=True)}
        for place, text in self.counts.items():
            text.value = self.t.number(totals.get(place, 0))
        shown = range(len(changes) - 1, -1 if self.whole_log else max(-1, len(changes) - 1 - LOG_SHOWN), -1)
        lines: list[ft.Control] = [self._line(i, changes[i], after[i]) for i in shown]
        if not changes:
            lines.append(AppText(self.t("counter.no_changes"), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        elif len(changes) > LOG_SHOWN:
            key, label = ("counter.log_fewer", self.t("counter.log_fewer")) if self.whole_log else (
                "counter.log_all", self.t("counter.log_all", n=len(changes)))
            lines.append(tagged(key, ft.TextButton(content=AppText(label), on_click=self._toggle_log)))
        self.log.controls = lines

    def _line(self, index: int, change: dict[str, Any], count: int) -> ft.Control:
        t = self.t
        what = next((c.name for c in self.counted if c.key == change["key"]), change["key"])
        said = t("counter.change", name=change["player"], amount=signed(t, change["by"]), count=count) if len(
            self.counted) == 1 else t("counter.change_of", name=change["player"], category=what,
                                      amount=signed(t, change["by"]), count=count)
        return tagged(f"counter.change.{index}", ft.Row([
            AppText(t.number(index + 1), size=12, width=32, color=ft.Colors.ON_SURFACE_VARIANT),
            AppText(said, size=14, expand=True),
            icon_button(f"counter.change.{index}.remove", ft.Icons.CLOSE, t("counter.take_back"),
                        lambda e: self._take_back(index)),
        ], spacing=4), said)

    # ---- changes ---------------------------------------------------------------------------------

    def _add(self, name: str, key: str, by: int) -> None:
        change = {"player": name, "key": key, "by": by}
        self._try(lambda sheet: sheet.__setitem__(CHANGES, [*(sheet.get(CHANGES) or []), change]))

    def _add_typed(self, seat: int, name: str, key: str) -> bool:
        """Add what is typed in the field; False when it is no amount (the field says so)."""
        field = self.fields[seat, key]
        amount = parse_amount(field.value or "")
        if not amount:
            field.error = self.t("counter.error.amount")
            self.context.changed(self.context.model.evaluation)
            return False
        field.value, field.error = "", None
        self._add(name, key, amount)
        return True

    async def _submitted(self, seat: int, name: str, key: str) -> None:
        """Enter adds the amount and goes on to the next player's field, as a round's scores are said in turn."""
        if self._add_typed(seat, name, key):
            await self.fields[(seat + 1) % len(self.context.model.names), key].focus()

    def _take_back(self, index: int) -> None:
        def remove(sheet: dict[str, Any]) -> None:
            changes = list(sheet.get(CHANGES) or [])
            del changes[index]
            sheet[CHANGES] = changes

        self._try(remove)

    def _try(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Make the change when the rules take it; else say why (nothing is stored)."""
        self.context.model.commit()
        evaluation = self.context.model.attempt(change)
        if evaluation.errors:
            self.context.snack(self.t.text(evaluation.errors[0].text))
        self.context.changed(self.context.model.evaluation)

    def _toggle_log(self, e: ft.ControlEvent) -> None:
        self.whole_log = not self.whole_log
        self.context.changed(self.context.model.evaluation)


def sections(context: GameContext) -> list[ft.Control]:
    board = CounterBoard(context)
    return [board.board, board.log_section]
