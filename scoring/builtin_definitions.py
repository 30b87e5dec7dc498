"""Built-in games written as custom definitions, where a definition can say exactly what the module does.

They are starting points for a new custom game ("duplicate"), and an oracle for the custom engine: these
definitions must rank every valid sheet of their game as the built-in module does (tests/scoring/test_custom.py).
The other built-in games cannot be expressed: `CANNOT` says why, in a player's words.
"""

from __future__ import annotations

import copy
from typing import Any

from .games import kahuna, patchwork
from .messages import ENGINE, Messages, Words

M = Messages("builtin")

DEFINITIONS: dict[str, dict[str, Any]] = {
    "patchwork": {
        "id": "custom-patchwork", "name": "Patchwork",
        "players": {"min": 2, "max": 2},
        "categories": [
            {"key": "buttons", "name": "Buttons", "names": {"ko": "단추"}, "max": patchwork.MAX_BUTTONS},
            {"key": "special_tile", "name": "7×7 bonus tile", "names": {"ko": "7×7 특수 타일"}, "max": 1,
             "multiplier": patchwork.SPECIAL_TILE_POINTS},
            {"key": "empty_spaces", "name": "Empty spaces", "names": {"ko": "빈 칸"}, "max": patchwork.BOARD_SPACES,
             "multiplier": -patchwork.EMPTY_SPACE_PENALTY},
        ],
        "tiebreaks": [{"chosen": "First to the last space", "names": {"ko": "마지막 칸에 먼저 도착"},
                       "key": "first_to_finish"}],
    },
    "kahuna": {
        "id": "custom-kahuna", "name": "Kahuna",
        "players": {"min": 2, "max": 2},
        "categories": [
            {"key": "round_1", "name": "Round 1", "names": {"ko": "1라운드"}, "max": kahuna.FIXED_ROUND_POINTS[1]},
            {"key": "round_2", "name": "Round 2", "names": {"ko": "2라운드"}, "max": kahuna.FIXED_ROUND_POINTS[2]},
            {"key": "round_3", "name": "Round 3", "names": {"ko": "3라운드"}, "max": kahuna.ISLANDS},
            {"key": "bridges", "name": "Bridges at the end", "names": {"ko": "마지막 다리 수"},
             "max": kahuna.BRIDGES, "counts": False, "optional": True},
        ],
        "tiebreaks": [{"most": "round_3"}, {"most": "bridges"}],
    },
}

SPECS = {"patchwork": patchwork.SPEC, "kahuna": kahuna.SPEC}

CANNOT: dict[str, Words] = {
    "ticket-to-ride-europe": M("cannot.ticket-to-ride-europe"),
    "piraten-kapern": M("cannot.piraten-kapern"),
    "pina-coladice": M("cannot.pina-coladice"),
    "for-sale": M("cannot.for-sale"),
    "captain-flip": M("cannot.captain-flip"),
    "trails-of-tucana": M("cannot.trails-of-tucana"),
    "carnage": M("cannot.carnage"),
}


def definition_of(game: str) -> dict[str, Any] | None:
    """A fresh copy of a built-in game's definition, or None when it cannot be expressed (see CANNOT)."""
    found = DEFINITIONS.get(game)
    if found is None:
        return None
    definition = copy.deepcopy(found)
    name = SPECS[game].name  # the game's name in every language the engine speaks, as its own module words it
    definition["names"] = {lang: name.render(lang) for lang in ENGINE.languages}
    return definition
