"""Reading a large JSON object one array element at a time.

`read_members` walks a top-level object `{"key": value, ...}`: array values of the keys asked for are
decoded element by element (each handed to a callback, with its span in the text, then dropped), other
values whole. Memory stays at the text plus one element; a file of junk is refused at its first bad
element instead of after being parsed completely.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

_SPACE = re.compile(r"[ \t\n\r]*")

Span = tuple[int, int]


class NotAnObjectError(ValueError):
    """The top level, or an element of a streamed array (`path`), is not an object."""

    def __init__(self, path: str = "") -> None:
        super().__init__(path)
        self.path = path


class NotScalarError(ValueError):
    """A member that should be a plain value is an array or object, or a streamed member is not an array."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class DuplicateKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass
class Member:
    key: str
    value: Any = None
    spans: list[Span] | None = None  # for a streamed array: where each element is in the text


@dataclass
class _Cursor:
    text: str
    decoder: json.JSONDecoder
    at: int = 0
    seen: dict[str, Member] = field(default_factory=dict)

    def skip(self) -> None:
        self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]

    def peek(self) -> str:
        self.skip()
        if self.at >= len(self.text):
            raise json.JSONDecodeError("Unexpected end of the file", self.text, self.at)
        return self.text[self.at]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise json.JSONDecodeError(f"Expecting {char!r}", self.text, self.at)
        self.at += 1

    def value(self) -> tuple[Any, Span]:
        self.skip()
        start = self.at
        value, self.at = self.decoder.raw_decode(self.text, start)
        return value, (start, self.at)


def read_members(text: str, decoder: json.JSONDecoder, streamed: Collection[str],
                 on_key: Callable[[str], None], on_value: Callable[[str, Any], None],
                 on_element: Callable[[str, int, Any], None],
                 on_progress: Callable[[int], None] | None = None) -> dict[str, Member]:
    """The top-level members of `text`. A key in `streamed` must hold an array of objects: each goes to
    `on_element(key, index, element)` as soon as it is decoded. Any other key must hold a plain value (no
    array or object), given to `on_value(key, value)`. `on_key(key)` sees every key before its value is read
    (to refuse unknown ones early). Raises json.JSONDecodeError, NotAnObjectError, NotScalarError,
    DuplicateKeyError, and whatever the callbacks or the decoder raise."""
    cursor = _Cursor(text, decoder)
    if cursor.peek() != "{":
        cursor.value()  # valid JSON that is not an object, or a decode error
        raise NotAnObjectError()
    cursor.at += 1
    if cursor.peek() == "}":
        cursor.at += 1
    else:
        while True:
            if cursor.peek() != '"':
                raise json.JSONDecodeError("Expecting a key in double quotes", text, cursor.at)
            key, _ = cursor.value()
            if key in cursor.seen:
                raise DuplicateKeyError(key)
            on_key(key)
            cursor.expect(":")
            is_array = cursor.peek() in "[{"
            if (key in streamed) != (is_array and cursor.peek() == "["):
                raise NotScalarError(key)
            if key in streamed:
                cursor.seen[key] = Member(key, spans=_elements(cursor, key, on_element, on_progress))
            else:
                cursor.seen[key] = Member(key, cursor.value()[0])
                on_value(key, cursor.seen[key].value)
            if cursor.peek() == "}":
                cursor.at += 1
                break
            cursor.expect(",")
    cursor.skip()
    if cursor.at != len(text):
        raise json.JSONDecodeError("Extra data", text, cursor.at)
    return cursor.seen


def _elements(cursor: _Cursor, key: str, on_element: Callable[[str, int, Any], None],
              on_progress: Callable[[int], None] | None) -> list[Span]:
    cursor.at += 1  # the "["
    spans: list[Span] = []
    if cursor.peek() == "]":
        cursor.at += 1
        return spans
    while True:
        if cursor.peek() != "{":  # refused before it is decoded: a single element may be the whole file
            raise NotAnObjectError(f"{key}[{len(spans)}]")
        element, span = cursor.value()
        on_element(key, len(spans), element)
        spans.append(span)
        if on_progress is not None and len(spans) % 500 == 0:
            on_progress(cursor.at)
        if cursor.peek() == "]":
            cursor.at += 1
            return spans
        cursor.expect(",")


def decode_span(text: str, decoder: json.JSONDecoder, span: Span) -> Any:
    return decoder.raw_decode(text, span[0])[0]
