"""Translation catalogs: both languages complete, same placeholders, every key the code uses exists,
and no visible text written as a literal in the app's views and widgets."""

from __future__ import annotations

import ast
import re
import string
from datetime import datetime
from pathlib import Path

import pytest
from babel import localedata

from companion.i18n import PLURAL_MARK, Translator, catalog, language_from_locale, plural_keys

APP = Path(__file__).resolve().parents[2] / "companion"
HANGUL = re.compile(r"[\uac00-\ud7a3]")
TEXT_ARGS = {"Text": 0, "TextButton": 0, "FilledButton": 0, "OutlinedButton": 0, "Chip": None}
TEXT_KEYWORDS = {"label", "hint_text", "tooltip", "title", "helper_text", "error"}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def texts(lang: str) -> dict[str, set[str]]:
    """Each text's base key -> the placeholders of all its forms (a counted text has one per plural form)."""
    out: dict[str, set[str]] = {}
    for key, template in catalog(lang).items():
        assert template.strip(), (lang, key)
        out.setdefault(key.split(PLURAL_MARK)[0], set()).update(placeholders(template))
    return out


def test_both_catalogs_have_the_same_texts_and_placeholders() -> None:
    assert texts("en") == texts("ko")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_counted_texts_have_exactly_the_plural_forms_of_their_language(lang: str) -> None:
    keys = set(catalog(lang))
    for base in {k.split(PLURAL_MARK)[0] for k in keys if PLURAL_MARK in k}:
        assert {k for k in keys if k.startswith(base + PLURAL_MARK)} == plural_keys(lang, base), base
        assert "n" in texts(lang)[base], f"{base}: the count is {{n}}"


@pytest.mark.parametrize(("lang", "n", "text"), [("en", 1, "1 play"), ("en", 0, "0 plays"), ("en", 1000, "1,000 plays"),
                                                 ("ko", 1, "1게임"), ("ko", 2, "2게임")])
def test_a_counted_text_takes_the_plural_form_of_its_count(lang: str, n: int, text: str) -> None:
    assert Translator(lang)("stats.plays", n=n) == text


def test_korean_catalog_is_korean() -> None:
    ko = catalog("ko")
    same = [k for k, v in ko.items() if v == catalog("en")[k] and re.search("[a-zA-Z]{3}", re.sub(r"{\w+}", "", v))]
    assert same == [], f"Korean text still in English: {same}"


def python_sources() -> list[Path]:
    return sorted(APP.rglob("*.py"))


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in python_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
                    and getattr(node.func, "attr", getattr(node.func, "id", None)) == "t" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                keys.add(node.args[0].value)
    return keys


def test_every_key_the_code_uses_is_in_the_catalogs() -> None:
    known = {k.split(PLURAL_MARK)[0] for k in catalog("en")}
    missing = sorted(used_keys() - known)
    assert missing == []


def literal_texts(path: Path) -> list[str]:
    """String literals with letters passed as visible text to Flet controls."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        values = []
        if node.func.attr in TEXT_ARGS and node.args:
            values.append(node.args[0])
        values += [kw.value for kw in node.keywords if kw.arg in TEXT_KEYWORDS]
        for value in values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and re.search(r"[A-Za-z가-힣]{2}",
                                                                                               value.value):
                found.append(f"{path.name}:{node.lineno}: {value.value!r}")
    return found


def test_no_visible_text_is_a_literal_in_the_views() -> None:
    offenders = [line for path in python_sources() for line in literal_texts(path)]
    assert offenders == []


@pytest.mark.parametrize(("code", "lang"), [("ko-KR", "ko"), ("ko_KR", "ko"), ("ko", "ko"), ("en-US", "en"),
                                            ("de-DE", "en"), (None, "en"), ("", "en")])
def test_language_from_the_browser_locale(code: str | None, lang: str) -> None:
    assert language_from_locale(code) == lang


def test_babel_reads_only_the_locale_data_of_the_apps_languages() -> None:
    """The browser build packs Babel: only en.dat, ko.dat and root.dat (of ~1,100 files) need to go in it."""
    for lang in ("en", "ko"):
        t = Translator(lang)
        shown = [t.number(1234.5), t.short_number(123_456), t.percent(0.4), t("stats.plays", n=1),
                 t.date(datetime(2026, 12, 1)), t.day_and_time(datetime(2026, 12, 1, 20, 14), with_year=True)]
        assert all(shown)
    assert set(localedata._cache) <= {"en", "ko", "root"}
