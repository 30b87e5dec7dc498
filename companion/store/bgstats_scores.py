"""A BG Stats score as written, and the number it is.

BG Stats stores a player's score as the text typed: "44", "4.5", "-5", or a sum worked out at the table
("44+21+8+5-12-8-6"). The number is read from it by a small grammar (a sign, then numbers joined by + and -,
decimals with a point), never evaluated as code; text that is not such a sum ("won", "3x4") has no number, and
a blank is no score.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any

MAX_SCORE = 10**9  # a number beyond this is no score a table keeps
MAX_TERMS = 200  # numbers in one sum
_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_SUM = re.compile(rf"\s*[+-]?\s*{_NUMBER}(?:\s*[+-]\s*{_NUMBER})*\s*")
_TERM = re.compile(rf"([+-]?)\s*({_NUMBER})")
_MINUSES = str.maketrans({"\u2212": "-", "\u2013": "-"})  # a typographic minus, an en dash

Number = int | float


def score_number(raw: Any) -> Number | None:
    """The number a score holds: an int when it is whole, else a float; None when it holds none."""
    if isinstance(raw, bool) or raw is None:
        return None
    if isinstance(raw, int | float):
        return _bounded(Decimal(raw)) if isinstance(raw, int) or math.isfinite(raw) else None
    if not isinstance(raw, str):
        return None
    if raw.isdigit() and raw.isascii() and len(raw) < 10:  # most scores: a whole number
        return int(raw)
    text = raw.translate(_MINUSES)
    if not _SUM.fullmatch(text):
        return None
    terms = _TERM.findall(text)
    if len(terms) > MAX_TERMS:
        return None
    return _bounded(sum((Decimal(sign + digits) for sign, digits in terms), Decimal(0)))


def _bounded(value: Decimal) -> Number | None:
    if abs(value) > MAX_SCORE:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def score_text(number: Number | None) -> str:
    """How the export writes a score the app holds only as a number."""
    if number is None:
        return ""
    return str(int(number)) if float(number).is_integer() else repr(float(number))
