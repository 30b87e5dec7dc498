"""Pure helpers over sheets (parsed JSON): who plays, and renaming a player everywhere the spec says a name goes.

They accept sheets of games in progress too (fields left out, values not yet valid): anything that does not
have the shape the spec describes is returned unchanged.
"""

from __future__ import annotations

import copy
from typing import Any

from .fields import Field, Kind, ListOf, PerPlayer, PlayerRef, Record, Variants
from .registry import spec_for_sheet


def players_in(sheet: dict[str, Any]) -> list[str]:
    """The players' names in seat order (entries without a text name are skipped)."""
    players = sheet.get("players")
    if not isinstance(players, list):
        return []
    return [p["name"] for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)]


def rename_player(sheet: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A copy of `sheet` with the player `old` called `new`: the seat, round keys and every player reference.

    Raises SheetError when the sheet names no known game (the spec says where names go).
    """
    spec = spec_for_sheet(sheet)
    out = copy.deepcopy(sheet)
    renamer = _Renamer(old, new)
    if isinstance(out.get("players"), list):
        out["players"] = [renamer.player_entry(entry, spec.player_fields) for entry in out["players"]]
    if isinstance(out.get("options"), dict):
        out["options"] = renamer.fields(spec.options, out["options"])
    out.update(renamer.fields(spec.game_fields, {f.key: out[f.key] for f in spec.game_fields if f.key in out}))
    if spec.round_entry is not None and "rounds" in out:
        out["rounds"] = renamer.value(ListOf(PerPlayer(spec.round_entry), 0), out["rounds"])
    if spec.event is not None and "events" in out:
        out["events"] = renamer.value(ListOf(spec.event, 0), out["events"])
    return out


class _Renamer:
    def __init__(self, old: str, new: str) -> None:
        self.old = old
        self.new = new

    def player_entry(self, entry: Any, fields: tuple[Field, ...]) -> Any:
        if not isinstance(entry, dict):
            return entry
        renamed = self.fields(fields, entry)
        if renamed.get("name") == self.old:
            renamed["name"] = self.new
        return renamed

    def fields(self, fields: tuple[Field, ...], values: dict[str, Any]) -> dict[str, Any]:
        kinds = {f.key: f.kind for f in fields}
        return {key: self.value(kinds[key], value) if key in kinds else value for key, value in values.items()}

    def value(self, kind: Kind, value: Any) -> Any:
        if isinstance(kind, PlayerRef):
            return self.new if value == self.old else value
        if isinstance(kind, ListOf) and isinstance(value, list):
            return [self.value(kind.item, item) for item in value]
        if isinstance(kind, Record) and isinstance(value, dict):
            return self.fields(kind.fields, value)
        if isinstance(kind, Variants) and isinstance(value, dict):
            record = next((r for tag, r in kind.variants if tag in value), None)
            return value if record is None else self.fields(record.fields, value)
        if isinstance(kind, PerPlayer) and isinstance(value, dict):
            return {(self.new if key == self.old else key): self.value(kind.item, item) for key, item in value.items()}
        return value
