"""Fixtures for the storage tests: a data folder, example sheets, plays built from them."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.store import atomic
from companion.store.repository import Repository
from scoring import score_sheet

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(game: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))


def make_play(game: str, finished_at: str, sheet: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A finished play as the score sheet stores it."""
    sheet = copy.deepcopy(sheet) if sheet is not None else example(game)
    result = score_sheet(sheet)
    return {"game": game, "sheet": sheet, "rules_version": result.rules_version, "result": result.to_json(),
            "started_at": finished_at, "finished_at": finished_at, **extra}


def kahuna(mina: list[int], joon: list[int]) -> dict[str, Any]:
    """A Kahuna sheet with these islands per round (Kahuna scores 1/2/... per round won)."""
    return {"game": "kahuna", "players": [{"name": "Mina"}, {"name": "Joon"}],
            "rounds": [{"Mina": m, "Joon": j} for m, j in zip(mina, joon, strict=True)]}


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    """The parsed-file cache is per process: start and end every test without it."""
    atomic._parsed.clear()
    yield
    atomic._parsed.clear()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def repo(data_dir: Path) -> Repository:
    return Repository.open(data_dir)


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC for the test (exports write local dates)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def edit(repo: Repository, draft_id: str, **changes: Any) -> dict[str, Any]:
    """An edit as a screen makes it: what differs from the game as stored goes out as this screen's operations;
    returns the game as stored after."""
    from companion.models.draft import DraftSession

    stored = repo.draft(draft_id)
    session = DraftSession(repo, stored or {"id": draft_id})
    session.save(**changes)
    return repo.draft(draft_id) or {}
