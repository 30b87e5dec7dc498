"""BG Stats: the app's export in the shape of a real BG Stats export, its import, and the link that pushes
one play to the BG Stats app.

Export: top level `players`, `locations`, `games`, `plays`, `tags`, `groups`, `challenges`, `deletedObjects`,
`userInfo`; objects linked by integer ids; RFC-4122 uuids derived (uuid5) from our own ids, so two exports
of the same history agree; dates "YYYY-MM-DD HH:MM:SS" in this computer's local time; scores as text.

Import: the file is read and checked completely (size, JSON, nesting, every object's shape and every
reference) before anything is stored, and refused with a BGStatsError otherwise. Plays of built-in games
(matched by bggId, then by name) become history plays marked `imported` with totals only; plays of other
games (once the engine has custom games) become plays of a custom game with one category, the score, also
marked `imported` with BG Stats' result stored. A play whose BG Stats uuid is already in the history
(imported before, or exported from here) is skipped.
"""

from __future__ import annotations

import json
import urllib.parse
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import scoring
from scoring import GameSpec, all_specs
from scoring.engine import MAX_NAME_LENGTH
from scoring.ranking import places

from .atomic import encode
from .definitions import DefinitionStore
from .play_record import duration_of, record_of, started_of
from .refusal import RefusedError
from .repository import Repository, new_id, now_iso
from .summary import current_result, parse_time

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://table-companion.app/bgstats")
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
SOURCE_NAME = "Table Companion"
ADD_PLAY_URL = "bgstats://app.bgstatsapp.com/addPlay.html?data="
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_DEPTH = 12
MAX_TEXT = 5000
MAX_OBJECTS = 200_000
BATCH = 250
CUSTOM_NAME = 40  # the longest name a custom game has
CUSTOM_MAX_PLAYERS = 20
CUSTOM_LIMIT = 1_000_000  # the bounds of a custom game's category
PLAY_TIMES = {"ticket-to-ride-europe": (30, 60)}  # box play times in minutes (from BG Stats' own data)


# ---- export ------------------------------------------------------------------------------------------


def stable_uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def local_time(iso: str) -> str:
    return parse_time(iso).astimezone().strftime(DATE_FORMAT)


def _location(play: dict[str, Any]) -> str:
    location = record_of(play).get("location")
    return location if isinstance(location, str) else ""


def _play_uuid(play: dict[str, Any]) -> str:
    known = record_of(play).get("bgstats_uuid")
    return known if isinstance(known, str) and known else stable_uuid("play", play["id"])


def manual_winner(result: dict[str, Any]) -> bool:
    """True when the winners are not simply the players with the top score (an eliminated leader, a
    tiebreak between equal totals, nobody winning)."""
    totals = {p["name"]: p["total"] for p in result["players"]}
    if not totals:
        return False
    best = max(totals.values())
    return set(result["winners"]) != {n for n, total in totals.items() if total == best}


def _starter(play: dict[str, Any], names: list[str]) -> str:
    """Who started: as recorded, else the first seat."""
    chosen = record_of(play).get("start_player")
    return chosen if chosen in names else names[0]


def _ranks(result: dict[str, Any]) -> dict[str, int]:
    return {name: place for place, group in places(result["ranking"]) for name in group}


@dataclass
class _Export:
    """Integer ids handed out in order of first use."""

    players: dict[str, dict[str, Any]] = field(default_factory=dict)
    locations: dict[str, dict[str, Any]] = field(default_factory=dict)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    played: dict[str, set[str]] = field(default_factory=dict)  # game -> who has played it so far


def export_bgstats(repo: Repository) -> bytes:
    """Every play, oldest first, as a BG Stats export file."""
    plays = sorted(repo.plays_newest_first(), key=lambda p: (p["finished_at"], p["id"]))
    profiles = {p["name"]: p for p in repo.players()}
    out = _Export()
    appearances: Counter[str] = Counter()
    exported = []
    for play in plays:
        result = current_result(play)
        names = [p["name"] for p in result["players"]]
        appearances.update(names)
        first = {n for n in names if n not in out.played.setdefault(play["game"], set())}
        out.played[play["game"]].update(names)
        exported.append(_export_play(out, play, result, profiles, first))
    me = max(out.players, key=lambda n: appearances[n], default=None)
    return encode({
        "players": list(out.players.values()),
        "locations": list(out.locations.values()),
        "games": list(out.games.values()),
        "plays": exported,
        "tags": [], "groups": [], "challenges": [], "deletedObjects": [],
        "userInfo": {"meRefId": out.players[me]["id"] if me is not None else 0, "bggUsername": ""},
    })


