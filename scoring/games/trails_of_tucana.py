"""Trails of Tucana (투카나 여행길): draw trails, connect sights and village pairs, over 2 or 3 rounds."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import fail, needed
from ..fields import Bool, Choice, ChoiceValue, Field, Int, ListOf, PlayerRef, Record
from ..messages import Message, Messages, Typed, Words
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, When, catalog_prompts

M = Messages("trails-of-tucana")

SIGHTS: dict[str, Words] = {
    "obelisk": M("sights.obelisk"),
    "book": M("sights.book"),
    "toucan": M("sights.toucan"),
    "yeti": M("sights.yeti"),
    "sea_monster": M("sights.sea_monster"),
}
# The points of the 1st, 2nd (and 3rd) sight of a kind connected to a village, box by box.
SIGHT_VALUES: dict[str, dict[str, tuple[int, ...]]] = {
    "petit": {"obelisk": (1, 2), "book": (2, 2), "toucan": (2, 3), "yeti": (3, 4), "sea_monster": (4, 5)},
    "grande": {"obelisk": (1, 2, 2), "book": (2, 2, 3), "toucan": (2, 3, 3), "yeti": (3, 4, 4),
               "sea_monster": (4, 5, 5)},
}
LETTERS = ("A", "B", "C", "D", "E")
VILLAGE_POINTS: dict[str, dict[str, int]] = {
    "petit": {"A": 14, "B": 13, "C": 12, "D": 11, "E": 10},
    "grande": {"A": 20, "B": 19, "C": 18, "D": 17, "E": 16},
}
ROUNDS = {"petit": 2, "grande": 3}
ISLANDS = {"petit": M("islands.petit"),
           "grande": M("islands.grande")}
BLUE_CARDS: dict[str, tuple[int, int]] = {"A": (3, 2), "B": (4, 2), "C": (5, 3), "D": (6, 4), "E": (7, 5)}  # #1, #2
TERRAIN_DECK: dict[str, int] = {"desert": 8, "forest": 7, "mountain": 6, "water": 4, "joker": 2}
TURNS_PER_ROUND = (sum(TERRAIN_DECK.values()) - 1) // 2  # 2 cards a turn until 1 is left: 13
VILLAGES = 10
MAX_PLAYERS = 8
MAX_RED_BONUS = 20  # at most 2 red cards are in play
MAX_ROUNDS = max(ROUNDS.values())
MAX_TURN = TURNS_PER_ROUND * MAX_ROUNDS


def boxes(island: str) -> int:
    """Score boxes per sight (= the most sights of one kind that score)."""
    return len(SIGHT_VALUES[island]["obelisk"])


def sight_score(counts: Mapping[str, int], island: str) -> int:
    """A round's sight score: every box circled so far (`counts` = sights of each kind connected, missing = 0)."""
    return sum(sum(values[:counts.get(sight, 0)]) for sight, values in SIGHT_VALUES[island].items())


def max_round_score(island: str) -> int:
    return sight_score(dict.fromkeys(SIGHTS, boxes(island)), island)


POSSIBLE_ROUND_SCORES: dict[str, frozenset[int]] = {
    island: frozenset(sight_score(dict(zip(SIGHTS, counts, strict=True)), island)
                      for counts in itertools.product(range(boxes(island) + 1), repeat=len(SIGHTS)))
    for island in SIGHT_VALUES
}


def village_points(letters: Sequence[str], island: str) -> int:
    """Points for the village pairs connected, each letter once."""
    return sum(VILLAGE_POINTS[island][letter] for letter in set(letters))


def blue_cards(n_players: int) -> dict[str, tuple[int, ...]]:
    """The blue bonus cards in play per letter, top first: #2 alone solo, #1 with 2-4 players, #1 on #2 with 5-8."""
    if n_players == 1:
        return {letter: cards[1:] for letter, cards in BLUE_CARDS.items()}
    if n_players <= 4:
        return {letter: cards[:1] for letter, cards in BLUE_CARDS.items()}
    return dict(BLUE_CARDS)


def max_blue_bonus(n_players: int) -> int:
    return sum(cards[0] for cards in blue_cards(n_players).values())


