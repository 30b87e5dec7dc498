"""Carnage / Kharnage (카니지): four armies fight over a hill; destroy the most cards each round."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..errors import fail, needed, tie_to_break
from ..fields import Field, Int, Record
from ..messages import Messages, join_names
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, catalog_prompts
from .common import player_value, progress_of

M = Messages("carnage")

ROUNDS = 4
PLACE_POINTS = (5, 3, 1)  # 1st, 2nd, 3rd of a round; everyone after scores 0
MAX_CARDS = 30
MAX_INITIATIVE = 999
MAX_PLAYERS = 4


def most_gained(n_players: int) -> int:
    """Tokens one player can win in a round: one per opposing army wiped out."""
    return n_players - 1


def most_lost(n_players: int) -> int:
    """Tokens one player can lose in a round: one per "Kharnage!" of another player they fail to cheer."""
    return (n_players - 1) * most_gained(n_players)


def round_tokens_possible(nets: Mapping[str, int], most: Mapping[str, int]) -> bool:
    """Whether some gains can explain a round's net token changes, each player winning at most `most[name]`.

    A player who gained g and lost l has net g - l; each loss answers another player's "Kharnage!", so
    l <= the gains of everyone else. At most 4 players with 0..3 gains each: trying them all is cheap.
    """
    lows = [max(net, 0) for net in nets.values()]
    for gains in itertools.product(*(range(low, most[name] + 1) for low, name in zip(lows, nets, strict=True))):
        everyone = sum(gains)
        if all(gain - net <= everyone - gain for gain, net in zip(gains, nets.values(), strict=True)):
            return True
    return False


def round_placements(entry: Mapping[str, Mapping[str, int]]) -> list[str]:
    """Players of one round, best first: more cards destroyed, then the lower initiative."""
    return sorted(entry, key=lambda name: (-entry[name]["destroyed"], entry[name]["initiative"]))


def placement_points(entry: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """Domination points of one round: 5 / 3 / 1 for the first three places, 0 after."""
    order = round_placements(entry)
    return {name: PLACE_POINTS[i] if i < len(PLACE_POINTS) else 0 for i, name in enumerate(order)}


def check_round_tokens(entry: Mapping[str, Mapping[str, int]], index: int, names: tuple[str, ...]) -> None:
    n = len(names)
    for name in names:
        net = entry[name]["kharnage"]
        path = f"rounds[{index}].{name}.kharnage"
        if net > most_gained(n):
            raise fail(path, "carnage.refuse.tokens_one_round_but", net=net, most=most_gained(n), n=n)
        if -net > most_lost(n):
            raise fail(path, "carnage.refuse.tokens_lost_one_round", lost=-net, most=most_lost(n), n=n)
        destroyed = entry[name]["destroyed"]
        if net > destroyed:
            raise fail(path, "carnage.refuse.gained_kharnage_tokens_round", name=name, net=net, d=destroyed)
    nets = {name: entry[name]["kharnage"] for name in names}
    # each army wiped out takes at least one card destroyed
    most = {name: min(most_gained(n), entry[name]["destroyed"]) for name in names}
    if not round_tokens_possible(nets, most):
        loser = next(name for name in names if nets[name] < 0)
        raise fail(f"rounds[{index}].{loser}.kharnage", "carnage.refuse.lost_tokens_round_but", name=loser)


TOTALS = ("round_points", "tokens", "last_initiative")  # the fast path: the end of the game, per player


@cache
def possible_round_points(n_players: int) -> frozenset[tuple[int, ...]]:
    """Every end-of-game spread of round points (sorted): each round hands out 5 / 3 / 1 / 0, one place each."""
    places = set(itertools.permutations(PLACE_POINTS + (0,) * max(0, n_players - len(PLACE_POINTS)), n_players))
    spreads = {(0,) * n_players}
    for _ in range(ROUNDS):
        spreads = {tuple(sorted(a + b for a, b in zip(spread, p, strict=True))) for spread in spreads for p in places}
    return frozenset(spreads)


def by_totals(sheet: Sheet) -> bool:
    """The game was entered as each player's totals at the end instead of round by round."""
    return not sheet.rounds and any(sheet.players[n][key] is not None for n in sheet.names for key in TOTALS)


