"""From a JSON sheet to a result: validate, score with the game's rules, rank."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import fail, needed
from .fields import ListOf, PerPlayer, check_fields, describe, join_path, unknown_key
from .ranking import TiebreakNote, rank
from .registry import spec_for_sheet
from .spec import GameSpec, Sheet

MAX_NAME_LENGTH = 30
COMMON_KEYS = ("game", "options", "players", "rounds", "events")


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

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": [p.to_json() for p in self.players],
            "ranking": [list(g) for g in self.ranking],
            "winners": list(self.winners),
            "tiebreaks": [t.to_json() for t in self.tiebreaks],
            "finished": self.finished,
            "end_reason": self.end_reason,
            "progress": [dict(p) for p in self.progress],
            "extras": self.extras,
        }


def score_sheet(data: Any) -> Result:
    """Score a sheet (parsed JSON). Raises SheetError for anything the rules refuse."""
    spec, sheet = parse_sheet(data)
    spec.check(sheet)
    scoring = spec.score(sheet)
    ranking, notes = rank(spec, sheet, scoring)
    alive = [n for n in sheet.names if not scoring.players[n].eliminated]
    winners = ranking[0] if ranking and ranking[0][0] in alive else []
    if scoring.table_winners is not None:
        winners = [n for n in sheet.names if n in scoring.table_winners]
    players = [PlayerResult(n, scoring.players[n].total, dict(scoring.players[n].breakdown),
                            scoring.players[n].eliminated) for n in sheet.names]
    return Result(spec.id, spec.rules_version, players, ranking, list(winners), notes,
                  scoring.finished, scoring.end_reason if scoring.finished else None,
                  scoring.progress, scoring.extras)


def parse_sheet(data: Any) -> tuple[GameSpec, Sheet]:
    if not isinstance(data, dict):
        raise fail("", "a sheet must be a JSON object, got {got}", "기록지는 JSON 객체여야 합니다 (입력: {got})",
                   got=describe(data))
    game = data.get("game")
    if not isinstance(game, str):
        raise fail("game", "must name the game, e.g. \"for-sale\"", "게임 이름이 필요합니다 (예: \"for-sale\")")
    spec = spec_for_sheet(data)

    game_keys = {f.key for f in spec.game_fields}
    common = (*COMMON_KEYS, "definition") if spec.definition is not None else COMMON_KEYS
    for key in data:
        if key not in common and key not in game_keys:
            raise unknown_key(str(key), [*common, *sorted(game_keys)])

    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise fail("options", "must be an object, got {got}", "객체여야 합니다 (입력: {got})", got=describe(options))
    options = check_fields(spec.options, options, "options", ())

    names, players = _parse_players(spec, data.get("players"))
    rounds = _parse_sequence(spec, data, "rounds", names)
    events = _parse_sequence(spec, data, "events", names)
    game_fields = check_fields(spec.game_fields, {k: v for k, v in data.items() if k in game_keys}, "", names)
    return spec, Sheet(spec.id, options, names, players, tuple(rounds), tuple(events), game_fields)


def _parse_players(spec: GameSpec, raw: Any) -> tuple[tuple[str, ...], dict[str, dict[str, Any]]]:
    if not isinstance(raw, list):
        raise fail("players", "must be a list of players in seat order", "좌석 순서대로 플레이어 목록이어야 합니다")
    if not spec.min_players <= len(raw) <= spec.max_players:
        raise fail("players", "{game} takes {lo} to {hi} players, got {n}",
                   "{game}은(는) {lo}~{hi}명이 플레이합니다 (입력: {n}명)",
                   game=spec.name, lo=spec.min_players, hi=spec.max_players, n=len(raw))
    names: list[str] = []
    for i, entry in enumerate(raw):
        path = f"players[{i}]"
        if not isinstance(entry, dict):
            raise fail(path, "must be an object with a name, got {got}", "이름을 가진 객체여야 합니다 (입력: {got})",
                       got=describe(entry))
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise fail(f"{path}.name", "every player needs a name", "모든 플레이어에게 이름이 필요합니다")
        if name != name.strip() or len(name) > MAX_NAME_LENGTH:
            raise fail(f"{path}.name", "a name has no spaces around it and at most {n} characters",
                       "이름은 앞뒤 공백 없이 {n}자 이내여야 합니다", n=MAX_NAME_LENGTH)
        if name in names:
            raise fail(f"{path}.name", "{name} is listed twice: names must be unique",
                       "{name}이(가) 두 번 있습니다: 이름은 서로 달라야 합니다", name=name)
        names.append(name)
    seats = tuple(names)
    players = {name: check_fields(spec.player_fields, entry, f"players[{i}]", seats, frozenset({"name"}))
               for i, (name, entry) in enumerate(zip(names, raw, strict=True))}
    return seats, players


def _parse_sequence(spec: GameSpec, data: dict[str, Any], key: str, names: tuple[str, ...]) -> list[Any]:
    raw = data.get(key)
    if raw is None or raw == []:
        if key == "rounds" and spec.round_entry is not None and spec.round_range[0] > 0:
            raise needed(key, "enter at least {n} round(s)", "라운드를 {n}개 이상 입력하세요", n=spec.round_range[0])
        return []
    if key == "rounds" and spec.round_entry is not None:
        lo, hi = spec.round_range
        return ListOf(PerPlayer(spec.round_entry), hi, lo).check(raw, key, names)
    if key == "events" and spec.event is not None:
        return ListOf(spec.event, spec.max_events).check(raw, key, names)
    if not isinstance(raw, list):
        raise fail(key, "must be a list", "목록이어야 합니다")
    raise fail(join_path(key, 0), "{game} has no {key}: leave this list empty",
               "{game}에는 이 항목이 없습니다: 비워 두세요", game=spec.name, key=key)
