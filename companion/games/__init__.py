"""Game-specific pieces of the app, kept small and separate, in one explicit list.

Everything else on a score sheet is generated from the game's spec; a game adds only what the spec
cannot say: a calculator, a board, fields it draws itself, notes under a round.
"""

from __future__ import annotations

from scoring import GameSpec
from scoring.custom import is_custom

from . import carnage, custom, for_sale, patchwork, pina, piraten, ttr, tucana
from .base import GameUI, Sheet

UIS: dict[str, GameUI] = {
    "for-sale": for_sale.UI,
    "piraten-kapern": piraten.UI,
    "pina-coladice": pina.UI,
    "trails-of-tucana": tucana.UI,
    "ticket-to-ride-europe": ttr.UI,
    "carnage": carnage.UI,
    "patchwork": patchwork.UI,
}


def ui_for(game: str) -> GameUI:
    return UIS.get(game, custom.UI if is_custom(game) else GameUI())


def initial_sheet(spec: GameSpec, sheet: Sheet) -> Sheet:
    """A new game's sheet, with whatever the game sets up before play (e.g. a coaster layout)."""
    initialise = ui_for(spec.id).initial
    return initialise(sheet) if initialise else sheet
