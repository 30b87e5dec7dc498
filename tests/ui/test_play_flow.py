"""Playing games through the screens, in-process: set up, enter, see live totals and errors, finish."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import pytest

from companion.app import Services
from scoring import score_sheet

from .conftest import EXAMPLES
from .harness import Harness

FOR_SALE_CHEQUES = {
    "Minji": [15, 13, 11, 9, 7, 4, 0], "Alex": [15, 14, 10, 8, 6, 3, 3],
    "Joon": [14, 12, 10, 9, 5, 5, 2], "Sam": [13, 12, 11, 8, 7, 6, 0],
}
FOR_SALE_COINS = {"Minji": 2, "Alex": 0, "Joon": 4, "Sam": 0}


def start_game(ui: Harness, game: str, names: list[str]) -> None:
    ui.click(f"home.game.{game}")
    while len(ui.find_all("new.player.")) // 4 < len(names):
        ui.click("new.add_player")
    for i, name in enumerate(names):
        ui.type(f"new.player.{i}", name)
    ui.click("new.start")


def enter_int(ui: Harness, path: str, value: int) -> None:
    ui.type(path, str(value))


def test_a_four_player_for_sale_game_from_home_to_result(open_app: Callable[..., Harness],
                                                         services: Services) -> None:
    ui = open_app()
    start_game(ui, "for-sale", list(FOR_SALE_CHEQUES))
    assert ui.view.route.startswith("/play/")
    for i, name in enumerate(FOR_SALE_CHEQUES):
        assert f"Entering for {name}" in ui.texts()
        for value in FOR_SALE_CHEQUES[name]:
            ui.type(f"players[{i}].cheques.new", str(value))
            ui.submit(f"players[{i}].cheques.new")
        enter_int(ui, f"players[{i}].coins_left", FOR_SALE_COINS[name])
        ui.click("sheet.next_player")
    assert ui.control("sheet.total.0").content.controls[1].value == "61"
    assert not ui.control("sheet.finish").disabled
    ui.click("sheet.finish")
    assert ui.view.route.startswith("/result/")
    assert "Joon wins!" in ui.texts()
    assert "Minji and Joon tied on 61; Joon wins with more coins left: 4 against 2" in ui.texts()
    play = next(services.repo.plays_newest_first())
    assert services.repo.drafts() == []
    assert score_sheet(play["sheet"]).winners == ["Joon"]


def test_result_offers_the_sheet_as_json_in_the_cli_format(open_app: Callable[..., Harness],
                                                           services: Services) -> None:
    example = json.loads(EXAMPLES.joinpath("kahuna.json").read_text(encoding="utf-8"))
    play = services.repo.add_play({"game": "kahuna", "sheet": example, "rules_version": 1})
    ui = open_app(f"/result/{play['id']}")
    copy_button = ui.control("result.copy_json")
    assert json.loads(copy_button.action.data) == example
    url = ui.control("result.download_json").action.url
    download = services.downloads.take(url.rsplit("/", 1)[1], None)
    assert download is not None and json.loads(download.payload) == example


def test_an_invalid_entry_is_shown_next_to_the_field_and_saved_all_the_same(open_app: Callable[..., Harness],
                                                                         services: Services) -> None:
    ui = open_app()
    start_game(ui, "for-sale", ["A", "B", "C"])
    ui.type("players[0].coins_left", "12")
    assert services.repo.drafts()[0]["sheet"]["players"][0]["coins_left"] == 12
    ui.type("players[0].coins_left", "19")
    assert "19 coins left, but players start with 18" in ui.texts()
    assert services.repo.drafts()[0]["sheet"]["players"][0]["coins_left"] == 19  # kept, as typed
    assert ui.control("sheet.finish").disabled
    again = open_app(ui.view.route)
    assert again.control("players[0].coins_left").value == "19"
    assert "19 coins left, but players start with 18" in again.texts()


def test_undo_steps_back_through_saved_entries(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app()
    start_game(ui, "patchwork", ["A", "B"])
    ui.type("players[0].buttons", "10")
    ui.submit("players[0].buttons")
    ui.type("players[0].buttons", "14")
    assert services.repo.drafts()[0]["sheet"]["players"][0]["buttons"] == 14
    ui.click("sheet.undo")
    assert services.repo.drafts()[0]["sheet"]["players"][0]["buttons"] == 10
    assert ui.control("players[0].buttons").value == "10"


def test_a_game_in_progress_can_be_continued_from_home(open_app: Callable[..., Harness],
                                                       services: Services) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    draft_id = services.repo.drafts()[0]["id"]
    again = open_app("/")
    again.click(f"home.continue.{draft_id}")
    assert again.view.route == f"/play/{draft_id}"


def test_kahuna_rounds_are_added_and_scored_live(open_app: Callable[..., Harness]) -> None:
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    for r, islands in enumerate(((5, 3), (4, 6), (7, 2))):
        ui.click("sheet.add_round")
        enter_int(ui, f"rounds[{r}].Ana", islands[0])
        enter_int(ui, f"rounds[{r}].Bo", islands[1])
    assert ui.control("sheet.total.0").content.controls[1].value == "6"  # 1 + 0 + 5
    assert ui.texts().count("Islands each player controls") == 3  # the fields are named by player: not points
    assert ui.control("sheet.total.1").content.controls[1].value == "2"
    assert not ui.exists("sheet.add_round")
    ui.click("sheet.finish")
    assert "Ana wins!" in ui.texts()


def test_setting_up_players_seats_and_options(open_app: Callable[..., Harness], services: Services) -> None:
    services.repo.remember_players(["Hana"])
    ui = open_app("/new/trails-of-tucana")
    ui.click("new.known.Hana")
    assert ui.control("new.player.0").value == "Hana"
    ui.click("new.add_player")
    ui.type("new.player.1", "Gyu")
    ui.click("new.player.1.up")
    assert [ui.control(f"new.player.{i}").value for i in range(2)] == ["Gyu", "Hana"]
    ui.choose("new.option.island", "grande")
    ui.click("new.start")
    sheet = services.repo.drafts()[0]["sheet"]
    assert sheet["options"]["island"] == "grande"
    assert [p["name"] for p in sheet["players"]] == ["Gyu", "Hana"]


def test_new_game_refuses_empty_and_duplicate_names(open_app: Callable[..., Harness],
                                                    services: Services) -> None:
    ui = open_app("/new/patchwork")
    ui.type("new.player.0", "Ana")
    ui.type("new.player.1", "ana")
    ui.click("new.start")
    assert ui.control("new.player.1").error == "ana is already playing"
    assert services.repo.drafts() == []


def test_korean_everywhere(open_app: Callable[..., Harness]) -> None:
    ui = open_app(lang="ko")
    assert "테이블 컴패니언" in ui.texts()
    start_game(ui, "for-sale", ["민지", "준", "알렉스"])
    assert "민지 님 점수 입력" in ui.texts()
    ui.type("players[0].coins_left", "19")
    assert "남은 코인 19개: 시작 코인은 18개입니다" in ui.texts()


def test_language_and_theme_are_switched_in_settings(open_app: Callable[..., Harness]) -> None:
    ui = open_app("/settings")
    ui.choose("settings.language", "ko")
    assert "설정" in ui.texts()
    assert ui.conn.prefs["table_companion.language"] == "ko"
    ui.choose("settings.theme", "dark")
    assert ui.page.theme_mode.value == "dark"


def test_new_game_changes_can_be_undone(open_app: Callable[..., Harness]) -> None:
    ui = open_app("/new/for-sale")
    for i, name in enumerate(["A", "B", "C"]):
        ui.type(f"new.player.{i}", name)
    ui.click("new.player.2.up")
    ui.click("new.add_player")
    assert [ui.control(f"new.player.{i}").value for i in range(4)] == ["A", "C", "B", ""]
    ui.click("new.undo")
    ui.click("new.undo")
    assert len(ui.find_all("new.player.")) == 12  # three rows of name, up, down, remove
    assert [ui.control(f"new.player.{i}").value for i in range(3)] == ["A", "B", "C"]
    assert ui.control("new.undo").disabled


@pytest.mark.parametrize("game", [p.stem for p in sorted(EXAMPLES.glob("*.json"))])
def test_every_games_result_screen_agrees_with_the_scoring_cli(game: str, open_app: Callable[..., Harness],
                                                               services: Services) -> None:
    sheet = json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))
    cli = subprocess.run([sys.executable, "-m", "scoring", "score", "-"], input=json.dumps(sheet), text=True,
                         capture_output=True, check=True)
    expected = json.loads(cli.stdout)
    play = services.repo.add_play({"game": game, "sheet": sheet, "rules_version": 1})
    ui = open_app(f"/result/{play['id']}")
    for player in expected["players"]:
        row = ui.tagged(f"result.player.{player['name']}")
        assert row.label.endswith(f" {player['name']} {player['total']}")
    headline = ui.control("result.winner").value
    assert all(name in headline for name in expected["winners"])
    shown = [ui.control(f"result.tiebreak.{i}").value for i in range(len(expected["tiebreaks"]))]
    assert shown == [t["detail"] for t in expected["tiebreaks"]]


def test_the_usual_players_come_first_among_the_known_ones(open_app: Callable[..., Harness],
                                                          services: Services) -> None:
    """Issue 26: 20 names imported from BG Stats were offered alphabetically, so the usual group came last."""
    services.repo.remember_players([f"Aaron {n:02d}" for n in range(20)] + ["Joon", "Mina"])
    sheet = json.loads((EXAMPLES / "kahuna.json").read_text(encoding="utf-8"))  # Mina and Joon
    result = score_sheet(sheet).to_json()
    for day in (1, 2, 3):
        services.repo.add_play({"game": "kahuna", "sheet": sheet, "rules_version": 1,
                                "finished_at": f"2026-10-0{day}T20:00:00+00:00", "result": result})
    ui = open_app("/new/for-sale")  # the usual group of any game
    chips = [name.removeprefix("new.known.") for name in ui.find_all("new.known.")]
    assert chips[:3] == ["Joon", "Mina", "Aaron 00"]  # at the most recent tables, then by name