def _export_play(out: _Export, play: dict[str, Any], result: dict[str, Any], profiles: dict[str, dict[str, Any]],
                 first: set[str]) -> dict[str, Any]:
    game = _game_entry(out, play)
    ranks = _ranks(result)
    starter = _starter(play, [p["name"] for p in result["players"]])
    facts = game_facts(play)
    scores = [{"score": str(p["total"]) if facts.scored else None, "winner": p["name"] in result["winners"],
               "newPlayer": p["name"] in first, "startPlayer": p["name"] == starter,
               "playerRefId": _player_entry(out, p["name"], profiles, play)["id"],
               "rank": ranks.get(p["name"], 0), "seatOrder": seat}
              for seat, p in enumerate(result["players"], start=1)]
    entry: dict[str, Any] = {
        "uuid": _play_uuid(play), "modificationDate": local_time(play.get("edited_at") or play["finished_at"]),
        "entryDate": local_time(play["finished_at"]), "playDate": local_time(started_of(play)), "usesTeams": False,
        "durationMin": duration_of(play) or 0, "ignored": False,
        "manualWinner": manual_winner(result) or not facts.scored,
        "rounds": len(play["sheet"].get("rounds") or []), "bggId": facts.bgg_id,
    }
    location = _location(play)
    if location:
        entry["locationRefId"] = _location_entry(out, location, play)["id"]
    entry.update({"gameRefId": game["id"], "rating": 0, "nemestatsId": 0, "scoringSetting": 0,
                  "playerScores": scores})
    note = record_of(play).get("note")
    if isinstance(note, str) and note:
        entry["comments"] = note
    return entry


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


def game_facts(play: dict[str, Any]) -> _GameFacts:
    """What BG Stats knows of a game: from the built-in spec, or from the custom definition the sheet carries."""
    spec = _spec_or_none(play["game"])
    if spec is not None:
        return _GameFacts(spec.name.en, spec.bgg_id, False, True, False, spec.min_players, spec.max_players, True)
    d = play["sheet"].get("definition") or {}
    players = d.get("players") or {}
    names = d.get("names") or {}
    return _GameFacts(str(names.get("en") or d.get("name") or play["game"]), int(d.get("bgg_id") or 0),
                      bool(d.get("cooperative")), d.get("win") != "lowest", bool(d.get("no_points")),
                      int(players.get("min") or 0), int(players.get("max") or 0), bool(d.get("categories")))


def _game_entry(out: _Export, play: dict[str, Any]) -> dict[str, Any]:
    game = play["game"]
    if game in out.games:
        return out.games[game]
    facts = game_facts(play)
    low, high = PLAY_TIMES.get(game, (0, 0))
    entry = {
        "uuid": stable_uuid("game", game), "id": len(out.games) + 1, "name": facts.name,
        "modificationDate": local_time(play["finished_at"]),
        "cooperative": facts.cooperative, "highestWins": facts.highest_wins, "noPoints": facts.no_points,
        "usesTeams": False, "urlThumb": "", "urlImage": "", "bggName": facts.name, "bggYear": 0,
        "bggId": facts.bgg_id, "designers": "", "metaData": "{}", "isBaseGame": 1, "isExpansion": 0, "rating": 0,
        "minPlayerCount": facts.min_players, "maxPlayerCount": facts.max_players,
        "minPlayTime": low, "maxPlayTime": high, "minAge": 0, "preferredImage": 0, "copies": [],
    }
    out.games[game] = entry
    return entry


def _player_entry(out: _Export, name: str, profiles: dict[str, dict[str, Any]], play: dict[str, Any]) -> dict[str, Any]:
    if name not in out.players:
        profile = profiles.get(name) or {}
        out.players[name] = {"uuid": stable_uuid("player", profile.get("id") or name), "id": len(out.players) + 1,
                             "name": name, "isAnonymous": False,
                             "modificationDate": local_time(profile.get("created_at") or play["finished_at"]),
                             "bggUsername": ""}
    return out.players[name]


def _location_entry(out: _Export, name: str, play: dict[str, Any]) -> dict[str, Any]:
    if name not in out.locations:
        out.locations[name] = {"uuid": stable_uuid("location", name), "id": len(out.locations) + 1, "name": name,
                               "modificationDate": local_time(play["finished_at"])}
    return out.locations[name]


