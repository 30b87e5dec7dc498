"""The play record in headless Chromium at phone size, in English and Korean: the timer ticking on a sheet,
a play's details with Send to BG Stats and their editor, the history's filters by place and note, and a BG
Stats export picked in Settings and previewed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.store.repository import Repository
from scoring import score_sheet

from .conftest import Phone, Server

pytestmark = pytest.mark.e2e
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SAMPLE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "bgstats" / "sample-BGStatsExport.json"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    data = tmp_path_factory.mktemp("record") / "data"
    repo = Repository.open(data)
    flip = json.loads((EXAMPLES / "captain-flip.json").read_text(encoding="utf-8"))
    repo.add_play({"game": "captain-flip", "sheet": flip, "rules_version": 1, "result": score_sheet(flip).to_json(),
                   "finished_at": "2026-11-01T19:30:00+00:00", "record": {"location": "Board game café"}})
    play = repo.add_play({"game": "captain-flip", "sheet": flip, "rules_version": 1,
                          "result": score_sheet(flip).to_json(), "finished_at": "2026-11-08T20:10:00+00:00",
                          "record": {"location": "Home", "duration_min": 42, "start_player": "Joon",
                                     "note": "Sora flipped a third gunner on the last turn."}})
    repo.remember_players([p["name"] for p in flip["players"]])
    started = (datetime.now(UTC) - timedelta(minutes=12)).isoformat(timespec="seconds")
    sheet = json.loads((EXAMPLES / "patchwork.json").read_text(encoding="utf-8"))
    draft = repo.new_draft({"game": "patchwork", "sheet": sheet,
                             "record": {"timer": {"started_at": started, "running_since": started, "elapsed_s": 0}}})
    server = Server(data)
    yield server, {"play": play["id"], "draft": draft["id"]}
    server.stop()


@pytest.mark.parametrize(("locale", "prefix"), [("en-US", "en"), ("ko-KR", "ko")])
def test_timer_detail_and_import_preview(browser: Browser, seeded: tuple[Server, dict[str, str]], locale: str,
                                         prefix: str) -> None:
    server, ids = seeded
    phone = Phone(browser, f"{server.url}/play/{ids['draft']}", locale)
    try:
        phone.wait("timer.pause")
        first = phone.text("timer.clock")
        assert 12 <= int(first.split(":")[0]) < 60  # started twelve minutes before the server
        for _ in range(20):  # it ticks (once a second; the machine may be busy)
            phone.page.wait_for_timeout(500)
            if phone.text("timer.clock") != first:
                break
        else:
            raise AssertionError(f"the timer stayed at {first}")
        phone.shot(f"{prefix}-record-timer")
    finally:
        phone.close()
    phone = Phone(browser, f"{server.url}/history/{ids['play']}", locale)
    try:
        phone.wait("record.send_bgstats")
        phone.tagged("record.send_bgstats").scroll_into_view_if_needed()
        phone.shot(f"{prefix}-record-detail")
        phone.tap("record.edit")
        phone.wait("record.field.note")
        phone.shot(f"{prefix}-record-edit")
        phone.tap("record.cancel")
    finally:
        phone.close()
    phone = Phone(browser, f"{server.url}/history", locale)
    try:
        phone.wait("history.filter.location")
        phone.shot(f"{prefix}-record-history-filters")
    finally:
        phone.close()
    if not SAMPLE.is_file():
        return
    phone = Phone(browser, f"{server.url}/settings", locale)
    try:
        phone.wait("data.import")
        with phone.page.expect_file_chooser() as chooser:
            phone.tap("data.import")
        chooser.value.set_files(str(SAMPLE))
        phone.wait("bgstats.preview.counts")
        phone.tagged("bgstats.import").scroll_into_view_if_needed()
        phone.shot(f"{prefix}-record-import-preview")
    finally:
        phone.close()
