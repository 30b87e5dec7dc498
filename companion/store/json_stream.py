"""Reading a large JSON object a run of array elements at a time.

`read_members` walks a top-level object `{"key": value, ...}` in UTF-8 bytes: array values of the keys asked
for are decoded a run of elements at a time (each run handed to a callback, then dropped), other values
whole. Memory stays at the file plus one run (about CHUNK bytes of it); a file of junk is refused at its
first bad element instead of after being parsed completely.

A run is decoded in one go by the fast decoder (`json_codec.decode_array`) when a place where the run can
end is found: a guess (the first `}` after CHUNK bytes that is followed by `,{"id"`, as every document the
app writes begins with its id; or, near the end of the array, the first `}` where the brackets balance and
the array ends) that decoding confirms: a prefix of the elements that decodes as elements can only end
where an element ends. Where no guess holds, or the fast decoder declines, the caller's decoder reads the
elements one by one, exactly as it reads any JSON.

A caller that decodes runs elsewhere (worker processes) may take them as bytes, at the guessed ends, before
anything decodes them (`Runs`): it confirms them later, all of them before anything else of the array is read
here, and names the first it found wrong (its guessed end, or what it holds), which is then read here again,
and everything after it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import json_codec

CHUNK = 1 << 20  # bytes of elements decoded at once
MAX_CHUNK = 8 << 20  # a run found longer than this is read element by element (a huge element is refused first)

_SPACE = re.compile(rb"[ \t\n\r]*")
SCALAR_WINDOW = 4096
_NEXT_DOCUMENT = re.compile(rb'\}(?=[ \t\n\r]*,[ \t\n\r]*\{"id")')
_CLOSING = re.compile(rb"\}(?=[ \t\n\r]*([,\]]))")  # a "}" that may end an element

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
    count: int = 0  # for a streamed array: how many elements it has


# on_elements(key, index of the first, the elements, where they are in the bytes)
OnElements = Callable[[str, int, list[Any], Span], None]


class Runs(Protocol):
    """Who takes runs of elements as bytes, undecoded (see the module's docstring)."""

    def offer(self, key: str, span: Span) -> bool:
        """Whether the taker takes the run at `span` (from where an element begins to a guessed end)."""

    def confirm(self, key: str) -> tuple[int, int]:
        """Settle every run taken since the last call, in order: where reading goes on, with how many elements
        of the array come before it: the end of the last run taken, when every one of them held; else the start
        of the first that did not (it is read here, and everything after it)."""


def _error(message: str) -> json.JSONDecodeError:
    return json.JSONDecodeError(message, "", 0)


@dataclass
class _Cursor:
    data: bytes
    decoder: json.JSONDecoder
    at: int = 0
    seen: dict[str, Member] = field(default_factory=dict)

    def skip(self) -> None:
        self.at = _SPACE.match(self.data, self.at).end()  # type: ignore[union-attr]

    def peek(self) -> str:
        self.skip()
        if self.at >= len(self.data):
            raise _error("Unexpected end of the file")
        return chr(self.data[self.at])

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise _error(f"Expecting {char!r}")
        self.at += 1

    def scalar(self) -> Any:
        """A key or a plain value (not an array or object), by the caller's decoder: read from the text of a
        few kilobytes of the file, or of all the rest when the value may go on past them (one string may be
        the whole file)."""
        self.skip()
        for stop in (self.at + SCALAR_WINDOW, len(self.data)):
            stop = _between_characters(self.data, min(stop, len(self.data)))
            text = self.data[self.at:stop].decode("utf-8")
            try:
                value, used = self.decoder.raw_decode(text)
            except json.JSONDecodeError:
                if stop < len(self.data):
                    continue
                raise
            if used < len(text) or stop == len(self.data):  # else a number may go on past the window
                self.at += used if text.isascii() else len(text[:used].encode("utf-8"))
                return value
        raise AssertionError("the last window is the rest of the file")


def read_members(data: bytes, decoder: json.JSONDecoder, streamed: Collection[str],
                 on_key: Callable[[str], None], on_value: Callable[[str, Any], None], on_elements: OnElements,
                 on_progress: Callable[[int], None] | None = None, start: int = 0,
                 runs: Runs | None = None) -> dict[str, Member]:
    """The top-level members of `data` (valid UTF-8 from `start`). A key in `streamed` must hold an array of
    objects: its elements go to `on_elements` a run at a time, in order, as soon as they are decoded. Any
    other key must hold a plain value (no array or object), given to `on_value(key, value)`. `on_key(key)`
    sees every key before its value is read (to refuse unknown ones early). `on_progress(at)` is told how
    far in the bytes it is. Raises json.JSONDecodeError, NotAnObjectError, NotScalarError,
    DuplicateKeyError, and whatever the callbacks or the decoder raise. `runs` may take runs undecoded."""
    cursor = _Cursor(data, decoder, start)
    if cursor.peek() != "{":
        raise NotAnObjectError()
    cursor.at += 1
    if cursor.peek() == "}":
        cursor.at += 1
    else:
        while True:
            if cursor.peek() != '"':
                raise _error("Expecting a key in double quotes")
            key = cursor.scalar()
            if key in cursor.seen:
                raise DuplicateKeyError(key)
            on_key(key)
            cursor.expect(":")
            is_array = cursor.peek() in "[{"
            if (key in streamed) != (is_array and cursor.peek() == "["):
                raise NotScalarError(key)
            if key in streamed:
                cursor.seen[key] = Member(key, count=_elements(cursor, key, on_elements, on_progress, runs))
            else:
                cursor.seen[key] = Member(key, cursor.scalar())
                on_value(key, cursor.seen[key].value)
            if cursor.peek() == "}":
                cursor.at += 1
                break
            cursor.expect(",")
    cursor.skip()
    if cursor.at != len(data):
        raise _error("Extra data")
    return cursor.seen


def _elements(cursor: _Cursor, key: str, on_elements: OnElements, on_progress: Callable[[int], None] | None,
              runs: Runs | None) -> int:
    """Read the array at the cursor; returns how many elements it has."""
    cursor.at += 1  # the "["
    count = 0
    taken, last_end = False, 0  # runs taken undecoded since they were last confirmed; where the last one ends
    offer = runs is not None  # not for a run that `runs` declined or found wrong
    if cursor.peek() == "]":
        cursor.at += 1
        return count

    def found_wrong() -> bool:
        """Confirm the runs taken; True when one of them was found wrong (the cursor is then at its start, to
        read it again here)."""
        nonlocal count, taken
        at, count = runs.confirm(key)  # type: ignore[union-attr]
        taken = False
        if at == last_end:
            return False
        cursor.at = at
        return True

    while True:
        cursor.skip()
        start = cursor.at
        end = _run_end(cursor.data, start) if offer and cursor.data[start:start + 1] == b"{" else None
        if end is not None and runs.offer(key, (start, end)):  # type: ignore[union-attr]
            cursor.at = last_end = end  # a guessed end is followed by "," or "]"
            taken = True
        elif taken:  # what they held comes before anything read here
            found_wrong()
            offer = False  # the run declined (or the one found wrong) is read here
            continue
        else:
            offer = runs is not None
            if cursor.peek() != "{":  # refused before it is decoded: a single element may be the whole file
                raise NotAnObjectError(f"{key}[{count}]")
            run = _fast_run(cursor.data, start)
            if run is None:
                elements, cursor.at, failure = _one_by_one(cursor, key, count)
            else:
                elements, cursor.at = run
                odd = next((i for i, element in enumerate(elements) if not isinstance(element, dict)), None)
                failure = None if odd is None else NotAnObjectError(f"{key}[{count + odd}]")
                elements = elements if odd is None else elements[:odd]
            on_elements(key, count, elements, (start, cursor.at))
            count += len(elements)
            if failure is not None:
                raise failure
        if on_progress is not None:
            on_progress(cursor.at)
        if cursor.peek() == "]":
            if taken and found_wrong():
                offer = False
                continue
            cursor.at += 1
            return count
        cursor.expect(",")


def decode_elements(data: bytes, decoder: json.JSONDecoder, span: Span) -> list[Any]:
    """The elements `on_elements` was given with `span`, decoded again."""
    values = json_codec.decode_array(data[span[0]:span[1]])
    if values is not None:
        return values
    return decoder.decode("[" + data[span[0]:span[1]].decode("utf-8") + "]")  # type: ignore[no-any-return]


def _fast_run(data: bytes, start: int) -> tuple[list[Any], int] | None:
    """Elements from `start` (where one begins) decoded in one go by the fast decoder, and where they end;
    None when no place to end is found within MAX_CHUNK bytes or the fast decoder declines."""
    end = _run_end(data, start)
    if end is None:
        return None
    values = json_codec.decode_array(data[start:end])
    return None if values is None else (values, end)


def _run_end(data: bytes, start: int) -> int | None:
    """Where a run of elements from `start` probably ends (just after a "}"), see the module's docstring."""
    after = _NEXT_DOCUMENT.search(data, start + CHUNK, start + MAX_CHUNK)
    if after is not None:
        return after.end()
    # the end of the array within MAX_CHUNK bytes: the brackets opened since `start` are all closed there
    depth, counted = 0, start
    for closing in _CLOSING.finditer(data, start, start + MAX_CHUNK):
        piece = data[counted:closing.end()]
        depth += piece.count(b"{") + piece.count(b"[") - piece.count(b"}") - piece.count(b"]")
        counted = closing.end()
        if depth == 0 and (closing.group(1) == b"]" or counted - start >= CHUNK):
            return counted
    return None


def _one_by_one(cursor: _Cursor, key: str, first: int) -> tuple[list[Any], int, Exception | None]:
    """Elements from the cursor decoded one at a time by the caller's decoder, until CHUNK bytes are read or
    the array ends: the elements, where they end, and what stopped them early (a decode error, an element
    that is not an object), to be raised once the elements before it were seen."""
    data, start = cursor.data, cursor.at
    size = 2 * CHUNK
    while True:  # over the text of a window of the bytes, grown while what stops it may be the window's end
        stop = _between_characters(data, min(len(data), start + size))
        text = data[start:stop].decode("utf-8")
        elements, at, failure = _decode_text(text, cursor.decoder, key, first)
        if failure is None or stop == len(data) or not (isinstance(failure, json.JSONDecodeError)
                                                         or at >= len(text)):
            end = start + (at if text.isascii() else len(text[:at].encode("utf-8")))
            return elements, end, failure
        size = len(data)  # all the rest: at most twice, not once a window


def _decode_text(text: str, decoder: json.JSONDecoder, key: str, first: int) -> tuple[list[Any], int, Exception | None]:
    elements: list[Any] = []
    at = 0
    try:
        while True:
            if text[at:at + 1] != "{":
                return elements, at, NotAnObjectError(f"{key}[{first + len(elements)}]")
            element, at = decoder.raw_decode(text, at)
            elements.append(element)
            at = _skip(text, at)
            if text[at:at + 1] == "]" or at >= CHUNK:
                return elements, at, None
            if text[at:at + 1] != ",":
                raise json.JSONDecodeError("Expecting ','", text, at)
            at = _skip(text, at + 1)
    except (ValueError, RecursionError) as error:  # JSONDecodeError and the decoder's own refusals
        return elements, at, error


_TEXT_SPACE = re.compile(r"[ \t\n\r]*")


def _between_characters(data: bytes, at: int) -> int:
    """`at`, or the start of the UTF-8 character it falls inside."""
    while at < len(data) and data[at] & 0xC0 == 0x80:
        at -= 1
    return at


def _skip(text: str, at: int) -> int:
    return _TEXT_SPACE.match(text, at).end()  # type: ignore[union-attr]