def check_totals(sheet: Sheet) -> None:
    n = len(sheet.names)
    for name in sheet.names:
        for key in ("round_points", "tokens"):
            if sheet.players[name][key] is None:
                raise needed(sheet.player_path(name, key), "carnage.refuse.required_when_game_entered")
        if sheet.players[name]["tokens"] > ROUNDS * most_gained(n):
            raise fail(sheet.player_path(name, "tokens"), "carnage.refuse.kharnage_tokens_but_player",
                       t=sheet.players[name]["tokens"], most=most_gained(n), n=n, all=ROUNDS * most_gained(n),
                       rounds=ROUNDS)
    spread = tuple(sorted(sheet.players[name]["round_points"] for name in sheet.names))
    if spread not in possible_round_points(n):
        raise fail(sheet.player_path(sheet.names[-1], "round_points"), "carnage.refuse.rounds_hand_out_these",
                   rounds=ROUNDS, points=", ".join(str(sheet.players[name]["round_points"]) for name in sheet.names),
                   rest=M("refuse.rounds_hand_out_these.others") if n > len(PLACE_POINTS) else "")
    seen: dict[int, str] = {}
    for name in sheet.names:
        initiative = sheet.players[name]["last_initiative"]
        if initiative is not None and initiative in seen:
            raise fail(sheet.player_path(name, "last_initiative"), "carnage.refuse.has_initiative_like_tactic",
                       name=name, i=initiative, other=seen[initiative])
        if initiative is not None:
            seen[initiative] = name
    check_tie_for_the_win(sheet)


def check_tie_for_the_win(sheet: Sheet) -> None:
    """The rules break every tie for the win: more tokens, then more cards deployed, then the lower initiative
    in the last round (no two are equal). With totals, ask for the next of these the tied players lack."""
    totals = {name: sheet.players[name]["round_points"] + sheet.players[name]["tokens"] for name in sheet.names}
    tied = [name for name in sheet.names if totals[name] == max(totals.values())]
    tokens = max(sheet.players[name]["tokens"] for name in tied)
    tied = [name for name in tied if sheet.players[name]["tokens"] == tokens]
    if len(tied) < 2:
        return
    level = M("check_tie_for_the_win.points_kharnage_tokens", total=totals[tied[0]], tokens=tokens)
    blank = next((name for name in tied if sheet.players[name]["deployed"] is None), None)
    if blank is not None:
        raise tie_to_break(sheet.player_path(blank, "deployed"), "carnage.refuse.tied_win_enter_legion",
                           names=join_names(tied), level=level)
    deployed = max(sheet.players[name]["deployed"] for name in tied)
    tied = [name for name in tied if sheet.players[name]["deployed"] == deployed]
    blank = next((name for name in tied if sheet.players[name]["last_initiative"] is None), None)
    if len(tied) > 1 and blank is not None:  # entered, the initiatives differ: nothing is left tied
        raise tie_to_break(sheet.player_path(blank, "last_initiative"), "carnage.refuse.tied_win_legion_cards",
                           names=join_names(tied), level=level, deployed=deployed)


def check(sheet: Sheet) -> None:
    if by_totals(sheet):
        check_totals(sheet)
        return
    if not sheet.rounds:
        raise needed("rounds", "carnage.refuse.enter_least_1_round")
    for name in sheet.names:
        for key in TOTALS:
            if sheet.players[name][key] is not None:
                raise fail(sheet.player_path(name, key), "carnage.refuse.enter_game_round_round")
    tokens = dict.fromkeys(sheet.names, 0)
    for index, entry in enumerate(sheet.rounds):
        seen: dict[int, str] = {}
        for name in sheet.names:
            initiative = entry[name]["initiative"]
            if initiative in seen:
                raise fail(f"rounds[{index}].{name}.initiative", "carnage.refuse.has_initiative_like_tactic",
                           name=name, i=initiative, other=seen[initiative])
            seen[initiative] = name
            tokens[name] += entry[name]["kharnage"]
            if tokens[name] < 0:
                raise fail(f"rounds[{index}].{name}.kharnage", "carnage.refuse.would_have_kharnage_tokens", name=name,
                           n=tokens[name])
        check_round_tokens(entry, index, sheet.names)
    if len(sheet.rounds) == ROUNDS:
        for name in sheet.names:
            if sheet.players[name]["deployed"] is None:
                raise needed(sheet.player_path(name, "deployed"), "carnage.refuse.required_once_all_rounds", n=ROUNDS)


