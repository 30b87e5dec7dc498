"""Issue 23: a game of one's own played in teams, in-process: defined in the editor, set up with its teams on the
new-game screen, scored by team on the sheet and the result, and kept with its teams in history and the BG Stats
export, as an imported team play is."""

from __future__ import annotations

import json
from collections.abc import Callable

from companion.app import Services
from companion.models.definition_form import DefinitionForm
from companion.store.bgstats import export_bgstats
from companion.store.definitions import DefinitionStore
from companion.store.play_record import record_of, teams_of, winning_teams
from scoring import score_sheet

from .harness import Harness
from .test_custom_game import choose_radio
from .test_live_screens import phone_of, share  # noqa: F401 (a fixture, used by its name)

SEATS = ("Ann", "Bo", "Cy", "Dee")


def define_relay(ui: Harness) -> str:
    """Define 'Relay' (one category, Points) played in teams; returns its id, on its new-game screen."""
    ui.type("custom.name", "Relay")
    ui.type("custom.max_players", "6")
    ui.type("custom.category.0.name", "Points")
    ui.toggle("custom.teams", True)
    ui.click("custom.save")
    return ui.view.route.removeprefix("/new/")


def seat_players(ui: Harness) -> None:
    """Ann and Dee play as Red, Bo and Cy as Blue."""
    for seat, name in enumerate(SEATS):
        if seat >= 2:
            ui.click("new.add_player")
        ui.type(f"new.player.{seat}", name)
    ui.type("new.team.0", "Red")
    ui.type("new.team.1", "Blue")
    ui.choose("new.team_of.2", "1")
    ui.choose("new.team_of.3", "0")


