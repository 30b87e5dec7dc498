"""The game-specific helpers, without a browser: their logic directly, then through the sheet screen."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion.app import Services
from companion.games.for_sale import AssignError, assign_cheques, parse_numbers
from companion.games.pina import random_board, set_die, swap_coaster, tokens_on
from companion.games.piraten import Turn
from companion.games.tucana import Mayor, random_card
from companion.models.guide import Guide, now
from scoring import get_spec, score_sheet
from scoring.games.pina_coladice import COASTERS

from .conftest import example
from .harness import Harness
from .test_play_flow import start_game

# ---- logic -----------------------------------------------------------------------------------------


def test_cheques_go_highest_property_to_highest_cheque() -> None:
    assert assign_cheques({"A": 3, "B": 30, "C": 17}, [0, 15, 6]) == {"B": 15, "C": 6, "A": 0}


@pytest.mark.parametrize(("played", "cheques", "key"), [
    ({"A": 3, "B": 3}, [1, 2], "forsale.error.same_property"),
    ({"A": 3, "B": 4}, [2], "forsale.error.cheque_count"),
])
def test_a_round_that_cannot_be_handed_out_says_why(played: dict[str, int], cheques: list[int], key: str) -> None:
    with pytest.raises(AssignError) as caught:
        assign_cheques(played, cheques)
    assert caught.value.message_key == key


def test_cheque_numbers_are_read_from_free_text() -> None:
    assert parse_numbers(" 15, 12 6;0 ") == [15, 12, 6, 0]
    with pytest.raises(AssignError):
        parse_numbers("15 twelve")


def test_the_mayor_reveals_two_cards_a_turn_and_ends_the_round_with_one_left() -> None:
    mayor = Mayor(rounds=2, seed=7)
    seen = []
    while not mayor.round_over:
        seen += mayor.reveal()
    assert len(seen) == 26 and mayor.left == 1 and mayor.turn == 13
    assert sorted(seen + mayor.deck[-1:]) == sorted(Mayor(rounds=2, seed=7).deck)
    with pytest.raises(ValueError):
        mayor.reveal()
    mayor.next_round()
    assert (mayor.round, mayor.left, mayor.turn) == (2, 27, 13)
    while not mayor.round_over:
        mayor.reveal()
    assert mayor.game_over and mayor.turn == 26
    with pytest.raises(ValueError):
        mayor.next_round()


def test_the_mayor_survives_a_restart_mid_round() -> None:
    mayor = Mayor(rounds=3, seed=3)
    mayor.reveal()
    mayor.reveal()
    again = Mayor(**mayor.state())
    assert again.revealed == mayor.revealed and again.left == 23


def test_a_setup_card_holds_each_letter_twice() -> None:
    assert sorted(random_card(random.Random(1))) == list("AABBCCDDEE")


def test_a_piraten_turn_from_tapped_dice() -> None:
    turn = Turn("captain", ["coin", "coin", "coin", "monkey", "monkey", "skull", "parrot", "sabre"])
    assert turn.ready and turn.outcome().points == 2 * (100 + 300)
    island = Turn("skull-2", ["skull", "skull", "coin", "coin", "coin", "coin", "coin", "coin"], island=True)
    assert island.event("A")["island_of_skulls"] is True
    assert island.outcome().opponents_lose == 400


def test_dice_kept_on_treasure_island_come_back_when_a_turn_is_edited() -> None:
    turn = Turn("treasure-island", ["coin", "coin", "coin", "skull", "skull", "skull", "sabre", "parrot"], {0, 1, 2})
    event = turn.event("A")
    assert event["treasure"] == {"coin": 3}
    assert Turn.of(event).event("A") == event
    assert score_sheet({"game": "piraten-kapern", "players": [{"name": "A"}, {"name": "B"}],
                        "events": [event]}).players[0].total == 400


def test_a_random_coaster_board_and_swapping_coasters() -> None:
    board = random_board(random.Random(2))
    assert len({c for row in board for c in row}) == 16
    target = board[0][0]
    swapped = swap_coaster(board, (3, 3), target)
    assert swapped[3][3] == target and swapped[0][0] == board[3][3]
    assert tokens_on({"events": [{"player": "A", "cell": [1, 2]}, {"player": "B", "pass": True},
                                 {"player": "C", "cell": [1, 2]}]}) == {(1, 2): ["A", "C"]}


@pytest.mark.parametrize(("dice", "value", "selected", "after"), [
    ([None] * 5, 4, None, [4, None, None, None, None]),
    ([4, 2, None, None, None], 6, None, [4, 2, 6, None, None]),
    ([4, 2, 6, 1, 1], 5, 1, [4, 5, 6, 1, 1]),
    ([4, 2, 6, 1, 1], 3, None, [3, None, None, None, None]),
    ([4, None, 6, None, None], 2, None, [4, 2, 6, None, None]),
], ids=["first", "next", "correct-a-die", "full-roll-starts-over", "fills-a-gap"])
def test_tapping_a_face_sets_the_next_die(dice: list[int | None], value: int, selected: int | None,
                                          after: list[int | None]) -> None:
    assert set_die(dice, value, selected) == after


def test_the_guide_orders_prompts_and_says_whose_turn_it_is() -> None:
    spec = get_spec("piraten-kapern")
    sheet = {"game": spec.id, "options": {"target": 3000}, "players": [{"name": "A"}, {"name": "B"}],
             "events": [{"player": "A", "points": 500}]}
    guide = Guide.restore(spec, sheet, {})
    assert guide.prompts("setup")[-1].render("en") == "Play to 3000 points."
    guide.toggle(0)
    guide.next()
    assert guide.state() == {"step": "play", "setup_done": [0]}
    (line,) = now(spec, sheet, score_sheet(sheet))
    assert (line.key, line.params) == ("guide.now.turn", {"round": 1, "player": "B"})



@pytest.mark.parametrize(("game", "key"), [("patchwork", "guide.end.complete"),
                                           ("ticket-to-ride-europe", "guide.end.complete"),
                                           ("kahuna", "guide.end.rounds")])
def test_a_finished_game_is_told_over_in_its_own_terms(game: str, key: str) -> None:
    """"All rounds are played" only for a game whose sheet has rounds."""
    sheet = example(game)
    first, finish = now(get_spec(game), sheet, score_sheet(sheet))
    assert (first.key, finish.key) == (key, "guide.now.finish")

# ---- through the sheet screen -------------------------------------------------------------------------


def tap_dice(ui: Harness, faces: list[str]) -> None:
    for face in faces:
        ui.click(f"piraten.face.{face}")


def record_turn(ui: Harness, fortune: str, faces: list[str], island: bool = False) -> None:
    ui.choose("piraten.fortune", fortune)
    tap_dice(ui, faces)
    if island:
        ui.toggle("piraten.island", True)
    ui.click("piraten.record")


def test_piraten_kapern_to_the_target_with_an_island_of_skulls(open_app: Callable[..., Harness],
                                                               services: Services) -> None:
    ui = open_app()
    ui.click("home.game.piraten-kapern")
    ui.type("new.player.0", "Mina")
    ui.type("new.player.1", "Joon")
    ui.type("new.option.target", "1000")
    ui.click("new.start")
    eight_coins = ["coin"] * 8
    record_turn(ui, "gold", eight_coins)  # Mina: 9 coins = 4000 + 900 + full chest 500
    assert "Turn score: 5400" not in ui.texts()  # the preview was cleared after recording
    record_turn(ui, "skull-2", ["skull", "skull", "skull", "coin", "coin", "coin", "coin", "coin"], island=True)
    totals = {p.name: p.total for p in score_sheet(services.repo.drafts()[0]["sheet"]).players}
    assert totals == {"Mina": 5400 - 500, "Joon": 0}
    assert "The game is over: tap Finish to see the result" in ui.texts()
    ui.click("sheet.finish")
    assert "Mina wins!" in ui.texts()


def test_an_earlier_turn_is_edited_and_everything_after_is_replayed(open_app: Callable[..., Harness],
                                                                   services: Services) -> None:
    ui = open_app()
    start_game(ui, "piraten-kapern", ["A", "B"])
    record_turn(ui, "diamond", ["monkey", "monkey", "monkey", "parrot", "parrot", "sabre", "skull", "skull"])
    record_turn(ui, "captain", ["coin", "coin", "skull", "skull", "skull", "sabre", "parrot", "monkey"])
    assert score_sheet(services.repo.drafts()[0]["sheet"]).players[0].total == 200  # 3 monkeys + the diamond
    ui.click("piraten.log.0")
    ui.click("piraten.die.6")  # one skull was really a monkey
    ui.click("piraten.face.monkey")
    ui.click("piraten.record")
    events = services.repo.drafts()[0]["sheet"]["events"]
    assert len(events) == 2 and events[0]["dice"]["monkey"] == 4 and events[1]["fortune"] == "captain"
    assert score_sheet(services.repo.drafts()[0]["sheet"]).players[0].total == 300  # 4 monkeys + the diamond


def test_pina_tokens_are_placed_by_tapping_the_board(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "pina-coladice", ["Ana", "Ben"])
    ui.click("pina.cell.0.0")
    ui.click("pina.pass")
    ui.click("pina.cell.0.1")
    sheet = services.repo.drafts()[0]["sheet"]
    assert sheet["events"] == [{"player": "Ana", "cell": [0, 0]}, {"player": "Ben", "pass": True},
                               {"player": "Ana", "cell": [0, 1]}]
    ui.click("pina.cell.0.1")  # one-space coaster with 2 players: already taken
    assert len(services.repo.drafts()[0]["sheet"]["events"]) == 3
    assert any("already" in text or "full" in text for text in ui.texts())


def test_pina_dice_are_set_by_tapping_their_faces(open_app: Callable[..., Harness],
                                                 services: Services) -> None:
    ui = open_app()
    start_game(ui, "pina-coladice", ["Ana", "Ben"])
    board = [["three-2", "pair-1", "odds", "evens"], ["sum-le-9", "sum-12-14", "sum-21-23", "sum-ge-26"],
             ["small-straight", "large-straight", "four-of-a-kind", "full-house"],
             ["all-different", "five-of-a-kind", "double-pair", "pair-2"]]
    ui.toggle("pina.layout", True)
    for cid in (c for row in board for c in row):
        ui.click(f"pina.coaster.{cid}")
    for value in (2, 2, 2, 2, 2):  # one tap a die
        ui.click(f"pina.face.{value}")
    assert ui.control("pina.matches").value == (
        "Free coasters you can take: Two pairs, All even, Five of a kind, Four of a kind, Full house (3 + 2), "
        "Pair of 2s, Three 2s")
    ui.click("pina.die.4")  # the last die was really a 3
    ui.click("pina.face.3")
    assert ui.control("pina.matches").value == (
        "Free coasters you can take: Two pairs, Four of a kind, Pair of 2s, Three 2s")
    ui.click("pina.face.1")  # a new roll starts over
    assert ui.control("pina.matches").value == "Tap the face of each die you rolled; tap a die to change it"


def test_pina_coasters_are_laid_out_by_tapping_them_in_order(open_app: Callable[..., Harness],
                                                             services: Services) -> None:
    ui = open_app(lang="ko")
    start_game(ui, "pina-coladice", ["Ana", "Ben", "Cho"])
    assert ui.control("pina.deal").value.startswith("앱이 코스터를 배치했습니다")  # lay the table out as shown: 0 taps
    order = random.Random(7).sample(sorted(COASTERS), 16)
    ui.toggle("pina.layout", True)
    assert "코스터 1/16: 1행 1열의 코스터를 누르세요" in ui.texts()
    for i, cid in enumerate(order):
        ui.click(f"pina.coaster.{cid}")
        assert services.repo.drafts()[0]["sheet"]["board"][i // 4][i % 4] == cid  # saved at every tap
        if i < 15:
            with pytest.raises(AssertionError, match="nothing clickable"):
                ui.click(f"pina.coaster.{cid}")  # a coaster already laid cannot be laid twice
    assert services.repo.drafts()[0]["sheet"]["board"] == [order[r * 4:(r + 1) * 4] for r in range(4)]
    assert ui.exists("pina.pass") and not ui.exists("pina.coaster.odds")  # back to play after the 16th
    ui.toggle("pina.layout", True)  # one coaster was wrong: tap its cell, then the right coaster
    ui.click("pina.cell.2.1")
    spare = next(c for c in sorted(COASTERS) if c not in order)
    ui.click(f"pina.coaster.{spare}")
    board = services.repo.drafts()[0]["sheet"]["board"]
    assert board[2][1] == spare and sum(row.count(order[9]) for row in board) == 0
    ui.click("pina.layout_done")
    ui.click("pina.cell.2.1")
    assert services.repo.drafts()[0]["sheet"]["events"] == [{"player": "Ana", "cell": [2, 1]}]
    assert not ui.exists("pina.deal")  # the game has begun


def test_for_sale_fast_path_is_a_total_and_coins_and_asks_for_a_property_only_on_a_tie(
        open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "for-sale", ["A", "B", "C", "D"])
    entries = [(59, 3), (60, 0), (57, 3), (59, 3)]  # A and D end level on money and on coins
    for i, (cheques, coins) in enumerate(entries):
        ui.click(f"sheet.total.{i}")
        ui.type(f"players[{i}].cheque_total", str(cheques))
        ui.type(f"players[{i}].coins_left", str(coins))
    assert [p["cheque_total"] for p in services.repo.drafts()[0]["sheet"]["players"]] == [59, 60, 57, 59]
    assert ui.tagged("forsale.needs_property").visible
    assert ui.control("forsale.needs_property").value.startswith("A, D are tied on money and coins")
    ui.click("sheet.total.0")
    ui.type("players[0].highest_property", "30")
    ui.click("sheet.total.3")
    ui.type("players[3].highest_property", "28")
    assert not ui.tagged("forsale.needs_property").visible
    assert ("A tie on money goes to more coins left, then to the highest property: "  # was 'Tie numbers (100 × ...'
            "A 3 coins, highest property 30 · D 3 coins, highest property 28") in ui.texts()
    ui.click("sheet.finish")
    assert "A wins!" in ui.texts()


def test_for_sale_announces_no_tie_before_the_tied_entries_are_made(open_app: Callable[..., Harness]) -> None:
    """Issue 26: an empty sheet announced 'Mina, Sora, Joon, 하나 are tied on money and coins', and one with Mina
    entered 'Sora, Joon, 하나 are tied': the others' entries still to come stood in as 0 and 0."""
    ui = open_app()
    start_game(ui, "for-sale", ["Mina", "Sora", "Joon", "하나"])
    assert not ui.tagged("forsale.needs_property").visible and not ui.control("forsale.needs_property").value
    ui.click("sheet.total.0")
    ui.type("players[0].cheque_total", "59")
    ui.type("players[0].coins_left", "3")
    assert not ui.tagged("forsale.needs_property").visible and not ui.control("forsale.needs_property").value


