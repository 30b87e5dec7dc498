"""Shared helpers for the rules tests: build sheets tersely, score them, expect refusals."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring import Result, SheetError, score_sheet


def score(sheet: dict[str, Any]) -> Result:
    return score_sheet(copy.deepcopy(sheet))


def totals(sheet: dict[str, Any]) -> dict[str, int]:
    return {p.name: p.total for p in score(sheet).players}


def refused(sheet: dict[str, Any], path: str, *words: str) -> SheetError:
    """The sheet is refused with an error at `path` whose message contains each of `words`."""
    with pytest.raises(SheetError) as caught:
        score_sheet(copy.deepcopy(sheet))
    error = caught.value
    assert error.path == path, f"expected error at {path!r}, got {error.path!r}: {error.message}"
    for word in words:
        assert word in error.message, f"{word!r} not in {error.message!r}"
    assert error.text.render("ko") != error.text.render("en"), "every refusal has a Korean message"
    return error


def with_players(sheet: dict[str, Any], **changes: dict[str, Any]) -> dict[str, Any]:
    """A copy of the sheet with fields of named players changed."""
    out = copy.deepcopy(sheet)
    for player in out["players"]:
        player.update(changes.get(player["name"], {}))
    return out
