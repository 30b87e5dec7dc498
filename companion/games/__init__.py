"""Every game on the app's side, in one table keyed by its spec's id: its UI piece, its picture and its colour.

Everything else on a score sheet is generated from the game's spec; a game's piece adds only what the spec
cannot say: a calculator, a board, fields it draws itself, notes under a round. A piece is imported when a
sheet first needs it: Home shows every game's picture, and in the phone build each module imported at start
delays the first screen.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from pathlib import Path

from scoring.custom import is_custom

from ..theme import CUSTOM_GAME_COLOUR
from ..widgets.game_unit import GameUI, GameUnit

ART = Path(__file__).resolve().parent.parent / "art"


def _piece(module: str | None) -> Callable[[], GameUI]:
    """The UI piece of `module` (in this package), or none."""
    if module is None:
        return GameUI
    return functools.cache(lambda: importlib.import_module(f".{module}", __name__).UI)


def _built_in(game: str, colour: str, module: str | None = None) -> GameUnit:
    return GameUnit(game, colour, ART / f"{game}.svg", _piece(module))


UNITS: dict[str, GameUnit] = {unit.game: unit for unit in [
    _built_in("ticket-to-ride-europe", "#B23A48", "ttr"),
    _built_in("patchwork", "#7B5EA7", "patchwork"),
    _built_in("piraten-kapern", "#2E4057", "piraten"),
    _built_in("pina-coladice", "#E09F3E", "pina"),
    _built_in("for-sale", "#3A7D44", "for_sale"),
    _built_in("captain-flip", "#1F7A8C"),
    _built_in("trails-of-tucana", "#C8553D", "tucana"),
    _built_in("kahuna", "#2A9D8F"),
    _built_in("carnage", "#6D2E46", "carnage"),
]}
CUSTOM = _piece("custom")


def unit_for(game: str) -> GameUnit:
    """The game's unit; a game the players defined has the custom games' piece and colour and no picture."""
    if game in UNITS:
        return UNITS[game]
    return GameUnit(game, CUSTOM_GAME_COLOUR, None, CUSTOM if is_custom(game) else _piece(None))
