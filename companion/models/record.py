"""What a play records besides its scores: the game timer, where it was played, a note, who started, whether
the table ended it early, and (derived from history) who played the game for the first time.

`draft["record"]` / `play["record"]` is a plain JSON dict (copied through untouched by everyone else):

    {"timer": {"started_at": iso, "running_since": iso | None, "elapsed_s": int},   # absent until play starts
     "duration_min": int,          # set when edited afterwards; else the timer's time up to the finish
     "location": str, "note": str,
     "start_player": str,          # absent: the first seat starts
     "ended_early": bool,
     "bgstats_uuid": str}          # a play imported from BG Stats (idempotent re-import)

Every function here returns a new dict and never changes its argument.
"""

from __future__ import annotations

from contextlib import suppress
from itertools import islice
from typing import Any

from scoring import PlayerResult, Result, SheetError, score_sheet

from ..store.play_record import elapsed_seconds, record_of, timer_of
from ..store.refusal import RefusedError
from ..store.repository import Repository, now_iso
from ..store.summary import current_result

MAX_LOCATION = 60
MAX_NOTE = 1000
MAX_DURATION_MIN = 24 * 60 * 7  # a week: longer than any real session
RECENT_PLAYS = 300  # locations offered: those of the newest plays

Record = dict[str, Any]


# ---- the timer -------------------------------------------------------------------------------------


def timer_started(record: Record) -> bool:
    return timer_of(record) is not None


def timer_running(record: Record) -> bool:
    timer = timer_of(record)
    return timer is not None and timer.get("running_since") is not None


def start_timer(record: Record, now: str | None = None) -> Record:
    """Start the game timer (nothing changes once it has started: pause and resume do the rest)."""
    if timer_started(record):
        return dict(record)
    moment = now or now_iso()
    return {**record, "timer": {"started_at": moment, "running_since": moment, "elapsed_s": 0}}


def pause_timer(record: Record, now: str | None = None) -> Record:
    timer = timer_of(record)
    if timer is None or timer.get("running_since") is None:
        return dict(record)
    return {**record, "timer": {**timer, "running_since": None, "elapsed_s": elapsed_seconds(record, now)}}


def resume_timer(record: Record, now: str | None = None) -> Record:
    timer = timer_of(record)
    if timer is None:
        return start_timer(record, now)
    if timer.get("running_since") is not None:
        return dict(record)
    return {**record, "timer": {**timer, "running_since": now or now_iso()}}


def clock(seconds: int) -> str:
    """1:02:03 or 02:03."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def with_timer_started_on_entry(draft: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The changes a save makes, plus the timer's start when this save is the game's first entry."""
    if "sheet" not in changes or changes["sheet"] == draft.get("sheet"):
        return changes
    record = record_of({"record": changes.get("record", draft.get("record"))})
    if timer_started(record):
        return changes
    return {**changes, "record": start_timer(record)}


# ---- the rest of the record ------------------------------------------------------------------------


class RecordError(RefusedError, ValueError):
    """An edit the record refuses."""


def edited(record: Record, *, location: str | None = None, note: str | None = None,
           duration_min: int | None = None, start_player: str | None = None) -> Record:
    """The record with the given fields changed (None: unchanged). Raises RecordError."""
    out = dict(record)
    if location is not None:
        location = " ".join(location.split())
        if len(location) > MAX_LOCATION:
            raise RecordError("record.error.location", n=MAX_LOCATION)
        out["location"] = location
    if note is not None:
        if len(note) > MAX_NOTE:
            raise RecordError("record.error.note", n=MAX_NOTE)
        out["note"] = note.strip()
    if duration_min is not None:
        if not 0 <= duration_min <= MAX_DURATION_MIN:
            raise RecordError("record.error.duration", n=MAX_DURATION_MIN)
        out["duration_min"] = duration_min
    if start_player is not None:
        out["start_player"] = start_player
    return out


def parse_minutes(text: str) -> int:
    """"90", "1:30" -> 90. Raises RecordError."""
    text = text.strip()
    try:
        if ":" in text:
            hours, minutes = text.split(":", 1)
            value = int(hours) * 60 + int(minutes)
            if not 0 <= int(minutes) < 60:
                raise ValueError(text)
        else:
            value = int(text or "0")
    except ValueError:
        raise RecordError("record.error.duration", n=MAX_DURATION_MIN) from None
    if not 0 <= value <= MAX_DURATION_MIN:
        raise RecordError("record.error.duration", n=MAX_DURATION_MIN)
    return value


def marked_ended_early(record: Record) -> Record:
    return {**record, "ended_early": True}


def start_player(play: dict[str, Any], names: list[str]) -> str | None:
    chosen = record_of(play).get("start_player")
    return chosen if chosen in names else (names[0] if names else None)


def ended_early(play: dict[str, Any]) -> bool:
    return bool(record_of(play).get("ended_early")) or not current_result(play).get("finished", True)


def new_players(repo: Repository, play: dict[str, Any]) -> list[str]:
    """Who played this game for the first time in this play (no earlier play of the game in the history)."""
    names = [p["name"] for p in current_result(play)["players"]]
    seen: set[str] = set()
    for summary in repo.summaries():
        if summary.game == play["game"] and summary.finished_at < play["finished_at"]:
            seen.update(summary.players)
    return [n for n in names if n not in seen]


def recent_locations(repo: Repository) -> list[str]:
    """The places of the newest plays, most recent first (from the cached summaries)."""
    return list(dict.fromkeys(s.location for s in islice(repo.summaries(), RECENT_PLAYS) if s.location))


def any_note(repo: Repository) -> bool:
    return any(s.note for s in islice(repo.summaries(), RECENT_PLAYS))


# ---- plays imported with totals only ---------------------------------------------------------------


def is_imported(play: dict[str, Any]) -> bool:
    return bool(play.get("imported"))


def stored_result(play: dict[str, Any]) -> Result:
    """The play's result as an engine Result, from what is stored (an imported play has no full sheet, and
    brings no tiebreak in words)."""
    data = current_result(play)
    players = [PlayerResult(p["name"], int(p["total"]), dict(p.get("breakdown") or {}), bool(p.get("eliminated")))
               for p in data["players"]]
    return Result(data["game"], int(data["rules_version"]), players, [list(g) for g in data["ranking"]],
                  list(data["winners"]), [], bool(data["finished"]), data.get("end_reason"),
                  [dict(p) for p in data.get("progress") or []], dict(data.get("extras") or {}))


def play_result(play: dict[str, Any]) -> Result:
    """The result a play's screens show: the engine's, with its explanations in words, while the current rules
    accept the sheet; else the stored one (an imported play, or a sheet older rules scored and a rule added since
    refuses: see `current_result`)."""
    if not is_imported(play):
        with suppress(SheetError):
            return score_sheet(play["sheet"])
    return stored_result(play)
