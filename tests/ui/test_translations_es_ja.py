"""Spanish and Japanese, complete: both catalogs (the app's and the engine's) word every English text with the same
placeholders and the plural forms the language needs, and a Japanese phone plays a game in Japanese."""

from __future__ import annotations

import re
import string
from collections.abc import Callable

import flet as ft
import pytest

from companion.i18n import APP, LANGUAGES, PLURAL_MARK, Translator, language_from_locale
from scoring.messages import ENGINE, Catalog

from .harness import Harness
from .test_play_flow import start_game

CATALOGS = {"app": APP, "engine": ENGINE}
KANA = re.compile(r"[\u3040-\u30ff]")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def by_text(found: Catalog, lang: str) -> dict[str, dict[str, str]]:
    """Each text's base key -> its forms (`""` for a text that is not counted) and their templates."""
    out: dict[str, dict[str, str]] = {}
    for key, template in found.entries(lang).items():
        base, _, form = key.partition(PLURAL_MARK)
        out.setdefault(base, {})[form] = template
    return out


@pytest.mark.parametrize("lang", ["es", "ja"])
@pytest.mark.parametrize("name", CATALOGS)
def test_every_english_text_is_worded_with_the_same_placeholders(name: str, lang: str) -> None:
    english, translated = by_text(CATALOGS[name], "en"), by_text(CATALOGS[name], lang)
    assert sorted(set(english) - set(translated)) == []
    for base, forms in translated.items():
        expected = set().union(*(placeholders(t) for t in english[base].values()))
        assert set().union(*(placeholders(t) for t in forms.values())) == expected, base
        assert all(t.strip() for t in forms.values()), base


@pytest.mark.parametrize(("n", "text"), [(1, "1 partida"), (2, "2 partidas"), (0, "0 partidas"),
                                         (1_000_000, "1.000.000 de partidas")])
def test_spanish_counts_take_the_form_of_their_number(n: int, text: str) -> None:
    assert Translator("es")("stats.plays", n=n) == text


def test_the_browsers_language_picks_spanish_or_japanese() -> None:
    assert {"es", "ja"} <= set(LANGUAGES)
    assert [language_from_locale(code) for code in ("es-ES", "es-419", "ja-JP", "ja")] == ["es", "es", "ja", "ja"]


def test_a_japanese_phone_plays_for_sale_in_japanese(open_app: Callable[..., Harness]) -> None:
    ui = open_app(lang="ja")
    navigation = [d.label for d in ui.walk() if isinstance(d, ft.NavigationBarDestination)]
    assert navigation == ["プレイ", "履歴", "統計", "設定"]
    games = {"フォー・セール", "チケット・トゥ・ライド ヨーロッパ", "カフナの島々", "ピニャ・コラーダイス"}
    assert {"テーブルコンパニオン", *games} <= set(ui.texts())
    start_game(ui, "for-sale", ["みさき", "けんた", "ゆい"])
    assert "みさき の分を入力中" in ui.texts()
    ui.type("players[0].coins_left", "19")
    sheet = ui.texts()
    assert "残りのコイン 19 枚ですが、初期コインは 18 枚です" in sheet
    assert [t for t in sheet if re.search("[A-Za-z]{3}", t) and not KANA.search(t)] == []
