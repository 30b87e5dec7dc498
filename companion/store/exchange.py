"""Export and import: a full JSON backup (an import of it round-trips exactly), a CSV of plays, BG Stats JSON.

An import is validated completely before anything is stored: size, encoding, nesting, format, schema
version, every document's shape, every play's sheet scored by the rules. A file that fails is refused with
a BackupError and the stored data is not touched.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from typing import Any

from scoring import SheetError, Text, get_spec, score_sheet, spec_for_sheet
from scoring.custom import checked_definition, is_custom
from scoring.engine import MAX_NAME_LENGTH
from scoring.sheet_tools import players_in

from ..models.sheet_model import SheetModel
from . import schema
from .atomic import encode
from .definitions import DefinitionStore
from .repository import COLOUR, DRAFT_UNDO_DEPTH, Repository, canonical_time, new_id, now_iso
from .summary import PlaySummary, parse_time

BACKUP_FORMAT = "table-companion-backup"
MAX_BACKUP_BYTES = 50 * 1024 * 1024
MAX_DEPTH = 32
MAX_TEXT = 1000
ID = re.compile(r"[A-Za-z0-9_]{1,64}")  # ids appear in routes (/result/<id>)
SECTIONS = ("players", "drafts", "plays")
CSV_COLUMNS = ("play_id", "date", "finished_at", "game", "game_name", "player", "seat", "score", "rank", "winner")
BGG_IDS = {"ticket-to-ride-europe": 14996, "patchwork": 163412, "for-sale": 172, "kahuna": 394}


class BackupError(Exception):
    """A backup file refused before anything was stored; `message_key` and `params` are what the app shows.

    For a sheet the rules refuse, `rules_text` is the rules' own message in both languages (`params["message"]`
    holds its English).
    """

    def __init__(self, message_key: str, rules_text: Text | None = None, **params: Any) -> None:
        super().__init__(f"{message_key} {params}")
        self.message_key = message_key
        self.params = params
        self.rules_text = rules_text


@dataclass(frozen=True)
class ImportReport:
    plays_added: int
    plays_skipped: int
    drafts_added: int
    drafts_skipped: int
    players_added: int
    definitions_added: int = 0


# ---- full backup ---------------------------------------------------------------------------------


def export_backup(repo: Repository) -> bytes:
    plays = sorted(repo.plays_newest_first(), key=lambda p: (p["finished_at"], p["id"]))
    drafts = sorted(repo.drafts(), key=lambda d: (d["created_at"], d["id"]))
    players = sorted(repo.players(), key=lambda p: (p["name"], p["id"]))
    return encode({"format": BACKUP_FORMAT, "schema": schema.SCHEMA_VERSION,
                   "players": players, "drafts": drafts, "plays": plays,
                   "definitions": DefinitionStore(repo).all_versions()})


def import_backup(repo: Repository, data: bytes) -> ImportReport:
    """Validate a backup completely, then add what is new: plays and games in progress whose id is not
    stored yet, profiles whose name is new (and one for every other name that plays)."""
    backup = read_backup(data)
    named = {p["name"] for p in backup["players"]}
    playing = [name for doc in [*backup["plays"], *backup["drafts"]] for name in players_in(doc["sheet"])]
    extra = [{"id": new_id(), "name": name, "colour": None, "created_at": now_iso()}
             for name in dict.fromkeys(playing) if name not in named]
    players_added = repo.add_profiles([*backup["players"], *extra])
    # every custom game a play or draft was played with is listed again, even if the backup lacks its definition
    inline = [doc["sheet"]["definition"] for doc in [*backup["plays"], *backup["drafts"]] if is_custom(doc["game"])]
    definitions_added = DefinitionStore(repo).add_versions([*backup["definitions"], *inline])
    plays_added = repo.add_plays(backup["plays"])
    drafts_added = repo.add_drafts(backup["drafts"])
    return ImportReport(plays_added, len(backup["plays"]) - plays_added, drafts_added,
                        len(backup["drafts"]) - drafts_added, players_added, definitions_added)


def read_backup(data: bytes) -> dict[str, Any]:
    """The backup's content, checked through. Raises BackupError."""
    if len(data) > MAX_BACKUP_BYTES:
        raise BackupError("backup.error.too_large", limit_mb=MAX_BACKUP_BYTES // (1024 * 1024))
    try:
        content = json.loads(data.decode("utf-8-sig"), parse_constant=_reject_constant)
    except RecursionError:
        raise BackupError("backup.error.too_deep", limit=MAX_DEPTH) from None
    except ValueError:  # not UTF-8, not JSON, NaN, an integer too long to read
        raise BackupError("backup.error.not_json") from None
    _check_limits(content)
    if not isinstance(content, dict) or content.get("format") != BACKUP_FORMAT:
        raise BackupError("backup.error.not_backup")
    version = content.get("schema")
    if type(version) is not int or version < 1:
        raise BackupError("backup.error.invalid", path="schema")
    if version > schema.SCHEMA_VERSION:
        raise BackupError("backup.error.newer", version=version, supported=schema.SCHEMA_VERSION)
    unknown = sorted(set(content) - {"format", "schema", "definitions", *SECTIONS})
    if unknown:
        raise BackupError("backup.error.invalid", path=unknown[0])
    for section in SECTIONS:
        if not isinstance(content.get(section), list):
            raise BackupError("backup.error.invalid", path=section)
    if version < schema.SCHEMA_VERSION:
        content = _upgraded(content, version)
    _check_players(content["players"])
    _check_drafts(content["drafts"])
    _check_plays(content["plays"])
    content["definitions"] = _checked_definitions(content.get("definitions", []))
    return content


def _checked_definitions(definitions: Any) -> list[dict[str, Any]]:
    """Custom game definitions (a section older backups do not have)."""
    if not isinstance(definitions, list):
        raise BackupError("backup.error.invalid", path="definitions")
    checked = []
    for i, definition in enumerate(definitions):
        try:
            checked.append(checked_definition(definition))
        except SheetError as error:
            raise _refused_sheet(f"definitions[{i}]", SheetError(error.path.removeprefix("definition."),
                                                                  error.text)) from None
    return checked


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def _check_limits(content: Any) -> None:
    """No nesting deeper than MAX_DEPTH, no text (key or value) longer than MAX_TEXT."""
    stack = [(content, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BackupError("backup.error.too_deep", limit=MAX_DEPTH)
        if isinstance(value, dict):
            if any(len(key) > MAX_TEXT for key in value):
                raise BackupError("backup.error.too_long", limit=MAX_TEXT)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            raise BackupError("backup.error.too_long", limit=MAX_TEXT)


def _upgraded(content: dict[str, Any], version: int) -> dict[str, Any]:
    tables = {section: {str(i): doc for i, doc in enumerate(content[section])} for section in SECTIONS}
    tables = schema.migrate(tables, version)
    return {**content, "schema": schema.SCHEMA_VERSION, **{s: list(tables[s].values()) for s in SECTIONS}}


def _invalid(path: str) -> BackupError:
    return BackupError("backup.error.invalid", path=path)


def _check_id(doc: Any, path: str, seen: set[str]) -> None:
    if not isinstance(doc, dict):
        raise _invalid(path)
    if not isinstance(doc.get("id"), str) or not ID.fullmatch(doc["id"]):
        raise _invalid(f"{path}.id")
    if doc["id"] in seen:
        raise BackupError("backup.error.duplicate", path=f"{path}.id", id=doc["id"])
    seen.add(doc["id"])


def _check_time(doc: dict[str, Any], key: str, path: str, required: bool = True) -> None:
    value = doc.get(key)
    if value is None and not required:
        return
    try:
        canonical_time(value)
    except (TypeError, ValueError):
        raise _invalid(f"{path}.{key}") from None


def _check_name(name: Any, path: str) -> None:
    if not isinstance(name, str) or not name or name != name.strip() or len(name) > MAX_NAME_LENGTH:
        raise _invalid(path)


def _check_players(players: list[Any]) -> None:
    ids: set[str] = set()
    names: set[str] = set()
    for i, player in enumerate(players):
        path = f"players[{i}]"
        _check_id(player, path, ids)
        _check_name(player.get("name"), f"{path}.name")
        if player["name"] in names:
            raise BackupError("backup.error.duplicate", path=f"{path}.name", id=player["name"])
        names.add(player["name"])
        colour = player.get("colour")
        if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
            raise _invalid(f"{path}.colour")
        _check_time(player, "created_at", path, required=False)


def _check_game(doc: dict[str, Any], path: str) -> None:
    try:
        if not is_custom(doc.get("game")):  # a custom game's sheet carries its definition, checked with the sheet
            get_spec(doc.get("game"))  # type: ignore[arg-type]
    except SheetError:
        raise _invalid(f"{path}.game") from None
    if not isinstance(doc.get("sheet"), dict) or doc["sheet"].get("game") != doc["game"]:
        raise _invalid(f"{path}.sheet")


def _check_drafts(drafts: list[Any]) -> None:
    ids: set[str] = set()
    for i, draft in enumerate(drafts):
        path = f"drafts[{i}]"
        _check_id(draft, path, ids)
        _check_game(draft, path)
        for key in ("created_at", "updated_at"):
            _check_time(draft, key, path)
        if "rev" in draft and (type(draft["rev"]) is not int or draft["rev"] < 0):
            raise _invalid(f"{path}.rev")
        undo = draft.get("undo", [])
        if not isinstance(undo, list) or len(undo) > DRAFT_UNDO_DEPTH:
            raise _invalid(f"{path}.undo")
        _check_draft_sheet(draft["game"], draft["sheet"], f"{path}.sheet")
        for n, sheet in enumerate(undo):
            _check_draft_sheet(draft["game"], sheet, f"{path}.undo[{n}]")


def _check_draft_sheet(game: str, sheet: Any, path: str) -> None:
    """A game in progress may leave required fields empty; with those filled in, the rules must accept it
    (exactly what the score sheet saves)."""
    if not isinstance(sheet, dict) or sheet.get("game") != game or not isinstance(sheet.get("players"), list):
        raise _invalid(path)
    for n, player in enumerate(sheet["players"]):
        if not isinstance(player, dict):
            raise _invalid(f"{path}.players[{n}]")
        _check_name(player.get("name"), f"{path}.players[{n}].name")
    try:
        spec = spec_for_sheet(sheet)
    except SheetError as error:  # a custom game's definition that is not one
        raise _refused_sheet(path, error) from None
    evaluation = SheetModel(spec, sheet).evaluation
    if not evaluation.saveable:
        raise _refused_sheet(path, evaluation.error)  # type: ignore[arg-type]


def _refused_sheet(path: str, error: SheetError) -> BackupError:
    return BackupError("backup.error.sheet", error.text, path=f"{path}.{error.path}".rstrip("."),
                       message=error.message)


def _check_plays(plays: list[Any]) -> None:
    ids: set[str] = set()
    for i, play in enumerate(plays):
        path = f"plays[{i}]"
        _check_id(play, path, ids)
        _check_game(play, path)
        _check_time(play, "finished_at", path)
        _check_time(play, "started_at", path, required=False)
        try:
            result = score_sheet(play["sheet"])
        except SheetError as error:
            raise _refused_sheet(f"{path}.sheet", error) from None
        version = play.get("rules_version")
        if type(version) is not int or not 1 <= version <= result.rules_version:
            raise _invalid(f"{path}.rules_version")
        # under the current rules the stored result must be the sheet's; older rules' results are kept as they
        # were (the summaries score such plays again)
        if version == result.rules_version and play.get("result") != result.to_json():
            raise BackupError("backup.error.result", path=f"{path}.result")
        if not isinstance(play.get("result"), dict):
            raise _invalid(f"{path}.result")


# ---- CSV -----------------------------------------------------------------------------------------


def export_csv(repo: Repository) -> bytes:
    """One row per play and player, oldest play first; UTF-8 with a byte-order mark (spreadsheets then read
    Korean names right). Text that a spreadsheet would run as a formula is prefixed with an apostrophe."""
    out = io.StringIO()
    names = DefinitionStore(repo)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for summary in reversed(list(repo.summaries())):
        for seat, player in enumerate(summary.players, start=1):
            writer.writerow([summary.id, summary.day().isoformat(), summary.finished_at, summary.game,
                             _cell(names.name_of(summary.game).en), _cell(player), seat, summary.totals[player],
                             summary.place(player), int(player in summary.winners)])
    return out.getvalue().encode("utf-8-sig")


def _cell(text: str) -> str:
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _game_name(game: str) -> str:
    try:
        return get_spec(game).name.en
    except SheetError:
        return game


# ---- BG Stats ----------------------------------------------------------------------------------------


def export_bgstats(repo: Repository) -> bytes:
    """The BG Stats app's import format: players, games and plays linked by integer ids, each play's
    playerScores with score (text), winner, rank, seatOrder (from 1) and startPlayer (the first seat).
    Dates are local "YYYY-MM-DD HH:MM:SS"."""
    summaries = list(reversed(list(repo.summaries())))
    profiles = {p["name"]: p for p in repo.players()}
    player_ids: dict[str, int] = {}
    game_ids: dict[str, int] = {}
    players: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = []
    plays = []
    for summary in summaries:
        if summary.game not in game_ids:
            game_ids[summary.game] = len(game_ids) + 1
            games.append(_bgstats_game(summary.game, game_ids[summary.game], summary.finished_at))
        for name in summary.players:
            if name not in player_ids:
                player_ids[name] = len(player_ids) + 1
                players.append(_bgstats_player(name, player_ids[name], profiles.get(name), summary.finished_at))
        plays.append(_bgstats_play(summary, game_ids[summary.game], player_ids))
    return encode({"players": players, "games": games, "plays": plays, "locations": []})


def _local(iso: str) -> str:
    return parse_time(iso).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def _bgstats_player(name: str, ref: int, profile: dict[str, Any] | None, first_play: str) -> dict[str, Any]:
    created = (profile or {}).get("created_at") or first_play
    return {"id": ref, "uuid": (profile or {}).get("id", ""), "name": name, "isAnonymous": False,
            "modificationDate": _local(created), "bggUsername": ""}


def _bgstats_game(game: str, ref: int, first_play: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": ref, "uuid": game, "name": _game_name(game), "modificationDate": _local(first_play),
                             "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False,
                             "isBaseGame": 1, "isExpansion": 0}
    if game in BGG_IDS:
        entry["bggId"] = BGG_IDS[game]
    return entry


def _bgstats_play(summary: PlaySummary, game_ref: int, player_ids: dict[str, int]) -> dict[str, Any]:
    start = summary.started_at or summary.finished_at
    minutes = (parse_time(summary.finished_at) - parse_time(start)).total_seconds() // 60
    scores = [{"playerRefId": player_ids[name], "score": str(summary.totals[name]),
               "winner": name in summary.winners, "newPlayer": False, "startPlayer": seat == 0,
               "rank": summary.place(name), "seatOrder": seat + 1}
              for seat, name in enumerate(summary.players)]
    return {"uuid": summary.id, "gameRefId": game_ref, "playDate": _local(start), "entryDate": _local(start),
            "modificationDate": _local(summary.finished_at), "durationMin": max(0, int(minutes)),
            "ignored": False, "manualWinner": False, "rounds": 0, "scoringSetting": 0, "usesTeams": False,
            "comments": "", "playerScores": scores}
