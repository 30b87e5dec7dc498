"""The one door to the data: games in progress, finished plays and player profiles, over TinyDB files.

Layout of the data folder (each part's promises are in its own module):
- `drafts.json` and `games/`: games in progress, each the log of its operations (drafts, oplog, log_files)
- `plays/`: finished plays in bounded shards, their index and their summaries (plays, shards)
- `players.json`: player profiles (players)
- every file written atomically with rolling backups; damage found at start is moved aside (files, atomic)
Dicts handed out are copies: changing them changes nothing stored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from scoring import score_sheet
from scoring.sheet_tools import players_in

from . import schema
from .atomic import AtomicJSONStorage, StorageError, remove_stale_temps, signature
from .documents import canonical_time, clone, new_id, now_iso
from .drafts import Drafts, GameFinished, base_op
from .files import BACKUPS, DataFolder, StartupIssue
from .oplog import Log, Op
from .players import COLOUR, PlayerError, Players
from .plays import SHARD_SIZE, EncodedPlay, HistoryPage, Plays, normalised
from .recovery import LastKnown, RestoreReport, recover_shard
from .schema import NewerSchemaError, migrate
from .shards import SHARD_NAME, SUMMARIES, ShardInfo, Shards
from .summary import PlaySummary, parse_time

__all__ = [
    "COLOUR",
    "SHARD_SIZE",
    "GameFinished",
    "HistoryPage",
    "NewerSchemaError",
    "PlaySummary",
    "PlayerError",
    "Repository",
    "ShardInfo",
    "StartupIssue",
    "StorageError",
    "canonical_time",
    "clone",
    "new_id",
    "now_iso",
]


def open_repository(data_dir: Path) -> tuple[Repository, StorageError | NewerSchemaError | None]:
    """The repository of the data folder, opened; or, when the folder cannot be used, an unopened one (which
    reads and writes nothing) and why."""
    try:
        return Repository.open(data_dir), None
    except (StorageError, NewerSchemaError) as problem:
        return Repository(data_dir), problem


class Repository:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.issues: list[StartupIssue] = []
        self._last_known: dict[str, LastKnown] = {}  # what each shard moved aside this start held, by its new name
        self._folder = DataFolder(self.data_dir)
        self._shards = Shards(self._folder)
        self._plays = Plays(self._folder, self._shards)
        self._drafts = Drafts(self._folder, finished=self._plays.has)
        self._players = Players(self._folder, self._plays, self._drafts)

    @property
    def folder(self) -> DataFolder:
        """The data folder's lock, files and damage reports, for stores of their own (custom games)."""
        return self._folder

    @property
    def plays_dir(self) -> Path:
        return self._folder.plays_dir

    # ---- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: Path) -> Repository:
        """Open the data folder: check every file, move damaged ones aside, refuse newer schemas.

        Raises NewerSchemaError (nothing rewritten) when any file comes from a newer app, StorageError when
        the folder cannot be used (read-only, full, not a folder).
        """
        repo = cls(Path(data_dir))
        folder, shards = repo._folder, repo._shards
        repo.issues = folder.prepare()
        with folder.writing():
            for directory in (repo.data_dir, repo.plays_dir, repo.plays_dir / SUMMARIES):
                if directory.is_dir():
                    remove_stale_temps(directory)
            if shards.index_path.exists() and not shards.index_path.is_file():
                repo.issues.append(folder.move_aside(shards.index_path, "the index is not a file", with_backup=False))
            shards.load_index()
            versions = {}
            for path in repo._files_to_check():
                versions[path], issue = folder.check_file(path)
                if issue is not None:
                    repo.issues.append(issue)
                    if SHARD_NAME.fullmatch(path.name):
                        repo._last_known[issue.moved_to] = LastKnown(*shards.last_known(path))
                    shards.forget(path)
            for path, version in versions.items():
                if version is not None and version > schema.SCHEMA_VERSION:
                    raise NewerSchemaError(path.name, version)
            for path, version in versions.items():
                if version is not None and version < schema.SCHEMA_VERSION:
                    storage = AtomicJSONStorage(path, BACKUPS)
                    storage.write(migrate(storage.read() or {}, version))
            repo._plays.finish_split()
            repo.issues += repo._drafts.set_aside_damaged()
            repo._drafts.convert_old()
            repo._drop_finished_drafts()
            for shard in shards.paths():
                shards.info(shard)
            shards.save_index()
        return repo

    def _drop_finished_drafts(self) -> None:
        """Games stored as plays whose draft was not yet removed (the writer died in between). Such a play was
        written after the draft's last save, so only shards written since then are read."""
        drafts = self._folder.docs(self._drafts.path, "drafts")
        if not drafts:
            return
        since = min(parse_time(d["updated_at"]) for d in drafts) - timedelta(seconds=2)  # whole seconds stored
        recent = [p for p in self._shards.paths()
                  if (sig := signature(p)) is not None and sig.mtime_ns >= since.timestamp() * 1e9]
        finished = set().union(*(self._shards.view(p).ids for p in recent))
        self._drafts.remove([d["id"] for d in drafts if d["id"] in finished], sealed=True)

    def _files_to_check(self) -> list[Path]:
        """Drafts, players and every shard not already checked in its current state (see the index)."""
        unchecked = [p for p in self._shards.paths() if self._shards.indexed(p) is None]
        return [self._drafts.path, self._players.path, *unchecked]

    def can_restore(self, issue: StartupIssue) -> bool:
        """Whether restoring brings anything back: a backup, or for a shard of plays what it was known to hold."""
        known = self._last_known.get(issue.moved_to)
        return issue.backup is not None or (known is not None and bool(known.summaries or known.count))

    def restore_backup(self, issue: StartupIssue) -> RestoreReport:
        """Put the last good backup of a file that was moved aside back in place. If the app has written a
        new file there since, what the backup holds and the new file lacks is added to it. A shard of plays gets
        every play it held back from the best source left (see `recovery`), and the report names them."""
        if not self.can_restore(issue):
            raise ValueError(f"no backup of {issue.file}")
        with self._folder.writing():
            if SHARD_NAME.fullmatch(issue.file) is not None:
                report = self._restore_shard(issue)
            else:
                self._folder.restore(self.data_dir / issue.file, issue.backup)  # type: ignore[arg-type]
                report = RestoreReport(issue.file)
            self.issues = [i for i in self.issues if i != issue]
        return report

    def _restore_shard(self, issue: StartupIssue) -> RestoreReport:
        backup = self._folder.docs(self.plays_dir / issue.backup, "plays") if issue.backup is not None else []
        try:
            damaged: bytes | None = (self.plays_dir / issue.moved_to).read_bytes()
        except OSError:
            damaged = None
        stored = set().union(*(self._shards.view(p).ids for p in self._shards.paths()))
        plays, report = recover_shard(issue.file, backup, damaged, self._last_known.get(issue.moved_to, LastKnown()),
                                      self._drafts.sealed_ops, stored)
        self._plays.insert([normalised(play) for play in plays])
        return report

    # ---- games in progress ---------------------------------------------------------------------

    def new_draft(self, draft: dict[str, Any]) -> dict[str, Any]:
        """Start a game in progress (see Drafts.create); returns it as stored."""
        return self._drafts.create(draft)

    def append_ops(self, draft_id: str, ops: list[Op]) -> Log:
        """See Drafts.append: raises GameFinished, KeyError (discarded), StorageError."""
        return self._drafts.append(draft_id, ops)

    def draft_log(self, draft_id: str) -> Log | None:
        """The game's folded log as stored now: read only."""
        return self._drafts.log(draft_id)

    def draft_ops(self, draft_id: str) -> list[Op]:
        """Every operation of a game in progress, or of a finished one whose log was kept."""
        return self._drafts.ops(draft_id) or self._drafts.sealed_ops(draft_id)

    def export_draft(self, draft_id: str) -> dict[str, Any] | None:
        return self._drafts.export(draft_id)

    def drafts(self) -> list[dict[str, Any]]:
        return self._drafts.all()

    def draft(self, draft_id: str) -> dict[str, Any] | None:
        return self._drafts.get(draft_id)

    def add_drafts(self, drafts: Iterable[dict[str, Any]]) -> int:
        return self._drafts.add(drafts)

    def delete_draft(self, draft_id: str) -> dict[str, Any] | None:
        """Discard a game in progress; returns it with its log (for `add_drafts` to take the discard back)."""
        found = self._drafts.export(draft_id)
        self._drafts.remove([draft_id])
        return found

    def finish_draft(self, draft_id: str) -> dict[str, Any]:
        """Store the game in progress as it is stored (every confirmed save merged) as a finished play with
        the same id, scored by the rules, and remove it; returns the play.

        Idempotent: when that play is stored already, it is returned and nothing is stored. Raises
        scoring.SheetError (nothing changed) when the sheet cannot be scored, KeyError when there is neither
        such a game nor such a play.
        """
        with self._folder.writing():
            finished = self._plays.get(draft_id)
            if finished is None:
                draft = self._drafts.get(draft_id)
                if draft is None:
                    raise KeyError(draft_id)
                result = score_sheet(draft["sheet"])
                play = {"id": draft_id, "game": draft["game"], "sheet": draft["sheet"],
                        "rules_version": result.rules_version, "started_at": draft.get("created_at") or now_iso(),
                        "finished_at": now_iso(), "result": result.to_json()}
                if "record" in draft:
                    play["record"] = draft["record"]
                finished = self._plays.add_new(play)
            self._drafts.remove([draft_id], sealed=True)
        return finished

    def reopen_play(self, play_id: str, extra: list[Op]) -> dict[str, Any]:
        """Take a finished play back into a game in progress, with its whole log (or one that starts from its
        sheet, for a play finished before logs were kept) and the operations that missed it. KeyError when
        there is no such play."""
        with self._folder.writing():
            play = self._plays.get(play_id)
            if play is None:
                raise KeyError(play_id)
            document = {"sheet": play["sheet"], **({"record": play["record"]} if "record" in play else {})}
            ops = self._drafts.sealed_ops(play_id) or [base_op(document, play.get("started_at") or now_iso())]
            self._plays.delete(play_id)
            self._drafts.add([{"id": play_id, "game": play["game"], "created_at": play.get("started_at"),
                               **document, "log": [*ops, *extra]}])
            self._drafts.sealed_path(play_id).unlink(missing_ok=True)
        found = self._drafts.get(play_id)
        assert found is not None
        return found

    # ---- finished plays ------------------------------------------------------------------------

    def add_play(self, play: dict[str, Any], draft_id: str | None = None) -> dict[str, Any]:
        """Store a finished play (imports, history); the game in progress `draft_id` (if any) is removed after,
        and the play keeps its id. A play whose id is stored already is not stored again."""
        play = clone(play)
        if draft_id is not None:
            play.setdefault("id", draft_id)
        with self._folder.writing():
            stored = self._plays.add(play)
            if draft_id is not None:
                self._drafts.remove([draft_id], sealed=True)
        return stored

    def add_plays(self, plays: Iterable[dict[str, Any]]) -> int:
        return self._plays.add_many(plays)

    def add_encoded_plays(self, plays: Iterable[EncodedPlay]) -> int:
        return self._plays.add_encoded(plays)

    def remove_plays(self, ids: set[str]) -> None:
        """Take plays out at once (an import that could not be stored whole)."""
        if ids:
            self._plays.remove(ids)

    def plays_of(self, ids: set[str]) -> list[dict[str, Any]]:
        """The finished plays of these ids (those stored), in no particular order."""
        return self._plays.read_many(ids)

    def replace_plays(self, plays: Iterable[dict[str, Any]]) -> None:
        """Store changed plays over the stored ones of the same ids at once (a game's plays moved to another).
        Their kept logs, of the sheets they had, go: one reopened starts from its sheet as it is now."""
        plays = list(plays)
        with self._folder.writing():
            self._plays.replace_many(plays)
            for play in plays:
                self._drafts.sealed_path(play["id"]).unlink(missing_ok=True)

    def update_play(self, play_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        return self._plays.update(play_id, change)

    def edit_play(self, play_id: str, sheet: dict[str, Any]) -> dict[str, Any]:
        """Store a corrected sheet for a finished play, scored again. Raises SheetError (nothing saved) for a
        sheet the rules refuse, KeyError when there is no such play."""
        result = score_sheet(sheet)
        sheet = clone(sheet)

        def change(play: dict[str, Any]) -> dict[str, Any]:
            return {**play, "game": result.game, "sheet": sheet, "rules_version": result.rules_version,
                    "result": result.to_json(), "edited_at": now_iso()}

        self._players.remember(players_in(sheet))  # first: a play stored without its profiles would be half a change
        return self._plays.update(play_id, change)

    def delete_play(self, play_id: str) -> dict[str, Any] | None:
        return self._plays.delete(play_id)

    def restore_play(self, play: dict[str, Any]) -> None:
        self._plays.restore(play)

    def play(self, play_id: str) -> dict[str, Any] | None:
        return self._plays.get(play_id)

    def plays_newest_first(self) -> Iterator[dict[str, Any]]:
        return self._plays.newest_first()

    def summaries(self) -> Iterator[PlaySummary]:
        return self._plays.summaries()

    def history_page(self, *, game: str | None = None, player: str | None = None, since: date | None = None,
                     until: date | None = None, location: str | None = None, note: str | None = None,
                     offset: int = 0, limit: int = 20) -> HistoryPage:
        return self._plays.history_page(game=game, player=player, since=since, until=until, location=location,
                                        note=note, offset=offset, limit=limit)

    # ---- players -------------------------------------------------------------------------------

    def players(self) -> list[dict[str, Any]]:
        return self._players.all()

    def remember_players(self, names: list[str]) -> None:
        self._players.remember(names)

    def add_profiles(self, profiles: Iterable[dict[str, Any]]) -> int:
        return self._players.add_profiles(profiles)

    def set_player_colour(self, name: str, colour: str | None) -> None:
        self._players.set_colour(name, colour)

    def rename_player(self, old: str, new: str) -> int:
        return self._players.rename(old, new)

    def merge_players(self, source: str, target: str) -> int:
        return self._players.merge(source, target)
