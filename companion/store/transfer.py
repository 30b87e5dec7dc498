"""Settings' data section as functions, for its screen and for `python -m companion data` alike: each export
by kind, and the import of a file of whichever kind it is.

An import takes the app's own backup (checked completely, then stored: exchange), a BG Stats export
(`BGStatsExport.json`, or one play as a `.bgsplay`) or BoardGameGeek's plays (XML: bgg); the last two are read and
planned here, and stored by `bgstats.run_import` once the plan has been shown. An XML file is BoardGameGeek's or
refused with bgg's reason; another file that is none of them is refused with the backup's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import bgg, bgstats, bgstats_read, exchange
from .repository import Repository

# The largest file any import takes (a BG Stats export of a lifetime of plays): a file is sent this far, then held
# to its own kind's limit.
MAX_FILE_BYTES = max(exchange.MAX_BACKUP_BYTES, bgstats_read.MAX_FILE_BYTES, bgg.MAX_FILE_BYTES)


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
class PlannedFile:
    """Another app's plays (a BG Stats export, BoardGameGeek's plays), read and planned: nothing of it is stored
    yet."""

    source: str  # "bgstats" or "bgg": the catalog's words for it are <source>.preview.title and <source>.imported
    plan: bgstats.ImportPlan  # with the names as the file spells them (see bgstats.suggested_renames)
    replan: Callable[[dict[str, str]], bgstats.ImportPlan]  # the plan with names new here taken as known players


def import_file(repo: Repository, path: Path, progress: exchange.Progress | None = None,
                ) -> exchange.ImportReport | PlannedFile:
    """Store the backup in `path`, or read and plan the BG Stats export or BoardGameGeek plays in it. Raises
    BackupError (a refused backup, or a file that is none of them), BGStatsError, BGGError (a refused file of
    theirs) or OSError (the file cannot be read); nothing is stored then. `progress(fraction)` follows a backup's
    import, or a BG Stats export's reading and planning for its preview."""
    with path.open("rb") as file:
        xml = bgg.is_xml(file.read(64))
    if xml:
        return _bgg_file(repo, path)
    try:
        return exchange.import_backup_file(repo, path, progress)
    except exchange.BackupError as refused:
        # a BG Stats export may be larger than a backup of ours (a lifetime of plays, with its boxes and scoresheets)
        if refused.message_key not in ("backup.error.not_backup", "backup.error.too_large"):
            raise
        data = path.read_bytes()
        try:
            return PlannedFile("bgstats", bgstats.plan_import(repo, data, progress=progress),
                               lambda renames: bgstats.plan_import(repo, data, renames))
        except bgstats.BGStatsError as error:
            if error.message_key == "bgstats.error.not_bgstats":
                raise refused from None
            raise


def _bgg_file(repo: Repository, path: Path) -> PlannedFile:
    if path.stat().st_size > bgg.MAX_FILE_BYTES:  # refused before it is read
        raise bgg.too_large()
    plays = bgg.read_plays(path.read_bytes())
    return PlannedFile("bgg", bgg.plan_plays(repo, plays), lambda renames: bgg.plan_plays(repo, plays, renames))
