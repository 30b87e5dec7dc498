"""A game's prompts and rule notes: which messages, in which order, in which phase, for which tables.

`data/prompts_and_notes.json` records every built-in game's, by message id (their words are the catalogs', which
tests/test_game_units.py and tests/ui/test_catalogs.py check in every language); a prompt added, moved or given
a condition is recorded there too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring import GameSpec, all_specs
from scoring.messages import ENGINE, PLURAL_MARK, Catalog, Messages
from scoring.spec import Prompt, When, catalog_prompts

RECORDED = json.loads((Path(__file__).parent / "data" / "prompts_and_notes.json").read_text(encoding="utf-8"))
SPECS = all_specs()


def record(prompt: Prompt) -> dict[str, Any]:
    """The prompt as the spec's JSON writes it, its words by message id."""
    return {**prompt.to_json(), "text": prompt.text.reference()["id"]}


def test_every_game_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(spec.id for spec in SPECS)


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
def test_a_games_prompts_and_notes_are_as_recorded(spec: GameSpec) -> None:
    assert [record(prompt) for prompt in spec.prompts] == RECORDED[spec.id]["prompts"]
    assert [note.reference()["id"] for note in spec.notes] == RECORDED[spec.id]["notes"]


def test_every_prompt_and_note_of_a_games_catalog_is_the_games() -> None:
    """A key the spec leaves out (a misspelt phase, a number written as a word) would be a text no table sees."""
    for spec in SPECS:
        listed = {prompt.text.reference()["id"] for prompt in spec.prompts} | {n.reference()["id"] for n in spec.notes}
        in_catalog = {key.partition(PLURAL_MARK)[0] for key in ENGINE.entries("en")
                      if key.startswith((f"{spec.id}.prompt.", f"{spec.id}.note."))}
        assert sorted(in_catalog - listed) == [], spec.id


@pytest.fixture
def catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Messages:
    """A game `g` whose English catalog holds its texts out of order, one of them counted."""
    keys = ["g.note.10", "g.note.2", "g.note.1", "g.prompt.turn.10", "g.prompt.turn.2", "g.prompt.turn.1",
            "g.prompt.scoring.1#one", "g.prompt.scoring.1#other", "g.prompt.setup.1", "g.name", "h.prompt.turn.1"]
    (tmp_path / "en.json").write_text(json.dumps(dict.fromkeys(keys, "words")), encoding="utf-8")
    monkeypatch.setattr("scoring.messages.ENGINE", Catalog(tmp_path))
    return Messages("g")


def keys(prompts: tuple[Prompt, ...]) -> list[tuple[str, str]]:
    return [(prompt.phase, prompt.text.reference()["id"].removeprefix("g.prompt.")) for prompt in prompts]


def test_numbered_messages_are_in_number_order(catalog: Messages) -> None:
    assert [note.reference()["id"] for note in catalog.numbered("note")] == ["g.note.1", "g.note.2", "g.note.10"]
    assert catalog.numbered("rule") == ()


def test_prompts_are_the_catalogs_phase_by_phase_and_by_number(catalog: Messages) -> None:
    assert keys(catalog_prompts(catalog)) == [("setup", "setup.1"), ("turn", "turn.1"), ("turn", "turn.2"),
                                              ("turn", "turn.10"), ("scoring", "scoring.1")]


def test_a_prompt_is_for_the_tables_its_key_is_given(catalog: Messages) -> None:
    few = When(max_players=3)
    prompts = catalog_prompts(catalog, when={"turn.2": few})
    assert [prompt.when for prompt in prompts] == [When(), When(), few, When(), When()]
    assert [prompt.applies({}, n) for n in (3, 4) for prompt in prompts if prompt.when is few] == [True, False]


def test_a_step_of_the_order_may_be_one_prompt(catalog: Messages) -> None:
    prompts = catalog_prompts(catalog, order=("setup", "turn.10", "scoring", "turn"))
    assert keys(prompts) == [("setup", "setup.1"), ("turn", "turn.10"), ("scoring", "scoring.1"), ("turn", "turn.1"),
                             ("turn", "turn.2")]


@pytest.mark.parametrize(("when", "order"), [
    ({"turn.3": When(min_players=4)}, ("setup", "turn", "scoring")),
    ({}, ("setup", "turn.3", "turn", "scoring")),
])
def test_a_key_the_catalog_lacks_is_refused(catalog: Messages, when: dict[str, When], order: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match=r"g: no prompt turn\.3 in the catalog"):
        catalog_prompts(catalog, when=when, order=order)
