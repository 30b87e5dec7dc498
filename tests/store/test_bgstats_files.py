"""Issue 23: every file BG Stats writes comes in (an anonymous player twice at one table, a long scoresheet, a
history of thousands of plays), a play no real play is like is skipped and named while the rest comes in, scores
count as written, and a play is dated by the day it started. Every file is the real export, changed."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from companion.store import bgstats, bgstats_plan, exchange, plays, stats, transfer
from companion.store.bgstats import plan_import, run_import
from companion.store.repository import Repository

from .bgstats_sample import by_uuid, player_id, real, variant

ANONYMOUS = 6  # the real export's anonymous player


def test_an_anonymous_player_twice_at_one_table_comes_in_and_goes_back_out(repo: Repository) -> None:
    def twice(content: dict[str, Any]) -> None:
        seats = content["plays"][16]["playerScores"]
        seats += [{"score": "5", "winner": False, "newPlayer": False, "startPlayer": False,
                   "playerRefId": ANONYMOUS, "rank": 0, "seatOrder": 0} for _ in range(2)]

    data = variant(twice)
    plan = plan_import(repo, data)
    assert (len(plan.plays), plan.skipped) == (79, [])
    run_import(repo, plan)
    play = next(p for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == real()["plays"][16]["uuid"])
    assert [p["name"] for p in play["sheet"]["players"]][-2:] == ["Anonymous player", "Anonymous player 2"]
    exported = by_uuid(json.loads(bgstats.export_bgstats(repo))["plays"])[play["record"]["bgstats_uuid"]]
    assert exported == by_uuid(json.loads(data)["plays"])[play["record"]["bgstats_uuid"]]


def test_a_long_scoresheet_comes_in_goes_out_and_survives_a_backup(repo: Repository, tmp_path: Path) -> None:
    sheet = json.dumps({"categories": [{"name": f"round {n}", "values": list(range(40))} for n in range(40)]})
    assert len(sheet) > 5900

    def long(content: dict[str, Any]) -> None:
        content["plays"][0]["scoresheet"] = sheet
        content["plays"][0]["comments"] = "A note of a long evening. " * 200

    run_import(repo, plan_import(repo, variant(long)))
    first = real()["plays"][0]["uuid"]
    assert by_uuid(json.loads(bgstats.export_bgstats(repo))["plays"])[first]["scoresheet"] == sheet
    again = Repository.open(tmp_path / "again")
    assert exchange.import_backup(again, exchange.export_backup(repo)).plays_added == 79
    assert by_uuid(json.loads(bgstats.export_bgstats(again))["plays"])[first]["scoresheet"] == sheet


def test_a_history_of_4000_plays_comes_in(repo: Repository) -> None:
    def many(content: dict[str, Any]) -> None:
        original = content["plays"]
        content["plays"] = [{**play, "uuid": f"{n:08d}-{play['uuid'][9:]}"}
                            for n, play in enumerate(original[i % len(original)] for i in range(4000))]

    plan = plan_import(repo, variant(many))
    assert (len(plan.plays), plan.skipped) == (4000, [])


ODD = {  # what no real play has, and why it is skipped
    "year 1899": ("playDate", "1899-12-31 10:00:00", "date"),
    "year 2201": ("playDate", "2201-01-01 10:00:00", "date"),
    "year 1": ("playDate", "0001-01-01 00:00:00", "date"),
    "year 9999": ("playDate", "9999-12-31 23:59:59", "date"),
    "no date": ("playDate", "yesterday", "date"),
    "negative duration": ("durationMin", -1, "length"),
    "over 14 days": ("durationMin", 14 * 24 * 60 + 1, "length"),
    "10^12 minutes": ("durationMin", 10**12, "length"),
    "lone surrogate": ("comments", "fine until \ud800", "text"),
    "player not in the file": ("playerScores", [{"playerRefId": 999, "score": "1"}], "missing"),
    "game not in the file": ("gameRefId", 999, "missing"),
    "no players": ("playerScores", [], "no_players"),
    "a score that is an object": ("playerScores", [{"playerRefId": 1, "score": {"x": 1}}], "value"),
}


def test_plays_no_real_play_is_like_are_skipped_named_and_the_rest_comes_in(repo: Repository) -> None:
    def odd(content: dict[str, Any]) -> None:
        for n, (key, value, _) in enumerate(ODD.values()):
            content["plays"][n][key] = value

    plan = plan_import(repo, variant(odd))
    plays_ = real()["plays"]
    assert [(s.uuid, s.reason) for s in plan.skipped] == [
        (plays_[n]["uuid"], reason) for n, (_, _, reason) in enumerate(ODD.values())]
    assert len(plan.plays) == 79 - len(ODD)
    assert run_import(repo, plan).plays_added == 79 - len(ODD)


def test_a_uuid_twice_is_skipped_the_second_time(repo: Repository) -> None:
    plan = plan_import(repo, variant(lambda c: c["plays"].append(dict(c["plays"][0]))))
    assert ([s.reason for s in plan.skipped], len(plan.plays)) == (["twice"], 79)


def test_what_the_preview_accepts_is_stored_all_together_or_not_at_all(
        repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = plan_import(repo, variant(lambda content: None))
    monkeypatch.setattr("companion.store.bgstats_plan.BATCH", 10)
    real_insert, calls = plays.Plays.insert, []

    def failing(self: plays.Plays, batch: Any) -> None:
        calls.append(len(batch))
        if len(calls) == 3:
            raise OSError("the disk is full")
        real_insert(self, batch)

    monkeypatch.setattr(plays.Plays, "insert", failing)
    with pytest.raises(OSError):
        run_import(repo, plan)
    assert (list(repo.summaries()), repo.players()) == ([], [])
    monkeypatch.setattr(plays.Plays, "insert", real_insert)
    assert run_import(repo, plan).plays_added == 79


SCORES = {"44+21+8+5-12-8-6": 52, "4.5": 4.5, "13.5": 13.5, " 30 ": 30, "": None, "-5": -5}


def test_scores_count_as_written_and_go_back_out_as_written(repo: Repository) -> None:
    def written(content: dict[str, Any]) -> None:  # Scythe, five players
        for seat, text in zip(content["plays"][0]["playerScores"], SCORES, strict=False):
            seat["score"] = text
        content["plays"][3]["playerScores"][0]["score"] = "4.5"

    data = variant(written)
    plan = plan_import(repo, data)
    assert plan.skipped == []
    run_import(repo, plan)
    first = real()["plays"][0]
    summary = next(s for s in repo.summaries() if s.id == next(
        p["id"] for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == first["uuid"]))
    assert summary.points and list(summary.totals.values()) == [52, 4.5, 13.5, 30, 0]
    definition = next(p for p in repo.plays_newest_first() if p["id"] == summary.id)["sheet"]["definition"]
    assert definition["categories"] and not definition["no_points"]  # still a game of points
    chris = real()["plays"][3]["playerScores"][0]["playerRefId"]
    name = next(p["name"] for p in real()["players"] if p["id"] == chris)
    assert 4.5 in [score for _, score in stats.score_trend(repo, name, summary.game)]  # statistics use the number
    exported = by_uuid(json.loads(bgstats.export_bgstats(repo))["plays"])[first["uuid"]]
    assert [s["score"] for s in exported["playerScores"]] == list(SCORES)[:5]  # the blank stays blank


def test_a_play_is_dated_by_the_day_it_started(repo: Repository, utc: None) -> None:
    def late(content: dict[str, Any]) -> None:
        content["plays"][2].update(playDate="2021-01-03 22:35:00", durationMin=118)

    run_import(repo, plan_import(repo, variant(late)))
    uuid = real()["plays"][2]["uuid"]
    play = next(p for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == uuid)
    assert (play["started_at"], play["finished_at"]) == ("2021-01-03T22:35:00+00:00", "2021-01-04T00:33:00+00:00")
    day = date(2021, 1, 3)
    assert play["id"] in [s.id for s in repo.history_page(since=day, until=day, limit=100).items]
    assert play["id"] not in [s.id for s in repo.history_page(since=date(2021, 1, 4), until=date(2021, 1, 4)).items]
    rows = [r for r in exchange.read_csv(exchange.export_csv(repo)) if r["play_id"] == play["id"]]
    assert {r["date"] for r in rows} == {"2021-01-03"}
    assert by_uuid(json.loads(bgstats.export_bgstats(repo))["plays"])[uuid]["playDate"] == "2021-01-03 22:35:00"
    assert play["id"] not in {s.id for s in stats.in_period(repo, "week", today=date(2021, 1, 10))}  # from Jan 4


def test_a_player_named_twice_in_the_file_stays_two_players_unless_told(repo: Repository) -> None:
    def same(content: dict[str, Any]) -> None:  # two players who never sat at one table
        next(p for p in content["players"] if p["name"] == "Carrie Diamond")["name"] = "Arlen Pan"

    data = variant(same)
    plan = plan_import(repo, data)
    assert [(g.name, g.names) for g in plan.same_names] == [("Arlen Pan", ("Arlen Pan", "Arlen Pan 2"))]
    assert {"Arlen Pan", "Arlen Pan 2"} <= set(plan.players)
    one = plan_import(repo, data, {"Arlen Pan 2": "Arlen Pan"})
    assert "Arlen Pan 2" not in one.players and len(one.plays) == 79
    run_import(repo, plan)
    assert {"Arlen Pan", "Arlen Pan 2"} <= {p["name"] for p in repo.players()}
    exported = json.loads(bgstats.export_bgstats(repo))
    assert by_uuid(exported["players"]) == by_uuid(json.loads(data)["players"])  # both named as in BG Stats
    carrie = player_id(real(), "Carrie Diamond")
    assert sum(s["playerRefId"] == carrie for p in exported["plays"] for s in p["playerScores"]) == 17


def test_a_preview_tells_its_progress_while_it_reads_and_plans(repo: Repository, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings' progress bar moves while a large export is read and planned (20-60 s in the phone build from
    100,000 plays), not only while the plays are stored."""
    monkeypatch.setattr(bgstats_plan, "PROGRESS_EVERY", 10)
    path = tmp_path / "BGStatsExport.json"
    path.write_bytes(variant(lambda content: None))  # the real export, 79 plays
    told: list[float] = []
    planned = transfer.import_file(repo, path, told.append)
    assert isinstance(planned, transfer.PlannedFile) and len(planned.plan.plays) > 0
    ours = told[len(told) - 1 - told[::-1].index(0.0):]  # after the try as a backup of ours, which refused it
    assert ours == sorted(ours) and ours[-1] <= 1.0
    reading = [f for f in ours if f < bgstats_plan.READ_SHARE]
    assert len(reading) == 8 and len(ours) == 16  # plays 0, 10, ... 70 of 79, in each pass
    assert ours[-1] >= bgstats_plan.READ_SHARE + (1 - bgstats_plan.READ_SHARE) * 70 / 79 - 1e-9
