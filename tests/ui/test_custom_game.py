"""Defining a game on the editor screen, in-process: then playing it like any built-in game."""

from __future__ import annotations

from collections.abc import Callable

from companion.app import Services
from companion.store.definitions import DefinitionStore
from scoring import score_sheet

from .harness import Harness


def choose_radio(ui: Harness, identifier: str, value: str) -> None:
    group = ui.control(identifier)
    ui.patch(group, {"value": value})
    ui.fire(group, "change", value)


def define_wingspan(ui: Harness) -> None:
    ui.click("home.define_game")
    assert ui.view.route == "/custom/new"
    ui.type("custom.name", "Wingspan")
    ui.type("custom.min_players", "1")
    ui.type("custom.max_players", "5")
    ui.type("custom.category.0.name", "Birds")
    ui.click("custom.add_category")
    ui.type("custom.category.1.name", "Sets")
    ui.type("custom.category.1.multiplier", "2")
    ui.choose("custom.add_tiebreak", "most:c1")


def test_define_a_game_play_it_and_find_it_in_history_and_stats(open_app: Callable[..., Harness],
                                                                 services: Services) -> None:
    ui = open_app()
    define_wingspan(ui)
    assert "Most Birds" in ui.texts()
    ui.click("custom.preview")
    assert ui.view.route == "/custom/new" and "Preview" in ui.texts()
    assert "Tie: more Birds wins; still tied: the win is shared." in ui.texts()
    assert any("wins with more Birds" in text for text in ui.texts()), "the sample tie is broken by Birds"
    ui.type("players[0].c1", "100")  # sample numbers may be changed: the totals and the result follow
    assert ui.control("custom.preview.total.0").content.controls[1].value == "112"
    assert ui.control("custom.preview.winners").value == "Ana wins"
    assert DefinitionStore(services.repo).games() == [], "a preview saves nothing"
    ui.click("custom.save")
    game = DefinitionStore(services.repo).games()[0]
    assert game["id"].startswith("custom-wingspan-") and game["version"] == 1
    assert ui.view.route == f"/new/{game['id']}"

    ui.type("new.player.0", "Ann")
    ui.click("new.add_player")
    ui.type("new.player.1", "Bo")
    ui.click("new.start")
    assert ui.view.route.startswith("/play/")
    for i, (birds, sets) in enumerate([(10, 1), (8, 2)]):
        ui.type(f"players[{i}].c1", str(birds))
        ui.type(f"players[{i}].c2", str(sets))
        ui.click("sheet.next_player")
    assert ui.control("sheet.total.0").content.controls[1].value == "12"
    ui.click("sheet.finish")
    assert ui.view.route.startswith("/result/")
    assert "Ann and Bo tied on 12; Ann wins with more Birds: 10 against 8" in ui.texts()
    play = next(services.repo.plays_newest_first())
    assert play["sheet"]["definition"]["id"] == game["id"]
    assert score_sheet(play["sheet"]).winners == ["Ann"]

    history = open_app("/history")
    assert "Wingspan" in history.texts()
    detail = open_app(f"/history/{play['id']}")
    assert "Ann and Bo tied on 12; Ann wins with more Birds: 10 against 8" in detail.texts()
    correction = open_app(f"/history/{play['id']}/edit")
    correction.click("sheet.next_player")
    correction.type("players[1].c1", "11")
    assert correction.control("sheet.total.1").content.controls[1].value == "15"
    stats = open_app("/stats")
    assert stats.exists(f"stats.game.{game['id']}")
    home = open_app("/")
    assert home.exists(f"home.game.{game['id']}") and home.exists("home.game.patchwork")


def test_errors_show_at_the_field_and_nothing_is_saved(open_app: Callable[..., Harness],
                                                       services: Services) -> None:
    ui = open_app("/custom/new")
    ui.type("custom.name", "Golf")
    ui.type("custom.category.0.name", "Strokes")
    ui.type("custom.max_players", "0")
    ui.click("custom.save")
    assert ui.control("custom.max_players").error
    assert DefinitionStore(services.repo).games() == []
    assert ui.view.route == "/custom/new"
    ui.type("custom.max_players", "abc")
    ui.click("custom.save")
    assert "whole number" in ui.control("custom.max_players").error


