"""What more than one game's piece does to a sheet."""

from __future__ import annotations

from typing import Any

from ..widgets.game_unit import Sheet


def put_event(sheet: Sheet, event: dict[str, Any], index: int | None = None) -> None:
    """Record a turn: appended, or put in place of turn `index` (the engine replays every turn after it)."""
    events = list(sheet.get("events") or [])
    if index is None:
        events.append(event)
    else:
        events[index] = event
    sheet["events"] = events
