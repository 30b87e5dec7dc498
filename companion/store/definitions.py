"""Custom game definitions, with versions: `definitions.json`, one document per saved version.

Saving a changed definition stores it as the next version; the old versions stay, because plays carry the
definition they were played with inline (their sheet's `definition`) and keep being scored by it. On request,
`rescore` moves the plays of a game to its newest version (plays the new version refuses keep theirs).

The same file's shelf says where a game is shown (any game, built-in ones too): on Home (no entry), hidden (the
hidden games' list, to be shown again), a quick game (played from the quick sheet, on Home once saved as a
game), deleted (off every list but the history's: its plays kept, and its versions with them), or an expansion
(a BG Stats import's expansion played as a game of its own: its plays stay in the history and the statistics, and
it is not offered as a game to play; bgstats_teams links it to its base game). A game of one's own may also be
merged into another game (`merge`: its plays move under the other's id) or deleted with its plays.

The file is written like every other data file, under the repository's lock, with its atomic storage.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tinydb import Query

from scoring import GameSpec, SheetError, Typed, Words, all_specs, get_spec
from scoring.custom import checked_definition, is_custom, spec_from_definition

from .atomic import CorruptFileError, read_tables
from .merge import GameRefusedError, check_merge, moved_play
from .repository import BACKUPS, Repository, clone, now_iso

FILE = "definitions.json"
TABLE = "definitions"
SHELF = "shelf"  # {"game": id, "state": HIDDEN | QUICK | DELETED | EXPANSION}; a game without an entry is on Home
HIDDEN, QUICK, DELETED, EXPANSION = "hidden", "quick", "deleted", "expansion"
STATES = (HIDDEN, QUICK, DELETED, EXPANSION)
IMPORTED = "custom-bgs-"  # the ids of games a BG Stats or BoardGameGeek import defined (bgstats_plan._target)
SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class Rescored:
    rescored: int
    refused: int  # plays the newest version cannot score (e.g. a category they used is gone): left as they were


def _without_version(definition: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in definition.items() if k != "version"}


class DefinitionStore:
    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self.folder = repo.folder
        self.path = repo.data_dir / FILE

    # ---- reading ---------------------------------------------------------------------------------

    def _tables(self) -> dict[str, Any]:
        try:
            tables = read_tables(self.path)
        except (CorruptFileError, OSError) as error:
            self._move_aside(getattr(error, "reason", None) or str(error))
            return {}
        return tables or {}

    def _docs(self) -> list[dict[str, Any]]:
        return list(self._tables().get(TABLE, {}).values())

    def states(self) -> dict[str, str]:
        """Where each game not on Home is: HIDDEN, QUICK or DELETED, by id."""
        return {doc["game"]: doc["state"] for doc in self._tables().get(SHELF, {}).values()}

    def _move_aside(self, reason: str) -> None:
        with self.folder.writing():
            if self.path.exists():
                self.repo.issues.append(self.folder.move_aside(self.path, reason))

    def versions(self, game_id: str) -> list[dict[str, Any]]:
        """Every stored version of a game's definition, oldest first."""
        found = [d["definition"] for d in self._docs() if d.get("id") == game_id]
        return clone(sorted(found, key=lambda d: d["version"]))

    def latest(self, game_id: str) -> dict[str, Any] | None:
        found = self.versions(game_id)
        return found[-1] if found else None

    def games(self) -> list[dict[str, Any]]:
        """The newest definition of every custom game, by name: those on Home, those hidden and the expansions played
        as games (not the quick games nor the deleted ones)."""
        states = self.states()
        newest: dict[str, dict[str, Any]] = {}
        for doc in self._docs():
            d = doc["definition"]
            if states.get(d["id"]) not in (QUICK, DELETED) and (
                    d["id"] not in newest or d["version"] > newest[d["id"]]["version"]):
                newest[d["id"]] = d
        return clone(sorted(newest.values(), key=lambda d: d["name"].casefold()))

    def spec(self, game_id: str) -> GameSpec:
        """A game's spec by id: built-in, or the newest version of a custom game. Raises SheetError."""
        if not is_custom(game_id):
            return get_spec(game_id)
        latest = self.latest(game_id)
        if latest is None:
            return get_spec(game_id)  # the engine's "unknown game"
        return spec_from_definition(latest)

    def specs(self) -> list[GameSpec]:
        """The built-in games, then the custom ones (those on Home and hidden), and the deleted games whose plays
        the history kept: every game a statistic or a filter of the history may name (not the quick games)."""
        deleted = [latest for game, state in self.states().items()
                   if state == DELETED and (latest := self.latest(game)) is not None]
        return [*all_specs(), *(spec_from_definition(d) for d in [*self.games(), *deleted])]

    def catalog(self) -> list[GameSpec]:
        """The games on Home, in a stable order: the built-in games, then the custom ones by name."""
        states = self.states()
        return [spec for spec in self._listed() if spec.id not in states]

    def hidden(self) -> list[GameSpec]:
        """The hidden games, in the catalog's order."""
        return self._shelved(HIDDEN)

    def expansions(self) -> list[GameSpec]:
        """The imported expansions filed under their base games (off Home and the hidden list)."""
        return self._shelved(EXPANSION)

    def _shelved(self, state: str) -> list[GameSpec]:
        states = self.states()
        return [spec for spec in self._listed() if states.get(spec.id) == state]

    def _listed(self) -> list[GameSpec]:
        return [*all_specs(), *(spec_from_definition(d) for d in self.games())]

    def name_of(self, game_id: str) -> Words:
        """A game's name for lists of plays; a custom game missing from the store shows its id."""
        try:
            return self.spec(game_id).name
        except SheetError:
            return Typed(game_id)

    # ---- writing ---------------------------------------------------------------------------------

    def new_id(self, name: str) -> str:
        """An unused id from the name: `custom-wingspan-3fa2c1` (a name without Latin letters gets only the code)."""
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
        slug = SLUG.sub("-", ascii_name).strip("-")[:24].strip("-")
        taken = {d["id"] for d in self._docs()}
        while True:
            candidate = f"custom-{slug + '-' if slug else ''}{secrets.token_hex(3)}"
            if candidate not in taken:
                return candidate

    def save(self, definition: dict[str, Any]) -> dict[str, Any]:
        """Store a definition; a change to a stored one becomes its next version. Returns it as stored. A quick
        game saved this way becomes a game on Home.

        Raises SheetError (nothing stored) for a definition the engine refuses.
        """
        checked = checked_definition(definition)
        with self.folder.writing():
            latest = self.latest(checked["id"])
            if self.states().get(checked["id"]) == QUICK:
                self._set_state(checked["id"], None)
            # what an older app stored lacks the keys added since: compared as the engine reads it now
            if latest is not None and _without_version(checked_definition(latest)) == _without_version(checked):
                return latest
            checked["version"] = latest["version"] + 1 if latest is not None else 1
            self._insert([checked])
        return clone(checked)

    def save_quick(self, definition: dict[str, Any]) -> dict[str, Any]:
        """Store the definition of a quick game (a sheet started without defining a game): its plays have a
        game and a name in the history, and it is not on Home until it is saved as a game (`save`)."""
        checked = checked_definition(definition)
        with self.folder.writing():
            self._insert([{**checked, "version": 1}])
            self._set_state(checked["id"], QUICK)
        return clone({**checked, "version": 1})

    # ---- the shelf: where a game is shown ----------------------------------------------------------

    def _set_state(self, game_id: str, state: str | None) -> None:
        with self.folder.writing(), self.folder.db(self.path, BACKUPS) as db:
            table = db.table(SHELF)
            if state is None:
                table.remove(Query().game == game_id)
            else:
                table.upsert({"game": game_id, "state": state}, Query().game == game_id)

    def hide(self, game_ids: Iterable[str]) -> None:
        """Take games off Home onto the hidden games' list (each stays playable from there)."""
        with self.folder.writing():
            for game_id in game_ids:
                self._set_state(game_id, HIDDEN)

    def file_as_expansions(self, game_ids: Iterable[str]) -> None:
        """Take imported expansions off Home and the hidden games' list (a game the player deleted stays deleted;
        an expansion never played as a game has no definition, and nothing to shelve)."""
        with self.folder.writing():
            states, stored = self.states(), self.ids()
            for game_id in game_ids:
                if game_id in stored and states.get(game_id) in (None, HIDDEN):
                    self._set_state(game_id, EXPANSION)

    def show(self, game_id: str) -> None:
        """Put a hidden game, or an import's expansion that is a game of its own, back on Home."""
        if self.states().get(game_id) in (HIDDEN, EXPANSION):
            self._set_state(game_id, None)

    def shelf(self) -> list[dict[str, str]]:
        """Where the games not on Home are, for a backup: `{"game", "state"}` by game id."""
        return [{"game": game, "state": state} for game, state in sorted(self.states().items())]

    def ids(self) -> set[str]:
        """Every custom game with a stored definition."""
        return {doc["definition"]["id"] for doc in self._docs()}

    def place(self, shelf: Iterable[dict[str, str]], games: set[str]) -> None:
        """A backup's shelf, for `games` only (those it brought: a game here stays where the player put it)."""
        with self.folder.writing():
            for doc in shelf:
                if doc["game"] in games:
                    self._set_state(doc["game"], doc["state"])

    def play_counts(self) -> Counter[str]:
        """How many finished plays each game has (from the history's summaries)."""
        return Counter(summary.game for summary in self.repo.summaries())

    def in_progress(self, game_id: str) -> int:
        return sum(1 for draft in self.repo.drafts() if draft["game"] == game_id)

    def delete(self, game_id: str, with_plays: bool) -> int:
        """Take a custom game off every list. Its plays are deleted with it (`with_plays`), or stay in the history
        and the statistics, scored by the definition each carries (its versions are kept for its name). Returns
        how many plays it had. Refused (GameRefusedError) while a game of it is in progress."""
        with self.folder.writing():
            if self.in_progress(game_id):
                raise GameRefusedError("games.refused.in_progress", game=self.name_of(game_id))
            plays = {summary.id for summary in self.repo.summaries() if summary.game == game_id}
            if with_plays or not plays:
                self.repo.remove_plays(plays)
                self._drop(game_id)
            else:
                self._set_state(game_id, DELETED)
        return len(plays)

    def drop_quick(self, game_id: str) -> bool:
        """A quick game with no play and no game in progress goes whole (a quick sheet discarded leaves nothing
        behind); True when it went."""
        with self.folder.writing():
            unused = (self.states().get(game_id) == QUICK and not self.in_progress(game_id)
                      and not any(summary.game == game_id for summary in self.repo.summaries()))
            if unused:
                self._drop(game_id)
        return unused

    def _drop(self, game_id: str) -> None:
        """Every version of a game and its place on the shelf, gone."""
        with self.folder.writing(), self.folder.db(self.path, BACKUPS) as db:
            db.table(TABLE).remove(Query().id == game_id)
            db.table(SHELF).remove(Query().game == game_id)

    def merge(self, source: str, target: str) -> int:
        """Move every play of the custom game `source` under the game `target` (scored by it: see store.merge), then
        drop `source`. Returns how many plays moved. Raises GameRefusedError, saying why, with nothing changed, when a
        game of it is in progress, when the two games' win rules differ, or when a play cannot be scored by the
        target."""
        with self.folder.writing():
            if self.in_progress(source):
                raise GameRefusedError("games.refused.in_progress", game=self.name_of(source))
            into = self.spec(target)
            check_merge(self.spec(source), into)
            ids = {summary.id for summary in self.repo.summaries() if summary.game == source}
            moved = [moved_play(play, into) for play in self.repo.plays_of(ids)]
            self.repo.replace_plays(moved)
            self._drop(source)
        return len(moved)

    def _insert(self, definitions: list[dict[str, Any]]) -> None:
        with self.folder.db(self.path, BACKUPS) as db:
            db.table(TABLE).insert_multiple(
                {"id": d["id"], "version": d["version"], "saved_at": now_iso(), "definition": d} for d in definitions)

    def add_versions(self, definitions: Iterable[Any]) -> int:
        """Import: store the versions not yet stored (same id and version means the same). Raises SheetError
        for any definition the engine refuses, before storing anything."""
        checked = [checked_definition(d) for d in definitions]
        with self.folder.writing():
            stored = {(d["id"], d["version"]) for d in (doc["definition"] for doc in self._docs())}
            fresh = []
            for d in checked:
                if (d["id"], d["version"]) not in stored:
                    stored.add((d["id"], d["version"]))
                    fresh.append(d)
            if fresh:
                self._insert(fresh)
        return len(fresh)

    def all_versions(self) -> list[dict[str, Any]]:
        """Every version of every definition (for backups), in a stable order."""
        return clone(sorted((doc["definition"] for doc in self._docs()), key=lambda d: (d["id"], d["version"])))

    # ---- plays on older versions -------------------------------------------------------------------

    def older_plays(self, game_id: str) -> list[dict[str, Any]]:
        """Finished plays of the game scored by another version than the newest."""
        latest = self.latest(game_id)
        if latest is None:
            return []
        return [p for p in self.repo.plays_newest_first() if p["game"] == game_id
                and p.get("sheet", {}).get("definition", {}).get("version") != latest["version"]]

    def rescore(self, game_id: str) -> Rescored:
        """Score the game's plays again by its newest version (the sheet takes the new definition)."""
        latest = self.latest(game_id)
        done = refused = 0
        for play in self.older_plays(game_id):
            try:
                self.repo.edit_play(play["id"], {**play["sheet"], "definition": latest})
                done += 1
            except SheetError:
                refused += 1
        return Rescored(done, refused)
