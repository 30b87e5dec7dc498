"""Properties every game must have, checked with hypothesis over sheets generated from the specs."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import GameSpec, Result, SheetError, all_specs, get_spec, score_sheet

from .strategies import junk, perturbed_examples, spec_sheets

SPECS = all_specs()
SEATLESS = [s for s in SPECS if not s.uses_seat_order and s.event is None]
SHEET_PATH = re.compile(r"[a-z_]+\[\d+\]")
PROFILE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def score_or_refuse(sheet: Any) -> Result | None:
    """A sheet either scores or raises the typed error in a player's words (no sheet path such as
    `events[16]` in the message: the error carries the path); anything else fails the test."""
    try:
        return score_sheet(copy.deepcopy(sheet))
    except SheetError as error:
        assert error.message and error.text.render("ko")
        assert not SHEET_PATH.search(error.text.render("en") + error.text.render("ko")), error.text
        return None


def check_result_shape(result: Result, sheet: dict[str, Any]) -> None:
    names = [p["name"] for p in sheet["players"]]
    assert [p.name for p in result.players] == names
    named = {key for key, _ in get_spec(result.game).categories}
    for player in result.players:
        assert player.total == sum(player.breakdown.values())
        assert set(player.breakdown) <= named, "every breakdown category has a name to show"
    ranked = [n for group in result.ranking for n in group]
    assert sorted(ranked) == sorted(names)
    assert result.winners in ([], result.ranking[0])
    assert not any(result.player(n).eliminated for n in result.winners)
    assert result.finished == (result.end_reason is not None)


@pytest.mark.parametrize("source", ["from-spec", "perturbed-example"])
@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@PROFILE
@given(data=st.data())
def test_sheets_only_score_consistently_or_raise_the_typed_error(spec: GameSpec, source: str,
                                                                 data: st.DataObject) -> None:
    """Random sheets shaped by the spec (mostly refused) and perturbed examples (mostly valid): either way a
    result with totals equal to their breakdowns, or the typed error, never anything else."""
    sheet = data.draw(spec_sheets(spec) if source == "from-spec" else perturbed_examples(spec))
    result = score_or_refuse(sheet)
    if result is not None:
        check_result_shape(result, sheet)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@PROFILE
@given(data=st.data())
def test_malformed_values_anywhere_are_refused_not_crashed(spec: GameSpec, data: st.DataObject) -> None:
    sheet = data.draw(perturbed_examples(spec))
    target = data.draw(st.sampled_from(["players", "rounds", "events", "options", "top"]))
    if target == "top":
        sheet[data.draw(st.sampled_from(["game", "players", "options", "extra"]))] = data.draw(junk())
    elif target in ("players", "rounds", "events") and sheet.get(target):
        entry = data.draw(st.sampled_from(sheet[target]))
        if isinstance(entry, dict) and entry:
            entry[data.draw(st.sampled_from(sorted(entry)))] = data.draw(junk())
    else:
        sheet[target] = data.draw(junk())
    score_or_refuse(sheet)


@pytest.mark.parametrize("spec", SEATLESS, ids=lambda s: s.id)
@PROFILE
@given(data=st.data())
def test_ranking_does_not_depend_on_the_order_players_are_listed(spec: GameSpec, data: st.DataObject) -> None:
    sheet = data.draw(perturbed_examples(spec))
    result = score_or_refuse(sheet)
    if result is None:
        return
    shuffled = copy.deepcopy(sheet)
    random.Random(data.draw(st.integers(0, 2**32))).shuffle(shuffled["players"])
    again = score_sheet(shuffled)
    assert {p.name: p.total for p in again.players} == {p.name: p.total for p in result.players}
    assert [set(g) for g in again.ranking] == [set(g) for g in result.ranking]
    assert set(again.winners) == set(result.winners)

