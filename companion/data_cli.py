"""`python -m companion data ...`: Settings' data section on the command line, through the same functions
(companion.store.transfer).

    data import FILE [--data DIR]                 a backup, a BG Stats export, a .bgsplay or BoardGameGeek plays
    data export {backup,bgstats,csv} [--data DIR] [--out FILE] [--lang en|ko]

An import prints what came in, one line per play or game in progress it skipped and why, and the counts. A
refused file exits with status 2 and its reason on one line of standard error, and nothing is stored; a data
folder that cannot be opened or written exits with status 1. An export writes the bytes Settings' download
has, to FILE or to standard output.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scoring import get_spec

from .config import resolve_data_dir
from .i18n import LANGUAGES, Translator
from .import_texts import backup_imported, bgstats_counts, bgstats_imported
from .store import bgg, bgstats, exchange, transfer
from .store.atomic import StorageError, write_atomically
from .store.definitions import DefinitionStore
from .store.repository import Repository, open_repository

REFUSED = 2  # the file: nothing was stored
FAILED = 1  # the data folder could not be opened or written
# why one play or game in progress did not come in: bgstats.skip.<reason>, and a backup's "already"
SKIPPED = {
    "already": "already here",
    "date": "a date no real play has (before 1900 or after 2200, or none)",
    "length": "a length no real play has (below 0 or over 14 days)",
    "name": "a player name longer than this app allows",
    "missing": "it names a player, game or place the file does not have",
    "no_players": "no players logged",
    "other_game": "a game that is not built in here",
    "player_count": "a player count the game does not allow",
    "score": "not every player has a score that is a number",
    "text": "a text that no name or note can hold (control or text-direction characters, or too long)",
    "twice": "its play id is in the file twice",
    "value": "a value of the wrong kind (a play id, a flag, a quantity, a rating, the game)",
}
KINDS = {"play": "play", "draft": "game in progress"}  # exchange.AlreadyHere.kind
T = Translator("en")


def parse_args(argv: list[str]) -> argparse.Namespace:
    folder = argparse.ArgumentParser(add_help=False)
    folder.add_argument("--data", metavar="DIR", help="the data folder (default: the one the app serves)")
    parser = argparse.ArgumentParser(prog="table-companion data",
                                     description="Import into or export the play history, as Settings does.")
    commands = parser.add_subparsers(dest="command", required=True)
    importing = commands.add_parser("import", parents=[folder],
                                    help="import a backup, a BG Stats export, a .bgsplay or BoardGameGeek plays")
    importing.add_argument("file", metavar="FILE", type=Path)
    exporting = commands.add_parser("export", parents=[folder], help="export the history")
    exporting.add_argument("kind", choices=list(transfer.EXPORTS))
    exporting.add_argument("--out", metavar="FILE", type=Path, help="write it here (default: standard output)")
    exporting.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the CSV's game names")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    data_dir = resolve_data_dir(args.data)
    if args.command == "import":
        return import_into(data_dir, args.file)
    return export_from(data_dir, args.kind, args.out, args.lang)


def import_into(data_dir: Path, path: Path) -> int:
    if not path.is_file():  # said before the data folder is opened (or made)
        return fail(REFUSED, f"{path}: not a file")
    repo = open_data(data_dir)
    if repo is None:
        return FAILED
    try:
        outcome = transfer.import_file(repo, path)
        if isinstance(outcome, transfer.PlannedFile):
            store_planned(repo, outcome)
        else:
            show_backup_report(repo, outcome)
    except (exchange.BackupError, bgstats.BGStatsError, bgg.BGGError) as refused:
        return fail(REFUSED, T.refusal(refused))
    except OSError as error:
        return fail(REFUSED, f"{path}: {error.strerror or error}")
    except StorageError as error:
        return fail(FAILED, T.refusal(error))
    return 0


def store_planned(repo: Repository, file: transfer.PlannedFile) -> None:
    """Store what the file holds, with the names the preview suggests (see bgstats.suggested_renames)."""
    plan = file.plan
    say(f"{T(f'{file.source}.preview.title')}: {bgstats_counts(T, plan)}")
    if plan.first_day is not None:
        say(T("bgstats.preview.days", first=plan.first_day, last=plan.last_day))
    for name, game in plan.matched.items():
        say(T("bgstats.preview.matched", name=name, game=T.text(get_spec(game).name)))
    renames = bgstats.suggested_renames(repo, plan)
    for name, known in renames.items():
        say(f"“{name}” is taken as {known}, a player known here")
    if renames:
        plan = file.replan(renames)
    for skipped in plan.skipped:
        say(f"skipped {skipped.played} {skipped.game} ({skipped.uuid}): {SKIPPED[skipped.reason]}")
    report = bgstats.run_import(repo, plan)
    say(bgstats_imported(T, report, file.source))


def show_backup_report(repo: Repository, report: exchange.ImportReport) -> None:
    names = DefinitionStore(repo)
    for skipped in report.already:
        say(f"skipped {KINDS[skipped.kind]} {skipped.id} ({T.text(names.name_of(skipped.game))}): "
            f"{SKIPPED['already']}")
    say(backup_imported(T, report))


def export_from(data_dir: Path, kind: str, out: Path | None, lang: str) -> int:
    if not data_dir.is_dir():  # an export never makes a data folder
        return fail(FAILED, f"No data folder at {data_dir}")
    repo = open_data(data_dir)
    if repo is None:
        return FAILED
    payload = transfer.export(repo, kind, lang)
    if out is None:
        sys.stdout.buffer.write(payload)
        sys.stdout.flush()
        return 0
    try:
        write_atomically(out, payload)
    except StorageError as error:
        return fail(FAILED, T.refusal(error))
    return 0


def open_data(data_dir: Path) -> Repository | None:
    """The data folder, opened as the server opens it (files it could not read moved aside and named on
    standard error); None, said on standard error, when it cannot be used."""
    repo, problem = open_repository(data_dir)
    if problem is not None:
        fail(FAILED, f"Cannot open the data in {data_dir}: {T.refusal(problem)}")
        return None
    for issue in repo.issues:
        print(one_line(f"Warning: {T('home.issue', file=issue.file, moved=issue.moved_to, reason=issue.reason)}"),
              file=sys.stderr)
    return repo


def say(text: str) -> None:
    print(one_line(text))


def fail(status: int, reason: str) -> int:
    print(one_line(reason), file=sys.stderr)
    return status


def one_line(text: str) -> str:
    """`text` on one line: what a terminal would act on (line breaks, escapes, direction marks), escaped."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
