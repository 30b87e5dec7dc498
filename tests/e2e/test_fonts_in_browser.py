"""Every font the browser asks for is there, and no language downloads a font another language needs
(web_files.language_fonts_script). On a busy machine Flutter's engine may lay out its first frame before it has read
the fonts of its manifest, and then asks for Noto fallbacks for that frame's Hangul or Japanese (1 start in 4 in
Korean before the Japanese font existed): the engine's own start, which the app cannot order. English has nothing
for it to look for."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.theme import LANGUAGE_FONTS

from .conftest import Phone

pytestmark = pytest.mark.e2e

FONTS_ASKED = """() => performance.getEntriesByType('resource')
    .filter(e => /\\.(ttf|otf|woff2?)$|noto/i.test(new URL(e.name).pathname))
    .map(e => [new URL(e.name).pathname, e.responseStatus])"""
JAPANESE_FONT = "/" + next(iter(LANGUAGE_FONTS["ja"].values()))


def fonts_asked(phone: Phone) -> dict[str, int]:
    phone.page.wait_for_timeout(1500)  # the engine asks for fallback fonts only after the first frame
    return dict(phone.page.evaluate(FONTS_ASKED))


def app_fonts_missing(asked: dict[str, int]) -> list[str]:
    return [path for path, status in asked.items() if status != 200 and "noto" not in path.lower()]


def test_an_english_phone_asks_for_no_fallback_font_and_not_for_the_japanese_one(
        phone: Callable[..., Phone]) -> None:
    home = phone("en-US")
    home.wait("home.game.kahuna")
    asked = fonts_asked(home)
    assert "/fonts/TableGothic-Regular.ttf" in asked and JAPANESE_FONT not in asked
    assert [path for path, status in asked.items() if status != 200] == []


def test_a_korean_phone_draws_in_the_apps_font_and_does_not_fetch_the_japanese_one(
        phone: Callable[..., Phone]) -> None:
    home = phone("ko-KR")
    home.wait("home.game.kahuna")
    asked = fonts_asked(home)
    assert "/fonts/TableGothic-Regular.ttf" in asked and JAPANESE_FONT not in asked
    assert app_fonts_missing(asked) == []


def test_a_japanese_phone_gets_its_font_with_the_first_screen(phone: Callable[..., Phone]) -> None:
    home = phone("ja-JP")
    home.wait("home.game.kahuna")
    assert "人" in home.text("home.game.kahuna")  # '2～4人': the players, in Japanese
    asked = fonts_asked(home)
    assert asked[JAPANESE_FONT] == 200 and app_fonts_missing(asked) == []
    home.shot("ja-home-font")


def test_switching_to_japanese_loads_its_font(phone: Callable[..., Phone]) -> None:
    """Drawn at once (the screenshot); the engine asks for Noto fallbacks until the next start (theme.py)."""
    settings = phone("en-US", "/settings")
    settings.tap("settings.language")
    settings.page.get_by_text("日本語").last.click()
    settings.see("言語")  # Settings' 'Language', in Japanese
    assert fonts_asked(settings)[JAPANESE_FONT] == 200
    settings.shot("ja-settings-switched")
