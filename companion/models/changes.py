"""The change list of a game in progress: every operation of its log, newest first, in the players' words.

The list is read from the game's log (`store.oplog`), so it is the same on every screen and after a restart. Two
edits of one field made at once (the later did not see the earlier: its `was` is not what the earlier put there)
both stay in the list; the one the fold shows is marked as kept, the other as replaced. Lines are ordered by the
operations' stamps, newest first, which every device orders alike.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from scoring import spec_for_sheet
from scoring.errors import SheetError
from scoring.fields import Field
from scoring.spec import GameSpec

from ..store.documents import clone
from ..store.drafts import BASE_DEVICE
from ..store.oplog import ABSENT, Ids, Log, Op, inverse, stamp_of
from ..store.repository import Repository
from .draft import Writer
from .sheet_model import SheetModel

Message = tuple[str, dict[str, Any]]  # a catalog key and its parameters
Part = str | Field | Message  # a name as typed, a field of the game's rules (its name), or catalog words
DOCUMENT_PARTS = {"guide": "live.part.guide", "record": "live.part.record", "tools": "live.part.tools"}
NAMED_LISTS = {"events", "changes", "board", "connections"}  # a sheet's lists besides players and rounds
SCALAR_EDITS = ("set", "del")


@dataclass(frozen=True)
class Concurrent:
    """The other edit of the same field made at the same time, and whether this line's value is the one kept."""

    kept: bool
    other_player: str | None  # the other edit's phone's player; None: a scorekeeper's screen


@dataclass(frozen=True)
class ChangeLine:
    op_id: str
    kind: str  # an operation's kind (set, del, ins, rm, back), or "start": the game as it began
    player: str | None  # the joined phone's player who made it; None: a scorekeeper's screen
    field: tuple[Part, ...]  # where, outermost first
    before: Any  # None where there was nothing
    after: Any
    at: str
    concurrent: Concurrent | None = None

    @property
    def shows_values(self) -> bool:
        return self.kind in SCALAR_EDITS and not isinstance(self.after, dict | list) \
            and not isinstance(self.before, dict | list)


def change_lines(ops: Sequence[Op], log: Log, spec: GameSpec) -> list[ChangeLine]:
    """Every operation as a line, newest first; `log` is the game folded now (it names rounds and players)."""
    document, ids = log.document()
    ordered = sorted(ops, key=stamp_of, reverse=True)
    concurrent = _concurrent_edits(ordered)
    return [_line(op, document, ids, spec, concurrent.get(op["id"])) for op in ordered]


def _line(op: Op, document: dict[str, Any], ids: Ids, spec: GameSpec, concurrent: Concurrent | None) -> ChangeLine:
    if op["dev"] == BASE_DEVICE:
        return ChangeLine(op["id"], "start", None, (), None, None, op.get("at", ""))
    path = op["p"] if op["k"] in SCALAR_EDITS else [*op["p"], {"#": op["i"]}]
    after = op.get("v") if op["k"] == "set" else None
    return ChangeLine(op["id"], op["k"], _player(op), field_words(path, document, ids, spec), op.get("was"),
                      after, op.get("at", ""), concurrent)


def _concurrent_edits(newest_first: list[Op]) -> dict[str, Concurrent]:
    """Edits of one field where the later was made without seeing the earlier, by the operations' ids."""
    by_path: dict[str, list[Op]] = {}
    for op in reversed(newest_first):
        if op["k"] in SCALAR_EDITS and op["dev"] != BASE_DEVICE:
            by_path.setdefault(json.dumps(op["p"], sort_keys=True), []).append(op)
    found: dict[str, Concurrent] = {}
    for edits in by_path.values():
        for earlier, later in pairwise(edits):
            put = earlier["v"] if earlier["k"] == "set" else ABSENT
            if earlier["dev"] != later["dev"] and later.get("was", ABSENT) != put:
                found[later["id"]] = Concurrent(True, _player(earlier))
                found[earlier["id"]] = Concurrent(False, _player(later))
    return found


def _player(op: Op) -> str | None:
    return (op.get("by") or {}).get("player")


def field_words(path: list[Any], document: dict[str, Any], ids: Ids, spec: GameSpec) -> tuple[Part, ...]:
    """The place an operation changed, as the table says it: a player's name, a round's number, a field's name."""
    parts: list[Part] = []
    value: Any = document
    inner: Ids = ids
    names = [p.get("name") for p in document.get("sheet", {}).get("players", []) if isinstance(p, dict)]
    fields = {f.key: f for f in (*spec.player_fields, *spec.game_fields)}
    key: str | None = None
    for depth, part in enumerate(path):
        if isinstance(part, dict):
            entries = inner if isinstance(inner, list) else []
            index = next((i for i, (item_id, _) in enumerate(entries) if item_id == part.get("#")), None)
            if index is None or not isinstance(value, list):
                parts.append(("live.removed_item", {}))
                value, inner = None, None
                continue
            value, inner = value[index], entries[index][1]
            if key == "players" and isinstance(value, dict):
                parts.append(str(value.get("name", "")))
            else:
                parts.append(("sheet.round_n" if key == "rounds" else "live.item_n", {"n": index + 1}))
            continue
        key = part
        followed_by_item = depth + 1 < len(path) and isinstance(path[depth + 1], dict)
        if depth == 0:
            if part in DOCUMENT_PARTS:
                parts.append((DOCUMENT_PARTS[part], {}))
        elif part in fields:
            parts.append(fields[part])
        elif part in names:
            parts.append(part)
        elif part in NAMED_LISTS:
            parts.append((f"live.list.{part}", {}))
        elif not (followed_by_item and part in ("players", "rounds")):
            parts.append(("live.item_key", {"key": part}))
        value = value.get(part) if isinstance(value, dict) else None
        inner = inner.get(part) if isinstance(inner, dict) else None
    return tuple(parts)


@dataclass(frozen=True)
class Refused:
    """Why a line was not taken back: a catalog key and its parameters, or the sheet's own error."""

    key: str
    params: dict[str, Any]
    error: SheetError | None = None


def take_back(repo: Repository, draft_id: str, op_id: str, writer: Writer) -> Refused | None:
    """Take back one operation of the game (made on any screen) with its inverse, as an operation of `writer`;
    None when done. Refused when the value has changed since (that later work stays), or when the sheet it
    would leave cannot be stored. May raise the store's errors (StorageError, GameFinished, KeyError)."""
    stored = repo.draft_log(draft_id)
    op = next((o for o in repo.draft_ops(draft_id) if o["id"] == op_id), None)
    if stored is None or op is None:
        return Refused("live.undo_stale", {})
    log = Log.from_json(stored.to_json())
    writer.saw(log.clock)
    back = inverse(log.root, op, writer.make)
    if back is None:
        return Refused("live.undo_stale", {})
    log.add([back])
    document, _ = log.document()
    sheet = clone(document.get("sheet", {}))
    evaluation = SheetModel(spec_for_sheet(sheet), sheet).evaluation
    if not evaluation.saveable:
        assert evaluation.error is not None
        return Refused("", {}, evaluation.error)
    repo.append_ops(draft_id, [back])
    return None

