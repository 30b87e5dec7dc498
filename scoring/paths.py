"""Addressing values inside a sheet: ("players", 1, "coins_left") <-> "players[1].coins_left"."""

from __future__ import annotations

import re
from typing import Any

Path = tuple[str | int, ...]
_PART = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def to_text(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def parse(text: str) -> Path:
    return tuple(int(index) if index else key for key, index in _PART.findall(text))


def get_in(data: Any, path: Path, default: Any = None) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return default
    return data


def set_in(data: Any, path: Path, value: Any) -> None:
    """Set a value, creating intermediate objects; a value of None removes the key."""
    for part in path[:-1]:
        data = data[part] if isinstance(part, int) else data.setdefault(part, {})
    last = path[-1]
    if value is None and isinstance(last, str):
        data.pop(last, None)
    else:
        data[last] = value

