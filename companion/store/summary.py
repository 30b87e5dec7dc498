"""What the history list and the statistics need of a play, without its sheet.

A play stores its sheet, the rules version it was scored with and the engine's result at the time. The
summary comes from that result while the game's rules are unchanged; after a rules change it is scored
again from the sheet, so totals always follow the current rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from sys import intern
from typing import Any, NamedTuple

from scoring import SheetError, score_sheet, spec_for_sheet
from scoring.ranking import places


class PlaySummary(NamedTuple):
    """Immutable (summaries are cached and shared). A named tuple: a history holds thousands and reads them all
    at start, and a tuple is made five times faster than a frozen dataclass."""

    id: str
    game: str
    started_at: str | None
    finished_at: str
    players: tuple[str, ...]  # seat order
    totals: dict[str, int]
    winners: tuple[str, ...]  # several when the win is shared; none when everyone was eliminated
    ranking: tuple[tuple[str, ...], ...]  # tied groups, best first
    finished: bool  # False when the table ended the game before its rules did
    eliminated: tuple[str, ...] = ()  # out of the game by its rules (their total is not a real score)
    location: str = ""  # where it was played (the play's record)
    note: str = ""  # the play's note (its record)
    points: bool = True  # False: no score was entered, only who won (see has_points); its totals are no scores
    expansions: tuple[str, ...] = ()  # the names of the expansions used (the play's record)
    teams: tuple[tuple[str, ...], ...] = ()  # each team's players, the teams as they first sit (the play's record)
    counted: bool = True  # False: a play BG Stats marks ignored (its record's); listed, left out of every statistic

    def place(self, name: str) -> int:
        """Standard competition place: two tied for 1st are both 1st, the next is 3rd."""
        for place, group in places(self.ranking):
            if name in group:
                return place
        raise KeyError(name)

    def day(self) -> date:
        """The local calendar day the play started on (this computer's time zone), as BG Stats dates a play."""
        return parse_time(self.started_at or self.finished_at).astimezone().date()


def parse_time(iso: str) -> datetime:
    moment = datetime.fromisoformat(iso)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def current_result(play: dict[str, Any]) -> dict[str, Any]:
    """The play's result under the current rules: the stored one while they match, else scored again.

    A sheet that the current rules no longer accept keeps its stored result.
    """
    stored = play.get("result")
    if play.get("imported") and stored is not None:  # imported with totals only: its sheet cannot be scored
        return stored
    try:
        if stored is not None and play.get("rules_version") == spec_for_sheet(play["sheet"]).rules_version:
            return stored
        return score_sheet(play["sheet"]).to_json()
    except SheetError:
        if stored is None:
            raise
        return stored


def has_points(play: dict[str, Any]) -> bool:
    """False for a play without points, where no score was entered and only who won counts: a game of one's own
    whose table picks the winners or wins together with nothing to count, or a BG Stats play imported without
    scores (The Crew, Avalon: its sheet holds no score for anyone). Every built-in game counts points, and so does
    a counter sheet with a category that counts."""
    sheet = play["sheet"]
    definition = sheet.get("definition")
    if not isinstance(definition, dict):
        return True
    keys = [c["key"] for c in definition.get("categories", ()) if c.get("counts", True)]
    if not keys:
        return False
    if definition.get("scoring") == "counter":  # a count starts at 0 and is never blank
        return True
    values = [p.get(key) for p in sheet.get("players", ()) for key in keys]
    for entry in sheet.get("rounds") or ():  # each player's round: its categories, or the one number
        for value in entry.values():
            values += [value.get(key) for key in keys] if isinstance(value, dict) else [value]
    return any(v is not None for v in values)


def teams_in(record: dict[str, Any], players: Sequence[str]) -> dict[str, list[str]]:
    """Each team of a play's record with its players (those of `players`, in their order), the teams in the order
    they first sit."""
    teams = record.get("teams")
    members: dict[str, list[str]] = {}
    for name in players if isinstance(teams, dict) else ():
        if name in teams:
            members.setdefault(teams[name], []).append(name)
    return members


def summary_of(play: dict[str, Any]) -> PlaySummary:
    result = current_result(play)
    # names repeat across thousands of summaries: one string each, kept once in memory and in summaries files
    entries = result["players"]
    players = tuple([intern(p["name"]) for p in entries])
    record = play.get("record") or {}
    expansions = record.get("expansions")
    teams = teams_in(record, players) if "teams" in record else None  # most plays have none
    # positional: a history summarises every play of an import, and keywords made this a fifth slower
    return PlaySummary(
        play["id"], intern(play["game"]), play.get("started_at"), play["finished_at"], players,
        {name: p["total"] for name, p in zip(players, entries, strict=True)},
        tuple(map(intern, result["winners"])), tuple([tuple(map(intern, group)) for group in result["ranking"]]),
        result["finished"], tuple([name for name, p in zip(players, entries, strict=True) if p.get("eliminated")]),
        str(record.get("location") or ""), str(record.get("note") or ""), has_points(play),
        tuple([intern(str(e["name"])) for e in expansions]) if expansions else (),
        tuple([tuple(team) for team in teams.values()]) if teams else (), not record.get("ignored"))
