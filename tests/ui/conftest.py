"""Fixtures for in-process UI tests: a data folder, the app's services, a session harness."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store.repository import Repository

from .harness import Harness


@pytest.fixture
def services(tmp_path: Path) -> Services:
    return Services(Repository.open(tmp_path / "data"), Downloads())


@pytest.fixture
def open_app(services: Services) -> Iterator[Callable[..., Harness]]:
    opened: list[Harness] = []

    def start(route: str = "/", lang: str = "en", **prefs: Any) -> Harness:
        harness = Harness(make_main(services), route=route, prefs={PREF_LANGUAGE: lang, **prefs})
        opened.append(harness)
        return harness

    yield start
    for harness in opened:
        assert harness.crashes() == [], harness.crashes()
        harness.close()