def test_define_a_team_game_play_it_and_find_its_teams_in_history_and_the_export(
        open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app("/custom/new")
    ui.type("custom.name", "Relay")
    ui.type("custom.category.0.name", "Points")
    ui.toggle("custom.teams", True)
    ui.click("custom.preview")
    texts = ui.texts()
    assert any(text.startswith("Played in teams: a team scores the sum of its players' totals") for text in texts)
    # the sample: Ana 6 and Chae 5 in Team 1, Bo 6 and Dev 7 in Team 2
    assert ui.control("custom.preview.winners").value == "Team 2 wins: Bo, Dev"
    assert ui.tagged("custom.preview.team.0").label == "Team 2 (Bo, Dev): 13"
    ui.click("custom.back_to_edit")
    game = define_relay(ui)
    assert DefinitionStore(services.repo).latest(game)["teams"] is True

    assert [ui.control(f"new.team.{i}").value for i in range(2)] == ["Team 1", "Team 2"]
    seat_players(ui)
    assert [ui.control(f"new.team_of.{seat}").label for seat in range(4)] == list(SEATS)
    ui.type("new.player.0", "Ann Lee")  # the team choice is named as typed, the keyboard staying up
    assert ui.control("new.team_of.0").label == "Ann Lee"
    ui.type("new.player.0", "Ann")
    ui.click("new.start")
    assert ui.view.route.startswith("/play/")
    draft = services.repo.drafts()[0]
    teams = {"Ann": "Red", "Bo": "Blue", "Cy": "Blue", "Dee": "Red"}
    assert draft["sheet"]["teams"] == teams and draft["record"]["teams"] == teams
    for seat, points in enumerate([10, 5, 7, 8]):
        ui.type(f"players[{seat}].c1", str(points))
        ui.click("sheet.next_player")
    assert ui.tagged("sheet.team.0").label == "Red (Ann, Dee): 18"
    assert ui.tagged("sheet.team.1").label == "Blue (Bo, Cy): 12"
    assert ui.control("sheet.status").value == "Leading: Red (Ann, Dee)"
    ui.click("sheet.finish")
    assert ui.view.route.startswith("/result/")
    assert ui.tagged("result.winner").label == "Red wins: Ann, Dee"
    assert ui.tagged("result.team.1").label == "Blue (Bo, Cy): 12"
    assert [ui.tagged(f"result.player.{name}").label for name in SEATS] == ["#1 Ann 10", "#2 Bo 5", "#2 Cy 7",
                                                                             "#1 Dee 8"]

    play = next(services.repo.plays_newest_first())
    assert play["result"]["winners"] == ["Ann", "Dee"]
    assert score_sheet(play["sheet"]).to_json() == play["result"]
    assert teams_of(play) == teams and winning_teams(play) == ["Red"]
    assert next(services.repo.summaries()).teams == (("Ann", "Dee"), ("Bo", "Cy"))  # rated as two teams
    detail = open_app(f"/history/{play['id']}")
    assert "Red wins: Ann, Dee" in detail.texts() and detail.tagged("result.team.1").label == "Blue (Bo, Cy): 12"
    assert not detail.exists("record.team.0")  # the result above shows the teams: the record does not again
    detail.click("record.edit")
    assert not detail.exists("record.field.team.0")  # the sheet's teams decide the result: not edited here
    detail.click("record.save")
    assert record_of(services.repo.play(play["id"]))["teams"] == teams
    (exported,) = json.loads(export_bgstats(services.repo))["plays"]
    assert exported["usesTeams"] is True
    assert [(seat["team"], seat["winner"]) for seat in exported["playerScores"]] == [
        ("Red", True), ("Blue", False), ("Blue", False), ("Red", True)]


def test_teams_are_refused_next_to_the_field_and_nothing_starts(open_app: Callable[..., Harness],
                                                                services: Services) -> None:
    ui = open_app("/custom/new", lang="ko")
    define_relay(ui)
    assert [ui.control(f"new.team.{i}").value for i in range(2)] == ["팀 1", "팀 2"]
    ui.type("new.player.0", "Ann")
    ui.type("new.player.1", "Bo")
    ui.choose("new.team_of.1", "0")  # both in one team: the other has nobody
    ui.click("new.start")
    assert ui.control("new.team.1").error.startswith("이 팀에 플레이어가 없습니다")
    ui.choose("new.team_of.1", "1")
    ui.type("new.team.1", " 팀 1 ")
    ui.click("new.start")
    assert ui.control("new.team.1").error == "팀 1 팀은 이미 있습니다"
    assert ui.control("new.team.0").error is None
    assert services.repo.drafts() == []
    ui.click("new.undo")  # the form as before the last choice: Bo in 팀 1 again, 팀 2 as it was named then
    assert ui.control("new.team_of.1").value == "0" and ui.control("new.team.1").value == "팀 2"


def test_a_third_team_takes_the_next_player_and_play_again_keeps_the_teams(open_app: Callable[..., Harness],
                                                                           services: Services) -> None:
    ui = open_app("/custom/new")
    game = define_relay(ui)
    seat_players(ui)
    ui.click("new.add_team")
    assert ui.control("new.team.2").value == "Team 3"
    ui.click("new.add_player")
    ui.type("new.player.4", "Eun")
    assert ui.control("new.team_of.4").value == "2", "a new player joins the team with the fewest players"
    ui.click("new.team.2.remove")
    assert ui.control("new.team_of.4").value in ("0", "1") and not ui.exists("new.team.2")
    ui.click("new.player.4.remove")
    ui.click("new.start")
    for seat in range(4):
        ui.type(f"players[{seat}].c1", "3")
        ui.click("sheet.next_player")
    ui.click("sheet.finish")
    assert ui.tagged("result.winner").label == "Shared win: Red (Ann, Dee); Blue (Bo, Cy)"
    play = next(services.repo.plays_newest_first())
    again = open_app(f"/new/{game}/again/{play['id']}")
    assert [again.control(f"new.team.{i}").value for i in range(2)] == ["Red", "Blue"]
    assert [again.control(f"new.team_of.{seat}").value for seat in range(4)] == ["0", "1", "1", "0"]


def test_the_switch_is_only_for_games_won_by_totals_and_stored_games_open_unchanged(
        open_app: Callable[..., Harness]) -> None:
    ui = open_app("/custom/new")
    ui.toggle("custom.teams", True)
    choose_radio(ui, "custom.win", "cooperative")
    assert not ui.exists("custom.teams")
    choose_radio(ui, "custom.win", "highest")
    assert ui.control("custom.teams").value is False
    stored = {"id": "custom-golf", "version": 3, "name": "Golf", "players": {"min": 1, "max": 4},
              "categories": [{"key": "c1", "name": "Strokes"}], "win": "lowest"}
    form = DefinitionForm.of(stored)
    assert form.teams is False and "teams" not in form.definition()


def test_a_phone_at_the_live_table_sees_the_teams_totals(open_app: Callable[..., Harness],
                                                         phone_of: Callable[..., Harness]) -> None:  # noqa: F811
    host = open_app("/custom/new")
    define_relay(host)
    seat_players(host)
    host.click("new.start")
    sheet_route = host.view.route
    phone = phone_of(host)
    phone.type("live.code", share(host))
    phone.click("live.join")
    host.run(host.page.push_route(sheet_route))
    for seat, points in enumerate([10, 5, 7, 8]):
        host.type(f"players[{seat}].c1", str(points))
        host.click("sheet.next_player")
    phone.eventually(lambda: phone.exists("live.team.0") and phone.tagged("live.team.0").label == "Red (Ann, Dee): 18")
    assert phone.tagged("live.team.1").label == "Blue (Bo, Cy): 12"
