"""Piraten Kapern: the turn score of every fortune card, the final round and the sequence of turns."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import SheetError, get_spec
from scoring.games.piraten_kapern import CARD_SKULLS, FACES, FORTUNES, SEA_BATTLES, set_points, turn_score

from .helpers import refused, score, totals

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "piraten-kapern.json"


def turn(player: str, fortune: str, island: bool = False, treasure: dict[str, int] | None = None,
         **dice: int) -> dict[str, Any]:
    event: dict[str, Any] = {"player": player, "fortune": fortune, "dice": dice}
    if island:
        event["island_of_skulls"] = True
    if treasure is not None:
        event["treasure"] = treasure
    return event


def manual(player: str, points: int) -> dict[str, Any]:
    return {"player": player, "points": points}


def game(*events: dict[str, Any], names: str = "ABC", target: int | None = 1000) -> dict[str, Any]:
    options = {} if target is None else {"target": target}
    return {"game": "piraten-kapern", "options": options, "players": [{"name": n} for n in names],
            "events": list(events)}


def dice(**counts: int) -> dict[str, int]:
    return counts


TURNS = [
    # (fortune, dice, island, treasure, own points, every opponent loses)
    pytest.param("sorceress", dice(monkey=3, parrot=2, sabre=2, skull=1), False, None, 100, 0, id="set-of-3"),
    pytest.param("sorceress", dice(parrot=4, monkey=1, sabre=1, skull=2), False, None, 200, 0, id="set-of-4"),
    pytest.param("sorceress", dice(sabre=5, monkey=1, parrot=1, skull=1), False, None, 500, 0, id="set-of-5"),
    pytest.param("sorceress", dice(monkey=6, parrot=1, skull=1), False, None, 1000, 0, id="set-of-6"),
    pytest.param("sorceress", dice(parrot=7, skull=1), False, None, 2000, 0, id="set-of-7"),
    pytest.param("sorceress", dice(monkey=8), False, None, 4500, 0, id="set-of-8-full-chest"),
    pytest.param("gold", dice(coin=8), False, None, 4000 + 900 + 500, 0, id="gold-makes-9-coins"),
    pytest.param("captain", dice(diamond=8), False, None, 2 * (4000 + 800 + 500), 0, id="captain-8-diamonds-maximum"),
    pytest.param("sorceress", dice(monkey=4, parrot=4), False, None, 200 + 200 + 500, 0, id="two-sets-full-chest"),
    pytest.param("sorceress", dice(coin=2, diamond=1, monkey=2, parrot=2, skull=1), False, None, 300, 0,
                 id="coins-and-diamonds-without-set"),
    pytest.param("sorceress", dice(coin=3, monkey=2, parrot=2, skull=1), False, None, 100 + 300, 0,
                 id="coin-set-scores-set-and-coins"),
    pytest.param("sorceress", dice(monkey=2, parrot=2, sabre=2, skull=2), False, None, 0, 0, id="nothing-scores"),
    pytest.param("sorceress", dice(coin=2, monkey=3, parrot=3), False, None, 100 + 100 + 200 + 500, 0,
                 id="full-chest-coins-need-no-set"),
    pytest.param("sorceress", dice(coin=3, monkey=3, parrot=2), False, None, 100 + 100 + 300, 0,
                 id="no-full-chest-with-a-pair"),
    pytest.param("sorceress", dice(coin=3, monkey=4, skull=1), False, None, 100 + 200 + 300, 0,
                 id="no-full-chest-with-a-skull-die"),
    pytest.param("gold", dice(coin=2, monkey=3, parrot=3), False, None, 100 + 100 + 100 + 300 + 500, 0,
                 id="gold-card-completes-coin-set"),
    pytest.param("diamond", dice(diamond=2, sabre=3, parrot=3), False, None, 100 + 100 + 100 + 300 + 500, 0,
                 id="diamond-card-completes-diamond-set"),
    pytest.param("gold", dice(monkey=4, parrot=4), False, None, 200 + 200 + 100 + 500, 0, id="gold-card-coin-alone"),
    pytest.param("skull-1", dice(monkey=4, parrot=4), False, None, 900, 0, id="skull-card-keeps-full-chest"),
    pytest.param("skull-2", dice(coin=4, monkey=4), False, None, 200 + 200 + 400 + 500, 0, id="skull-2-no-skull-dice"),
    pytest.param("skull-1", dice(skull=2, coin=6), False, None, 0, 0, id="skull-1-card-makes-third-skull"),
    pytest.param("skull-2", dice(skull=1, coin=7), False, None, 0, 0, id="skull-2-card-makes-third-skull"),
    pytest.param("sorceress", dice(skull=3, coin=5), False, None, 0, 0, id="three-skulls-score-nothing"),
    pytest.param("gold", dice(skull=4, diamond=4), False, None, 0, 0, id="four-skulls-later-score-nothing"),
    pytest.param("captain", dice(parrot=4, coin=2, monkey=1, skull=1), False, None, 2 * (200 + 200), 0,
                 id="captain-doubles"),
    pytest.param("captain", dice(skull=3, coin=5), False, None, 0, 0, id="captain-skull-out"),
    pytest.param("monkey-business", dice(monkey=2, parrot=2, coin=2, sabre=1, skull=1), False, None, 200 + 200, 0,
                 id="monkey-business-one-set"),
    pytest.param("sorceress", dice(monkey=2, parrot=2, coin=2, sabre=1, skull=1), False, None, 200, 0,
                 id="without-monkey-business-no-set"),
    pytest.param("monkey-business", dice(monkey=1, parrot=2, coin=2, diamond=3), False, None,
                 100 + 100 + 500 + 500, 0, id="monkey-business-full-chest"),
    pytest.param("monkey-business", dice(monkey=4, parrot=4), False, None, 4000 + 500, 0,
                 id="monkey-business-set-of-8"),
    pytest.param("treasure-island", dice(coin=3, monkey=3, parrot=2), False, dice(coin=3), 100 + 100 + 300, 0,
                 id="treasure-island-no-skull-out-scores-all"),
    pytest.param("treasure-island", dice(skull=3, coin=3, parrot=2), False, dice(coin=3), 100 + 300, 0,
                 id="treasure-island-skull-out-keeps-treasure"),
    pytest.param("treasure-island", dice(skull=3, monkey=5), False, dice(monkey=5), 500, 0,
                 id="treasure-island-no-full-chest"),
    pytest.param("treasure-island", dice(skull=3, monkey=3, coin=2), False, dice(monkey=2, coin=1), 100, 0,
                 id="treasure-island-only-kept-dice"),
    pytest.param("treasure-island", dice(skull=3, coin=5), False, None, 0, 0, id="treasure-island-nothing-kept"),
    pytest.param("sea-battle-2", dice(sabre=2, coin=3, monkey=3), False, None, 100 + 100 + 300 + 500 + 300, 0,
                 id="sea-battle-2-sabres-complete-full-chest"),
    pytest.param("sea-battle-2", dice(sabre=2, parrot=2, monkey=3, skull=1), False, None, 100 + 300, 0,
                 id="sea-battle-2-won"),
    pytest.param("sea-battle-2", dice(sabre=1, monkey=7), False, None, -300, 0, id="sea-battle-2-lost"),
    pytest.param("sea-battle-3", dice(sabre=3, coin=2, parrot=2, skull=1), False, None, 100 + 200 + 500, 0,
                 id="sea-battle-3-won-sabre-set-counts"),
    pytest.param("sea-battle-3", dice(sabre=3, skull=3, coin=2), False, None, -500, 0,
                 id="sea-battle-3-lost-on-skulls"),
    pytest.param("sea-battle-4", dice(sabre=4, diamond=4), False, None, 200 + 200 + 400 + 500 + 1000, 0,
                 id="sea-battle-4-won"),
    pytest.param("sea-battle-4", dice(sabre=3, coin=5), False, None, -1000, 0, id="sea-battle-4-lost"),
    pytest.param("sea-battle-4", dice(sabre=1, skull=7), False, None, -1000, 0, id="sea-battle-many-skulls"),
    pytest.param("peace", dice(coin=3, monkey=3, parrot=2), False, None, 500, 0, id="peace-kept"),
    pytest.param("peace", dice(sabre=2, coin=6), False, None, -2000, 0, id="peace-broken"),
    pytest.param("peace", dice(skull=3, sabre=1, coin=4), False, None, -1000, 0, id="peace-broken-on-skull-out"),
    pytest.param("peace", dice(skull=3, coin=5), False, None, 0, 0, id="peace-skull-out"),
    pytest.param("after-the-storm", dice(coin=3, diamond=2, monkey=3), False, None, 1000, 0,
                 id="after-the-storm-gems-only"),
    pytest.param("after-the-storm", dice(monkey=4, parrot=4), False, None, 0, 0, id="after-the-storm-no-sets"),
    pytest.param("after-the-storm", dice(skull=3, coin=5), False, None, 0, 300, id="after-the-storm-three-skulls"),
    pytest.param("sorceress", dice(skull=5, coin=3), True, None, 0, 500, id="island"),
    pytest.param("skull-1", dice(skull=3, monkey=5), True, None, 0, 400, id="island-card-skull-counts"),
    pytest.param("skull-2", dice(skull=2, monkey=6), True, None, 0, 400, id="island-two-card-skulls"),
    pytest.param("captain", dice(skull=6, coin=2), True, None, 0, 1200, id="island-captain"),
    pytest.param("peace", dice(skull=4, sabre=1, coin=3), True, None, 0, 0, id="island-peace-with-sabre"),
    pytest.param("peace", dice(skull=4, coin=4), True, None, 0, 400, id="island-peace-without-sabre"),
    pytest.param("after-the-storm", dice(skull=5, coin=3), True, None, 0, 500, id="island-after-the-storm"),
    pytest.param("gold", dice(skull=4, coin=4), True, None, 0, 400, id="island-gold-no-effect"),
    pytest.param("sorceress", dice(skull=8), True, None, 0, 800, id="island-all-skulls"),
]


@pytest.mark.parametrize(("fortune", "dice_", "island", "treasure", "points", "loss"), TURNS)
def test_turn_score(fortune: str, dice_: dict[str, int], island: bool, treasure: dict[str, int] | None,
                    points: int, loss: int) -> None:
    outcome = turn_score(fortune, dice_, island, treasure)
    assert (outcome.points, outcome.opponents_lose) == (points, loss)


@pytest.mark.parametrize(("size", "points"), [(0, 0), (2, 0), (3, 100), (4, 200), (5, 500), (6, 1000), (7, 2000),
                                              (8, 4000), (9, 4000)])
def test_set_points(size: int, points: int) -> None:
    assert set_points(size) == points


@pytest.mark.parametrize(("fortune", "dice_", "island", "en", "ko"), [
    pytest.param("gold", dice(coin=2, monkey=3, parrot=3), False,
                 "3 coins 100 + 3 monkeys 100 + 3 parrots 100 + 3 coins and diamonds 300 + full chest 500 = 1100",
                 "동전 3개 100 + 원숭이 3개 100 + 앵무새 3개 100 + 동전·다이아몬드 3개 300 + 보물 상자 완성 500 = 1100",
                 id="sets-and-chest"),
    pytest.param("captain", dice(parrot=4, skull=2, sabre=2), False, "(4 parrots 200) × 2 captain = 400",
                 "(앵무새 4개 200) × 2 선장 = 400", id="captain"),
    pytest.param("captain", dice(skull=5, coin=3), True, "Island of Skulls: 5 skulls × 200, every opponent loses 1000",
                 "해골의 섬: 해골 5개 × 200, 상대마다 1000점을 잃습니다", id="island"),
    pytest.param("sea-battle-3", dice(sabre=2, coin=6), False, "Sea battle lost, 2 of 3 sabres: -500",
                 "해전 패배, 사브르 2/3개: -500", id="sea-battle-lost"),
    pytest.param("sorceress", dice(skull=3, coin=5), False, "3 skulls: the turn scores nothing",
                 "해골 3개: 이번 턴은 0점입니다", id="skull-out"),
    pytest.param("sorceress", dice(monkey=2, parrot=2, sabre=2, skull=2), False, "no scoring dice = 0",
                 "점수 나는 주사위 없음 = 0", id="nothing"),
])
def test_turn_explanation(fortune: str, dice_: dict[str, int], island: bool, en: str, ko: str) -> None:
    explanation = turn_score(fortune, dice_, island).explanation
    assert (explanation.render("en"), explanation.render("ko")) == (en, ko)


@pytest.mark.parametrize(("fortune", "dice_", "island", "treasure", "path", "word"), [
    pytest.param("gold", dice(coin=7), False, None, "dice", "add up to 8", id="seven-dice"),
    pytest.param("gold", dice(coin=9), False, None, "dice.coin", "0 to 8", id="too-many-of-a-face"),
    pytest.param("gold", dice(coin=4, gem=4), False, None, "dice.gem", "not a die face", id="unknown-face"),
    pytest.param("pirate", dice(coin=8), False, None, "fortune", "one of", id="unknown-card"),
    pytest.param("gold", dice(coin=8), False, dice(coin=3), "treasure", "Treasure Island", id="treasure-other-card"),
    pytest.param("treasure-island", dice(coin=2, skull=6), False, dice(coin=3), "treasure.coin", "only 2",
                 id="treasure-more-than-dice"),
    pytest.param("treasure-island", dice(coin=4, skull=4), True, dice(coin=1), "treasure", "Island of Skulls",
                 id="treasure-on-island"),
    pytest.param("sea-battle-2", dice(skull=5, sabre=3), True, None, "island_of_skulls", "sea battle",
                 id="island-in-sea-battle"),
    pytest.param("gold", dice(skull=3, coin=5), True, None, "island_of_skulls", "at least 4 skulls",
                 id="island-three-skulls"),
])
def test_turn_refused(fortune: str, dice_: dict[str, int], island: bool, treasure: dict[str, int] | None,
                      path: str, word: str) -> None:
    with pytest.raises(SheetError) as caught:
        turn_score(fortune, dice_, island, treasure)
    assert caught.value.path == path
    assert word in caught.value.message


ANY_DICE = st.lists(st.sampled_from(FACES), min_size=8, max_size=8).map(lambda faces: dict(Counter(faces)))
ANY_CARD = st.sampled_from(FORTUNES.allowed)


@given(ANY_CARD, ANY_DICE)
def test_any_turn_scores_within_bounds(fortune: str, dice_: dict[str, int]) -> None:
    outcome = turn_score(fortune, dice_)
    assert -12000 <= outcome.points <= 12000  # a turn always fits the manual entry's bounds
    skull_out = dice_.get("skull", 0) + CARD_SKULLS.get(fortune, 0) >= 3
    if fortune == "after-the-storm" and skull_out:
        assert (outcome.points, outcome.opponents_lose) == (0, 100 * dice_["skull"])
    else:
        assert outcome.opponents_lose == 0
    assert outcome.explanation.render("en") != outcome.explanation.render("ko")


@st.composite
def island_turns(draw: st.DrawFn) -> tuple[str, dict[str, int]]:
    """A card that allows the Island of Skulls and 8 dice with enough skulls for it."""
    fortune = draw(st.sampled_from([c for c in FORTUNES.allowed if c not in SEA_BATTLES]))
    skulls = draw(st.integers(4 - CARD_SKULLS.get(fortune, 0), 8))
    others = draw(st.lists(st.sampled_from(FACES[:-1]), min_size=8 - skulls, max_size=8 - skulls))
    return fortune, {**Counter(others), "skull": skulls}


@given(island_turns())
def test_island_only_hurts_opponents(island_turn: tuple[str, dict[str, int]]) -> None:
    fortune, dice_ = island_turn
    outcome = turn_score(fortune, dice_, island_of_skulls=True)
    assert outcome.points == 0
    assert outcome.opponents_lose >= 0
    assert outcome.opponents_lose % 100 == 0


@given(ANY_DICE)
def test_captain_doubles_a_plain_turn(dice_: dict[str, int]) -> None:
    assert turn_score("captain", dice_).points == 2 * turn_score("sorceress", dice_).points


# --- whole games ---

def test_trigger_starts_final_round() -> None:
    result = score(game(manual("A", 600), manual("B", 200), manual("C", 0), manual("A", 400)))
    assert not result.finished
    assert result.end_reason is None
    assert result.extras == {"final_round": True, "trigger_player": "A",
                             "turns_played": {"A": 2, "B": 1, "C": 1}}


def test_final_round_played_out() -> None:
    result = score(game(manual("A", 1000), manual("B", 500), manual("C", 900)))
    assert result.finished
    assert result.end_reason == "target"
    assert result.winners == ["A"]
    assert result.ranking == [["A"], ["C"], ["B"]]
    assert result.extras == {"final_round": False, "trigger_player": "A",
                             "turns_played": {"A": 1, "B": 1, "C": 1}}


def test_last_seat_reaching_target_ends_at_once() -> None:
    result = score(game(manual("A", 0), manual("B", 0), manual("C", 1200)))
    assert result.finished
    assert result.winners == ["C"]


def test_final_round_overtaken() -> None:
    result = score(game(manual("A", 1000), manual("B", 1500), manual("C", 0)))
    assert result.finished
    assert result.winners == ["B"]
    assert result.extras["trigger_player"] == "A"


def test_island_in_final_round_resets_trigger() -> None:
    island = turn("C", "captain", island=True, skull=5, coin=3)  # everyone else loses 1000
    sheet = game(manual("A", 1000), manual("B", 500), island)
    result = score(sheet)
    assert not result.finished
    assert result.extras == {"final_round": False, "trigger_player": None, "turns_played": {"A": 1, "B": 1, "C": 1}}
    assert totals(sheet) == {"A": 0, "B": -500, "C": 0}
    sheet["events"] += [manual("A", 900), manual("B", 1600), manual("C", 0)]
    result = score(sheet)
    assert result.finished
    assert result.winners == ["B"]
    assert result.extras["trigger_player"] == "B"


def test_island_drops_trigger_player_but_another_holds_target() -> None:
    sheet = game(manual("A", 1000), manual("B", 2000), turn("C", "captain", island=True, skull=5, coin=3))
    result = score(sheet)
    assert result.finished
    assert totals(sheet) == {"A": 0, "B": 1000, "C": 0}
    assert result.winners == ["B"]


def test_island_breakdown_and_progress() -> None:
    sheet = game(turn("A", "gold", coin=2, monkey=3, parrot=3), turn("B", "sorceress", island=True, skull=4, coin=4),
                 turn("C", "skull-1", island=True, skull=3, coin=5), target=6000)
    result = score(sheet)
    assert [p.breakdown for p in result.players] == [
        {"turns": 1100, "island_of_skulls": -800}, {"turns": 0, "island_of_skulls": -400},
        {"turns": 0, "island_of_skulls": -400}]
    assert result.progress == [{"A": 1100, "B": 0, "C": 0}, {"A": 700, "B": 0, "C": -400},
                               {"A": 300, "B": -400, "C": -400}]


def test_negative_totals() -> None:
    sheet = game(turn("A", "peace", sabre=2, coin=6), turn("B", "sea-battle-4", sabre=1, skull=7),
                 turn("C", "captain", skull=3, coin=5), manual("A", -500))
    assert totals(sheet) == {"A": -2500, "B": -1000, "C": 0}
    assert score(sheet).ranking == [["C"], ["B"], ["A"]]


def test_tie_is_shared() -> None:
    result = score(game(manual("A", 1000), manual("B", 1000), manual("C", 300)))
    assert result.finished
    assert result.winners == ["A", "B"]
    assert result.ranking == [["A", "B"], ["C"]]
    assert result.tiebreaks == []


def test_empty_sheet_scores_zero() -> None:
    result = score(game())
    assert not result.finished
    assert [p.total for p in result.players] == [0, 0, 0]
    assert result.extras == {"final_round": False, "trigger_player": None, "turns_played": {"A": 0, "B": 0, "C": 0}}


def test_default_target_is_6000() -> None:
    events = [manual(name, 1500) for _ in range(4) for name in "AB"]
    result = score(game(*events[:-2], names="AB", target=None))
    assert not result.finished
    assert totals(game(*events, names="AB", target=None)) == {"A": 6000, "B": 6000}
    assert score(game(*events, names="AB", target=None)).finished


def test_five_players_wrap_around() -> None:
    events = [manual(name, 100) for name in "ABCDE"] + [manual("A", 2000)]
    result = score(game(*events, names="ABCDE", target=2000))
    assert result.extras == {"final_round": True, "trigger_player": "A",
                             "turns_played": {"A": 2, "B": 1, "C": 1, "D": 1, "E": 1}}
    assert result.progress[-1] == {"A": 2100, "B": 100, "C": 100, "D": 100, "E": 100}


def test_example_sheet() -> None:
    result = score(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert result.finished
    assert result.end_reason == "target"
    assert result.winners == ["Mina"]
    assert {p.name: p.total for p in result.players} == {"Mina": 6000, "Joon": 5100, "Sara": 3000}
    assert result.extras["turns_played"] == {"Mina": 15, "Joon": 15, "Sara": 15}


@pytest.mark.parametrize(("sheet", "path", "words"), [
    pytest.param(game(manual("A", 1000), manual("B", 0), manual("C", 0), manual("A", 100)), "events[3]",
                 ("already ended", "A reached 1000"), id="event-after-end"),
    pytest.param(game(manual("A", 100), manual("C", 100)), "events[1].player", ("B's turn",), id="out-of-order"),
    pytest.param(game(manual("B", 100)), "events[0].player", ("A's turn",), id="wrong-first-player"),
    pytest.param(game(manual("A", 100), manual("Z", 100)), "events[1].player", ("name of a player",),
                 id="unknown-player"),
    pytest.param(game(manual("A", 100), turn("B", "gold", coin=7)), "events[1].dice", ("add up to 8",),
                 id="seven-dice"),
    pytest.param(game(turn("A", "gold", coin=9)), "events[0].dice.coin", ("between 0 and 8",), id="nine-coins"),
    pytest.param(game(turn("A", "sea-battle-3", island=True, skull=4, sabre=4)), "events[0].island_of_skulls",
                 ("sea battle cannot go",), id="island-in-sea-battle"),
    pytest.param(game(turn("A", "sorceress", island=True, skull=3, coin=5)), "events[0].island_of_skulls",
                 ("at least 4 skulls", "got 3"), id="island-three-skulls"),
    pytest.param(game(turn("A", "gold", treasure={"coin": 1}, coin=8)), "events[0].treasure",
                 ("Treasure Island card",), id="treasure-without-card"),
    pytest.param(game(turn("A", "treasure-island", treasure={"parrot": 3}, parrot=2, skull=6)),
                 "events[0].treasure.parrot", ("3 parrots kept", "only 2"), id="treasure-not-in-dice"),
    pytest.param(game(turn("A", "treasure-island", treasure={"skull": 1}, skull=8)), "events[0].treasure.skull",
                 ("not a field",), id="treasure-skull"),
    pytest.param(game(turn("A", "joker", coin=8)), "events[0].fortune", ("must be one of",), id="unknown-card"),
    pytest.param(game({"player": "A", "fortune": "gold"}), "events[0]", ("'dice' or 'points'",), id="no-dice"),
    pytest.param(game({"player": "A", "fortune": "gold", "dice": {"coin": 8}, "points": 100}), "events[0].points",
                 ("not a field",), id="dice-and-points"),
    pytest.param(game(manual("A", 12001)), "events[0].points", ("between -12000 and 12000",), id="points-too-high"),
    pytest.param(game(manual("A", 100), target=500), "options.target", ("between 1000 and 20000",),
                 id="target-too-low"),
    pytest.param(game({"player": "A", "fortune": "gold", "dice": {"coin": 8}, "island_of_skulls": "yes"}),
                 "events[0].island_of_skulls", ("true or false",), id="island-not-bool"),
])
def test_refused(sheet: dict[str, Any], path: str, words: tuple[str, ...]) -> None:
    refused(sheet, path, *words)


def test_too_many_players() -> None:
    refused(game(names="ABCDEF"), "players", "2 to 5 players")


def test_setup_prompts_use_target() -> None:
    spec = get_spec("piraten-kapern")
    setup = spec.prompts_for({"target": 8000}, 4, "setup")
    assert setup[-1].render("en") == "Play to 8000 points."
    assert setup[-1].render("ko") == "8000점을 목표로 합니다."
    end = spec.prompts_for(spec.default_options(), 4, "end")
    assert end[0].render("en") == "When a player ends a turn at 6000 or more, finish the round."
