"""History: finished plays newest first, paged, filtered; a play's detail; editing and deleting with undo."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import SheetError, Typed, Words, spec_for_sheet

from ..i18n import Translator
from ..models.sheet_model import SheetStore, UnsavedSheet
from ..store.repository import HistoryPage
from ..store.stats import PERIODS, period_start
from ..store.summary import PlaySummary
from ..widgets.common import icon_button, secondary_button, section, shown_value, tagged
from ..widgets.play_record import PlayRecordPanel, record_filters
from ..widgets.text import AppText
from .base import Screen, empty_state
from .result import ResultScreen
from .sheet import SheetScreen
from .timefmt import day_and_time

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

PAGE_SIZE = 20
BRIEF_EXPANSIONS = 2  # named on a history line
FLOATING_LABEL = 12  # how far a field's label rises above its border, at the largest text size


@dataclass(frozen=True)
class HistoryFilter:
    game: str | None = None
    player: str | None = None
    period: str = "all"
    since: date | None = None
    until: date | None = None
    location: str | None = None
    note: str | None = None

    def dates(self, today: date) -> tuple[date | None, date | None]:
        if self.period == "custom":
            return self.since, self.until
        return period_start(self.period, today), None


class HistoryScreen(Screen):
    top_level = True

    def __init__(self, app: ScreenApp, route: str) -> None:
        super().__init__(app, route)
        self.filter = app.history_filter or HistoryFilter()
        self.items: list[PlaySummary] = []
        self.has_more = False
        self._load(reset=True)

    def title(self) -> str:
        return self.t("history.title")

    def _load(self, reset: bool = False) -> None:
        since, until = self.filter.dates(date.today())
        page: HistoryPage = self.app.repo.history_page(game=self.filter.game, player=self.filter.player, since=since,
                                                       until=until, location=self.filter.location,
                                                       note=self.filter.note,
                                                       offset=0 if reset else len(self.items),
                                                       limit=PAGE_SIZE)
        self.items = page.items if reset else [*self.items, *page.items]
        self.has_more = page.has_more

    def content(self) -> list[ft.Control]:
        rows: list[ft.Control] = [self._row(s) for s in self.items]
        if not rows:
            rows = [empty_state("history.empty", ft.Icons.HISTORY, self.t("history.empty"))]
        if self.has_more:
            rows.append(secondary_button("history.more", self.t("history.more"), self._more, icon=ft.Icons.EXPAND_MORE))
        return [self._filters(), *rows]

    def _filters(self) -> ft.Control:
        t = self.t
        games = ft.Dropdown(label=t("history.game"), value=self.filter.game or "", dense=True, expand=True,
                            options=[ft.DropdownOption(key="", text=t("history.all_games")),
                                     *[ft.DropdownOption(key=s.id, text=t.text(s.name))
                                       for s in self.app.games.specs()]],
                            on_select=lambda e: self._set(game=e.control.value or None))
        players = ft.Dropdown(label=t("history.player"), value=self.filter.player or "", dense=True, expand=True,
                              options=[ft.DropdownOption(key="", text=t("history.all_players")),
                                       *[ft.DropdownOption(key=p["name"], text=p["name"])
                                         for p in self.app.repo.players()]],
                              on_select=lambda e: self._set(player=e.control.value or None))
        periods = ft.Dropdown(label=t("history.period"), value=self.filter.period, dense=True, expand=True,
                              options=[ft.DropdownOption(key=p, text=t(f"period.{p}")) for p in [*PERIODS, "custom"]],
                              on_select=lambda e: self._period(e.control.value or "all"))
        # One filter a row: two side by side cut their choice at a large text size ('Alle Spie' in German).
        parts: list[ft.Control] = [ft.Row([tagged("history.filter.game", games)]),
                                   ft.Row([tagged("history.filter.player", players)]),
                                   *record_filters(self.app.repo, t, self.filter.location, self.filter.note,
                                                   lambda **changes: self._set(**changes)),
                                   ft.Row([tagged("history.filter.period", periods)])]
        if self.filter.period == "custom":
            since, until = self.filter.since, self.filter.until
            label = t("history.range", since=t.date(since) if since else "…", until=t.date(until) if until else "…")
            parts.append(secondary_button("history.pick_dates", label, self._pick_dates, icon=ft.Icons.DATE_RANGE))
        # Room above for the first field's label, which sits on its border: the scrolling list cut its top off.
        return ft.Container(ft.Column(parts, spacing=8), padding=ft.Padding.only(top=FLOATING_LABEL))

    def _row(self, summary: PlaySummary) -> ft.Control:
        name = self.app.games.name_of(summary.game)
        when = day_and_time(self.t, summary.started_at or summary.finished_at)  # a play is dated by its start
        lines: list[ft.Control] = [AppText(" · ".join(filter(None, (when, summary.location, self._scores(summary)))),
                                           size=13)]
        if summary.expansions:  # briefly: the first two, then an ellipsis
            shown = ", ".join(summary.expansions[:BRIEF_EXPANSIONS])
            lines.append(tagged(f"history.expansions.{summary.id}", AppText(self.t(
                "history.expansions", names=shown + ("…" if len(summary.expansions) > BRIEF_EXPANSIONS else "")),
                size=12, color=ft.Colors.ON_SURFACE_VARIANT)))
        if not summary.finished:
            lines.append(AppText(self.t("history.ended_early"), size=12, italic=True,
                                 color=ft.Colors.ON_SURFACE_VARIANT))
        if not summary.counted:
            lines.append(tagged(f"history.not_counted.{summary.id}", AppText(
                self.t("history.not_counted"), size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)))
        tile = ft.ListTile(leading=self.badge(summary.game, 40), title=AppText(self.t.text(name),
                                                                           weight=ft.FontWeight.BOLD),
                           subtitle=ft.Column(lines, spacing=2, tight=True),
                           on_click=lambda e: self.app.go(f"/history/{summary.id}"))
        return tagged(f"history.play.{summary.id}", ft.Card(tile, margin=0))

    def _scores(self, summary: PlaySummary) -> str:
        """Best first: a star for each winner; an eliminated player's total is not a score, so 'out' stands; a play
        without points says who won, and no zeros."""
        def one(name: str) -> str:
            if name in summary.eliminated:
                return self.t("history.player_out", name=name)
            named = f"{'★ ' if name in summary.winners else ''}{name}"
            return f"{named} {self.t.number(summary.totals[name])}" if summary.points else named

        return " · ".join(one(n) for group in summary.ranking for n in group)

    def _set(self, **changes: Any) -> None:
        self.filter = replace(self.filter, **changes)
        self.app.history_filter = self.filter
        self._load(reset=True)
        self.rebuild()

    def _period(self, period: str) -> None:
        self._set(period=period)

    def _more(self, e: ft.ControlEvent) -> None:
        self._load()
        self.rebuild()

    def _pick_dates(self, e: ft.ControlEvent) -> None:
        picker = ft.DateRangePicker(
            start_value=self.filter.since, end_value=self.filter.until, first_date=date(2000, 1, 1),
            last_date=date.today() + timedelta(days=1),
            on_change=lambda ev: self._set(since=_as_date(ev.control.start_value),
                                           until=_as_date(ev.control.end_value)))
        self.app.page.show_dialog(picker)


def play_title(t: Translator, play: dict[str, Any]) -> str:
    """'For Sale · Tue, Dec 1, 8:14 PM': tells two plays of the same evening apart."""
    return t("history.play_title", game=t.text(spec_for_sheet(play["sheet"]).name),
             when=day_and_time(t, play.get("started_at") or play["finished_at"]))


def _as_date(value: Any) -> date | None:
    if value is None:
        return None
    return value.date() if hasattr(value, "date") else value


class PlayDetailScreen(ResultScreen):
    """A finished play from the history: the result, its chart, the full sheet, edit and delete."""

    def title(self) -> str:
        # The game's name is in the banner below; a phone's app bar has no room for the weekday in Korean.
        return day_and_time(self.t, self.play.get("started_at") or self.play["finished_at"], weekday=False)

    def actions(self) -> list[ft.Control]:
        return [icon_button("history.edit", ft.Icons.EDIT, self.t("history.edit"),
                            lambda e: self.app.go(f"{self.route}/edit")),
                icon_button("history.share", ft.Icons.SHARE, self.t("share.button"), self._share),
                icon_button("history.delete", ft.Icons.DELETE_OUTLINE, self.t("history.delete"), self._delete)]

    def content(self) -> list[ft.Control]:
        parts = super().content()
        sheet = self._sheet_section()
        if sheet is not None:
            parts.insert(-1, sheet)
        parts.insert(2, PlayRecordPanel(self).control())
        return parts

    def _sheet_section(self) -> ft.Control | None:
        """What was entered: each player's entries (a player with none, as in a game of turns, is no line), the
        game's, the rounds, the count of turns; None when there is nothing (a play imported with totals only)."""
        sheet = self.play["sheet"]
        lines: list[ft.Control] = []
        for player in sheet["players"]:
            values = [f"{self.t.text(_field_name(self.spec.player_fields, k))}: {shown_value(v)}"
                      for k, v in player.items() if k != "name" and v not in (None, [], {})]
            if values:
                lines.append(AppText(f"{player['name']} — " + "; ".join(values), size=13, selectable=True))
        for key in (f.key for f in self.spec.game_fields):
            if sheet.get(key) not in (None, [], {}):
                name = self.t.text(_field_name(self.spec.game_fields, key))
                lines.append(AppText(f"{name}: {shown_value(sheet[key])}", size=13, selectable=True))
        for i, entry in enumerate(sheet.get("rounds") or []):
            lines.append(AppText(self.t("sheet.round_n", n=i + 1) + ": " + "; ".join(
                f"{n} {shown_value(v)}" for n, v in entry.items()), size=13, selectable=True))
        if sheet.get("events"):
            lines.append(AppText(self.t("history.events", n=len(sheet["events"])), size=13))
        return section(self.t("history.sheet"), *lines) if lines else None

    def _delete(self, e: ft.ControlEvent) -> None:
        removed = self.app.repo.delete_play(self.play["id"])
        self.app.go("/history")
        if removed is None:
            return

        self.app.offer_undo(self.t("history.deleted", play=play_title(self.t, removed)),
                            lambda: self.app.repo.restore_play(removed))


