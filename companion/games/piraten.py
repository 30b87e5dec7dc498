"""Piraten Kapern: the turn scorer (fortune card, tap the 8 dice, treasure, Island of Skulls) and the turn list."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scoring import SheetError
from scoring.games.piraten_kapern import (
    CARD_SKULLS,
    FACE_NAMES,
    FACES,
    FORTUNES,
    ISLAND_MIN_SKULLS,
    SEA_BATTLES,
    TurnOutcome,
    turn_score,
)

from ..models.sheet_model import Evaluation
from ..widgets.common import (
    error_text,
    icon_button,
    labelled_switch,
    primary_button,
    secondary_button,
    section,
    tagged,
)
from ..widgets.game_unit import GameContext, GameUI
from ..widgets.text import AppText
from .base import put_event

DICE = 8


@dataclass
class Turn:
    """A turn being entered: the card, the dice as tapped, which dice lie on the Treasure Island card."""

    fortune: str | None = None
    dice: list[str] = field(default_factory=list)
    kept: set[int] = field(default_factory=set)
    island: bool = False

    def add(self, face: str) -> None:
        if len(self.dice) < DICE:
            self.dice.append(face)

    def remove(self, index: int) -> None:
        del self.dice[index]
        self.kept = {k if k < index else k - 1 for k in self.kept if k != index}

    def toggle_kept(self, index: int) -> None:
        if self.dice[index] != "skull":  # skulls are set aside at once, never on the card
            self.kept ^= {index}

    @property
    def skulls(self) -> int:
        return self.dice.count("skull") + CARD_SKULLS.get(self.fortune or "", 0)

    @property
    def island_possible(self) -> bool:
        return self.skulls >= ISLAND_MIN_SKULLS and self.fortune not in SEA_BATTLES

    @property
    def ready(self) -> bool:
        return self.fortune is not None and len(self.dice) == DICE

    def event(self, player: str) -> dict[str, Any]:
        counts = Counter(self.dice)
        event: dict[str, Any] = {"player": player, "fortune": self.fortune,
                                 "dice": {face: counts[face] for face in FACES if counts[face]},
                                 "island_of_skulls": self.island and self.island_possible}
        if self.fortune == "treasure-island" and self.kept and not event["island_of_skulls"]:
            event["treasure"] = dict(Counter(self.dice[k] for k in self.kept))
        return event

    def outcome(self) -> TurnOutcome:
        e = self.event("")
        return turn_score(e["fortune"], e["dice"], e["island_of_skulls"], e.get("treasure"))

    @classmethod
    def of(cls, event: dict[str, Any]) -> Turn:
        """A recorded turn back in the scorer, to edit it."""
        dice = [face for face in FACES for _ in range(event["dice"].get(face, 0))]
        on_card = Counter(event.get("treasure") or {})
        kept: set[int] = set()
        for i, face in enumerate(dice):
            if on_card[face] > 0:
                kept.add(i)
                on_card[face] -= 1
        return cls(event["fortune"], dice, kept, bool(event.get("island_of_skulls")))


def face_image(face: str, size: int = 40) -> ft.Image:
    return ft.Image(src=f"dice/{face}.svg", width=size, height=size)


class TurnScorer:
    def __init__(self, context: GameContext) -> None:
        self.context = context
        self.turn = Turn()
        self.editing: int | None = None
        self.treasure_mode = False
        self.body = ft.Column(spacing=8)
        self.log = ft.Column(spacing=2)
        self.error = error_text(None)
        context.on_change(lambda evaluation: self.redraw())
        self.redraw()

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.context.model.working.get("events") or [])

    def player(self) -> str:
        names = self.context.model.names
        index = self.editing if self.editing is not None else len(self.events)
        return names[index % len(names)]

    # ---- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        t = self.context.t
        turn = self.turn
        number = (self.editing if self.editing is not None else len(self.events)) + 1
        heading = t("piraten.editing" if self.editing is not None else "piraten.turn", n=number, player=self.player())
        fortune = ft.Dropdown(
            label=t("piraten.fortune"), value=turn.fortune or "", expand=True,
            options=[ft.DropdownOption(key=v.value, text=t.text(v.name)) for v in FORTUNES.values],
            on_select=lambda e: self._set(fortune=e.control.value or None))
        slots = [self._slot(i) for i in range(DICE)]
        # each face as wide as its word (at a fixed 54 px, 'Papageien' and 'diamantes' broke inside the word)
        palette = [tagged(f"piraten.face.{face}", ft.Container(
            ft.Column([face_image(face, 36), AppText(t.text(FACE_NAMES[face]), size=11)], spacing=0,
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            height=64, padding=ft.Padding.symmetric(horizontal=6), border_radius=8,
            on_click=lambda e, f=face: self._add(f), bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH),
            t.text(FACE_NAMES[face])) for face in FACES]
        controls: list[ft.Control] = [
            AppText(heading, size=16, weight=ft.FontWeight.BOLD),
            tagged("piraten.fortune", fortune),
            AppText(t("piraten.tap_dice", n=DICE - len(turn.dice)) if len(turn.dice) < DICE
                    else t("piraten.tap_die_to_remove"), size=13),
            ft.Row(slots, spacing=4, wrap=True),
            ft.Row(palette, spacing=6, wrap=True),
        ]
        if turn.fortune == "treasure-island":
            controls.append(labelled_switch("piraten.treasure_mode", t("piraten.treasure_mode"), self.treasure_mode,
                                            self._set_mode))
        if turn.island_possible:
            controls.append(labelled_switch("piraten.island", t("piraten.island"), turn.island,
                                            lambda on: self._set(island=on)))
        controls.append(self._preview())
        buttons = [primary_button("piraten.record", t("piraten.save" if self.editing is not None else "piraten.record"),
                                  self._record, icon=ft.Icons.CHECK, disabled=not turn.ready),
                   secondary_button("piraten.clear", t("piraten.clear"), self._clear, icon=ft.Icons.CLEAR)]
        controls += [ft.Row(buttons, wrap=True), self.error]
        self.body.controls = controls
        self.log.controls = self._log_rows()

    def _slot(self, index: int) -> ft.Control:
        if index >= len(self.turn.dice):
            return ft.Container(width=42, height=42, border_radius=8,
                                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
        kept = index in self.turn.kept
        return tagged(f"piraten.die.{index}", ft.Container(
            face_image(self.turn.dice[index], 38), width=42, height=42, border_radius=8,
            border=ft.Border.all(3, ft.Colors.AMBER) if kept else None,
            on_click=lambda e: self._tap_die(index)))

    def _preview(self) -> ft.Control:
        t = self.context.t
        if not self.turn.ready:
            return AppText("")
        try:
            outcome = self.turn.outcome()
        except SheetError as error:
            return AppText(t.text(error.text), color=ft.Colors.ERROR)
        lines = [AppText(t("piraten.points", n=outcome.points), size=20, weight=ft.FontWeight.BOLD),
                 AppText(t.text(outcome.explanation), size=13)]
        if outcome.opponents_lose:
            lines.append(AppText(t("piraten.opponents_lose", n=outcome.opponents_lose), size=14,
                                 color=ft.Colors.ERROR))
        return tagged("piraten.preview", ft.Container(ft.Column(lines, spacing=2), padding=10, border_radius=8,
                                                      bgcolor=ft.Colors.SECONDARY_CONTAINER))

    def _log_rows(self) -> list[ft.Control]:
        t = self.context.t
        result = self.context.model.evaluation.result
        progress = result.progress if result else []
        rows: list[ft.Control] = []
        for i in reversed(range(len(self.events))):
            event = self.events[i]
            if "points" in event:
                what = t("piraten.by_hand", n=event["points"])
            else:
                what = t.text(FORTUNES.name_of(event["fortune"]))
            after = progress[i][event["player"]] if i < len(progress) else ""
            rows.append(tagged(f"piraten.log.{i}", ft.ListTile(
                dense=True, title=AppText(f"{i + 1}. {event['player']} · {what}"),
                trailing=AppText(str(after), weight=ft.FontWeight.BOLD),
                on_click=lambda e, index=i: self._edit(index))))
        return rows

    # ---- actions -----------------------------------------------------------------------------

    def _set(self, **changes: Any) -> None:
        for key, value in changes.items():
            setattr(self.turn, key, value)
        self.redraw()

    def _set_mode(self, on: bool) -> None:
        self.treasure_mode = on
        self.redraw()

    def _add(self, face: str) -> None:
        self.turn.add(face)
        self.redraw()

    def _tap_die(self, index: int) -> None:
        if self.treasure_mode:
            self.turn.toggle_kept(index)
        else:
            self.turn.remove(index)
        self.redraw()

    def _clear(self, e: ft.ControlEvent) -> None:
        self.turn, self.editing, self.treasure_mode = Turn(), None, False
        self.error.visible = False
        self.redraw()

    def _edit(self, index: int) -> None:
        event = self.events[index]
        if "points" in event:
            return
        self.turn, self.editing = Turn.of(event), index
        self.redraw()

    def _record(self, e: ft.ControlEvent) -> None:
        event, index = self.turn.event(self.player()), self.editing
        evaluation: Evaluation = self.context.model.attempt(lambda sheet: put_event(sheet, event, index))
        if not evaluation.saveable:
            self.error.value, self.error.visible = self.context.t.text(evaluation.error.text), True
            self.redraw()
            return
        self.turn, self.editing, self.treasure_mode = Turn(), None, False
        self.error.visible = False
        self.context.changed(evaluation)


class ManualPoints:
    """A turn entered as points only (e.g. a promo card the calculator does not know)."""

    def __init__(self, context: GameContext, scorer: TurnScorer) -> None:
        self.context, self.scorer = context, scorer
        t = context.t
        self.field = ft.TextField(label=t("piraten.manual_points"), width=140, dense=True,
                                  keyboard_type=ft.KeyboardType.NUMBER)
        self.control = ft.Row([tagged("piraten.manual", self.field),
                               icon_button("piraten.manual.add", ft.Icons.ADD, t("piraten.record"), self._add)])

    def _add(self, e: ft.ControlEvent) -> None:
        try:
            points = int((self.field.value or "").strip())
        except ValueError:
            return
        player = self.scorer.player()
        event = {"player": player, "points": points}
        evaluation = self.context.model.attempt(lambda sheet: put_event(sheet, event))
        if evaluation.error is None:
            self.field.value = ""
            self.context.changed(evaluation)


def sections(context: GameContext) -> list[ft.Control]:
    t = context.t
    scorer = TurnScorer(context)
    manual = ManualPoints(context, scorer)
    return [section(t("piraten.scorer"), scorer.body),
            ft.ExpansionTile(title=AppText(t("piraten.manual_title")), controls=[manual.control]),
            section(t("piraten.turns"), scorer.log)]


UI = GameUI(sections=sections)
