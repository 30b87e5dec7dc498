"""Custom games: a declarative JSON definition that becomes the same GameSpec the built-in games use.

A definition (every key but `id`, `name`, `players` and `categories` is optional):

    {"id": "custom-wingspan", "version": 1, "name": "Wingspan", "names": {"en": "Wingspan", "ko": "윙스팬"},
     "players": {"min": 1, "max": 5},
     "categories": [{"key": "birds", "name": "Birds"},
                    {"key": "sets", "name": "Sets", "multiplier": 2, "max": 10},
                    {"key": "food", "name": "Food left", "counts": false, "optional": true}],
     "scoring": "final" | "rounds" | "counter", "rounds": 3 (a fixed number; left out: open-ended),
     "win": "highest" | "lowest",
     "tiebreaks": [{"most": "birds"}, {"least": "food"}, {"chosen": "First to finish", "key": "first"}],
     "note": "shown on the sheet", "cooperative": false, "no_points": false, "bgg_id": 266192}

A category is a whole number the player enters (within `min`..`max`), worth `multiplier` points each;
`counts: false` makes it a number kept only for tiebreaks, `optional: true` lets it stay blank. Ties left
after the chain are shared. `cooperative`: the table enters whether everyone won or lost together;
`no_points`: the table picks the winners (the categories, if any, only order the others).

A counter sheet (`"scoring": "counter"`) keeps each player's count of every category from 0 as the table plays:
the sheet's `changes` list, oldest first, holds each change as `{"player": "Ann", "key": "birds", "by": 5}`, and
a count is the sum of its changes (it must stay within the category's bounds, which hold 0). A category's
`steps` ([1, 5, -1]: at most 6 whole numbers, none 0) are the buttons the sheet shows beside each count; without
them, +1 and -1. The table decides when the game ends.

A custom game's sheet carries its definition inline as `sheet["definition"]`, so a play keeps the version
it was played with. Every refusal names the field at fault, e.g. `definition.categories[2].max`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import SheetError, fail
from .fields import Bool, Choice, ChoiceValue, Field, Int, ListOf, Name, PlayerRef, Record, Str, Variants, join_path
from .games.common import progress_of
from .spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from .text import Text

PREFIX = "custom-"
ID = re.compile(r"custom-[a-z0-9][a-z0-9-]{0,47}")
KEY = re.compile(r"[a-z][a-z0-9_]{0,31}")
LIMIT = 1_000_000  # bounds of a category: far beyond any real game, small enough to add up exactly
MAX_CATEGORIES = 30
MAX_ROUNDS = 99
MAX_PLAYERS = 20
MAX_TIEBREAKS = 10
MAX_STEPS = 6
MAX_CHANGES = 2000
DEFAULT_STEPS = (1, -1)
MAX_CACHED_SPECS = 64
OUTCOME = "outcome"
WINNERS = "winners"
CHANGES = "changes"
# Keys a sheet already uses at its top level: a table-chosen tiebreak needs another name.
RESERVED_SHEET_KEYS = frozenset({"game", "options", "players", "rounds", "events", "definition", OUTCOME, WINNERS,
                                 CHANGES})

T = Text
NAMES = Record((Field("en", Name(40), T("English name", "영어 이름")),
                Field("ko", Name(40), T("Korean name", "한국어 이름"))))
CATEGORY = Record((
    Field("key", Str(32), T("Key", "키"), required=True),
    Field("name", Name(40), T("Name", "이름"), required=True),
    Field("names", NAMES, T("Names", "이름")),
    Field("min", Int(-LIMIT, LIMIT), T("Lowest value", "최솟값"), default=0),
    Field("max", Int(-LIMIT, LIMIT), T("Highest value", "최댓값"), default=999),
    Field("multiplier", Int(-1000, 1000), T("Points each", "개당 점수"), default=1),
    Field("counts", Bool(), T("Counts toward the total", "총점에 포함"), default=True),
    Field("optional", Bool(), T("May stay blank", "비워 둘 수 있음"), default=False),
    Field("steps", ListOf(Int(-LIMIT, LIMIT), MAX_STEPS, min_len=1, unique=True), T("Steps", "증감 단위"),
          default=None),
))
TIEBREAK = Variants((
    ("most", Record((Field("most", Str(32), T("Category", "항목"), required=True),))),
    ("least", Record((Field("least", Str(32), T("Category", "항목"), required=True),))),
    ("chosen", Record((Field("chosen", Name(40), T("Name", "이름"), required=True),
                       Field("key", Str(32), T("Key", "키"), required=True),
                       Field("names", NAMES, T("Names", "이름"))))),
))
DEFINITION = Record((
    Field("id", Str(64), T("Game id", "게임 ID"), required=True),
    Field("version", Int(1, LIMIT), T("Version", "버전"), default=1),
    Field("name", Name(40), T("Name", "이름"), required=True),
    Field("names", NAMES, T("Names", "이름")),
    Field("players", Record((Field("min", Int(1, MAX_PLAYERS), T("Fewest players", "최소 인원"), required=True),
                             Field("max", Int(1, MAX_PLAYERS), T("Most players", "최대 인원"), required=True))),
          T("Players", "인원"), required=True),
    Field("categories", ListOf(CATEGORY, MAX_CATEGORIES), T("Categories", "점수 항목"), required=True),
    Field("scoring", Choice((ChoiceValue("final", T("Final scores", "최종 점수")),
                             ChoiceValue("rounds", T("Per round", "라운드별")),
                             ChoiceValue("counter", T("Counters", "카운터")))), T("Sheet", "기록 방식"),
          default="final"),
    Field("rounds", Int(1, MAX_ROUNDS), T("Rounds", "라운드 수")),
    Field("win", Choice((ChoiceValue("highest", T("Highest total wins", "총점이 가장 높은 사람이 승리")),
                         ChoiceValue("lowest", T("Lowest total wins", "총점이 가장 낮은 사람이 승리")))),
          T("Win", "승리 조건"), default="highest"),
    Field("tiebreaks", ListOf(TIEBREAK, MAX_TIEBREAKS), T("Tiebreaks", "동점 처리"), default=[]),
    Field("note", Str(500), T("Note", "메모")),
    Field("cooperative", Bool(), T("Cooperative", "협력 게임"), default=False),
    Field("no_points", Bool(), T("Winners chosen at the table", "승자를 직접 고름"), default=False),
    Field("bgg_id", Int(1, 10**9), T("BoardGameGeek id", "BoardGameGeek ID")),
))


_specs: dict[str, GameSpec] = {}  # definition text -> its spec, oldest first


@dataclass(frozen=True)
class Category:
    key: str
    name: Text
    min: int
    max: int
    multiplier: int
    counts: bool
    optional: bool
    steps: tuple[int, ...]  # the buttons beside a counter


def is_custom(game: Any) -> bool:
    return isinstance(game, str) and game.startswith(PREFIX)


def text_of(entry: Mapping[str, Any], key: str) -> Text:
    """What the player typed, with the English or Korean label where one was given."""
    names = entry.get("names") or {}
    return Text(names.get("en") or entry[key], names.get("ko") or entry[key])


def checked_definition(data: Any) -> dict[str, Any]:
    """The definition normalized (defaults filled in), or SheetError at `definition.<field>`.

    A definition is never "not entered yet": every refusal is a hard one, even for a missing field.
    """
    try:
        definition = DEFINITION.check(data, "", ())
        _check_rules(definition)
    except SheetError as error:
        raise SheetError(error.within("definition").path, error.text) from None
    return definition


def _check_rules(d: dict[str, Any]) -> None:
    if not ID.fullmatch(d["id"]):
        raise fail("id", "must start with \"custom-\" and use only a-z, 0-9 and -, got {got!r}",
                   "\"custom-\"로 시작하고 a-z, 0-9, - 만 써야 합니다 (입력: {got!r})", got=d["id"])
    if d["players"]["min"] > d["players"]["max"]:
        raise fail("players.max", "is {hi}, fewer than the fewest players ({lo})",
                   "{hi}명: 최소 인원({lo}명)보다 적습니다", hi=d["players"]["max"], lo=d["players"]["min"])
    if d["cooperative"] and d["no_points"]:
        raise fail("no_points", "a cooperative game already has its outcome chosen at the table",
                   "협력 게임은 이미 결과를 직접 고릅니다")
    categories = d["categories"]
    if not categories and not (d["cooperative"] or d["no_points"]):
        raise fail("categories", "needs at least one category to score", "점수 항목이 하나 이상 있어야 합니다")
    keys: set[str] = set()
    for i, c in enumerate(categories):
        path = join_path("categories", i)
        _check_key(c["key"], f"{path}.key", keys | {"name"})
        keys.add(c["key"])
        if c["min"] > c["max"]:
            raise fail(f"{path}.max", "is {hi}, below the lowest value {lo}", "{hi}: 최솟값 {lo}보다 작습니다",
                       hi=c["max"], lo=c["min"])
        if c["multiplier"] == 0:
            raise fail(f"{path}.multiplier", "cannot be 0: a number kept only for ties has \"counts\": false",
                       "0일 수 없습니다: 동점 처리에만 쓰는 숫자는 \"counts\": false로 둡니다")
        if d["scoring"] == "counter":
            _check_counter(c, path)
        elif c["steps"] is not None:
            raise fail(f"{path}.steps", "steps are the buttons of a counter: use \"scoring\": \"counter\"",
                       "증감 단위는 카운터의 버튼입니다: \"scoring\": \"counter\"로 바꾸세요")
    if d["scoring"] != "rounds" and d["rounds"] is not None:
        raise fail("rounds", "only a sheet per round has rounds: leave this out or use \"scoring\": \"rounds\"",
                   "라운드별 기록지에만 라운드가 있습니다: 지우거나 \"scoring\": \"rounds\"로 바꾸세요")
    if d["cooperative"] and d["tiebreaks"]:
        raise fail("tiebreaks", "a cooperative game has no ties to break: everyone wins or loses together",
                   "협력 게임에는 가릴 동점이 없습니다: 모두 함께 이기거나 집니다")
    chosen: set[str] = set()
    for i, rule in enumerate(d["tiebreaks"]):
        path = join_path("tiebreaks", i)
        for side in ("most", "least"):
            if side in rule and rule[side] not in keys:
                raise fail(f"{path}.{side}", "{got!r} is not a category of this game (categories: {keys})",
                           "{got!r}은(는) 이 게임의 점수 항목이 아닙니다 (항목: {keys})",
                           got=rule[side], keys=", ".join(c["key"] for c in categories) or "-")
        if "chosen" in rule:
            _check_key(rule["key"], f"{path}.key", chosen | RESERVED_SHEET_KEYS)
            chosen.add(rule["key"])


def _check_counter(c: dict[str, Any], path: str) -> None:
    if c["optional"]:
        raise fail(f"{path}.optional", "a counter starts at 0 and is never blank",
                   "카운터는 0에서 시작하며 비지 않습니다")
    if not c["min"] <= 0 <= c["max"]:
        raise fail(f"{path}.min" if c["min"] > 0 else f"{path}.max",
                   "a counter starts at 0: its values must include 0",
                   "카운터는 0에서 시작합니다: 범위에 0이 들어가야 합니다")
    for j, step in enumerate(c["steps"] or ()):
        if step == 0:
            raise fail(join_path(f"{path}.steps", j), "cannot be 0: a step changes the count",
                       "0일 수 없습니다: 증감 단위는 값을 바꿔야 합니다")


def _check_key(key: str, path: str, taken: set[str] | frozenset[str]) -> None:
    if not KEY.fullmatch(key):
        raise fail(path, "must be a-z, 0-9 and _ (starting with a letter), got {got!r}",
                   "a-z, 0-9, _ 만 쓰고 글자로 시작해야 합니다 (입력: {got!r})", got=key)
    if key in taken:
        raise fail(path, "{got!r} is used already: every key must be different",
                   "{got!r}은(는) 이미 쓰였습니다: 키는 서로 달라야 합니다", got=key)


def spec_from_definition(data: Any) -> GameSpec:
    """The GameSpec of a definition; SheetError (path under `definition.`) when it is malformed.

    A sheet is scored on every entry, each time with its definition: specs are kept by the definition's text.
    """
    try:
        key = json.dumps(data, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON at all: the checks say what is wrong
        return _spec_of(data)
    spec = _specs.get(key)
    if spec is None:
        spec = _specs[key] = _spec_of(data)
        while len(_specs) > MAX_CACHED_SPECS:
            del _specs[next(iter(_specs))]
    return spec


def _spec_of(data: Any) -> GameSpec:
    d = checked_definition(data)
    categories = tuple(Category(c["key"], text_of(c, "name"), c["min"], c["max"], c["multiplier"], c["counts"],
                                c["optional"], tuple(c["steps"] or DEFAULT_STEPS)) for c in d["categories"])
    fields = tuple(Field(c.key, Int(c.min, c.max), c.name, required=not c.optional, help=_points_help(c),
                         default=None) for c in categories)
    by_rounds = d["scoring"] == "rounds"
    single = by_rounds and len(fields) == 1 and fields[0].required  # one number per player and round
    round_entry = (fields[0].kind if single else Record(fields)) if by_rounds else None
    tiebreaks = tuple(_tiebreak(rule, {c.key: c for c in categories}, d["scoring"]) for rule in d["tiebreaks"])
    game_fields = [Field(rule["key"], PlayerRef(), text_of(rule, "chosen"), help=T(
        "Only needed for a tie.", "동점일 때만 필요합니다.")) for rule in d["tiebreaks"] if "chosen" in rule]
    if d["scoring"] == "counter":
        game_fields.insert(0, Field(CHANGES, ListOf(_change_kind(categories), MAX_CHANGES), T("Changes", "변경 기록")))
    if d["cooperative"]:
        game_fields.append(Field(OUTCOME, Choice((ChoiceValue("won", T("We won", "모두 승리")),
                                                  ChoiceValue("lost", T("We lost", "모두 패배")))),
                                 T("Outcome", "결과"), required=True))
    if d["no_points"]:
        game_fields.append(Field(WINNERS, ListOf(PlayerRef(), d["players"]["max"], unique=True),
                                 T("Winners", "승자"), required=True))
    rounds = d["rounds"]
    spec = GameSpec(
        id=d["id"],
        name=text_of(d, "name"),
        bgg_id=d.get("bgg_id") or 0,
        min_players=d["players"]["min"],
        max_players=d["players"]["max"],
        rules_version=d["version"],
        score=lambda sheet: _score(sheet, d, categories, single),
        player_fields=fields if d["scoring"] == "final" else (),
        game_fields=tuple(game_fields),
        round_entry=round_entry,
        round_range=(0, rounds or MAX_ROUNDS) if by_rounds else (0, 0),
        tiebreaks=tiebreaks,
        notes=(T(d["note"], d["note"]),) if d["note"] else (),
        categories=tuple((c.key, c.name) for c in categories),
        lowest_wins=d["win"] == "lowest",
        definition=d,
    )
    return _with_prompts(spec, d)


def _change_kind(categories: tuple[Category, ...]) -> Record:
    """One change of a counter sheet: whose count, of which category, by how much."""
    return Record((Field("player", PlayerRef(), T("Player", "플레이어"), required=True),
                   Field("key", Choice(tuple(ChoiceValue(c.key, c.name) for c in categories)), T("Category", "항목"),
                         required=True),
                   Field("by", Int(-LIMIT, LIMIT), T("Change", "증감"), required=True)))


def _points_help(c: Category) -> Text | None:
    if not c.counts:
        return T("For ties only: adds no points.", "동점 처리에만 씁니다: 점수에 더하지 않습니다.")
    if c.multiplier != 1:
        return T("× {m} points each", "개당 × {m}점").format(m=c.multiplier)
    return None


def _entries(sheet: Sheet, name: str, by_rounds: bool) -> list[Mapping[str, Any]]:
    return [entry[name] for entry in sheet.rounds] if by_rounds else [sheet.players[name]]


def _amount(entries: list[Any], key: str, single: bool) -> int | None:
    """What a player entered for a category, added over the rounds; None when any entry is blank."""
    values = [entry if single else entry[key] for entry in entries]
    return None if any(v is None for v in values) else sum(values)


def counts_of(sheet: Sheet, categories: tuple[Category, ...]) -> tuple[dict[str, dict[str, int]], list[dict[str, int]]]:
    """A counter sheet's counts by player and category, and the points each change moved (for the chart).

    A change that takes a count outside its category's bounds is refused at that change."""
    by_key = {c.key: c for c in categories}
    counts = {name: dict.fromkeys(by_key, 0) for name in sheet.names}
    steps: list[dict[str, int]] = []
    for i, change in enumerate(sheet.fields[CHANGES]):
        c, name = by_key[change["key"]], change["player"]
        value = counts[name][c.key] + change["by"]
        if not c.min <= value <= c.max:
            raise fail(f"{join_path(CHANGES, i)}.by",
                       "takes {name}'s {category} to {got}: it stays between {lo} and {hi}",
                       "{name}의 {category}이(가) {got}이 됩니다: {lo}에서 {hi} 사이여야 합니다",
                       name=name, category=c.name, got=value, lo=c.min, hi=c.max)
        counts[name][c.key] = value
        steps.append({name: change["by"] * c.multiplier} if c.counts else {})
    return counts, steps


