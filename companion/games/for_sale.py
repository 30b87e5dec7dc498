"""For Sale: the selling-round assigner (properties played -> cheques, highest to highest) and tie numbers."""

from __future__ import annotations

import re
from typing import Any

import flet as ft

from scoring.games.for_sale import setup, ties_to_break

from ..models.sheet_model import Evaluation
from ..store.refusal import RefusedError
from ..widgets.common import error_text, primary_button, section, tagged
from ..widgets.game_unit import GameContext, GameUI
from ..widgets.text import AppText


class AssignError(RefusedError, ValueError):
    """The round cannot be handed out."""


def assign_cheques(played: dict[str, int], cheques: list[int]) -> dict[str, int]:
    """The highest property takes the highest cheque, the next the next, and so on."""
    if len(cheques) != len(played):
        raise AssignError("forsale.error.cheque_count", n=len(played), got=len(cheques))
    if len(set(played.values())) != len(played):
        raise AssignError("forsale.error.same_property")
    order = sorted(played, key=lambda name: played[name], reverse=True)
    return dict(zip(order, sorted(cheques, reverse=True), strict=True))


def parse_numbers(text: str) -> list[int]:
    """'15 12, 6 0' -> [15, 12, 6, 0]; anything that is not a whole number is refused."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not all(p.isdigit() for p in parts):
        raise AssignError("forsale.error.numbers")
    return [int(p) for p in parts]


class SellingRound:
    def __init__(self, context: GameContext) -> None:
        self.context = context
        t = context.t
        names = context.model.names
        self.properties = {name: ft.TextField(label=name, width=110, dense=True, keyboard_type=ft.KeyboardType.NUMBER)
                           for name in names}
        self.cheques = ft.TextField(label=t("forsale.cheques_revealed"), hint_text=t("forsale.cheques_hint"),
                                    dense=True, keyboard_type=ft.KeyboardType.NUMBER, expand=True)
        self.error = error_text(None)
        self.heading = AppText(size=14)
        self.ties = AppText(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self.needs_property = AppText(size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.TERTIARY)
        self.needs_property_row = tagged("forsale.needs_property", self.needs_property)
        context.on_change(self.refresh)
        self.assigner = ft.Column([
            AppText(t("forsale.properties_played"), size=13),
            ft.Row([tagged(f"forsale.property.{i}", field) for i, field in enumerate(self.properties.values())],
                   wrap=True),
            ft.Row([tagged("forsale.cheques", self.cheques)]),
            primary_button("forsale.assign", t("forsale.assign"), self.assign, icon=ft.Icons.CALL_SPLIT),
            self.error], spacing=8)
        self.control = section(t("forsale.selling_round"), self.heading, self.assigner, self.ties,
                               self.needs_property_row)
        self.refresh(context.model.evaluation)

    def refresh(self, evaluation: Evaluation) -> None:
        t = self.context.t
        sheet = self.context.model.working
        rounds = setup(sheet.get("options", {}), len(sheet["players"]))["rounds"]
        by_totals = any(p.get("cheque_total") is not None for p in sheet["players"])
        done = rounds if by_totals else min(len(p.get("cheques") or []) for p in sheet["players"])
        self.heading.value = (t("forsale.round_of", n=done + 1, total=rounds) if done < rounds
                              else t("forsale.by_totals") if by_totals else t("forsale.all_sold"))
        self.assigner.visible = done < rounds  # cheque totals are entered at the end: nothing left to hand out
        ties = evaluation.result.extras.get("tie_numbers", {}) if evaluation.result else {}
        # the engine's tie number is 100 × coins + highest property: said as the two things a player counts
        self.ties.value = t("forsale.tie_numbers", list=" · ".join(
            t("forsale.tie_player", name=name, coins=t("count.coins", n=number // 100), property=number % 100)
            for name, number in ties.items())) if ties else ""
        # only players whose entries are all made count: a stand-in for one still to come ties with anything
        open_ties = ties_to_break(evaluation.result, evaluation.totals()) if evaluation.result else []
        self.needs_property.value = " ".join(t("forsale.tie_needs_property", names=", ".join(names))
                                             for names in open_ties)
        self.needs_property_row.visible = bool(open_ties)

    def assign(self, e: ft.ControlEvent) -> None:
        t = self.context.t
        try:
            played = {name: parse_numbers(field.value or "") for name, field in self.properties.items()}
            if any(len(v) != 1 for v in played.values()):
                raise AssignError("forsale.error.one_property")
            handed = assign_cheques({n: v[0] for n, v in played.items()}, parse_numbers(self.cheques.value or ""))
        except AssignError as error:
            self.error.value, self.error.visible = t.refusal(error), True
            return

        def hand_out(sheet: dict[str, Any]) -> None:
            for player in sheet["players"]:
                name = player["name"]
                player["cheques"] = [*(player.get("cheques") or []), handed[name]]
                player["properties"] = [*(player.get("properties") or []), played[name][0]]

        evaluation = self.context.model.attempt(hand_out)
        if not evaluation.saveable:
            self.error.value, self.error.visible = t.text(evaluation.error.text), True
            self.context.changed(self.context.model.evaluation)
            return
        self.error.visible = False
        for field in (*self.properties.values(), self.cheques):
            field.value = ""
        self.context.changed(evaluation)
        self.context.rebuild()


def sections(context: GameContext) -> list[ft.Control]:
    return [SellingRound(context).control]


UI = GameUI(sections=sections)
