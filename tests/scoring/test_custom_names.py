"""A custom game's names follow the players' rule for names (scoring/names.py): its name, its names in English and
Korean, its categories' and table-chosen tiebreaks' names refuse NUL, ESC, line breaks, text-direction overrides and
names of invisible characters alone, from the game editor and from any file alike."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.models.definition_form import DefinitionForm
from scoring import SheetError
from scoring.custom import checked_definition

GAME: dict[str, Any] = {
    "id": "custom-wingspan", "name": "Wingspan", "names": {"en": "Wingspan", "ko": "윙스팬"},
    "players": {"min": 1, "max": 5}, "categories": [{"key": "birds", "name": "Birds"}],
    "tiebreaks": [{"chosen": "First to finish", "key": "chosen_1"}]}
REFUSED = {"NUL": ("Wing\x00span", "control"), "ESC": ("\x1b[31mWingspan", "control"),
           "a line break": ("Wing\nspan", "control"), "U+202E": ("\u202enapsgniW", "bidi"),
           "an isolate": ("Wing\u2066span", "bidi"), "zero-width spaces alone": ("\u200b\u200b", "invisible")}
MESSAGES = {"control": "a name may not contain control characters",
            "bidi": "a name may not contain text-direction overrides",
            "invisible": "a name needs visible characters"}
WHERE = {"name": ["name"], "names.en": ["names", "en"], "names.ko": ["names", "ko"],
         "categories[0].name": ["categories", 0, "name"], "tiebreaks[0].chosen": ["tiebreaks", 0, "chosen"]}


def with_name(path: list[str | int], name: str) -> dict[str, Any]:
    game = copy.deepcopy(GAME)
    *parents, last = path
    place: Any = game
    for step in parents:
        place = place[step]
    place[last] = name
    return game


@pytest.mark.parametrize("where", list(WHERE))
@pytest.mark.parametrize("case", list(REFUSED))
def test_a_name_the_players_rule_refuses_is_refused_in_a_definition(where: str, case: str) -> None:
    name, code = REFUSED[case]
    with pytest.raises(SheetError) as refused:
        checked_definition(with_name(WHERE[where], name))
    assert (refused.value.path, refused.value.text.render("en")) == (f"definition.{where}", MESSAGES[code])


def test_the_game_editor_says_why_at_the_name() -> None:
    form = DefinitionForm.of(GAME)
    form.name = "\u202enapsgniW"
    problem = form.problem()
    assert problem is not None and (problem.path, problem.text.render("ko")) == (
        "definition.name", "이름에 글자 방향을 바꾸는 문자를 쓸 수 없습니다")
    form.name = "  Wingspan  "  # trimmed, as a player's name is
    assert form.problem() is None


@pytest.mark.parametrize("name", ["윙스팬: 유럽 확장", "=Cascadia", "Ticket to Ride: Europe", "Ōkami", "x" * 40])
def test_the_names_games_have_are_accepted(name: str) -> None:
    """A name that begins like a spreadsheet formula is a name: the CSV export guards its cells (exchange._cell)."""
    assert checked_definition(with_name(["name"], name))["name"] == name
