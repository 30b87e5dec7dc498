"""German and French, app and engine: every English text with its placeholders and every plural form the language
needs; and a table that plays in German or French sees its own language from Home to the result."""

from __future__ import annotations

import json
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from babel import Locale

from .harness import Harness
from .test_play_flow import FOR_SALE_CHEQUES, FOR_SALE_COINS, start_game

ROOT = Path(__file__).resolve().parents[2]
CATALOG_DIRS = [ROOT / "companion" / "locales", ROOT / "scoring" / "locales"]
LANGS = ["de", "fr"]
PLURAL_MARK = "#"


def load(folder: Path, lang: str) -> dict[str, str]:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def by_base(texts: dict[str, str]) -> dict[str, set[str]]:
    """Each text's key without its plural form -> the placeholders of all its forms."""
    out: dict[str, set[str]] = {}
    for key, template in texts.items():
        out.setdefault(key.split(PLURAL_MARK)[0], set()).update(placeholders(template))
    return out


def plural_forms(lang: str) -> set[str]:
    return {*Locale.parse(lang).plural_form.tags, "other"}


@pytest.mark.parametrize("folder", CATALOG_DIRS, ids=lambda folder: folder.parent.name)
@pytest.mark.parametrize("lang", LANGS)
def test_every_english_text_is_translated_with_the_same_placeholders(folder: Path, lang: str) -> None:
    english, translated = load(folder, "en"), load(folder, lang)
    assert by_base(translated) == by_base(english)
    assert all(text.strip() for text in translated.values())


@pytest.mark.parametrize("folder", CATALOG_DIRS, ids=lambda folder: folder.parent.name)
@pytest.mark.parametrize("lang", LANGS)
def test_keys_follow_the_english_order(folder: Path, lang: str) -> None:
    english_order = list(dict.fromkeys(key.split(PLURAL_MARK)[0] for key in load(folder, "en")))
    assert list(dict.fromkeys(key.split(PLURAL_MARK)[0] for key in load(folder, lang))) == english_order


@pytest.mark.parametrize(("lang", "n", "text"), [
    ("de", 1, "1 Partie"), ("de", 0, "0 Partien"), ("de", 2, "2 Partien"),
    ("fr", 0, "0 partie"), ("fr", 1, "1 partie"), ("fr", 2, "2 parties"), ("fr", 1_000_000, "1000000 de parties"),
])
def test_a_count_reads_in_the_form_its_language_gives_it(lang: str, n: int, text: str) -> None:
    form = Locale.parse(lang).plural_form(n)
    assert load(CATALOG_DIRS[0], lang)[f"count.plays{PLURAL_MARK}{form}"].format(n=n) == text


def test_french_punctuation_keeps_its_non_breaking_space() -> None:
    """A line break between a word and its ':' or '?' would leave the sign alone at the start of a line."""
    for key, text in load(CATALOG_DIRS[0], "fr").items():
        for sign in ":;!?»":
            assert f" {sign}" not in text, (key, text)
        assert "« " not in text, (key, text)


SCREENS = {
    "de": {"home": ["Zug um Zug Europa", "Piraten kapern", "Schnellblock", "2–5 Personen", "Code scannen"],
           "sheet": ["Eintrag für Minji", "Person 1 von 4", "Übrige Münzen", "Gekaufte Häuser"],
           "result": ["Joon gewinnt!",
                      "Minji und Joon gleichauf mit 61; Joon gewinnt durch mehr übrige Münzen: 4 gegen 2"]},
    "fr": {"home": ["Les Aventuriers du Rail Europe", "Mille Sabords\u00a0!", "Feuille rapide", "2 à 5 joueurs"],
           "sheet": ["Saisie pour Minji", "Joueur 1 sur 4", "Pièces restantes", "Maisons achetées"],
           "result": ["Joon gagne\u00a0!", "Minji et Joon à égalité avec 61\u00a0; Joon gagne grâce à plus de pièces "
                      "restantes\u00a0: 4 contre 2"]},
}
ENGLISH_WORDS = ("Quick sheet", "players", "Entering for", "Coins left", "wins")


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_plays_for_sale_in_its_language_from_home_to_result(open_app: Callable[..., Harness],
                                                                    lang: str) -> None:
    ui = open_app(lang=lang)
    screens = SCREENS[lang]
    assert set(screens["home"]) <= set(ui.texts())
    start_game(ui, "for-sale", list(FOR_SALE_CHEQUES))
    assert set(screens["sheet"]) <= set(ui.texts())
    for i, name in enumerate(FOR_SALE_CHEQUES):
        for value in FOR_SALE_CHEQUES[name]:
            ui.type(f"players[{i}].cheques.new", str(value))
            ui.submit(f"players[{i}].cheques.new")
        ui.type(f"players[{i}].coins_left", str(FOR_SALE_COINS[name]))
        ui.click("sheet.next_player")
        assert not [text for text in ui.texts() if any(word in text for word in ENGLISH_WORDS)]
    ui.click("sheet.finish")
    assert set(screens["result"]) <= set(ui.texts())
