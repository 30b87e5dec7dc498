"""Every text the app makes names the app's font itself (companion/widgets/text.py says why)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import flet as ft
import pytest

from companion.theme import FONT

from .harness import Harness

COMPANION = Path(__file__).resolve().parents[2] / "companion"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_text_and_button_label_of_the_home_names_the_apps_font(open_app: Callable[..., Harness],
                                                                       lang: str) -> None:
    ui = open_app(lang=lang)
    texts = [control for control in ui.walk() if isinstance(control, ft.Text)]
    assert len(texts) >= 9 * 3  # three on each game's card
    assert [t.value for t in texts if t.font_family != FONT] == []
    buttons = [control for control in ui.walk() if isinstance(control, ft.FilledButton | ft.OutlinedButton)]
    assert buttons and all(isinstance(b.content, ft.Text) for b in buttons)


def test_no_text_in_the_apps_code_is_made_without_the_font() -> None:
    """`ft.Text(...)` would take its font from the theme only: AppText is the app's Text."""
    made = [f"{path.relative_to(COMPANION)}:{node.lineno}"
            for path in sorted(COMPANION.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "Text"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "ft"]
    assert made == []
