"""Renaming a player everywhere the spec puts names, and listing who plays."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scoring import SheetError, all_specs, score_sheet
from scoring.sheet_tools import players_in, rename_player

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(game: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))


def test_players_in_lists_seats_in_order() -> None:
    assert players_in(example("for-sale")) == ["Minji", "Alex", "Joon", "Sam"]


def test_players_in_skips_what_is_not_a_named_player() -> None:
    assert players_in({"players": [{"name": "A"}, {"coins": 3}, "B", {"name": 7}]}) == ["A"]
    assert players_in({"game": "for-sale"}) == []


@pytest.mark.parametrize("game", [spec.id for spec in all_specs()])
def test_renamed_example_scores_the_same_under_the_new_name(game: str) -> None:
    sheet = example(game)
    old = players_in(sheet)[0]
    before = score_sheet(sheet)
    renamed = rename_player(sheet, old, "Zed")
    after = score_sheet(renamed)
    assert players_in(renamed) == ["Zed", *players_in(sheet)[1:]]
    assert after.player("Zed").total == before.player(old).total
    assert [["Zed" if n == old else n for n in group] for group in before.ranking] == after.ranking
    assert old not in json.dumps(renamed)


def test_rename_does_not_change_the_given_sheet() -> None:
    sheet = example("kahuna")
    kept = copy.deepcopy(sheet)
    rename_player(sheet, "Mina", "Zed")
    assert sheet == kept


def test_round_keys_are_renamed() -> None:
    renamed = rename_player(example("kahuna"), "Mina", "Zed")
    assert renamed["rounds"] == [{"Zed": 4, "Joon": 3}, {"Zed": 5, "Joon": 5}, {"Zed": 4, "Joon": 6}]


def test_player_references_in_events_are_renamed() -> None:
    renamed = rename_player(example("pina-coladice"), "Ben", "Bo")
    assert [e["player"] for e in renamed["events"][:5]] == ["Ana", "Bo", "Cho", "Ana", "Bo"]
    assert renamed["events"][4] == {"player": "Bo", "pass": True}


def test_player_references_in_game_fields_are_renamed() -> None:
    assert rename_player(example("patchwork"), "Mina", "Zed")["first_to_finish"] == "Zed"
    tucana = rename_player(example("trails-of-tucana"), "Yujeong", "Yu")
    assert tucana["connections"][:3] == [{"turn": 4, "player": "Yu", "letter": "A"},
                                         {"turn": 4, "player": "Minji", "letter": "A"},
                                         {"turn": 6, "player": "Yu", "letter": "D"}]


def test_a_record_game_field_with_a_player_is_renamed() -> None:
    sheet = {"game": "kahuna", "players": [{"name": "Mina", "bridges": 0}, {"name": "Joon"}],
             "rounds": [{"Mina": 2, "Joon": 3}], "no_bridges": {"player": "Mina", "round": 2}}
    renamed = rename_player(sheet, "Mina", "Zed")
    assert renamed["no_bridges"] == {"player": "Zed", "round": 2}
    assert score_sheet(renamed).player("Zed").eliminated is True


def test_other_values_equal_to_the_name_are_left_alone() -> None:
    sheet = {"game": "for-sale", "players": [{"name": "english", "cheques": [], "coins_left": 1, "properties": []},
                                             {"name": "B"}, {"name": "C"}], "options": {"edition": "english"}}
    renamed = rename_player(sheet, "english", "E")
    assert renamed["options"] == {"edition": "english"}
    assert players_in(renamed) == ["E", "B", "C"]


def test_a_sheet_in_progress_with_odd_values_is_renamed_where_it_can_be() -> None:
    sheet = {"game": "piraten-kapern", "players": [{"name": "Mina"}, "junk", {"name": "Joon"}],
             "events": [{"player": "Mina", "points": 100}, "junk", {"other": "Mina"}, {"player": "Mina", "dice": 5}]}
    renamed = rename_player(sheet, "Mina", "Zed")
    assert renamed["players"] == [{"name": "Zed"}, "junk", {"name": "Joon"}]
    assert renamed["events"] == [{"player": "Zed", "points": 100}, "junk", {"other": "Mina"},
                                 {"player": "Zed", "dice": 5}]


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(SheetError):
        rename_player({"game": "chess", "players": [{"name": "A"}]}, "A", "B")