def test_for_sale_total_no_cheques_can_make_is_shown_at_the_field(open_app: Callable[..., Harness]) -> None:
    ui = open_app(lang="ko")
    start_game(ui, "for-sale", ["A", "B", "C", "D"])
    ui.type("players[0].cheque_total", "13")
    assert "수표 7장으로는 13이(가) 될 수 없습니다: 각자 수표 7장으로 끝납니다 (0과 2~15, 값마다 두 장)" in ui.texts()


def test_for_sale_selling_rounds_are_handed_out(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "for-sale", ["A", "B", "C"])
    for i, prop in enumerate(["12", "30", "5"]):
        ui.type(f"forsale.property.{i}", prop)
    ui.type("forsale.cheques", "0 15 7")
    ui.click("forsale.assign")
    players = services.repo.drafts()[0]["sheet"]["players"]
    assert [p["cheques"] for p in players] == [[7], [15], [0]]
    assert [p["properties"] for p in players] == [[12], [30], [5]]
    for i, prop in enumerate(["29", "12", "4"]):
        ui.type(f"forsale.property.{i}", prop)
    ui.type("forsale.cheques", "2 3 4")
    ui.click("forsale.assign")
    assert any("already A's: each card exists once" in text for text in ui.texts())
    assert [p["cheques"] for p in services.repo.drafts()[0]["sheet"]["players"]] == [[7], [15], [0]]