def bonus_from_connections(connections: Sequence[Mapping[str, Any]], n_players: int) -> dict[str, int]:
    """Blue bonus points per player from `[{"turn", "player", "letter"}]` (any order).

    Everyone who connects a letter's pair in the same turn gets the top card of that letter, which is then
    discarded; a later turn gets the next card, if any is left. Players without a card are left out.
    """
    decks = {letter: list(cards) for letter, cards in blue_cards(n_players).items()}
    bonus: dict[str, int] = {}

    def turn_and_letter(c: Mapping[str, Any]) -> tuple[int, str]:
        return c["turn"], c["letter"]

    for (_, letter), group in itertools.groupby(sorted(connections, key=turn_and_letter), key=turn_and_letter):
        if not decks[letter]:
            continue
        card = decks[letter].pop(0)
        for connection in group:
            bonus[connection["player"]] = bonus.get(connection["player"], 0) + card
    return bonus


def village_letters(card_letters: Sequence[str], seat: int, start_village: int = 1, counter_clockwise: bool = False,
                    fair: bool = False) -> list[str]:
    """The letters a player writes at villages 1..10 (index 0 = village 1) from a setup card.

    `seat` counts from 0 (the mayor) and goes clockwise: seat k starts at village `start_village + k`
    (1 by the rules, any of 1..10 with a random start). Counter-clockwise writes the card's letters going
    down the village numbers; fair gives everyone the mayor's letters.
    """
    if sorted(card_letters) != sorted(LETTERS * 2):
        raise ValueError(f"a setup card holds each of A to E twice, got {list(card_letters)}")
    if not 1 <= start_village <= VILLAGES or not 0 <= seat < MAX_PLAYERS:
        raise ValueError(f"start village 1..{VILLAGES} and seat 0..{MAX_PLAYERS - 1}, got {start_village}, {seat}")
    first = start_village - 1 + (0 if fair else seat)
    step = -1 if counter_clockwise else 1
    letters = [""] * VILLAGES
    for i, letter in enumerate(card_letters):
        letters[(first + step * i) % VILLAGES] = letter
    return letters


def sight_entry(sheet: Sheet, name: str) -> str:
    """Which field holds the player's rounds: `sights` (counts) or `sight_scores` (points)."""
    return "sights" if sheet.players[name]["sights"] else "sight_scores"


def round_sight_scores(sheet: Sheet, name: str) -> list[int]:
    player = sheet.players[name]
    island = sheet.options["island"]
    if player["sights"]:
        return [sight_score(counts, island) for counts in player["sights"]]
    return list(player["sight_scores"])


def check(sheet: Sheet) -> None:
    for name in sheet.names:
        check_sight_entry(sheet, name)
    check_same_rounds(sheet)
    check_connections(sheet)
    for name in sheet.names:
        check_bonus(sheet, name)


