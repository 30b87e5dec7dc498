"""Teams and expansions between a BG Stats play and a play's record: what the import takes of them, and what the
export writes when the record holds something else than what came (or when the app made the play).

BG Stats writes a team game's play with "usesTeams": true and each seat's "team" (a text: the team's name, or
"0", "1", ... for teams the players did not name), and the expansions played as "expansionPlays": [{"gameRefId":
the expansion's game, "bggId": its BoardGameGeek id}]. A game of the file is an expansion when BG Stats marks it
one ("isExpansion" without "isBaseGame") or when plays only ever name it among their expansions; the file has no
other link to its base game than those plays (BG Stats' own link is BoardGameGeek's), so its base is the game it was
played with most, else the game whose name its name starts with ("Root: The Underworld Expansion": Root)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from scoring.names import name_problem

from .bgstats_read import is_a
from .play_record import MAX_EXPANSION_NAME, MAX_EXPANSIONS

Games = dict[int, dict[str, Any]]  # BG Stats games by their id in the file
EXPANSION_OF = "expansion_of"  # what is kept of an expansion's game: the game here it expands (None: unknown)
UNNAMED_TEAM = re.compile(r"(0|[1-9][0-9]{0,2})")  # BG Stats' teams the players did not name: "0", "1", ...


def unnamed_team_number(play: dict[str, Any], team: str) -> int | None:
    """The number a team BG Stats brought without a name ("0") is shown by, counting from 1 ("Team 1"); None for a
    named team. The record keeps "0", and the export writes it back as it came."""
    if "bgstats" in play and UNNAMED_TEAM.fullmatch(team):
        return int(team) + 1
    return None


def expansion_bases(games: Games, played: set[int], played_with: dict[int, Counter[int]]) -> dict[int, int | None]:
    """The file's expansions, each with its base game (by id in the file; None when none is known). `played`: the
    games that plays are of; `played_with`: for each game named among a play's expansions, the games of those
    plays."""
    def marked(game: dict[str, Any]) -> bool:
        return bool(game.get("isExpansion")) and not game.get("isBaseGame")

    expansions = {ref for ref, game in games.items()
                  if marked(game) or (ref in played_with and ref not in played)}
    bases = {str(game["name"]).casefold(): ref for ref, game in games.items() if ref not in expansions}
    out: dict[int, int | None] = {}
    for ref in expansions:
        with_ = [base for base, _ in (played_with.get(ref) or Counter()).most_common() if base not in expansions]
        prefix, colon, _ = str(games[ref]["name"]).partition(":")
        out[ref] = with_[0] if with_ else bases.get(prefix.strip().casefold()) if colon else None
    return out


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
