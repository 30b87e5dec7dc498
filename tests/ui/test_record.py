"""The play record through the screens: the timer on a sheet, a play's details edited, Send to BG Stats, and
a BG Stats file imported from Settings after its preview."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import flet as ft
import pytest

from companion.app import Services
from companion.models import record as rec
from companion.store import bgstats
from companion.store.definitions import DefinitionStore
from companion.store.play_record import duration_of, record_of
from companion.widgets.timer import TickingText
from scoring import score_sheet

from .conftest import example
from .harness import Harness, send_file

SAMPLE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "bgstats" / "sample-BGStatsExport.json"



def patchwork_draft(services: Services) -> dict:
    sheet = example("patchwork")
    del sheet["players"][0]["buttons"]
    return services.repo.new_draft({"game": "patchwork", "sheet": sheet})


def test_the_timer_starts_with_the_first_entry_pauses_and_resumes(open_app: Callable[..., Harness],
                                                                   services: Services) -> None:
    draft = patchwork_draft(services)
    ui = open_app(f"/play/{draft['id']}")
    assert ui.exists("timer.start") and "starts with the first entry" in ui.texts()
    assert not rec.timer_started(record_of(services.repo.draft(draft["id"])))  # opening the sheet is not play
    ui.type("players[0].buttons", "27")
    stored = record_of(services.repo.draft(draft["id"]))
    assert rec.timer_running(stored)
    assert ui.exists("timer.pause") and "starts with the first entry" not in ui.texts()  # this screen follows
    ui2 = open_app(f"/play/{draft['id']}")
    ui2.click("timer.pause")
    paused = record_of(services.repo.draft(draft["id"]))
    assert rec.timer_started(paused) and not rec.timer_running(paused) and ui2.exists("timer.resume")
    ui2.click("timer.resume")
    assert rec.timer_running(record_of(services.repo.draft(draft["id"])))
    ui2.click("sheet.finish")
    play = services.repo.play(draft["id"])
    assert play is not None and duration_of(play) == 0  # seconds, not yet a minute
    assert record_of(play)["timer"]["started_at"] == stored["timer"]["started_at"]


def test_a_game_left_for_home_with_its_timer_running_can_be_paused_there(open_app: Callable[..., Harness],
                                                                        services: Services) -> None:
    """Issue 26: a game parked under Continue kept its timer running, with nothing on Home to say so or stop it."""
    draft = patchwork_draft(services)
    ui = open_app(f"/play/{draft['id']}")
    ui.type("players[0].buttons", "27")  # the first entry starts the timer
    home = open_app("/")
    assert any(text.endswith("· timer running") for text in home.texts())
    home.click(f"home.pause.{draft['id']}")
    assert not rec.timer_running(record_of(services.repo.draft(draft["id"])))
    assert not home.exists(f"home.pause.{draft['id']}") and not any("timer running" in t for t in home.texts())
    assert services.repo.draft(draft["id"])["sheet"]["players"][0]["buttons"] == 27  # the entry stays


def test_a_session_that_expires_stops_its_sheet_clock(open_app: Callable[..., Harness], services: Services) -> None:
    """A phone that went away leaves its session to expire. Its clock must stop then: ticking, it would work out
    its new time every second for nobody and keep the whole session from being freed, once per phone."""
    draft = patchwork_draft(services)
    ui = open_app(f"/play/{draft['id']}")
    ui.click("timer.start")
    (clock,) = [c for c in ui.walk() if isinstance(c, TickingText)]
    assert clock._ticking

    async def expire() -> None:
        ui.session.close()  # what Flet does when the session's time to reconnect has run out

    ui.run(expire())
    ui.eventually(lambda: not clock._ticking)
    ui.eventually(lambda: clock._task.cancelled(), timeout=0.5)  # at once, not at its next tick a second later


def test_an_explicit_start_before_any_entry(open_app: Callable[..., Harness], services: Services) -> None:
    draft = patchwork_draft(services)
    ui = open_app(f"/play/{draft['id']}", lang="ko")
    assert "첫 입력과 함께 시작" in ui.texts()
    ui.click("timer.start")
    assert rec.timer_running(record_of(services.repo.draft(draft["id"])))
    assert ui.exists("timer.pause")


def test_finishing_early_is_recorded(open_app: Callable[..., Harness], services: Services) -> None:
    sheet = {"game": "kahuna", "players": [{"name": "Mina"}, {"name": "Joon"}], "rounds": [{"Mina": 5, "Joon": 1}]}
    draft = services.repo.new_draft({"game": "kahuna", "sheet": sheet})
    ui = open_app(f"/play/{draft['id']}")
    ui.click("sheet.finish")
    ui.click("sheet.finish_early.confirm")
    play = services.repo.play(draft["id"])
    assert play is not None and record_of(play)["ended_early"] is True
    ui2 = open_app(f"/history/{play['id']}")
    assert ui2.exists("record.ended_early")


def add_play(services: Services, game: str, finished_at: str, **extra: object) -> dict:
    sheet = example(game)
    return services.repo.add_play({"game": game, "sheet": sheet, "rules_version": 1, "finished_at": finished_at,
                                   "result": score_sheet(sheet).to_json(), **extra})


def test_a_plays_details_are_shown_edited_and_sent_to_bgstats(open_app: Callable[..., Harness],
                                                               services: Services) -> None:
    add_play(services, "captain-flip", "2026-11-01T20:00:00+00:00", record={"location": "Club"})
    play = add_play(services, "captain-flip", "2026-11-02T20:00:00+00:00",
                    record={"location": "Home", "note": "Sora's third gunner", "duration_min": 25})
    ui = open_app(f"/history/{play['id']}")
    assert ui.tagged("record.duration").label == "25 min"
    assert ui.tagged("record.location").label == "Home"
    assert ui.tagged("record.eliminated").label == "Sora"
    assert ui.tagged("record.start_player").label == "Mina"
    assert not ui.exists("record.new_players")  # all three played Captain Flip the day before
    assert "Sora's third gunner" in ui.texts()
    url = ui.control("record.send_bgstats").action.url
    payload = json.loads(urllib.parse.unquote(url.split("data=", 1)[1]))
    assert (payload["game"]["bggId"], payload["location"], payload["durationMin"]) == (401953, "Home", 25)
    ui.click("record.edit")
    assert ui.exists("record.location_choice.0")  # earlier places to choose from
    ui.click("record.location_choice.1")
    ui.type("record.field.duration", "1:05")
    ui.type("record.field.note", "  Rematch soon ")
    ui.choose("record.field.start", "Joon")
    ui.click("record.save")
    stored = record_of(services.repo.play(play["id"]))
    assert (stored["location"], stored["duration_min"], stored["note"], stored["start_player"]) == (
        "Club", 65, "Rematch soon", "Joon")
    assert ui.tagged("record.duration").label == "1 h 5 min"
    ui.click("record.edit")
    ui.type("record.field.duration", "soon")
    ui.click("record.save")
    assert "Enter the duration in minutes (up to 10,080), or as h:mm." in ui.texts()
    assert record_of(services.repo.play(play["id"]))["duration_min"] == 65


def test_a_bgstats_export_is_previewed_then_imported(open_app: Callable[..., Harness], services: Services) -> None:
    services.repo.remember_players(["Mina", "Joon"])
    file = {"players": [{"id": 1, "name": "mina"}, {"id": 2, "name": "Joonie"}],
            "games": [{"id": 1, "name": "Kahuna", "bggId": 394}, {"id": 2, "name": "Azul", "bggId": 230802}],
            "locations": [],
            "plays": [{"uuid": f"p{i}", "gameRefId": 1 + (i == 2), "playDate": f"2024-05-0{i + 1} 19:30:00",
                       "durationMin": 20, "playerScores": [
                           {"playerRefId": 1, "score": "7", "winner": True, "seatOrder": 1},
                           {"playerRefId": 2, "score": "3", "winner": False, "seatOrder": 2}]} for i in range(3)]}
    data = json.dumps(file).encode()
    ui = open_app("/settings")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    send_file(ui, services, picker, data, "BGStatsExport.json")
    ui.eventually(lambda: ui.exists("bgstats.preview.counts"))
    assert ui.tagged("bgstats.preview.counts").content.value == "3 plays, 2 players, 2 games"
    assert "“Kahuna” is Kahuna here" in ui.texts() and "Played from 2024-05-01 to 2024-05-03" in ui.texts()
    assert not ui.exists("bgstats.preview.skip.other_game")  # Azul comes in as a custom game
    assert ui.control("bgstats.preview.adding").value == "3 plays will be added to your history."
    assert ui.control("bgstats.merge.0").value == "Mina"  # "mina" is suggested to be Mina
    ui.choose("bgstats.merge.1", "")  # "Joonie": a new player ...
    ui.choose("bgstats.merge.1", "Joon")  # ... no: Joon, spelt differently
    ui.click("bgstats.import")
    assert ui.control("data.message").value == "Imported from BG Stats: 3 plays (0 not imported), 0 new players."
    summaries = list(services.repo.summaries())
    assert [d["name"] for d in DefinitionStore(services.repo).games()] == ["Azul"]  # on Home, to play it again
    assert len(summaries) == 3 and summaries[0].game.startswith("custom-")
    assert summaries[0].totals == {"Mina": 7, "Joon": 3}
    assert "Joonie" not in [p["name"] for p in services.repo.players()]
    detail = open_app(f"/history/{summaries[0].id}")
    assert "Mina wins!" in detail.texts() and detail.exists("record.send_bgstats")
    send_file(ui, services, picker, data, "BGStatsExport.json")
    ui.eventually(lambda: ui.exists("bgstats.preview.skip.already"))
    assert ui.control("bgstats.preview.skip.already").value == "3 already in your history"
    assert ui.control("bgstats.import").disabled


def test_a_damaged_bgstats_file_is_refused_with_its_reason(open_app: Callable[..., Harness],
                                                            services: Services) -> None:
    ui = open_app("/settings")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    bad = {"players": [{"id": 1}], "games": [], "plays": []}  # a player without a name
    send_file(ui, services, picker, json.dumps(bad).encode(), "BGStatsExport.json")
    ui.eventually(lambda: ui.control("data.message").color == ft.Colors.ERROR)
    assert ui.control("data.message").value == (
        "This BG Stats file is damaged: players[0].name is missing or wrong. Nothing was imported.")
    assert list(services.repo.summaries()) == [] and not ui.exists("bgstats.preview")


def test_the_real_sample_previews(open_app: Callable[..., Harness], services: Services) -> None:
    if not SAMPLE.is_file():
        pytest.skip(f"the real BG Stats export is not at {SAMPLE}")
    ui = open_app("/settings", lang="ko")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    send_file(ui, services, picker, SAMPLE.read_bytes(), "BGStatsExport.json")
    ui.eventually(lambda: ui.exists("bgstats.preview.counts"))
    plan = bgstats.plan_import(services.repo, SAMPLE.read_bytes())
    assert ui.tagged("bgstats.preview.counts").content.value == "플레이 79건, 플레이어 16명, 게임 34개"
    assert ui.control("bgstats.import").disabled == (not plan.plays)


def test_history_filters_by_place(open_app: Callable[..., Harness], services: Services) -> None:
    assert not open_app("/history").exists("history.filter.location")  # no play has a place yet
    home = add_play(services, "kahuna", "2026-11-01T20:00:00+00:00", record={"location": "Home"})
    club = add_play(services, "kahuna", "2026-11-02T20:00:00+00:00",
                    record={"location": "Club", "note": "Rematch after the tournament"})
    add_play(services, "kahuna", "2026-11-03T20:00:00+00:00")
    ui = open_app("/history")
    assert len(ui.find_all("history.play.")) == 3
    ui.choose("history.filter.location", "Home")
    assert ui.find_all("history.play.") == [f"history.play.{home['id']}"]
    ui.choose("history.filter.location", "Club")
    assert ui.find_all("history.play.") == [f"history.play.{club['id']}"]
    ui.choose("history.filter.location", "")
    assert len(ui.find_all("history.play.")) == 3
    ui.type("history.filter.note", "rematch")
    ui.submit("history.filter.note")
    assert ui.find_all("history.play.") == [f"history.play.{club['id']}"]


def test_the_timer_counts_only_unpaused_time_and_durations_parse() -> None:
    record = rec.start_timer({}, "2026-11-01T20:00:00+00:00")
    assert rec.start_timer(record, "2026-11-01T21:00:00+00:00") == record  # starting again changes nothing
    record = rec.pause_timer(record, "2026-11-01T20:10:00+00:00")
    assert rec.elapsed_seconds(record, "2026-11-01T23:00:00+00:00") == 600  # paused: the clock stands still
    record = rec.resume_timer(record, "2026-11-01T20:30:00+00:00")
    assert rec.elapsed_seconds(record, "2026-11-01T20:35:30+00:00") == 930
    assert duration_of({"record": record, "finished_at": "2026-11-01T20:45:00+00:00"}) == 25
    assert duration_of({"record": {**record, "duration_min": 40}, "finished_at": "2026-11-01T20:45:00+00:00"}) == 40
    assert duration_of({"finished_at": "2026-11-01T20:45:00+00:00"}) is None
    assert (rec.clock(930), rec.clock(3725)) == ("15:30", "1:02:05")
    assert [rec.parse_minutes(t) for t in ("90", " 1:30 ", "0:05", "")] == [90, 90, 5, 0]
    for bad in ("1:75", "-5", "soon", "99999"):
        with pytest.raises(rec.RecordError, match=r"record\.error\.duration"):
            rec.parse_minutes(bad)
    assert rec.edited({}, location="  Board   game café ", note=" x ") == {"location": "Board game café", "note": "x"}
