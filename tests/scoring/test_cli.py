"""The scoring CLI's contract: JSON in, JSON out, exit 2 with {"error": {path, message}} on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

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
    assert out == {"error": {"path": path, "message": out["error"]["message"]}}
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
