"""A score sheet being filled in: values as typed, live scoring, what is missing, what may be saved, undo.

Plain Python, no Flet: the sheet view renders it and forwards edits; tests drive it directly.
An edit that the rules refuse stays on screen with its error but is never saved; an edit that leaves
only required fields still empty is saved (the game is in progress) and scored with those fields empty.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scoring import GameSpec, Result, SheetError, score_sheet
from scoring.fields import Bool, Choice, Field, Int, Kind, ListOf, PerPlayer, PlayerRef, Record, Str, Variants

from .paths import Path, get_in, parse, set_in

UNDO_DEPTH = 30


def empty_value(kind: Kind, names: list[str]) -> Any:
    """A fresh value for a new list item, round or event: empty counts, first choice."""
    if isinstance(kind, Int):
        empty = kind.empty()
        return kind.min if empty is None else empty
    if isinstance(kind, Bool):
        return False
    if isinstance(kind, Choice):
        return kind.allowed[0]
    if isinstance(kind, PlayerRef):
        return names[0] if names else ""
    if isinstance(kind, Str):
        return ""
    if isinstance(kind, ListOf):
        return [empty_value(kind.item, names) for _ in range(kind.min_len)]
    if isinstance(kind, Record):
        return {f.key: empty_value(f.kind, names) for f in kind.fields if f.required}
    if isinstance(kind, PerPlayer):
        return {name: empty_value(kind.item, names) for name in names}
    if isinstance(kind, Variants):
        return empty_value(kind.variants[0][1], names)
    raise TypeError(kind)


@dataclass
class Evaluation:
    result: Result | None
    error: SheetError | None
    missing: list[Path] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.error is None and not self.missing and self.result is not None

    @property
    def saveable(self) -> bool:
        """Nothing entered breaks a rule (some things may still be missing)."""
        return self.error is None or self.error.code == "required"

    @property
    def error_path(self) -> Path | None:
        return parse(self.error.path) if self.error is not None else None

    def totals(self) -> dict[str, int]:
        return {p.name: p.total for p in self.result.players} if self.result else {}


class SheetModel:
    def __init__(self, spec: GameSpec, sheet: dict[str, Any], undo: list[dict[str, Any]] | None = None,
                 on_save: Callable[[dict[str, Any], list[dict[str, Any]]], None] | None = None) -> None:
        self.spec = spec
        self.working = copy.deepcopy(sheet)
        self.saved = copy.deepcopy(sheet)
        self.undo_stack = list(undo or [])
        self.on_save = on_save
        self.evaluation = self.evaluate()

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.working["players"]]

    def value(self, path: Path, default: Any = None) -> Any:
        return get_in(self.working, path, default)

    # ---- edits ---------------------------------------------------------------------------------

    def set(self, path: Path, value: Any) -> Evaluation:
        set_in(self.working, path, value)
        return self._after_edit()

    def append(self, path: Path, item: Any) -> Evaluation:
        items = list(get_in(self.working, path, []) or [])
        items.append(item)
        set_in(self.working, path, items)
        return self._after_edit()

    def remove_at(self, path: Path, index: int) -> Evaluation:
        items = list(get_in(self.working, path, []) or [])
        del items[index]
        set_in(self.working, path, items)
        return self._after_edit()

    def attempt(self, change: Callable[[dict[str, Any]], None]) -> Evaluation:
        """Apply a calculator's change (a turn, a round's cheques) only if the rules accept it.

        Unlike typing into a field, a refused change is taken back at once; the evaluation says why.
        """
        before = copy.deepcopy(self.working)
        change(self.working)
        evaluation = self._after_edit()
        if not evaluation.saveable:
            self.working = before
            self.evaluation = self.evaluate()
        return evaluation

    def add_round(self) -> Evaluation:
        assert self.spec.round_entry is not None
        return self.append(("rounds",), empty_value(PerPlayer(self.spec.round_entry), self.names))

    def can_add_round(self) -> bool:
        return self.spec.round_entry is not None and len(self.working.get("rounds", [])) < self.spec.round_range[1]

    def undo(self) -> bool:
        """Back to the state before the last saved edit; invalid edits on screen are dropped too."""
        if not self.undo_stack:
            if self.working == self.saved:
                return False
            self.working = copy.deepcopy(self.saved)
        else:
            self.saved = self.undo_stack.pop()
            self.working = copy.deepcopy(self.saved)
            self._persist()
        self.evaluation = self.evaluate()
        return True

    def _after_edit(self) -> Evaluation:
        self.evaluation = self.evaluate()
        if self.evaluation.saveable and self.working != self.saved:
            self.undo_stack = [*self.undo_stack, self.saved][-UNDO_DEPTH:]
            self.saved = copy.deepcopy(self.working)
            self._persist()
        return self.evaluation

    def _persist(self) -> None:
        if self.on_save is not None:
            self.on_save(copy.deepcopy(self.saved), list(self.undo_stack))

    # ---- scoring -------------------------------------------------------------------------------

    def missing(self) -> list[Path]:
        """Required fields nobody has entered yet (a forgotten field must not score silently)."""
        gaps: list[Path] = []
        for i, player in enumerate(self.working["players"]):
            gaps += [("players", i, f.key) for f in self.spec.player_fields
                     if f.needed_in(player) and player.get(f.key) is None]
        gaps += [(f.key,) for f in self.spec.game_fields if f.required and self.working.get(f.key) is None]
        return gaps

    def evaluate(self) -> Evaluation:
        gaps = self.missing()
        preview = copy.deepcopy(self.working)
        for path in gaps:
            set_in(preview, path, empty_value(self._field_at(path).kind, self.names))
        try:
            return Evaluation(score_sheet(preview), None, gaps)
        except SheetError as error:
            return Evaluation(None, error, gaps)

    def _field_at(self, path: Path) -> Field:
        fields = self.spec.player_fields if path[0] == "players" else self.spec.game_fields
        return next(f for f in fields if f.key == path[-1])

    def sheet(self) -> dict[str, Any]:
        """The saved sheet, exactly what `python -m scoring score` takes."""
        return copy.deepcopy(self.saved)