def test_copy_a_builtin_or_learn_why_not(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app("/custom/new", lang="ko")
    ui.choose("custom.copy_from", "for-sale")
    assert "이 게임은 복사할 수 없습니다" in ui.control("custom.copy_note").value
    ui.choose("custom.copy_from", "patchwork")
    assert ui.control("custom.name").value == "Patchwork (사본)"
    assert ui.control("custom.category.2.multiplier").value == "-2"
    ui.click("custom.save")
    saved = DefinitionStore(services.repo).games()[0]
    assert saved["names"]["en"] == "Patchwork (copy)" and saved["names"]["ko"] == "패치워크 (사본)"
    assert saved["names"]["ja"] == "パッチワーク (コピー)"  # named in every language the game's name is
    assert saved["tiebreaks"][0]["chosen"] == "First to the last space"


def test_editing_a_played_game_asks_to_keep_or_rescore(open_app: Callable[..., Harness],
                                                       services: Services) -> None:
    ui = open_app()
    define_wingspan(ui)
    ui.click("custom.save")
    store = DefinitionStore(services.repo)
    game = store.games()[0]
    sheet = {"game": game["id"], "definition": game, "players": [{"name": "Ann", "c1": 3, "c2": 1}]}
    result = score_sheet(sheet)
    services.repo.add_play({"game": game["id"], "sheet": sheet, "rules_version": 1, "result": result.to_json(),
                            "started_at": "2024-05-01T10:00:00+00:00", "finished_at": "2024-05-01T11:00:00+00:00"})
    edit = open_app(f"/custom/{game['id']}/edit")
    assert edit.view.route.endswith("/edit")
    edit.type("custom.category.1.multiplier", "3")
    edit.click("custom.save")
    assert edit.dialog() is not None
    edit.click("custom.rescore.apply")
    play = next(services.repo.plays_newest_first())
    assert play["sheet"]["definition"]["version"] == 2
    assert play["result"]["players"][0]["total"] == 6
    assert edit.view.route == f"/new/{game['id']}"


def test_what_was_typed_stays_when_leaving_the_editor(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    ui.click("home.define_game")
    ui.type("custom.name", "Flip 7")
    ui.type("custom.category.0.name", "Points")
    ui.page.route = "/"  # back home, as the back arrow does
    ui.fire(ui.page, "route_change", {"route": "/"})
    assert ui.view.route == "/"
    ui.click("home.define_game")
    assert ui.control("custom.name").value == "Flip 7"
    assert ui.control("custom.category.0.name").value == "Points"


def test_a_cooperative_game_is_won_or_lost_together(open_app: Callable[..., Harness],
                                                     services: Services) -> None:
    ui = open_app("/custom/new", lang="ko")
    ui.type("custom.name", "하나비")
    ui.type("custom.category.0.name", "불꽃")
    choose_radio(ui, "custom.win", "cooperative")
    assert "협력 게임: 모두 함께 이기거나 지므로 가릴 동점이 없습니다." in ui.texts()
    ui.click("custom.save")
    ui.type("new.player.0", "하나")
    ui.type("new.player.1", "Bo")
    ui.click("new.start")
    for i in range(2):
        ui.type(f"players[{i}].c1", "20")
        ui.click("sheet.next_player")
    ui.choose("outcome", "lost")
    ui.click("sheet.finish")
    assert "모두 함께 패배" in ui.texts()
    play = next(services.repo.plays_newest_first())
    assert play["result"]["winners"] == [] and play["result"]["ranking"] == [["하나", "Bo"]]


def test_a_game_of_fixed_rounds_lowest_total_wins(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app("/custom/new")
    ui.type("custom.name", "Golf")
    ui.type("custom.category.0.name", "Strokes")
    ui.choose("custom.scoring", "rounds")
    ui.type("custom.rounds", "2")
    choose_radio(ui, "custom.win", "lowest")
    ui.click("custom.save")
    ui.type("new.player.0", "Ann")
    ui.type("new.player.1", "Bo")
    ui.click("new.start")
    for r, (ann, bo) in enumerate([(4, 3), (5, 7)]):
        ui.click("sheet.add_round")
        ui.type(f"rounds[{r}].Ann", str(ann))
        ui.type(f"rounds[{r}].Bo", str(bo))
    assert not ui.exists("sheet.add_round"), "two rounds, as defined"
    ui.click("sheet.finish")
    assert "Ann wins!" in ui.texts()
    play = next(services.repo.plays_newest_first())
    assert [p["total"] for p in play["result"]["players"]] == [9, 10]


def test_a_game_is_named_in_the_languages_the_player_chooses(open_app: Callable[..., Harness],
                                                             services: Services) -> None:
    """Issue 25: the editor had an English and a Korean name field, whatever the table spoke."""
    ui = open_app("/custom/new", lang="fr")
    assert not ui.find_all("custom.name.ja") and not ui.find_all("custom.name.en")  # none until the player adds one
    ui.type("custom.name", "Azul")
    ui.type("custom.category.0.name", "Tuiles")
    ui.choose("custom.name.add", "ja")
    assert ui.control("custom.name.ja").label == "Nom (japonais, facultatif)"  # the language named in French
    ui.type("custom.name.ja", "アズール")
    ui.click("custom.save")
    game = DefinitionStore(services.repo).games()[0]
    assert {lang: name for lang, name in game["names"].items() if name} == {"ja": "アズール"}
    assert "アズール" in open_app("/", lang="ja").texts() and "Azul" in open_app("/", lang="de").texts()
