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
     "note": "shown on the sheet", "cooperative": false, "no_points": false, "teams": false, "bgg_id": 266192}

A category is a whole number the player enters (within `min`..`max`), worth `multiplier` points each;
`counts: false` makes it a number kept only for tiebreaks, `optional: true` lets it stay blank. Ties left
after the chain are shared. `cooperative`: the table enters whether everyone won or lost together;
`no_points`: the table picks the winners (the categories, if any, only order the others).
`teams`: played in teams. Each player keeps their own score; the sheet's `teams` puts every player in a team
({"Ann": "Red", "Bo": "Red", "Cy": "Blue"}, at least 2 teams), a team scores the sum of its players' totals and
the win rule and tiebreaks apply to the teams (see scoring.teams): every player of the winning team wins.

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
from .fields import (
    Bool,
    Choice,
    ChoiceValue,
    Field,
    Int,
    ListOf,
    Name,
    PerPlayer,
    PlayerRef,
    Record,
    Str,
    Variants,
    join_path,
)
from .games.common import progress_of
from .messages import ENGINE, LanguageName, Messages, Typed, Words
from .names import MAX_NAME_LENGTH
from .spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule, no_check
from .teams import TEAMS, members

M = Messages("custom")

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

# A name per language the engine speaks, each optional: the player gives those the table reads.
NAMES = Record(tuple(Field(lang, Name(40), M("field.name_in", language=LanguageName(lang)))
                     for lang in ENGINE.languages))
NAME_LANGUAGES = tuple(f.key for f in NAMES.fields)  # the languages a definition may name things in
CATEGORY = Record((
    Field("key", Str(32), M("field.key"), required=True),
    Field("name", Name(40), M("field.name"), required=True),
    Field("names", NAMES, M("field.names")),
    Field("min", Int(-LIMIT, LIMIT), M("field.min"), default=0),
    Field("max", Int(-LIMIT, LIMIT), M("field.max"), default=999),
    Field("multiplier", Int(-1000, 1000), M("field.multiplier"), default=1),
    Field("counts", Bool(), M("field.counts"), default=True),
    Field("optional", Bool(), M("field.optional"), default=False),
    Field("steps", ListOf(Int(-LIMIT, LIMIT), MAX_STEPS, min_len=1, unique=True), M("field.steps"),
          default=None),
))
TIEBREAK = Variants((
    ("most", Record((Field("most", Str(32), M("field.most"), required=True),))),
    ("least", Record((Field("least", Str(32), M("field.least"), required=True),))),
    ("chosen", Record((Field("chosen", Name(40), M("field.chosen"), required=True),
                       Field("key", Str(32), M("field.key"), required=True),
                       Field("names", NAMES, M("field.names"))))),
))
DEFINITION = Record((
    Field("id", Str(64), M("field.id"), required=True),
    Field("version", Int(1, LIMIT), M("field.version"), default=1),
    Field("name", Name(40), M("field.name"), required=True),
    Field("names", NAMES, M("field.names")),
    Field("players", Record((Field("min", Int(1, MAX_PLAYERS), M("field.players.min"), required=True),
                             Field("max", Int(1, MAX_PLAYERS), M("field.players.max"), required=True))),
          M("field.players"), required=True),
    Field("categories", ListOf(CATEGORY, MAX_CATEGORIES), M("field.categories"), required=True),
    Field("scoring", Choice((ChoiceValue("final", M("field.scoring.final")),
                             ChoiceValue("rounds", M("field.scoring.rounds")),
                             ChoiceValue("counter", M("field.scoring.counter")))), M("field.scoring"),
          default="final"),
    Field("rounds", Int(1, MAX_ROUNDS), M("field.rounds")),
    Field("win", Choice((ChoiceValue("highest", M("field.win.highest")),
                         ChoiceValue("lowest", M("field.win.lowest")))),
          M("field.win"), default="highest"),
    Field("tiebreaks", ListOf(TIEBREAK, MAX_TIEBREAKS), M("field.tiebreaks"), default=[]),
    Field("note", Str(500), M("field.note")),
    Field("cooperative", Bool(), M("field.cooperative"), default=False),
    Field("no_points", Bool(), M("field.no_points"), default=False),
    Field("teams", Bool(), M("field.teams"), default=False),
    Field("bgg_id", Int(1, 10**9), M("field.bgg_id")),
))