def _field_name(fields: Any, key: str) -> Words:
    return next((f.name for f in fields if f.key == key), Typed(key))


class EditPlayScreen(SheetScreen):
    """A finished play's sheet, opened again: saved (and scored again) only with 'Save changes'."""

    def __init__(self, app: ScreenApp, route: str, play: dict[str, Any]) -> None:
        self.play = play
        draft = {"id": play["id"], "game": play["game"], "sheet": play["sheet"]}
        super().__init__(app, route, draft)

    keeps_record = False

    def sheet_store(self) -> SheetStore:
        """Nothing is stored while editing; undo steps back through this screen's own edits."""
        return UnsavedSheet(self.play["sheet"])

    def title(self) -> str:
        return self.t("history.editing", game=self.t.text(self.spec.name))

    def actions(self) -> list[ft.Control]:
        self.undo_button.content.tooltip = self.t("sheet.undo")  # type: ignore[union-attr]
        return [self.undo_button]

    def _now_banner(self) -> ft.Control:
        return ft.Container(visible=False)  # a finished play has no "what now"

    def bottom(self) -> ft.Control:
        control = super().bottom()
        self.finish_button.content.content = self.t("history.save")  # type: ignore[union-attr]
        return control

    def _store_play(self) -> None:
        try:
            self.app.repo.edit_play(self.play["id"], self.model.sheet())
        except SheetError as error:
            self.app.snack(self.t.text(error.text))
            return
        self.app.go(f"/history/{self.play['id']}")

    def _finish(self, e: ft.ControlEvent) -> None:
        if self.model.evaluation.complete:
            self._store_play()
