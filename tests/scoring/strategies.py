"""Hypothesis strategies derived from the game specs, kept in one place."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from scoring import GameSpec
from scoring.fields import Bool, Choice, Int, Kind, ListOf, PerPlayer, PlayerRef, Record, Str, Variants

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
NAMES = ["Ana", "Bo", "Chae", "Dev", "Eun", "Finn", "Gyu", "Hana"]


def value_of(kind: Kind, players: list[str], small: bool = True) -> st.SearchStrategy[Any]:
    """Values a field may hold; `small` keeps lists short and numbers near their minimum."""
    if isinstance(kind, Int):
        hi = min(kind.max, kind.min + 12) if small else kind.max
        return st.integers(kind.min, hi) | st.sampled_from([kind.min, kind.max])
    if isinstance(kind, Bool):
        return st.booleans()
    if isinstance(kind, Choice):
        return st.sampled_from(kind.allowed)
    if isinstance(kind, Str):
        return st.text(min_size=1, max_size=kind.max_len)
    if isinstance(kind, PlayerRef):
        return st.sampled_from(players)
    if isinstance(kind, ListOf):
        hi = min(kind.max_len, max(kind.min_len, 4)) if small else kind.max_len
        return st.lists(value_of(kind.item, players, small), min_size=kind.min_len, max_size=hi)
    if isinstance(kind, Record):
        required = {f.key: value_of(f.kind, players, small) for f in kind.fields if f.required}
        optional = {f.key: value_of(f.kind, players, small) for f in kind.fields if not f.required}
        return st.fixed_dictionaries(required, optional=optional)
    if isinstance(kind, Variants):
        return st.one_of([value_of(record, players, small) for _, record in kind.variants])
    if isinstance(kind, PerPlayer):
        return st.fixed_dictionaries({name: value_of(kind.item, players, small) for name in players})
    raise TypeError(kind)


@st.composite
def spec_sheets(draw: st.DrawFn, spec: GameSpec) -> dict[str, Any]:
    """Sheets shaped like the spec: every field in bounds, cross-field rules left to chance."""
    n = draw(st.integers(spec.min_players, spec.max_players))
    players = NAMES[:n]
    sheet: dict[str, Any] = {"game": spec.id, "options": draw(value_of(Record(spec.options), players))}
    player_record = Record(spec.player_fields)
    sheet["players"] = [{"name": name, **draw(value_of(player_record, players))} for name in players]
    sheet.update(draw(value_of(Record(spec.game_fields), players)))
    if spec.round_entry is not None:
        lo, hi = spec.round_range
        sheet["rounds"] = draw(st.lists(value_of(PerPlayer(spec.round_entry), players), min_size=lo, max_size=hi))
    if spec.event is not None:
        seats = st.integers(0, 60).map(lambda k: players[k % n])
        events = draw(st.lists(value_of(spec.event, players), max_size=12))
        sheet["events"] = [{**e, "player": players[i % n]} if draw(st.booleans()) else {**e, "player": draw(seats)}
                           for i, e in enumerate(events)]
    return sheet


def example_sheet(game_id: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{game_id}.json").read_text(encoding="utf-8"))


@st.composite
def perturbed_examples(draw: st.DrawFn, spec: GameSpec) -> dict[str, Any]:
    """The game's example sheet with some player-level numbers and flags redrawn within their bounds.

    Most of these stay valid, so properties about valid sheets get exercised (random sheets rarely are).
    """
    sheet = copy.deepcopy(example_sheet(spec.id))
    names = [p["name"] for p in sheet["players"]]
    for player in sheet["players"]:
        for field in spec.player_fields:
            if isinstance(field.kind, Int | Bool) and draw(st.booleans()):
                player[field.key] = draw(value_of(field.kind, names))
    return sheet


def junk() -> st.SearchStrategy[Any]:
    """Arbitrary JSON values, for places where a sheet expects something specific."""
    return st.recursive(
        st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=12,
    )
