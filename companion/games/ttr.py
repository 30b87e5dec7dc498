"""Ticket to Ride: Europe: pick tickets by typing a city (accents optional, or in Korean), trains used and left."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from scoring.games.ticket_to_ride_europe import TRAINS, trains_used
from scoring.games.ttr_europe_tickets import Ticket, find_tickets, normalize_city

from ..models.sheet_model import Evaluation
from ..widgets.common import section, tagged
from ..widgets.text import AppText
from .base import GameUI

if TYPE_CHECKING:
    from ..views.sheet import SheetScreen

SHOWN = 6


class TicketPicker:
    def __init__(self, screen: SheetScreen) -> None:
        self.screen = screen
        t = screen.t
        self.query = ft.TextField(label=t("ttr.find_ticket"), hint_text=t("ttr.find_hint"), dense=True,
                                  prefix_icon=ft.Icons.SEARCH, on_change=lambda e: self._search())
        self.results = ft.Column(spacing=0)
        self.trains = AppText(size=14)
        self.express = AppText(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        screen.listeners.append(self.refresh)
        self.refresh(screen.model.evaluation)

    @property
    def player(self) -> dict[str, Any]:
        return self.screen.model.working["players"][self.screen.current]

    def control(self) -> ft.Control:
        t = self.screen.t
        name = self.player["name"]
        return section(t("ttr.tickets_for", name=name), tagged("ttr.find", self.query), self.results,
                       tagged("ttr.trains", self.trains), self.express)

    def refresh(self, evaluation: Evaluation) -> None:
        t = self.screen.t
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
        return ticket.korean_name if self.screen.t.lang == "ko" else ticket.name

    def _subtitle(self, ticket: Ticket) -> ft.Control | None:
        """In Korean the map's spelling goes under the Korean names, as the cards print it."""
        parts = [ticket.name] if self.screen.t.lang == "ko" else []
        if ticket.long:
            parts.append(self.screen.t("ttr.long"))
        return AppText(" · ".join(parts), size=12) if parts else None

    def _add(self, ticket: Ticket) -> None:
        index = self.screen.current
        entry = {"from": ticket.from_city, "to": ticket.to_city, "points": ticket.points, "completed": True}
        evaluation = self.screen.model.attempt(lambda sheet: sheet["players"][index].__setitem__(
            "tickets", [*(sheet["players"][index].get("tickets") or []), entry]))
        if not evaluation.saveable:
            self.screen.app.snack(self.screen.t.text(evaluation.error.text))
            return
        self.query.value = ""
        self.results.controls = []
        self.screen.changed(evaluation)
        self.screen.rebuild()


def sections(screen: SheetScreen) -> list[ft.Control]:
    return [TicketPicker(screen).control()]


UI = GameUI(sections=sections)
