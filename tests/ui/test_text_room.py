"""Every screen leaves its text room to grow (a long name, the phone's large text, the app's Largest text size):
no box of fixed height holds text, and a text held to a number of lines shows where it was cut. Checked in the
browser at the largest size too (tests/static/test_text_size.py, and screenshots looked at: README)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import flet_charts as fch
import pytest

from companion.app import Services

from .conftest import example
from .harness import Harness

CHARTS = (fch.LineChart, fch.BarChart)  # a chart's axis labels sit in the chart's own fixed height


def routes(services: Services) -> list[str]:
    repo = services.repo
    play = repo.finish_draft(repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})["id"])
    draft = repo.new_draft({"game": "for-sale", "sheet": example("for-sale")})
    return ["/", "/settings", "/history", "/stats", "/new/kahuna", "/quick", "/custom/new", "/games",
            f"/play/{draft['id']}", f"/result/{play['id']}", f"/history/{play['id']}"]


def crowded(ui: Harness) -> list[str]:
    found = []
    for control in ui.walk():
        if isinstance(control, ft.Text) and control.max_lines and control.overflow == ft.TextOverflow.CLIP:
            found.append(f"{control.value!r} cut at {control.max_lines} line(s) with no sign of it")
        height = getattr(control, "height", None)
        if height and not isinstance(control, (ft.Image, ft.Icon, *CHARTS)):
            texts = [c.value for c in ui.walk(control) if isinstance(c, ft.Text) and c.value]
            if texts:
                found.append(f"{type(control).__name__} of height {height} holds {texts[:3]}")
    return found


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_screen_holds_text_in_a_fixed_height_or_cuts_it_silently(open_app: Callable[..., Harness],
                                                                  services: Services, lang: str) -> None:
    for route in routes(services):
        ui = open_app(route, lang)
        ui.settle()
        assert crowded(ui) == [], route
