"""Captain Flip (캡틴 플립): draw a crew tile, keep it or flip it, and fill the columns of your ship."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import fail
from ..fields import Bool, Choice, ChoiceValue, Field, Int
from ..messages import Messages, Words
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, When, catalog_prompts
from .common import at_most_one_holder

M = Messages("captain-flip")

SPACES = 15  # every adventure board holds 15 tiles in 5 columns
COLUMNS = 5
MAX_COINS = 150
SWABBY_POINTS = (0, 1, 4, 9, 16, 25)  # by the number of columns holding at least one Swabby
CARPENTER_POINTS = 3
LOOKOUT_POINTS = 4
PARROT_PENALTY = 1
IDENTICAL_COLUMN_POINTS = 6
DIFFERENT_COLUMN_POINTS = 4
GUNNERS_TO_LOSE = 3
GUNNER_COINS = 5  # the Gunner's yellow effect
BOARD_C = "C"
SPENDING_BOARDS = frozenset({"D"})  # boards where placing a tile may cost coins

# Fields whose tiles each fill a space of the board (one Swabby at least per Swabby column).
TILE_FIELDS = ("swabby_columns", "carpenters_scoring", "lookouts_scoring", "parrots", "gunners")
BOARD_C_FIELDS = ("identical_columns", "different_columns")

TREASURE_MAP = M("treasure_map")


def end_of_game_points(player: Mapping[str, Any], board: str) -> dict[str, int]:
    """Coins plus the grey end-of-game effects (and board C's column bonuses) as a breakdown."""
    points = {
        "coins": player["coins"],
        "swabbies": SWABBY_POINTS[player["swabby_columns"]],
        "carpenters": CARPENTER_POINTS * player["carpenters_scoring"],
        "lookouts": LOOKOUT_POINTS * player["lookouts_scoring"],
        "parrots": -PARROT_PENALTY * player["parrots"],
    }
    if board == BOARD_C:
        points["identical_columns"] = IDENTICAL_COLUMN_POINTS * (player["identical_columns"] or 0)
        points["different_columns"] = DIFFERENT_COLUMN_POINTS * (player["different_columns"] or 0)
    return points


def check(sheet: Sheet) -> None:
    at_most_one_holder(sheet, "treasure_map", TREASURE_MAP)
    board = sheet.options["board"]
    for name in sheet.names:
        player = sheet.players[name]
        tiles = sum(player[key] for key in TILE_FIELDS)
        if tiles > SPACES:
            last_entered = [key for key in TILE_FIELDS if player[key]][-1]
            raise fail(sheet.player_path(name, last_entered),
                       "captain-flip.refuse.swabby_columns_carpenters_lookouts", n=tiles, max=SPACES)
        least = GUNNER_COINS * player["gunners"]
        if board not in SPENDING_BOARDS and player["coins"] < least:
            raise fail(sheet.player_path(name, "coins"), "captain-flip.refuse.gunners_gave_coins_when",
                       n=player["gunners"], each=GUNNER_COINS, least=least, coins=player["coins"], b=board)
        if board != BOARD_C:
            for key in BOARD_C_FIELDS:
                if player[key] is not None:
                    raise fail(sheet.player_path(name, key), "captain-flip.refuse.board_c_scores_columns", b=board)
            continue
        identical, different = (player[key] or 0 for key in BOARD_C_FIELDS)
        if identical + different > COLUMNS:
            raise fail(sheet.player_path(name, "different_columns"),
                       "captain-flip.refuse.identical_different_columns_make", a=identical, b=different, max=COLUMNS)


def score(sheet: Sheet) -> Scoring:
    board = sheet.options["board"]
    players = {name: PlayerScore(end_of_game_points(p, board), eliminated=p["gunners"] >= GUNNERS_TO_LOSE)
               for name, p in sheet.players.items()}
    return Scoring(players, finished=True, end_reason="rounds")


def holds_treasure_map(sheet: Sheet, scoring: Scoring, name: str) -> bool:
    return sheet.players[name]["treasure_map"]


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    return {"board": options.get("board", "A")}


def count_field(key: str, name: Words, most: int, help_text: Words) -> Field:
    return Field(key, Int(0, most), name, help=help_text)


def board_c_field(key: str, name: Words, help_text: Words) -> Field:
    """Left out (None) on the other boards, where giving it is an error."""
    return Field(key, Int(0, COLUMNS), name, help=help_text, default=None)


SPEC = GameSpec(
    id="captain-flip",
    # year and play time: a 2024 game of 20 minutes (the box, as isspweb.org's review gives it)
    bgg_id=401953,
    bgg_year=2024,
    play_time=(20, 20),
    name=M("name"),
    min_players=2,
    max_players=5,
    rules_version=2,
    categories=(
        ("coins", M("category.coins")),
        ("swabbies", M("category.swabbies")),
        ("carpenters", M("category.carpenters")),
        ("lookouts", M("category.lookouts")),
        ("parrots", M("category.parrots")),
        ("identical_columns", M("category.identical_columns")),
        ("different_columns", M("category.different_columns")),
    ),
    options=(
        Field("board", Choice(tuple(ChoiceValue(b, M("field.board.choice", board=b)) for b in "ABCD")),
              M("field.board"), default="A",
              help=M("field.board.help")),
    ),
    player_fields=(
        Field("coins", Int(0, MAX_COINS), M("field.coins"), required=True,
              help=M("field.coins.help")),
        count_field("swabby_columns", M("columns_swabby"), COLUMNS,
                    M("columns_holding_least_one")),
        count_field("carpenters_scoring", M("carpenters_scoring"), SPACES,
                    M("carpenters_gunner_their_row")),
        count_field("lookouts_scoring", M("lookouts_scoring"), COLUMNS,
                    M("lookouts_nothing_above_them")),
        count_field("parrots", M("parrots"), SPACES,
                    M("parrot_costs_1_coin")),
        count_field("gunners", M("gunners"), SPACES,
                    M("3_more_gunners_end")),
        Field("treasure_map", Bool(), M("field.treasure_map"),
              help=M("field.treasure_map.help")),
        board_c_field("identical_columns", M("columns_identical_characters"),
                      M("board_c_6_coins")),
        board_c_field("different_columns", M("columns_all_different_characters"),
                      M("board_c_4_coins")),
    ),
    tiebreaks=(
        TiebreakRule("treasure_map", M("tiebreak.treasure_map.name"), M("tiebreak.treasure_map.advantage"),
                     holds_treasure_map),
    ),
    check=check,
    score=score,
    prompts=catalog_prompts(M, when={
        "turn.6": When(option=("board", "D")),
        "scoring.2": When(option=("board", BOARD_C)),
    }),
    setup=setup,
    notes=M.numbered("note"),
)
