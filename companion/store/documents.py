"""Plain JSON documents as the store keeps them: copies, ids and times in one spelling."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime
from typing import TypeVar

from .json_codec import decode, encode
from .summary import parse_time

T = TypeVar("T")
CANONICAL_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\+00:00")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def canonical_time(value: str) -> str:
    """One spelling per moment (UTC, whole seconds), so that times sort as text. Raises ValueError."""
    if isinstance(value, str) and CANONICAL_TIME.fullmatch(value):  # spelled so already (most are): a real moment?
        datetime.fromisoformat(value)
        return value
    return parse_time(value).astimezone(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    return uuid.uuid4().hex[:12]


def clone(value: T) -> T:
    """A deep copy that is plain JSON (raises ValueError/TypeError for anything JSON cannot hold)."""
    return decode(encode(value))  # type: ignore[no-any-return]
