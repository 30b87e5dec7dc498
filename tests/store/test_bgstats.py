"""BG Stats: an export shaped like a real one (checked field by field against a real export), its import
(idempotent, refusing bad files without touching the data), the push-a-play link; the CSV's record columns."""

from __future__ import annotations

import json
import urllib.parse
import uuid
from pathlib import Path
from typing import Any

import pytest

from companion.store import bgstats, bgstats_read, exchange, stats
from companion.store.bgstats import BGStatsError, add_play_url, export_bgstats, manual_winner, plan_import, run_import
from companion.store.repository import Repository

from .conftest import example, kahuna, make_play

SAMPLE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "bgstats" / "sample-BGStatsExport.json"
TOP_LEVEL = {"players", "locations", "games", "plays", "tags", "groups", "challenges", "deletedObjects", "userInfo"}
# keys a real export leaves out where they have no value (a play without a place, without comments)
OPTIONAL = {"plays": {"locationRefId", "comments"}, "players": {"bggUsername"}, "playerScores": {"team", "role"}}


@pytest.fixture
def sample() -> dict[str, Any]:
    if not SAMPLE.is_file():
        pytest.skip(f"the real BG Stats export is not at {SAMPLE}")
    return json.loads(SAMPLE.read_bytes())


@pytest.fixture
def source(tmp_path: Path) -> Repository:
    repo = Repository.open(tmp_path / "source")
    repo.remember_players(["Mina", "Joon", "Sora"])
    repo.add_play(make_play("kahuna", "2024-03-01T12:40:00+00:00", kahuna([5, 5, 5], [1, 1, 1]), record={
        "timer": {"started_at": "2024-03-01T12:00:00+00:00", "running_since": "2024-03-01T12:10:00+00:00",
                  "elapsed_s": 300},
        "location": "Café Meeple", "note": "Close one", "start_player": "Joon"}))
    repo.add_play(make_play("captain-flip", "2024-03-02T12:00:00+00:00", record={"location": "Home"}))
    repo.add_play(make_play("kahuna", "2024-03-03T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    return repo


def shape(objects: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Every key of these objects and the JSON types its values take."""
    out: dict[str, set[str]] = {}
    for obj in objects:
        for key, value in obj.items():
            out.setdefault(key, set()).add(type(value).__name__)
    return out


def kinds(export: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return {"players": export["players"], "locations": export["locations"], "games": export["games"],
            "plays": export["plays"], "playerScores": [s for p in export["plays"] for s in p["playerScores"]],
            "userInfo": [export["userInfo"]]}


def test_the_export_has_the_keys_and_types_of_a_real_export(source: Repository, sample: dict[str, Any]) -> None:
    ours = json.loads(export_bgstats(source))
    assert set(ours) == TOP_LEVEL
    assert set(sample) <= TOP_LEVEL
    for kind, objects in kinds(ours).items():
        real = shape(kinds(sample)[kind])
        mine = shape(objects)
        optional = OPTIONAL.get(kind, set())
        assert set(real) - optional <= set(mine), f"{kind} lacks {set(real) - optional - set(mine)}"
        assert set(mine) <= set(real) | optional, f"{kind} has keys a real export does not: {set(mine) - set(real)}"
        for key, types in mine.items():
            if key in real:
                allowed = real[key] | ({"NoneType"} if key == "score" else set())
                assert types <= allowed, f"{kind}.{key}: {types} where a real export has {real[key]}"
        for obj in objects:  # present in every object of ours that the real export has in every object
            assert {k for k in real if all(k in o for o in kinds(sample)[kind])} - optional <= set(obj)


def test_uuids_are_rfc4122_and_the_same_in_every_export(source: Repository) -> None:
    first, second = json.loads(export_bgstats(source)), json.loads(export_bgstats(source))
    for kind in ("players", "locations", "games", "plays"):
        for obj in first[kind]:
            parsed = uuid.UUID(obj["uuid"])
            assert str(parsed) == obj["uuid"] and parsed.variant == uuid.RFC_4122
        assert [o["uuid"] for o in first[kind]] == [o["uuid"] for o in second[kind]]


def test_plays_carry_the_record(source: Repository, utc: None) -> None:
    data = json.loads(export_bgstats(source))
    first = data["plays"][0]
    assert (first["playDate"], first["entryDate"], first["durationMin"]) == (
        "2024-03-01 12:00:00", "2024-03-01 12:40:00", 35)  # 5 minutes, then 30 more until the finish
    assert data["locations"][first["locationRefId"] - 1]["name"] == "Café Meeple"
    assert first["comments"] == "Close one"
    players = {p["id"]: p["name"] for p in data["players"]}
    scores = {players[s["playerRefId"]]: s for s in first["playerScores"]}
    assert scores["Mina"] == {"score": "7", "winner": True, "newPlayer": True, "startPlayer": False,
                              "playerRefId": scores["Mina"]["playerRefId"], "rank": 1, "seatOrder": 1}
    assert scores["Joon"]["startPlayer"] and scores["Joon"]["rank"] == 2
    third = data["plays"][2]
    assert not any(s["newPlayer"] for s in third["playerScores"])  # they played Kahuna before
    assert "locationRefId" not in third and "comments" not in third and third["durationMin"] == 0
    assert [g["bggId"] for g in data["games"]] == [394, 401953]
    assert data["players"][data["userInfo"]["meRefId"] - 1]["name"] in {"Mina", "Joon"}


def test_an_eliminated_leader_makes_a_manual_winner(source: Repository) -> None:
    flip = json.loads(export_bgstats(source))["plays"][1]
    assert flip["manualWinner"] is True  # Sora has the most coins but a third gunner
    assert manual_winner({"players": [{"name": "A", "total": 5}, {"name": "B", "total": 5}], "winners": ["A"]})
    assert not manual_winner({"players": [{"name": "A", "total": 5}, {"name": "B", "total": 5}],
                              "winners": ["A", "B"]})


def test_the_export_round_trips_through_the_import(source: Repository, tmp_path: Path) -> None:
    data = export_bgstats(source)
    target = Repository.open(tmp_path / "target")
    plan = plan_import(target, data)
    assert (len(plan.plays), plan.skipped) == (3, [])
    assert run_import(target, plan).plays_added == 3
    before = sorted(source.summaries(), key=lambda s: s.finished_at)
    after = sorted(target.summaries(), key=lambda s: s.finished_at)
    assert [(s.game, s.players, s.totals, s.winners, s.ranking) for s in after] == [
        (s.game, s.players, s.totals, s.winners, s.ranking) for s in before]
    imported = sorted(target.plays_newest_first(), key=lambda p: p["finished_at"])
    assert imported[0]["imported"] and imported[0]["record"]["location"] == "Café Meeple"
    assert imported[0]["record"]["duration_min"] == 35 and imported[0]["record"]["start_player"] == "Joon"
    assert json.loads(export_bgstats(target))["plays"][0]["uuid"] == json.loads(data)["plays"][0]["uuid"]
    # imported again, or into the history it came from: nothing new
    assert [s.reason for s in plan_import(target, data).skipped] == ["already"] * 3
    assert plan_import(source, data).plays == []


def test_imported_plays_count_in_statistics(source: Repository, tmp_path: Path) -> None:
    target = Repository.open(tmp_path / "target")
    bgstats.import_bgstats(target, export_bgstats(source))
    assert stats.player_stats(target, "Mina") == stats.player_stats(source, "Mina")


def test_the_sample_export_imports_every_play_or_says_why(sample: dict[str, Any], repo: Repository) -> None:
    data = SAMPLE.read_bytes()
    plan = plan_import(repo, data)
    assert plan.total_plays == len(sample["plays"]) == 79
    assert plan.matched == {"Ticket to Ride: Europe": "ticket-to-ride-europe"}  # by its bggId (it has no plays)
    assert (plan.first_day, plan.last_day) == ("2020-12-31", "2021-05-09")
    assert len(plan.players) == 16 and "Jay" in plan.players  # trailing spaces dropped
    if bgstats.custom_games_available():
        assert (len(plan.plays), plan.skipped) == (79, [])  # every other game as a custom game
    else:
        assert plan.reasons() == {"other_game": 79}
    assert run_import(repo, plan).plays_added == len(plan.plays)
    assert len(plan_import(repo, data).plays) == 0


@pytest.mark.skipif(not bgstats.custom_games_available(), reason="custom games (branch custom) are not merged")
def test_other_games_come_in_as_custom_games_that_score_as_bgstats_did(sample: dict[str, Any],
                                                                        repo: Repository) -> None:
    from scoring import score_sheet, spec_for_sheet  # type: ignore[attr-defined]

    plan = plan_import(repo, SAMPLE.read_bytes())
    games = {g["name"]: g for g in sample["games"]}
    for play in map(json.loads, (p.payload for p in plan.plays)):
        spec = spec_for_sheet(play["sheet"])
        rescored = score_sheet(play["sheet"]).to_json()
        assert set(rescored["winners"]) == set(play["result"]["winners"]), spec.name.render("en")
        assert [p["total"] for p in rescored["players"]] == [p["total"] for p in play["result"]["players"]]
        assert play["sheet"]["definition"].get("bgg_id", 0) == games[spec.name.render("en")]["bggId"]


def test_a_backup_keeps_imported_plays_and_refuses_tampered_ones(source: Repository, tmp_path: Path) -> None:
    imported = Repository.open(tmp_path / "imported")
    bgstats.import_bgstats(imported, export_bgstats(source))
    backup = exchange.export_backup(imported)
    again = Repository.open(tmp_path / "again")
    assert exchange.import_backup(again, backup).plays_added == 3
    assert [s.totals for s in again.summaries()] == [s.totals for s in imported.summaries()]
    tampered = json.loads(backup)
    tampered["plays"][0]["result"]["winners"] = ["Nobody"]
    with pytest.raises(exchange.BackupError) as refused:
        exchange.import_backup(Repository.open(tmp_path / "third"), json.dumps(tampered).encode())
    assert refused.value.params["path"] == "plays[0].result.winners"


def test_a_built_in_game_matched_by_name_imports_with_its_scores(repo: Repository) -> None:
    file = {"players": [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon "}],
            "games": [{"id": 7, "name": "patchwork ", "bggId": 0}], "locations": [{"id": 3, "name": "Club"}],
            "plays": [{"uuid": "p-1", "gameRefId": 7, "playDate": "2024-05-01 19:30:00", "durationMin": 20,
                       "locationRefId": 3, "comments": "rematch",
                       "playerScores": [{"playerRefId": 2, "score": "50", "winner": True, "rank": 0, "seatOrder": 2},
                                        {"playerRefId": 1, "score": "42", "winner": False, "rank": 0,
                                         "seatOrder": 1}]}]}
    plan = plan_import(repo, json.dumps(file).encode())
    assert plan.skipped == [] and plan.new_players == ["Mina", "Joon"]
    run_import(repo, plan)
    (play,) = list(repo.plays_newest_first())
    assert play["game"] == "patchwork" and play["sheet"]["players"] == [{"name": "Mina"}, {"name": "Joon"}]
    summary = next(repo.summaries())
    assert summary.totals == {"Mina": 42, "Joon": 50} and summary.winners == ("Joon",)
    assert play["record"]["note"] == "rematch" and play["record"]["location"] == "Club"



def test_a_game_name_with_direction_overrides_comes_in_without_them(repo: Repository) -> None:
    """A game BG Stats names with a right-to-left override stopped the import midway (its players were stored,
    its plays not): the name comes in without the characters that reorder text, and every play with it; so does
    a game whose BoardGameGeek id no game has."""
    file = {"players": [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon"}],
            "games": [{"id": 7, "name": "Evil\u202eGame\u2066\u0007", "bggId": 10**12},
                      {"id": 8, "name": "\u202e\u202c", "bggId": 0}],
            "plays": [{"uuid": f"p-{game}", "gameRefId": game, "playDate": "2024-05-01 19:30:00",
                       "playerScores": [{"playerRefId": 1, "score": "3", "winner": True},
                                        {"playerRefId": 2, "score": "2"}]} for game in (7, 8)]}
    plan = plan_import(repo, json.dumps(file).encode())
    assert plan.skipped == []
    assert run_import(repo, plan).plays_added == 2
    names = sorted(play["sheet"]["definition"]["name"] for play in repo.plays_newest_first())
    assert names == ["BG Stats", "EvilGame"]

HOSTILE = {
    "not json": b"\xff\xfe{",
    "nan": b'{"players": [], "games": [], "plays": [], "x": NaN}',
    "not bgstats": b'{"format": "table-companion-backup"}',
    "deep": b'{"players": [], "games": [], "plays": [' + b"[" * 40 + b"]" * 40 + b"]}",
    "no name": json.dumps({"players": [{"id": 1}], "games": [], "plays": []}).encode(),
    "bool id": json.dumps({"players": [{"id": True, "name": "A"}], "games": [], "plays": []}).encode(),
    "long text": json.dumps({"players": [{"id": 1, "name": "A" * (bgstats_read.MAX_TEXT + 1)}], "games": [],
                             "plays": []}).encode(),
    "a play that is no object": b'{"players": [], "games": [], "plays": [3]}',
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_bad_file_is_refused_and_changes_nothing(source: Repository, name: str) -> None:
    before = (list(source.plays_newest_first()), source.players())
    with pytest.raises(BGStatsError) as refused:
        plan_import(source, HOSTILE[name])
    assert refused.value.message_key.startswith("bgstats.error.")
    assert (list(source.plays_newest_first()), source.players()) == before


def test_a_file_too_large_is_refused_before_it_is_read(repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bgstats_read, "MAX_FILE_BYTES", 10)
    with pytest.raises(BGStatsError) as refused:
        plan_import(repo, b'{"players": [], "games": [], "plays": []}')
    assert refused.value.message_key == "bgstats.error.too_large"


def test_send_to_bgstats_link_carries_the_play(source: Repository, utc: None) -> None:
    play = sorted(source.plays_newest_first(), key=lambda p: p["finished_at"])[0]
    profiles = {p["name"]: p["id"] for p in source.players()}
    url = add_play_url(play, profiles)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    payload = json.loads(urllib.parse.unquote(url.split("data=", 1)[1]))
    assert payload["game"] == {"name": "Kahuna", "bggId": 394, "highestWins": True, "noPoints": False,
                               "sourceGameId": "kahuna"}
    assert (payload["sourceName"], payload["sourcePlayId"], payload["playDate"]) == (
        "Table Companion", play["id"], "2024-03-01 12:35:00")  # the end: its start and 35 minutes, in UTC
    assert (payload["durationMin"], payload["location"], payload["comments"]) == (35, "Café Meeple", "Close one")
    assert [(p["name"], p["score"], p["winner"], p["rank"], p["startPlayer"]) for p in payload["players"]] == [
        ("Mina", 7, True, 1, False), ("Joon", 0, False, 2, True)]
    exported = {p["name"]: p["uuid"] for p in json.loads(export_bgstats(source))["players"]}
    assert {p["name"]: p["sourcePlayerId"] for p in payload["players"]} == {n: exported[n] for n in ("Mina", "Joon")}


def test_csv_has_the_record_and_undoes_its_formula_guard(repo: Repository, utc: None) -> None:
    sheet = kahuna([5], [1])
    sheet["players"][0]["name"] = "=1+2"
    sheet["rounds"] = [{"=1+2": 5, "Joon": 1}]
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", sheet,
                            record={"location": "'quoted", "note": "@home", "duration_min": 25}))
    repo.add_play(make_play("captain-flip", "2024-03-02T12:00:00+00:00", example("captain-flip")))
    data = exchange.export_csv(repo, lang="ko")
    assert ",'=1+2," in data.decode("utf-8-sig")
    rows = exchange.read_csv(data)
    assert rows[0]["player"] == "=1+2" and rows[0]["location"] == "'quoted" and rows[0]["note"] == "@home"
    assert (rows[0]["duration_min"], rows[0]["bgg_id"], rows[0]["game_name"]) == ("25", "394", "카후나")
    flip = [r for r in rows if r["game"] == "captain-flip"]
    assert [(r["player"], r["eliminated"], r["winner"]) for r in flip] == [
        ("Mina", "0", "0"), ("Joon", "0", "1"), ("Sora", "1", "0")]
    assert rows[0]["ended_early"] == "1"  # one scoring of Kahuna's three
    assert flip[0]["ended_early"] == "0" and flip[0]["duration_min"] == ""


def test_one_shared_play_imports_and_is_known_when_it_comes_back(source: Repository, tmp_path: Path) -> None:
    play = sorted(source.plays_newest_first(), key=lambda p: p["finished_at"])[0]
    shared = urllib.parse.unquote(add_play_url(play).split("data=", 1)[1]).encode()  # what a .bgsplay holds
    elsewhere = Repository.open(tmp_path / "elsewhere")
    plan = plan_import(elsewhere, shared)
    assert (len(plan.plays), plan.skipped, plan.matched) == (1, [], {"Kahuna": "kahuna"})
    run_import(elsewhere, plan)
    (summary,) = list(elsewhere.summaries())
    assert (summary.totals, summary.winners, summary.location) == ({"Mina": 7, "Joon": 0}, ("Mina",), "Café Meeple")
    assert [s.reason for s in plan_import(source, shared).skipped] == ["already"]
    with pytest.raises(BGStatsError):
        plan_import(elsewhere, json.dumps({"game": {"name": 3}, "players": []}).encode())
