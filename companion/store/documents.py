"""Plain JSON documents as the store keeps them: copies, ids and times in one spelling."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import TypeVar

from .atomic import encode
from .summary import parse_time

T = TypeVar("T")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def canonical_time(value: str) -> str:
    """One spelling per moment (UTC, whole seconds), so that times sort as text. Raises ValueError."""
    return parse_time(value).astimezone(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    return uuid.uuid4().hex[:12]


def clone(value: T) -> T:
    """A deep copy that is plain JSON (raises ValueError/TypeError for anything JSON cannot hold)."""
    return json.loads(encode(value))
