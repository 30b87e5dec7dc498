"""A tidy Home, in-process: games hidden and shown again, the imported ones hidden at once, an imported game merged
into another (refused first, with the reason), a game of one's own deleted with or without its plays."""

from __future__ import annotations

import json
from collections.abc import Callable

import flet as ft

from companion.app import Services
from companion.store.bgstats import import_bgstats
from companion.store.definitions import DefinitionStore
from scoring import score_sheet

from .harness import Harness

AZUL = {"id": "custom-azul", "name": "Azul", "players": {"min": 2, "max": 4},
        "categories": [{"key": "points", "name": "Points", "max": 300}]}


def import_games(services: Services, games: list[str]) -> list[str]:
    """A BG Stats file with a play of each game (Mina 70, Joon 64); returns the custom games it defined."""
    file = {"players": [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon"}],
            "games": [{"id": i + 1, "name": name} for i, name in enumerate(games)], "locations": [],
            "plays": [{"uuid": f"p{i}", "gameRefId": i + 1, "playDate": f"2024-05-0{i + 1} 19:30:00",
                       "playerScores": [{"playerRefId": 1, "score": "70", "winner": True, "seatOrder": 1},
                                        {"playerRefId": 2, "score": "64", "winner": False, "seatOrder": 2}]}
                      for i in range(len(games))]}
    import_bgstats(services.repo, json.dumps(file).encode())
    return [d["id"] for d in DefinitionStore(services.repo).games() if d["id"].startswith("custom-bgs-")]


def long_press(ui: Harness, identifier: str) -> None:
    ui.fire(ui.control(identifier), "long_press")


def choose_radio(ui: Harness, identifier: str, value: str) -> None:
    group = ui.control(identifier)
    ui.patch(group, {"value": value})
    ui.fire(group, "change", value)


def test_a_game_hidden_from_home_comes_back_from_the_hidden_games(open_app: Callable[..., Harness],
                                                                  services: Services) -> None:
    ui = open_app()
    order = ui.find_all("home.game.")
    long_press(ui, "home.game.kahuna")
    ui.click("games.action.hide")
    assert not ui.exists("home.game.kahuna") and ui.find_all("home.game.") == [i for i in order if "kahuna" not in i]
    assert ui.snacks()[-1] == "Kahuna hidden from Home."
    assert ui.control("home.manage").content.value == "Hide or tidy games (1 hidden)"
    ui.fire(ui.page._dialogs.controls[-1].action, "click")  # Undo
    assert ui.find_all("home.game.") == order

    long_press(ui, "home.game.kahuna")
    ui.click("games.action.hide")
    ui.click("home.manage")
    assert ui.view.route == "/games" and ui.exists("games.game.kahuna")
    assert "Hidden games" in ui.texts()
    ui.click("games.show.kahuna")
    assert ui.snacks()[-1] == "Kahuna is on Home again." and "No hidden games." in ui.texts()
    assert open_app("/").find_all("home.game.") == order


def test_imported_games_are_hidden_at_once_and_one_is_merged_into_a_game_of_ones_own(
        open_app: Callable[..., Harness], services: Services) -> None:
    imported = import_games(services, ["Azul: Summer Pavilion", "Cascadia", "Golf", "Cascadia: Landmarks"])
    store = DefinitionStore(services.repo)
    store.save(AZUL)
    landmarks = imported.pop()
    store.file_as_expansions([landmarks])  # an expansion is no game to merge plays into
    ui = open_app("/games")
    ui.click("games.hide_imported")
    assert ui.snacks()[-1] == "3 imported games hidden."
    home = open_app("/")
    assert not any(home.exists(f"home.game.{game}") for game in imported) and home.exists("home.game.custom-azul")

    pavilion = next(g for g in imported if store.name_of(g).render("en").startswith("Azul"))
    ui.click(f"games.more.{pavilion}")
    ui.click("games.action.merge")
    assert any(text.startswith("Its play moves to the game you choose") for text in ui.texts())
    ui.click("games.merge.confirm")
    assert "Choose the game to merge it into." in ui.texts()
    targets = [option.key for option in ui.control("games.merge.target").options]
    assert "custom-azul" in targets and landmarks not in targets
    ui.choose("games.merge.target", "custom-azul")
    ui.click("games.merge.confirm")
    assert ui.dialog() is None
    assert ui.snacks()[-1] == "1 play of Azul: Summer Pavilion moved to Azul."
    [play] = [s for s in services.repo.summaries() if s.game == "custom-azul"]
    assert play.totals == {"Mina": 70, "Joon": 64} and store.latest(pavilion) is None
    assert not ui.exists(f"games.game.{pavilion}")


def test_a_merge_the_target_cannot_take_says_why_and_changes_nothing(open_app: Callable[..., Harness],
                                                                    services: Services) -> None:
    store = DefinitionStore(services.repo)
    store.save({**AZUL, "win": "lowest"})
    [golf] = import_games(services, ["Golf"])
    ui = open_app("/games")
    ui.click(f"games.more.{golf}")
    ui.click("games.action.merge")
    ui.choose("games.merge.target", "custom-azul")
    ui.click("games.merge.confirm")
    assert ("The two games are won differently, so the winners of the plays would change. Golf: Highest total wins. "
            "Azul: Lowest total wins.") in ui.texts()
    assert [s.game for s in services.repo.summaries()] == [golf]
    ui.click("games.merge.cancel")
    assert ui.dialog() is None


def test_deleting_a_game_of_ones_own_says_what_becomes_of_its_plays(open_app: Callable[..., Harness],
                                                                    services: Services) -> None:
    store = DefinitionStore(services.repo)
    azul = store.save(AZUL)
    sheet = {"game": "custom-azul", "definition": azul, "players": [{"name": "Mina", "points": 70},
                                                                    {"name": "Joon", "points": 64}]}
    services.repo.add_play({"game": "custom-azul", "sheet": sheet, "rules_version": 1,
                            "finished_at": "2024-05-01T20:00:00+00:00", "result": score_sheet(sheet).to_json()})
    ui = open_app()
    long_press(ui, "home.game.custom-azul")
    assert ui.exists("games.action.edit") and ui.exists("games.action.merge")
    ui.click("games.action.delete")
    assert "Azul leaves Home and the list of games, and cannot be played any more. This cannot be undone." in ui.texts()
    labels = [c.label for c in ui.walk(ui.dialog()) if isinstance(c, ft.Radio)]
    assert labels == ["Keep its play in the history and statistics, scored as it was played", "Delete its play too"]
    ui.click("games.delete.confirm")
    assert ui.snacks()[-1] == "Azul deleted; its play stays in the history."
    assert not ui.exists("home.game.custom-azul")
    assert "Azul" in open_app("/history").texts()

    store.save({**AZUL, "id": "custom-azul-2"})
    services.repo.add_play({"game": "custom-azul-2", "sheet": {**sheet, "game": "custom-azul-2",
                                                               "definition": store.latest("custom-azul-2")},
                            "rules_version": 1, "finished_at": "2024-05-02T20:00:00+00:00",
                            "result": {**score_sheet(sheet).to_json(), "game": "custom-azul-2"}})
    ui = open_app()
    long_press(ui, "home.game.custom-azul-2")
    ui.click("games.action.delete")
    choose_radio(ui, "games.delete.plays", "with")
    ui.click("games.delete.confirm")
    assert ui.snacks()[-1] == "Azul and its play deleted."
    assert [s.game for s in services.repo.summaries()] == ["custom-azul"]


def test_a_builtin_game_can_only_be_hidden(open_app: Callable[..., Harness]) -> None:
    ui = open_app("/games", lang="ko")
    ui.click("games.more.patchwork")
    assert ui.exists("games.action.hide") and not ui.exists("games.action.delete")
    assert "홈에서 숨기기" in ui.texts()
    ui.click("games.actions.close")
    assert ui.dialog() is None


def test_an_expansion_filed_by_an_import_can_be_shown_on_home_as_a_game_of_its_own(
        open_app: Callable[..., Harness], services: Services) -> None:
    [standalone] = import_games(services, ["Cascadia: Landmarks"])
    DefinitionStore(services.repo).file_as_expansions([standalone])
    assert not open_app("/").exists(f"home.game.{standalone}")
    ui = open_app("/games")
    assert ui.exists("games.expansions") and ui.exists(f"games.game.{standalone}")
    ui.click(f"games.show.{standalone}")
    assert ui.snacks()[-1] == "Cascadia: Landmarks is on Home again." and not ui.exists("games.expansions")
    assert open_app("/").exists(f"home.game.{standalone}")
