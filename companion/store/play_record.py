"""Reading a play's `record` (its contents are described in companion/models/record.py, which edits it):
the timer's time, the duration, when play started, who was eliminated. Store code reads it for exports."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .summary import current_result, parse_time


def record_of(doc: dict[str, Any]) -> dict[str, Any]:
    record = doc.get("record")
    return dict(record) if isinstance(record, dict) else {}


def timer_of(record: dict[str, Any]) -> dict[str, Any] | None:
    timer = record.get("timer")
    return dict(timer) if isinstance(timer, dict) else None


def elapsed_seconds(record: dict[str, Any], now: str | None = None) -> int:
    """Seconds the timer has counted (paused time not included) up to `now` (default: this moment)."""
    timer = timer_of(record)
    if timer is None:
        return 0
    elapsed = int(timer.get("elapsed_s") or 0)
    since = timer.get("running_since")
    if since is not None:
        end = parse_time(now) if now else datetime.now(parse_time(since).tzinfo)
        elapsed += max(0, int((end - parse_time(since)).total_seconds()))
    return elapsed


def started_of(play: dict[str, Any]) -> str:
    """When the play started: the timer's start, else when the game was set up, else when it finished."""
    timer = timer_of(record_of(play)) or {}
    return str(timer.get("started_at") or play.get("started_at") or play["finished_at"])


def duration_of(play: dict[str, Any]) -> int | None:
    """Minutes: as edited afterwards, else the timer's time up to the finish; None if never timed."""
    record = record_of(play)
    if type(record.get("duration_min")) is int:
        return max(0, int(record["duration_min"]))
    if timer_of(record) is None:
        return None
    return elapsed_seconds(record, play.get("finished_at")) // 60


def eliminated_in(play: dict[str, Any]) -> list[str]:
    """Players the engine's result says were eliminated (Captain Flip's third gunner, for one)."""
    return [p["name"] for p in current_result(play)["players"] if p.get("eliminated")]
