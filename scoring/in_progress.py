"""A sheet of a game still being played: required fields may be empty; everything entered must obey the rules.

`evaluate_in_progress` scores such a sheet with the empty fields filled by neutral values (no counts, the
first choice), which is what the score sheet shows while playing and what may be saved (and imported).
"""

from __future__ import annotations

import copy
from typing import Any

from .engine import Result, score_sheet
from .errors import SheetError
from .fields import Bool, Choice, Field, Int, Kind, ListOf, PerPlayer, PlayerRef, Record, Str, Variants
from .spec import GameSpec

FieldPath = tuple[str | int, ...]


def empty_value(kind: Kind, names: list[str]) -> Any:
    """A fresh value for a new list item, round or event: empty counts, first choice."""
    if isinstance(kind, Int):
        empty = kind.empty()
        return kind.min if empty is None else empty
    if isinstance(kind, Bool):
        return False
    if isinstance(kind, Choice):
        return kind.allowed[0]
    if isinstance(kind, PlayerRef):
        return names[0] if names else ""
    if isinstance(kind, Str):
        return ""
    if isinstance(kind, ListOf):
        return [empty_value(kind.item, names) for _ in range(kind.min_len)]
    if isinstance(kind, Record):
        return {f.key: empty_value(f.kind, names) for f in kind.fields if f.required}
    if isinstance(kind, PerPlayer):
        return {name: empty_value(kind.item, names) for name in names}
    if isinstance(kind, Variants):
        return empty_value(kind.variants[0][1], names)
    raise TypeError(kind)


def missing_fields(spec: GameSpec, sheet: dict[str, Any]) -> list[FieldPath]:
    """Required fields nobody has entered yet (a forgotten field must not score silently)."""
    gaps: list[FieldPath] = []
    for i, player in enumerate(sheet["players"]):
        gaps += [("players", i, f.key) for f in spec.player_fields if f.required and player.get(f.key) is None]
    gaps += [(f.key,) for f in spec.game_fields if f.required and sheet.get(f.key) is None]
    return gaps


def evaluate_in_progress(spec: GameSpec, sheet: dict[str, Any]) -> tuple[Result | None, SheetError | None,
                                                                            list[FieldPath]]:
    """(result, error, missing): the sheet scored with its missing fields empty, or the rule it breaks."""
    gaps = missing_fields(spec, sheet)
    names = [p["name"] for p in sheet["players"]]
    preview = copy.deepcopy(sheet)
    for path in gaps:
        target: Any = preview
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = empty_value(_field_at(spec, path).kind, names)
    try:
        return score_sheet(preview), None, gaps
    except SheetError as error:
        return None, error, gaps


def saveable(error: SheetError | None) -> bool:
    """Nothing entered breaks a rule (some things may still be missing)."""
    return error is None or error.code == "required"


def _field_at(spec: GameSpec, path: FieldPath) -> Field:
    fields = spec.player_fields if path[0] == "players" else spec.game_fields
    return next(f for f in fields if f.key == path[-1])
