"""End-to-end fixtures: the app served as the README serves it, driven in Debian's headless Chromium."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.store.repository import Repository
from scoring import get_spec

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 412, "height": 915}
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(os.environ.get("TC_SCREENSHOTS", Path(tempfile.gettempdir()) / "table-companion-screenshots"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, data_dir: Path, *extra: str) -> None:
        self.port = free_port()
        self.data_dir = data_dir
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra = extra
        self.log = data_dir.parent / f"server-{self.port}.log"
        if not self.log.parent.is_dir():  # a data folder where no folder can be
            self.log = Path(tempfile.mkdtemp(prefix="tc-server-")) / "server.log"
        self.process = subprocess.Popen(self.command(), cwd=ROOT, stdout=self.log.open("w"),
                                        stderr=subprocess.STDOUT)
        self.wait_ready()

    def command(self) -> list[str]:
        return [sys.executable, "-m", "companion", "--port", str(self.port), "--data", str(self.data_dir),
                *self.extra]

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url, timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise TimeoutError(f"server not ready: {self.log.read_text()}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    yield running
    running.stop()


class Phone:
    """A browser tab at phone size, with helpers for Flutter's semantics tree."""

    def __init__(self, browser: Browser, url: str, locale: str = "en-US") -> None:
        self.context = browser.new_context(viewport=PHONE, locale=locale)
        self.page: Page = self.context.new_page()
        self.page.goto(url)
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=60_000)
        placeholder.dispatch_event("click")  # turns on Flutter's semantics tree

    def text_size(self, factor: float) -> None:
        """Draw the text `factor` times the phone's own size, as the phone build's Settings does: the page's root
        font size, which Flutter's engine follows at once (publish/page.html)."""
        self.page.evaluate(f"document.documentElement.style.fontSize = '{16 * factor}px'")

    def tagged(self, identifier: str) -> Locator:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first

    def wait(self, identifier: str, timeout: float = 30_000) -> None:
        try:
            self.tagged(identifier).wait_for(state="visible", timeout=timeout)
        except PlaywrightTimeout:
            self.shot(f"failed-waiting-for-{identifier}")  # what the page showed instead
            raise

    def tap(self, identifier: str) -> None:
        self.wait(identifier)
        self.tagged(identifier).click()
        self.page.mouse.move(0, 0)  # no hover left behind: tooltips would cover the next target
        self.page.wait_for_timeout(300)

    def tap_when_enabled(self, identifier: str, timeout: float = 30_000) -> None:
        """Tap a button once the app has enabled it (a slower runtime may still be taking the last entry)."""
        self.wait(identifier)
        self.tagged(identifier).wait_for(state="attached", timeout=timeout)
        self.page.wait_for_function(
            """id => { const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                       return e && e.getAttribute("aria-disabled") !== "true"
                              && !e.querySelector('[aria-disabled="true"]'); }""", arg=identifier, timeout=timeout)
        self.tap(identifier)

    def type(self, identifier: str, text: str, enter: bool = False) -> None:
        self.wait(identifier)
        field = self.tagged(identifier).locator("input, textarea").first
        field.focus()  # by the element, not by coordinates: a tooltip may cover the spot
        self.page.wait_for_timeout(200)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)
        if enter:
            self.page.keyboard.press("Enter")
        self.page.wait_for_timeout(300)

    def new_game(self, game: str, names: list[str]) -> None:
        """From home: pick the game and type the players' names on the new-game form."""
        self.tap(f"home.game.{game}")
        for i, name in enumerate(names):
            if i >= get_spec(game).min_players:  # the form starts with as many rows as the game needs
                self.tap("new.add_player")
            self.type(f"new.player.{i}", name)

    def text(self, identifier: str) -> str:
        """The words Flutter put in the semantics tree for a tagged control (text or accessible label)."""
        self.wait(identifier)
        return self.tagged(identifier).evaluate(
            "e => [e, ...e.querySelectorAll('*')].map(n => n.getAttribute('aria-label') || '').join(' ').trim()"
            " || e.textContent.trim()")

    def see(self, text: str, timeout: float = 15_000) -> None:
        try:
            self.page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=timeout)
        except PlaywrightTimeout:
            self.shot(f"failed-seeing-{text[:40]}")  # what the page showed instead
            raise

    def shot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.wait_for_timeout(1500)  # the semantics tree runs ~1 s ahead of the pixels
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[Callable[..., Phone]]:
    opened: list[Phone] = []

    def open_phone(locale: str = "en-US", path: str = "/") -> Phone:
        p = Phone(browser, server.url + path, locale)
        opened.append(p)
        return p

    yield open_phone
    for p in opened:
        p.close()


def start(phone: Phone, game: str, names: list[str]) -> None:
    """A new game of `game` for `names`, on its sheet."""
    phone.new_game(game, names)
    phone.tap("new.start")
    phone.wait("sheet.finish")


def games_in_progress(server: Server) -> list[dict]:
    """The server's games in progress as the store folds their logs (drafts.json holds only snapshots)."""
    return Repository(server.data_dir).drafts()


def stored_sheet(server: Server) -> dict:
    """The sheet of the one finished play stored by the server."""
    plays = sorted((server.data_dir / "plays").glob("plays-*.json"))
    data = json.loads(plays[-1].read_text(encoding="utf-8"))
    (play,) = data["plays"].values()
    return play["sheet"]
