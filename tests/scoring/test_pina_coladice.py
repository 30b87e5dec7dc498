"""Piña Coladice: coaster combinations, placement points, the seat-order replay, the three end triggers, ties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games.pina_coladice import (
    COASTERS,
    SPEC,
    TOKENS,
    Replay,
    coaster_matches,
    coaster_side,
    coaster_value,
    matching_coasters,
    own_neighbours,
    placement_points,
)

from .helpers import refused, score, totals

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "docs/examples/pina-coladice.json").read_text("utf-8"))
BOARD = [
    ["pair-1", "pair-2", "double-pair", "three-3"],
    ["odds", "sum-le-9", "small-straight", "full-house"],
    ["pair-5", "evens", "four-of-a-kind", "sum-21-23"],
    ["three-6", "large-straight", "all-different", "five-of-a-kind"],
]
P = None  # a pass in `moves`


def game(moves: list[list[int] | None], names: str = "AB", board: list[list[str]] = BOARD) -> dict[str, Any]:
    """A sheet whose events take turns in seat order: a cell is a placement, P a pass."""
    events = [{"player": names[i % len(names)], **({"pass": True} if m is P else {"cell": m})}
              for i, m in enumerate(moves)]
    return {"game": "pina-coladice", "players": [{"name": n} for n in names], "board": board, "events": events}


# A completes column 0 while B, ahead on points, builds column 3.
COLUMN_FOR_A = [[0, 0], [0, 3], [1, 0], [1, 3], [2, 0], [2, 3], [3, 0]]
# A reaches 21 with events[10]; B answers in the same round by completing the anti-diagonal.
LINE_IN_LAST_ROUND = [[1, 1], [0, 3], [0, 0], [1, 2], [1, 0], [2, 1], [0, 1], P, [2, 0], P, [0, 2], [3, 0]]
# A places all 6 tokens, spread out so they make no line, while B passes.
SIX_TOKENS = [[0, 0], P, [0, 2], P, [2, 0], P, [2, 2], P, [0, 1], P, [3, 3], P]
# The same, but the 6th token also brings A to exactly 20.
SIX_TOKENS_TO_20 = [[0, 0], P, [0, 2], P, [2, 0], P, [2, 2], P, [1, 1], P, [3, 1], P]


@pytest.mark.parametrize(("coaster", "dice", "expected"), [
    ("pair-1", [1, 1, 2, 3, 4], True),
    ("pair-1", [1, 2, 3, 4, 5], False),
    ("pair-6", [6, 6, 6, 6, 6], True),
    ("three-4", [4, 4, 4, 1, 2], True),
    ("three-4", [4, 4, 1, 2, 3], False),
    ("double-pair", [2, 2, 5, 5, 1], True),
    ("double-pair", [3, 3, 3, 3, 1], True),
    ("double-pair", [3, 3, 3, 1, 2], False),
    ("full-house", [2, 2, 2, 6, 6], True),
    ("full-house", [5, 5, 5, 5, 5], True),
    ("full-house", [5, 5, 5, 5, 1], False),
    ("four-of-a-kind", [4, 4, 4, 4, 4], True),
    ("four-of-a-kind", [4, 4, 4, 1, 1], False),
    ("five-of-a-kind", [2, 2, 2, 2, 2], True),
    ("five-of-a-kind", [2, 2, 2, 2, 3], False),
    ("all-different", [1, 2, 4, 5, 6], True),
    ("all-different", [1, 2, 4, 5, 5], False),
    ("small-straight", [3, 4, 5, 6, 6], True),
    ("small-straight", [1, 2, 3, 5, 6], False),
    ("large-straight", [2, 3, 4, 5, 6], True),
    ("large-straight", [1, 2, 3, 4, 6], False),
    ("odds", [1, 3, 5, 5, 1], True),
    ("odds", [1, 3, 5, 5, 2], False),
    ("evens", [2, 4, 6, 6, 2], True),
    ("sum-le-9", [1, 1, 2, 2, 3], True),
    ("sum-le-9", [1, 1, 2, 2, 4], False),
    ("sum-12-14", [1, 2, 3, 3, 3], True),
    ("sum-12-14", [3, 3, 3, 3, 3], False),
    ("sum-21-23", [6, 6, 6, 2, 1], True),
    ("sum-21-23", [6, 6, 6, 5, 1], False),
    ("sum-ge-26", [6, 6, 6, 4, 4], True),
    ("sum-ge-26", [6, 6, 6, 4, 3], False),
], ids=lambda v: str(v))
def test_a_coaster_matches_its_combination(coaster: str, dice: list[int], expected: bool) -> None:
    assert coaster_matches(coaster, dice) is expected


def test_the_dice_helper_lists_the_free_coasters_the_dice_match_in_board_order() -> None:
    free = ["three-6", "pair-6", "sum-le-9", "full-house", "evens", "five-of-a-kind"]
    assert matching_coasters([6, 6, 6, 6, 6], free) == ["three-6", "pair-6", "full-house", "evens", "five-of-a-kind"]
    assert matching_coasters([1, 2, 3, 4, 6], free) == []


@pytest.mark.parametrize("dice", [[1, 2, 3, 4], [1, 2, 3, 4, 7], [0, 1, 2, 3, 4]], ids=["four", "seven", "zero"])
def test_the_dice_helper_refuses_anything_but_five_dice(dice: list[int]) -> None:
    with pytest.raises(ValueError, match="5 dice"):
        matching_coasters(dice, list(COASTERS))


DICE = st.lists(st.integers(1, 6), min_size=5, max_size=5)


@given(DICE)
def test_combinations_imply_the_weaker_ones(dice: list[int]) -> None:
    found = set(matching_coasters(dice, list(COASTERS)))
    if "five-of-a-kind" in found:
        assert {"four-of-a-kind", "full-house", "double-pair", f"three-{dice[0]}", f"pair-{dice[0]}"} <= found
    if "large-straight" in found:
        assert {"small-straight", "all-different"} <= found
    if "four-of-a-kind" in found:
        assert "double-pair" in found
    assert ("all-different" in found) == (not any(c.startswith("pair-") for c in found))
    sums = {"sum-le-9": sum(dice) <= 9, "sum-12-14": 12 <= sum(dice) <= 14, "sum-21-23": 21 <= sum(dice) <= 23,
            "sum-ge-26": sum(dice) >= 26}
    assert {c for c in found if c.startswith("sum-")} == {c for c, hit in sums.items() if hit}


@pytest.mark.parametrize(("cell", "players", "side"), [
    ((1, 2), 2, "one"), ((0, 0), 2, "one"),
    ((0, 0), 3, "two"), ((3, 3), 3, "two"), ((1, 1), 3, "two"), ((2, 2), 3, "two"),
    ((0, 1), 3, "one"), ((1, 0), 3, "one"), ((3, 2), 3, "one"),
    ((0, 1), 4, "two"), ((2, 3), 4, "two"),
], ids=lambda v: str(v))
def test_the_coaster_side_follows_the_player_count(cell: tuple[int, int], players: int, side: str) -> None:
    assert coaster_side(*cell, players) == side


@pytest.mark.parametrize(("coaster", "side", "order", "neighbours", "points"), [
    ("pair-3", "one", 0, 0, 1),
    ("double-pair", "one", 0, 2, 4),
    ("double-pair", "two", 0, 0, 3),
    ("double-pair", "two", 1, 0, 2),
    ("four-of-a-kind", "two", 1, 1, 4),
    ("sum-ge-26", "two", 1, 3, 6),
    ("five-of-a-kind", "two", 0, 8, 14),  # the most one placement can score
], ids=lambda v: str(v))
def test_placement_points_are_the_coaster_value_plus_own_neighbours(coaster: str, side: str, order: int,
                                                                    neighbours: int, points: int) -> None:
    assert placement_points(coaster, side, order, neighbours) == points  # type: ignore[arg-type]


def grid(rows: list[str]) -> list[list[list[str]]]:
    """Tokens from a picture: one letter per cell ('.' empty), 'AB' cells written as lowercase 'x'."""
    return [[["A", "B"] if ch == "x" else [] if ch == "." else [ch] for ch in row] for row in rows]


@pytest.mark.parametrize(("rows", "cell", "player", "count"), [
    (["AAA.", "AAA.", "AAA.", "...."], (1, 1), "A", 8),  # the cell itself does not count
    (["AAA.", "AAA.", "AAA.", "...."], (0, 0), "A", 3),
    (["...A", "..BA", "..x.", "...."], (1, 3), "A", 2),
    (["...A", "..BA", "..x.", "...."], (1, 3), "B", 2),  # a shared two-space coaster counts for both
    (["A..A", "....", "....", "A..A"], (1, 1), "A", 1),
    (["....", "....", "....", "...."], (3, 3), "A", 0),
], ids=["centre", "corner", "edge", "shared", "far", "empty"])
def test_own_neighbours_counts_the_8_surrounding_coasters(rows: list[str], cell: tuple[int, int], player: str,
                                                          count: int) -> None:
    assert own_neighbours(grid(rows), *cell, player) == count


def test_every_coaster_carries_its_printed_values() -> None:
    values = {cid: (coaster_value(cid, "one", 0), coaster_value(cid, "two", 0), coaster_value(cid, "two", 1))
              for cid in COASTERS}
    assert len(values) == 25
    assert values["pair-4"] == (1, 1, 1) and values["three-2"] == (1, 2, 1)
    assert values["double-pair"] == values["odds"] == values["evens"] == (2, 3, 2)
    assert values["sum-le-9"] == values["sum-ge-26"] == values["large-straight"] == values["full-house"] == (3, 4, 3)
    assert values["sum-12-14"] == values["sum-21-23"] == values["small-straight"] == (2, 3, 2)
    assert values["four-of-a-kind"] == values["all-different"] == (3, 3, 3)
    assert values["five-of-a-kind"] == (4, 6, 4)


@pytest.mark.parametrize(("moves", "names", "expected"), [
    ([], "AB", {"A": 1, "B": 2}),
    ([], "ABCD", {"A": 1, "B": 2, "C": 3, "D": 4}),
    # A: sum-le-9 3; small-straight 2 + 1 neighbour; evens 2 + 2 neighbours. B: pair-1 1; pass; pair-2 1 + 1.
    ([[1, 1], [0, 0], [1, 2], P, [2, 1], [0, 1]], "AB", {"A": 1 + 3 + 3 + 4, "B": 2 + 1 + 2}),
    # 4 players, all two-space: five-of-a-kind 6 for the first token, 4 for the second.
    ([[3, 3], [3, 3]], "ABCD", {"A": 1 + 6, "B": 2 + 4, "C": 3, "D": 4}),
    # 3 players: corner three-3 two-space (2 then 1), edge pair-2 one-space 1, centre small-straight first 3 +
    # A's neighbour on the shared corner, centre four-of-a-kind first 3 (no neighbour of B's).
    ([[0, 3], [0, 3], [0, 1], [1, 2], [2, 2]], "ABC", {"A": 1 + 2 + 4, "B": 2 + 1 + 3, "C": 3 + 1}),
    # B's token on the shared corner counts for B too: small-straight second token 2 + 1.
    ([[0, 3], [0, 3], [0, 1], [1, 2], [1, 2]], "ABC", {"A": 1 + 2 + 4, "B": 2 + 1 + 3, "C": 3 + 1}),
], ids=["starting-scores-2", "starting-scores-4", "neighbours", "two-space-first-and-second", "three-players",
        "shared-coaster-neighbour"])
def test_totals_are_the_seat_plus_placement_points(moves: list[Any], names: str, expected: dict[str, int]) -> None:
    assert totals(game(moves, names)) == expected


def test_the_breakdown_and_progress_follow_every_event() -> None:
    result = score(game([[1, 1], [0, 0], [1, 2], P]))
    assert result.player("A").breakdown == {"start": 1, "placements": 6}
    assert result.player("B").breakdown == {"start": 2, "placements": 1}
    assert result.progress == [{"A": 4, "B": 2}, {"A": 4, "B": 3}, {"A": 7, "B": 3}, {"A": 7, "B": 3}]
    assert (result.finished, result.end_reason) == (False, None)


def test_the_example_game_ends_when_the_round_of_the_20_points_is_finished() -> None:
    result = score(EXAMPLE)
    assert {p.name: p.total for p in result.players} == {"Ana": 20, "Ben": 23, "Cho": 26}
    assert result.ranking == [["Cho"], ["Ben"], ["Ana"]]
    assert (result.finished, result.end_reason) == (True, "score")
    assert result.progress[15] == {"Ana": 20, "Ben": 16, "Cho": 19}  # Ana's trigger: Ben and Cho still play


def test_the_game_is_still_running_while_the_last_round_is_finished() -> None:
    sheet = {**EXAMPLE, "events": EXAMPLE["events"][:16]}
    result = score(sheet)
    assert (result.finished, result.end_reason, result.winners) == (False, None, ["Ana"])


def test_a_trigger_by_the_last_seat_ends_the_game_at_once() -> None:
    events = [*EXAMPLE["events"][:11], {"player": "Cho", "cell": [3, 3]}]  # 15 + 6 + 2 neighbours
    result = score({**EXAMPLE, "events": events})
    assert result.player("Cho").total == 23
    assert (result.finished, result.end_reason) == (True, "score")
    error = refused({**EXAMPLE, "events": [*events, {"player": "Ana", "pass": True}]}, "events[12]",
                    "The game is already over (it ended with turn 12): no more turns.")
    assert error.text.render("ko") == "게임이 이미 끝났습니다 (12번째 차례에서 끝남): 더 이상 차례가 없습니다."


@pytest.mark.parametrize(("moves", "end_reason", "expected"), [
    (SIX_TOKENS, "tokens", {"A": 16, "B": 2}),
    (SIX_TOKENS_TO_20, "score", {"A": 20, "B": 2}),
], ids=["sixth-token", "sixth-token-reaching-20-counts-as-score"])
def test_the_sixth_token_triggers_the_end(moves: list[Any], end_reason: str, expected: dict[str, int]) -> None:
    assert score(game(moves[:-1])).finished is False
    result = score(game(moves))
    assert (result.finished, result.end_reason) == (True, end_reason)
    assert {p.name: p.total for p in result.players} == expected


def test_a_line_wins_at_once_even_behind_on_points() -> None:
    result = score(game(COLUMN_FOR_A))
    assert {p.name: p.total for p in result.players} == {"A": 9, "B": 10}
    assert (result.finished, result.end_reason) == (True, "line")
    assert result.ranking == [["A"], ["B"]] and result.winners == ["A"]
    assert result.extras == {"line": [[0, 0], [1, 0], [2, 0], [3, 0]]}
    assert [(note.players, note.decided_by) for note in result.tiebreaks] == [(("A",), "line")]
    assert result.tiebreaks[0].text.render("en") == (
        "A completed column 1 with their tokens: the game ended at once and A wins, whatever the points")
    assert result.tiebreaks[0].text.render("ko") == (
        "A이(가) 자기 토큰으로 세로 1번째 줄을 완성했습니다: 게임이 바로 끝나고 점수와 관계없이 A이(가) 승리합니다")


def test_a_line_in_the_last_round_beats_the_player_who_triggered_the_end() -> None:
    result = score(game(LINE_IN_LAST_ROUND))
    assert {p.name: p.total for p in result.players} == {"A": 21, "B": 11}
    assert (result.finished, result.end_reason, result.winners) == (True, "line", ["B"])
    assert result.extras == {"line": [[0, 3], [1, 2], [2, 1], [3, 0]]}
    assert result.tiebreaks[0].text.render("en").startswith("B completed the diagonal from the top right corner")
    assert score(game(LINE_IN_LAST_ROUND[:-1])).finished is False  # A's 21 waits for B's turn


# Seed 001: "한 플레이어가 자신의 토큰으로 가로, 세로, 또는 대각선 한 줄을 완성하면 즉시 승리한다": the result says
# that the game ended by a line and who made it, also when the line maker is ahead on points anyway.
@pytest.mark.parametrize(("moves", "line"), [
    ([[1, 0], [3, 3], [1, 1], [3, 2], [1, 2], [0, 0], [1, 3]], "row 2"),
    ([[0, 2], [0, 0], [1, 2], [0, 1], [2, 2], [1, 1], [3, 2]], "column 3"),
    ([[0, 0], [0, 1], [1, 1], [0, 2], [2, 2], [1, 0], [3, 3]], "the diagonal from the top left corner"),
    ([[0, 3], [0, 0], [1, 2], [0, 1], [2, 1], [1, 0], [3, 0]], "the diagonal from the top right corner"),
], ids=["row", "column", "diagonal-down-right", "diagonal-down-left"])
def test_the_result_explains_a_win_by_a_line(moves: list[Any], line: str) -> None:
    result = score(game(moves, "BA"))
    assert result.end_reason == "line" and result.winners == ["B"]
    assert result.player("B").total > result.player("A").total
    assert result.tiebreaks[0].decided_by == "line"
    assert result.tiebreaks[0].text.render("en").startswith(
        f"B completed {line} with their tokens: the game ended at once")


def test_the_placement_points_read_as_points() -> None:
    assert SPEC.category_name("placements").render("en") == "Points from tokens placed"


@pytest.mark.parametrize(("moves", "ranking", "decided_by"), [
    ([P, [0, 3], [0, 2]], [["A"], ["B"]], "latest_placement"),  # 3 all: A placed last
    ([[1, 1], [0, 3], P, [3, 0]], [["B"], ["A"]], "latest_placement"),  # 4 all: B placed last
    ([[3, 0], P], [["A", "B"]], None),  # 2 all: B never placed, so the rules cannot tell
], ids=["a-placed-last", "b-placed-last", "never-placed-stays-shared"])
def test_a_tie_goes_to_the_latest_placement(moves: list[Any], ranking: list[list[str]],
                                            decided_by: str | None) -> None:
    result = score(game(moves))
    assert len({p.total for p in result.players}) == 1
    assert result.ranking == ranking
    assert [t.decided_by for t in result.tiebreaks] == ([decided_by] if decided_by else [])


def test_the_tie_note_names_the_latest_placement() -> None:
    note = score(game([P, [0, 3], [0, 2]])).tiebreaks[0]
    assert note.text.render("en") == "A and B tied on 3; A wins with the latest placement"


def with_events(sheet: dict[str, Any], *events: dict[str, Any]) -> dict[str, Any]:
    return {**sheet, "events": [*sheet["events"], *events]}


@pytest.mark.parametrize(("sheet", "path", "words"), [
    ({**game([]), "board": None}, "board", ["required"]),
    ({**game([]), "board": BOARD[:3]}, "board", ["exactly 4"]),
    ({**game([]), "board": [BOARD[0], BOARD[1][:3], *BOARD[2:]]}, "board[1]", ["exactly 4"]),
    ({**game([]), "board": [["pair-7", *BOARD[0][1:]], *BOARD[1:]]}, "board[0][0]", ["must be one of"]),
    ({**game([]), "board": [BOARD[0], ["odds", "sum-le-9", "pair-1", "full-house"], *BOARD[2:]]}, "board[1][2]",
     ["Pair of 1s", "row 1, column 1", "once"]),
    (game([], "ABCDE"), "players", ["2 to 4"]),
    (with_events(game([[1, 1]]), {"player": "A", "cell": [0, 0]}), "events[1].player", ["B's turn", "seat order"]),
    (with_events(game([]), {"player": "Z", "pass": True}), "events[0].player", ["must be the name"]),
    (game([[1, 1], [1, 1]]), "events[1].cell", ["in row 2, column 2 is already full", "A"]),
    (game([[3, 3], [3, 3], [3, 3]], "ABCD"), "events[2].cell", ["already full", "A, B"]),
    (game([[0, 0], P, P, P, [0, 0]], "ABCD"), "events[4].cell", ["A already has a token", "two different"]),
    (game([[0, 4]]), "events[0].cell[1]", ["between 0 and 3"]),
    (game([[0]]), "events[0].cell", ["exactly 2"]),
    (with_events(game([]), {"player": "A", "pass": False}), "events[0].pass", ["true"]),
    (with_events(game([]), {"player": "A", "cell": [0, 0], "pass": True}), "events[0].pass", ["not a field"]),
    (with_events(game([]), {"player": "A"}), "events[0]", ["'cell' or 'pass'"]),
    (with_events(game(COLUMN_FOR_A), {"player": "B", "cell": [3, 3]}), "events[7]", ["already over", "turn 7"]),
    (game([*SIX_TOKENS, [1, 1]]), "events[12]", ["already over"]),  # a 7th token
], ids=["no-board", "three-rows", "short-row", "unknown-coaster", "duplicate-coaster", "five-players",
        "out-of-turn", "unknown-player", "one-space-full", "two-space-full", "same-player-twice", "cell-off-board",
        "cell-one-number", "pass-false", "cell-and-pass", "neither", "after-a-line", "seventh-token"])
def test_refusals(sheet: dict[str, Any], path: str, words: list[str]) -> None:
    refused(sheet, path, *words)


@given(st.permutations([(r, c) for r in range(4) for c in range(4)]), st.lists(st.booleans(), min_size=16,
                                                                                  max_size=16))
def test_any_legal_two_player_game_keeps_its_totals_consistent(cells: list[tuple[int, int]],
                                                               passes: list[bool]) -> None:
    replay = Replay(("A", "B"), BOARD)
    free = iter(cells)
    for index, passing in enumerate(passes):
        if replay.over:
            break
        event = {"player": "AB"[index % 2], **({"pass": True} if passing else {"cell": list(next(free))})}
        replay.play(index, event)
    running = {n: replay.start(n) for n in "AB"}
    for step in replay.progress:
        assert all(step[n] >= running[n] for n in "AB"), "totals never go down"
        running = step
    assert replay.progress == [] or replay.progress[-1] == {n: replay.total(n) for n in "AB"}
    assert all(replay.placed(n) <= TOKENS for n in "AB")
    if replay.over and replay.trigger != "line":
        assert len(replay.progress) % 2 == 0


@given(st.permutations([(r, c) for r in range(4) for c in range(4)]), st.lists(st.booleans(), min_size=16,
                                                                                  max_size=16))
def test_only_a_line_is_explained_and_then_first(cells: list[tuple[int, int]], passes: list[bool]) -> None:
    """Any legal game: a game won by a line says so first, naming the winner; no other game speaks of a line."""
    free = iter(cells)
    moves = [P if passing else list(next(free)) for passing in passes]
    replay = Replay(("A", "B"), BOARD)
    for index, move in enumerate(moves):
        if replay.over:
            moves = moves[:index]
            break
        replay.play(index, {"player": "AB"[index % 2], **({"pass": True} if move is P else {"cell": move})})
    result = score(game(moves))
    lines = [note for note in result.tiebreaks if note.decided_by == "line"]
    if result.end_reason == "line":
        assert lines == result.tiebreaks[:1] and lines[0].players == tuple(result.winners)
        assert lines[0].text.render("en").startswith(f"{result.winners[0]} completed ")
    else:
        assert lines == []