# ---- one play to the BG Stats app -------------------------------------------------------------------------


def add_play_url(play: dict[str, Any], profile_ids: Mapping[str, str] | None = None) -> str:
    """The link BG Stats documents for other apps to push a play (it matches the game by bggId and may
    forward the play to BoardGameGeek). Players are identified as in the export (by profile id)."""
    result = current_result(play)
    facts = game_facts(play)
    record = record_of(play)
    starter = _starter(play, [p["name"] for p in result["players"]])
    ranks = _ranks(result)
    ids = profile_ids or {}
    payload = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play["id"],
        "playDate": local_time(started_of(play)),
        "durationMin": duration_of(play) or 0,
        "location": _location(play),
        "comments": record.get("note") or "",
        "board": "",
        "game": {"name": facts.name, "bggId": facts.bgg_id, "highestWins": facts.highest_wins,
                 "noPoints": not facts.scored,
                 "sourceGameId": play["game"]},
        "players": [{"name": p["name"], "sourcePlayerId": stable_uuid("player", ids.get(p["name"], p["name"])),
                     "score": p["total"] if facts.scored else None, "winner": p["name"] in result["winners"],
                     "rank": ranks.get(p["name"], 0), "startPlayer": p["name"] == starter, "role": ""}
                    for p in result["players"]],
    }
    return ADD_PLAY_URL + urllib.parse.quote(json.dumps(payload, ensure_ascii=False, separators=(",", ":")), safe="")


# ---- import ------------------------------------------------------------------------------------------


class BGStatsError(RefusedError):
    """A BG Stats file refused before anything was stored."""


@dataclass(frozen=True)
class Skipped:
    uuid: str
    game: str
    reason: str  # a catalog key: bgstats.skip.<reason>
    played: str  # when, as BG Stats has it ("YYYY-MM-DD HH:MM:SS", local time)


@dataclass(frozen=True)
class ImportPlan:
    """What an import would do, computed without writing anything (the preview shows it)."""

    plays: list[dict[str, Any]]  # ready to store
    skipped: list[Skipped]
    players: list[str]  # everyone in the file who plays
    new_players: list[str]  # of those, names with no profile here
    games: list[str]  # every game in the file, by name
    matched: dict[str, str]  # BG Stats game name -> built-in game id
    first_day: str | None
    last_day: str | None

    @property
    def total_plays(self) -> int:
        return len(self.plays) + len(self.skipped)

    def reasons(self) -> Counter[str]:
        return Counter(s.reason for s in self.skipped)

    @property
    def new_players_coming(self) -> list[str]:
        """Players new here (as the file spells them) who play in a play that comes in."""
        coming = {p["name"] for play in self.plays for p in play["sheet"]["players"]}
        return [n for n in self.new_players if n in coming]


def suggested_renames(repo: Repository, plan: ImportPlan) -> dict[str, str]:
    """What the preview first takes each player new here as: the known player whose name differs only in case
    ("mina" is Mina). `plan_import(repo, data, renames)` plans with them."""
    known = {p["name"].casefold(): p["name"] for p in repo.players()}
    return {n: known[n.casefold()] for n in plan.new_players_coming if n.casefold() in known}


