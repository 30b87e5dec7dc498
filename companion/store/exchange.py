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

from scoring import SheetError, Text, get_spec, score_sheet
from scoring.engine import MAX_NAME_LENGTH
from scoring.sheet_tools import players_in

from ..models.sheet_model import SheetModel
from . import schema
from .atomic import encode
from .bgstats import imported_result_fault
from .play_record import duration_of, eliminated_in, started_of
from .repository import COLOUR, DRAFT_UNDO_DEPTH, Repository, canonical_time, new_id, now_iso
from .summary import summary_of

BACKUP_FORMAT = "table-companion-backup"
MAX_BACKUP_BYTES = 50 * 1024 * 1024
MAX_DEPTH = 32
MAX_TEXT = 1000
ID = re.compile(r"[A-Za-z0-9_]{1,64}")  # ids appear in routes (/result/<id>)
SECTIONS = ("players", "drafts", "plays")
CSV_COLUMNS = ("play_id", "date", "started_at", "finished_at", "duration_min", "game", "game_name", "bgg_id",
               "location", "note", "ended_early", "player", "seat", "score", "rank", "winner", "eliminated")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


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


# ---- full backup ---------------------------------------------------------------------------------


def export_backup(repo: Repository) -> bytes:
    plays = sorted(repo.plays_newest_first(), key=lambda p: (p["finished_at"], p["id"]))
    drafts = sorted(repo.drafts(), key=lambda d: (d["created_at"], d["id"]))
    players = sorted(repo.players(), key=lambda p: (p["name"], p["id"]))
    return encode({"format": BACKUP_FORMAT, "schema": schema.SCHEMA_VERSION,
                   "players": players, "drafts": drafts, "plays": plays})


def import_backup(repo: Repository, data: bytes) -> ImportReport:
    """Validate a backup completely, then add what is new: plays and games in progress whose id is not
    stored yet, profiles whose name is new (and one for every other name that plays)."""
    backup = read_backup(data)
    named = {p["name"] for p in backup["players"]}
    playing = [name for doc in [*backup["plays"], *backup["drafts"]] for name in players_in(doc["sheet"])]
    extra = [{"id": new_id(), "name": name, "colour": None, "created_at": now_iso()}
             for name in dict.fromkeys(playing) if name not in named]
    players_added = repo.add_profiles([*backup["players"], *extra])
    plays_added = repo.add_plays(backup["plays"])
    drafts_added = repo.add_drafts(backup["drafts"])
    return ImportReport(plays_added, len(backup["plays"]) - plays_added, drafts_added,
                        len(backup["drafts"]) - drafts_added, players_added)


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
    unknown = sorted(set(content) - {"format", "schema", *SECTIONS})
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
    return content


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
    evaluation = SheetModel(get_spec(game), sheet).evaluation
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
        if play.get("imported"):  # from BG Stats, totals only: its stored result is all there is to check
            fault = imported_result_fault(play)
            if fault is not None:
                raise _invalid(f"{path}.{fault}")
            continue
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


def export_csv(repo: Repository, lang: str = "en") -> bytes:
    """One row per play and player, oldest play first; UTF-8 with a byte-order mark (spreadsheets then read
    Korean names right); the game's name in `lang`. Text that a spreadsheet would run as a formula is
    prefixed with an apostrophe (and so is text that begins with one: `read_csv` takes exactly one off)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in reversed(list(repo.plays_newest_first())):
        summary = summary_of(play)
        record = play.get("record") if isinstance(play.get("record"), dict) else {}
        duration = duration_of(play)
        out_players = set(eliminated_in(play))
        for seat, player in enumerate(summary.players, start=1):
            writer.writerow([summary.id, summary.day().isoformat(), started_of(play), summary.finished_at,
                             "" if duration is None else duration, summary.game,
                             _cell(_game_name(summary.game, lang)), _bgg_id(summary.game),
                             _cell(str(record.get("location") or "")), _cell(str(record.get("note") or "")),
                             int(bool(record.get("ended_early")) or not summary.finished), _cell(player), seat,
                             summary.totals[player], summary.place(player), int(player in summary.winners),
                             int(player in out_players)])
    return out.getvalue().encode("utf-8-sig")


def read_csv(data: bytes) -> list[dict[str, str]]:
    """The rows of a CSV export, each cell as it was before the formula guard."""
    rows = csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline=""))
    return [{key: _uncell(value) for key, value in row.items()} for row in rows]


def _cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _uncell(text: str) -> str:
    return text[1:] if text.startswith("'") else text


def _game_name(game: str, lang: str = "en") -> str:
    try:
        return get_spec(game).name.get(lang)
    except SheetError:
        return game


def _bgg_id(game: str) -> int:
    try:
        return get_spec(game).bgg_id
    except SheetError:
        return 0
