"""Teams and expansions between a BG Stats play and a play's record: what the import takes of them, and what the
export writes when the record holds something else than what came (or when the app made the play).

BG Stats writes a team game's play with "usesTeams": true and each seat's "team" (a text), and the expansions
played as "expansionPlays": [{"gameRefId": the expansion's game, "bggId": its BoardGameGeek id}]."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.names import name_problem

from .bgstats_read import is_a
from .play_record import MAX_EXPANSION_NAME, MAX_EXPANSIONS

Games = dict[int, dict[str, Any]]  # BG Stats games by their id in the file


def teams_in(play: dict[str, Any], seats: list[dict[str, Any]], names: list[str]) -> dict[str, str]:
    """Each seated player's team, where BG Stats names one that the players' rule allows."""
    if not play.get("usesTeams"):
        return {}
    return {name: seat["team"] for name, seat in zip(names, seats, strict=True)
            if isinstance(seat.get("team"), str) and name_problem(seat["team"]) is None}


def expansions_in(play: dict[str, Any], games: Games) -> list[dict[str, Any]]:
    """The expansions played whose game the file has (the rest stay in what is kept of the play)."""
    found = []
    for entry in play.get("expansionPlays") or ():
        ref = entry.get("gameRefId") if isinstance(entry, dict) else None
        game = games.get(ref) if is_a(ref, int) else None
        if game is not None and name_problem(game["name"], max_length=MAX_EXPANSION_NAME) is None:
            found.append({"name": game["name"], "bgg_id": game["bggId"] if is_a(game.get("bggId"), int) else 0,
                          **({"bgstats": game["uuid"]} if is_a(game.get("uuid"), str) else {})})
    return found[:MAX_EXPANSIONS]


def record_part(play: dict[str, Any], seats: list[dict[str, Any]], names: list[str], games: Games) -> dict[str, Any]:
    """The record's "teams" and "expansions" of an imported play (absent when it has none)."""
    out: dict[str, Any] = {}
    if teams := teams_in(play, seats, names):
        out["teams"] = teams
    if expansions := expansions_in(play, games):
        out["expansions"] = expansions
    return out


def write_teams(entry: dict[str, Any], seats: list[dict[str, Any]], names: list[str], teams: dict[str, str]) -> None:
    """The play's and its seats' team fields as BG Stats writes them for these teams."""
    entry["usesTeams"] = bool(teams)
    for seat, name in zip(seats, names, strict=True):
        if name in teams:
            seat["team"] = teams[name]
        else:
            seat.pop("team", None)


def write_expansions(entry: dict[str, Any], expansions: list[dict[str, Any]],
                     game_id: Callable[[dict[str, Any]], int]) -> None:
    """The play's expansionPlays for these expansions (`game_id`: each one's game in the export)."""
    if expansions:
        entry["expansionPlays"] = [{"gameRefId": game_id(e), "bggId": e.get("bgg_id", 0)} for e in expansions]
    else:
        entry.pop("expansionPlays", None)
