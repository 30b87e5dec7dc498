"""The phone build (bin/publish) served by a plain static file server, in headless Chromium with a profile
that outlives the browser (as a phone's browser keeps its storage across restarts)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import CHROMIUM_FLAGS, PHONE, Phone, free_port

STARTUP_TIMEOUT_MS = 180_000  # Pyodide's first start on a busy 2-core machine
HOME = "home.quick"  # on the home screen once the app has started (the first card of the games)


class StaticServer:
    """`python -m http.server -d dist` on loopback: nothing but files."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(root), str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "/index.html", timeout=2):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def wait_until(page: Page, script: str, arg: object = None, timeout_s: float = 120) -> None:
    """Until `script` (a function, which may be async) returns something true: Playwright's wait_for_function
    takes a promise for true as it is."""
    deadline = time.monotonic() + timeout_s
    while not evaluated(page, script, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout_s} s: {script}")
        time.sleep(0.25)


def evaluated(page: Page, script: str, arg: object) -> object:
    try:
        return page.evaluate(script, arg)
    except PlaywrightError:  # the page reloaded meanwhile (an update taking over): asked again
        return None


@pytest.fixture(scope="session")
def static_server(dist: Path) -> Iterator[StaticServer]:
    server = StaticServer(dist)
    yield server
    server.stop()


class PhoneBrowser:
    """A phone's browser: the same profile folder each time it is opened, every request recorded."""

    def __init__(self, playwright: Playwright, profile: Path, locale: str = "en-US") -> None:
        self.playwright = playwright
        self.profile = profile
        self.locale = locale
        self.requests: list[str] = []
        self.context: BrowserContext | None = None

    def open(self, url: str, offline: bool = False) -> Phone:
        executable = shutil.which("chromium") or "/usr/bin/chromium"
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.profile), executable_path=executable, headless=True, args=CHROMIUM_FLAGS,
            viewport=PHONE, locale=self.locale, service_workers="allow")
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.context.set_offline(offline)
        page = self.context.pages[0] if self.context.pages else self.context.new_page()
        return AppTab(self.context, page, url)

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


class AppTab(Phone):
    """The e2e helpers (tap, type, see, shot) on a tab of a persistent context."""

    def __init__(self, context: BrowserContext, page: Page, url: str, go: bool = True) -> None:
        """The app at `url` on `page` (`go`: opened there now, else already opening), on its home screen."""
        self.context = context
        self.page = page
        self.url = url
        if go:
            self.page.goto(url)
        self.started()

    def load(self) -> None:
        """Reload the app at its home screen."""
        self.page.goto(self.url)  # only the part after # changes: no load yet
        self.page.reload()
        self.started()

    def started(self) -> None:
        """The app on its home screen in this tab (once more after a reload of its own: an update)."""
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=STARTUP_TIMEOUT_MS)
        placeholder.dispatch_event("click")  # turns on Flutter's semantics tree
        self.wait(HOME, timeout=STARTUP_TIMEOUT_MS)

    def close(self) -> None:
        """The browser closes with its profile (PhoneBrowser.close), not the tab."""


@pytest.fixture
def phone_browser(playwright: Playwright, tmp_path: Path) -> Iterator[PhoneBrowser]:
    browser = PhoneBrowser(playwright, tmp_path / "profile")
    yield browser
    browser.close()
