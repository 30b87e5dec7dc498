"""A game is one unit on each side, in every language: on the rules side its spec, its messages and its example
sheet; on the app side its UI piece, its picture and its colour (companion/games, keyed by the spec's id).

A built-in game missing any part fails here by name, not later on a screen (README: "Adding a game").
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import UNITS, unit_for
from companion.i18n import APP
from companion.widgets.game_unit import GameUI
from scoring import GameSpec, all_specs
from scoring.cli import main as cli_main
from scoring.messages import ENGINE, PLURAL_MARK, Message

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
SPECS = all_specs()
GAMES = [spec.id for spec in SPECS]


def messages_in(value: Any, seen: set[int] | None = None) -> Iterator[Message]:
    """Every message of the engine's catalog a spec names: its name, fields, choices, notes, prompts, tiebreaks."""
    seen = set() if seen is None else seen
    if id(value) in seen or (callable(value) and not dataclasses.is_dataclass(value)):
        return
    seen.add(id(value))
    if isinstance(value, Message):
        yield value
        children: list[Any] = [v for _, v in value.arguments]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [getattr(value, f.name) for f in dataclasses.fields(value) if f.name != "definition"]
    elif isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, list | tuple | frozenset | set):
        children = list(value)
    else:
        return
    for child in children:
        yield from messages_in(child, seen)


def worded_in(message_id: str, lang: str) -> bool:
    entries = ENGINE.entries(lang)
    return message_id in entries or any(key.startswith(message_id + PLURAL_MARK) for key in entries)


def test_every_game_of_the_engine_is_a_unit_of_the_app_and_no_unit_is_without_a_game() -> None:
    assert list(UNITS) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_a_game_has_its_picture_colour_and_piece(game: str) -> None:
    unit = UNITS[game]
    assert unit.picture is not None and unit.picture.read_bytes().startswith(b"<svg"), unit.picture
    assert re.fullmatch(r"#[0-9A-F]{6}", unit.colour)
    piece = unit.ui()
    assert isinstance(piece, GameUI)
    spec = next(s for s in SPECS if s.id == game)
    assert piece.handles <= {f.key for f in (*spec.player_fields, *spec.game_fields)}, "it draws fields of its own"


def test_two_games_never_share_a_colour() -> None:
    colours = [unit.colour for unit in UNITS.values()]
    assert len(set(colours)) == len(colours)


def test_a_game_the_players_defined_is_drawn_as_theirs() -> None:
    unit = unit_for("custom-abc123")
    assert unit.picture is None and unit.ui().sections is not None
    assert unit.colour not in {u.colour for u in UNITS.values()}


@pytest.mark.parametrize("lang", ENGINE.languages)
@pytest.mark.parametrize("game", GAMES)
def test_the_example_sheet_scores_as_the_cli_scores_it(game: str, lang: str) -> None:
    out = io.StringIO()
    assert cli_main(["score", str(EXAMPLES / f"{game}.json"), "--lang", lang], stdout=out) == 0, out.getvalue()
    result = json.loads(out.getvalue())
    assert result["game"] == game and result["winners"]


@pytest.mark.parametrize("lang", sorted({*ENGINE.languages, *APP.languages}))
@pytest.mark.parametrize("spec", SPECS, ids=GAMES)
def test_every_message_a_game_uses_is_worded_in_every_language(spec: GameSpec, lang: str) -> None:
    assert lang in ENGINE.languages, "the app speaks a language the engine does not"
    used = {message.id for message in messages_in(spec)}
    assert isinstance(spec.name, Message) and spec.name.id in used
    assert sorted(m for m in used if not worded_in(m, lang)) == []
