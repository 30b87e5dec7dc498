"""Statistics and history as a player reads them: who holds a record, games without points."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.app import Services
from companion.store import bgstats
from scoring import score_sheet

from .conftest import example
from .harness import Harness

PLAYERS = [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon"}, {"id": 3, "name": "Sora"}]


def add_play(services: Services, game: str) -> dict[str, Any]:
    sheet = example(game)
    return services.repo.add_play({"game": game, "sheet": sheet, "rules_version": 1,
                                   "finished_at": "2026-11-01T20:00:00+00:00", "result": score_sheet(sheet).to_json()})


def import_bgstats(services: Services, games: list[dict[str, Any]], plays: list[dict[str, Any]]) -> None:
    bgstats.import_bgstats(services.repo, json.dumps({"players": PLAYERS, "games": games, "locations": [],
                                                      "plays": plays}).encode())


def bgstats_play(uuid: str, game: int, day: int, scores: list[dict[str, Any]]) -> dict[str, Any]:
    return {"uuid": uuid, "gameRefId": game, "playDate": f"2024-05-{day:02d} 19:30:00", "durationMin": 30,
            "playerScores": [{"playerRefId": i + 1, "seatOrder": i + 1, **s} for i, s in enumerate(scores)]}


def test_games_without_points_show_who_won_and_no_zeros(open_app: Callable[..., Harness],
                                                        services: Services) -> None:
    """Issue 26: imported co-operative and winner-only games listed everyone with 0, and 'best 0 · average 0'."""
    import_bgstats(services, [{"id": 1, "name": "The Crew", "cooperative": True},
                              {"id": 2, "name": "Avalon", "noPoints": True}],
                   [bgstats_play("crew", 1, 1, [{"winner": True}, {"winner": True}]),
                    bgstats_play("avalon", 2, 2, [{"winner": False}, {"winner": True}, {"winner": True}])])
    crew, avalon = sorted(services.repo.summaries(), key=lambda s: s.finished_at)
    ui = open_app("/history")
    assert ui.tagged(f"history.play.{avalon.id}").content.content.subtitle.controls[0].value.endswith(
        "★ Joon · ★ Sora · Mina")
    assert not any(text.endswith(" 0") or " 0 · " in text for text in ui.texts())
    detail = open_app(f"/history/{crew.id}")
    assert detail.tagged("result.player.Mina").label == "#1 = Mina" and "0" not in detail.texts()
    stats = open_app(f"/stats/game/{crew.game}")
    assert stats.control("stats.game_facts").value == "1 play"
    assert stats.control("stats.game_player.Mina").subtitle.value == "1 play · won 1"
    overview = open_app("/stats")
    assert overview.control(f"stats.game.{avalon.game}").subtitle.value == "1 play"
    player = open_app("/stats/player/Joon")
    assert [line.subtitle.value for line in (player.control(f"stats.line.{g}") for g in (crew.game, avalon.game))] == [
        "1 play · won 1", "1 play · won 1"]


def test_a_scored_import_keeps_its_points(open_app: Callable[..., Harness], services: Services) -> None:
    import_bgstats(services, [{"id": 1, "name": "Azul"}],
                   [bgstats_play("azul", 1, 1, [{"score": "61", "winner": True}, {"score": "48"}])])
    [azul] = services.repo.summaries()
    ui = open_app("/history")
    assert ui.tagged(f"history.play.{azul.id}").content.content.subtitle.controls[0].value.endswith(
        "★ Mina 61 · Joon 48")


def test_the_best_score_names_who_won_its_tie(open_app: Callable[..., Harness], services: Services) -> None:
    """Issue 26: a top score tied in a play named the first seat, who lost the tiebreak (Carnage: Mina and Sora on
    13, Sora ahead by the tiebreak)."""
    add_play(services, "carnage")
    ui = open_app("/stats/game/carnage")
    assert ui.control("stats.game_facts").value.startswith("1 play\nbest 13 (Sora)")


def test_a_shared_best_score_names_everyone_who_shared_it(open_app: Callable[..., Harness],
                                                          services: Services) -> None:
    import_bgstats(services, [{"id": 1, "name": "Azul"}],
                   [bgstats_play("azul", 1, 1, [{"score": "5"}, {"score": "10", "winner": True},
                                                {"score": "10", "winner": True}])])
    [azul] = services.repo.summaries()
    ui = open_app(f"/stats/game/{azul.game}")
    assert ui.control("stats.game_facts").value.startswith("1 play\nbest 10 (Joon, Sora)")


def test_the_wins_chart_writes_each_name_in_full_on_its_own_line(open_app: Callable[..., Harness],
                                                                 services: Services) -> None:
    """Issue 26: at 412 px the names under the bars were cut and ran together ("Chris LeLeAnna N")."""
    names = ["Chris Lee", "Leanne Nakamura", "Anna Nowak-Kowalska", "Jae-won Park"]
    for first, second in (names[:2], names[2:], names[1:3]):
        play = json.loads(json.dumps(example("kahuna")).replace("Mina", first).replace("Joon", second))
        services.repo.add_play({"game": "kahuna", "sheet": play, "rules_version": 1,
                                "finished_at": "2026-11-01T20:00:00+00:00", "result": score_sheet(play).to_json()})
    services.repo.remember_players(names)
    ui = open_app("/stats")
    for name in names:
        row = ui.control(f"stats.wins.{name}")
        label = row.controls[0]
        assert label.value == name and not label.no_wrap and label.max_lines is None
    wins = {name: int(ui.tagged(f"stats.wins.{name}").label.rsplit(": ", 1)[1]) for name in names}
    assert sum(wins.values()) == 3


def back(ui: Harness) -> None:
    """The app bar's back arrow (Flet pops the view, the app shows the screen under it)."""
    ui.run(ui.session.dispatch_event(ui.page._i, "view_pop", {"route": ui.view.route}))


def test_back_from_a_rivals_page_returns_to_the_player(open_app: Callable[..., Harness], services: Services) -> None:
    """Issue 26: Back from a rival's page went to the list of players, not to the player whose rival it was."""
    add_play(services, "carnage")
    services.repo.remember_players(["Mina", "Joon", "Sora", "Tae"])
    ui = open_app("/stats")
    ui.click("stats.player.Mina")
    ui.click("stats.rival.Joon")
    assert ui.view.route == "/stats/player/Mina/player/Joon" and ui.view.appbar.title.value == "Joon"
    ui.click("stats.rival.Mina")  # back and forth between two rivals does not pile up screens
    assert ui.view.route == "/stats/player/Mina" and len(ui.page.views) == 2
    ui.click("stats.rival.Sora")
    back(ui)
    assert ui.view.route == "/stats/player/Mina" and ui.view.appbar.title.value == "Mina"
    back(ui)
    assert ui.view.route == "/stats"


def test_back_from_a_player_opened_from_a_game_returns_to_the_game(open_app: Callable[..., Harness],
                                                                   services: Services) -> None:
    add_play(services, "carnage")
    services.repo.remember_players(["Mina", "Joon", "Sora", "Tae"])
    ui = open_app("/stats")
    ui.click("stats.game.carnage")
    ui.click("stats.game_player.Sora")
    assert [v.route for v in ui.page.views] == ["/stats", "/stats/game/carnage", "/stats/game/carnage/player/Sora"]
    back(ui)
    assert ui.view.route == "/stats/game/carnage"
    assert open_app("/stats/game/carnage/player/Nobody").view.route == "/"  # not a player here: not found