def read_bgstats(data: bytes) -> dict[str, Any]:
    """The file's content, checked through. Raises BGStatsError."""
    if len(data) > MAX_FILE_BYTES:
        raise BGStatsError("bgstats.error.too_large", limit_mb=MAX_FILE_BYTES // (1024 * 1024))
    try:
        content = json.loads(data.decode("utf-8-sig"), parse_constant=_refuse_constant)
    except RecursionError:
        raise BGStatsError("bgstats.error.too_deep", limit=MAX_DEPTH) from None
    except ValueError:
        raise BGStatsError("bgstats.error.not_json") from None
    _check_size(content)
    if isinstance(content, dict) and isinstance(content.get("game"), dict) and "plays" not in content:
        content = _from_single_play(content)
    sections = ("players", "games", "plays")
    if not isinstance(content, dict) or not all(isinstance(content.get(k), list) for k in sections):
        raise BGStatsError("bgstats.error.not_bgstats")
    if not isinstance(content.get("locations", []), list):
        raise _invalid("locations")
    players = _objects(content["players"], "players", {"id": int, "name": str})
    games = _objects(content["games"], "games", {"id": int, "name": str})
    locations = _objects(content.get("locations", []), "locations", {"id": int, "name": str})
    for i, game in enumerate(content["games"]):
        _optional(game, f"games[{i}]", {"bggId": int, "cooperative": bool, "highestWins": bool, "noPoints": bool})
    uuids: set[str] = set()
    for i, play in enumerate(content["plays"]):
        _check_play(play, f"plays[{i}]", players, games, locations, uuids)
    return content


def _from_single_play(play: dict[str, Any]) -> dict[str, Any]:
    """One play in the shape BG Stats takes from other apps (a game, players by name, a date), as an export
    holding that play. Raises BGStatsError."""
    players = play.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and _is(p.get("name"), str) for p in players):
        raise _invalid("players")
    game = play["game"]
    if not _is(game.get("name"), str):
        raise _invalid("game.name")
    source = str(play.get("sourcePlayId") or json.dumps(play, sort_keys=True))
    # a play this app sent keeps the uuid its export gives it, so it is recognised when it comes back
    key = stable_uuid("play", source) if play.get("sourceName") == SOURCE_NAME else stable_uuid(
        "shared-play", f"{play.get('sourceName')}:{source}")
    names = list(dict.fromkeys(p["name"] for p in players))
    return {
        "players": [{"id": i, "name": n} for i, n in enumerate(names, start=1)],
        "games": [{"id": 1, "name": game["name"], "bggId": game.get("bggId") or 0,
                   "highestWins": game.get("highestWins", True), "noPoints": game.get("noPoints", False)}],
        "locations": [{"id": 1, "name": play["location"]}] if _is(play.get("location"), str) and play["location"]
        else [],
        "plays": [{"uuid": key, "gameRefId": 1,
                   "playDate": play.get("playDate"), "durationMin": play.get("durationMin") or 0,
                   "comments": play.get("comments") or "",
                   **({"locationRefId": 1} if _is(play.get("location"), str) and play["location"] else {}),
                   "playerScores": [{"playerRefId": names.index(p["name"]) + 1, "score": p.get("score"),
                                     "winner": p.get("winner", False), "rank": p.get("rank") or 0,
                                     "startPlayer": p.get("startPlayer", False), "seatOrder": seat}
                                    for seat, p in enumerate(players, start=1)]}],
    }


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _invalid(path: str) -> BGStatsError:
    return BGStatsError("bgstats.error.invalid", path=path)


def _check_size(content: Any) -> None:
    stack, count = [(content, 0)], 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if depth > MAX_DEPTH:
            raise BGStatsError("bgstats.error.too_deep", limit=MAX_DEPTH)
        if count > MAX_OBJECTS:
            raise BGStatsError("bgstats.error.too_many", limit=MAX_OBJECTS)
        if isinstance(value, dict):
            if any(len(key) > MAX_TEXT for key in value):
                raise BGStatsError("bgstats.error.too_long", limit=MAX_TEXT)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            raise BGStatsError("bgstats.error.too_long", limit=MAX_TEXT)


def _is(value: Any, kind: type) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _objects(items: list[Any], path: str, required: dict[str, type]) -> dict[int, dict[str, Any]]:
    """Objects by their integer id, each with the required keys of the right type and a unique id."""
    by_id: dict[int, dict[str, Any]] = {}
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise _invalid(f"{path}[{i}]")
        for key, kind in required.items():
            if not _is(item.get(key), kind):
                raise _invalid(f"{path}[{i}].{key}")
        if item["id"] in by_id:
            raise _invalid(f"{path}[{i}].id")
        _optional(item, f"{path}[{i}]", {"uuid": str})
        by_id[item["id"]] = item
    return by_id


def _optional(item: dict[str, Any], path: str, kinds: dict[str, type]) -> None:
    for key, kind in kinds.items():
        if key in item and item[key] is not None and not _is(item[key], kind):
            raise _invalid(f"{path}.{key}")


