"""The score sheet keeps everything typed (valid or not), shows each rule next to its field, and finishes
the game as the store holds it. In-process, through the harness: type, reload the screen from the store."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft
from flet.messaging.protocol import MessageAction

from companion.app import PREF_LANGUAGE, Services
from companion.main import make_main

from .harness import Harness
from .test_play_flow import FOR_SALE_CHEQUES, start_game

MINJI = FOR_SALE_CHEQUES["Minji"]
CROSS_CHECK = "Minji has all 7 cheques, so every player must have 7 (got 0)"


def total(ui: Harness, seat: int) -> str:
    return ui.control(f"sheet.total.{seat}").content.controls[1].value


def red_texts(ui: Harness) -> list[str]:
    """The problems shown next to fields (not the bottom line, not the dash of a total)."""
    status = ui.control("sheet.status")
    return [str(c.value) for c in ui.walk() if isinstance(c, ft.Text) and c.value and c.visible is not False
            and c.color == ft.Colors.ERROR and c is not status and c.value != "–"]


def add_cheques(ui: Harness, seat: int, cheques: list[int]) -> None:
    for value in cheques:
        ui.type(f"players[{seat}].cheques.new", str(value))
        ui.submit(f"players[{seat}].cheques.new")


def reload(open_app: Callable[..., Harness], ui: Harness) -> Harness:
    """The same game opened again from the store (a reload of the page)."""
    return open_app(ui.view.route)


def test_for_sale_a_player_with_all_cheques_blocks_nothing(open_app: Callable[..., Harness],
                                                           services: Services) -> None:
    ui = open_app()
    start_game(ui, "for-sale", list(FOR_SALE_CHEQUES))
    add_cheques(ui, 0, MINJI)
    ui.type("players[0].coins_left", "2")
    assert red_texts(ui) == []  # the others have simply not entered theirs yet
    assert [total(ui, i) for i in range(4)] == ["61", "–", "–", "–"]  # the others have entered nothing yet
    ui.click("sheet.next_player")
    add_cheques(ui, 1, [15, 14])
    hints = [t for t in ui.texts() if "every player must have 7" in t]
    assert hints == ["Minji has all 7 cheques, so every player must have 7 (got 2)"]  # a reminder, not red
    assert red_texts(ui) == []
    ui.type("players[1].coins_left", "19")
    assert red_texts(ui) == ["19 coins left, but players start with 18"]
    assert [total(ui, i) for i in range(4)] == ["61", "–", "–", "–"]  # Alex's own entry is wrong: no total
    assert ui.control("sheet.finish").disabled

    again = reload(open_app, ui)
    stored = services.repo.drafts()[0]["sheet"]["players"]
    assert stored[0]["cheques"] == MINJI and stored[0]["coins_left"] == 2
    assert stored[1]["cheques"] == [15, 14] and stored[1]["coins_left"] == 19
    assert total(again, 0) == "61"
    assert again.texts().count("7 entered, total 59") == 1
    again.click("sheet.next_player")
    assert again.control("players[1].coins_left").value == "19"
    assert "19 coins left, but players start with 18" in again.texts()


def test_for_sale_no_reminder_for_players_who_entered_nothing(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    start_game(ui, "for-sale", list(FOR_SALE_CHEQUES))
    add_cheques(ui, 0, MINJI)
    assert CROSS_CHECK not in ui.texts()  # Alex has entered nothing: not entered yet is no problem
    assert "Still to enter: 7" in ui.texts()
    assert ui.control("sheet.finish").disabled


def test_kahuna_islands_above_the_bridges_are_kept_and_finish_waits(open_app: Callable[..., Harness],
                                                                   services: Services) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    ui.type("players[0].bridges", "2")
    for r, islands in enumerate(((5, 3), (4, 6), (7, 2))):
        ui.click("sheet.add_round")
        ui.type(f"rounds[{r}].Ana", str(islands[0]))
        ui.type(f"rounds[{r}].Bo", str(islands[1]))
    message = ("2 bridges cannot control the 7 islands of the final scoring: each island needs 2 of your bridges "
               "and a bridge touches only 2 islands")
    assert red_texts(ui) == [message]
    assert ui.control("sheet.finish").disabled
    assert not any("Round 4" in t for t in ui.texts())

    again = reload(open_app, ui)
    sheet = services.repo.drafts()[0]["sheet"]
    assert sheet["rounds"] == [{"Ana": 5, "Bo": 3}, {"Ana": 4, "Bo": 6}, {"Ana": 7, "Bo": 2}]
    assert [again.control(f"rounds[{r}].Ana").value for r in range(3)] == ["5", "4", "7"]
    assert again.control("sheet.finish").disabled
    assert message in again.texts()
    assert "All 3 rounds are in: complete what is still missing, then tap Finish" in again.texts()
    assert total(again, 0) == "–" and total(again, 1) == "2"
    again.type("players[0].bridges", "9")
    assert not again.control("sheet.finish").disabled
    again.click("sheet.finish")
    assert "Ana wins!" in again.texts()


def test_a_new_round_starts_blank(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "carnage", ["Ana", "Bo"])
    ui.click("sheet.add_round")
    assert services.repo.drafts()[0]["sheet"]["rounds"] == [{}]
    assert ui.control("rounds[0].Ana.initiative").value == ""
    assert [total(ui, 0), total(ui, 1)] == ["–", "–"]  # a round not entered scores nothing yet
    assert red_texts(ui) == []
    for name, (destroyed, initiative) in {"Ana": (4, 3), "Bo": (2, 7)}.items():
        ui.type(f"rounds[0].{name}.destroyed", str(destroyed))
        ui.type(f"rounds[0].{name}.initiative", str(initiative))
    assert [total(ui, 0), total(ui, 1)] != ["–", "–"]


def test_what_is_typed_around_add_round_is_kept(open_app: Callable[..., Harness], services: Services) -> None:
    """Add round adds the new round's card and keeps every field on screen as it is: a keystroke that reaches
    the app after the tap (a slow phone: the field the player sees is the one it was typed into) lands, and
    so does typing into the new round at once."""
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    ui.click("sheet.add_round")
    ui.type("rounds[0].Ana", "5")
    shown = ui.control("rounds[0].Bo")  # what the phone shows when the player types into it...
    ui.click("sheet.add_round")  # ...and taps Add round, before the app has taken the keystroke
    ui.patch(shown, {"value": "3"})
    ui.fire(shown, "change", "3")
    ui.type("rounds[1].Ana", "4")  # the new round, at once
    ui.settle()
    assert services.repo.drafts()[0]["sheet"]["rounds"] == [{"Ana": 5, "Bo": 3}, {"Ana": 4}]
    assert ui.control("rounds[0].Bo") is shown and shown.value == "3"
    assert reload(open_app, ui).control("rounds[1].Ana").value == "4"


def test_add_round_puts_the_focus_on_the_new_round(open_app: Callable[..., Harness]) -> None:
    """The player types the new round next: its first field takes the focus, not the round before's."""
    ui = open_app()
    start_game(ui, "carnage", ["Ana", "Bo"])
    for r in range(2):
        ui.click("sheet.add_round")
        focused = [m.body.control_id for m in ui.conn.sent
                   if m.action == MessageAction.INVOKE_METHOD and m.body.name == "focus"]
        assert focused[-1] == ui.control(f"rounds[{r}].Ana.destroyed")._i
    assert len(focused) == 2


