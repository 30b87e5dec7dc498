"""The real BG Stats export the BG Stats tests are built from, and files made from it."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "bgstats" / "sample-BGStatsExport.json"


def real() -> dict[str, Any]:
    if not SAMPLE.is_file():
        pytest.skip(f"the real BG Stats export is not at {SAMPLE}")
    return json.loads(SAMPLE.read_bytes())  # type: ignore[no-any-return]


def variant(change: Callable[[dict[str, Any]], Any]) -> bytes:
    """The real export changed by `change` (which edits it in place), as BG Stats writes it (escaped text)."""
    content = copy.deepcopy(real())
    change(content)
    return json.dumps(content).encode()


def by_uuid(objects: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {o["uuid"]: o for o in objects}


def player_id(content: dict[str, Any], name: str) -> int:
    return next(p["id"] for p in content["players"] if p["name"].strip() == name)  # type: ignore[no-any-return]
