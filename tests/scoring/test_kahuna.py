"""Kahuna against the rules: scorings of 1, 2 and the difference; losing every bridge loses the game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games.kahuna import SPEC, round_points

from .helpers import refused, score, totals, with_players
from .strategies import example_sheet


def game(*rounds: tuple[int, int], bridges: tuple[int, int] = (0, 0), **fields: Any) -> dict[str, Any]:
    return {"game": "kahuna",
            "players": [{"name": "A", "bridges": bridges[0]}, {"name": "B", "bridges": bridges[1]}],
            "rounds": [{"A": a, "B": b} for a, b in rounds], **fields}


@pytest.mark.parametrize(("number", "a", "b", "points"), [
    (1, 4, 3, (1, 0)), (1, 2, 7, (0, 1)), (2, 3, 5, (0, 2)), (2, 6, 0, (2, 0)),
    (3, 4, 6, (0, 2)), (3, 7, 1, (6, 0)), (3, 12, 0, (12, 0)),
    (1, 5, 5, (0, 0)), (2, 0, 0, (0, 0)), (3, 6, 6, (0, 0)),
], ids=["r1-a", "r1-b", "r2-b", "r2-a", "r3-diff-2", "r3-diff-6", "r3-max", "r1-equal", "r2-empty", "r3-equal"])
def test_round_points(number: int, a: int, b: int, points: tuple[int, int]) -> None:
    assert round_points(number, {"A": a, "B": b}) == {"A": points[0], "B": points[1]}


@given(number=st.integers(1, 3), a=st.integers(0, 12), b=st.integers(0, 12))
def test_only_the_majority_scores(number: int, a: int, b: int) -> None:
    points = round_points(number, {"A": a, "B": b})
    assert min(points.values()) == 0
    assert (points["A"] > 0) == (a > b) and (points["B"] > 0) == (b > a)
    if number == 3:
        assert max(points.values()) == abs(a - b)


def test_the_example_game_adds_three_scorings() -> None:
    sheet = example_sheet("kahuna")
    result = score(sheet)
    assert result.player("Mina").breakdown == {"round_1": 1, "round_2": 0, "round_3": 0}
    assert result.player("Joon").breakdown == {"round_1": 0, "round_2": 0, "round_3": 2}
    assert result.progress == [{"Mina": 1, "Joon": 0}, {"Mina": 1, "Joon": 0}, {"Mina": 1, "Joon": 2}]
    assert result.finished and result.end_reason == "rounds"
    assert result.winners == ["Joon"]


@pytest.mark.parametrize(("rounds", "totals_", "finished"), [
    ((), {"A": 0, "B": 0}, False),
    (((5, 2),), {"A": 1, "B": 0}, False),
    (((5, 2), (3, 6)), {"A": 1, "B": 2}, False),
    (((5, 2), (3, 6), (8, 1)), {"A": 8, "B": 2}, True),
], ids=["no-round", "one-round", "two-rounds", "three-rounds"])
def test_the_game_ends_after_three_scorings(rounds: tuple[tuple[int, int], ...], totals_: dict[str, int],
                                            finished: bool) -> None:
    sheet = game(*rounds, bridges=(9, 4))
    result = score(sheet)
    assert totals(sheet) == totals_
    assert result.finished is finished
    assert result.end_reason == ("rounds" if finished else None)


@pytest.mark.parametrize(("rounds", "loser", "lost_in"), [
    (((2, 6),), "B", 2),
    (((6, 2), (7, 2)), "A", 3),
], ids=["round-2", "round-3"])
def test_losing_every_bridge_loses_at_once_whatever_the_points(rounds: tuple[tuple[int, int], ...], loser: str,
                                                               lost_in: int) -> None:
    bridges = (0, 6) if loser == "A" else (6, 0)
    sheet = game(*rounds, bridges=bridges, no_bridges={"player": loser, "round": lost_in})
    result = score(sheet)
    winner = "A" if loser == "B" else "B"
    assert totals(sheet)[loser] >= totals(sheet)[winner]
    assert result.player(loser).eliminated and not result.player(winner).eliminated
    assert result.ranking == [[winner], [loser]] and result.winners == [winner]
    assert result.finished and result.end_reason == "no_bridges"


def test_a_tie_goes_to_more_round_3_points() -> None:
    sheet = game((5, 3), (3, 5), (6, 5), bridges=(8, 12))
    result = score(sheet)
    assert totals(sheet) == {"A": 2, "B": 2}
    assert result.winners == ["A"]
    assert [t.decided_by for t in result.tiebreaks] == ["round_3"]
    assert result.tiebreaks[0].text.render("en") == "A and B tied on 2; A wins with more round 3 points: 1 against 0"


def test_then_to_more_bridges_at_the_end() -> None:
    result = score(game((4, 4), (5, 5), (6, 6), bridges=(12, 10)))
    assert result.winners == ["A"]
    assert [t.decided_by for t in result.tiebreaks] == ["bridges"]
    assert result.tiebreaks[0].text.render("en") == (
        "A and B tied on 0 and on round 3 points (0); A wins with more bridges at the end: 12 against 10")


@pytest.mark.parametrize("bridges", [(10, 10), (10, 0), (0, 0)], ids=["equal", "one-unknown", "both-unknown"])
def test_otherwise_the_game_is_a_draw(bridges: tuple[int, int]) -> None:
    result = score(game((4, 4), (5, 5), (6, 6), bridges=bridges))
    assert result.ranking == [["A", "B"]] and result.winners == ["A", "B"]
    assert result.tiebreaks == []


def test_a_tie_in_an_unfinished_game_is_not_broken() -> None:
    result = score(game((4, 4), bridges=(12, 10)))
    assert result.ranking == [["A", "B"]] and not result.finished


@pytest.mark.parametrize(("sheet", "path", "words"), [
    (game((7, 6)), "rounds[0]", "7 + 6 islands"),
    (game((13, 0)), "rounds[0].A", "between 0 and 12"),
    (game((1, 1), (1, 1), (1, 1), (1, 1)), "rounds", "0 to 3 entries"),
    ({**game(), "rounds": [{"A": 3}]}, "rounds[0].B", "missing"),
    (game((3, 3), (3, 3), bridges=(0, 5), no_bridges={"player": "A", "round": 2}), "rounds[1]",
     "no round is scored after A lost every bridge in round 2"),
    (game((3, 3), bridges=(0, 5), no_bridges={"player": "A", "round": 3}), "no_bridges.round",
     "after 2 scored round(s), but 1 are entered"),
    (game(bridges=(0, 5), no_bridges={"player": "A", "round": 2}), "no_bridges.round", "after 1 scored"),
    (game((3, 3), bridges=(4, 5), no_bridges={"player": "A", "round": 2}), "players[0].bridges", "must be 0"),
    (game((3, 3), no_bridges={"player": "A", "round": 1}), "no_bridges.round", "between 2 and 3"),
    (game((3, 3), no_bridges={"player": "Zed", "round": 2}), "no_bridges.player", "name of a player"),
    (game((3, 3), no_bridges={"round": 2}), "no_bridges.player", "required"),
    (game((3, 3), (3, 3), (6, 2), bridges=(5, 4)), "players[0].bridges", "5 bridges cannot control the 6 islands"),
    (game(bridges=(26, 0)), "players[0].bridges", "between 0 and 25"),
    ({**game(), "players": [{"name": "A"}]}, "players", "2 to 2"),
], ids=["more-than-12-islands", "island-count-over-12", "four-rounds", "player-missing-in-round",
        "round-after-the-loss", "loss-too-early", "loss-before-any-round", "loser-has-bridges", "loss-in-round-1",
        "unknown-loser", "loser-missing", "too-few-bridges-for-the-islands", "bridges-over-25", "one-player"])
def test_refusals_name_the_field(sheet: dict[str, Any], path: str, words: str) -> None:
    refused(sheet, path, words)


def test_bridges_left_out_are_not_checked_against_the_islands() -> None:
    sheet = with_players(game((3, 3), (3, 3), (6, 2)), A={"bridges": None})
    assert totals(sheet) == {"A": 4, "B": 0}


def test_prompts_state_control_as_at_least_half_and_note_the_rulebook() -> None:
    texts = [t.render("en") for t in SPEC.prompts_for({}, 2)]
    assert any("at least half of an island's lines (3→2, 4→2, 5→3, 6→3)" in t for t in texts)
    assert any("without drawing" in t for t in texts)
    assert any("loses at once" in t for t in texts)
    assert "more than half" in SPEC.notes[0].render("en")
