"""What a game may add to its generated score sheet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

if TYPE_CHECKING:
    from ..views.sheet import SheetScreen

Sheet = dict[str, Any]


def put_event(sheet: Sheet, event: dict[str, Any], index: int | None = None) -> None:
    """Record a turn: appended, or put in place of turn `index` (the engine replays every turn after it)."""
    events = list(sheet.get("events") or [])
    if index is None:
        events.append(event)
    else:
        events[index] = event
    sheet["events"] = events


@dataclass(frozen=True)
class GameUI:
    initial: Callable[[Sheet], Sheet] | None = None
    sections: Callable[[SheetScreen], list[ft.Control]] | None = None
    handles: frozenset[str] = frozenset()  # fields the sections draw, so the generic sheet leaves them out
    round_notes: Callable[[SheetScreen, int], list[ft.Control]] | None = None
