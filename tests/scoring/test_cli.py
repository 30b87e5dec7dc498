"""The scoring CLI's contract: JSON in, JSON out, exit 2 with {"error": {path, message}, "message": {id, args}} on bad
input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[2]
FOR_SALE = {
    "game": "for-sale", "options": {}, "rounds": [], "events": [],
    "players": [
        {"name": "A", "cheques": [15, 14, 13, 12, 2, 0, 3], "coins_left": 2},
        {"name": "B", "cheques": [15, 14, 13, 12, 2, 0, 3], "coins_left": 2},
        {"name": "C", "cheques": [11, 10, 9, 8, 7, 6, 5], "coins_left": 0},
    ],
}


def run(args: list[str], stdin: str = "") -> tuple[int, Any]:
    out = io.StringIO()
    code = cli_main(args, stdin=io.StringIO(stdin), stdout=out)
    return code, json.loads(out.getvalue())


def test_score_reads_standard_input_and_prints_the_result() -> None:
    code, out = run(["score"], json.dumps(FOR_SALE))
    assert code == 0
    assert out["ranking"] == [["A", "B"], ["C"]]
    assert out["winners"] == ["A", "B"]
    assert out["tiebreaks"] == []
    assert out["finished"] is False  # 7 cheques with 3 players: the phase has 8 rounds


def test_score_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(FOR_SALE), encoding="utf-8")
    code, out = run(["score", str(path)])
    assert code == 0 and out["players"][0]["total"] == 61


@pytest.mark.parametrize(("stdin", "path", "words"), [
    ("{not json", "", "not valid JSON"),
    ("[1, 2]", "", "JSON object"),
    ('{"players": []}', "game", "name the game"),
    ('{"game": "chess", "players": []}', "game", "unknown game"),
    (json.dumps({**FOR_SALE, "colour": "red"}), "colour", "not a field"),
    (json.dumps({**FOR_SALE, "options": {"edition": "german"}}), "options.edition", "one of"),
    (json.dumps({**FOR_SALE, "players": FOR_SALE["players"][:2]}), "players", "3 to 6 players"),
    ("[" * 100_000 + "]" * 100_000, "", "nested too deeply"),
], ids=["bad-json", "not-object", "no-game", "unknown-game", "unknown-key", "bad-option", "too-few", "deep"])
def test_bad_input_exits_2_with_a_located_error(stdin: str, path: str, words: str) -> None:
    code, out = run(["score", "-"], stdin)
    assert code == 2
    assert out == {"error": {"path": path, "message": out["error"]["message"]},
                   "message": {"id": out["message"]["id"], "args": out["message"]["args"]}}
    assert words in out["error"]["message"]


@pytest.mark.parametrize(("value", "words"), [
    ("3", "whole number"), (3.0, "whole number"), (True, "whole number"), (None, "required"), (99, "between 0 and 28"),
])
def test_counts_must_be_json_integers_within_bounds(value: Any, words: str) -> None:
    sheet = json.loads(json.dumps(FOR_SALE))
    sheet["players"][1]["coins_left"] = value
    code, out = run(["score"], json.dumps(sheet))
    assert code == 2
    assert out["error"]["path"] == "players[1].coins_left"
    assert words in out["error"]["message"]


def test_a_missing_file_is_a_clean_error(tmp_path: Path) -> None:
    code, out = run(["score", str(tmp_path / "nope.json")])
    assert code == 2 and "cannot read" in out["error"]["message"]


def test_the_module_runs_as_a_command() -> None:
    done = subprocess.run([sys.executable, "-m", "scoring", "score", "-"], input=json.dumps(FOR_SALE),
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["A", "B"]
    bad = subprocess.run([sys.executable, "-m", "scoring", "score", "-"], input="{}",
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert bad.returncode == 2 and bad.stderr == ""
    assert json.loads(bad.stdout)["error"]["path"] == "game"


NASTY = [
    ('{"game": "for-sale", "x": ' + "9" * 5000 + "}", "", "too long"),
    ('{"game": "\\ud800", "players": []}', "", "lone surrogate"),
    ('{"game": "for-sale", "players": [{"name": "A"}], "\\udfff": 1}', "", "lone surrogate"),
    ('{"game": "for-sale", "players": [], "n": 1e999}', "", "out of range"),
    ('{"game": "for-sale", "players": [], "n": -Infinity}', "", "not a number JSON allows"),
    (json.dumps({**FOR_SALE, "players": [{**FOR_SALE["players"][0], "name": "A\u0000"}, *FOR_SALE["players"][1:]]}),
     "players[0].name", "control characters"),
    (json.dumps({**FOR_SALE, "players": [{**FOR_SALE["players"][0], "name": "\u202eA"}, *FOR_SALE["players"][1:]]}),
     "players[0].name", "text-direction"),
    (json.dumps({**FOR_SALE, "players": [*FOR_SALE["players"][:2], {**FOR_SALE["players"][2], "name": "A\u200b"}]}),
     "players[2].name", "invisible characters"),
]


@pytest.mark.parametrize(("stdin", "path", "words"), NASTY,
                         ids=["5000-digits", "surrogate", "surrogate-key", "1e999", "infinity", "nul-name",
                              "bidi-name", "zero-width-twin"])
def test_input_no_game_produces_is_refused_by_the_command_without_a_traceback(stdin: str, path: str,
                                                                              words: str) -> None:
    done = subprocess.run([sys.executable, "-m", "scoring", "score", "-"], input=stdin.encode(),
                          capture_output=True, cwd=ROOT, check=False)
    assert done.returncode == 2 and done.stderr == b"", done.stderr
    error = json.loads(done.stdout)["error"]
    assert error["path"] == path and words in error["message"], error


JSONISH = st.lists(st.sampled_from([
    "{", "}", "[", "]", ",", ":", '"', '"game"', '"for-sale"', '"kahuna"', '"players"', '"name"', '"A"',
    '"\\u0000"', '"\\ud800"', '"\\u202e"', '"\\u200b"', "0", "-1", "9" * 40, "1e999", "1.5", "NaN", "true",
    "null", " ", "\\", "é", "\x00", "\udcff",
]) | st.text(max_size=3), max_size=40).map("".join)


@given(JSONISH | st.builds(json.dumps, st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12)))
@settings(max_examples=300, deadline=None)
def test_random_input_gets_a_result_or_a_located_error_never_a_crash(text: str) -> None:
    out = io.StringIO()
    code = cli_main(["score", "-"], stdin=io.StringIO(text), stdout=out)
    answer = json.loads(out.getvalue())
    out.getvalue().encode("utf-8")  # printable as UTF-8
    assert (code, set(answer)) == (2, {"error", "message"}) or (code == 0 and "ranking" in answer)
    if code == 2:
        assert set(answer["error"]) == {"path", "message"}


@given(st.binary(max_size=200))
@settings(max_examples=100, deadline=None)
def test_random_bytes_in_a_file_are_refused_cleanly(data: bytes) -> None:
    with tempfile.NamedTemporaryFile(suffix=".json") as handle:
        handle.write(data)
        handle.flush()
        out = io.StringIO()
        code = cli_main(["score", handle.name], stdout=out)
    assert (code, set(json.loads(out.getvalue()))) == (2, {"error", "message"})  # no random bytes make a whole sheet


PATCHWORK_TIE = {"game": "patchwork", "first_to_finish": "Joon", "players": [
    {"name": "Mina", "buttons": 20, "empty_spaces": 2}, {"name": "Joon", "buttons": 16, "empty_spaces": 0}]}


def score_as_a_user(sheet: dict[str, Any], *options: str) -> tuple[int, Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.json"
        path.write_text(json.dumps(sheet), encoding="utf-8")
        done = subprocess.run([sys.executable, "-m", "scoring", "score", str(path), *options],
                              capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.stderr == ""
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize(("options", "detail"), [
    ((), "Mina and Joon tied on 16; Joon wins with the first arrival on the last space"),
    (("--lang", "ko"), "Mina, Joon: 16점 동점 → 마지막 칸에 먼저 도착해 Joon 승리"),
])
def test_score_explains_a_tiebreak_in_the_language_asked_for(options: tuple[str, ...], detail: str) -> None:
    code, out = score_as_a_user(PATCHWORK_TIE, *options)
    assert code == 0 and out["winners"] == ["Joon"]
    assert out["tiebreaks"] == [{"players": ["Mina", "Joon"], "decided_by": "first_to_finish", "detail": detail}]


def test_score_explains_a_refusal_in_the_language_asked_for_and_names_its_message() -> None:
    sheet = {**PATCHWORK_TIE, "players": [{**PATCHWORK_TIE["players"][0], "buttons": 300}, PATCHWORK_TIE["players"][1]]}
    code, out = score_as_a_user(sheet, "--lang", "ko")
    assert code == 2
    assert out == {"error": {"path": "players[0].buttons", "message": "0에서 200 사이여야 합니다 (입력: 300)"},
                   "message": {"id": "field.refuse.between", "args": {"lo": 0, "hi": 200, "got": 300}}}
    assert score_as_a_user(sheet)[1]["error"]["message"] == "must be between 0 and 200, got 300"


def test_a_language_the_engine_does_not_speak_is_refused_with_the_ones_it_does() -> None:
    done = subprocess.run([sys.executable, "-m", "scoring", "score", "-", "--lang", "xx"], input="{}",
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 2 and "invalid choice: 'xx'" in done.stderr and "'ko'" in done.stderr
