"""Reading a play's `record` (its contents are described in companion/models/record.py, which edits it):
the timer's time, the duration, when play started, who was eliminated, teams and expansions. Store code reads it
for exports and checks what a file brings of it.

    "teams": {player name: team name},       # only players who are in a team; names follow the players' rule
    "expansions": [{"name": str, "bgg_id": int, "bgstats": uuid}]   # ids only when it came from a file"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from scoring.names import name_problem

from .summary import current_result, parse_time, teams_in

MAX_EXPANSIONS = 50
MAX_EXPANSION_NAME = 120  # a game's name in BG Stats runs to about 100 characters


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


def teams_of(play: dict[str, Any]) -> dict[str, str]:
    """Each player's team, for the players of the play who are in one (in seat order)."""
    teams = record_of(play).get("teams")
    if not isinstance(teams, dict):
        return {}
    return {p["name"]: teams[p["name"]] for p in current_result(play)["players"] if p["name"] in teams}


def team_members(play: dict[str, Any]) -> dict[str, list[str]]:
    """Each team with its players, in the order the teams first sit."""
    return teams_in(record_of(play), [p["name"] for p in current_result(play)["players"]])


def winning_teams(play: dict[str, Any]) -> list[str]:
    """The teams of the winners."""
    teams = teams_of(play)
    return list(dict.fromkeys(teams[n] for n in current_result(play)["winners"] if n in teams))


def expansions_of(play: dict[str, Any]) -> list[dict[str, Any]]:
    expansions = record_of(play).get("expansions")
    return [dict(e) for e in expansions] if isinstance(expansions, list) else []


def typed_expansions(text: str, before: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The expansions typed one a line, each keeping the ids it had under the same name."""
    known = {e["name"]: e for e in before}
    names = dict.fromkeys(" ".join(line.split()) for line in text.splitlines())
    return [dict(known.get(name) or {"name": name}) for name in names if name]


def renamed_in_record(record: dict[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The record with renamed players' teams kept under their new names (`names`: old -> new, all at once)."""
    teams = record.get("teams")
    if not isinstance(teams, dict) or not names.keys() & teams.keys():
        return record
    return {**record, "teams": {names.get(name, name): team for name, team in teams.items()}}


def record_fault(record: dict[str, Any]) -> str | None:
    """Where a record's teams, expansions or ignored mark are not what the app stores (a file's), or None."""
    if type(record.get("ignored", True)) is not bool:
        return "record.ignored"
    teams = record.get("teams", {})
    if not isinstance(teams, dict) or any(name_problem(k) or name_problem(v) for k, v in teams.items()):
        return "record.teams"
    expansions = record.get("expansions", [])
    if not isinstance(expansions, list) or len(expansions) > MAX_EXPANSIONS:
        return "record.expansions"
    for n, expansion in enumerate(expansions):
        if not (isinstance(expansion, dict) and set(expansion) <= {"name", "bgg_id", "bgstats"}
                and name_problem(expansion.get("name"), max_length=MAX_EXPANSION_NAME) is None
                and type(expansion.get("bgg_id", 0)) is int and isinstance(expansion.get("bgstats", ""), str)):
            return f"record.expansions[{n}]"
    return None
