"""What a BG Stats file holds that the app does not model, kept as the file has it (`bgstats.json`), so that
the next BG Stats export writes it back: every player, game and place with its uuid and everything BG Stats
knows of it (BoardGameGeek usernames, boxes, copies, expansions, games never played), the plays that do not
come into the history (marked "ignore", of a game not here, ...), the other sections (tags, groups,
challenges, deleted objects, userInfo) and who "me" is. A play of the history keeps its own part with itself
(its `bgstats` member, see bgstats_plan).

Each kept player, game and place says what it is here: the profile (by id, so that a rename keeps it) and the
name it came in as, the game, the place's name. A later file's entry with the same uuid replaces the earlier
one; sections whose elements have uuids are merged by them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .atomic import CorruptFileError, read_tables
from .bgstats_read import limits_problem
from .repository import BACKUPS, Repository, clone

FILE = "bgstats.json"
TABLE = "kept"
KINDS = ("players", "games", "locations", "plays")


@dataclass
class Kept:
    players: dict[str, dict[str, Any]] = field(default_factory=dict)  # uuid -> {object, name, profile}
    games: dict[str, dict[str, Any]] = field(default_factory=dict)  # uuid -> {object, game}
    locations: dict[str, dict[str, Any]] = field(default_factory=dict)  # uuid -> {object, name}
    plays: dict[str, dict[str, Any]] = field(default_factory=dict)  # uuid -> a play not in the history
    sections: dict[str, Any] = field(default_factory=dict)  # tags, groups, challenges, userInfo, ...
    me: str | None = None  # the uuid of the player whose history it is

    def to_json(self) -> dict[str, Any]:
        return {**{kind: getattr(self, kind) for kind in KINDS}, "sections": self.sections, "me": self.me}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Kept:
        return cls(*(dict(doc.get(kind) or {}) for kind in (*KINDS, "sections")), doc.get("me"))

    def merged(self, newer: Kept) -> Kept:
        sections = dict(self.sections)
        for key, value in newer.sections.items():
            sections[key] = _merged_section(sections.get(key), value)
        return Kept(*({**getattr(self, kind), **getattr(newer, kind)} for kind in KINDS), sections,
                    newer.me or self.me)


def _merged_section(older: Any, newer: Any) -> Any:
    """Elements with uuids merged by them (the newer replaces the same uuid); anything else: the newer."""
    def uuids(value: Any) -> list[str] | None:
        if not isinstance(value, list) or not all(isinstance(e, dict) and isinstance(e.get("uuid"), str)
                                                  for e in value):
            return None
        return [e["uuid"] for e in value]

    if uuids(older) is None or uuids(newer) is None:
        return newer
    merged = {e["uuid"]: e for e in older}
    merged.update((e["uuid"], e) for e in newer)
    return list(merged.values())


class KeptStore:
    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self.folder = repo.folder
        self.path = repo.data_dir / FILE

    def read(self) -> Kept:
        try:
            tables = read_tables(self.path)
        except (CorruptFileError, OSError) as error:
            with self.folder.writing():
                if self.path.exists():
                    self.repo.issues.append(self.folder.move_aside(self.path, getattr(error, "reason", None)
                                                                   or str(error)))
            return Kept()
        docs = list((tables or {}).get(TABLE, {}).values())
        return Kept.from_json(clone(docs[0])) if docs else Kept()

    def add(self, kept: Kept) -> None:
        """Keep what `kept` holds with what is kept already (one write)."""
        with self.folder.writing():
            current = self.read()
            merged = current.merged(kept)
            if merged == current:  # the same file again: nothing written
                return
            with self.folder.db(self.path, BACKUPS) as db:
                table = db.table(TABLE)
                table.truncate()
                table.insert(merged.to_json())


def kept_fault(doc: Any) -> str | None:
    """Where what a backup holds of BG Stats (`Kept.to_json`) is not what is kept here, or None. Each entry is held
    to the BG Stats import's limits."""
    if not isinstance(doc, dict):
        return ""
    for kind in KINDS:
        entries = doc.get(kind, {})
        if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
            return kind
        shape = _play_shape if kind == "plays" else _entry_shape
        bad = next((key for key, e in entries.items() if not shape(e) or limits_problem(e, escapes=True)), None)
        if bad is not None:
            return f"{kind}.{bad}"
    sections = doc.get("sections", {})
    if not isinstance(sections, dict):
        return "sections"
    for key, value in sections.items():
        if any(limits_problem(part, escapes=True) for part in (value if isinstance(value, list) else [value])):
            return f"sections.{key}"
    return "me" if doc.get("me") is not None and not isinstance(doc["me"], str) else None


def _entry_shape(entry: dict[str, Any]) -> bool:
    return isinstance(entry.get("object"), dict)


def _play_shape(entry: dict[str, Any]) -> bool:
    scores, players = entry.get("scores"), entry.get("players")
    return (isinstance(entry.get("play"), dict) and isinstance(scores, list) and isinstance(players, list)
            and len(scores) == len(players) and all(isinstance(s, dict) for s in scores))
