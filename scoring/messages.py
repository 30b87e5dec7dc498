"""Every word shown to a player is a message: an id with its arguments, worded per language by a catalog.

A catalog is a folder of JSON files, `<lang>.json`, each mapping a message id to its text with `{name}`
placeholders; a counted text has one entry per plural form of its language (`key#one`, `key#other`) and is
chosen by its `n` argument under the language's CLDR rules (Babel). A language is the set of files present, so
adding a language is adding files; an id a language's file lacks is worded in English.

An argument may itself be words (a game's name inside a sentence), worded in the same language; a number is
written as the language writes numbers (its digits and decimal sign; the engine's rules texts leave scores and
targets ungrouped, "8000 points", as the rulebooks and score sheets do). The engine's messages live in
`scoring/locales/`; the app keeps its own catalog with the same mechanism (companion/i18n.py).
"""

from __future__ import annotations

import json
import string
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

DEFAULT_LANGUAGE = "en"
PLURAL_MARK = "#"


class Words(ABC):
    """Something a player reads, in whichever language the player reads."""

    @abstractmethod
    def render(self, lang: str) -> str: ...

    @abstractmethod
    def format(self, **args: Any) -> Words:
        """The same words with more arguments filled in (a game's prompts take its setup values)."""

    @abstractmethod
    def reference(self) -> Any:
        """What a program reads: a message's id and arguments, or typed words as typed."""

    def to_json(self) -> dict[str, str]:
        """The words in every language the engine speaks (the `spec` command's JSON)."""
        return {lang: self.render(lang) for lang in ENGINE.languages}


@dataclass(frozen=True)
class Typed(Words):
    """Words a person typed (a player's or a custom game's name): the same in every language, unless given for
    some languages in `by_language`."""

    text: str
    by_language: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, text: str, by_language: Mapping[str, str]) -> Typed:
        return cls(text, tuple((lang, words) for lang, words in by_language.items() if words))

    def render(self, lang: str) -> str:
        return dict(self.by_language).get(lang, self.text)

    def format(self, **args: Any) -> Typed:
        return self  # typed words are no template: braces in them are the player's

    def reference(self) -> str:
        return self.text


@dataclass(frozen=True)
class Message(Words):
    """A message of the engine's catalog (scoring/locales) by id, with its arguments."""

    id: str
    arguments: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, message_id: str, **args: Any) -> Message:
        return cls(message_id, tuple(args.items()))

    @property
    def args(self) -> dict[str, Any]:
        return dict(self.arguments)

    def render(self, lang: str) -> str:
        return ENGINE.text(self.id, lang, self.args)

    def format(self, **args: Any) -> Message:
        return Message(self.id, tuple({**self.args, **args}.items()))

    def reference(self) -> dict[str, Any]:
        return {"id": self.id, "args": {name: _reference(value) for name, value in self.arguments}}


@dataclass(frozen=True)
class LanguageName(Words):
    """A language's name as the reader's language writes it (CLDR, through Babel): 'Korean', '한국어', 'coréen'."""

    lang: str

    def render(self, lang: str) -> str:
        return locale(lang).languages.get(self.lang) or locale(self.lang).get_display_name(self.lang) or self.lang

    def format(self, **args: Any) -> LanguageName:
        return self

    def reference(self) -> str:
        return self.lang


