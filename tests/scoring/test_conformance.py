"""One contract, every registered game: well-formed specs, bounded fields, clean refusals, valid JSON."""

from __future__ import annotations

import io
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring import GameSpec, SheetError, all_specs, score_sheet
from scoring.cli import main as cli_main
from scoring.fields import Bool, Choice, Field, Int, Kind, ListOf, PerPlayer, PlayerRef, Record, Str, Variants
from scoring.messages import ENGINE

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
GAME_IDS = [
    "ticket-to-ride-europe", "patchwork", "piraten-kapern", "pina-coladice", "for-sale",
    "captain-flip", "trails-of-tucana", "kahuna", "carnage",
]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
SPECS = all_specs()


def spec_ids(spec: GameSpec) -> str:
    return spec.id


def test_registry_holds_the_nine_games_in_order() -> None:
    assert [s.id for s in SPECS] == GAME_IDS


def kinds_in(kind: Kind) -> list[Kind]:
    """The kind and every kind nested inside it."""
    nested: list[Kind] = [kind]
    if isinstance(kind, ListOf | PerPlayer):
        nested += kinds_in(kind.item)
    elif isinstance(kind, Record):
        nested += [k for f in kind.fields for k in kinds_in(f.kind)]
    elif isinstance(kind, Variants):
        nested += [k for _, r in kind.variants for k in kinds_in(r)]
    return nested


def fields_in(kind: Kind) -> list[Field]:
    out: list[Field] = []
    for k in kinds_in(kind):
        if isinstance(k, Record):
            out += k.fields
    return out


def all_kinds(spec: GameSpec) -> list[Kind]:
    top = [f.kind for f in (*spec.options, *spec.player_fields, *spec.game_fields)]
    top += [k for k in (spec.round_entry, spec.event) if k is not None]
    return [k for kind in top for k in kinds_in(kind)]


def all_fields(spec: GameSpec) -> list[Field]:
    top = [*spec.options, *spec.player_fields, *spec.game_fields]
    nested = [f for kind in all_kinds(spec) for f in fields_in(kind)]
    return top + nested


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_spec_is_well_formed(spec: GameSpec) -> None:
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", spec.id)
    assert spec.name.render("en") and HANGUL.search(spec.name.render("ko"))
    assert 1 <= spec.min_players <= spec.max_players <= 8
    assert spec.rules_version >= 1
    keys = [f.key for f in (*spec.player_fields, *spec.game_fields)]
    assert len(keys) == len(set(keys)), "field keys are unique"
    assert "name" not in keys
    assert spec.tiebreaks or spec.id == "piraten-kapern", "only Piraten Kapern leaves every tie shared"
    for rule in spec.tiebreaks:
        assert rule.name.render("en") and HANGUL.search(rule.name.render("ko"))
        assert HANGUL.search(rule.advantage.render("ko"))
    for note in spec.notes:
        assert note.render("en") and HANGUL.search(note.render("ko"))


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_every_field_is_bounded_and_named_in_both_languages(spec: GameSpec) -> None:
    for field in all_fields(spec):
        name, help_text = field.name.render, field.help.render if field.help is not None else None
        assert name("en") and HANGUL.search(name("ko")), f"{field.key} needs English and Korean names"
        if help_text is not None:
            assert help_text("en") and HANGUL.search(help_text("ko")), f"{field.key} help in both languages"
    for kind in all_kinds(spec):
        assert isinstance(kind, Int | Bool | Choice | Str | PlayerRef | ListOf | Record | Variants | PerPlayer)
        if isinstance(kind, Int):
            assert kind.min <= kind.max and abs(kind.max - kind.min) <= 100_000
        if isinstance(kind, ListOf):
            assert 0 <= kind.min_len <= kind.max_len <= 5000
        if isinstance(kind, Choice):
            names = [(v.name.render("en"), v.name.render("ko")) for v in kind.values]
            assert names and all(HANGUL.search(ko) or ko == en for en, ko in names)
    for option in spec.options:
        option.kind.check(option.missing_value(), option.key, ())


def option_combinations(spec: GameSpec) -> list[dict[str, Any]]:
    choices: list[list[tuple[str, Any]]] = []
    for option in spec.options:
        if isinstance(option.kind, Choice):
            choices.append([(option.key, v) for v in option.kind.allowed])
        elif isinstance(option.kind, Bool):
            choices.append([(option.key, False), (option.key, True)])
        else:
            choices.append([(option.key, option.missing_value())])
    return [dict(combo) for combo in itertools.product(*choices)]


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_prompts_cover_setup_play_end_and_scoring_for_every_player_count(spec: GameSpec) -> None:
    for options in option_combinations(spec):
        for n in range(spec.min_players, spec.max_players + 1):
            phases = {p.phase for p in spec.prompts if p.applies(options, n)}
            assert {"setup", "end", "scoring"} <= phases, (options, n)
            assert phases & {"turn", "round"}, (options, n)
            for text in spec.prompts_for(options, n):  # every {placeholder} has a value
                assert text.render("en") and HANGUL.search(text.render("ko"))
                assert "{" not in text.render("en") + text.render("ko")


def run_cli(*args: str, stdin: str = "") -> tuple[int, Any]:
    out = io.StringIO()
    code = cli_main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return code, json.loads(out.getvalue())


def test_games_command_lists_every_game_with_names_players_and_options() -> None:
    code, games = run_cli("games")
    assert code == 0
    assert [g["id"] for g in games] == GAME_IDS
    for game in games:
        assert set(game) == {"id", "names", "min_players", "max_players", "options"}
        assert set(game["names"]) == set(ENGINE.languages) >= {"en", "ko"}  # a name in every language


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_spec_command_prints_valid_json_describing_the_sheet(spec: GameSpec) -> None:
    code, out = run_cli("spec", spec.id)
    assert code == 0
    assert out["id"] == spec.id
    assert [f["key"] for f in out["player_fields"]] == [f.key for f in spec.player_fields]
    assert len(out["prompts"]) == len(spec.prompts)
    json.dumps(out, allow_nan=False)


def test_spec_command_refuses_an_unknown_game() -> None:
    code, out = run_cli("spec", "monopoly")
    assert code == 2
    assert out["error"]["path"] == "game" and "monopoly" in out["error"]["message"]


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_an_empty_sheet_scores_or_is_refused_cleanly(spec: GameSpec) -> None:
    names = [f"P{i + 1}" for i in range(spec.min_players)]
    sheet = {"game": spec.id, "players": [{"name": n} for n in names]}
    try:
        result = score_sheet(sheet)
    except SheetError as error:
        assert error.path and error.message and HANGUL.search(error.text.render("ko"))
    else:
        assert sorted(n for group in result.ranking for n in group) == sorted(names)


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_the_example_sheet_scores_a_finished_game_through_the_cli(spec: GameSpec) -> None:
    text = (EXAMPLES / f"{spec.id}.json").read_text(encoding="utf-8")
    code, out = run_cli("score", "-", stdin=text)
    assert code == 0, out
    assert out["game"] == spec.id and out["finished"] is True and out["end_reason"]
    assert out["winners"] == out["ranking"][0]
    for player in out["players"]:
        assert player["total"] == sum(player["breakdown"].values())
        assert set(player["breakdown"]) <= set(dict(spec.categories))


def test_the_rules_engine_never_imports_flet() -> None:
    code = "import sys, scoring, scoring.cli; sys.exit(any(m == 'flet' or m.startswith('flet') for m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 0
