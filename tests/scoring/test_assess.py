"""Judging a sheet of a game in progress entry by entry (`assess_sheet`): cases, and agreement with
`score_sheet` on every sheet hypothesis makes."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import GameSpec, SheetError, all_specs, assess_sheet, score_sheet

from .strategies import perturbed_examples, spec_sheets

MINJI = [15, 13, 11, 9, 7, 4, 0]


def for_sale(*players: dict[str, Any]) -> dict[str, Any]:
    names = ["Minji", "Alex", "Joon", "Sam"]
    return {"game": "for-sale", "players": [{"name": n, **(players[i] if i < len(players) else {})}
                                            for i, n in enumerate(names)]}


def paths(errors: tuple[SheetError, ...]) -> list[str]:
    return [e.path for e in errors]


def totals(sheet: dict[str, Any]) -> dict[str, int]:
    judged = assess_sheet(sheet)
    assert judged.result is not None
    return {p.name: p.total for p in judged.result.players}


def test_one_player_with_every_cheque_waits_for_the_others_without_an_error() -> None:
    judged = assess_sheet(for_sale({"cheques": MINJI, "coins_left": 2}))
    assert judged.errors == () and judged.pending == ()
    assert sorted(judged.missing) == ["players[1].cheques", "players[1].coins_left", "players[2].cheques",
                                      "players[2].coins_left", "players[3].cheques", "players[3].coins_left"]
    assert totals(for_sale({"cheques": MINJI, "coins_left": 2}))["Minji"] == 61
    assert not judged.complete


def test_a_rule_comparing_players_is_a_reminder_while_they_type() -> None:
    judged = assess_sheet(for_sale({"cheques": MINJI, "coins_left": 2}, {"cheques": [15, 14], "coins_left": 0}))
    assert judged.errors == ()
    assert paths(judged.pending) == ["players[1].cheques"]
    assert judged.pending[0].message == "Minji has all 7 cheques, so every player must have 7 (got 2)"


def test_an_entry_at_fault_is_left_out_and_every_other_rule_still_checked() -> None:
    sheet = for_sale({"cheques": MINJI, "coins_left": 19}, {"cheques": [1]}, {"coins_left": 30})
    judged = assess_sheet(sheet)
    assert sorted(paths(judged.errors)) == ["players[0].coins_left", "players[1].cheques[0]", "players[2].coins_left"]
    assert judged.at_fault == {"Minji", "Alex", "Joon"}
    assert totals(sheet)["Sam"] == 0


def test_nothing_is_finished_before_the_sheet_is_complete() -> None:
    for game in ("ticket-to-ride-europe", "patchwork", "captain-flip"):
        judged = assess_sheet({"game": game, "players": [{"name": "Ana"}, {"name": "Bo"}]})
        assert judged.result is not None and not judged.result.finished, game
        assert judged.errors == () and judged.missing, game


def test_kahuna_islands_above_the_bridges_name_the_bridges() -> None:
    sheet = {"game": "kahuna", "players": [{"name": "Ana", "bridges": 2}, {"name": "Bo"}],
             "rounds": [{"Ana": 5, "Bo": 3}, {"Ana": 4, "Bo": 6}, {"Ana": 7, "Bo": 2}]}
    judged = assess_sheet(sheet)
    assert paths(judged.errors) == ["players[0].bridges"]
    assert judged.result is not None and not judged.result.finished
    assert judged.at_fault == {"Ana"}


def test_a_round_being_entered_is_left_out_of_the_scores_so_far() -> None:
    sheet = {"game": "kahuna", "players": [{"name": "Ana"}, {"name": "Bo"}],
             "rounds": [{"Ana": 5, "Bo": 3}, {"Ana": 9}]}
    judged = assess_sheet(sheet)
    assert judged.missing == ("rounds[1].Bo",) and judged.errors == ()
    assert totals(sheet) == {"Ana": 1, "Bo": 0}


PROFILE = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("source", ["from-spec", "perturbed-example"])
@pytest.mark.parametrize("spec", all_specs(), ids=lambda s: s.id)
@PROFILE
@given(data=st.data())
def test_assess_agrees_with_score_and_never_crashes(spec: GameSpec, source: str, data: st.DataObject) -> None:
    """A sheet the engine scores is complete with the same result; one it refuses is not complete."""
    sheet = data.draw(spec_sheets(spec) if source == "from-spec" else perturbed_examples(spec))
    judged = assess_sheet(copy.deepcopy(sheet))
    try:
        expected = score_sheet(copy.deepcopy(sheet))
    except SheetError:
        assert not judged.complete
        return
    assert judged.complete and judged.result is not None
    assert judged.result.to_json() == expected.to_json()
