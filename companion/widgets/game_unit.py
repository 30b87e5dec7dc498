"""A game on the app's side, as the screens and the game's own module both know it.

The contract lives below views and games, so that neither imports the other: a game's UI piece reads and calls
only what its `GameContext` names, and the screens reach a game's piece, picture and colour through its
`GameUnit` (companion.games declares one per game; the app hands them to the screens).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

if TYPE_CHECKING:  # only named here: Home, which shows the pictures, loads no sheet's modules
    from scoring import GameSpec

    from ..i18n import Translator
    from ..models.sheet_model import Evaluation, SheetModel

    Listener = Callable[[Evaluation], None]

Sheet = dict[str, Any]


@dataclass(frozen=True)
class GameContext:
    """What a game's UI piece on a score sheet may read and call; the sheet screen makes one per drawing."""

    t: Translator
    spec: GameSpec
    model: SheetModel  # the sheet as it is: names, entries, evaluation; changes go through it
    player: int  # the seat of the player on screen
    changed: Callable[..., None]  # (evaluation, *controls drawn anew): shows a change everywhere on the sheet
    rebuild: Callable[[], None]  # draws the whole sheet anew (after a change of its structure)
    on_change: Callable[[Listener], None]  # a redraw of the piece's own controls after every change
    snack: Callable[[str], None]  # a short message at the bottom of the screen
    tool: Callable[[str], dict[str, Any]]  # the saved state of a game's helper (a deck, a card), by its key
    save_tool: Callable[[str, dict[str, Any]], None]


@dataclass(frozen=True)
class GameUI:
    """What a game adds to its generated score sheet (everything else comes from its spec)."""

    initial: Callable[[Sheet], Sheet] | None = None  # what the game sets up before play (a coaster layout)
    sections: Callable[[GameContext], list[ft.Control]] | None = None
    handles: frozenset[str] = frozenset()  # fields the sections draw, so the generic sheet leaves them out
    round_notes: Callable[[GameContext, int], list[ft.Control]] | None = None


@dataclass(frozen=True)
class GameUnit:
    """A game on the app's side: its UI piece, its picture and its colour, under its spec's id."""

    game: str  # the spec's id
    colour: str
    picture: Path | None  # an SVG; None for the games the players defined (drawn as a puzzle piece)
    ui: Callable[[], GameUI]  # the piece, imported when a sheet first needs it (Home draws only pictures)

    def initial_sheet(self, sheet: Sheet) -> Sheet:
        """A new game's sheet, with whatever the game sets up before play."""
        initialise = self.ui().initial
        return initialise(sheet) if initialise else sheet


@functools.cache
def picture(path: Path) -> bytes:
    """A game's picture (SVG), to send with the screen that shows it rather than as a file the browser asks
    for: nine requests and nine pictures drawn in a second frame, while the browser was drawing its first
    screen, cost the first screen 14-87 ms more (three runs) than the 3.5 KB did in the home's message."""
    return path.read_bytes()


def game_badge(game: GameUnit, size: int = 48) -> ft.Container:
    art: ft.Control = (ft.Icon(ft.Icons.EXTENSION, size=size * 0.6, color=ft.Colors.WHITE) if game.picture is None
                       else ft.Image(src=picture(game.picture), width=size * 0.8, height=size * 0.8))
    return ft.Container(art, width=size, height=size, border_radius=size / 4, bgcolor=game.colour,
                        alignment=ft.Alignment.CENTER)
