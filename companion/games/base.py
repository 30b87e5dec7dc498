"""What a game may add to its generated score sheet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

if TYPE_CHECKING:
    from ..views.sheet import SheetScreen

Sheet = dict[str, Any]


@dataclass(frozen=True)
class GameUI:
    initial: Callable[[Sheet], Sheet] | None = None
    sections: Callable[[SheetScreen], list[ft.Control]] | None = None
    handles: frozenset[str] = frozenset()  # fields the sections draw, so the generic sheet leaves them out
    round_notes: Callable[[SheetScreen, int], list[ft.Control]] | None = None