def _score(sheet: Sheet, d: Mapping[str, Any], categories: tuple[Category, ...], single: bool) -> Scoring:
    by_rounds = d["scoring"] == "rounds"
    counting = [c for c in categories if c.counts]
    progress: list[dict[str, int]] = []
    if d["scoring"] == "counter":
        counts, changes = counts_of(sheet, categories)
        progress = progress_of(sheet.names, changes)
    else:
        counts = {name: {c.key: _amount(_entries(sheet, name, by_rounds), c.key, single) or 0 for c in counting}
                  for name in sheet.names}
    players = {name: PlayerScore({c.key: counts[name][c.key] * c.multiplier for c in counting})
               for name in sheet.names}
    if by_rounds:
        steps = [{name: sum(((entry[name] if single else entry[name][c.key]) or 0) * c.multiplier
                             for c in counting) for name in sheet.names} for entry in sheet.rounds]
        progress = progress_of(sheet.names, steps)
        finished = len(sheet.rounds) == d["rounds"] if d["rounds"] else bool(sheet.rounds)
    else:
        finished = True
    # open-ended rounds and counters: the table decides when the game ends
    end_reason = "table" if (by_rounds and not d["rounds"]) or d["scoring"] == "counter" else "rounds"
    table_winners: tuple[str, ...] | None = None
    extras: dict[str, Any] = {}
    if d["cooperative"]:
        table_winners = sheet.names if sheet.fields[OUTCOME] == "won" else ()
        extras["decided"] = sheet.fields[OUTCOME]  # "won" or "lost", by everyone together
    elif d["no_points"]:
        table_winners = tuple(sheet.fields[WINNERS])
        extras["decided"] = "chosen"
    return Scoring(players, finished, end_reason, progress=progress, extras=extras, table_winners=table_winners,
                   together=d["cooperative"])