def test_quick_taps_on_plus_each_count(open_app: Callable[..., Harness], services: Services) -> None:
    """A step's number is on the phone before it is saved; a second tap meanwhile steps from that number."""
    ui = open_app()
    start_game(ui, "patchwork", ["Ana", "Bo"])
    ui.click_quickly("players[0].buttons.inc", 3)
    assert ui.control("players[0].buttons").value == "3"
    assert services.repo.drafts()[0]["sheet"]["players"][0]["buttons"] == 3
    ui.click("players[0].buttons.dec")
    assert services.repo.drafts()[0]["sheet"]["players"][0]["buttons"] == 2


def test_fresh_sheets_show_no_problem_and_no_false_end(open_app: Callable[..., Harness]) -> None:
    for game in ("ticket-to-ride-europe", "patchwork", "captain-flip", "trails-of-tucana"):
        ui = open_app()
        start_game(ui, game, ["Ana", "Bo"])
        assert red_texts(ui) == [], game
        ends = ("game is over", "All rounds are played", "Every score is in")
        assert not any(end in t for t in ui.texts() for end in ends), game
        assert "Play the game; enter the counts as you go or at the end" in ui.texts()
        assert ui.control("sheet.finish").disabled


def test_typing_a_number_is_one_edit_for_undo(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "patchwork", ["A", "B"])
    ui.type("players[0].buttons", "3")
    ui.type("players[0].buttons", "30")
    assert services.repo.drafts()[0]["sheet"]["players"][0]["buttons"] == 30  # every keystroke is saved
    ui.click("sheet.undo")
    assert "buttons" not in services.repo.drafts()[0]["sheet"]["players"][0]
    assert ui.control("players[0].buttons").value == ""
    ui.type("players[0].buttons", "3")
    ui.fire(ui.control("players[0].buttons"), "blur")
    ui.type("players[0].buttons", "31")
    ui.click("sheet.undo")
    assert ui.control("players[0].buttons").value == "3"


