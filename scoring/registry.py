"""The one explicit list of supported games. Adding a game means adding its module here."""

from __future__ import annotations

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
        raise fail("game", "unknown game {game!r}; known games: {known}",
                   "알 수 없는 게임 {game!r}; 지원하는 게임: {known}", game=game, known=", ".join(REGISTRY)) from None


def all_specs() -> list[GameSpec]:
    return list(REGISTRY.values())
