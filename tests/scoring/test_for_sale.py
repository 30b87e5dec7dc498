"""For Sale against the rulebook: cheques + coins, ties by coins then the highest property."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.games.for_sale import setup

from .helpers import refused, score, totals, with_players

# 4 players, English edition: 7 rounds, 18 coins.
BASE: dict[str, Any] = {
    "game": "for-sale",
    "players": [
        {"name": "A", "cheques": [15, 13, 11, 9, 7, 4, 0], "coins_left": 3},
        {"name": "B", "cheques": [15, 14, 10, 8, 6, 5, 2], "coins_left": 0},
        {"name": "C", "cheques": [14, 12, 10, 9, 5, 4, 3], "coins_left": 3},
        {"name": "D", "cheques": [13, 12, 11, 8, 7, 6, 3], "coins_left": 1},
    ],
}


@pytest.mark.parametrize(("edition", "n", "expected"), [
    ("english", 3, (18, 6, 6, 8)), ("english", 4, (18, 2, 2, 7)), ("english", 5, (14, 0, 0, 6)),
    ("english", 6, (14, 0, 0, 5)), ("french", 3, (28, 0, 0, 10)), ("french", 4, (21, 2, 2, 7)),
    ("french", 5, (16, 0, 0, 6)), ("french", 6, (14, 0, 0, 5)),
])
def test_setup_by_player_count_and_edition(edition: str, n: int, expected: tuple[int, int, int, int]) -> None:
    values = setup({"edition": edition}, n)
    got = (values["coins"], values["removed_properties"], values["removed_cheques"], values["rounds"])
    assert got == expected


def test_points_are_cheques_plus_coins_left() -> None:
    result = score(BASE)
    assert {p.name: p.breakdown for p in result.players}["A"] == {"cheques": 59, "coins": 3}
    assert totals(BASE) == {"A": 62, "B": 60, "C": 60, "D": 61}
    assert result.finished and result.end_reason == "rounds"
    assert result.winners == ["A"]


def four(a: dict[str, Any], b: dict[str, Any], c: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
    return {"game": "for-sale", "players": [{"name": n, **p} for n, p in zip("ABCD", (a, b, c, d), strict=True)]}


def test_bga_tie_numbers_327_324_516_rank_player_3_then_1_then_2() -> None:
    sheet = four({"cheques": [15, 13, 11, 9, 7, 4, 0], "coins_left": 3, "highest_property": 27},
                 {"cheques": [15, 14, 10, 8, 6, 3, 3], "coins_left": 3, "highest_property": 24},
                 {"cheques": [14, 12, 10, 9, 5, 5, 2], "coins_left": 5, "highest_property": 16},
                 {"cheques": [13, 12, 11, 8, 7, 6, 0], "coins_left": 0})
    result = score(sheet)
    assert totals(sheet) == {"A": 62, "B": 62, "C": 62, "D": 57}
    assert result.extras["tie_numbers"] == {"A": 327, "B": 324, "C": 516}
    assert result.ranking == [["C"], ["A"], ["B"], ["D"]]
    assert result.winners == ["C"]
    assert [t.decided_by for t in result.tiebreaks] == ["coins_left", "highest_property"]
    assert result.tiebreaks[0].to_json() == {
        "players": ["A", "B", "C"], "decided_by": "coins_left",
        "detail": "A, B and C tied on 62; by coins left: C 5, A 3, B 3 (C > A, B)"}
    assert result.tiebreaks[1].text.en == (
        "A and B tied on 62 and on coins left (3); A ranks ahead with the higher property card: 27 against 24")


def test_two_way_tie_for_the_win_is_explained_in_words() -> None:
    sheet = four({"cheques": [15, 13, 11, 9, 7, 4, 0], "coins_left": 2},
                 {"cheques": [15, 14, 10, 8, 6, 3, 3], "coins_left": 0},
                 {"cheques": [14, 12, 10, 9, 5, 5, 2], "coins_left": 4},
                 {"cheques": [13, 12, 11, 8, 7, 6, 0], "coins_left": 0})
    result = score(sheet)
    assert totals(sheet)["A"] == totals(sheet)["C"] == 61
    assert result.winners == ["C"]
    assert result.tiebreaks[0].text.en == "A and C tied on 61; C wins with more coins left: 4 against 2"
    assert result.tiebreaks[0].text.ko == "A, C: 61점 동점 → 남은 코인이 더 많아 C 승리 (4 대 2)"


@pytest.mark.parametrize(("a_top", "b_top"), [(None, 24), (None, None)])
def test_tie_on_coins_stays_shared_when_a_highest_property_is_unknown(a_top: int | None, b_top: int | None) -> None:
    sheet = four({"cheques": [15, 13, 11, 9, 7, 4, 0], "coins_left": 0, "highest_property": a_top},
                 {"cheques": [15, 14, 10, 8, 6, 3, 3], "coins_left": 0, "highest_property": b_top},
                 {"cheques": [14, 12, 10, 9, 5, 5, 2], "coins_left": 0},
                 {"cheques": [13, 12, 11, 8, 7, 6, 0], "coins_left": 1})
    result = score(sheet)
    assert result.ranking == [["A", "B"], ["D"], ["C"]]
    assert result.winners == ["A", "B"]
    assert result.tiebreaks == []


def test_highest_property_comes_from_the_property_list() -> None:
    sheet = four({"cheques": [15, 13, 11, 9, 7, 4, 0], "coins_left": 3, "properties": [30, 5]},
                 {"cheques": [15, 14, 10, 8, 6, 3, 3], "coins_left": 0},
                 {"cheques": [14, 12, 10, 9, 5, 5, 2], "coins_left": 3, "properties": [29, 1]},
                 {"cheques": [13, 12, 11, 8, 7, 6, 0], "coins_left": 0})
    sheet["players"][2]["cheques"] = [14, 12, 10, 9, 5, 5, 4]  # C: 59 + 3 = 62, like A
    result = score(sheet)
    assert result.extras["tie_numbers"] == {"A": 330, "C": 329}
    assert result.ranking[:2] == [["A"], ["C"]]


def test_partial_sheet_scores_but_is_not_finished() -> None:
    sheet = with_players(BASE, A={"cheques": [15]}, B={"cheques": [14]}, C={"cheques": []}, D={"cheques": [0]})
    result = score(sheet)
    assert not result.finished and result.end_reason is None
    assert totals(sheet)["A"] == 18


def test_maximum_cheques_and_coins() -> None:
    sheet = {"game": "for-sale", "options": {"edition": "french"}, "players": [
        {"name": "A", "cheques": [15, 15, 14, 14, 13, 13, 12, 12, 11, 11], "coins_left": 28},
        {"name": "B", "cheques": [10, 10, 9, 9, 8, 8, 7, 7, 6, 6], "coins_left": 0},
        {"name": "C", "cheques": [5, 5, 4, 4, 3, 3, 2, 2, 0, 0], "coins_left": 0},
    ]}
    assert totals(sheet) == {"A": 158, "B": 80, "C": 28}
    assert score(sheet).finished


@pytest.mark.parametrize(("change", "path", "words"), [
    ({"A": {"cheques": [15, 13, 11, 9, 7, 4, 1]}}, "players[0].cheques[6]", "no $1,000 cheque"),
    ({"A": {"cheques": [16]}}, "players[0].cheques[0]", "between 0 and 15"),
    ({"A": {"coins_left": 19}}, "players[0].coins_left", "start with 18"),
    ({"A": {"coins_left": -1}}, "players[0].coins_left", "between 0 and 28"),
    ({"A": {"cheques": [15, 13, 11, 9, 7, 4, 0, 2]}}, "players[0].cheques", "7 rounds"),
    ({"B": {"cheques": [15, 14]}}, "players[1].cheques", "A has all 7"),
    ({"A": {"properties": [30, 30]}}, "players[0].properties[1]", "appears twice"),
    ({"A": {"properties": [30]}, "B": {"properties": [30]}}, "players[1].properties[0]", "already A's"),
    ({"A": {"properties": [30], "highest_property": 29}}, "players[0].highest_property", "highest"),
    ({"A": {"coins_left": "3"}}, "players[0].coins_left", "whole number"),
    ({"A": {"bonus": 3}}, "players[0].bonus", "not a field"),
    ({"A": {"cheques": None}}, "players[0].cheques", "required"),
], ids=["no-1000", "over-15", "too-many-coins", "negative-coins", "too-many-cheques", "uneven-end",
        "property-twice", "property-shared", "highest-mismatch", "string-count", "unknown-field", "missing"])
def test_refusals_name_the_field(change: dict[str, Any], path: str, words: str) -> None:
    refused(with_players(BASE, **change), path, words)


def test_a_third_copy_of_a_cheque_is_refused() -> None:
    sheet = with_players(BASE, D={"cheques": [15, 12, 11, 8, 7, 6, 3]})
    refused(sheet, "players[3].cheques[0]", "only two $15,000")


def test_player_names_are_unique_and_within_the_player_count() -> None:
    sheet = with_players(BASE, B={"name": "A"})
    refused(sheet, "players[1].name", "twice")
    refused({**BASE, "players": BASE["players"] * 2}, "players", "3 to 6")
