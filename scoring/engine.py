"""From a JSON sheet to a result: validate, score with the game's rules, rank."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import SheetError, fail, needed
from .fields import Kind, check_fields, describe, join_path, kind_within, stand_in, unknown_key
from .messages import DEFAULT_LANGUAGE
from .names import MAX_NAME_LENGTH as MAX_NAME_LENGTH  # where callers have always found it
from .names import name_problems
from .paths import Path, get_in, parse
from .ranking import TiebreakNote, rank
from .registry import spec_for_sheet
from .spec import GameSpec, Scoring, Sheet
from .teams import TEAMS, is_team_sheet, rank_teams

COMMON_KEYS = ("game", "options", "players", "rounds", "events")
NAME_KEY = frozenset({"name"})  # a player's entry holds the name besides the game's player fields


@dataclass(frozen=True)
class PlayerResult:
    name: str
    total: int
    breakdown: dict[str, int]
    eliminated: bool

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "total": self.total, "breakdown": dict(self.breakdown),
                "eliminated": self.eliminated}


@dataclass(frozen=True)
class Result:
    game: str
    rules_version: int
    players: list[PlayerResult]
    ranking: list[list[str]]
    winners: list[str]
    tiebreaks: list[TiebreakNote]
    finished: bool
    end_reason: str | None
    progress: list[dict[str, int]] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)

    def player(self, name: str) -> PlayerResult:
        return next(p for p in self.players if p.name == name)

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The result, its tiebreaks explained in `lang`."""
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": [p.to_json() for p in self.players],
            "ranking": [list(g) for g in self.ranking],
            "winners": list(self.winners),
            "tiebreaks": [t.to_json(lang) for t in self.tiebreaks],
            "finished": self.finished,
            "end_reason": self.end_reason,
            "progress": [dict(p) for p in self.progress],
            "extras": self.extras,
        }


def score_sheet(data: Any) -> Result:
    """Score a sheet (parsed JSON). Raises SheetError for anything the rules refuse."""
    spec, sheet = parse_sheet(data)
    spec.check(sheet)
    return _result(spec, sheet, spec.score(sheet))


def _result(spec: GameSpec, sheet: Sheet, scoring: Scoring) -> Result:
    extras = scoring.extras
    if is_team_sheet(sheet):
        ranking, notes, teams = rank_teams(spec, sheet, scoring)
        extras = {**extras, TEAMS: teams}
    else:
        ranking, notes = rank(spec, sheet, scoring)
    scores = scoring.players
    winners = ranking[0] if ranking and not scores[ranking[0][0]].eliminated else []
    if scoring.table_winners is not None:
        winners = [n for n in sheet.names if n in scoring.table_winners]
    players = [PlayerResult(n, scores[n].total, dict(scores[n].breakdown), scores[n].eliminated) for n in sheet.names]
    return Result(spec.id, spec.rules_version, players, ranking, list(winners), notes,
                  scoring.finished, scoring.end_reason if scoring.finished else None,
                  scoring.progress, extras)


def parse_sheet(data: Any) -> tuple[GameSpec, Sheet]:
    if not isinstance(data, dict):
        raise fail("", "sheet.refuse.sheet_json_object",
                   got=describe(data))
    game = data.get("game")
    if not isinstance(game, str):
        raise fail("game", "sheet.refuse.name_game_sale")
    spec = spec_for_sheet(data)

    game_keys = spec.game_keys
    common = (*COMMON_KEYS, "definition") if spec.definition is not None else COMMON_KEYS
    for key in data:
        if key not in game_keys and key not in common:
            raise unknown_key(str(key), [*common, *sorted(game_keys)])

    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise fail("options", "sheet.refuse.object", got=describe(options))
    options = check_fields(spec.options, options, "options", ())

    names, players = _parse_players(spec, data.get("players"))
    rounds = _parse_sequence(spec, data, "rounds", names)
    events = _parse_sequence(spec, data, "events", names)
    game_fields = check_fields(spec.game_fields, {k: v for k, v in data.items() if k in game_keys}, "", names)
    return spec, Sheet(spec.id, options, names, players, tuple(rounds), tuple(events), game_fields)