_specs: dict[str, GameSpec] = {}  # definition text -> its spec, oldest first


@dataclass(frozen=True)
class Category:
    key: str
    name: Words
    min: int
    max: int
    multiplier: int
    counts: bool
    optional: bool
    steps: tuple[int, ...]  # the buttons beside a counter


def is_custom(game: Any) -> bool:
    return isinstance(game, str) and game.startswith(PREFIX)


def text_of(entry: Mapping[str, Any], key: str) -> Words:
    """What the player typed, with the English or Korean label where one was given."""
    names = entry.get("names") or {}
    return Typed.of(entry[key], names)


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
        raise fail("id", "custom.refuse.start_custom_use_z", got=d["id"])
    if d["players"]["min"] > d["players"]["max"]:
        raise fail("players.max", "custom.refuse.fewer_than_fewest_players", hi=d["players"]["max"],
                   lo=d["players"]["min"])
    if d["cooperative"] and d["no_points"]:
        raise fail("no_points", "custom.refuse.cooperative_game_already_has")
    if d["teams"]:
        _check_teams(d)
    categories = d["categories"]
    if not categories and not (d["cooperative"] or d["no_points"]):
        raise fail("categories", "custom.refuse.needs_least_one_category")
    keys: set[str] = set()
    for i, c in enumerate(categories):
        path = join_path("categories", i)
        _check_key(c["key"], f"{path}.key", keys | {"name"})
        keys.add(c["key"])
        if c["min"] > c["max"]:
            raise fail(f"{path}.max", "custom.refuse.below_lowest_value",
                       hi=c["max"], lo=c["min"])
        if c["multiplier"] == 0:
            raise fail(f"{path}.multiplier", "custom.refuse.0_number_kept_ties")
        if d["scoring"] == "counter":
            _check_counter(c, path)
        elif c["steps"] is not None:
            raise fail(f"{path}.steps", "custom.refuse.steps_buttons_counter_use")
    if d["scoring"] != "rounds" and d["rounds"] is not None:
        raise fail("rounds", "custom.refuse.sheet_per_round_has")
    if d["cooperative"] and d["tiebreaks"]:
        raise fail("tiebreaks", "custom.refuse.cooperative_game_has_ties")
    chosen: set[str] = set()
    for i, rule in enumerate(d["tiebreaks"]):
        path = join_path("tiebreaks", i)
        for side in ("most", "least"):
            if side in rule and rule[side] not in keys:
                raise fail(f"{path}.{side}", "custom.refuse.category_game_categories",
                           got=rule[side], keys=", ".join(c["key"] for c in categories) or "-")
        if "chosen" in rule:
            _check_key(rule["key"], f"{path}.key", chosen | RESERVED_SHEET_KEYS | ({TEAMS} if d["teams"] else set()))
            chosen.add(rule["key"])


def _check_teams(d: dict[str, Any]) -> None:
    if d["cooperative"] or d["no_points"]:
        raise fail("teams", "custom.refuse.team_game_won_by_totals")
    if d["players"]["max"] < 2:
        raise fail("players.max", "custom.refuse.team_game_two_players")


def _two_teams(sheet: Sheet) -> None:
    if len(members(sheet)) < 2:
        raise fail(TEAMS, "custom.refuse.team_game_two_teams")


def _check_counter(c: dict[str, Any], path: str) -> None:
    if c["optional"]:
        raise fail(f"{path}.optional", "custom.refuse.counter_starts_0_never")
    if not c["min"] <= 0 <= c["max"]:
        raise fail(f"{path}.min" if c["min"] > 0 else f"{path}.max",
                   "custom.refuse.counter_starts_0_values")
    for j, step in enumerate(c["steps"] or ()):
        if step == 0:
            raise fail(join_path(f"{path}.steps", j), "custom.refuse.0_step_changes_count")


