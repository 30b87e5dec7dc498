"""The phone build in Chromium, whose fresh profile has not been promised storage that lasts: Home says so, and its
one tap downloads a backup of the history and then says when it was made, also after a restart."""

from __future__ import annotations

import json

import pytest

from companion.store import exchange

from .conftest import PhoneBrowser, StaticServer

pytestmark = pytest.mark.e2e
NOT_KEPT = "Your play history is kept only in this browser"


def test_home_says_the_history_is_only_here_and_backs_it_up_in_one_tap(static_server: StaticServer,
                                                                      phone_browser: PhoneBrowser) -> None:
    tab = phone_browser.open(static_server.url)
    assert tab.page.evaluate("navigator.storage.persisted()") is False
    tab.see(NOT_KEPT)
    tab.see("No backup downloaded on this phone yet.")
    with tab.page.expect_download() as download:
        tab.tap_when_enabled("home.keep.backup")  # its file is made a moment after the notice is drawn
    backup = json.loads(download.value.path().read_bytes())
    assert backup["format"] == exchange.BACKUP_FORMAT and backup["plays"] == []
    tab.see("Last backup downloaded on this phone: ")
    tab.shot("home-history-notice")
    phone_browser.close()
    again = phone_browser.open(static_server.url)
    again.see("Last backup downloaded on this phone: ")