def test_tucana_mayor_and_bonus_cards(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "trails-of-tucana", ["Yu", "Jun"])
    ui.click("tucana.reveal")
    assert "Round 1 of 2: 25 cards left" in ui.texts()
    ui.click("tucana.connect.0.D")
    ui.click("tucana.connect.1.D")
    draft = services.repo.drafts()[0]
    assert draft["sheet"]["connections"] == [{"turn": 1, "player": "Yu", "letter": "D"},
                                             {"turn": 1, "player": "Jun", "letter": "D"}]
    assert draft["tools"]["tucana"]["mayor"]["drawn"] == 2
    for _ in range(12):
        ui.click("tucana.reveal")
    assert "Round 1 is over (one card left): write down your sight scores" in ui.texts()
    ui.click("tucana.next_round")
    assert services.repo.drafts()[0]["tools"]["tucana"]["mayor"]["round"] == 2


def test_patchwork_asks_who_finished_first_only_when_tied(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    start_game(ui, "patchwork", ["A", "B"])
    for i, (buttons, empty) in enumerate([(20, 2), (14, 0)]):
        ui.click(f"sheet.total.{i}")
        ui.type(f"players[{i}].buttons", str(buttons))
        ui.type(f"players[{i}].empty_spaces", str(empty))
    assert not ui.exists("patchwork.first.0")  # 16 against 14: nobody needs to ask
    ui.type("players[1].buttons", "16")
    assert ui.exists("patchwork.first.1")
    ui.select_chip("patchwork.first.1")
    ui.click("sheet.finish")
    assert "B wins!" in ui.texts()


def test_ttr_tickets_are_found_by_city_without_accents(open_app: Callable[..., Harness],
                                                       services: Services) -> None:
    ui = open_app()
    start_game(ui, "ticket-to-ride-europe", ["A", "B"])
    ui.type("ttr.find", "kobenhavn")
    ui.click("ttr.pick.0")
    (ticket,) = services.repo.drafts()[0]["sheet"]["players"][0]["tickets"]
    assert ticket == {"from": "Frankfurt", "to": "København", "points": 5, "completed": True}


def test_ttr_tickets_are_found_by_korean_city_names(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app(lang="ko")
    start_game(ui, "ticket-to-ride-europe", ["A", "B"])
    ui.type("ttr.find", "빈")  # Wien: one syllable is enough
    assert "런던 – 빈" in ui.texts() and "London – Wien" in ui.texts()
    ui.type("ttr.find", "베를린")
    assert "베를린 – 로마" in ui.texts()
    ui.click("ttr.pick.2")
    (ticket,) = services.repo.drafts()[0]["sheet"]["players"][0]["tickets"]
    assert ticket == {"from": "Berlin", "to": "Roma", "points": 9, "completed": True}


def test_ttr_fast_path_is_five_numbers_a_player(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "ticket-to-ride-europe", ["A", "B"])
    for i, (routes, done, failed, stations, longest) in enumerate([(52, 33, 6, 1, 20), (61, 21, 0, 0, 24)]):
        ui.click(f"sheet.total.{i}")
        ui.type(f"players[{i}].route_points", str(routes))
        ui.type(f"players[{i}].tickets_done", str(done))
        ui.type(f"players[{i}].tickets_failed", str(failed))
        ui.type(f"players[{i}].stations_used", str(stations))
        ui.type(f"players[{i}].longest_path", str(longest))
    assert "Route points entered from the score track: trains are not counted." in ui.texts()
    ui.click("sheet.finish")
    assert "B wins!" in ui.texts()  # A 52 + 27 + 8 = 87; B 61 + 21 + 12 + 10 = 104


def test_carnage_fast_path_is_round_points_and_tokens(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "carnage", ["Dwarf", "Orc", "Goblin"])
    for i, (points, tokens) in enumerate([(14, 2), (12, 1), (10, 0)]):
        ui.click(f"sheet.total.{i}")
        ui.type(f"players[{i}].round_points", str(points))
        ui.type(f"players[{i}].tokens", str(tokens))
    players = services.repo.drafts()[0]["sheet"]["players"]
    assert [(p["round_points"], p["tokens"]) for p in players] == [(14, 2), (12, 1), (10, 0)]
    ui.click("sheet.finish")
    assert "Dwarf wins!" in ui.texts()


def test_carnage_by_totals_waiting_on_a_tie_says_who_is_tied_and_what_breaks_it(
        open_app: Callable[..., Harness]) -> None:
    """Issue 26: with every total in and a tie for the win, the guide said 'Round 1 of 4: play it, then enter it'."""
    ui = open_app()
    start_game(ui, "carnage", ["Mina", "Joon", "Hana", "Tae"])
    for i, (points, tokens) in enumerate([(12, 1), (10, 0), (12, 1), (2, 1)]):
        ui.click(f"sheet.total.{i}")
        ui.type(f"players[{i}].round_points", str(points))
        ui.type(f"players[{i}].tokens", str(tokens))
    tie = ("All scores are in but the tiebreak: Mina and Hana are tied for the win on 13 points and on Kharnage "
           "tokens (1 each): enter the legion cards each has deployed, the rules' next tiebreak")
    guide = open_app(f"{ui.view.route}/guide")
    assert tie in guide.texts() and not any(t.startswith("Round 1") for t in guide.texts())
    assert tie in ui.texts()  # the sheet's own line of what happens now
    assert any(t.startswith("동점 처리만 남았습니다: Mina, Hana이(가) 13점") for t in
               open_app(f"{ui.view.route}/guide", lang="ko").texts())
    ui.click("sheet.total.0")
    ui.type("players[0].deployed", "5")
    ui.click("sheet.total.2")
    ui.type("players[2].deployed", "5")
    assert any(t.startswith("All scores are in but the tiebreak: Mina and Hana are tied for the win on 13 points "
                            "and on Kharnage tokens (1 each) and on legion cards deployed (5 each): enter each "
                            "one's initiative in the last round") for t in ui.texts())
    ui.type("players[2].last_initiative", "130")
    ui.click("sheet.total.0")
    ui.type("players[0].last_initiative", "220")
    assert "The game is over: tap Finish to see the result" in open_app(f"{ui.view.route}/guide").texts()


def test_carnage_rounds_show_play_order_and_ranking(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    start_game(ui, "carnage", ["Dwarf", "Orc"])
    ui.click("sheet.add_round")
    ui.type("rounds[0].Dwarf.initiative", "160")
    ui.type("rounds[0].Orc.initiative", "420")
    ui.type("rounds[0].Dwarf.destroyed", "2")
    ui.type("rounds[0].Orc.destroyed", "2")
    ui.click("sheet.add_round")  # redraws the rounds with their notes
    assert "Play order: Dwarf (160) → Orc (420)" in ui.texts()
    assert "This round: Dwarf 5 · Orc 3" in ui.texts()


def test_guide_screen_checklist_steps_and_undo(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["A", "B"])
    ui.click("sheet.guide")
    assert ui.view.route.endswith("/guide")
    ui.toggle("guide.setup.0", True)
    assert services.repo.drafts()[0]["guide"] == {"step": "setup", "setup_done": [0]}
    ui.click("guide.next")
    assert "Play 0 to 5 island cards, one at a time." in ui.texts()
    ui.click("guide.undo")
    assert services.repo.drafts()[0]["guide"]["step"] == "setup"
    ui.click("guide.to_sheet") if ui.exists("guide.to_sheet") else None


def test_an_earlier_pina_turn_is_corrected_and_the_rest_replayed(open_app: Callable[..., Harness],
                                                                 services: Services) -> None:
    ui = open_app()
    start_game(ui, "pina-coladice", ["Ana", "Ben"])
    ui.click("pina.cell.0.0")
    ui.click("pina.cell.3.3")
    ui.click("pina.log.0")
    ui.click("pina.cell.1.1")
    events = services.repo.drafts()[0]["sheet"]["events"]
    assert events == [{"player": "Ana", "cell": [1, 1]}, {"player": "Ben", "cell": [3, 3]}]
    ui.click("pina.log.1")
    ui.click("pina.cell.1.1")  # taken by Ana on a one-space coaster: refused, nothing changes
    assert services.repo.drafts()[0]["sheet"]["events"] == events
    ui.click("pina.cancel_edit")
    assert "Ana: place a token on a matching coaster, or pass" in ui.texts()
