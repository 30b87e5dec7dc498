"""BG Stats: the app's export in the shape of a real BG Stats export, the link that pushes one play to the BG
Stats app, and (from bgstats_read and bgstats_plan) the import.

Export: top level `players`, `locations`, `games`, `plays`, `tags`, `groups`, `challenges`, `deletedObjects`,
`userInfo`; objects linked by integer ids; dates "YYYY-MM-DD HH:MM:SS" in this computer's local time, a play
dated by the moment it started; scores as text. What came in from BG Stats goes back out as it came
(bgstats_keep: every uuid and id, what the app does not model, games never played, the players' BoardGameGeek
usernames, "me"), with what the app changed since (a note, a place, a duration, who started, a rename). What
the app made gets uuids derived (uuid5) from its own ids, so two exports of the same history agree, and each
built-in game its BoardGameGeek facts (id, year, play time, player counts) from its spec. Nobody is made the
start player of a play that has none.
"""

from __future__ import annotations

import json
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, timedelta
from typing import Any

from scoring import GameSpec, all_specs
from scoring.ranking import places

from .atomic import encode
from .bgstats_ids import SOURCE_NAME, play_uuid, stable_uuid
from .bgstats_keep import Kept, KeptStore
from .bgstats_plan import (
    CUSTOM_MAX_PLAYERS,
    ImportPlan,
    ImportReport,
    SameName,
    Skipped,
    custom_games_available,
    import_bgstats,
    plan_import,
    run_import,
    suggested_renames,
)
from .bgstats_read import DATE_FORMAT, MAX_TEXT, BGStatsError, is_a, limits_problem, played_at
from .bgstats_scores import score_number, score_text
from .bgstats_teams import expansions_in, teams_in, write_expansions, write_teams
from .play_record import duration_of, expansions_of, record_of, started_of, teams_of
from .repository import Repository
from .summary import current_result, parse_time

__all__ = [
    "CUSTOM_MAX_PLAYERS",
    "DATE_FORMAT",
    "MAX_TEXT",
    "BGStatsError",
    "ImportPlan",
    "ImportReport",
    "SameName",
    "Skipped",
    "add_play_url",
    "custom_games_available",
    "export_bgstats",
    "import_bgstats",
    "imported_result_fault",
    "plan_import",
    "play_uuid",
    "run_import",
    "stable_uuid",
    "suggested_renames",
]

CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SECTIONS = ("tags", "groups", "challenges", "deletedObjects")  # written empty when nothing is kept of them


# ---- export ------------------------------------------------------------------------------------------


def local_time(iso: str) -> str:
    return parse_time(iso).astimezone().strftime(DATE_FORMAT)


def _same_moment(text: Any, iso: str) -> bool:
    """Whether a BG Stats date (local time) is the moment `iso` is."""
    moment = played_at(text)
    return moment is not None and moment.astimezone() == parse_time(iso)


def _location(play: dict[str, Any]) -> str:
    location = record_of(play).get("location")
    return location if isinstance(location, str) else ""


def manual_winner(result: dict[str, Any]) -> bool:
    """True when the winners are not simply the players with the top score (an eliminated leader, a
    tiebreak between equal totals, nobody winning)."""
    totals = {p["name"]: p["total"] for p in result["players"]}
    if not totals:
        return False
    best = max(totals.values())
    return set(result["winners"]) != {n for n, total in totals.items() if total == best}


def _starter(play: dict[str, Any]) -> str | None:
    """Who started, as recorded (nobody is made the start player of a play that has none)."""
    chosen = record_of(play).get("start_player")
    return chosen if isinstance(chosen, str) else None


def _ranks(result: dict[str, Any]) -> dict[str, int]:
    return {name: place for place, group in places(result["ranking"]) for name in group}


def _spec_or_none(game: str) -> GameSpec | None:
    return next((s for s in all_specs() if s.id == game), None)


@dataclass(frozen=True)
class _GameFacts:
    name: str
    bgg_id: int
    cooperative: bool
    highest_wins: bool
    no_points: bool
    min_players: int
    max_players: int
    scored: bool  # False: a game without points (winners only)
    year: int = 0
    play_time: tuple[int, int] = (0, 0)


