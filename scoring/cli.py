"""`python -m scoring games | spec GAME | spec --definition FILE | score [FILE|-] [--lang L]`: the engine's JSON
contract.

A sheet of a custom game carries its definition inline (`"definition"`), so `score` takes it like any other.
`--lang` words the explanations of tiebreaks and refusals in any language of the engine's catalogs; a refusal
also carries its message's id and arguments for programs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from . import strict_json
from .custom import spec_from_definition
from .engine import score_sheet
from .errors import SheetError, fail
from .messages import DEFAULT_LANGUAGE, ENGINE
from .registry import all_specs, get_spec

EXIT_INVALID = 2


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Score board-game sheets.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the supported games")
    spec_cmd = sub.add_parser("spec", help="print the sheet spec of a game")
    spec_cmd.add_argument("game", nargs="?", help="a built-in game's id")
    spec_cmd.add_argument("--definition", metavar="FILE", help="a custom game's definition (JSON, or - for stdin)")
    score_cmd = sub.add_parser("score", help="score a JSON sheet from FILE or standard input")
    score_cmd.add_argument("file", nargs="?", default="-")
    score_cmd.add_argument("--lang", choices=ENGINE.languages, default=DEFAULT_LANGUAGE,
                           help="the language of the tiebreaks' and refusals' explanations (default: en)")
    args = parser.parse_args(argv)
    lang = getattr(args, "lang", DEFAULT_LANGUAGE)

    try:
        if args.command == "games":
            _emit(out, [spec.summary_json() for spec in all_specs()])
        elif args.command == "spec" and args.definition is not None:
            _emit(out, spec_from_definition(_read_sheet(args.definition, stdin or sys.stdin)).to_json())
        elif args.command == "spec":
            if args.game is None:
                parser.error("spec needs a GAME or --definition FILE")
            _emit(out, get_spec(args.game).to_json())
        else:
            _emit(out, score_sheet(_read_sheet(args.file, stdin or sys.stdin)).to_json(lang))
    except SheetError as error:
        _emit(out, error.to_json(lang))
        return EXIT_INVALID
    return 0


def _read_sheet(file: str, stdin: TextIO) -> Any:
    try:
        if file == "-":
            text = stdin.read()
        else:
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise fail("", "cli.refuse.read",
                   file=file, why=getattr(error, "strerror", None) or str(error)) from None
    return strict_json.loads(text)


def _emit(out: TextIO, value: Any) -> None:
    out.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")
