"""The game timer on a score sheet: the time played so far, with Start, Pause and Resume.

It starts by itself with the game's first entry (see `record.with_timer_started_on_entry`), or with Start.
The time shown ticks once a second while the sheet is on screen; what is stored is only the start and the
pauses, so nothing is lost when the phone sleeps or the page reloads.
"""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from ..i18n import Translator
from ..models import record as rec
from ..models.draft import DraftSession
from ..store.play_record import elapsed_seconds, record_of
from .common import icon_button, tagged
from .text import AppText

TICK_S = 1.0


@ft.control
class TickingText(AppText):
    """A text that redraws itself once a second while it is on the page, showing `_source()` (a plain
    attribute, not a field: fields are sent to the browser)."""

    def did_mount(self) -> None:
        super().did_mount()
        self._ticking = True
        self._task = self.page.run_task(self._tick)

    def will_unmount(self) -> None:
        self._ticking = False
        self._task.cancel()  # now, not at its next tick: the session's loop may be gone by then
        super().will_unmount()

    async def _tick(self) -> None:
        while getattr(self, "_ticking", False):
            await asyncio.sleep(TICK_S)
            if not getattr(self, "_ticking", False):
                return
            source = getattr(self, "_source", None)
            shown = source() if source is not None else self.value
            if shown != self.value:
                self.value = shown
                self.update()


class GameTimer:
    def __init__(self, session: DraftSession, t: Translator) -> None:
        self.session = session
        self.t = t
        self.clock = TickingText(self._shown(), size=18, weight=ft.FontWeight.BOLD)
        self.clock._source = self._shown
        self.row = ft.Row(spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        self._draw()

    def control(self) -> ft.Control:
        return tagged("timer", ft.Container(self.row, padding=ft.Padding.only(left=12, right=4), border_radius=12,
                                            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH))

    @property
    def record(self) -> dict[str, Any]:
        return record_of(self.session.draft)

    def _shown(self) -> str:
        return rec.clock(elapsed_seconds(self.record))

    def _draw(self) -> None:
        record = self.record
        self.started = rec.timer_started(record)
        self.clock.value = self._shown()
        if not self.started:
            state, button = self.t("timer.not_started"), icon_button(
                "timer.start", ft.Icons.PLAY_ARROW, self.t("timer.start"), lambda e: self._change(rec.start_timer))
        elif rec.timer_running(record):
            state, button = "", icon_button("timer.pause", ft.Icons.PAUSE, self.t("timer.pause"),
                                            lambda e: self._change(rec.pause_timer))
        else:
            state, button = self.t("timer.paused"), icon_button(
                "timer.resume", ft.Icons.PLAY_ARROW, self.t("timer.resume"), lambda e: self._change(rec.resume_timer))
        self.row.controls = [ft.Icon(ft.Icons.TIMER_OUTLINED, size=20), tagged("timer.clock", self.clock),
                             AppText(state, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True), button]

    def _change(self, step: Any) -> None:
        self.session.save(record=step(self.record))
        self._draw()
        self.row.update()

    def follow(self, evaluation: Any) -> None:
        """After an entry: the first one starts the timer, which then shows Pause instead of Start."""
        if not self.started and rec.timer_started(self.record):
            self._draw()
            self.row.update()


def timer_bar(screen: Any) -> ft.Control:
    """The timer for a stored game in progress (a finished play opened for editing has none)."""
    if not screen.keeps_record:
        return ft.Container(visible=False)
    timer = GameTimer(screen.session, screen.t)
    screen.listeners.append(timer.follow)
    return timer.control()