def _parse_players(spec: GameSpec, raw: Any) -> tuple[tuple[str, ...], dict[str, dict[str, Any]]]:
    if not isinstance(raw, list):
        raise fail("players", "sheet.refuse.list_players_seat_order")
    if not spec.min_players <= len(raw) <= spec.max_players:
        raise fail("players", "sheet.refuse.takes_players",
                   game=spec.name, lo=spec.min_players, hi=spec.max_players, n=len(raw))
    names: list[Any] = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise fail(f"players[{i}]", "sheet.refuse.object_name", got=describe(entry))
        names.append(entry.get("name"))
    for problem in name_problems(names)[:1]:
        raise SheetError(f"players[{problem.index}].name", problem.text)
    seats = tuple(names)
    players = {}
    for i, (name, entry) in enumerate(zip(names, raw, strict=True)):
        try:
            players[name] = check_fields(spec.player_fields, entry, "", seats, NAME_KEY)
        except SheetError as error:  # the path is made only for an error, not for every valid player
            raise error.within(f"players[{i}]") from None
    return seats, players


def _parse_sequence(spec: GameSpec, data: dict[str, Any], key: str, names: tuple[str, ...]) -> list[Any]:
    raw = data.get(key)
    if raw is None or raw == []:
        if key == "rounds" and spec.round_entry is not None and spec.round_range[0] > 0:
            raise needed(key, "sheet.refuse.enter_least_round_s", n=spec.round_range[0])
        return []
    kind = spec.rounds_kind if key == "rounds" else spec.events_kind
    if kind is not None:
        return kind.check(raw, key, names)
    if not isinstance(raw, list):
        raise fail(key, "sheet.refuse.list")
    raise fail(join_path(key, 0), "sheet.refuse.has_leave_list_empty", game=spec.name, key=key)


# ---- a game in progress, judged entry by entry ---------------------------------------------------

MAX_PASSES = 300  # every pass settles one entry; a sheet has far fewer


@dataclass(frozen=True)
class Assessment:
    """A sheet being filled in, judged entry by entry (see `assess_sheet`). Paths are as in `SheetError`."""

    result: Result | None
    errors: tuple[SheetError, ...] = ()
    pending: tuple[SheetError, ...] = ()
    missing: tuple[str, ...] = ()
    at_fault: frozenset[str] = frozenset()

    @property
    def complete(self) -> bool:
        """Everything is entered and every rule holds: the sheet can be finished."""
        return self.result is not None and not (self.errors or self.pending or self.missing)


def assess_sheet(data: Any) -> Assessment:
    """Judge a sheet of a game in progress without stopping at the first problem.

    - `missing`: required entries not made yet (never an error: the game is still being played);
    - `errors`: entries that break a rule, each once, at the entry at fault;
    - `pending`: rules that compare players and wait for entries still to come (e.g. "every player must have
      7 cheques" while the others are still typing theirs), and a tie the rules break with an entry not made
      yet (asked for only once every other entry is made and keeps the rules: before, the tie may be none):
      shown as a hint, they only hold back finishing;
    - `result`: the scores of everything that can be scored: missing entries and entries at fault are left
      out (a player whose own entries are valid keeps a total); `finished` only when the sheet is complete;
    - `at_fault`: the players whose own entries break a rule (their totals are not to be trusted).

    It never raises for what a sheet holds; a sheet that names no known game raises SheetError.
    """
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return Assessment(None, (_structure_error(data),))
    spec = spec_for_sheet(data)
    result, errors, pending, missing, names = _judge(spec, data)
    unentered = sorted({path[1] for m in missing if len(path := parse(m)) > 1 and path[0] == "rounds"})
    if unentered and isinstance(data.get("rounds"), list):
        # A round still being entered is left out of the scores so far (a stand-in would rank the players).
        result = _judge(spec, {**data, "rounds": data["rounds"][:unentered[0]]})[0]
    complete = result is not None and not (errors or pending or missing)
    if result is not None and result.finished and not complete:
        result = replace(result, finished=False, end_reason=None)
    return Assessment(result, tuple(errors), tuple(pending), tuple(missing),
                      frozenset(n for e in errors if (n := _player_of(parse(e.path), names)) is not None))


Judged = tuple[Result | None, list[SheetError], list[SheetError], list[str], list[str]]