def kharnage_tokens(sheet: Sheet, name: str) -> int:
    return sum(entry[name]["kharnage"] for entry in sheet.rounds)


def score(sheet: Sheet) -> Scoring:
    if by_totals(sheet):
        players = {name: PlayerScore({"rounds": sheet.players[name]["round_points"],
                                      "kharnage": sheet.players[name]["tokens"]}) for name in sheet.names}
        return Scoring(players, True, "rounds", extras={"placements": []})
    per_round = [placement_points(entry) for entry in sheet.rounds]
    players = {name: PlayerScore({"rounds": sum(points[name] for points in per_round),
                                  "kharnage": kharnage_tokens(sheet, name)})
               for name in sheet.names}
    steps = [{name: points[name] + entry[name]["kharnage"] for name in sheet.names}
             for points, entry in zip(per_round, sheet.rounds, strict=True)]
    extras: dict[str, Any] = {"placements": [round_placements(entry) for entry in sheet.rounds]}
    return Scoring(players, len(sheet.rounds) == ROUNDS, "rounds", progress=progress_of(sheet.names, steps),
                   extras=extras)


def last_initiative(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    return sheet.rounds[-1][name]["initiative"] if sheet.rounds else sheet.players[name]["last_initiative"]


SPEC = GameSpec(
    id="carnage",
    # year and play time: published 2016 (boardgameguys.com), 20-30 minutes (the box, as booyakajuice.com
    # gives it). No BoardGameGeek id: none was found in a public source to verify
    bgg_id=0,
    bgg_year=2016,
    play_time=(20, 30),
    name=M("name"),
    min_players=2,
    max_players=MAX_PLAYERS,
    rules_version=3,
    categories=(
        ("rounds", M("category.rounds")),
        ("kharnage", M("category.kharnage")),
    ),
    round_entry=Record((
        Field("destroyed", Int(0, MAX_CARDS), M("field.destroyed"), required=True,
              help=M("field.destroyed.help")),
        Field("initiative", Int(0, MAX_INITIATIVE), M("field.initiative"), required=True,
              help=M("field.initiative.help")),
        Field("kharnage", Int(-most_lost(MAX_PLAYERS), most_gained(MAX_PLAYERS)), M("field.kharnage"),
              help=M("field.kharnage.help")),
    )),
    round_range=(0, ROUNDS),  # none when the game is entered as totals
    player_fields=(
        Field("round_points", Int(0, ROUNDS * PLACE_POINTS[0]), M("field.round_points"),
              default=None, help=M("field.round_points.help")),
        Field("tokens", Int(0, ROUNDS * most_gained(MAX_PLAYERS)), M("field.tokens"),
              default=None, help=M("field.tokens.help")),
        Field("deployed", Int(0, MAX_CARDS), M("field.deployed"), default=None,
              help=M("field.deployed.help")),
        Field("last_initiative", Int(0, MAX_INITIATIVE), M("field.last_initiative"),
              default=None, help=M("field.last_initiative.help")),
    ),
    tiebreaks=(
        TiebreakRule("kharnage", M("tiebreak.kharnage.name"),
                     M("tiebreak.kharnage.advantage"),
                     lambda sheet, scoring, name: scoring.players[name].breakdown["kharnage"]),
        TiebreakRule("deployed", M("tiebreak.deployed.name"),
                     M("tiebreak.deployed.advantage"), player_value("deployed")),
        TiebreakRule("last_initiative", M("tiebreak.last_initiative.name"),
                     M("tiebreak.last_initiative.advantage"), last_initiative,
                     better="lower"),
    ),
    check=check,
    score=score,
    # a round begins with its tactic cards and initiative, ends with the destroyed cards counted: the turns between
    prompts=catalog_prompts(M, order=("setup", "round.1", "round.2", "turn", "round", "end", "scoring")),
    notes=M.numbered("note"),
)