def _check_key(key: str, path: str, taken: set[str] | frozenset[str]) -> None:
    if not KEY.fullmatch(key):
        raise fail(path, "custom.refuse.z_0_9_starting", got=key)
    if key in taken:
        raise fail(path, "custom.refuse.used_already_key_different", got=key)


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
    game_fields = [Field(rule["key"], PlayerRef(), text_of(rule, "chosen"), help=M("field.chosen.help"))
                   for rule in d["tiebreaks"] if "chosen" in rule]
    if d["scoring"] == "counter":
        game_fields.insert(0, Field(CHANGES, ListOf(_change_kind(categories), MAX_CHANGES), M("field.changes")))
    if d["cooperative"]:
        game_fields.append(Field(OUTCOME, Choice((ChoiceValue("won", M("field.outcome.won")),
                                                  ChoiceValue("lost", M("field.outcome.lost")))),
                                 M("field.outcome"), required=True))
    if d["no_points"]:
        game_fields.append(Field(WINNERS, ListOf(PlayerRef(), d["players"]["max"], unique=True),
                                 M("field.winners"), required=True))
    if d["teams"]:
        game_fields.append(Field(TEAMS, PerPlayer(Name(MAX_NAME_LENGTH)), M("field.team_of"), required=True))
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
        notes=(Typed(d["note"]),) if d["note"] else (),
        categories=tuple((c.key, c.name) for c in categories),
        lowest_wins=d["win"] == "lowest",
        check=_two_teams if d["teams"] else no_check,
        definition=d,
    )
    return _with_prompts(spec, d)


def _change_kind(categories: tuple[Category, ...]) -> Record:
    """One change of a counter sheet: whose count, of which category, by how much."""
    return Record((Field("player", PlayerRef(), M("field.player"), required=True),
                   Field("key", Choice(tuple(ChoiceValue(c.key, c.name) for c in categories)),
                         M("field.change.category"), required=True),
                   Field("by", Int(-LIMIT, LIMIT), M("field.by"), required=True)))


def _points_help(c: Category) -> Words | None:
    if not c.counts:
        return M("points_help.ties_adds_points")
    if c.multiplier != 1:
        return M("points_help.points", m=c.multiplier)
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
                       "custom.refuse.takes_s_stays_between",
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

        return TiebreakRule(f"chosen_{key}", name, M("tiebreak.chosen", n=name), chosen)
    most = "most" in rule
    c = categories[rule["most" if most else "least"]]
    by_rounds = scoring == "rounds"
    single = by_rounds and len(categories) == 1 and not c.optional

    def amount(sheet: Sheet, scoring: Scoring, player: str) -> int | None:
        return _amount(_entries(sheet, player, by_rounds), c.key, single)

    def count(sheet: Sheet, scoring: Scoring, player: str) -> int:
        return sum(change["by"] for change in sheet.fields[CHANGES]
                   if change["player"] == player and change["key"] == c.key)

    advantage = (M("tiebreak.more") if most else M("tiebreak.fewer")).format(c=c.name)
    return TiebreakRule(f"{'most' if most else 'least'}_{c.key}", c.name, advantage,
                        count if scoring == "counter" else amount, "higher" if most else "lower")


def describe_rules(spec: GameSpec) -> list[Words]:
    """The win rule and the tiebreak chain in words (the sheet's guide and the editor's preview)."""
    d = spec.definition or {}
    if d.get("cooperative"):
        return [M("describe_rules.everyone_wins_loses_together")]
    lines = []
    if d.get("no_points"):
        lines.append(M("describe_rules.table_picks_winners"))
    elif d.get("teams"):
        lines.append(M("describe_rules.lowest_team_total_wins") if spec.lowest_wins
                     else M("describe_rules.highest_team_total_wins"))
    else:
        lines.append(M("describe_rules.lowest_total_wins") if spec.lowest_wins
                     else M("describe_rules.highest_total_wins"))
    steps = [_step_text(rule, bool(d.get("teams"))) for rule in spec.tiebreaks]
    if steps:
        chain = steps[0]
        for step in steps[1:]:
            chain = M("rules.then", first=chain, next=step)
        lines.append(M("describe_rules.tie_still_tied_win", chain=chain))
    elif not d.get("no_points"):
        lines.append(M("describe_rules.tie_win_shared"))
    return lines


def _step_text(rule: TiebreakRule, teams: bool) -> Words:
    if rule.id.startswith("chosen_"):
        return M("step_text.team_of_chosen_wins" if teams else "step_text.player_chosen_as_wins", c=rule.name)
    return (M("step_text.more_wins") if rule.better == "higher"
            else M("step_text.fewer_wins")).format(c=rule.name)


def _with_prompts(spec: GameSpec, d: Mapping[str, Any]) -> GameSpec:
    prompts = [Prompt("scoring", line) for line in describe_rules(spec)]
    if d["note"]:
        prompts.insert(0, Prompt("setup", Typed(d["note"])))
    return replace(spec, prompts=tuple(prompts))
