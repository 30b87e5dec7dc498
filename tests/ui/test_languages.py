"""Every language the catalogs have, as a player meets it: Settings lists each by its own name, and choosing one
turns the app to it and keeps it for this browser."""

from __future__ import annotations

from collections.abc import Callable

from companion.app import PREF_LANGUAGE
from companion.i18n import LANGUAGES, Translator, language_name

from .harness import Harness


def test_settings_lists_every_language_by_its_own_name_and_switches_to_each(
        open_app: Callable[..., Harness]) -> None:
    ui = open_app("/settings")
    options = ui.control("settings.language").options
    assert [(o.key, o.text) for o in options] == [(lang, language_name(lang)) for lang in LANGUAGES]
    assert {"English", "한국어"} <= {o.text for o in options}
    for lang in reversed(LANGUAGES):
        ui.choose("settings.language", lang)
        assert Translator(lang)("settings.title") in ui.texts()
        assert ui.conn.prefs[PREF_LANGUAGE] == lang
