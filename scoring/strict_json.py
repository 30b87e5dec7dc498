"""JSON as the engine accepts it from outside (a sheet file, a backup): what Python's json module lets
through but no real game produces is refused with a SheetError.

- numbers: no NaN/Infinity, no float that overflows (1e999), no integer longer than MAX_DIGITS digits;
- text: no lone surrogate (it cannot be written back out as UTF-8);
- nesting: at most MAX_DEPTH levels.
"""

from __future__ import annotations

import json
import math
from typing import Any

from .errors import SheetError, fail

MAX_DIGITS = 30  # more than any score sheet needs; Python itself refuses past 4300
MAX_DEPTH = 32


def _number_too_long(text: str) -> SheetError:
    return fail("", "json.refuse.sheet_number_too_long", start=text[:12])


def parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _number_too_long(text)
    return int(text)


def parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise _number_too_long(text)
    value = float(text)
    if not math.isfinite(value):
        raise fail("", "json.refuse.sheet_number_out_range", n=text)
    return value


def reject_constant(name: str) -> Any:
    raise fail("", "json.refuse.valid_json_number_json", name=name)


def decoder(bounded_ints: bool = True) -> json.JSONDecoder:
    """`bounded_ints=False` leaves integers to Python (up to 4300 digits), which decodes large files several
    times faster: a custom integer parser is called for every number."""
    if bounded_ints:
        return json.JSONDecoder(parse_int=parse_int, parse_float=parse_float, parse_constant=reject_constant)
    return json.JSONDecoder(parse_float=parse_float, parse_constant=reject_constant)


def check_value(value: Any) -> None:
    """Raise SheetError for a lone surrogate anywhere (keys too) or nesting deeper than MAX_DEPTH."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise too_deep()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict):
            for key, inner in item.items():
                _check_text(key)
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)


def too_deep() -> SheetError:
    return fail("", "json.refuse.sheet_json_nested_too")


def _check_text(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise fail("", "json.refuse.valid_text_lone_surrogate",
                       code=next(ord(c) for c in text if 0xD800 <= ord(c) <= 0xDFFF)) from None


def loads(text: str) -> Any:
    """Parse and check JSON text. Raises SheetError."""
    try:
        value = decoder().decode(text)
    except json.JSONDecodeError as error:
        raise fail("", "json.refuse.valid_json_line_column",
                   why=error.msg, line=error.lineno, col=error.colno) from None
    except RecursionError:
        raise too_deep() from None
    check_value(value)
    return value
