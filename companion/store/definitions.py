"""Custom game definitions, with versions: `definitions.json`, one document per saved version.

Saving a changed definition stores it as the next version; the old versions stay, because plays carry the
definition they were played with inline (their sheet's `definition`) and keep being scored by it. On request,
`rescore` moves the plays of a game to its newest version (plays the new version refuses keep theirs).

The file is written like every other data file, under the repository's lock, with its atomic storage.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scoring import GameSpec, SheetError, Text, all_specs, get_spec
from scoring.custom import checked_definition, is_custom, spec_from_definition

from .atomic import CorruptFileError, read_tables
from .repository import BACKUPS, Repository, clone, now_iso

FILE = "definitions.json"
TABLE = "definitions"
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

    def _docs(self) -> list[dict[str, Any]]:
        try:
            tables = read_tables(self.path)
        except (CorruptFileError, OSError) as error:
            self._move_aside(getattr(error, "reason", None) or str(error))
            return []
        return list(tables.get(TABLE, {}).values()) if tables else []

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
        """The newest definition of every custom game, by name."""
        newest: dict[str, dict[str, Any]] = {}
        for doc in self._docs():
            d = doc["definition"]
            if d["id"] not in newest or d["version"] > newest[d["id"]]["version"]:
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
        """The built-in games, then the custom ones."""
        return [*all_specs(), *(spec_from_definition(d) for d in self.games())]

    def name_of(self, game_id: str) -> Text:
        """A game's name for lists of plays; a custom game missing from the store shows its id."""
        try:
            return self.spec(game_id).name
        except SheetError:
            return Text(game_id, game_id)

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
        """Store a definition; a change to a stored one becomes its next version. Returns it as stored.

        Raises SheetError (nothing stored) for a definition the engine refuses.
        """
        checked = checked_definition(definition)
        with self.folder.writing():
            latest = self.latest(checked["id"])
            if latest is not None and _without_version(latest) == _without_version(checked):
                return latest
            checked["version"] = latest["version"] + 1 if latest is not None else 1
            self._insert([checked])
        return clone(checked)

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
