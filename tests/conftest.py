"""Fixtures every browser test shares: one Playwright and one headless Chromium for the whole run, and the phone
build (tests/static, tests/bench).

They live here, above tests/e2e, tests/security, tests/static and tests/bench, so that there is one of each: a
second sync Playwright in the same run would start inside the first one's event loop and fail, and a second build
would take minutes more.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from publish.build import build
from tests.e2e.conftest import CHROMIUM_FLAGS


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    assert Path(executable).exists(), "Debian's chromium is needed: bin/test installs it (apt-get install chromium)"
    launched = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_FLAGS)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The phone build, made once per test session exactly as `bin/publish` makes it."""
    return build(tmp_path_factory.mktemp("static") / "dist").out
