"""The players' text size in the phone build, in Chromium at 412x915: it follows the phone's own until set larger in
Settings, applies at once, and stays at the next start."""

from __future__ import annotations

import pytest

from .conftest import AppTab, PhoneBrowser, StaticServer

pytestmark = pytest.mark.e2e
ROOT_FONT = "() => getComputedStyle(document.documentElement).fontSize"


def title_height(tab: AppTab) -> float:
    """The height of the text size section's subtitle as drawn (its lines grow with the text)."""
    box = tab.page.get_by_text("The phone's own text size, or larger.", exact=False).first.bounding_box()
    assert box is not None
    return box["height"]


def test_the_largest_text_size_applies_at_once_and_at_the_next_start(static_server: StaticServer,
                                                                    phone_browser: PhoneBrowser) -> None:
    tab = phone_browser.open(static_server.url)
    assert tab.page.evaluate(ROOT_FONT) == "16px"  # the phone's own: nothing set
    tab.page.evaluate("location.hash = '#/settings'")
    tab.wait("settings.text_size")
    before = title_height(tab)
    tab.page.get_by_role("button", name="Largest").first.click()
    tab.page.wait_for_function(f"() => ({ROOT_FONT})() === '25.6px'", timeout=30_000)
    tab.page.wait_for_timeout(1000)
    assert title_height(tab) > 1.4 * before
    tab.shot("text-size-largest-settings")
    phone_browser.close()
    again = phone_browser.open(static_server.url)
    assert again.page.evaluate(ROOT_FONT) == "25.6px"
    again.shot("text-size-largest-home")
