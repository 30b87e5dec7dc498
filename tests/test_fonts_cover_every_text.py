"""Every character the app can show is in a font the app ships, so that Flutter's web engine never looks for a
fallback font (a Noto font from a folder the app does not have: nothing offline, a 404 online, and the character
drawn as nothing). Table Gothic and Roboto load with the first screen in every language (the engine's font
manifest); Table Sans JP is loaded when Japanese is shown, so only Japanese may need it."""

from __future__ import annotations

import ast
import json
import unicodedata
from datetime import datetime
from functools import cache
from pathlib import Path

import flet_web
import pytest
from fontTools.ttLib import TTFont

from companion.i18n import LANGUAGES, Translator, language_name
from publish.make_fonts import TABLE_GOTHIC, TABLE_SANS_JP, jis_level_1

ROOT = Path(__file__).resolve().parent.parent
ROBOTO = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"
CATALOGS = sorted([*(ROOT / "companion" / "locales").glob("*.json"), *(ROOT / "scoring" / "locales").glob("*.json")])
CODE = sorted([*(ROOT / "scoring").rglob("*.py"), *(ROOT / "companion").rglob("*.py")])
NOT_SHOWN = {  # modules whose strings hold characters the app keeps off the screen
    "scoring/names.py": "the invisible characters a name may not hold",
    "scoring/messages.py": "the narrow no-break space CLDR writes in numbers and times, replaced before shown",
}


@cache
def characters(*fonts: Path) -> frozenset[str]:
    return frozenset(chr(code) for font in fonts for code in TTFont(font).getBestCmap())


def drawn(text: str) -> set[str]:
    """The characters that need a glyph: not control or format characters (line breaks, direction marks)."""
    return {c for c in text if unicodedata.category(c) not in ("Cc", "Cf")}


def strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for key, item in value.items() for s in (*strings(key), *strings(item))]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []


def fonts_for(language: str) -> frozenset[str]:
    """Japanese is drawn in Table Sans JP in Table Gothic's place (it holds Table Gothic's glyphs too)."""
    return characters(TABLE_SANS_JP, ROBOTO) if language == "ja" else characters(TABLE_GOTHIC, ROBOTO)


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_word_of_every_catalog_is_in_a_font_its_language_loads(catalog: Path) -> None:
    text = "".join(strings(json.loads(catalog.read_text(encoding="utf-8"))))
    assert "".join(sorted(drawn(text) - fonts_for(catalog.stem))) == ""


def test_every_text_in_the_code_is_in_a_font_every_language_loads() -> None:
    """Rule texts, ticket and city names, the languages' own names: shown in any language."""
    missing: dict[str, str] = {}
    for module in CODE:
        name = module.relative_to(ROOT).as_posix()
        if name in NOT_SHOWN:
            continue
        literals = [node.value for node in ast.walk(ast.parse(module.read_text(encoding="utf-8")))
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)]
        lacking = drawn("".join(literals)) - fonts_for("en")
        if lacking:
            missing[name] = "".join(sorted(lacking))
    assert missing == {}


def test_settings_lists_every_language_by_its_own_name_in_a_font_every_language_loads() -> None:
    names = "".join(language_name(path.stem) for path in CATALOGS)
    assert "日本語" in names and "한국어" in names
    assert "".join(sorted(drawn(names) - fonts_for("en"))) == ""


def test_the_japanese_font_has_the_kana_and_the_common_kanji_of_names() -> None:
    japanese = characters(TABLE_SANS_JP)
    kana = {chr(code) for code in range(0x3041, 0x3097)} | {chr(code) for code in range(0x30A1, 0x30FB)}
    assert kana <= japanese and set(jis_level_1()) <= japanese
    assert {"鈴", "佐", "藤", "髙"} - japanese == {"髙"}  # JIS level 1, and a variant outside it


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_and_dates_are_written_in_characters_the_fonts_have(lang: str) -> None:
    """CLDR groups French thousands with a narrow no-break space ('6 000', and '50 %'), which no shipped font has."""
    t = Translator(lang)
    moment = datetime(2026, 12, 1, 20, 14)
    written = [t.number(6000), t.number(1234567.5), t.short_number(1_234_567), t.percent(0.5), t.date(moment),
               t.day_and_time(moment, with_year=True), t("count.plays", n=6000)]
    assert "".join(sorted(drawn("".join(written)) - fonts_for(lang))) == ""