def _check_play(play: Any, path: str, players: dict[int, Any], games: dict[int, Any], locations: dict[int, Any],
                uuids: set[str]) -> None:
    if not isinstance(play, dict):
        raise _invalid(path)
    if not _is(play.get("uuid"), str) or not play["uuid"]:
        raise _invalid(f"{path}.uuid")
    if play["uuid"] in uuids:
        raise _invalid(f"{path}.uuid")
    uuids.add(play["uuid"])
    if not _is(play.get("gameRefId"), int) or play["gameRefId"] not in games:
        raise _invalid(f"{path}.gameRefId")
    _optional(play, path, {"durationMin": int, "ignored": bool, "comments": str, "locationRefId": int,
                           "manualWinner": bool})
    if play.get("locationRefId") not in (None, 0) and play["locationRefId"] not in locations:
        raise _invalid(f"{path}.locationRefId")
    try:
        datetime.strptime(play.get("playDate"), DATE_FORMAT)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise _invalid(f"{path}.playDate") from None
    if not isinstance(play.get("playerScores"), list) or not play["playerScores"]:
        raise _invalid(f"{path}.playerScores")
    refs: set[int] = set()
    for n, score in enumerate(play["playerScores"]):
        where = f"{path}.playerScores[{n}]"
        if not isinstance(score, dict) or not _is(score.get("playerRefId"), int) or score["playerRefId"] not in players:
            raise _invalid(f"{where}.playerRefId")
        if score["playerRefId"] in refs:
            raise _invalid(f"{where}.playerRefId")
        refs.add(score["playerRefId"])
        _optional(score, where, {"winner": bool, "rank": int, "seatOrder": int, "startPlayer": bool,
                                 "newPlayer": bool})
        if score.get("score") is not None and not isinstance(score["score"], (str, int, float)):
            raise _invalid(f"{where}.score")


def _match_game(game: dict[str, Any]) -> GameSpec | None:
    bgg = game.get("bggId") or 0
    specs = all_specs()
    by_bgg = next((s for s in specs if bgg and s.bgg_id == bgg), None)
    if by_bgg is not None:
        return by_bgg
    name = " ".join(str(game["name"]).split()).casefold()
    return next((s for s in specs if name in (s.name.en.casefold(), s.name.ko.casefold(), s.id)), None)


def _to_utc(local: str) -> str:
    moment = datetime.strptime(local, DATE_FORMAT).astimezone()  # a naive time is this computer's local time
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _score(raw: Any) -> int | None:
    """The score as a whole number; None when there is none or it is not whole."""
    if raw is None or isinstance(raw, bool):
        return None
    try:
        value = float(raw.strip() if isinstance(raw, str) else raw)
    except ValueError:
        return None
    return int(value) if value.is_integer() and abs(value) < 10**9 else None


def _known_uuids(repo: Repository) -> set[str]:
    """BG Stats uuids already in the history: of imported plays, and of every play as our export names it."""
    return {_play_uuid(p) for p in repo.plays_newest_first()} | {
        stable_uuid("play", p["id"]) for p in repo.plays_newest_first()}


def _unique(names: Iterable[str]) -> list[str]:
    """Names made unique within one play ("Anonymous player", "Anonymous player 2")."""
    out: list[str] = []
    for name in names:
        candidate, n = name, 1
        while candidate in out:
            n += 1
            candidate = f"{name[:MAX_NAME_LENGTH - len(str(n)) - 1]} {n}"
        out.append(candidate)
    return out


def _name(player: dict[str, Any]) -> str:
    return " ".join(str(player["name"]).split())


@dataclass(frozen=True)
class _Target:
    """What a BG Stats game becomes here: a built-in game, or a custom game with one category (its score)."""

    game: str
    rules_version: int
    min_players: int
    max_players: int
    needs_scores: bool
    lowest_wins: bool
    definition: dict[str, Any] | None = None  # a custom game's, carried inline by its sheets

    def sheet(self, names: list[str], scores: list[int | None], winners: list[str]) -> dict[str, Any]:
        if self.definition is None:
            return {"game": self.game, "players": [{"name": n} for n in names]}
        keep = bool(self.definition["categories"])
        sheet: dict[str, Any] = {"game": self.game, "definition": self.definition,
                                 "players": [{"name": n, **({"score": v} if keep and v is not None else {})}
                                             for n, v in zip(names, scores, strict=True)]}
        if self.definition["cooperative"]:
            sheet["outcome"] = "won" if winners else "lost"
        elif self.definition["no_points"]:
            sheet["winners"] = winners
        return sheet


def custom_games_available() -> bool:
    """Plays of other games come in as custom games once the engine knows custom games (spec_for_sheet)."""
    return hasattr(scoring, "spec_for_sheet")


