"""Patchwork against the rulebook: buttons + 7 for the 7×7 tile − 2 per empty space; ties by the first finisher."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games.patchwork import SPEC, patchwork_points

from .helpers import refused, score, totals, with_players
from .strategies import example_sheet

BASE: dict[str, Any] = {
    "game": "patchwork",
    "players": [
        {"name": "A", "buttons": 20, "empty_spaces": 4},
        {"name": "B", "buttons": 15, "empty_spaces": 0, "special_tile": True},
    ],
}


@pytest.mark.parametrize(("player", "breakdown", "total"), [
    ({"buttons": 20, "empty_spaces": 4}, {"buttons": 20, "special_tile": 0, "empty_spaces": -8}, 12),
    ({"buttons": 15, "empty_spaces": 0, "special_tile": True}, {"buttons": 15, "special_tile": 7, "empty_spaces": 0},
     22),
    ({"buttons": 0, "empty_spaces": 81}, {"buttons": 0, "special_tile": 0, "empty_spaces": -162}, -162),
    ({"buttons": 3, "empty_spaces": 10}, {"buttons": 3, "special_tile": 0, "empty_spaces": -20}, -17),
    ({"buttons": 200, "empty_spaces": 0, "special_tile": True}, {"buttons": 200, "special_tile": 7,
                                                                  "empty_spaces": 0}, 207),
    ({"buttons": 10, "empty_spaces": 32, "special_tile": True}, {"buttons": 10, "special_tile": 7,
                                                                 "empty_spaces": -64}, -47),
], ids=["buttons-minus-empty", "special-tile", "minimum", "negative", "maximum", "special-with-32-empty"])
def test_points_per_category(player: dict[str, Any], breakdown: dict[str, int], total: int) -> None:
    sheet = with_players(BASE, A=player, B={"special_tile": False} if player.get("special_tile") else {})
    result = score(sheet)
    assert result.player("A").breakdown == breakdown
    assert result.player("A").total == total


@given(buttons=st.integers(0, 200), empty=st.integers(0, 81), special=st.booleans())
def test_points_formula(buttons: int, empty: int, special: bool) -> None:
    points = patchwork_points(buttons, empty, special)
    assert sum(points.values()) == buttons + 7 * special - 2 * empty
    assert points["empty_spaces"] <= 0 <= points["special_tile"]


def test_the_example_game_is_finished_and_ranked_by_total() -> None:
    result = score(example_sheet("patchwork"))
    assert totals(example_sheet("patchwork")) == {"Mina": 17, "Joon": 19}
    assert result.finished and result.end_reason == "rounds"
    assert result.ranking == [["Joon"], ["Mina"]]
    assert result.tiebreaks == [] and result.progress == []


@pytest.mark.parametrize(("first", "ranking", "winners"), [
    ("A", [["A"], ["B"]], ["A"]),
    ("B", [["B"], ["A"]], ["B"]),
    (None, [["A", "B"]], ["A", "B"]),
], ids=["A-first", "B-first", "unknown-shared"])
def test_a_tie_goes_to_the_first_player_on_the_last_space(first: str | None, ranking: list[list[str]],
                                                          winners: list[str]) -> None:
    sheet = with_players(BASE, A={"buttons": 20, "empty_spaces": 4}, B={"buttons": 5, "empty_spaces": 0})
    sheet["first_to_finish"] = first
    result = score(sheet)
    assert totals(sheet) == {"A": 12, "B": 12}
    assert result.ranking == ranking and result.winners == winners
    if first is None:
        assert result.tiebreaks == []
    else:
        assert [t.decided_by for t in result.tiebreaks] == ["first_to_finish"]
        assert result.tiebreaks[0].text.render("en") == (
            f"A and B tied on 12; {first} wins with the first arrival on the last space")


def test_first_to_finish_does_not_matter_without_a_tie() -> None:
    result = score({**BASE, "first_to_finish": "A"})
    assert result.ranking == [["B"], ["A"]] and result.tiebreaks == []


@pytest.mark.parametrize(("sheet", "path", "words"), [
    (with_players(BASE, A={"buttons": None}), "players[0].buttons", "required"),
    (with_players(BASE, B={"empty_spaces": None}), "players[1].empty_spaces", "required"),
    (with_players(BASE, A={"empty_spaces": 82}), "players[0].empty_spaces", "between 0 and 81"),
    (with_players(BASE, A={"buttons": -1}), "players[0].buttons", "between 0 and 200"),
    (with_players(BASE, A={"buttons": 201}), "players[0].buttons", "between 0 and 200"),
    (with_players(BASE, A={"special_tile": True}), "players[1].special_tile", "one player at most"),
    (with_players(BASE, B={"empty_spaces": 33}), "players[1].empty_spaces", "at most 32"),
    (with_players(BASE, A={"special_tile": "yes"}), "players[0].special_tile", "true or false"),
    ({**BASE, "first_to_finish": "Zed"}, "first_to_finish", "name of a player"),
    ({**BASE, "players": [*BASE["players"], {"name": "C", "buttons": 1, "empty_spaces": 1}]}, "players", "2 to 2"),
    ({**BASE, "rounds": [{"A": 1, "B": 2}]}, "rounds[0]", "no rounds"),
], ids=["buttons-missing", "empty-missing", "empty-over-81", "negative-buttons", "buttons-over-200",
        "two-special-tiles", "special-tile-too-many-empty", "bool-as-text", "unknown-finisher", "three-players",
        "rounds"])
def test_refusals_name_the_field(sheet: dict[str, Any], path: str, words: str) -> None:
    refused(sheet, path, words)


def test_prompts_walk_through_setup_turn_end_and_scoring() -> None:
    texts = [t.render("en") for t in SPEC.prompts_for({}, 2)]
    assert texts[0] == "Each player takes a 9×9 quilt board and 5 buttons."
    assert any("just after the 1×2 patch" in t for t in texts)
    assert any("arrived last" in t for t in texts)
    assert any("past the last space do not count" in t for t in texts)
    assert [t.render("en") for t in SPEC.prompts_for({}, 2, "scoring")][-1].startswith("Tie: the player who reached")