def game_facts(play: dict[str, Any]) -> _GameFacts:
    """What BG Stats knows of a game: from the built-in spec, or from the custom definition the sheet carries."""
    spec = _spec_or_none(play["game"])
    if spec is not None:
        return _GameFacts(spec.name.render("en"), spec.bgg_id, False, not spec.lowest_wins, False, spec.min_players,
                          spec.max_players, True, spec.bgg_year, spec.play_time)
    d = play["sheet"].get("definition") or {}
    players = d.get("players") or {}
    names = d.get("names") or {}
    return _GameFacts(str(names.get("en") or d.get("name") or play["game"]), int(d.get("bgg_id") or 0),
                      bool(d.get("cooperative")), d.get("win") != "lowest", bool(d.get("no_points")),
                      int(players.get("min") or 0), int(players.get("max") or 0), bool(d.get("categories")))


@dataclass
class _Ids:
    """Integer ids of one kind of object: those kept from BG Stats first (their plays' expansions, groups and
    challenges refer to them), then the next free ones."""

    taken: set[int] = field(default_factory=set)
    next: int = 1

    def keep(self, wanted: Any) -> int:
        if is_a(wanted, int) and wanted > 0 and wanted not in self.taken:
            self.taken.add(wanted)
            return wanted  # type: ignore[no-any-return]
        return self.fresh()

    def fresh(self) -> int:
        while self.next in self.taken:
            self.next += 1
        self.taken.add(self.next)
        return self.next