def _target(game: dict[str, Any], plays: list[dict[str, Any]]) -> _Target | None:
    spec = _match_game(game)
    if spec is not None:
        return _Target(spec.id, spec.rules_version, spec.min_players, spec.max_players, True,
                       lowest_wins=False)  # in every built-in game the highest total wins
    if not custom_games_available():
        return None
    # co-operative: everyone wins or loses together; a game where only some win (a traitor) is "no points",
    # and so is a game with plays that BG Stats holds only the winners of (the scores, where given, stay)
    cooperative = bool(game.get("cooperative")) and all(
        len({bool(s.get("winner")) for s in play["playerScores"]}) == 1 for play in plays)
    scores = [_score(s.get("score")) for play in plays for s in play["playerScores"]]
    no_points = not cooperative and (bool(game.get("noPoints")) or bool(game.get("cooperative"))
                                     or None in scores)
    name = " ".join(str(game["name"]).split())[:CUSTOM_NAME].strip() or "BG Stats"
    definition: dict[str, Any] = {
        "id": "custom-bgs-" + uuid.UUID(stable_uuid("game", str(game.get("uuid") or game["name"]))).hex[:12],
        "version": 1, "name": name, "players": {"min": 1, "max": CUSTOM_MAX_PLAYERS},
        "categories": [{"key": "score", "name": "Score", "names": {"en": "Score", "ko": "점수"},
                        "min": -CUSTOM_LIMIT, "max": CUSTOM_LIMIT, "optional": None in scores}]
        if any(v is not None for v in scores) else [],
        "scoring": "final", "win": "highest" if game.get("highestWins", True) else "lowest",
        "cooperative": cooperative, "no_points": no_points}
    if _is(game.get("bggId"), int) and game["bggId"] > 0:
        definition["bgg_id"] = game["bggId"]
    return _Target(definition["id"], 1, 1, CUSTOM_MAX_PLAYERS, not (cooperative or no_points),
                   definition["win"] == "lowest", definition)


def plan_import(repo: Repository, data: bytes, renames: dict[str, str] | None = None) -> ImportPlan:
    """Read a BG Stats file and work out what importing it would add. Raises BGStatsError."""
    content = read_bgstats(data)
    renames = renames or {}
    players = {p["id"]: p for p in content["players"]}
    games = {g["id"]: g for g in content["games"]}
    locations = {loc["id"]: loc for loc in content.get("locations", [])}
    known = _known_uuids(repo)
    matched = {str(g["name"]): spec.id for g in games.values() if (spec := _match_game(g)) is not None}
    by_game: dict[int, list[dict[str, Any]]] = {}
    for play in content["plays"]:
        by_game.setdefault(play["gameRefId"], []).append(play)
    targets = {ref: _target(games[ref], plays) for ref, plays in by_game.items()}
    plan_plays: list[dict[str, Any]] = []
    skipped: list[Skipped] = []
    playing: dict[str, None] = {}
    days: list[str] = []
    for play in content["plays"]:
        game = games[play["gameRefId"]]
        target = targets[play["gameRefId"]]
        names = _unique(renames.get(_name(players[s["playerRefId"]]), _name(players[s["playerRefId"]]))
                        for s in sorted(play["playerScores"], key=_seat))
        playing.update(dict.fromkeys(names))
        days.append(play["playDate"][:10])
        reason = _skip_reason(play, target, names, known)
        if reason is not None:
            skipped.append(Skipped(play["uuid"], str(game["name"]), reason, play["playDate"]))
            continue
        assert target is not None
        location = locations.get(play.get("locationRefId") or 0)
        plan_plays.append(_imported_play(play, target, names, location["name"] if location else ""))
    profiles = {p["name"] for p in repo.players()}
    return ImportPlan(plan_plays, skipped, list(playing), [n for n in playing if n not in profiles],
                      sorted({str(g["name"]) for g in games.values()}, key=str.casefold), matched,
                      min(days, default=None), max(days, default=None))


def _seat(score: dict[str, Any]) -> int:
    return score.get("seatOrder") or 0


def _skip_reason(play: dict[str, Any], target: _Target | None, names: list[str], known: set[str]) -> str | None:
    if play["uuid"] in known:
        return "already"
    if target is None:
        return "other_game"
    if play.get("ignored"):
        return "ignored"
    if not target.min_players <= len(names) <= target.max_players:
        return "player_count"
    if any(not n or len(n) > MAX_NAME_LENGTH for n in names):
        return "name"
    if target.needs_scores and any(_score(s.get("score")) is None for s in play["playerScores"]):
        return "score"
    return None


