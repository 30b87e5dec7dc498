"""Declarative field types: what a sheet may hold, with bounds, and one validator for all of them.

A game's spec describes its sheet with these types; the same description drives validation
(here), the `spec` command's JSON and the app's generated score sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .errors import SheetError, fail, needed
from .messages import Words
from .names import name_problem

MISSING: Any = object()


def join_path(base: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{base}[{key}]"
    return f"{base}.{key}" if base else key


class Kind:
    """Base of the field types. `check` returns the value normalized, or raises SheetError."""

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> Any:
        raise NotImplementedError

    def empty(self) -> Any:
        """The value of an optional field that was left out."""
        return None

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Kind):
    min: int
    max: int

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(path, "field.refuse.whole_number",
                       got=describe(value))
        if not self.min <= value <= self.max:
            raise fail(path, "field.refuse.between", lo=self.min, hi=self.max, got=value)
        return value

    def empty(self) -> int | None:
        return 0 if self.min <= 0 <= self.max else None

    def to_json(self) -> dict[str, Any]:
        return {"type": "int", "min": self.min, "max": self.max}


@dataclass(frozen=True)
class Bool(Kind):
    def check(self, value: Any, path: str, players: tuple[str, ...]) -> bool:
        if not isinstance(value, bool):
            raise fail(path, "field.refuse.true_false",
                       got=describe(value))
        return value

    def empty(self) -> bool:
        return False

    def to_json(self) -> dict[str, Any]:
        return {"type": "bool"}


@dataclass(frozen=True)
class ChoiceValue:
    value: str
    name: Words


@dataclass(frozen=True)
class Choice(Kind):
    values: tuple[ChoiceValue, ...]

    @cached_property
    def allowed(self) -> tuple[str, ...]:
        return tuple(v.value for v in self.values)

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in self.allowed:
            raise fail(path, "field.refuse.one",
                       allowed=", ".join(self.allowed), got=describe(value))
        return value

    def name_of(self, value: str) -> Words:
        return next(v.name for v in self.values if v.value == value)

    def to_json(self) -> dict[str, Any]:
        return {"type": "choice", "values": [{"value": v.value, "name": v.name.to_json()} for v in self.values]}


@dataclass(frozen=True)
class Str(Kind):
    max_len: int = 40

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> str:
        if not isinstance(value, str) or not value.strip():
            raise fail(path, "field.refuse.non_empty_text",
                       got=describe(value))
        if len(value) > self.max_len:
            raise fail(path, "field.refuse.longer_than_characters", n=self.max_len)
        return value.strip()

    def to_json(self) -> dict[str, Any]:
        return {"type": "text", "max_length": self.max_len}


@dataclass(frozen=True)
class Name(Str):
    """A name a person types (a game's, a score category's): text held to the players' rule for names (no control
    or text-direction characters, something visible; scoring/names.py)."""

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> str:
        name = super().check(value, path, players)
        problem = name_problem(name, max_length=self.max_len)
        if problem is not None:
            raise SheetError(path, problem.text)
        return name


@dataclass(frozen=True)
class PlayerRef(Kind):
    def check(self, value: Any, path: str, players: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in players:
            raise fail(path, "field.refuse.name_player",
                       names=", ".join(players), got=describe(value))
        return value

    def to_json(self) -> dict[str, Any]:
        return {"type": "player"}


@dataclass(frozen=True)
class ListOf(Kind):
    item: Kind
    max_len: int
    min_len: int = 0
    unique: bool = False

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> list[Any]:
        if not isinstance(value, list):
            raise fail(path, "field.refuse.list", got=describe(value))
        if not self.min_len <= len(value) <= self.max_len:
            if self.min_len == self.max_len:
                raise fail(path, "field.refuse.hold_exactly_entries",
                           n=self.max_len, got=len(value))
            raise fail(path, "field.refuse.hold_entries",
                       lo=self.min_len, hi=self.max_len, got=len(value))
        items = []
        for i, v in enumerate(value):
            try:
                items.append(self.item.check(v, "", players))
            except SheetError as error:  # paths are built only for the error, not for every valid value
                raise error.within(join_path(path, i)) from None
        if self.unique:
            seen: set[Any] = set()
            for i, v in enumerate(items):
                if v in seen:
                    raise fail(join_path(path, i), "field.refuse.appears_twice", v=v)
                seen.add(v)
        return items

    def empty(self) -> list[Any]:
        return []

    def to_json(self) -> dict[str, Any]:
        out = {"type": "list", "item": self.item.to_json(), "min_length": self.min_len, "max_length": self.max_len}
        if self.unique:
            out["unique"] = True
        return out


def option_holds(option: tuple[str, Any] | None, options: Mapping[str, Any]) -> bool:
    """Whether a rule choice (a game option's key and value) was taken; no choice always holds."""
    return option is None or options.get(option[0]) == option[1]


def option_json(option: tuple[str, Any]) -> dict[str, Any]:
    return {"key": option[0], "value": option[1]}


@dataclass(frozen=True)
class Field:
    """One value of a sheet. `required_unless` names a sibling field that may be given instead: a short way
    to enter the same thing (a cheque total instead of every cheque); the field is required without it."""

    key: str
    kind: Kind
    name: Words
    required: bool = False
    help: Words | None = None
    default: Any = MISSING
    required_unless: str | None = None
    option: tuple[str, Any] | None = None  # (a game option, its value): the field is in play only then

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Whether the field is in play with the game's `options` (a sheet leaves out one that is not)."""
        return option_holds(self.option, options)

    def missing_value(self) -> Any:
        return self.kind.empty() if self.default is MISSING else self.default

    def needed_in(self, record: Mapping[str, Any]) -> bool:
        """Whether this field must be given in `record` (the mapping that holds it and its siblings)."""
        return self.required or (self.required_unless is not None and record.get(self.required_unless) is None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "name": self.name.to_json(), "required": self.required}
        out.update(self.kind.to_json())
        if not self.required:
            out["default"] = self.missing_value()
        if self.required_unless is not None:
            out["required_unless"] = self.required_unless
        if self.help is not None:
            out["help"] = self.help.to_json()
        if self.option is not None:
            out["option"] = option_json(self.option)
        return out


@dataclass(frozen=True)
class Record(Kind):
    fields: tuple[Field, ...]

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise fail(path, "field.refuse.object_fields",
                       keys=", ".join(f.key for f in self.fields), got=describe(value))
        return check_fields(self.fields, value, path, players)

    def to_json(self) -> dict[str, Any]:
        return {"type": "record", "fields": [f.to_json() for f in self.fields]}


@dataclass(frozen=True)
class Variants(Kind):
    """One of several records, told apart by which tag key is present (e.g. `points` or `dice`)."""

    variants: tuple[tuple[str, Record], ...]

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> dict[str, Any]:
        if isinstance(value, dict):
            for tag, record in self.variants:
                if tag in value:
                    return record.check(value, path, players)
        tags = " or ".join(f"'{tag}'" for tag, _ in self.variants)
        raise fail(path, "field.refuse.object",
                   tags=tags, got=describe(value))

    def to_json(self) -> dict[str, Any]:
        return {"type": "variants", "variants": [{"tag": t, **r.to_json()} for t, r in self.variants]}


@dataclass(frozen=True)
class PerPlayer(Kind):
    """A value for every player, keyed by name: one round of a round game."""

    item: Kind

    def check(self, value: Any, path: str, players: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise fail(path, "field.refuse.object_keyed_player_name", got=describe(value))
        for key in value:
            if key not in players:
                raise fail(join_path(path, key), "field.refuse.player_game")
        for name in players:
            if name not in value:
                raise needed(join_path(path, name), "field.refuse.missing_player_needs_entry")
        out = {}
        for name in players:
            try:
                out[name] = self.item.check(value[name], "", players)
            except SheetError as error:
                raise error.within(join_path(path, name)) from None
        return out

    def to_json(self) -> dict[str, Any]:
        return {"type": "per_player", "item": self.item.to_json()}


def check_fields(fields: tuple[Field, ...], value: dict[str, Any], path: str,
                 players: tuple[str, ...], ignore: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Validate a mapping against fields: unknown keys and missing required ones are errors."""
    known = _keys(fields, ignore)
    for key in value:
        if key not in known:
            raise unknown_key(join_path(path, str(key)), sorted(known - ignore))
    out: dict[str, Any] = {}
    for f in fields:
        given = value.get(f.key)
        if given is not None:
            try:
                out[f.key] = f.kind.check(given, "", players)
            except SheetError as error:
                raise error.within(join_path(path, f.key)) from None
        elif f.required:
            raise needed(join_path(path, f.key), "field.refuse.required")
        elif f.needed_in(value):
            other = next(o.name for o in fields if o.key == f.required_unless)
            raise needed(join_path(path, f.key), "field.refuse.required_else",
                         other=other)
        else:
            out[f.key] = f.missing_value()
    return out


# The keys of each tuple of fields checked, with the keys ignored beside them: the same few tuples (a game's
# player fields, a record's) are checked for every sheet. Keyed by identity, holding the tuple so that its id
# stays its own; custom games make new tuples, so past a bound all are let go.
_known_keys: dict[tuple[int, frozenset[str]], tuple[tuple[Field, ...], frozenset[str]]] = {}
MAX_KNOWN_KEYS = 512


def _keys(fields: tuple[Field, ...], ignore: frozenset[str]) -> frozenset[str]:
    entry = _known_keys.get((id(fields), ignore))
    if entry is None or entry[0] is not fields:
        if len(_known_keys) >= MAX_KNOWN_KEYS:
            _known_keys.clear()
        entry = _known_keys[(id(fields), ignore)] = (fields, frozenset(f.key for f in fields) | ignore)
    return entry[1]


def unknown_key(path: str, known: list[str]) -> SheetError:
    return fail(path, "field.refuse.field_sheet_expected_one", known=", ".join(known) or "-")


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value) if len(value) <= 30 else repr(value[:27] + "...")
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__



def stand_in(kind: Kind, players: tuple[str, ...]) -> Any:
    """A value that takes the place of an entry not made yet, so that the rest of a sheet can be scored.

    Groups (records, rounds) stand in empty: their own required entries are then found missing one by one.
    """
    if isinstance(kind, Int):
        empty = kind.empty()
        return kind.min if empty is None else empty
    if isinstance(kind, Bool):
        return False
    if isinstance(kind, Choice):
        return kind.allowed[0]
    if isinstance(kind, PlayerRef):
        return players[0] if players else ""
    if isinstance(kind, Str):
        return "-"
    if isinstance(kind, ListOf):
        return [stand_in(kind.item, players) for _ in range(kind.min_len)]
    if isinstance(kind, Variants):
        tag, record = kind.variants[0]
        return {tag: stand_in(next(f.kind for f in record.fields if f.key == tag), players)}
    return {}


def kind_within(kind: Kind | None, parts: tuple[str | int, ...]) -> Kind | None:
    """The field type at `parts` below a value of type `kind` (None when the parts lead nowhere)."""
    for part in parts:
        if (isinstance(kind, ListOf) and isinstance(part, int)) or (isinstance(kind, PerPlayer)
                                                                   and isinstance(part, str)):
            kind = kind.item
        elif isinstance(kind, Record) and isinstance(part, str):
            kind = next((f.kind for f in kind.fields if f.key == part), None)
        elif isinstance(kind, Variants) and isinstance(part, str):
            kind = next((f.kind for _, r in kind.variants for f in r.fields if f.key == part), None)
        else:
            return None
    return kind
