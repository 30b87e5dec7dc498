"""Two tabs of the phone build in one browser: the tab on screen keeps the app, and a tab that waits for it
starts no Python until it has it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .conftest import AppTab, PhoneBrowser, StaticServer, wait_until

pytestmark = pytest.mark.e2e
# Headless Chromium shows every tab: a tab the player switched away from is made hidden as the browser would.
HIDEABLE = """
let hidden = false;
Object.defineProperty(Document.prototype, "visibilityState", { get: () => hidden ? "hidden" : "visible" });
Object.defineProperty(Document.prototype, "hidden", { get: () => hidden });
window.showTab = (shown) => {
  hidden = !shown;
  document.dispatchEvent(new Event("visibilitychange"));
};
"""
PYTHON = ("python-worker.js", "pyodide.asm.wasm", "snapshot-maker.js", "app.zip")


def locks(page: Page) -> dict[str, int]:
    return page.evaluate("navigator.locks.query().then((q) => ({held: q.held.length, pending: q.pending.length}))")


def test_reloading_the_tab_on_screen_keeps_the_app_from_a_hidden_tab(
        phone_browser: PhoneBrowser, static_server: StaticServer) -> None:
    url = static_server.url + "/"
    tab = phone_browser.open(url)
    waiting = tab.context.new_page()
    waiting.add_init_script(HIDEABLE)
    fetched: list[str] = []
    waiting.on("request", lambda request: fetched.append(request.url))
    waiting.goto(url)
    note = waiting.locator("#other-tab")
    note.wait_for(state="visible", timeout=60_000)
    assert "open in another tab" in note.inner_text()
    assert locks(waiting) == {"held": 1, "pending": 1}

    waiting.evaluate("showTab(false)")  # the player goes back to the first tab, and reloads it
    wait_until(waiting, "() => navigator.locks.query().then((q) => q.pending.length === 0)", timeout_s=10)
    tab.load()
    assert locks(tab.page) == {"held": 1, "pending": 0}
    assert tab.page.locator("#other-tab").count() == 0
    waiting.wait_for_timeout(2_000)
    assert [url for url in fetched if url.endswith(PYTHON)] == []  # nothing heavy while it waited
    assert waiting.evaluate("flet.earlyWorker") is None

    waiting.evaluate("showTab(true)")  # shown again, it waits for the first tab, which then closes
    wait_until(waiting, "() => navigator.locks.query().then((q) => q.pending.length === 1)", timeout_s=10)
    tab.page.close()
    AppTab(tab.context, waiting, url, go=False)  # the app starts in the tab that waited, once it has the lock
    assert note.count() == 0
    assert [url for url in fetched if url.endswith("python-worker.js")]