def _imported_play(play: dict[str, Any], target: _Target, names: list[str], location: str) -> dict[str, Any]:
    seats = sorted(play["playerScores"], key=_seat)
    scores = [_score(s.get("score")) for s in seats]
    totals = {name: score or 0 for name, score in zip(names, scores, strict=True)}
    winners = [name for name, s in zip(names, seats, strict=True) if s.get("winner")]
    ranks = {name: s.get("rank") or 0 for name, s in zip(names, seats, strict=True)}
    result = {"game": target.game, "rules_version": target.rules_version,
              "players": [{"name": n, "total": totals[n], "breakdown": {}, "eliminated": False} for n in names],
              "ranking": _ranking(names, totals, winners, ranks, target.lowest_wins), "winners": winners,
              "tiebreaks": [], "finished": True, "end_reason": None, "progress": [], "extras": {}}
    started = _to_utc(play["playDate"])
    duration = play.get("durationMin") or 0
    finished = datetime.fromisoformat(started).timestamp() + 60 * duration
    record: dict[str, Any] = {"bgstats_uuid": play["uuid"], "duration_min": duration, "location": location,
                              "note": str(play.get("comments") or "")}
    starter = next((n for n, s in zip(names, seats, strict=True) if s.get("startPlayer")), None)
    if starter is not None:
        record["start_player"] = starter
    return {"id": "bgs_" + uuid.UUID(stable_uuid("import", play["uuid"])).hex, "game": target.game,
            "imported": True, "sheet": target.sheet(names, scores, winners),
            "rules_version": target.rules_version, "result": result, "started_at": started,
            "finished_at": datetime.fromtimestamp(finished, UTC).isoformat(timespec="seconds"),
            "imported_at": now_iso(), "record": record}


def _ranking(names: list[str], totals: dict[str, int], winners: list[str], ranks: dict[str, int],
             lowest_wins: bool = False) -> list[list[str]]:
    """Tied groups best first: BG Stats' ranks when every player has one, else winners first, then by score."""
    if all(ranks[n] > 0 for n in names):
        def key(n: str) -> tuple[int, ...]:
            return (ranks[n],)
    else:
        def key(n: str) -> tuple[int, ...]:
            return (0 if n in winners else 1, totals[n] if lowest_wins else -totals[n])
    groups: list[list[str]] = []
    for name in sorted(names, key=key):
        if groups and key(groups[-1][0]) == key(name):
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups


def imported_result_fault(play: dict[str, Any]) -> str | None:
    """Where an imported play (totals only) is not what an import makes (a backup checks it), or None."""
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
            _is(p.get("total"), int) and isinstance(p.get("breakdown", {}), dict) for p in players):
        return "result.players"
    ranking, winners = result.get("ranking"), result.get("winners")
    if not isinstance(ranking, list) or sorted(n for g in ranking if isinstance(g, list) for n in g) != sorted(names):
        return "result.ranking"
    if not isinstance(winners, list) or not set(winners) <= set(names):
        return "result.winners"
    if not isinstance(result.get("finished"), bool) or not _is(result.get("rules_version"), int):
        return "result"
    return None


@dataclass(frozen=True)
class ImportReport:
    plays_added: int
    plays_skipped: int
    players_added: int


def run_import(repo: Repository, plan: ImportPlan, progress: Callable[[int, int], None] | None = None) -> ImportReport:
    """Store what the plan holds, in batches (each batch writes each shard once); `progress(done, total)` after
    each. Plays already stored (by id) are not stored twice."""
    players_added = repo.add_profiles([{"id": new_id(), "name": n, "colour": None, "created_at": now_iso()}
                                       for n in dict.fromkeys(p["name"] for play in plan.plays
                                                              for p in play["sheet"]["players"])])
    # games this app does not have come in as custom games: listed with the others, to play them again here
    DefinitionStore(repo).add_versions(play["sheet"]["definition"] for play in plan.plays
                                       if "definition" in play["sheet"])
    added = 0
    total = len(plan.plays)
    for start in range(0, total, BATCH):
        added += repo.add_plays(plan.plays[start:start + BATCH])
        if progress is not None:
            progress(min(start + BATCH, total), total)
    return ImportReport(added, plan.total_plays - added, players_added)


def import_bgstats(repo: Repository, data: bytes) -> ImportReport:
    return run_import(repo, plan_import(repo, data))

