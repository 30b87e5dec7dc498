"""What restoring a damaged file of plays brought back and what it could not: each play named by its day, game and
players, under how it came back (store/recovery.py)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ..i18n import Translator
from ..store.recovery import SOURCES, RestoreReport
from ..store.summary import PlaySummary
from .common import tagged
from .text import AppText


def play_line(t: Translator, summary: PlaySummary, game_name: Callable[[str], str]) -> str:
    return t("restore.play", day=t.date(summary.day()), game=game_name(summary.game),
             players=", ".join(summary.players))


def restore_report(t: Translator, report: RestoreReport, game_name: Callable[[str], str]) -> ft.Control:
    """The report as lines: the plays that came back, by source (most complete first), then the plays lost."""
    lines: list[ft.Control] = []

    def group(key: str, summaries: list[PlaySummary], colour: ft.ColorValue | None = None) -> None:
        if summaries:
            lines.append(tagged(key, AppText(t(key, n=len(summaries)), weight=ft.FontWeight.BOLD, color=colour)))
            lines.extend(AppText(play_line(t, s, game_name), size=13) for s in summaries)

    for source in SOURCES:
        group(f"restore.back.{source}", [summary for summary, how in report.back if how == source])
    group("restore.lost", report.lost, ft.Colors.ERROR)
    if report.unnamed_lost:
        lines.append(tagged("restore.unnamed_lost", AppText(t("restore.unnamed_lost", n=report.unnamed_lost),
                                                            weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR)))
    return tagged("restore.report", ft.Column(lines, spacing=4, tight=True, scroll=ft.ScrollMode.AUTO))