def check_sight_entry(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    island = sheet.options["island"]
    if player["sights"] and player["sight_scores"]:
        raise fail(sheet.player_path(name, "sight_scores"), "trails-of-tucana.refuse.enter_either_sights_connected")
    if not player["sights"] and not player["sight_scores"]:
        raise needed(sheet.player_path(name, "sights"), "trails-of-tucana.refuse.required_enter_sights_connected")
    key = sight_entry(sheet, name)
    if len(player[key]) > ROUNDS[island]:
        raise fail(sheet.player_path(name, key), "trails-of-tucana.refuse.played_over_rounds",
                   island=ISLANDS[island], rounds=ROUNDS[island], n=len(player[key]))
    if key == "sights":
        check_sight_counts(sheet, name)
    else:
        check_sight_scores(sheet, name)


def check_sight_counts(sheet: Sheet, name: str) -> None:
    island = sheet.options["island"]
    previous: Mapping[str, int] = dict.fromkeys(SIGHTS, 0)
    for r, counts in enumerate(sheet.players[name]["sights"]):
        for sight, sight_name in SIGHTS.items():
            path = f"{sheet.player_path(name, 'sights')}[{r}].{sight}"
            if counts[sight] > boxes(island):
                raise fail(path, "trails-of-tucana.refuse.round_but_has_boxes",
                           n=counts[sight], sight=sight_name, round=r + 1, island=ISLANDS[island],
                           boxes=boxes(island))
            if counts[sight] < previous[sight]:
                raise fail(path, "trails-of-tucana.refuse.round_fewer_than_round",
                           n=counts[sight], sight=sight_name, round=r + 1, prev=previous[sight], before=r)
        previous = counts


def check_sight_scores(sheet: Sheet, name: str) -> None:
    island = sheet.options["island"]
    previous = 0
    for r, points in enumerate(sheet.players[name]["sight_scores"]):
        path = f"{sheet.player_path(name, 'sight_scores')}[{r}]"
        if points > max_round_score(island):
            raise fail(path, "trails-of-tucana.refuse.points_round_but_all",
                       n=points, round=r + 1, island=ISLANDS[island], max=max_round_score(island))
        if points not in POSSIBLE_ROUND_SCORES[island]:
            raise fail(path, "trails-of-tucana.refuse.points_round_set_circled",
                       n=points, round=r + 1)
        if points < previous:
            raise fail(path, "trails-of-tucana.refuse.points_round_less_than",
                       n=points, round=r + 1, prev=previous, before=r)
        previous = points


def check_same_rounds(sheet: Sheet) -> None:
    first = sheet.names[0]
    rounds = len(round_sight_scores(sheet, first))
    for name in sheet.names[1:]:
        n = len(round_sight_scores(sheet, name))
        if n != rounds:
            raise needed(sheet.player_path(name, sight_entry(sheet, name)),
                         "trails-of-tucana.refuse.round_s_entered_but", n=n, first=first, rounds=rounds)


def check_connections(sheet: Sheet) -> None:
    connections = sheet.fields["connections"]
    if not connections:
        return
    island = sheet.options["island"]
    last_turn = TURNS_PER_ROUND * ROUNDS[island]
    seen: dict[tuple[str, str], int] = {}
    for k, connection in enumerate(connections):
        player, letter = connection["player"], connection["letter"]
        if connection["turn"] > last_turn:
            raise fail(f"connections[{k}].turn", "trails-of-tucana.refuse.has_turns_per_round",
                       island=ISLANDS[island], last=last_turn, per=TURNS_PER_ROUND, turn=connection["turn"])
        if letter not in sheet.players[player]["villages"]:
            raise fail(f"connections[{k}].letter", "trails-of-tucana.refuse.did_connect_missing_from",
                       player=player, letter=letter)
        if (player, letter) in seen:
            raise fail(f"connections[{k}]", "trails-of-tucana.refuse.s_pair_already_entered", player=player,
                       letter=letter, turn=seen[player, letter])
        seen[player, letter] = connection["turn"]
    for name in sheet.names:
        for j, letter in enumerate(sheet.players[name]["villages"]):
            if (name, letter) not in seen:
                raise fail(f"{sheet.player_path(name, 'villages')}[{j}]",
                           "trails-of-tucana.refuse.has_turn_village_pairs", letter=letter)


def check_bonus(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    if player["red_bonus"] and not sheet.options["special_bonus"]:
        raise fail(sheet.player_path(name, "red_bonus"), "trails-of-tucana.refuse.red_bonus_cards_play")
    if player["bonus"] is None:
        return
    if sheet.fields["connections"]:
        raise fail(sheet.player_path(name, "bonus"), "trails-of-tucana.refuse.enter_bonus_hand_let")
    if player["red_bonus"]:
        raise fail(sheet.player_path(name, "red_bonus"), "trails-of-tucana.refuse.bonus_entered_hand_already")
    most = max_blue_bonus(len(sheet.names)) + (MAX_RED_BONUS if sheet.options["special_bonus"] else 0)
    if player["bonus"] > most:
        raise fail(sheet.player_path(name, "bonus"), "trails-of-tucana.refuse.bonus_points_but_bonus",
                   n=player["bonus"], most=most)


def bonus_points(sheet: Sheet) -> dict[str, int]:
    blue = bonus_from_connections(sheet.fields["connections"], len(sheet.names))
    out = {}
    for name in sheet.names:
        player = sheet.players[name]
        out[name] = player["bonus"] if player["bonus"] is not None else blue.get(name, 0) + player["red_bonus"]
    return out


def score(sheet: Sheet) -> Scoring:
    island = sheet.options["island"]
    sights = {name: round_sight_scores(sheet, name) for name in sheet.names}
    bonus = bonus_points(sheet)
    players = {name: PlayerScore({"sights": sum(sights[name]),
                                  "villages": village_points(sheet.players[name]["villages"], island),
                                  "bonus": bonus[name]})
               for name in sheet.names}
    rounds = len(sights[sheet.names[0]])
    progress = [{name: sum(sights[name][:r + 1]) for name in sheet.names} for r in range(rounds)]
    return Scoring(players, rounds == ROUNDS[island], "rounds", progress=progress, extras={"sight_scores": sights})


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    island = options.get("island", "petit")
    return {"island": ISLANDS[island], "rounds": ROUNDS[island], "turns": TURNS_PER_ROUND,
            "bonus_sight": M("setup.2nd") if island == "petit" else M("setup.3rd")}


LETTER = Choice(tuple(ChoiceValue(letter, Typed(letter)) for letter in LETTERS))
MAX_ROUND_SCORE = max(max_round_score(i) for i in SIGHT_VALUES)
SIGHT_COUNTS = Record(tuple(Field(key, Int(0, max(boxes(i) for i in SIGHT_VALUES)),
                                  Message(f"trails-of-tucana.field.sights.{key}"))
                            for key, name in SIGHTS.items()))

SPEC = GameSpec(
    id="trails-of-tucana",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=283864,
    bgg_year=2019,
    play_time=(15, 15),
    name=M("name"),
    min_players=1,
    max_players=MAX_PLAYERS,
    rules_version=1,
    categories=(
        ("sights", M("category.sights")),
        ("villages", M("category.villages")),
        ("bonus", M("category.bonus")),
    ),
    options=(
        Field("island", Choice(tuple(ChoiceValue(key, name) for key, name in ISLANDS.items())),
              M("field.island"), default="petit",
              help=M("field.island.help")),
        Field("special_bonus", Bool(), M("field.special_bonus"), default=False,
              help=M("field.special_bonus.help")),
    ),
    player_fields=(
        Field("sights", ListOf(SIGHT_COUNTS, MAX_ROUNDS), M("field.sights"),
              help=M("field.sights.help")),
        Field("sight_scores", ListOf(Int(0, MAX_ROUND_SCORE), MAX_ROUNDS), M("field.sight_scores"),
              help=M("field.sight_scores.help")),
        Field("villages", ListOf(LETTER, len(LETTERS), unique=True), M("field.villages"),
              required=True, help=M("field.villages.help")),
        Field("bonus", Int(0, max_blue_bonus(2) + MAX_RED_BONUS), M("field.bonus"), default=None,
              help=M("field.bonus.help")),
        Field("red_bonus", Int(0, MAX_RED_BONUS), M("field.red_bonus"),
              help=M("field.red_bonus.help"), option=("special_bonus", True)),
    ),
    game_fields=(
        Field("connections", ListOf(Record((
            Field("turn", Int(1, MAX_TURN), M("field.connections.turn"), required=True,
                  help=M("field.connections.turn.help")),
            Field("player", PlayerRef(), M("field.connections.player"), required=True),
            Field("letter", LETTER, M("field.connections.letter"), required=True),
        )), MAX_PLAYERS * len(LETTERS)), M("field.connections"),
              help=M("field.connections.help")),
    ),
    tiebreaks=(
        TiebreakRule("bonus", M("tiebreak.bonus.name"), M("tiebreak.bonus.advantage"),
                     lambda sheet, scoring, name: scoring.players[name].breakdown["bonus"]),
    ),
    setup=setup,
    check=check,
    score=score,
    prompts=catalog_prompts(M, when={
        "setup.8": When(max_players=1),
        "setup.9": When(min_players=2, max_players=4),
        "setup.10": When(min_players=5),
        "setup.11": When(option=("special_bonus", False)),
        "setup.12": When(max_players=4, option=("special_bonus", True)),
        "setup.13": When(min_players=5, option=("special_bonus", True)),
        "turn.8": When(min_players=5),
        "turn.9": When(option=("special_bonus", True)),
    }),
    notes=M.numbered("note"),
)
