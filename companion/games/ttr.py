"""Ticket to Ride: Europe: pick tickets by typing a city (accents optional, or in Korean), trains used and left."""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring.games.ticket_to_ride_europe import TRAINS, trains_used
from scoring.games.ttr_europe_tickets import Ticket, find_tickets, normalize_city

from ..models.sheet_model import Evaluation
from ..widgets.common import section, tagged
from ..widgets.game_unit import GameContext, GameUI
from ..widgets.text import AppText

SHOWN = 6


class TicketPicker:
    def __init__(self, context: GameContext) -> None:
        self.context = context
        t = context.t
        self.query = ft.TextField(label=t("ttr.find_ticket"), hint_text=t("ttr.find_hint"), dense=True,
                                  prefix_icon=ft.Icons.SEARCH, on_change=lambda e: self._search())
        self.results = ft.Column(spacing=0)
        self.trains = AppText(size=14)
        self.express = AppText(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        context.on_change(self.refresh)
        self.refresh(context.model.evaluation)

    @property
    def player(self) -> dict[str, Any]:
        return self.context.model.working["players"][self.context.player]

    def control(self) -> ft.Control:
        t = self.context.t
        name = self.player["name"]
        return section(t("ttr.tickets_for", name=name), tagged("ttr.find", self.query), self.results,
                       tagged("ttr.trains", self.trains), self.express)

    def refresh(self, evaluation: Evaluation) -> None:
        t = self.context.t
        used = trains_used(self.player.get("routes") or {})
        self.trains.value = (t("ttr.trains", used=used, left=TRAINS - used) if self.player.get("route_points") is None
                             else t("ttr.trains_by_points"))  # route points alone do not say how many trains
        holders = evaluation.result.extras.get("european_express", []) if evaluation.result else []
        self.express.value = t("ttr.express", names=", ".join(holders)) if holders else ""

    def _search(self) -> None:
        text = (self.query.value or "").strip()
        found = find_tickets(text)[:SHOWN] if len(normalize_city(text)) >= 2 else []  # 빈 (Wien) is 3 letters
        self.results.controls = [tagged(f"ttr.pick.{i}", ft.ListTile(
            dense=True, title=AppText(self._title(ticket)), trailing=AppText(str(ticket.points),
                                                                              weight=ft.FontWeight.BOLD),
            subtitle=self._subtitle(ticket), on_click=lambda e, ticket=ticket: self._add(ticket)))
            for i, ticket in enumerate(found)]

    def _title(self, ticket: Ticket) -> str:
        return ticket.korean_name if self.context.t.lang == "ko" else ticket.name

    def _subtitle(self, ticket: Ticket) -> ft.Control | None:
        """In Korean the map's spelling goes under the Korean names, as the cards print it."""
        parts = [ticket.name] if self.context.t.lang == "ko" else []
        if ticket.long:
            parts.append(self.context.t("ttr.long"))
        return AppText(" · ".join(parts), size=12) if parts else None

    def _add(self, ticket: Ticket) -> None:
        index = self.context.player
        entry = {"from": ticket.from_city, "to": ticket.to_city, "points": ticket.points, "completed": True}
        evaluation = self.context.model.attempt(lambda sheet: sheet["players"][index].__setitem__(
            "tickets", [*(sheet["players"][index].get("tickets") or []), entry]))
        if not evaluation.saveable:
            self.context.snack(self.context.t.text(evaluation.error.text))
            return
        self.query.value = ""
        self.results.controls = []
        self.context.changed(evaluation)
        self.context.rebuild()


def sections(context: GameContext) -> list[ft.Control]:
    return [TicketPicker(context).control()]


UI = GameUI(sections=sections)
