"""Issue 23: a play's page lists its teams with their players and says which team won, names the expansions,
and the play's details dialog sets each player's team and the expansions typed one a line."""

from __future__ import annotations

from collections.abc import Callable

from companion.app import Services
from companion.store.play_record import record_of
from scoring import score_sheet

from .conftest import example
from .harness import Harness


def add_play(services: Services, record: dict[str, object]) -> dict:
    sheet = example("captain-flip")
    return services.repo.add_play({"game": "captain-flip", "sheet": sheet, "rules_version": 1,
                                   "finished_at": "2026-11-02T20:00:00+00:00",
                                   "result": score_sheet(sheet).to_json(), "record": record})


def test_teams_and_expansions_are_shown_and_edited(open_app: Callable[..., Harness], services: Services) -> None:
    play = add_play(services, {"expansions": [{"name": "Plunder", "bgg_id": 12, "bgstats": "kept-uuid"}]})
    names = [p["name"] for p in play["result"]["players"]]
    winner = play["result"]["winners"][0]
    ui = open_app(f"/history/{play['id']}")
    assert ui.tagged("record.expansions").label == "Plunder"
    assert not ui.exists("record.team.0") and not ui.exists("record.team_won")
    ui.click("record.edit")
    for n, name in enumerate(names):
        ui.type(f"record.field.team.{n}", " Red  Sea " if name == winner else "Blue")
    ui.type("record.field.expansions", "Plunder\n\n  Treasure   Map \n")
    ui.click("record.save")
    stored = record_of(services.repo.play(play["id"]))
    assert stored["teams"] == {name: "Red Sea" if name == winner else "Blue" for name in names}
    assert stored["expansions"] == [{"name": "Plunder", "bgg_id": 12, "bgstats": "kept-uuid"},
                                    {"name": "Treasure Map"}]
    assert ui.tagged("record.team.0").label.startswith("Red Sea: " if names[0] == winner else "Blue: ")
    assert "Red Sea won" in ui.texts()
    assert ui.tagged("record.expansions").label == "Plunder, Treasure Map"


def test_a_team_name_the_rules_refuse_is_said_and_nothing_changes(open_app: Callable[..., Harness],
                                                                  services: Services) -> None:
    play = add_play(services, {"teams": {"Mina": "Red"}})
    ui = open_app(f"/history/{play['id']}")
    ui.click("record.edit")
    ui.type("record.field.team.0", "R" * 31)
    ui.type("record.field.expansions", "x" * 121)
    ui.click("record.save")
    assert "A team's name has at most 30 characters, with no invisible ones." in ui.texts()
    ui.type("record.field.team.0", "")
    ui.click("record.save")
    assert "At most 50 expansions, each name with at most 120 characters." in ui.texts()
    assert record_of(services.repo.play(play["id"])) == {"teams": {"Mina": "Red"}}
    ui.type("record.field.expansions", "")
    ui.click("record.save")
    assert "teams" not in record_of(services.repo.play(play["id"]))


def test_the_history_line_names_the_expansions_briefly(open_app: Callable[..., Harness],
                                                        services: Services) -> None:
    play = add_play(services, {"expansions": [{"name": "Plunder"}, {"name": "Treasure Map"}]})
    ui = open_app("/history")
    assert "With Plunder, Treasure Map" in ui.texts()
    services.repo.update_play(play["id"], lambda p: {**p, "record": {"expansions": [
        {"name": "Plunder"}, {"name": "Treasure Map"}, {"name": "Kraken"}]}})
    ui = open_app("/history")
    assert "With Plunder, Treasure Map…" in ui.texts() and "Kraken" not in " ".join(ui.texts())