def _tiebreak(rule: Mapping[str, Any], categories: Mapping[str, Category], scoring: str) -> TiebreakRule:
    if "chosen" in rule:
        key = rule["key"]
        name = text_of(rule, "chosen")

        def chosen(sheet: Sheet, scoring: Scoring, player: str) -> bool | None:
            picked = sheet.fields[key]
            return None if picked is None else player == picked

        return TiebreakRule(f"chosen_{key}", name, T("“{n}”", "‘{n}’(으)로").format(n=name), chosen)
    most = "most" in rule
    c = categories[rule["most" if most else "least"]]
    by_rounds = scoring == "rounds"
    single = by_rounds and len(categories) == 1 and not c.optional

    def amount(sheet: Sheet, scoring: Scoring, player: str) -> int | None:
        return _amount(_entries(sheet, player, by_rounds), c.key, single)

    def count(sheet: Sheet, scoring: Scoring, player: str) -> int:
        return sum(change["by"] for change in sheet.fields[CHANGES]
                   if change["player"] == player and change["key"] == c.key)

    advantage = (T("more {c}", "{c}이(가) 더 많아") if most else T("fewer {c}", "{c}이(가) 더 적어")).format(c=c.name)
    return TiebreakRule(f"{'most' if most else 'least'}_{c.key}", c.name, advantage,
                        count if scoring == "counter" else amount, "higher" if most else "lower")


