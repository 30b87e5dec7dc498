"""The catalog mechanism every word goes through: plural forms by the language's CLDR rules, numbers as the
language writes them, words inside words, English for what a language's file lacks, and a language as the files
present."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring import get_spec
from scoring.messages import ENGINE, Catalog, Message, Typed, join_names


def catalog_of(folder: Path, files: dict[str, dict[str, str]], group_numbers: bool = True) -> Catalog:
    for lang, texts in files.items():
        (folder / f"{lang}.json").write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    return Catalog(folder, group_numbers)


FILES = {
    "en": {"plays#one": "{n} play", "plays#other": "{n} plays", "greeting": "Hello {name}", "bye": "Bye"},
    "ko": {"plays#other": "{n}게임", "greeting": "{name} 님 안녕하세요"},
    "pl": {"plays#one": "{n} gra", "plays#few": "{n} gry", "plays#many": "{n} gier", "plays#other": "{n} gry"},
}


@pytest.mark.parametrize(("lang", "n", "text"), [
    ("en", 1, "1 play"), ("en", 0, "0 plays"), ("en", 2, "2 plays"),
    ("ko", 1, "1게임"), ("ko", 5, "5게임"),
    ("pl", 1, "1 gra"), ("pl", 3, "3 gry"), ("pl", 5, "5 gier"), ("pl", 22, "22 gry"), ("pl", 1.5, "1,5 gry"),
])
def test_a_counted_text_takes_its_languages_plural_form(tmp_path: Path, lang: str, n: float, text: str) -> None:
    assert catalog_of(tmp_path, FILES).text("plays", lang, {"n": n}) == text


def test_numbers_are_written_as_the_language_writes_them(tmp_path: Path) -> None:
    app = catalog_of(tmp_path, {**FILES, "de": {"greeting": "Hallo {name}"}})
    assert app.text("greeting", "en", {"name": 1234.5}) == "Hello 1,234.5"
    assert app.text("greeting", "de", {"name": 1234.5}) == "Hallo 1.234,5"
    assert app.text("greeting", "en", {"name": True}) == "Hello True"  # a flag is no number


def test_the_engine_leaves_scores_ungrouped_as_rulebooks_print_them() -> None:
    assert [p.render("en") for p in get_spec("piraten-kapern").prompts_for({"target": 8000}, 3, "setup")][-1] == \
        "Play to 8000 points."
    assert Message.of("field.refuse.between", lo=0, hi=12, got=99.5).render("en") == \
        "must be between 0 and 12, got 99.5"


def test_a_text_a_language_lacks_is_in_english(tmp_path: Path) -> None:
    app = catalog_of(tmp_path, FILES)
    assert app.text("bye", "ko", {}) == "Bye"
    assert app.text("greeting", "pl", {"name": "Ola"}) == "Hello Ola"
    with pytest.raises(KeyError):
        app.text("nowhere", "ko", {})


def test_a_language_is_the_files_present(tmp_path: Path) -> None:
    assert catalog_of(tmp_path, FILES).languages == ("en", "ko", "pl")
    more = tmp_path / "more"
    more.mkdir()
    assert catalog_of(more, {"en": {}, "ja": {}, "de": {}}).languages == ("en", "de", "ja")


def test_words_inside_words_are_in_the_same_language() -> None:
    tile = Message("patchwork.special_tile")
    held = Message.of("common.refuse.held_one_player_most", thing=tile, first="Mina")
    assert held.render("en") == "The 7×7 special tile is held by one player at most (also Mina)"
    assert held.render("ko") == "7×7 특수 타일은(는) 한 명만 가질 수 있습니다 (이미 Mina)"
    assert held.reference() == {"id": "common.refuse.held_one_player_most",
                                "args": {"thing": {"id": "patchwork.special_tile", "args": {}}, "first": "Mina"}}


@pytest.mark.parametrize(("names", "en", "ko"), [
    (["Mina"], "Mina", "Mina"), (["Mina", "Joon"], "Mina and Joon", "Mina, Joon"),
    (["Mina", "Joon", "Sora"], "Mina, Joon and Sora", "Mina, Joon, Sora"),
])
def test_names_are_listed_as_the_language_lists_them(names: list[str], en: str, ko: str) -> None:
    listed = join_names(names)
    assert (listed.render("en"), listed.render("ko")) == (en, ko)


def test_typed_words_are_the_players_in_every_language() -> None:
    name = Typed.of("Wingspan", {"ko": "윙스팬", "en": ""})
    assert (name.render("en"), name.render("ko"), name.render("de")) == ("Wingspan", "윙스팬", "Wingspan")
    assert Typed("{not a placeholder}").format(n=1).render("ko") == "{not a placeholder}"


def test_the_engine_speaks_every_language_it_has_files_for() -> None:
    assert ENGINE.languages[0] == "en" and "ko" in ENGINE.languages
    assert set(ENGINE.languages) == {p.stem for p in ENGINE.directory.glob("*.json")}


@pytest.mark.parametrize(("n", "en", "ko"), [(1, "enter at least 1 round", "라운드를 1개 이상 입력하세요"),
                                             (2, "enter at least 2 rounds", "라운드를 2개 이상 입력하세요")])
def test_an_engine_refusal_counts_in_the_languages_plural_form(n: int, en: str, ko: str) -> None:
    refusal = Message.of("sheet.refuse.enter_least_round_s", n=n)
    assert (refusal.render("en"), refusal.render("ko")) == (en, ko)
