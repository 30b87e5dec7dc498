"""Small rules helpers shared by several games."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import fail
from ..messages import Words
from ..spec import Scoring, Sheet, TiebreakRule


def at_most_one_holder(sheet: Sheet, key: str, thing: Words) -> None:
    """A unique item (a bonus tile, a map) can be held by one player at most."""
    holders = [n for n in sheet.names if sheet.players[n][key]]
    if len(holders) > 1:
        raise fail(sheet.player_path(holders[1], key), "common.refuse.held_one_player_most", thing=thing,
                   first=holders[0])


def player_value(key: str) -> Callable[[Sheet, Scoring, str], int | bool | None]:
    """A tiebreak value read straight from a player field."""
    return lambda sheet, scoring, name: sheet.players[name][key]


def field_rule(key: str, name: Words, advantage: Words, better: str = "higher") -> TiebreakRule:
    return TiebreakRule(key, name, advantage, player_value(key), better)  # type: ignore[arg-type]


def progress_of(names: tuple[str, ...], steps: list[dict[str, int]]) -> list[dict[str, int]]:
    """Running totals after each step, from per-step points."""
    running = dict.fromkeys(names, 0)
    out = []
    for step in steps:
        for name in names:
            running[name] += step.get(name, 0)
        out.append(dict(running))
    return out
