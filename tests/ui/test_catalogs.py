"""Translation catalogs, the app's and the engine's: English and Korean complete with the same placeholders, every
other language's file a subset of English with no placeholder English lacks and the plural forms its language
needs, every key the code uses in English, and no visible text written as a literal in the app's views and
widgets."""

from __future__ import annotations

import ast
import json
import re
import string
from datetime import datetime
from pathlib import Path

import pytest
from babel import localedata

from companion.i18n import APP, LANGUAGES, PLURAL_MARK, Translator, catalog, language_from_locale, plural_keys
from scoring import all_specs
from scoring.messages import ENGINE, Catalog

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = {"app": APP, "engine": ENGINE}
EVERY_FILE = [(name, lang) for name, found in CATALOGS.items() for lang in found.languages]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
TEXT_ARGS = {"Text": 0, "TextButton": 0, "FilledButton": 0, "OutlinedButton": 0, "Chip": None}
TEXT_KEYWORDS = {"label", "hint_text", "tooltip", "title", "helper_text", "error"}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def texts(lang: str, found: Catalog = APP) -> dict[str, set[str]]:
    """Each text's base key -> the placeholders of all its forms (a counted text has one per plural form)."""
    out: dict[str, set[str]] = {}
    for key, template in found.entries(lang).items():
        assert template.strip(), (lang, key)
        out.setdefault(key.split(PLURAL_MARK)[0], set()).update(placeholders(template))
    return out


@pytest.mark.parametrize(("name", "lang"), EVERY_FILE)
def test_every_language_has_every_english_text(name: str, lang: str) -> None:
    """A language is complete: adding one is adding its files, whole."""
    assert sorted(set(texts("en", CATALOGS[name])) - set(texts(lang, CATALOGS[name]))) == []


@pytest.mark.parametrize(("name", "lang"), EVERY_FILE)
def test_a_languages_file_holds_only_english_texts_with_englishs_placeholders(name: str, lang: str) -> None:
    english, translated = texts("en", CATALOGS[name]), texts(lang, CATALOGS[name])
    assert sorted(set(translated) - set(english)) == []
    assert {key: sorted(found - english[key]) for key, found in translated.items() if found - english[key]} == {}


@pytest.mark.parametrize(("name", "lang"), EVERY_FILE)
def test_counted_texts_have_exactly_the_plural_forms_of_their_language(name: str, lang: str) -> None:
    keys = set(CATALOGS[name].entries(lang))
    for base in {k.split(PLURAL_MARK)[0] for k in keys if PLURAL_MARK in k}:
        assert {k for k in keys if k.startswith(base + PLURAL_MARK)} == plural_keys(lang, base), base
        assert "n" in texts(lang, CATALOGS[name])[base], f"{base}: the count is {{n}}"


def test_the_app_speaks_the_languages_both_catalogs_have() -> None:
    assert tuple(lang for lang in APP.languages if lang in ENGINE.languages) == LANGUAGES
    assert LANGUAGES[0] == "en" and "ko" in LANGUAGES


@pytest.mark.parametrize(("lang", "n", "text"), [("en", 1, "1 play"), ("en", 0, "0 plays"), ("en", 1000, "1,000 plays"),
                                                 ("ko", 1, "1게임"), ("ko", 2, "2게임")])
def test_a_counted_text_takes_the_plural_form_of_its_count(lang: str, n: int, text: str) -> None:
    assert Translator(lang)("stats.plays", n=n) == text


def engine_message_ids() -> set[str]:
    """The ids the engine's code names: `Message("id")`, `Message.of("id", ...)`, `fail(path, "id", ...)` (and
    `needed`, `tie_to_break`), and `M("key")` of a module's `M = Messages("prefix")`."""
    ids: set[str] = set()
    for path in sorted((ROOT / "scoring").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        prefixes = {node.targets[0].id: node.value.args[0].value for node in ast.walk(tree)
                    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", None) == "Messages"}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            base = getattr(node.func, "value", None)
            position = {"Message": 0, "fail": 1, "needed": 1, "tie_to_break": 1}.get(
                "Message" if name == "of" and getattr(base, "id", None) == "Message" else name or "")
            if name in prefixes:
                position = 0
            if position is None or len(node.args) <= position:
                continue
            argument = node.args[position]
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                ids.add(f"{prefixes[name]}.{argument.value}" if name in prefixes else argument.value)
    return ids


def test_every_message_id_the_engine_uses_is_in_english() -> None:
    known = {k.split(PLURAL_MARK)[0] for k in ENGINE.entries("en")}
    used = engine_message_ids()
    assert len(used) > 400 and sorted(used - known) == []


@pytest.mark.parametrize("lang", ENGINE.languages)
def test_every_games_words_are_worded_in_every_language(lang: str) -> None:
    """Built from ids with arguments too (a route of each length, a sight of each kind): each one worded."""
    for spec in all_specs():
        json.dumps(spec.to_json())
        assert all(Translator(lang).text(p) for p in spec.prompts_for(spec.default_options(), spec.max_players))


def test_korean_catalog_is_korean() -> None:
    ko = catalog("ko")
    same = [k for k, v in ko.items() if v == catalog("en")[k] and re.search("[a-zA-Z]{3}", re.sub(r"{\w+}", "", v))]
    assert same == [], f"Korean text still in English: {same}"


def python_sources() -> list[Path]:
    return sorted((ROOT / "companion").rglob("*.py"))


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
                                            ("xx-YY", "en"), (None, "en"), ("", "en"),
                                            *((f"{lang}-{lang.upper()}", lang) for lang in LANGUAGES)])
def test_language_from_the_browser_locale(code: str | None, lang: str) -> None:
    assert language_from_locale(code) == lang


def test_babel_reads_only_the_locale_data_of_the_apps_languages() -> None:
    """The browser build packs Babel: only the data of the languages with a catalog file and root.dat (of ~1,100
    files) need to go in it."""
    localedata._cache.clear()  # what other tests of this process loaded (a test of Polish plurals) aside
    for lang in LANGUAGES:
        t = Translator(lang)
        shown = [t.number(1234.5), t.short_number(123_456), t.percent(0.4), t("stats.plays", n=1),
                 t.date(datetime(2026, 12, 1)), t.day_and_time(datetime(2026, 12, 1, 20, 14), with_year=True)]
        assert all(shown)
    assert set(localedata._cache) <= {*APP.languages, *ENGINE.languages, "root"}
