"""Issue 23: a play's record holds teams (team per player) and the expansions used; BG Stats files bring them in
and get them back as BG Stats writes them (edited here: as edited), and backups check and keep them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.store import exchange
from companion.store.bgstats import export_bgstats, plan_import, run_import
from companion.store.play_record import team_members, teams_of, typed_expansions, winning_teams
from companion.store.repository import Repository

from .bgstats_sample import by_uuid, variant
from .conftest import kahuna, make_play

EXPANSION = "Root: The Underworld Expansion"
TEAM_PLAY = "cb5db4db-7dc0-42d2-b0ca-3919997803f2"  # the real export's team game: teams "0" and "1"


def with_expansion(content: dict[str, Any]) -> None:
    games = {g["name"]: g for g in content["games"]}
    content["plays"][13]["expansionPlays"] = [{"gameRefId": games[EXPANSION]["id"],
                                               "bggId": games[EXPANSION]["bggId"]}]


def imported(repo: Repository, uuid: str) -> dict[str, Any]:
    return next(p for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == uuid)


def test_bgstats_teams_and_expansions_come_in_with_their_ids(repo: Repository) -> None:
    data = variant(with_expansion)
    run_import(repo, plan_import(repo, data))
    source = json.loads(data)
    team_play = imported(repo, TEAM_PLAY)
    winners = team_play["result"]["winners"]
    assert set(team_members(team_play)) == {"0", "1"} and len(teams_of(team_play)) == 8
    assert winning_teams(team_play) == ["1"] and all(teams_of(team_play)[n] == "1" for n in winners)
    root = imported(repo, source["plays"][13]["uuid"])
    game = next(g for g in source["games"] if g["name"] == EXPANSION)
    assert root["record"]["expansions"] == [{"name": EXPANSION, "bgg_id": game["bggId"], "bgstats": game["uuid"]}]
    assert "teams" not in root["record"]  # BG Stats says it uses no teams


def test_teams_and_expansions_edited_here_go_out_as_bgstats_writes_them(repo: Repository) -> None:
    data = variant(with_expansion)
    run_import(repo, plan_import(repo, data))
    source = json.loads(data)
    root_uuid = source["plays"][13]["uuid"]
    assert by_uuid(json.loads(export_bgstats(repo))["plays"])[root_uuid] == by_uuid(source["plays"])[root_uuid]
    root = imported(repo, root_uuid)
    names = [p["name"] for p in root["result"]["players"]]
    teams = {name: "Woodland" if n % 2 else "Cats" for n, name in enumerate(names)}
    expansions = typed_expansions(f"{EXPANSION}\n  Homeland   Expansion \n\n", root["record"]["expansions"])
    repo.update_play(root["id"], lambda p: {**p, "record": {**p["record"], "teams": teams, "expansions": expansions}})
    exported = json.loads(export_bgstats(repo))
    out = by_uuid(exported["plays"])[root_uuid]
    games = {g["id"]: g for g in exported["games"]}
    assert out["usesTeams"] is True
    assert [s["team"] for s in out["playerScores"]] == [teams[n] for n in names]
    written = [games[e["gameRefId"]] for e in out["expansionPlays"]]
    assert [(g["name"], g["isExpansion"], g["isBaseGame"]) for g in written] == [
        (EXPANSION, 1, 0), ("Homeland Expansion", 1, 0)]
    assert out["expansionPlays"][0]["bggId"] == written[0]["bggId"] > 0
    team_play = imported(repo, TEAM_PLAY)
    repo.update_play(team_play["id"], lambda p: {**p, "record": {k: v for k, v in p["record"].items()
                                                                 if k != "teams"}})
    cleared = by_uuid(json.loads(export_bgstats(repo))["plays"])[TEAM_PLAY]
    assert cleared["usesTeams"] is False and not any("team" in s for s in cleared["playerScores"])


def test_the_apps_own_play_exports_its_teams_and_expansions(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1]),
                            record={"teams": {"Mina": "Red", "Joon": "Blue"},
                                    "expansions": [{"name": "Kahuna: Gods"}]}))
    exported = json.loads(export_bgstats(repo))
    (play,) = exported["plays"]
    assert play["usesTeams"] is True and [s["team"] for s in play["playerScores"]] == ["Red", "Blue"]
    (expansion,) = [g for g in exported["games"] if g["id"] == play["expansionPlays"][0]["gameRefId"]]
    assert (expansion["name"], expansion["isExpansion"]) == ("Kahuna: Gods", 1)
    (stored,) = repo.plays_newest_first()
    assert winning_teams(stored) == ["Red"]


def test_a_rename_keeps_the_players_team(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1]),
                            record={"teams": {"Mina": "Red", "Joon": "Blue"}}))
    repo.remember_players(["Mina", "Joon"])
    repo.rename_player("Mina", "Mina K.")
    (play,) = repo.plays_newest_first()
    assert teams_of(play) == {"Mina K.": "Red", "Joon": "Blue"}


def test_a_rename_keeps_the_players_team_in_a_team_game_in_progress(repo: Repository) -> None:
    """A team game of one's own holds its teams in its sheet (the engine scores them) and its record: both follow."""
    definition = {"id": "custom-relay", "name": "Relay", "players": {"min": 2, "max": 4}, "teams": True,
                  "categories": [{"key": "points", "name": "Points"}]}
    teams = {"Mina": "Red", "Joon": "Blue"}
    draft = repo.new_draft({"game": "custom-relay", "record": {"teams": teams}, "sheet": {
        "game": "custom-relay", "definition": definition, "players": [{"name": "Mina"}, {"name": "Joon"}],
        "teams": teams}})
    repo.remember_players(["Mina", "Joon"])
    repo.rename_player("Mina", "Mina K.")
    stored = repo.draft(draft["id"])
    assert stored["sheet"]["teams"] == stored["record"]["teams"] == {"Mina K.": "Red", "Joon": "Blue"}


@pytest.mark.parametrize(("record", "fault"), [
    ({"teams": {"Mina": " Red"}}, "record.teams"),
    ({"teams": {"Mina": "R" * 31}}, "record.teams"),
    ({"teams": ["Red"]}, "record.teams"),
    ({"expansions": [{"name": "Gods", "bgg_id": "12"}]}, "record.expansions[0]"),
    ({"expansions": [{"name": ""}]}, "record.expansions[0]"),
    ({"expansions": [{"name": "Gods"}] * 51}, "record.expansions"),
])
def test_a_backup_keeps_teams_and_expansions_and_refuses_what_the_app_never_stores(
        repo: Repository, tmp_path: Path, record: dict[str, Any], fault: str) -> None:
    good = {"teams": {"Mina": "Red", "Joon": "Blue"}, "expansions": [{"name": "Kahuna: Gods", "bgg_id": 7}]}
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1]), record=good))
    restored = Repository.open(tmp_path / "restored")
    exchange.import_backup(restored, exchange.export_backup(repo))
    assert next(restored.plays_newest_first())["record"] == good
    tampered = json.loads(exchange.export_backup(repo))
    (play,) = tampered["plays"]
    play["record"] = record
    with pytest.raises(exchange.BackupError) as refused:
        exchange.import_backup(Repository.open(tmp_path / "third"), json.dumps(tampered).encode())
    assert refused.value.params["path"].endswith(fault)
