"""A finished play's record on its detail screen: duration, place, note, who started, teams and which won, the
expansions, first plays, eliminations, an early end; editing them (the game's expansions offered); and sending the
play to the BG Stats app."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scoring.engine import MAX_NAME_LENGTH
from scoring.teams import TEAMS

from ..i18n import Translator
from ..models import record as rec
from ..store.bgstats import add_play_url
from ..store.bgstats_teams import unnamed_team_number
from ..store.expansions import expansions_of_game
from ..store.play_record import (
    MAX_EXPANSION_NAME,
    MAX_EXPANSIONS,
    duration_of,
    eliminated_in,
    expansions_of,
    record_fault,
    record_of,
    team_members,
    teams_of,
    typed_expansions,
    winning_teams,
)
from ..store.repository import Repository
from ..store.summary import current_result
from .common import error_text, secondary_button, section, tagged
from .text import AppText

LOCATION_CHOICES = 6


def duration_text(t: Translator, minutes: int | None) -> str:
    if minutes is None:
        return "–"
    hours, rest = divmod(minutes, 60)
    return t("record.hours_minutes", h=hours, m=rest) if hours else t("record.minutes", m=rest)


def record_filters(repo: Repository, t: Translator, place: str | None, note: str | None,
                   choose: Callable[..., None]) -> list[ft.Control]:
    """The history's filters by place and by words of a note: none until some play has a place or a note."""
    places = rec.recent_locations(repo)
    if place and place not in places:
        places.append(place)
    if not places and not note and not rec.any_note(repo):
        return []
    controls: list[ft.Control] = []
    if places:
        controls.append(tagged("history.filter.location", ft.Dropdown(
            label=t("record.location"), value=place or "", dense=True, expand=True,
            options=[ft.DropdownOption(key="", text=t("history.all_places")),
                     *[ft.DropdownOption(key=p, text=p) for p in places]],
            on_select=lambda e: choose(location=e.control.value or None))))
    controls.append(tagged("history.filter.note", ft.TextField(
        label=t("history.note_search"), value=note or "", dense=True, expand=True, prefix_icon=ft.Icons.SEARCH,
        on_submit=lambda e: choose(note=(e.control.value or "").strip() or None))))
    return [ft.Row(controls)]


