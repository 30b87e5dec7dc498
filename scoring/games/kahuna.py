"""Kahuna (카후나): build bridges between 12 islands and hold the majority of islands over three scorings."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import fail
from ..fields import Field, Int, PlayerRef, Record
from ..messages import Messages
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, catalog_prompts
from .common import progress_of

M = Messages("kahuna")

ISLANDS = 12
BRIDGES = 25
ROUNDS = 3
FIXED_ROUND_POINTS = {1: 1, 2: 2}  # round 3 pays the difference in islands instead
# Every island has at least 3 lines, so control takes at least 2 of the player's bridges; a bridge touches
# 2 islands. Hence a player controls at most as many islands as they have bridges on the board.
MIN_BRIDGES_PER_ISLAND = 2


def round_key(number: int) -> str:
    return f"round_{number}"


def round_points(number: int, islands: Mapping[str, int]) -> dict[str, int]:
    """Points of one scoring: the player with more islands scores 1 (round 1), 2 (round 2) or the difference
    (round 3); equal counts score nothing."""
    points = dict.fromkeys(islands, 0)
    (first, a), (second, b) = islands.items()
    if a == b:
        return points
    leader = first if a > b else second
    points[leader] = FIXED_ROUND_POINTS.get(number, abs(a - b))
    return points


def check(sheet: Sheet) -> None:
    for index, entry in enumerate(sheet.rounds):
        if sum(entry.values()) > ISLANDS:
            raise fail(f"rounds[{index}]", "kahuna.refuse.islands_but_board_has",
                       counts=" + ".join(str(entry[n]) for n in sheet.names), max=ISLANDS)
    no_bridges = sheet.fields["no_bridges"]
    if no_bridges is not None:
        check_no_bridges(sheet, no_bridges["player"], no_bridges["round"])
    elif len(sheet.rounds) == ROUNDS:
        check_final_bridges(sheet)


def check_no_bridges(sheet: Sheet, loser: str, number: int) -> None:
    played = len(sheet.rounds)
    if played > number - 1:
        raise fail(f"rounds[{number - 1}]", "kahuna.refuse.round_scored_after_lost",
                   name=loser, r=number)
    if played < number - 1:
        raise fail("no_bridges.round", "kahuna.refuse.round_comes_after_scored",
                   r=number, need=number - 1, n=played)
    if sheet.players[loser]["bridges"] != 0:
        raise fail(sheet.player_path(loser, "bridges"), "kahuna.refuse.but_lost_bridge_0",
                   n=sheet.players[loser]["bridges"], name=loser)


def check_final_bridges(sheet: Sheet) -> None:
    final = sheet.rounds[-1]
    for name in sheet.names:
        bridges = sheet.players[name]["bridges"]
        if 0 < bridges < final[name]:
            raise fail(sheet.player_path(name, "bridges"), "kahuna.refuse.bridges_control_islands_final", b=bridges,
                       n=final[name], per=MIN_BRIDGES_PER_ISLAND)


def score(sheet: Sheet) -> Scoring:
    per_round = [round_points(i + 1, entry) for i, entry in enumerate(sheet.rounds)]
    no_bridges = sheet.fields["no_bridges"]
    loser = no_bridges["player"] if no_bridges else None
    players = {}
    for name in sheet.names:
        breakdown = {round_key(i + 1): per_round[i][name] if i < len(per_round) else 0 for i in range(ROUNDS)}
        players[name] = PlayerScore(breakdown, eliminated=name == loser)
    progress = progress_of(sheet.names, per_round)
    if loser is not None:
        return Scoring(players, True, "no_bridges", progress=progress)
    return Scoring(players, len(sheet.rounds) == ROUNDS, "rounds", progress=progress)


# The tiebreaks apply to the end of a full game only: mid-game, a tie is just a tie.
def final_round_points(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    if len(sheet.rounds) < ROUNDS:
        return None
    return scoring.players[name].breakdown[round_key(ROUNDS)]


def bridges_left(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    if len(sheet.rounds) < ROUNDS:
        return None
    # A full game leaves every player some bridge (0 would have ended it early), so 0 means "not entered".
    return sheet.players[name]["bridges"] or None


SPEC = GameSpec(
    id="kahuna",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=394,
    bgg_year=1998,
    play_time=(30, 40),
    name=M("name"),
    min_players=2,
    max_players=2,
    rules_version=1,
    categories=(
        ("round_1", M("category.round_1")),
        ("round_2", M("category.round_2")),
        ("round_3", M("category.round_3")),
    ),
    round_entry=Int(0, ISLANDS),
    round_label=M("round_label"),
    round_range=(0, ROUNDS),
    player_fields=(
        Field("bridges", Int(0, BRIDGES), M("field.bridges"),
              help=M("field.bridges.help")),
    ),
    game_fields=(
        Field("no_bridges", Record((
            Field("player", PlayerRef(), M("field.no_bridges.player"), required=True),
            Field("round", Int(2, ROUNDS), M("field.no_bridges.round"), required=True),
        )), M("field.no_bridges"),
            help=M("field.no_bridges.help")),
    ),
    tiebreaks=(
        TiebreakRule("round_3", M("tiebreak.round_3.name"), M("tiebreak.round_3.advantage"),
                     final_round_points),
        TiebreakRule("bridges", M("tiebreak.bridges.name"),
                     M("tiebreak.bridges.advantage"), bridges_left),
    ),
    check=check,
    score=score,
    prompts=catalog_prompts(M),
    notes=M.numbered("note"),
)
