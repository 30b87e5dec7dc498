"""Charts with flet-charts: scores by round, wins per player, a player's trend in a game."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

SERIES_COLOURS = ("#E63946", "#1D70A2", "#2A9D8F", "#F4A261", "#7B5EA7", "#6D2E46", "#3A7D44", "#B5838D")
HEIGHT = 220


def _axis(title: str | None = None, step: float | None = None) -> fch.ChartAxis:
    return fch.ChartAxis(label_size=40, title=ft.Text(title, size=11) if title else None,
                         title_size=20 if title else 0, label_spacing=step)


def score_by_round(progress: list[dict[str, int]], names: list[str], x_title: str) -> fch.LineChart:
    """One line per player: the running total after each round or turn."""
    series = [fch.LineChartData(
        points=[fch.LineChartDataPoint(0, 0), *[fch.LineChartDataPoint(i + 1, step.get(name, 0))
                                                for i, step in enumerate(progress)]],
        color=SERIES_COLOURS[k % len(SERIES_COLOURS)], stroke_width=3, curved=False, point=True)
        for k, name in enumerate(names)]
    return fch.LineChart(data_series=series, height=HEIGHT, left_axis=_axis(),
                         bottom_axis=_axis(x_title, step=_whole_step(len(progress))),
                         horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=0.5),
                         min_x=0, max_x=max(len(progress), 1))


def _whole_step(count: int) -> int:
    """Whole-number ticks on the x axis, at most about eight of them."""
    return max(1, -(-count // 8))


def legend(names: list[str]) -> ft.Row:
    return ft.Row([ft.Row([ft.Container(width=12, height=12, border_radius=6,
                                        bgcolor=SERIES_COLOURS[k % len(SERIES_COLOURS)]),
                           ft.Text(name, size=12)], spacing=4, tight=True) for k, name in enumerate(names)],
                  wrap=True, spacing=12)


def wins_per_player(wins: dict[str, int], most: int = 8) -> fch.BarChart:
    """The players with the most wins (a phone has room for about eight bars)."""
    names = sorted(wins, key=lambda name: -wins[name])[:most]
    groups = [fch.BarChartGroup(x=i, rods=[fch.BarChartRod(to_y=wins[name], width=22, border_radius=4,
                                                           color=SERIES_COLOURS[i % len(SERIES_COLOURS)],
                                                           tooltip=f"{name}: {wins[name]}")])
              for i, name in enumerate(names)]
    labels = [fch.ChartAxisLabel(value=i, label=ft.Text(name[:8], size=11)) for i, name in enumerate(names)]
    return fch.BarChart(groups=groups, height=HEIGHT, left_axis=_axis(),
                        bottom_axis=fch.ChartAxis(labels=labels, label_size=28),
                        max_y=max([*wins.values(), 1]) + 1,
                        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=0.5))


def trend(scores: list[int], x_title: str) -> fch.LineChart:
    points = [fch.LineChartDataPoint(i + 1, score) for i, score in enumerate(scores)]
    return fch.LineChart(data_series=[fch.LineChartData(points=points, color=SERIES_COLOURS[1], stroke_width=3,
                                                        point=True)],
                         height=HEIGHT, left_axis=_axis(), bottom_axis=_axis(x_title, step=_whole_step(len(scores))),
                         min_x=0,
                         max_x=max(len(scores), 1) + 1,
                         horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=0.5))