class PlayRecordPanel:
    """`screen` has `app`, `t`, `play` (the stored play) and `rebuild()`."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.t: Translator = screen.t
        self.repo: Repository = screen.app.repo
        self.play: dict[str, Any] = screen.play

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in current_result(self.play)["players"]]

    def control(self) -> ft.Control:
        t, play = self.t, self.play
        record = record_of(play)
        lines = [self._line("record.duration", ft.Icons.TIMER_OUTLINED, duration_text(t, duration_of(play))),
                 self._line("record.location", ft.Icons.PLACE_OUTLINED, record.get("location") or "–"),
                 self._line("record.start_player", ft.Icons.FLAG_OUTLINED, rec.start_player(play, self.names) or "–")]
        lines += self._teams()
        expansions = [e["name"] for e in expansions_of(play)]
        if expansions:
            lines.append(self._line("record.expansions", ft.Icons.EXTENSION_OUTLINED, ", ".join(expansions)))
        first = rec.new_players(self.repo, play)
        if first:
            lines.append(self._line("record.new_players", ft.Icons.FIBER_NEW_OUTLINED, ", ".join(first)))
        out = eliminated_in(play)
        if out:
            lines.append(self._line("record.eliminated", ft.Icons.DANGEROUS_OUTLINED, ", ".join(out)))
        if rec.ended_early(play):
            lines.append(tagged("record.ended_early", AppText(t("record.ended_early"), size=13)))
        if record.get("ignored"):  # BG Stats' "ignore": kept, left out of statistics as there
            lines.append(tagged("record.not_counted", AppText(t("history.not_counted"), size=13)))
        if record.get("note"):
            lines.append(tagged("record.note", AppText(record["note"], size=14, selectable=True)))
        if rec.is_imported(play):
            lines.append(AppText(t("record.recovered" if play.get("recovered") else "record.imported"), size=12,
                                 color=ft.Colors.ON_SURFACE_VARIANT))
        buttons = ft.Row([
            secondary_button("record.edit", t("record.edit"), self._edit, icon=ft.Icons.EDIT_NOTE),
            secondary_button("record.send_bgstats", t("record.send_bgstats"), icon=ft.Icons.SEND,
                             action=ft.OpenUrl(add_play_url(play, {p["name"]: p["id"] for p in self.repo.players()}))),
        ], wrap=True)
        return tagged("record", section(t("record.title"), *lines, buttons))

    def _line(self, key: str, icon: ft.IconData, value: str) -> ft.Control:
        return tagged(key, ft.Row([ft.Icon(icon, size=18), AppText(self.t(key), size=13, width=150),
                                   AppText(value, size=14, expand=True, selectable=True)], spacing=8), value)

    def _team_name(self, team: str) -> str:
        """A team as the page names it: BG Stats' unnamed teams ("0", "1") as "Team 1", "Team 2"."""
        number = unnamed_team_number(self.play, team)
        return team if number is None else self.t("new.team_n", n=number)

    @property
    def scored_by_teams(self) -> bool:
        """A team game of one's own: the engine ranked its teams, which the result above shows (and its sheet,
        not this record, holds them)."""
        return bool((current_result(self.play).get("extras") or {}).get(TEAMS))

    def _teams(self) -> list[ft.Control]:
        """Each team with its players, and the team of the winners, for a play whose teams only its record holds."""
        if self.scored_by_teams:
            return []
        lines: list[ft.Control] = [
            tagged(f"record.team.{n}", ft.Row([ft.Icon(ft.Icons.GROUPS_OUTLINED, size=18),
                                               AppText(self._team_name(team), size=13, width=150),
                                               AppText(", ".join(players), size=14, expand=True, selectable=True)],
                                              spacing=8), f"{self._team_name(team)}: {', '.join(players)}")
            for n, (team, players) in enumerate(team_members(self.play).items())]
        won = winning_teams(self.play)
        if won:
            lines.append(tagged("record.team_won", AppText(
                self.t("record.team_won", team=", ".join(self._team_name(team) for team in won)),
                size=14, weight=ft.FontWeight.BOLD)))
        return lines

    # ---- editing -----------------------------------------------------------------------------------

    def _edit(self, e: ft.ControlEvent) -> None:
        t = self.t
        record = record_of(self.play)
        minutes = duration_of(self.play)
        self.duration = ft.TextField(label=t("record.duration_field"), value="" if minutes is None else str(minutes),
                                     keyboard_type=ft.KeyboardType.NUMBER, dense=True)
        self.location = ft.TextField(label=t("record.location"), value=record.get("location") or "", dense=True,
                                     max_length=rec.MAX_LOCATION)
        choices = [tagged(f"record.location_choice.{i}", ft.Chip(label=AppText(place),
                                                                 on_click=lambda ev, p=place: self._pick(p)))
                   for i, place in enumerate(rec.recent_locations(self.repo)[:LOCATION_CHOICES])]
        self.note = ft.TextField(label=t("record.note"), value=record.get("note") or "", multiline=True,
                                 min_lines=2, max_lines=5, max_length=rec.MAX_NOTE)
        self.starter = ft.Dropdown(label=t("record.start_player"), value=rec.start_player(self.play, self.names),
                                   options=[ft.DropdownOption(key=n, text=n) for n in self.names], dense=True)
        teams = {name: self._team_name(team) for name, team in teams_of(self.play).items()}
        self.teams = {} if self.scored_by_teams else {
            name: ft.TextField(label=name, value=teams.get(name, ""), dense=True, expand=True,
                               max_length=MAX_NAME_LENGTH) for name in self.names}
        self.expansions = ft.TextField(label=t("record.expansions_field"), multiline=True, min_lines=1, max_lines=5,
                                       value="\n".join(e["name"] for e in expansions_of(self.play)))
        self.offered = expansions_of_game(self.repo, self.play["game"])
        offers = [tagged(f"record.expansion_offer.{i}", ft.Chip(label=AppText(e["name"]),
                                                               leading=ft.Icon(ft.Icons.ADD, size=16),
                                                               on_click=lambda ev, n=e["name"]: self._add_expansion(n)))
                  for i, e in enumerate(self.offered)]
        self.error = error_text(None)
        self.dialog = ft.AlertDialog(
            title=AppText(t("record.edit_title")),
            content=ft.Column([tagged("record.field.duration", self.duration),
                               tagged("record.field.location", self.location), ft.Row(choices, wrap=True),
                               tagged("record.field.note", self.note), tagged("record.field.start", self.starter),
                               *([AppText(t("record.teams_field"), size=13)] if self.teams else []),
                               *[tagged(f"record.field.team.{n}", box) for n, box in enumerate(self.teams.values())],
                               tagged("record.field.expansions", self.expansions), ft.Row(offers, wrap=True),
                               self.error], tight=True, width=360),
            scrollable=True,
            actions=[tagged("record.cancel", ft.TextButton(t("common.cancel"),
                                                           on_click=lambda ev: self.screen.app.close_dialog())),
                     tagged("record.save", ft.FilledButton(t("record.save"), on_click=self._save))])
        self.screen.app.show_dialog(self.dialog)

    def _with_teams_and_expansions(self, record: rec.Record) -> rec.Record:
        """Raises RecordError."""
        shown = {self._team_name(team): team for team in teams_of(self.play).values()}  # kept as it came
        teams = teams_of(self.play) if self.scored_by_teams else {
            name: shown.get(team, team) for name, field in self.teams.items()
            if (team := " ".join((field.value or "").split()))}
        expansions = typed_expansions(self.expansions.value or "", [*self.offered, *expansions_of(self.play)])
        out = {key: value for key, value in record.items() if key not in ("teams", "expansions")}
        if teams:
            out["teams"] = teams
        if expansions:
            out["expansions"] = expansions
        fault = record_fault(out)
        if fault == "record.teams":
            raise rec.RecordError("record.error.team", n=MAX_NAME_LENGTH)
        if fault is not None:
            raise rec.RecordError("record.error.expansions", count=MAX_EXPANSIONS, n=MAX_EXPANSION_NAME)
        return out

    def _add_expansion(self, name: str) -> None:
        """An expansion of the game, offered, taken into the field (once)."""
        lines = [line for line in (self.expansions.value or "").splitlines() if line.strip()]
        if name not in (" ".join(line.split()) for line in lines):
            self.expansions.value = "\n".join([*lines, name])
            self.expansions.update()

    def _pick(self, place: str) -> None:
        self.location.value = place
        self.location.update()

    def _save(self, e: ft.ControlEvent) -> None:
        try:
            text = (self.duration.value or "").strip()
            changes: dict[str, Any] = {"location": self.location.value or "", "note": self.note.value or "",
                                       "start_player": self.starter.value or None}
            if text:
                changes["duration_min"] = rec.parse_minutes(text)
            record = self._with_teams_and_expansions(rec.edited(record_of(self.play), **changes))
        except rec.RecordError as error:
            self.error.value, self.error.visible = self.t.refusal(error), True
            self.error.update()
            return
        if not text:
            record.pop("duration_min", None)
        self.screen.play = self.repo.update_play(self.play["id"], lambda play: {**play, "record": record})
        self.screen.app.close_dialog(then=self.screen.rebuild)
