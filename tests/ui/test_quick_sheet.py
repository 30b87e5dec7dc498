"""The quick sheet, in-process: any game from Home in one tap, a counter per player with steps and typed amounts,
the change log, the result and history, and the game saved as a game of one's own afterwards."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from companion.app import Services
from companion.store.definitions import QUICK, DefinitionStore
from scoring import score_sheet

from .harness import Harness


def total(ui: Harness, seat: int) -> str:
    return ui.control(f"sheet.total.{seat}").content.controls[1].value  # type: ignore[no-any-return]


def start_quick(ui: Harness, names: list[str], name: str = "") -> None:
    ui.click("home.quick")
    assert ui.view.route == "/quick"
    if name:
        ui.type("quick.name", name)
    for i, player in enumerate(names):
        if i >= 2:
            ui.click("new.add_player")
        ui.type(f"new.player.{i}", player)
    ui.click("new.start")
    assert ui.view.route.startswith("/play/")


def test_a_quick_game_is_counted_finished_and_saved_as_a_game(open_app: Callable[..., Harness],
                                                              services: Services) -> None:
    ui = open_app()
    start_quick(ui, ["Mina", "Joon", "Ara"], name="Flip 7")
    store = DefinitionStore(services.repo)
    [game] = [g for g, state in store.states().items() if state == QUICK]
    assert game.startswith("custom-flip-7-") and ui.view.appbar.title.value == "Flip 7"
    assert not ui.exists(f"home.game.{game}")
    ui.click("counter.0.points.step.1")  # Mina +5
    ui.click("counter.0.points.step.0")  # Mina +1
    ui.type("counter.1.points.amount", "12")
    ui.submit("counter.1.points.amount")  # Joon +12, typed
    ui.click("counter.2.points.step.2")  # Ara −1
    assert [total(ui, seat) for seat in range(3)] == ["6", "12", "-1"]
    assert ui.control("counter.1.points.count").value == "12" and ui.control("counter.1.points.amount").value == ""
    assert ui.tagged("counter.change.3").label == "Ara −1 → -1"
    assert ui.tagged("counter.change.2").label == "Joon +12 → 12"
    ui.click("counter.change.2.remove")  # Joon's 12 was meant for Mina
    assert total(ui, 1) == "0" and not ui.exists("counter.change.3")
    ui.type("counter.0.points.amount", "+12")
    ui.click("counter.0.points.add")
    assert total(ui, 0) == "18" and ui.control("sheet.status").value == "Leading: Mina"
    ui.type("counter.1.points.amount", "twelve")
    ui.click("counter.1.points.add")
    assert ui.control("counter.1.points.amount").error == "Type a whole number other than 0, e.g. 12 or -3"
    ui.click("sheet.undo")  # the last change (Mina +12) taken back
    assert total(ui, 0) == "6"

    ui.click("sheet.finish")
    assert ui.view.route.startswith("/result/") and "Mina wins!" in ui.texts()
    assert "Score by change" in ui.texts()
    play = next(services.repo.plays_newest_first())
    assert play["game"] == game and [c["by"] for c in play["sheet"]["changes"]] == [5, 1, -1]
    assert score_sheet(play["sheet"]).winners == ["Mina"]
    assert "Flip 7" in open_app("/history").texts()

    ui.click("result.keep_game")
    assert ui.view.route == f"/custom/{game}/edit" and ui.view.appbar.title.value == "Save as a game"
    assert ui.control("custom.category.0.steps").value == "+1 +5 -1"
    ui.type("custom.min_players", "2")
    ui.type("custom.max_players", "8")
    ui.click("custom.save")
    assert ui.view.route == f"/new/{game}" and store.states() == {}
    assert store.latest(game)["players"] == {"min": 2, "max": 8}  # type: ignore[index]
    home = open_app("/")
    assert home.exists(f"home.game.{game}") and home.exists(f"home.recent.{game}")


def test_an_unnamed_quick_game_with_its_own_steps_where_the_lowest_total_wins(open_app: Callable[..., Harness],
                                                                             services: Services) -> None:
    ui = open_app(lang="ko")
    ui.click("home.quick")
    ui.type("quick.new_step", "5")
    ui.click("quick.add_step")
    assert ui.control("quick.new_step").error == "이미 있는 단위입니다"
    ui.type("quick.new_step", "-10")
    ui.submit("quick.new_step")
    ui.fire(ui.control("quick.step.1"), "delete")  # no +5
    assert [ui.tagged(f"quick.step.{i}").label for i in range(3)] == ["단위 +1", "단위 −1", "단위 −10"]
    ui.choose("quick.win", "lowest")
    ui.type("new.player.0", "민아")
    ui.type("new.player.1", "준")
    ui.click("new.start")
    assert ui.view.appbar.title.value == "빠른 기록 게임"
    ui.click("counter.1.points.step.2")  # 준 −10
    ui.click("counter.0.points.step.0")  # 민아 +1
    assert ui.tagged("counter.change.0").label == "준 −10 → -10"
    ui.click("sheet.finish")
    assert "준 님 승리!" in ui.texts()
    play = next(services.repo.plays_newest_first())
    names = play["sheet"]["definition"]["names"]  # in every language, for a history read in any
    assert (names["en"], names["ko"], names["ja"]) == ("Quick game", "빠른 기록 게임", "クイックゲーム")
    assert play["sheet"]["definition"]["categories"][0]["steps"] == [1, -1, -10]
    assert "Quick game" in open_app("/history").texts()


def test_two_phones_adding_to_the_same_count_at_once_both_count(open_app: Callable[..., Harness],
                                                                services: Services) -> None:
    ui = open_app()
    start_quick(ui, ["Mina", "Joon"])
    other = open_app(ui.view.route, beside=ui)

    async def tap(screen: Harness) -> None:
        button = next(c for c in screen.walk(screen.control("counter.0.points.step.1")) if getattr(c, "on_click", None))
        await screen._with_page(screen.session.dispatch_event(button._i, "click", None))

    async def at_once() -> None:  # both before either screen hears of the other's change
        await asyncio.gather(tap(ui), tap(other))

    ui.run(at_once())
    [draft] = services.repo.drafts()
    assert [c["by"] for c in draft["sheet"]["changes"]] == [5, 5]
    for screen in (ui, other):
        screen.eventually(lambda s=screen: total(s, 0) == "10")


def test_a_counter_game_of_ones_own_refuses_a_count_beyond_its_bounds(open_app: Callable[..., Harness],
                                                                      services: Services) -> None:
    ui = open_app("/custom/new")
    ui.type("custom.name", "Lives")
    ui.type("custom.category.0.name", "Lives")
    ui.choose("custom.scoring", "counter")
    assert ui.exists("custom.category.0.steps") and not ui.exists("custom.rounds")
    ui.type("custom.category.0.steps", "+1 0")
    ui.click("custom.save")
    assert ui.control("custom.category.0.steps").error == "cannot be 0: a step changes the count"
    ui.type("custom.category.0.steps", "+1 -3")
    ui.click("custom.category.0.more")
    ui.type("custom.detail.max", "5")
    ui.click("custom.detail.done")
    ui.click("custom.preview")
    assert "Preview" in ui.texts()
    ui.click("custom.save")
    ui.type("new.player.0", "Ann")
    ui.type("new.player.1", "Bo")
    ui.click("new.start")
    for _ in range(5):
        ui.click("counter.0.c1.step.0")
    ui.click("counter.0.c1.step.0")  # a sixth life: refused, and said why
    assert ui.snacks()[-1] == "takes Ann's Lives to 6: it stays between 0 and 5"
    assert total(ui, 0) == "5" and len(services.repo.drafts()[0]["sheet"]["changes"]) == 5


def test_a_quick_sheet_discarded_leaves_nothing_behind_until_undone(open_app: Callable[..., Harness],
                                                                    services: Services) -> None:
    ui = open_app()
    start_quick(ui, ["Mina", "Joon"])
    store = DefinitionStore(services.repo)
    [game] = store.states()
    [draft] = services.repo.drafts()
    home = open_app("/")
    home.click(f"home.discard.{draft['id']}")
    assert store.states() == {} and store.latest(game) is None and services.repo.drafts() == []
    home.fire(home.page._dialogs.controls[-1].action, "click")  # Undo
    assert store.states() == {game: QUICK} and services.repo.draft(draft["id"]) == draft
    assert home.exists(f"home.continue.{draft['id']}")
