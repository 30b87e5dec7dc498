"""The one rule for names a person types, shared by the engine (sheets and custom games' definitions from
anywhere), the new-game screen, renaming a player, the game editor and the imports.

A name is trimmed and in NFC; it has at most MAX_NAME_LENGTH characters (a player's), no control characters (NUL,
ESC, line breaks), no bidirectional overrides or isolates (which reorder what the other names look like),
and something visible. Two names at one table may not look the same: they are compared with invisible
characters removed and case folded.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .messages import Message, Words

MAX_NAME_LENGTH = 30
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Characters that draw nothing but are not format characters (Cf): Hangul fillers, the combining grapheme
# joiner, variation selectors.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u034f\u180e" + "".join(chr(c) for c in range(0xFE00, 0xFE10)))

@dataclass(frozen=True)
class NameProblem:
    """Why the name in seat `index` is refused: `code` names its message, `name.refuse.<code>`."""

    code: str
    index: int
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> Words:
        return Message.of(f"name.refuse.{self.code}", **self.params)


def clean_name(raw: str) -> str:
    """What a typed name is stored as: trimmed, in NFC."""
    return unicodedata.normalize("NFC", raw).strip()


def _invisible(char: str) -> bool:
    return char in INVISIBLE or unicodedata.category(char) == "Cf"


def look_alike_key(name: str) -> str:
    """Two names with the same key look the same at the table."""
    if name.isascii():  # nothing invisible, already composed (the common case, checked for every sheet)
        return name.casefold()
    visible = "".join(c for c in unicodedata.normalize("NFC", name) if not _invisible(c))
    return unicodedata.normalize("NFC", visible.casefold())


def name_problem(name: Any, index: int = 0, max_length: int = MAX_NAME_LENGTH) -> NameProblem | None:
    """What is wrong with one name on its own (as stored: not trimmed or normalised here); `max_length` is a
    player's unless the name is another's (a game's, a score category's)."""
    if not isinstance(name, str) or not name.strip():
        return NameProblem("empty", index)
    if name.isascii() and name.isprintable():  # no control, bidi or invisible character can be in it
        return None if name == name.strip() and len(name) <= max_length else \
            NameProblem("long", index, {"n": max_length})
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        return NameProblem("control", index)
    if name != name.strip() or len(name) > max_length:
        return NameProblem("long", index, {"n": max_length})
    if any(c in BIDI_CONTROLS for c in name):
        return NameProblem("bidi", index)
    if not look_alike_key(name).strip():
        return NameProblem("invisible", index)
    return None


def name_problems(names: Sequence[Any]) -> list[NameProblem]:
    """Every refused name at one table, in seat order: a name refused on its own, the same name again (case
    aside), or one that differs from an earlier name only in invisible characters."""
    found: list[NameProblem] = []
    seen: dict[str, str] = {}  # look-alike key -> the first name with it
    for index, name in enumerate(names):
        problem = name_problem(name, index)
        if problem is not None:
            found.append(problem)
            continue
        key = look_alike_key(name)
        if key not in seen:
            seen[key] = name
            continue
        other = seen[key]
        if _folded(other) == _folded(name):
            found.append(NameProblem("twice", index, {"name": name}))
        else:
            found.append(NameProblem("looks_same", index, {"name": name, "other": other}))
    return found


def _folded(name: str) -> str:
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
