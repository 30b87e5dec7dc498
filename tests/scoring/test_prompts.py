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
from scoring.spec import Prompt

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