def describe_rules(spec: GameSpec) -> list[Text]:
    """The win rule and the tiebreak chain in words (the sheet's guide and the editor's preview)."""
    d = spec.definition or {}
    if d.get("cooperative"):
        return [T("Everyone wins or loses together: the table enters the outcome.",
                  "모두 함께 이기거나 집니다: 결과를 직접 입력합니다.")]
    lines = []
    if d.get("no_points"):
        lines.append(T("The table picks the winners.", "승자를 직접 고릅니다."))
    else:
        lines.append(T("Lowest total wins.", "총점이 가장 낮은 사람이 승리합니다.") if spec.lowest_wins
                     else T("Highest total wins.", "총점이 가장 높은 사람이 승리합니다."))
    steps = [_step_text(rule) for rule in spec.tiebreaks]
    if steps:
        chain = Text(", then ".join(s.en for s in steps), "하고, 그다음 ".join(s.ko for s in steps))
        lines.append(T("Tie: {chain}; still tied: the win is shared.",
                       "동점이면 {chain}하고, 그래도 같으면 공동 승리입니다.").format(chain=chain))
    elif not d.get("no_points"):
        lines.append(T("Tie: the win is shared.", "동점이면 공동 승리입니다."))
    return lines


def _step_text(rule: TiebreakRule) -> Text:
    if rule.id.startswith("chosen_"):
        return T("the player chosen as “{c}” wins", "‘{c}’(으)로 고른 사람이 승리").format(c=rule.name)
    return (T("more {c} wins", "{c}이(가) 더 많은 사람이 승리") if rule.better == "higher"
            else T("fewer {c} wins", "{c}이(가) 더 적은 사람이 승리")).format(c=rule.name)


def _with_prompts(spec: GameSpec, d: Mapping[str, Any]) -> GameSpec:
    prompts = [Prompt("scoring", line) for line in describe_rules(spec)]
    if d["note"]:
        prompts.insert(0, Prompt("setup", T(d["note"], d["note"])))
    return replace(spec, prompts=tuple(prompts))
