"""Issue 23, on screen: a play BG Stats marks ignored is in the history, marked "Not counted in statistics", and
its win is not in the statistics."""

from __future__ import annotations

import json
from collections.abc import Callable

from companion.app import Services
from companion.store.bgstats import plan_import, run_import

from ..store.bgstats_sample import variant
from ..store.test_bgstats_ignored import IGNORED, ignored_one
from .harness import Harness


def test_the_history_marks_it_and_the_statistics_leave_it_out(open_app: Callable[..., Harness],
                                                                services: Services) -> None:
    data = variant(ignored_one)
    run_import(services.repo, plan_import(services.repo, data))
    content = json.loads(data)
    uuid = content["plays"][IGNORED]["uuid"]
    play = next(p for p in services.repo.plays_newest_first() if p["record"]["bgstats_uuid"] == uuid)
    ui = open_app("/history")
    assert f"history.play.{play['id']}" in ui.find_all("history.play.")
    assert ui.find_all("history.not_counted.") == [f"history.not_counted.{play['id']}"]
    assert ui.control(f"history.not_counted.{play['id']}").value == "Not counted in statistics"
    assert open_app(f"/history/{play['id']}").control("record.not_counted").value == "Not counted in statistics"
    other = next(p for p in services.repo.plays_newest_first() if p["id"] != play["id"])
    assert not open_app(f"/history/{other['id']}").exists("record.not_counted")

    kayla = next(p["id"] for p in content["players"] if p["name"] == "Kayla Thompson")
    won = sum(s["playerRefId"] == kayla and bool(s.get("winner")) for p in content["plays"] for s in p["playerScores"])
    assert any(s["playerRefId"] == kayla and s["winner"] for s in content["plays"][IGNORED]["playerScores"])
    stats = open_app("/stats")
    assert stats.tagged("stats.wins.Kayla Thompson").label == f"Kayla Thompson: {won - 1}"
