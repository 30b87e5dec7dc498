"""Patchwork (패치워크): sew patches on a 9×9 quilt; buttons are money and points."""

from __future__ import annotations

from ..errors import fail
from ..fields import Bool, Field, Int, PlayerRef
from ..messages import Messages
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, catalog_prompts
from .common import at_most_one_holder

M = Messages("patchwork")

BOARD_SPACES = 81  # the 9×9 quilt board
SPECIAL_TILE_SIZE = 7
SPECIAL_TILE_POINTS = 7
EMPTY_SPACE_PENALTY = 2
MAX_BUTTONS = 200
# The 7×7 tile needs a filled 7×7 square, so at most 81 - 49 spaces can still be empty.
MAX_EMPTY_WITH_SPECIAL_TILE = BOARD_SPACES - SPECIAL_TILE_SIZE**2

SPECIAL_TILE = M("special_tile")


def patchwork_points(buttons: int, empty_spaces: int, special_tile: bool) -> dict[str, int]:
    """The final score as a breakdown: 1 per button, 7 for the special tile, −2 per empty space."""
    return {
        "buttons": buttons,
        "special_tile": SPECIAL_TILE_POINTS if special_tile else 0,
        "empty_spaces": -EMPTY_SPACE_PENALTY * empty_spaces,
    }


def check(sheet: Sheet) -> None:
    at_most_one_holder(sheet, "special_tile", SPECIAL_TILE)
    for name in sheet.names:
        player = sheet.players[name]
        if player["special_tile"] and player["empty_spaces"] > MAX_EMPTY_WITH_SPECIAL_TILE:
            raise fail(sheet.player_path(name, "empty_spaces"),
                       "patchwork.refuse.empty_spaces_but_7", n=player["empty_spaces"], max=MAX_EMPTY_WITH_SPECIAL_TILE)


def score(sheet: Sheet) -> Scoring:
    players = {name: PlayerScore(patchwork_points(p["buttons"], p["empty_spaces"], p["special_tile"]))
               for name, p in sheet.players.items()}
    return Scoring(players, finished=True, end_reason="rounds")


def reached_last_space_first(sheet: Sheet, scoring: Scoring, name: str) -> bool | None:
    first = sheet.fields["first_to_finish"]
    return None if first is None else name == first


SPEC = GameSpec(
    id="patchwork",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=163412,
    bgg_year=2014,
    play_time=(15, 30),
    name=M("name"),
    min_players=2,
    max_players=2,
    rules_version=1,
    categories=(
        ("buttons", M("category.buttons")),
        ("special_tile", M("category.special_tile")),
        ("empty_spaces", M("category.empty_spaces")),
    ),
    player_fields=(
        Field("buttons", Int(0, MAX_BUTTONS), M("field.buttons"), required=True,
              help=M("field.buttons.help")),
        Field("empty_spaces", Int(0, BOARD_SPACES), M("field.empty_spaces"), required=True,
              help=M("field.empty_spaces.help")),
        Field("special_tile", Bool(), M("field.special_tile"),
              help=M("field.special_tile.help")),
    ),
    game_fields=(
        Field("first_to_finish", PlayerRef(), M("field.first_to_finish"),
              help=M("field.first_to_finish.help")),
    ),
    tiebreaks=(
        TiebreakRule("first_to_finish", M("tiebreak.first_to_finish.name"),
                     M("tiebreak.first_to_finish.advantage"), reached_last_space_first),
    ),
    check=check,
    score=score,
    prompts=catalog_prompts(M),
    notes=M.numbered("note"),
)
