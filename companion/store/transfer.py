"""Settings' data section as functions, for its screen and for `python -m companion data` alike: each export
by kind, and the import of a file of whichever kind it is.

An import takes the app's own backup (checked completely, then stored: exchange) or a BG Stats export
(`BGStatsExport.json`, or one play as a `.bgsplay`: read and planned here, stored by `bgstats.run_import` once
the plan has been shown). A file that is neither is refused with the backup's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import bgstats, exchange
from .repository import Repository


@dataclass(frozen=True)
class Export:
    write: Callable[[Repository, str], bytes]  # (the data, the language of the games' names) -> the file
    extension: str
    media_type: str


EXPORTS: dict[str, Export] = {
    "backup": Export(lambda repo, lang: exchange.export_backup(repo), "json", "application/json"),
    "csv": Export(exchange.export_csv, "csv", "text/csv; charset=utf-8"),
    "bgstats": Export(lambda repo, lang: bgstats.export_bgstats(repo), "json", "application/json"),
}


def export(repo: Repository, kind: str, lang: str = "en") -> bytes:
    """The export of `kind` (a key of EXPORTS); the CSV names the games in `lang`."""
    return EXPORTS[kind].write(repo, lang)


@dataclass(frozen=True)
class BGStatsFile:
    """A BG Stats export, read and planned: nothing of it is stored yet."""

    data: bytes
    plan: bgstats.ImportPlan  # with the names as the file spells them (see bgstats.suggested_renames)


def import_file(repo: Repository, path: Path, progress: exchange.Progress | None = None,
                ) -> exchange.ImportReport | BGStatsFile:
    """Store the backup in `path`, or read and plan the BG Stats export in it. Raises BackupError (a refused
    backup, or a file that is neither), BGStatsError (a refused BG Stats export) or OSError (the file cannot be
    read); nothing is stored then. `progress(fraction)` follows a backup's import."""
    try:
        return exchange.import_backup_file(repo, path, progress)
    except exchange.BackupError as refused:
        if refused.message_key != "backup.error.not_backup":
            raise
        data = path.read_bytes()
        try:
            return BGStatsFile(data, bgstats.plan_import(repo, data))
        except bgstats.BGStatsError as error:
            if error.message_key == "bgstats.error.not_bgstats":
                raise refused from None
            raise
