"""Player profiles (`players.json`): colour, and a rename or merge that reaches every play and game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tinydb import Query

from scoring import SheetError, score_sheet
from scoring.engine import MAX_NAME_LENGTH
from scoring.names import look_alike_key, name_problem
from scoring.sheet_tools import players_in, rename_player

from .documents import clone, new_id, now_iso
from .drafts import Drafts
from .files import DataFolder
from .play_record import record_of, renamed_in_record
from .plays import Plays
from .refusal import RefusedError

COLOUR = re.compile(r"#[0-9a-fA-F]{6}|[a-z][a-z0-9_]{0,31}")  # "#2a9d8f" or a Flet colour name ("amber200")


class PlayerError(RefusedError):
    """A player change the data refuses."""


class Players:
    def __init__(self, folder: DataFolder, plays: Plays, drafts: Drafts) -> None:
        self.folder = folder
        self.path = folder.root / "players.json"
        self.plays = plays
        self.drafts = drafts

    def all(self) -> list[dict[str, Any]]:
        return sorted(clone(self.folder.docs(self.path, "players")), key=lambda p: p["name"].casefold())

    def remember(self, names: list[str]) -> None:
        """Make sure every name has a profile (new players get one when a game starts)."""
        known = {p["name"] for p in self.folder.docs(self.path, "players")}
        missing = [n for n in names if n not in known]
        if not missing:
            return
        with self.folder.writing(), self.folder.db(self.path) as db:
            table = db.table("players")
            for name in missing:
                if not table.contains(Query().name == name):
                    table.insert({"id": new_id(), "name": name, "colour": None, "created_at": now_iso()})

    def add_profiles(self, profiles: Iterable[dict[str, Any]]) -> int:
        """Store player profiles whose names are new (import), keeping their ids unless taken."""
        with self.folder.writing(), self.folder.db(self.path) as db:
            table = db.table("players")
            names = {p["name"] for p in table.all()}
            ids = {p["id"] for p in table.all()}
            added = []
            for profile in clone(list(profiles)):
                if profile["name"] in names:
                    continue
                if profile["id"] in ids:
                    profile["id"] = new_id()
                names.add(profile["name"])
                ids.add(profile["id"])
                added.append(profile)
            if added:
                table.insert_multiple(added)
        return len(added)

    def set_colour(self, name: str, colour: str | None) -> None:
        """Colour: "#rrggbb" or a Flet colour name; None for none. Raises PlayerError."""
        if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
            raise PlayerError("players.error.colour", colour=str(colour))
        with self.folder.writing(), self.folder.db(self.path) as db:
            table = db.table("players")
            if not table.contains(Query().name == name):
                raise PlayerError("players.error.unknown", name=name)
            table.update({"colour": colour}, Query().name == name)

    def rename(self, old: str, new: str) -> int:
        """Rename a player in the profile, every play and every game in progress; returns the plays changed.

        Raises PlayerError: `new` invalid, taken by another profile, or already in a game with `old`.
        """
        problem = name_problem(new)
        if problem is not None:  # the engine's rule for names (scoring.names)
            raise (PlayerError("players.error.invalid", n=MAX_NAME_LENGTH) if problem.code in ("empty", "long")
                   else PlayerError(f"name.error.{problem.code}"))
        with self.folder.writing():
            profiles = {p["name"] for p in self.folder.docs(self.path, "players")}
            if new in profiles or look_alike_key(new) in {look_alike_key(p) for p in profiles if p != old}:
                raise PlayerError("players.error.exists", name=new)
            if old not in profiles:
                raise PlayerError("players.error.unknown", name=old)
            changed = self._replace_player(old, new, PlayerError("players.error.exists", name=new))
            with self.folder.db(self.path) as db:  # last: an interrupted rename can be run again
                db.table("players").update({"name": new}, Query().name == old)
        return changed

    def merge(self, source: str, target: str) -> int:
        """Make `source`'s plays and games in progress `target`'s and delete `source`'s profile; returns the
        plays changed. Raises PlayerError (nothing changed) when both played in one game."""
        if source == target:
            raise PlayerError("players.error.same", name=source)
        with self.folder.writing():
            profiles = {p["name"] for p in self.folder.docs(self.path, "players")}
            for name in (source, target):
                if name not in profiles:
                    raise PlayerError("players.error.unknown", name=name)
            changed = self._replace_player(source, target,
                                           PlayerError("players.error.played_together", source=source, target=target))
            with self.folder.db(self.path) as db:
                db.table("players").remove(Query().name == source)
        return changed

    def _replace_player(self, old: str, new: str, conflict: PlayerError) -> int:
        """Rename `old` to `new` in every play and draft: all checked and prepared first, then written."""
        plan: list[tuple[Path, dict[str, dict[str, Any]]]] = []
        for shard in self.plays.shards.paths():
            if not any(old in s.players for s in self.plays.shards.view(shard).summaries):
                continue
            renamed = {}
            for play in self.folder.docs(shard, "plays"):
                names = players_in(play["sheet"])
                if old in names:
                    if new in names:
                        raise conflict
                    renamed[play["id"]] = _renamed_play(play, old, new)
            plan.append((shard, renamed))
        drafts = [d["id"] for d in self.drafts.all() if old in players_in(d["sheet"])]
        if any(new in players_in(d["sheet"]) for d in self.drafts.all() if d["id"] in drafts):
            raise conflict
        for shard, renamed in plan:
            self.plays.replace(shard, renamed)
        for draft_id in drafts:
            self.drafts.edit(draft_id, lambda doc: _renamed_document(doc, old, new), device="rename")
        return sum(len(renamed) for _, renamed in plan)


def _renamed_document(doc: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A play's or a game in progress's sheet and record with a player renamed (a team game's teams are in both)."""
    out = {**doc, "sheet": rename_player(doc["sheet"], old, new)}
    if "record" in doc:
        out["record"] = renamed_in_record(record_of(doc), {old: new})
    return out


def _renamed_play(play: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    play = _renamed_document(play, old, new)
    sheet = play["sheet"]
    try:
        result = score_sheet(sheet)
    except SheetError:  # a sheet the current rules refuse: keep its result, with the name changed
        return {**clone(play), "sheet": sheet, "result": _renamed_result(play.get("result"), old, new)}
    return {**clone(play), "sheet": sheet, "rules_version": result.rules_version, "result": result.to_json()}


def _renamed_result(result: dict[str, Any] | None, old: str, new: str) -> dict[str, Any] | None:
    if result is None:
        return None

    def name(n: str) -> str:
        return new if n == old else n

    return {
        **clone(result),
        "players": [{**p, "name": name(p["name"])} for p in result["players"]],
        "ranking": [[name(n) for n in group] for group in result["ranking"]],
        "winners": [name(n) for n in result["winners"]],
        "progress": [{name(n): v for n, v in step.items()} for step in result.get("progress", [])],
        "tiebreaks": [{**t, "players": [name(n) for n in t["players"]]} for t in result.get("tiebreaks", [])],
    }