class _Export:
    """The objects of the export by uuid, in the order written: everything kept first (with its kept id), then
    what the app made, as plays need it."""

    def __init__(self, kept: Kept, profiles: list[dict[str, Any]]) -> None:
        self.kept = kept
        self.profiles = {p["name"]: p for p in profiles}
        self.by_id = {p["id"]: p for p in profiles}
        self.of_profile: dict[str, str] = {}  # profile id -> the BG Stats player it came in as (the first)
        for key, entry in kept.players.items():
            self.of_profile.setdefault(entry.get("profile") or "", key)
        self.of_game: dict[str, str] = {}  # game here -> the first BG Stats game it is
        for key, entry in kept.games.items():
            self.of_game.setdefault(entry.get("game") or "", key)
        self.of_location: dict[str, str] = {}  # a place's name -> the first BG Stats place of that name
        for key, entry in kept.locations.items():
            self.of_location.setdefault(entry.get("name") or "", key)
        self.objects: dict[str, dict[str, dict[str, Any]]] = {"players": {}, "games": {}, "locations": {}}
        self.ids = {kind: _Ids() for kind in self.objects}
        wanted = {kind: [e["object"].get("id") for e in getattr(kept, kind).values()] for kind in self.objects}
        for kind, ids in wanted.items():  # kept ids are reserved before any is handed out
            self.ids[kind].next = max((i for i in ids if is_a(i, int)), default=0) + 1
        for key, entry in kept.players.items():
            self._add("players", key, self._kept_player(entry))
        for key, entry in kept.games.items():
            self._add("games", key, dict(entry["object"]))
        for key, entry in kept.locations.items():
            self._add("locations", key, dict(entry["object"]))
        self.played: dict[str, set[str]] = {}  # game -> who has played it so far
        self.file_games = {e["object"].get("id"): e["object"] for e in kept.games.values()}  # ids as they came

    def _add(self, kind: str, key: str, obj: dict[str, Any]) -> dict[str, Any]:
        obj["id"] = self.ids[kind].keep(obj.get("id"))
        self.objects[kind][key] = obj
        return obj

    def _kept_player(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A kept player as BG Stats has them, named as here when the profile was renamed since."""
        obj = dict(entry["object"])
        profile = self.by_id.get(entry.get("profile"))
        if profile is not None and profile["name"] != entry.get("name"):
            obj["name"] = profile["name"]
        return obj

    def player(self, name: str, kept_uuid: str | None, when: str) -> int:
        """The id of a seat's player: the BG Stats player it came in as, else its profile's."""
        profile = self.profiles.get(name) or {}
        key = kept_uuid if kept_uuid in self.objects["players"] else self.of_profile.get(profile.get("id") or "")
        if key is None:
            key = stable_uuid("player", profile.get("id") or name)
        if key not in self.objects["players"]:
            self._add("players", key, {"uuid": key, "name": name, "isAnonymous": False,
                                       "modificationDate": local_time(profile.get("created_at") or when),
                                       "bggUsername": ""})
        return self.objects["players"][key]["id"]  # type: ignore[no-any-return]

    def game(self, play: dict[str, Any], kept_uuid: str | None) -> int:
        """The id of a play's game: the BG Stats game it came in as, else the first kept one it is here, else
        the game as the app knows it."""
        games = self.objects["games"]
        key = kept_uuid if kept_uuid in games else self.of_game.get(play["game"])
        if key is None:
            key = stable_uuid("game", play["game"])
            if key not in games:
                self._add("games", key, _game_entry(key, play))
        return games[key]["id"]  # type: ignore[no-any-return]

    def expansion(self, expansion: dict[str, Any], when: str) -> int:
        """The id of an expansion's game: the BG Stats game it came in as, else one made from its name."""
        games = self.objects["games"]
        key = expansion.get("bgstats")
        if key not in games:
            key = stable_uuid("expansion", expansion["name"])
            if key not in games:
                facts = _GameFacts(expansion["name"], expansion.get("bgg_id", 0), False, True, False, 0, 0, True)
                self._add("games", key, _game_object(key, facts, local_time(when), expansion=True))
        return games[key]["id"]  # type: ignore[no-any-return]

    def location(self, name: str, kept_uuid: str | None, when: str) -> int:
        places_ = self.objects["locations"]
        entry = self.kept.locations.get(kept_uuid or "")
        key = kept_uuid if entry is not None and entry.get("name") == name else self.of_location.get(name)
        if key is None:
            key = stable_uuid("location", name)
            if key not in places_:
                self._add("locations", key, {"uuid": key, "name": name, "modificationDate": local_time(when)})
        return places_[key]["id"]  # type: ignore[no-any-return]

    def kept_id(self, kind: str, key: str | None) -> int | None:
        found = self.objects[kind].get(key or "")
        return found["id"] if found is not None else None


def _game_entry(key: str, play: dict[str, Any]) -> dict[str, Any]:
    """A game BG Stats does not have from us yet: its BoardGameGeek facts (the built-in games' from their specs)."""
    return _game_object(key, game_facts(play), local_time(play["finished_at"]))


def _game_object(key: str, facts: _GameFacts, when: str, expansion: bool = False) -> dict[str, Any]:
    return {
        "uuid": key, "name": facts.name, "modificationDate": when,
        "cooperative": facts.cooperative, "highestWins": facts.highest_wins, "noPoints": facts.no_points,
        "usesTeams": False, "urlThumb": "", "urlImage": "", "bggName": facts.name, "bggYear": facts.year,
        "bggId": facts.bgg_id, "designers": "", "metaData": "{}", "isBaseGame": int(not expansion),
        "isExpansion": int(expansion), "rating": 0,
        "minPlayerCount": facts.min_players, "maxPlayerCount": facts.max_players,
        "minPlayTime": facts.play_time[0], "maxPlayTime": facts.play_time[1], "minAge": 0, "preferredImage": 0,
        "copies": [],
    }


def export_bgstats(repo: Repository) -> bytes:
    """Every play, oldest first, as a BG Stats export file, with everything kept from BG Stats."""
    kept = KeptStore(repo).read()
    plays = sorted(repo.plays_newest_first(), key=lambda p: (started_of(p), p["id"]))
    out = _Export(kept, repo.players())
    appearances: Counter[int] = Counter()
    exported = []
    for play in plays:
        entry = _export_play(out, play)
        appearances.update(s["playerRefId"] for s in entry["playerScores"])
        exported.append(entry)
    written = {entry["uuid"] for entry in exported}
    exported += [entry for key, extras in kept.plays.items()
                 if key not in written and (entry := _kept_play(out, extras)) is not None]
    me = out.kept_id("players", kept.me)
    if me is None:
        me = max(appearances, key=lambda ref: appearances[ref], default=0)
    info = kept.sections.get("userInfo")
    user = {**(info if isinstance(info, dict) else {"bggUsername": ""}), "meRefId": me}
    sections = {key: kept.sections.get(key, []) for key in SECTIONS}
    others = {key: value for key, value in kept.sections.items() if key not in (*SECTIONS, "userInfo")}
    return encode({**{kind: list(out.objects[kind].values()) for kind in ("players", "locations", "games")},
                   "plays": exported, **sections, **others, "userInfo": user})


def _export_play(out: _Export, play: dict[str, Any]) -> dict[str, Any]:
    extras = play.get("bgstats")
    result = current_result(play)
    if isinstance(extras, dict) and len(extras.get("scores") or ()) == len(result["players"]):
        return _export_imported(out, play, result, extras)
    return _export_own(out, play, result)


def _export_own(out: _Export, play: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """A play the app made."""
    names = [p["name"] for p in result["players"]]
    first = {n for n in names if n not in out.played.setdefault(play["game"], set())}
    out.played[play["game"]].update(names)
    ranks = _ranks(result)
    starter = _starter(play)
    facts = game_facts(play)
    scores = [{"score": score_text(p["total"]) if facts.scored else None, "winner": p["name"] in result["winners"],
               "newPlayer": p["name"] in first, "startPlayer": p["name"] == starter,
               "playerRefId": out.player(p["name"], None, play["finished_at"]),
               "rank": ranks.get(p["name"], 0), "seatOrder": seat}
              for seat, p in enumerate(result["players"], start=1)]
    entry: dict[str, Any] = {
        "uuid": play_uuid(play), "modificationDate": local_time(play.get("edited_at") or play["finished_at"]),
        "entryDate": local_time(play["finished_at"]), "playDate": local_time(started_of(play)), "usesTeams": False,
        "durationMin": duration_of(play) or 0, "ignored": bool(record_of(play).get("ignored")),
        "manualWinner": manual_winner(result) or not facts.scored,
        "rounds": len(play["sheet"].get("rounds") or []), "bggId": 0,
    }
    location = _location(play)
    if location:
        entry["locationRefId"] = out.location(location, None, play["finished_at"])
    entry.update({"gameRefId": out.game(play, None), "rating": 0, "nemestatsId": 0, "scoringSetting": 0,
                  "playerScores": scores})
    write_teams(entry, scores, names, teams_of(play))
    write_expansions(entry, expansions_of(play), lambda e: out.expansion(e, play["finished_at"]))
    note = record_of(play).get("note")
    if isinstance(note, str) and note:
        entry["comments"] = note
    return entry


def _export_imported(out: _Export, play: dict[str, Any], result: dict[str, Any],
                     extras: dict[str, Any]) -> dict[str, Any]:
    """A play that came in from BG Stats: as it came, with what changed here since."""
    names = [p["name"] for p in result["players"]]
    out.played.setdefault(play["game"], set()).update(names)
    entry = dict(extras["play"])
    entry["uuid"] = play_uuid(play)
    started = started_of(play)
    if not _same_moment(entry.get("playDate"), started):
        entry["playDate"] = local_time(started)
    if (duration_of(play) or 0) != (entry.get("durationMin") or 0):
        entry["durationMin"] = duration_of(play) or 0
    if play.get("edited_at"):
        entry["modificationDate"] = local_time(play["edited_at"])
    note = str(record_of(play).get("note") or "")
    if note != (entry.get("comments") or ""):
        entry["comments"] = note
    location = _location(play)
    if location:  # in its place among the play's fields: a play untouched goes back byte for byte
        entry["locationRefId"] = out.location(location, extras.get("location"), play["finished_at"])
    else:
        entry.pop("locationRefId", None)
    entry["gameRefId"] = out.game(play, extras.get("game"))
    starter = _starter(play)
    seats = []
    for player, score, key, was in zip(result["players"], extras["scores"], extras["players"], extras["as"],
                                       strict=True):
        seat = dict(score)
        name = player["name"]
        seat["playerRefId"] = out.player(name, key if name == was else None, play["finished_at"])
        written = score_number(seat.get("score"))
        if written != player["total"] and not (written is None and player["total"] == 0):
            seat["score"] = score_text(player["total"])
        for flag, value in (("winner", name in result["winners"]), ("startPlayer", name == starter)):
            if bool(seat.get(flag)) != value:
                seat[flag] = value
        seats.append(seat)
    entry["playerScores"] = seats
    if teams_of(play) != teams_in(extras["play"], extras["scores"], names):  # edited here
        write_teams(entry, seats, names, teams_of(play))
    if expansions_of(play) != expansions_in(extras["play"], out.file_games):
        write_expansions(entry, expansions_of(play), lambda e: out.expansion(e, play["finished_at"]))
    return entry


def _kept_play(out: _Export, extras: dict[str, Any]) -> dict[str, Any] | None:
    """A play kept from BG Stats that is not in the history (of a game not here, a player count the game does not
    allow, ...): as it came, its references to what the export holds; None when one of them is gone."""
    entry = dict(extras["play"])
    game = out.kept_id("games", extras.get("game"))
    players = [out.kept_id("players", key) for key in extras["players"]]
    location = out.kept_id("locations", extras.get("location"))
    if game is None or None in players or (extras.get("location") and location is None):
        return None
    entry["gameRefId"] = game
    if location is not None:
        entry["locationRefId"] = location
    entry["playerScores"] = [{**score, "playerRefId": ref} for score, ref in zip(extras["scores"], players,
                                                                                   strict=True)]
    return entry


# ---- one play to the BG Stats app -------------------------------------------------------------------------


def add_play_url(play: dict[str, Any], profile_ids: dict[str, str] | None = None) -> str:
    """The link BG Stats documents for other apps to push a play (createPlay: it matches the game by bggId, the
    players by name and remembers the matches, and may forward the play to BoardGameGeek). Players are
    identified as in the export (by profile id). Its date is the moment the play ended (its start plus its
    duration), in UTC, as the link documents it (BG Stats counts the duration back from it); each player in a
    team carries the team as the record has it ("team", the field of BG Stats' own plays). The link documents
    no field for the expansions played: they are not sent (the export carries them)."""
    result = current_result(play)
    facts = game_facts(play)
    record = record_of(play)
    starter = _starter(play)
    ranks = _ranks(result)
    teams = teams_of(play)
    ids = profile_ids or {}
    minutes = duration_of(play) or 0
    ended = parse_time(started_of(play)) + timedelta(minutes=minutes)  # the start is the play's, as everywhere
    payload = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play["id"],
        "playDate": ended.astimezone(UTC).strftime(DATE_FORMAT),
        "durationMin": minutes,
        "location": _location(play),
        "comments": record.get("note") or "",
        "board": "",
        "game": {"name": facts.name, "bggId": facts.bgg_id, "highestWins": facts.highest_wins,
                 "noPoints": not facts.scored, "sourceGameId": play["game"]},
        "players": [{"name": p["name"], "sourcePlayerId": stable_uuid("player", ids.get(p["name"], p["name"])),
                     "score": p["total"] if facts.scored else None, "winner": p["name"] in result["winners"],
                     "rank": ranks.get(p["name"], 0), "startPlayer": p["name"] == starter, "role": "",
                     **({"team": teams[p["name"]]} if p["name"] in teams else {})}
                    for p in result["players"]],
    }
    return CREATE_PLAY_URL + urllib.parse.quote(json.dumps(payload, ensure_ascii=False, separators=(",", ":")),
                                                safe="")


# ---- an imported play in a backup ------------------------------------------------------------------------


def imported_result_fault(play: dict[str, Any]) -> str | None:
    """Where an imported play (totals only) is not what an import makes (a backup checks it), or None. What it
    keeps of BG Stats and its record are held to the BG Stats import's limits (its comments came from there)."""
    sheet, result = play.get("sheet"), play.get("result")
    if not isinstance(sheet, dict) or not isinstance(sheet.get("players"), list):
        return "sheet"
    names = [p.get("name") for p in sheet["players"] if isinstance(p, dict)]
    if len(names) != len(sheet["players"]) or not all(isinstance(n, str) and n for n in names):
        return "sheet.players"
    if not isinstance(result, dict) or not isinstance(result.get("players"), list):
        return "result"
    players = result["players"]
    if [p.get("name") if isinstance(p, dict) else None for p in players] != names or not all(
            _is_total(p.get("total")) and isinstance(p.get("breakdown", {}), dict) for p in players):
        return "result.players"
    ranking, winners = result.get("ranking"), result.get("winners")
    if not isinstance(ranking, list) or sorted(n for g in ranking if isinstance(g, list) for n in g) != sorted(names):
        return "result.ranking"
    if not isinstance(winners, list) or not set(winners) <= set(names):
        return "result.winners"
    if not isinstance(result.get("finished"), bool) or not is_a(result.get("rules_version"), int):
        return "result"
    for key in ("record", "bgstats"):
        if key in play and (not isinstance(play[key], dict) or not _within_limits(play[key])):
            return key
    return None


def _is_total(value: Any) -> bool:
    return value is not None and not isinstance(value, str) and score_number(value) == value


def _within_limits(value: Any) -> bool:
    return limits_problem(value, escapes=True) is None