def _judge(spec: GameSpec, data: dict[str, Any]) -> Judged:
    """Score, and on each problem note it, leave its entry out (or stand in for it) and score again."""
    work = copy.deepcopy(data)
    errors: list[SheetError] = []
    pending: list[SheetError] = []
    missing: list[str] = []
    stand_ins: set[Path] = set()  # entries not made yet, filled in for scoring
    cleared: set[Path] = set()  # entries at fault, left out of scoring
    result: Result | None = None
    for _ in range(MAX_PASSES):
        try:
            result = score_sheet(work)
            break
        except SheetError as error:
            path = parse(error.path)
            if error.code == "tie":
                if not (stand_ins or cleared):
                    pending.append(error)
                break
            if error.code == "required":
                if _within(path, cleared) or (get_in(work, path) in (None, []) and path not in stand_ins):
                    if not _within(path, cleared | stand_ins):
                        missing.append(error.path)
                    if not _fill(spec, work, path):
                        break
                    if get_in(work, path) != {}:  # a group's own entries are each found missing next
                        stand_ins.add(path)
                    continue
                if not _within(path, stand_ins):
                    pending.append(error)
                break
            if _within(path, stand_ins) or _within(path, cleared):
                break  # a consequence of what is left out, not of what was entered
            errors.append(error)
            entry = _entry_of(spec, path)
            if entry is None or not _clear(work, entry):
                break
            cleared.add(entry)
    return result if result is not None else _unchecked(work), errors, pending, missing, _names(work)


def _structure_error(data: Any) -> SheetError:
    try:
        parse_sheet(data)
    except SheetError as error:
        return error
    raise AssertionError("a sheet without a game name parsed")


def _names(sheet: dict[str, Any]) -> list[str]:
    players = sheet.get("players")
    return [p.get("name") for p in players if isinstance(p, dict)] if isinstance(players, list) else []


def _within(path: Path, paths: set[Path]) -> bool:
    return any(path[:len(p)] == p for p in paths)


def _kind_at(spec: GameSpec, path: Path) -> Kind | None:
    head, rest = path[0], path[1:]
    if head == "players" and len(path) >= 3:
        fields, rest = spec.player_fields, path[2:]
    elif head == "options":
        fields = spec.options
    elif head == "rounds" and spec.rounds_kind is not None:
        return kind_within(spec.rounds_kind, rest)
    elif head == "events" and spec.events_kind is not None:
        return kind_within(spec.events_kind, rest)
    else:
        fields, rest = spec.game_fields, path
    found = next((f.kind for f in fields if f.key == rest[0]), None) if rest else None
    return kind_within(found, rest[1:])


def _fill(spec: GameSpec, work: dict[str, Any], path: Path) -> bool:
    """Put a stand-in where an entry is missing; False when the place does not exist."""
    kind = None if path == ("rounds",) else _kind_at(spec, path)  # rounds not played are not made up
    parent = get_in(work, path[:-1]) if len(path) > 1 else work
    if kind is None or not isinstance(parent, dict) or not isinstance(path[-1], str):
        return False
    parent[path[-1]] = stand_in(kind, tuple(_names(work)))
    return True


def _entry_of(spec: GameSpec, path: Path) -> Path | None:
    """The entry an error is about, as a player fills it in: a player's field, a player's part of a round,
    a whole round, a turn, a game field or an option (None: the sheet's frame itself, e.g. the names)."""
    if not path:
        return None
    head = path[0]
    if head == "players":
        return path[:3] if len(path) >= 3 and path[2] != "name" else None
    if head == "rounds" and len(path) >= 2:
        return path[:3]
    if head in ("events", "options") and len(path) >= 2:
        return path[:2]
    return path[:1] if any(f.key == head for f in spec.game_fields) else None


def _clear(work: dict[str, Any], entry: Path) -> bool:
    """Leave an entry out of scoring: a turn and every turn after it, a round's values, any other value."""
    container = get_in(work, entry[:-1]) if len(entry) > 1 else work
    last = entry[-1]
    if entry[0] == "events" and isinstance(container, list) and isinstance(last, int):
        del container[last:]
    elif isinstance(container, list) and isinstance(last, int) and last < len(container):
        container[last] = {}
    elif isinstance(container, dict) and last in container:
        del container[last]
    else:
        return False
    return True


def _unchecked(work: dict[str, Any]) -> Result | None:
    """Scores when a rule still stops the check (it waits for other entries): computed, never finished."""
    try:
        spec, sheet = parse_sheet(work)
        result = _result(spec, sheet, spec.score(sheet))
    except Exception:  # a game's score function may not cope with a sheet its own check refuses
        return None
    return replace(result, finished=False, end_reason=None)


def _player_of(path: Path, names: list[str]) -> str | None:
    if len(path) >= 2 and path[0] == "players" and isinstance(path[1], int) and path[1] < len(names):
        return names[path[1]]
    if len(path) >= 3 and path[0] == "rounds" and path[2] in names:
        return str(path[2])
    return None