def test_enter_in_a_number_list_keeps_the_focus(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    start_game(ui, "for-sale", ["A", "B", "C"])
    entry = ui.control("players[0].cheques.new")
    add_cheques(ui, 0, [15])
    assert ("focus", None) in [(name, args or None) for name, args in ui.conn.calls]
    assert ui.control("players[0].cheques.new") is entry and entry.value == ""


def test_help_is_folded_once_and_rule_notes_are_readable(open_app: Callable[..., Harness]) -> None:
    ui = open_app(lang="ko")
    start_game(ui, "trails-of-tucana", ["하나", "규"])
    assert ui.exists("sheet.help.players") and ui.exists("sheet.notes")
    ui.control("sheet.notes")  # the fold holds every note of the spec, in the player's language
    notes = [t for t in ui.texts() if "차례" in t and "게임 전체로" in t]
    assert notes and all("connections" not in t for t in notes)
    guide = open_app(ui.view.route + "/guide", lang="ko")
    assert guide.exists("guide.notes")
    assert any("게임 전체로 셉니다" in t for t in guide.texts())


def test_kharnage_rounds_are_a_table_with_one_help(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    start_game(ui, "carnage", ["Ana", "Bo", "Cy"])
    ui.click("sheet.add_round")
    ui.click("sheet.add_round")
    for r in range(2):
        for name in ("Ana", "Bo", "Cy"):
            for key in ("destroyed", "initiative", "kharnage"):
                assert ui.exists(f"rounds[{r}].{name}.{key}")
    assert ui.texts().count("Cards destroyed") == 2  # a column head per round, not a label per player
    helps = [t for t in ui.texts() if t.startswith("Initiative: ")]
    assert len(helps) <= 1


def test_share_without_share_says_how_to_start_sharing(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    ui.click("sheet.share")
    assert ("Phones can join only when the app runs for the network. Start the app with bin/app --share to let "
            "phones join, then open this button again.") in ui.texts()
    ui.click("sheet.share_off.close")
    assert ui.dialog() is None


def finish_kahuna(ui: Harness) -> None:
    for r, islands in enumerate(((5, 3), (4, 6), (7, 2))):
        ui.click("sheet.add_round")
        ui.type(f"rounds[{r}].Ana", str(islands[0]))
        ui.type(f"rounds[{r}].Bo", str(islands[1]))


def test_finish_stores_the_stored_game_and_other_screens_follow(open_app: Callable[..., Harness],
                                                               services: Services) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    route = ui.view.route
    draft_id = services.repo.drafts()[0]["id"]
    other, guide = (Harness(make_main(services), route=r, prefs={PREF_LANGUAGE: "en"}, hub=ui.hub, loop=ui.loop)
                    for r in (route, route + "/guide"))
    finish_kahuna(ui)
    ui.click("sheet.finish")
    play = services.repo.play(draft_id)
    assert play is not None and play["sheet"]["rounds"][2] == {"Ana": 7, "Bo": 2}
    assert ui.view.route == f"/result/{draft_id}"
    for screen in (other, guide):
        screen.eventually(lambda s=screen: s.view.route == f"/result/{draft_id}")
        assert "Ana wins!" in screen.texts()
        assert screen.crashes() == []
        screen.close()


def test_an_entry_to_a_game_finished_elsewhere_is_refused(open_app: Callable[..., Harness],
                                                          services: Services) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    finish_kahuna(ui)
    stale = open_app(ui.view.route)
    draft_id = services.repo.drafts()[0]["id"]
    services.repo.finish_draft(draft_id)  # finished on another server process: no message reaches this one
    stale.type("players[0].bridges", "4")
    assert stale.dialog() is not None and "came after it was finished" in " ".join(stale.texts())
    stale.click("sheet.missed.result")
    stale.eventually(lambda: stale.view.route == f"/result/{draft_id}")
    assert services.repo.drafts() == []
    assert "bridges" not in services.repo.play(draft_id)["sheet"]["players"][0]


def test_an_entry_that_missed_the_result_can_reopen_the_game_with_it(open_app: Callable[..., Harness],
                                                                      services: Services) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    finish_kahuna(ui)
    stale = open_app(ui.view.route)
    draft_id = services.repo.drafts()[0]["id"]
    services.repo.finish_draft(draft_id)
    stale.type("players[0].bridges", "4")
    stale.click("sheet.missed.reopen")
    stale.eventually(lambda: stale.view.route == f"/play/{draft_id}")
    assert services.repo.play(draft_id) is None
    [draft] = services.repo.drafts()
    assert draft["sheet"]["players"][0]["bridges"] == 4


def test_rounds_added_on_two_screens_at_once_keep_what_each_typed(open_app: Callable[..., Harness],
                                                                  services: Services) -> None:
    """Two screens tap Add round at once (neither has heard of the other's round), and each types into the
    round it added: the stored sheet keeps both rounds (it kept one screen's list of rounds, and lost the
    other's entry)."""
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    other = open_app(ui.view.route, beside=ui)
    draft_id = services.repo.drafts()[0]["id"]

    async def add_and_type(screen: Harness, field: str, value: str) -> None:
        button = next(c for c in screen.walk(screen.control("sheet.add_round")) if getattr(c, "on_click", None))
        await screen._with_page(screen.session.dispatch_event(button._i, "click", None))
        typed = screen.control(field)  # the screen's only round: the one it just added
        screen.session.apply_patch(typed._i, {"value": value})
        await screen._with_page(screen.session.dispatch_event(typed._i, "change", value))

    async def at_once() -> None:  # both before either screen hears of the other's round
        await asyncio.gather(add_and_type(ui, "rounds[0].Ana", "5"), add_and_type(other, "rounds[0].Bo", "3"))

    ui.run(at_once())
    [draft] = services.repo.drafts()
    assert sorted(map(sorted, (r.items() for r in draft["sheet"]["rounds"]))) == [[("Ana", 5)], [("Bo", 3)]]
    for screen in (ui, other):  # each screen takes in the other's round, in the same order
        screen.eventually(lambda s=screen: s.exists("rounds[1].Ana"))
    assert [ui.control(f"rounds[{r}].{n}").value for r in (0, 1) for n in ("Ana", "Bo")] == [
        other.control(f"rounds[{r}].{n}").value for r in (0, 1) for n in ("Ana", "Bo")]
    assert services.repo.draft(draft_id) == draft


def test_a_guide_left_open_while_300_entries_are_made_elsewhere_loses_none(open_app: Callable[..., Harness],
                                                                           services: Services) -> None:
    """One tap on the Guide's Next stored the sheet as it was when the Guide opened: 300 entries gone."""
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    guide = open_app(f"{ui.view.route}/guide")
    for _ in range(3):
        ui.click("sheet.add_round")
    for n in range(150):
        ui.type(f"rounds[{n % 3}].Ana", str(n % 9))
        ui.type(f"rounds[{n % 3}].Bo", str((n + 1) % 9))
    before = services.repo.drafts()[0]["sheet"]
    guide.click("guide.next")
    [draft] = services.repo.drafts()
    assert draft["sheet"] == before and [r["Ana"] for r in draft["sheet"]["rounds"]] == [3, 4, 5]
    assert draft["guide"]["step"] != "setup"


def test_a_player_out_by_the_rules_has_the_total_struck_through(open_app: Callable[..., Harness]) -> None:
    """Issue 26: Captain Flip's strip showed 38 for a player with 3 Gunners, with no mark until the result."""
    ui = open_app()
    start_game(ui, "captain-flip", ["Mina", "Joon"])
    ui.type("players[0].gunners", "3")
    ui.type("players[0].coins", "38")
    total = ui.control("sheet.total.0").content.controls[1]
    assert total.value == "38" and total.style.decoration == ft.TextDecoration.LINE_THROUGH
    ui.type("players[0].gunners", "2")
    assert ui.control("sheet.total.0").content.controls[1].style is None


def test_a_field_of_a_rule_choice_not_taken_is_not_on_the_sheet(open_app: Callable[..., Harness]) -> None:
    """Issue 26: Trails of Tucana showed 'Red bonus points' beside 'Bonus points' without the special bonus, a
    field the rules then refuse any value in."""
    ui = open_app()
    start_game(ui, "trails-of-tucana", ["Yu", "Jun"])
    assert ui.exists("players[0].bonus") and not ui.exists("players[0].red_bonus")
    ui = open_app()
    ui.click("home.game.trails-of-tucana")
    ui.click("new.known.Yu")
    ui.click("new.known.Jun")
    ui.toggle("new.option.special_bonus", True)
    ui.click("new.start")
    assert ui.exists("players[0].red_bonus")
