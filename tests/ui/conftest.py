"""Fixtures for in-process UI tests: a data folder, the app's services, a session harness."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store.repository import Repository

from .harness import Harness

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(game: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))


def open_damaged(tmp_path: Path, lang: str = "en") -> tuple[Repository, Harness]:
    """An app over data whose drafts file was zeroed (its backup offered on home), and that repository."""
    data = tmp_path / "damaged"
    repo = Repository.open(data)
    repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    (data / "drafts.json").write_bytes(b"\x00" * 64)
    reopened = Repository.open(data)
    return reopened, Harness(make_main(Services(reopened, Downloads())), prefs={PREF_LANGUAGE: lang})


@pytest.fixture
def services(tmp_path: Path) -> Services:
    return Services(Repository.open(tmp_path / "data"), Downloads())


@pytest.fixture
def open_app(services: Services) -> Iterator[Callable[..., Harness]]:
    opened: list[Harness] = []

    def start(route: str = "/", lang: str = "en", beside: Harness | None = None, **prefs: Any) -> Harness:
        """`beside`: another screen on the same server as that one (its changes reach this one)."""
        shared = {"hub": beside.hub, "loop": beside.loop} if beside is not None else {}
        harness = Harness(make_main(services), route=route, prefs={PREF_LANGUAGE: lang, **prefs}, **shared)
        opened.append(harness)
        return harness

    yield start
    for harness in reversed(opened):  # a screen beside another shares its loop: closed before it
        assert harness.crashes() == [], harness.crashes()
        harness.close()
