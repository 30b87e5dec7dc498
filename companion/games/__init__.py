"""Game-specific pieces of the app, kept small and separate: initial sheet values and extra sheet sections."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import GameSpec

if TYPE_CHECKING:
    from ..views.sheet import SheetScreen

Sheet = dict[str, Any]
INITIALISERS: dict[str, Callable[[Sheet], Sheet]] = {}
SECTIONS: dict[str, Callable[[SheetScreen], list[ft.Control]]] = {}


def initial_sheet(spec: GameSpec, sheet: Sheet) -> Sheet:
    """A new game's sheet, with whatever the game sets up before play (e.g. a coaster layout)."""
    initialise = INITIALISERS.get(spec.id)
    return initialise(sheet) if initialise else sheet


def extra_sections(screen: SheetScreen) -> list[ft.Control]:
    build = SECTIONS.get(screen.spec.id)
    return build(screen) if build else []