class Messages:
    """The messages of one part of the engine (a game), by their ids under its prefix: `Messages("patchwork")`
    calls `field.buttons` what the catalog calls `patchwork.field.buttons`."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def __call__(self, key: str, **args: Any) -> Message:
        return Message.of(f"{self.prefix}.{key}", **args)

    def numbered(self, stem: str) -> tuple[Message, ...]:
        """The messages `<stem>.1`, `<stem>.2`, ... the English catalog holds, in number order (a game's rule
        notes, a phase's prompts): adding one to the list is adding it to the catalogs."""
        head = f"{self.prefix}.{stem}"
        return tuple(Message(f"{head}.{n}") for n in ENGINE.numbered.get(head, ()))


def _reference(value: Any) -> Any:
    return value.reference() if isinstance(value, Words) else value


def join_names(names: Sequence[str]) -> Words:
    """'A', 'A and B', 'A, B and C' as the language lists names."""
    listed: Words = Typed(names[0])
    for name in names[1:-1]:
        listed = Message.of("list.more", head=listed, next=name)
    return listed if len(names) == 1 else Message.of("list.last", head=listed, last=names[-1])


class Catalog:
    """The messages of one folder of `<lang>.json` files."""

    def __init__(self, directory: Path, group_numbers: bool = True) -> None:
        self.directory = directory
        self.group_numbers = group_numbers
        self._entries: dict[str, dict[str, str]] = {}

    @cached_property
    def languages(self) -> tuple[str, ...]:
        """The languages with a file here, English first."""
        found = sorted(path.stem for path in self.directory.glob("*.json"))
        return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))

    def entries(self, lang: str) -> dict[str, str]:
        if lang not in self._entries:
            path = self.directory / f"{lang}.json"
            self._entries[lang] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        return self._entries[lang]

    @cached_property
    def numbered(self) -> dict[str, tuple[int, ...]]:
        """The numbered lists of the English file (a game's rule notes, a phase's prompts): each list's numbers in
        order, by what comes before them (`patchwork.note` -> 1, 2); a counted text is numbered once."""
        found: dict[str, set[int]] = {}
        for key in self.entries(DEFAULT_LANGUAGE):
            stem, _, number = key.partition(PLURAL_MARK)[0].rpartition(".")
            if number.isdecimal():
                found.setdefault(stem, set()).add(int(number))
        return {stem: tuple(sorted(numbers)) for stem, numbers in found.items()}

    def template(self, message_id: str, lang: str, n: Any = None) -> str:
        """The text of `message_id` in `lang`, or in English when `lang` lacks it; for a counted text, the plural
        form of `n`."""
        for language in (lang, DEFAULT_LANGUAGE) if lang != DEFAULT_LANGUAGE else (lang,):
            texts = self.entries(language)
            if message_id in texts:
                return texts[message_id]
            if is_number(n):
                form = locale(language).plural_form(abs(n))
                counted = texts.get(f"{message_id}{PLURAL_MARK}{form}") or texts.get(
                    f"{message_id}{PLURAL_MARK}other")
                if counted:
                    return counted
        raise KeyError(message_id)

    def text(self, message_id: str, lang: str, args: Mapping[str, Any]) -> str:
        template = self.template(message_id, lang, args.get("n"))
        return _formatter(lang, self.group_numbers).vformat(template, (), args) if args else template


class _Formatter(string.Formatter):
    """str.format, with words worded and plain numbers written in the language."""

    def __init__(self, lang: str, group_numbers: bool) -> None:
        self.lang = lang
        self.group_numbers = group_numbers

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, Words):
            value = value.render(self.lang)
        elif is_number(value) and not format_spec:
            return drawable(format_decimal(value, locale=self.lang, group_separator=self.group_numbers))
        return format(value, format_spec)


@cache
def _formatter(lang: str, group_numbers: bool) -> _Formatter:
    return _Formatter(lang, group_numbers)


NARROW_NO_BREAK_SPACE = "\u202f"  # CLDR's group sign in French ('6 000') and its space before AM/PM


def drawable(text: str) -> str:
    """Numbers and times as CLDR writes them, with the narrow no-break space (which no shipped font has: the
    browser's engine would fetch a Noto font for it, absent offline) as a no-break space: never split either."""
    return text.replace(NARROW_NO_BREAK_SPACE, "\u00a0")


@cache
def locale(lang: str) -> Locale:
    return Locale.parse(lang)


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def plural_keys(lang: str, key: str) -> set[str]:
    """The catalog keys a counted text needs in `lang`: one per plural form of its rules."""
    return {f"{key}{PLURAL_MARK}{form}" for form in {*locale(lang).plural_form.tags, "other"}}


ENGINE = Catalog(Path(__file__).parent / "locales", group_numbers=False)
