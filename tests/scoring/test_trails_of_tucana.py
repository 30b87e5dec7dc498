"""Trails of Tucana: sight rounds, villages, blue cards from connections, the village-letter dealer, refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games.trails_of_tucana import (
    POSSIBLE_ROUND_SCORES,
    SIGHTS,
    TERRAIN_DECK,
    TURNS_PER_ROUND,
    bonus_from_connections,
    max_round_score,
    sight_score,
    village_letters,
    village_points,
)

from .helpers import refused, score, totals, with_players

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "docs/examples/trails-of-tucana.json").read_text("utf-8"))
# The rulebook's Najeong: sights 10 then 22, villages A-A, B-B, D-D (38), bonus 8: 78.
NAJEONG = {"name": "Najeong", "sight_scores": [10, 22], "villages": ["A", "B", "D"], "bonus": 8}
NAJEONG_SIGHTS = [{"toucan": 2, "sea_monster": 1, "obelisk": 1},
                  {"toucan": 2, "sea_monster": 2, "obelisk": 1, "yeti": 2}]
CARD = ["D", "C", "E", "A", "B", "A", "D", "B", "C", "E"]
LETTERS = ("A", "B", "C", "D", "E")


def sheet(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": "trails-of-tucana", "players": list(players), **extra}


def player(name: str, scores: list[int], villages: tuple[str, ...] | list[str] = (), **fields: Any) -> dict[str, Any]:
    return {"name": name, "sight_scores": scores, "villages": list(villages), **fields}


def connection(turn: int, name: str, letter: str) -> dict[str, Any]:
    return {"turn": turn, "player": name, "letter": letter}


# Yujeong and Junwoo connect D-D in the same turn (6 each); Najeong later (#2: 4); Sehun after that (nothing).
D_PAIRS = [connection(6, "Yujeong", "D"), connection(6, "Junwoo", "D"), connection(12, "Najeong", "D"),
           connection(20, "Sehun", "D")]


@pytest.mark.parametrize(("counts", "island", "points"), [
    ({}, "petit", 0),
    ({"obelisk": 1}, "petit", 1),
    ({"obelisk": 2, "book": 2, "toucan": 2, "yeti": 2, "sea_monster": 2}, "petit", 28),
    ({"toucan": 2, "sea_monster": 1, "obelisk": 1}, "petit", 10),
    ({"toucan": 2, "sea_monster": 2, "obelisk": 1, "yeti": 2}, "petit", 22),
    ({"book": 1, "yeti": 2}, "petit", 2 + 7),
    ({"obelisk": 3, "book": 3, "toucan": 3, "yeti": 3, "sea_monster": 3}, "grande", 45),
    ({"obelisk": 2, "book": 3}, "grande", 3 + 7),
    ({"toucan": 3, "yeti": 1, "sea_monster": 2}, "grande", 8 + 3 + 9),
], ids=lambda v: str(v))
def test_a_sight_score_adds_every_circled_box(counts: dict[str, int], island: str, points: int) -> None:
    assert sight_score(counts, island) == points


@pytest.mark.parametrize(("letters", "island", "points"), [
    ([], "petit", 0),
    (["A", "B", "D"], "petit", 38),
    (["A", "B", "C", "D", "E"], "petit", 60),
    (["E"], "grande", 16),
    (["A", "B", "C", "D", "E"], "grande", 90),
], ids=lambda v: str(v))
def test_village_points_count_each_letter_once(letters: list[str], island: str, points: int) -> None:
    assert village_points(letters, island) == points


@pytest.mark.parametrize(("connections", "players", "expected"), [
    (D_PAIRS, 5, {"Yujeong": 6, "Junwoo": 6, "Najeong": 4}),
    (D_PAIRS, 4, {"Yujeong": 6, "Junwoo": 6}),
    (D_PAIRS[::-1], 8, {"Yujeong": 6, "Junwoo": 6, "Najeong": 4}),  # the order of entry does not matter
    (D_PAIRS[2:], 1, {"Najeong": 4}),  # solo: the #2 card only
    ([connection(3, "A", "E"), connection(3, "B", "A"), connection(9, "A", "A")], 2, {"A": 7, "B": 3}),
    ([connection(3, "A", "E"), connection(3, "B", "A"), connection(9, "A", "A")], 6, {"A": 7 + 2, "B": 3}),
    ([], 3, {}),
], ids=["seed-d-d-5-players", "4-players-one-card", "any-order", "solo", "letters-apart", "second-card",
        "no-connections"])
def test_blue_cards_go_to_the_first_turn_that_connects_a_letter(connections: list[dict[str, Any]], players: int,
                                                                expected: dict[str, int]) -> None:
    assert bonus_from_connections(connections, players) == expected


def test_the_terrain_deck_gives_13_turns_a_round() -> None:
    assert sum(TERRAIN_DECK.values()) == 27
    assert TERRAIN_DECK == {"desert": 8, "forest": 7, "mountain": 6, "water": 4, "joker": 2}
    assert TURNS_PER_ROUND == 13


@pytest.mark.parametrize(("seat", "options", "expected"), [
    (0, {}, "DCEABADBCE"),
    (1, {}, "EDCEABADBC"),
    (2, {}, "CEDCEABADB"),
    (0, {"start_village": 4}, "BCEDCEABAD"),
    (1, {"start_village": 4}, "DBCEDCEABA"),  # the seed: the mayor picks 4, the 2nd player starts at village 5
    (0, {"start_village": 10}, "CEABADBCED"),
    (0, {"counter_clockwise": True}, "DECBDABAEC"),
    (1, {"counter_clockwise": True}, "CDECBDABAE"),
    (5, {"fair": True}, "DCEABADBCE"),
    (3, {"fair": True, "start_village": 2}, "EDCEABADBC"),
], ids=["mayor", "second", "third", "random-start", "random-start-second", "start-10", "ccw-mayor", "ccw-second",
        "fair", "fair-random-start"])
def test_village_letters_follow_the_seat_rotation(seat: int, options: dict[str, Any], expected: str) -> None:
    assert "".join(village_letters(CARD, seat, **options)) == expected


@pytest.mark.parametrize(("card", "seat", "start"), [
    (CARD[:9], 0, 1), (["A"] * 10, 0, 1), (CARD, 8, 1), (CARD, 0, 11), (CARD, -1, 1),
], ids=["nine-letters", "not-in-pairs", "seat-8", "village-11", "negative-seat"])
def test_village_letters_refuse_a_bad_card_or_seat(card: list[str], seat: int, start: int) -> None:
    with pytest.raises(ValueError):
        village_letters(card, seat, start)


@given(st.permutations(CARD), st.integers(0, 7), st.integers(1, 10), st.booleans(), st.booleans())
def test_every_player_writes_the_whole_card_around_the_island(card: list[str], seat: int, start: int, ccw: bool,
                                                              fair: bool) -> None:
    letters = village_letters(card, seat, start, ccw, fair)
    first = (start - 1 + (0 if fair else seat)) % 10
    assert letters[first] == card[0]
    walk = [letters[(first + (-i if ccw else i)) % 10] for i in range(10)]
    assert walk == card


COUNTS = st.fixed_dictionaries({s: st.integers(0, 3) for s in SIGHTS})


@given(COUNTS, COUNTS, st.sampled_from(["petit", "grande"]))
def test_more_sights_never_score_less_and_every_score_is_possible(a: dict[str, int], b: dict[str, int],
                                                                  island: str) -> None:
    top = 2 if island == "petit" else 3
    low = {s: min(a[s], b[s], top) for s in SIGHTS}
    high = {s: min(max(a[s], b[s]), top) for s in SIGHTS}
    assert 0 <= sight_score(low, island) <= sight_score(high, island) <= max_round_score(island)
    assert sight_score(high, island) in POSSIBLE_ROUND_SCORES[island]


def test_the_rulebook_example_scores_78() -> None:
    result = score(sheet(NAJEONG))
    assert result.player("Najeong").breakdown == {"sights": 32, "villages": 38, "bonus": 8}
    assert result.player("Najeong").total == 78
    assert (result.finished, result.end_reason) == (True, "rounds")
    assert result.progress == [{"Najeong": 10}, {"Najeong": 32}]


def test_the_rulebook_example_from_the_sights_connected() -> None:
    najeong = {**NAJEONG, "sights": NAJEONG_SIGHTS, "sight_scores": None}
    result = score(sheet(najeong))
    assert result.player("Najeong").total == 78
    assert result.extras == {"sight_scores": {"Najeong": [10, 22]}}


def test_the_grande_example_scores_its_three_rounds() -> None:
    result = score(sheet(player("Yujeong", [8, 24, 33], ["A", "E"], bonus=5), options={"island": "grande"}))
    assert result.player("Yujeong").breakdown == {"sights": 65, "villages": 36, "bonus": 5}
    assert (result.finished, result.progress) == (True, [{"Yujeong": 8}, {"Yujeong": 32}, {"Yujeong": 65}])


def test_the_example_game_hands_out_the_blue_cards_from_the_connections() -> None:
    result = score(EXAMPLE)
    assert {p.name: p.breakdown["bonus"] for p in result.players} == {
        "Yujeong": 3 + 6 + 5, "Junwoo": 6 + 7, "Najeong": 2 + 4 + 2, "Sehun": 4 + 3 + 5, "Minji": 3}
    assert {p.name: p.total for p in result.players} == {
        "Yujeong": 75, "Junwoo": 69, "Najeong": 78, "Sehun": 68, "Minji": 62}
    assert result.ranking == [["Najeong"], ["Yujeong"], ["Junwoo"], ["Sehun"], ["Minji"]]


@pytest.mark.parametrize(("extra", "players", "expected"), [
    ({}, [player("A", [5], ["A"], bonus=3), player("B", [0], [])], {"A": 5 + 14 + 3, "B": 0}),
    ({"options": {"special_bonus": True}, "connections": [connection(2, "A", "C")]},
     [player("A", [1], ["C"], red_bonus=6), player("B", [3], [], red_bonus=9)], {"A": 1 + 12 + 5 + 6, "B": 3 + 9}),
    ({"options": {"special_bonus": True}}, [player("A", [4], [], bonus=30)], {"A": 34}),
    ({}, [player("A", [28, 28], LETTERS, bonus=25), player("B", [0, 0])], {"A": 56 + 60 + 25, "B": 0}),
    ({"options": {"island": "grande", "special_bonus": True}},
     [player("A", [45, 45, 45], LETTERS, bonus=45), player("B", [0, 0, 0])], {"A": 135 + 90 + 45, "B": 0}),
], ids=["hand-bonus", "connections-plus-red", "hand-bonus-with-red", "petit-maximum", "grande-maximum"])
def test_totals(extra: dict[str, Any], players: list[dict[str, Any]], expected: dict[str, int]) -> None:
    assert totals(sheet(*players, **extra)) == expected


def test_a_partial_sheet_is_not_finished() -> None:
    result = score(sheet(player("A", [10]), player("B", [12], ["B"])))
    assert (result.finished, result.end_reason) == (False, None)
    assert result.progress == [{"A": 10, "B": 12}]
    assert result.ranking == [["B"], ["A"]]


@pytest.mark.parametrize(("players", "ranking", "decided_by"), [
    ([player("A", [10, 20], ["A"], bonus=2), player("B", [10, 22], ["A"], bonus=0)], [["A"], ["B"]], "bonus"),
    ([player("A", [10, 20], ["E"], bonus=3), player("B", [10, 20], ["C"], bonus=1),
      player("C", [10, 20], ["E"], bonus=3)], [["A", "C"], ["B"]], "bonus"),
    ([player("A", [10, 20], ["A"], bonus=2), player("B", [10, 20], ["A"], bonus=2)], [["A", "B"]], None),
], ids=["more-bonus-wins", "more-bonus-then-shared", "still-tied-shared"])
def test_a_tie_goes_to_more_bonus_points(players: list[dict[str, Any]], ranking: list[list[str]],
                                         decided_by: str | None) -> None:
    result = score(sheet(*players))
    assert result.ranking == ranking
    assert [t.decided_by for t in result.tiebreaks] == ([decided_by] if decided_by else [])


def test_the_tie_note_compares_the_bonus_points() -> None:
    note = score(sheet(player("A", [10, 20], ["A"], bonus=2), player("B", [10, 22], ["A"]))).tiebreaks[0]
    assert note.text.render("en") == "A and B tied on 46; A wins with more bonus points: 2 against 0"


TWO = sheet(player("A", [10, 20], ["A", "D"]), player("B", [8, 22], ["D"]))
CONNECTED = {**TWO, "connections": [connection(3, "A", "A"), connection(5, "A", "D"), connection(5, "B", "D")]}
GRANDE = {**TWO, "options": {"island": "grande"}}


def with_sights(rounds: list[dict[str, int]], island: str = "petit") -> dict[str, Any]:
    return sheet({"name": "A", "sights": rounds, "villages": []}, options={"island": island})


@pytest.mark.parametrize(("bad", "path", "words"), [
    (with_players(TWO, A={"villages": None}), "players[0].villages", ["required"]),
    (with_players(TWO, A={"villages": ["A", "A"]}), "players[0].villages[1]", ["twice"]),
    (with_players(TWO, A={"villages": ["F"]}), "players[0].villages[0]", ["must be one of"]),
    (with_players(TWO, B={"sight_scores": []}), "players[1].sights", ["required"]),
    (with_players(TWO, B={"sights": NAJEONG_SIGHTS}), "players[1].sight_scores", ["not both"]),
    (with_players(TWO, B={"sight_scores": [8, 22, 30]}), "players[1].sight_scores", ["2 rounds", "got 3"]),
    (with_players(GRANDE, B={"sight_scores": [8, 22, 30, 40]}), "players[1].sight_scores", ["0 to 3 entries"]),
    (with_players(TWO, B={"sight_scores": [8]}), "players[1].sight_scores", ["1 round", "A has 2"]),
    (with_players(TWO, B={"sight_scores": [8, 29]}), "players[1].sight_scores[1]", ["round 2", "give 28"]),
    (with_players(TWO, B={"sight_scores": [8, 27]}), "players[1].sight_scores[1]", ["no set", "27"]),
    (with_players(GRANDE, B={"sight_scores": [8, 44, 45]}), "players[1].sight_scores[1]", ["no set", "44"]),
    (with_players(TWO, B={"sight_scores": [12, 11]}), "players[1].sight_scores[1]", ["less than", "12"]),
    (with_players(TWO, B={"sight_scores": [8, 46]}), "players[1].sight_scores[1]", ["between 0 and 45"]),
    (with_sights([{"yeti": 3}]), "players[0].sights[0].yeti", ["round 1", "2 boxes"]),
    (with_sights([{"yeti": 4}], "grande"), "players[0].sights[0].yeti", ["between 0 and 3"]),
    (with_sights([{"book": 2, "yeti": 1}, {"book": 1, "yeti": 2}]), "players[0].sights[1].book",
     ["round 2", "fewer", "round 1"]),
    (with_sights([{"unicorn": 1}]), "players[0].sights[0].unicorn", ["not a field"]),
    (with_players(TWO, A={"red_bonus": 4}), "players[0].red_bonus", ["special bonus"]),
    (with_players({**TWO, "options": {"special_bonus": True}}, A={"red_bonus": 4, "bonus": 9}),
     "players[0].red_bonus", ["already holds"]),
    (with_players(TWO, A={"bonus": 26}), "players[0].bonus", ["at most 25"]),
    (with_players({**TWO, "options": {"special_bonus": True}}, A={"bonus": 46}), "players[0].bonus",
     ["between 0 and 45"]),
    (sheet(player("A", [1, 2], bonus=17)), "players[0].bonus", ["at most 16"]),  # solo: #2 cards only
    (with_players(CONNECTED, B={"bonus": 4}), "players[1].bonus", ["not both"]),
    ({**CONNECTED, "connections": [*CONNECTED["connections"], connection(7, "B", "A")]}, "connections[3].letter",
     ["B did not connect A"]),
    ({**CONNECTED, "connections": [*CONNECTED["connections"], connection(9, "A", "D")]}, "connections[3]",
     ["already entered (connected in turn 5)"]),
    ({**CONNECTED, "connections": [connection(27, "A", "A"), *CONNECTED["connections"][1:]]},
     "connections[0].turn", ["26 turns"]),
    ({**CONNECTED, "connections": [connection(40, "A", "A")]}, "connections[0].turn", ["between 1 and 39"]),
    ({**CONNECTED, "connections": [connection(0, "A", "A")]}, "connections[0].turn", ["between 1 and 39"]),
    ({**CONNECTED, "connections": CONNECTED["connections"][:2]}, "players[1].villages[0]", ["D has no turn"]),
    ({**CONNECTED, "connections": [{"turn": 3, "player": "Z", "letter": "A"}]}, "connections[0].player",
     ["must be the name"]),
    (sheet(*[player(f"P{i}", [1]) for i in range(9)]), "players", ["1 to 8"]),
], ids=["villages-missing", "village-twice", "village-f", "no-sights", "both-entries", "too-many-rounds",
        "beyond-grande", "fewer-rounds", "over-the-maximum", "impossible-27", "impossible-grande-44",
        "score-goes-down", "over-the-field-bound", "three-petit-yetis", "four-grande-yetis", "count-goes-down",
        "unknown-sight", "red-without-variant", "red-with-hand-bonus", "blue-over-25", "bonus-over-the-bound",
        "solo-over-16", "bonus-and-connections", "letter-not-connected", "pair-twice", "turn-after-petit",
        "turn-bound", "turn-zero", "connection-missing", "unknown-player", "nine-players"])
def test_refusals(bad: dict[str, Any], path: str, words: list[str]) -> None:
    refused(bad, path, *words)
