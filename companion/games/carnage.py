"""Kharnage: under each round, the play order by initiative and the round's 5/3/1 ranking."""

from __future__ import annotations

import flet as ft

from scoring.games.carnage import placement_points

from ..widgets.game_unit import GameContext, GameUI
from ..widgets.text import AppText


def play_order(entry: dict[str, dict[str, int]]) -> list[str]:
    """Who plays first this round: the lowest initiative first."""
    return sorted(entry, key=lambda name: entry[name].get("initiative", 0))


def round_notes(context: GameContext, index: int) -> list[ft.Control]:
    t = context.t
    entry = context.model.working["rounds"][index]
    names = context.model.names

    def entered(key: str) -> list[int] | None:
        """Every player's value of `key` this round, or None while one is missing (a new round starts blank)."""
        values = [(entry.get(n) or {}).get(key) for n in names]
        return values if all(isinstance(v, int) and not isinstance(v, bool) for v in values) else None

    initiatives = entered("initiative")
    if initiatives is None or len(set(initiatives)) != len(initiatives):
        return [AppText(t("carnage.distinct"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
    order = " → ".join(f"{n} ({entry[n]['initiative']})" for n in play_order(entry))
    notes: list[ft.Control] = [AppText(t("carnage.order", order=order), size=13)]
    if entered("destroyed") is not None:
        points = placement_points(entry)
        ranking = " · ".join(f"{n} {points[n]}" for n in sorted(points, key=points.get, reverse=True))
        notes.append(AppText(t("carnage.ranking", ranking=ranking), size=13, weight=ft.FontWeight.BOLD))
    return notes


UI = GameUI(round_notes=round_notes)
