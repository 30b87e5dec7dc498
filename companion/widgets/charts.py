"""Charts: scores by round and a player's trend in a game with flet-charts, wins per player as bars under names.

Scores are whole numbers, so every axis is too: a "nice" whole step (1, 2, 5 times a power of ten) chosen
from the range so that about five labels fit, ends of the range rounded out to that step (no extra label
for a maximum between two ticks), labels and tooltips written as the player's locale writes integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft
import flet_charts as fch

from ..i18n import Translator
from .common import tagged
from .text import AppText

SERIES_COLOURS = ("#E63946", "#1D70A2", "#2A9D8F", "#F4A261", "#7B5EA7", "#6D2E46", "#3A7D44", "#B5838D")
HEIGHT = 220
Y_TICKS = 5  # about this many labels on a value axis
X_TICKS = 8  # a phone has room for about eight labels across
LABEL_SIZE = 11
EDGE = 16  # room right of the plot for the last x label, which is centred on the edge (and above, the top y label)
BAR_HEIGHT = 14  # a player's bar of wins
COUNT_WIDTH = 40  # room for the number of wins right of the bar


@dataclass(frozen=True)
class Scale:
    low: int
    high: int
    step: int

    def ticks(self) -> range:
        return range(self.low, self.high + 1, self.step)


def nice_step(span: float, ticks: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50... that cuts `span` into at most `ticks` steps."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            if span <= factor * magnitude * ticks:
                return factor * magnitude
        magnitude *= 10


def scale(values: Sequence[float], ticks: int = Y_TICKS) -> Scale:
    """A whole-number axis that holds every value and 0, both ends on a tick."""
    low, high = min(0, *values), max(0, *values)
    step = nice_step(max(high - low, 1), ticks)
    bottom = int(low // step * step)
    return Scale(bottom, max(int(-(-high // step) * step), bottom + step), step)


def _value_axis(t: Translator, s: Scale) -> fch.ChartAxis:
    text = [t.short_number(v) for v in s.ticks()]
    labels = [fch.ChartAxisLabel(value=v, label=AppText(text[i], size=LABEL_SIZE, no_wrap=True))
              for i, v in enumerate(s.ticks())]
    return fch.ChartAxis(labels=labels, label_spacing=s.step, label_size=max(24, 7 * max(map(len, text)) + 8))


def _step_axis(t: Translator, first: int, count: int, title: str,
               final: str | None = None) -> tuple[fch.ChartAxis, int]:
    """The x axis of steps first..count, labelled at whole multiples of a nice step (0 is the start of a game).

    With `final` the last step carries that word (it is the final scoring, not one more round)."""
    step = nice_step(max(count - first, 1), X_TICKS)
    ticks = [v for v in range(step, count + 1, step) if v >= first]  # none at 0: the y axis has a 0 there
    if final is not None and ticks[-1] != count:
        ticks = [*(v for v in ticks if count - v >= step / 2), count]
    text = [t.number(v) for v in ticks]
    if final is not None:
        text[-1] = final
    labels = [fch.ChartAxisLabel(value=v, label=AppText(text[i], size=LABEL_SIZE, no_wrap=True))
              for i, v in enumerate(ticks)]
    return fch.ChartAxis(labels=labels, label_spacing=step, label_size=24, show_min=ticks[0] == first,
                         show_max=ticks[-1] == count, title=AppText(title, size=LABEL_SIZE), title_size=20), step


def _grid(step: int) -> fch.ChartGridLines:
    return fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=0.5)


def _point(t: Translator, x: int, y: int) -> fch.LineChartDataPoint:
    return fch.LineChartDataPoint(x, y, tooltip=fch.LineChartDataPointTooltip(text=t.number(y)))


def _line_chart(t: Translator, series: list[list[int]], x_title: str, final: str | None = None,
                first_x: int = 0) -> ft.Container:
    """Lines over steps first_x.. of whole-number values, in the series colours."""
    count = max(len(values) for values in series) - 1 + first_x
    y = scale([v for values in series for v in values])
    bottom, x_step = _step_axis(t, first_x, count, x_title, final)
    data = [fch.LineChartData(points=[_point(t, first_x + i, v) for i, v in enumerate(values)],
                              color=SERIES_COLOURS[k % len(SERIES_COLOURS)], stroke_width=3, point=True)
            for k, values in enumerate(series)]
    chart = fch.LineChart(data_series=data, height=HEIGHT, left_axis=_value_axis(t, y), bottom_axis=bottom,
                          min_x=first_x, max_x=max(count, first_x + 1), min_y=y.low, max_y=y.high,
                          horizontal_grid_lines=_grid(y.step), vertical_grid_lines=_grid(x_step),
                          tooltip=fch.LineChartTooltip(fit_inside_horizontally=True, fit_inside_vertically=True))
    return ft.Container(chart, padding=ft.Padding.only(top=LABEL_SIZE, right=EDGE))


def score_by_round(t: Translator, steps: list[dict[str, int]], names: list[str], x_title: str,
                   final: str | None = None) -> ft.Container:
    """One line per player: 0 at the start, then the running total after each step. With `final`, the last
    step is the final scoring and is labelled with that word."""
    return _line_chart(t, [[0, *[step.get(name, 0) for step in steps]] for name in names], x_title, final)


def trend(t: Translator, scores: list[int], x_title: str) -> ft.Container:
    """A player's scores in one game, play 1, 2, 3... oldest first."""
    return _line_chart(t, [scores], x_title, first_x=1)


def legend(names: list[str]) -> ft.Row:
    return ft.Row([ft.Row([ft.Container(width=12, height=12, border_radius=6,
                                        bgcolor=SERIES_COLOURS[k % len(SERIES_COLOURS)]),
                           AppText(name, size=12)], spacing=4, tight=True) for k, name in enumerate(names)],
                  wrap=True, spacing=12)


def wins_per_player(t: Translator, wins: dict[str, int], most: int = 8) -> ft.Column:
    """The players with the most wins, each a bar under their name in full, longest bar the most wins. Names under
    upright bars had a phone's width shared out between them: cut to a few letters, they ran into each other."""
    names = sorted(wins, key=lambda name: -wins[name])[:most]
    top = max([1, *(wins[name] for name in names)])
    rows: list[ft.Control] = []
    for i, name in enumerate(names):
        won = wins[name]
        bar = ft.Row([*([ft.Container(height=BAR_HEIGHT, border_radius=4, expand=won,
                                      bgcolor=SERIES_COLOURS[i % len(SERIES_COLOURS)])] if won else []),
                      *([ft.Container(height=BAR_HEIGHT, expand=top - won)] if top > won else [])],
                     spacing=0, expand=True)
        rows.append(tagged(f"stats.wins.{name}", ft.Column([
            AppText(name, size=13),
            ft.Row([bar, AppText(t.number(won), size=13, weight=ft.FontWeight.BOLD, width=COUNT_WIDTH,
                                 text_align=ft.TextAlign.END)], spacing=8),
        ], spacing=2), f"{name}: {t.number(won)}"))
    return ft.Column(rows, spacing=10)
