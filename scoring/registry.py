"""The one explicit list of supported games. Adding a game means adding its module here."""

from __future__ import annotations

from typing import Any

from .custom import is_custom, spec_from_definition
from .errors import fail
from .games import (
    captain_flip,
    carnage,
    for_sale,
    kahuna,
    patchwork,
    pina_coladice,
    piraten_kapern,
    ticket_to_ride_europe,
    trails_of_tucana,
)
from .spec import GameSpec


def _build(*specs: GameSpec) -> dict[str, GameSpec]:
    registry: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.id in registry:
            raise ValueError(f"game {spec.id!r} is registered twice")
        registry[spec.id] = spec
    return registry


REGISTRY: dict[str, GameSpec] = _build(
    ticket_to_ride_europe.SPEC,
    patchwork.SPEC,
    piraten_kapern.SPEC,
    pina_coladice.SPEC,
    for_sale.SPEC,
    captain_flip.SPEC,
    trails_of_tucana.SPEC,
    kahuna.SPEC,
    carnage.SPEC,
)


def get_spec(game: str) -> GameSpec:
    try:
        return REGISTRY[game]
    except KeyError:
        raise fail("game", "sheet.refuse.unknown_game_known_games", game=game, known=", ".join(REGISTRY)) from None


def all_specs() -> list[GameSpec]:
    return list(REGISTRY.values())


def spec_for_sheet(sheet: Any) -> GameSpec:
    """The spec a sheet is scored by: a built-in game's, or the custom definition the sheet carries inline."""
    game = sheet.get("game") if isinstance(sheet, dict) else None
    if not is_custom(game):
        return get_spec(game)  # type: ignore[arg-type]
    if "definition" not in sheet:
        raise fail("definition", "sheet.refuse.custom_game_s_sheet")
    spec = spec_from_definition(sheet["definition"])
    if spec.id != game:
        raise fail("definition.id", "sheet.refuse.but_sheet", got=spec.id, game=game)
    return spec
