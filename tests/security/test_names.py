"""Players' names: one rule (scoring.names) for sheets, the new-game form, renaming and import."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.models.new_game import NewGameForm
from companion.store.repository import PlayerError, Repository
from scoring import SheetError, get_spec, score_sheet
from scoring.names import clean_name, name_problems

REFUSED = {
    "NUL": ("Mi\x00na", "control"),
    "ESC": ("\x1b[31mMina", "control"),
    "line break": ("Mi\nna", "control"),
    "right-to-left override": ("\u202eaniM", "bidi"),
    "left-to-right isolate": ("\u2066Mina", "bidi"),
    "only zero-width spaces": ("\u200b\u200b", "invisible"),
    "only a Hangul filler": ("\u3164", "invisible"),
    "a lone surrogate": ("Mi\ud800na", "control"),
    "too long": ("x" * 31, "long"),
    "empty": ("   ", "empty"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_name_is_refused_on_its_own(case: str) -> None:
    name, code = REFUSED[case]
    assert [p.code for p in name_problems([name])] == [code]


@pytest.mark.parametrize(("first", "second", "code"), [
    ("Mina", "Mina\u200b", "looks_same"),
    ("Mina", "Mi\u200dna", "looks_same"),
    ("Mina", "mina", "twice"),
    ("Mina", "Mina", "twice"),
    ("민지", "\u1106\u1175\u11ab\u110c\u1175", "twice"),  # the same Hangul, decomposed (NFD)
])
def test_names_that_look_the_same_cannot_sit_at_one_table(first: str, second: str, code: str) -> None:
    assert [(p.code, p.index) for p in name_problems([first, second])] == [(code, 1)]


def test_ordinary_names_pass_in_any_script() -> None:
    assert name_problems(["Mina", "민지", "José", "Zoë", "👩‍🚀 Sam", "O'Brien"]) == []
    assert clean_name("  \u1106\u1175\u11ab\u110c\u1175 ") == "민지"  # trimmed, composed


def test_the_engine_refuses_such_names_in_any_sheet() -> None:
    for name, _ in REFUSED.values():
        sheet = {"game": "kahuna", "players": [{"name": name}, {"name": "Joon"}], "rounds": []}
        with pytest.raises(SheetError) as caught:
            score_sheet(sheet)
        assert caught.value.path == "players[0].name"
    twin = {"game": "kahuna", "players": [{"name": "Joon"}, {"name": "Joon\u200b"}], "rounds": []}
    with pytest.raises(SheetError) as caught:
        score_sheet(twin)
    assert caught.value.path == "players[1].name" and "invisible characters" in caught.value.text.render("en")
    assert "보이지 않는 문자" in caught.value.text.render("ko")


def test_the_new_game_form_says_why_next_to_the_field() -> None:
    form = NewGameForm(get_spec("kahuna"), ["Mina", "Mina\u200b"])
    assert [(p.key, p.index, p.params) for p in form.problems()] == [
        ("name.error.looks_same", 1, {"name": "Mina\u200b", "other": "Mina"})]
    form.rename(1, "Jo\x1bon")
    assert [(p.key, p.index) for p in form.problems()] == [("name.error.control", 1)]
    form.rename(1, " \u1106\u1175\u11ab\u110c\u1175 ")
    assert form.problems() == [] and form.names() == ["Mina", "민지"]


def test_renaming_a_player_follows_the_same_rule(tmp_path: Path) -> None:
    repo = Repository.open(tmp_path)
    repo.remember_players(["Mina", "Joon"])
    for bad, key in (("Mi\x00na", "name.error.control"), ("\u202eJoon", "name.error.bidi"),
                     ("\u200b", "name.error.invisible"), ("Joon\u200b", "players.error.exists")):
        with pytest.raises(PlayerError) as caught:
            repo.rename_player("Mina", bad)
        assert caught.value.message_key == key
    assert {p["name"] for p in repo.players()} == {"Mina", "Joon"}
