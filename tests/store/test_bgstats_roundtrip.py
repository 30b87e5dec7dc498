"""Issue 23: a BG Stats export imported and exported again loses nothing (uuids, ids, what the app does not
model, games never played, expansions, "me", seats in their order, whole names), what changed here goes out
changed, nobody is made start player; built-in games carry their BoardGameGeek facts; "Send to BG Stats" is the
link BG Stats documents for other apps."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from companion.store import bgstats, exchange
from companion.store.bgstats import export_bgstats, plan_import, run_import
from companion.store.repository import Repository
from scoring import all_specs

from .bgstats_sample import by_uuid, player_id, real, variant
from .conftest import kahuna, make_play

EXPANSION = "Root: The Underworld Expansion"


def enriched(content: dict[str, Any]) -> None:
    """What BG Stats writes that the app does not model, on the real export."""
    games = {g["name"]: g for g in content["games"]}
    root = content["plays"][13]
    root.update(board="Winter map", rating=8, usesTeams=True, scoresheet=json.dumps({"rows": [[1, 2], [3, 4]]}),
                expansionPlays=[{"gameRefId": games[EXPANSION]["id"], "bggId": games[EXPANSION]["bggId"]}])
    root["playerScores"][0].update(role="Marquise de Cat", team="Cats")
    next(p for p in content["players"] if p["name"] == "Kathy Dai")["bggUsername"] = "kathyd"
    content["tags"] = [{"uuid": "5f1c2a3e-1111-4a4a-9b9b-000000000001", "id": 1, "name": "campaign"}]
    content["groups"] = [{"uuid": "5f1c2a3e-1111-4a4a-9b9b-000000000002", "id": 1, "name": "Tuesday",
                          "players": [1, 2, 7]}]
    content["challenges"] = [{"uuid": "5f1c2a3e-1111-4a4a-9b9b-000000000003", "name": "10x10", "gameRefIds": [16]}]
    content["deletedObjects"] = [{"uuid": "5f1c2a3e-1111-4a4a-9b9b-000000000004", "type": "play"}]
    content["userInfo"]["meRefId"] = player_id(content, "Carrie Diamond")  # not who played most


def test_import_then_export_loses_nothing(repo: Repository) -> None:
    data = variant(enriched)
    run_import(repo, plan_import(repo, data))
    source, exported = json.loads(data), json.loads(export_bgstats(repo))
    for kind in ("players", "games", "locations", "plays"):
        assert by_uuid(exported[kind]) == by_uuid(source[kind]), kind
    for key in ("tags", "groups", "challenges", "deletedObjects", "userInfo"):
        assert exported[key] == source[key], key
    played = {p["gameRefId"] for p in source["plays"]}
    assert len([g for g in exported["games"] if g["id"] not in played]) == 13  # never played, expansions
    assert max(len(g["name"]) for g in exported["games"]) == 43  # "The Quacks of Quedlinburg: The Herb Witches"
    assert not any(s["startPlayer"] for p in exported["plays"] for s in p["playerScores"])
    assert len(plan_import(repo, export_bgstats(repo)).plays) == 0  # and it is known when it comes back


def test_what_changed_here_goes_out_changed_and_the_rest_as_it_came(repo: Repository) -> None:
    data = variant(enriched)
    run_import(repo, plan_import(repo, data))
    root = real()["plays"][13]
    play = next(p for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == root["uuid"])
    first = play["sheet"]["players"][0]["name"]
    repo.update_play(play["id"], lambda p: {**p, "record": {**p["record"], "note": "Rematch soon",
                                                            "location": "Vacay", "start_player": first}})
    repo.rename_player("Chris Lew", "Chris L.")
    exported = json.loads(export_bgstats(repo))
    out = by_uuid(exported["plays"])[root["uuid"]]
    before = by_uuid(json.loads(data)["plays"])[root["uuid"]]
    places = {loc["id"]: loc["name"] for loc in exported["locations"]}
    assert (out["comments"], places[out["locationRefId"]]) == ("Rematch soon", "Vacay")
    assert [s["startPlayer"] for s in out["playerScores"]] == [True] + [False] * (len(out["playerScores"]) - 1)
    assert {k: v for k, v in out.items() if k not in ("comments", "locationRefId", "playerScores")} == {
        k: v for k, v in before.items() if k not in ("comments", "locationRefId", "playerScores")}
    assert [{k: v for k, v in s.items() if k != "startPlayer"} for s in out["playerScores"]] == [
        {k: v for k, v in s.items() if k != "startPlayer"} for s in before["playerScores"]]
    chris = by_uuid(exported["players"])[next(p["uuid"] for p in real()["players"] if p["name"] == "Chris Lew")]
    assert (chris["name"], chris["id"]) == ("Chris L.", player_id(real(), "Chris Lew"))


def test_the_apps_own_plays_get_no_invented_start_player_and_keep_their_uuids(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    first, second = json.loads(export_bgstats(repo)), json.loads(export_bgstats(repo))
    assert not any(s["startPlayer"] for s in first["plays"][0]["playerScores"])
    assert [p["uuid"] for p in first["players"]] == [p["uuid"] for p in second["players"]]


def test_built_in_games_carry_their_boardgamegeek_facts(repo: Repository) -> None:
    for spec in all_specs():
        assert spec.bgg_year > 1900 and 0 < spec.play_time[0] <= spec.play_time[1], spec.id
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    (game,) = json.loads(export_bgstats(repo))["games"]
    assert {k: game[k] for k in ("bggId", "bggYear", "minPlayTime", "maxPlayTime", "minPlayerCount",
                                 "maxPlayerCount", "cooperative", "highestWins")} == {
        "bggId": 394, "bggYear": 1998, "minPlayTime": 30, "maxPlayTime": 40, "minPlayerCount": 2,
        "maxPlayerCount": 2, "cooperative": False, "highestWins": True}


def test_send_to_bgstats_is_the_link_bgstats_documents(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    (play,) = repo.plays_newest_first()
    url = bgstats.add_play_url(play)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    payload = json.loads(urllib.parse.unquote(url.split("data=", 1)[1]))
    assert set(payload) == {"sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments", "board",
                            "game", "players"}
    assert set(payload["game"]) == {"name", "bggId", "highestWins", "noPoints", "sourceGameId"}
    assert {key for p in payload["players"] for key in p} == {
        "name", "sourcePlayerId", "score", "winner", "rank", "startPlayer", "role"}


def test_a_backup_keeps_what_came_from_bgstats(repo: Repository, tmp_path: Path) -> None:
    run_import(repo, plan_import(repo, variant(enriched)))
    restored = Repository.open(tmp_path / "restored")
    exchange.import_backup(restored, exchange.export_backup(repo))
    assert export_bgstats(restored) == export_bgstats(repo)
    tampered = json.loads(exchange.export_backup(repo))
    tampered["bgstats"]["games"][next(iter(tampered["bgstats"]["games"]))]["object"] = "a box"
    with pytest.raises(exchange.BackupError) as refused:
        exchange.import_backup(Repository.open(tmp_path / "third"), json.dumps(tampered).encode())
    assert refused.value.params["path"].startswith("bgstats.games.")
