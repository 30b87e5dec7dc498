"""A score sheet being filled in: every entry as typed, saved at once, judged live, with undo.

Plain Python, no Flet: the sheet view renders it and forwards edits; tests drive it directly.
Nothing a player types is lost: every edit is saved, valid or not. The engine's judgement of the sheet
(`scoring.assess_sheet`) is what the screen shows next to the fields, and only finishing needs a sheet
that is complete and keeps every rule. Typing into one field is one edit for undo, however many keys.
The model's store (a game in progress: `DraftSession`) turns each change into operations and takes back the
screen's own last edit.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from scoring import GameSpec, Result, SheetError, assess_sheet

from .paths import Path, get_in, parse, set_in


class SheetStore(Protocol):
    def save_sheet(self, sheet: dict[str, Any], same_edit: bool) -> None:
        """The sheet as the screen now has it; `same_edit`: one more keystroke of the field being typed."""

    def undo_sheet(self) -> dict[str, Any] | None:
        """The sheet after taking back the screen's last edit; None when there is none."""

    @property
    def can_undo(self) -> bool: ...


@dataclass(frozen=True)
class Evaluation:
    """What the engine makes of the sheet so far (paths as tuples; see `scoring.Assessment`)."""

    result: Result | None
    errors: tuple[SheetError, ...] = ()
    pending: tuple[SheetError, ...] = ()
    missing: tuple[Path, ...] = ()
    at_fault: frozenset[str] = field(default_factory=frozenset)

    @property
    def complete(self) -> bool:
        """Everything is entered and keeps the rules: the game can be finished."""
        return self.result is not None and not (self.errors or self.pending or self.missing)

    @property
    def saveable(self) -> bool:
        """Nothing entered breaks a rule (some things may still be missing)."""
        return not self.errors

    @property
    def error(self) -> SheetError | None:
        return self.errors[0] if self.errors else None

    @property
    def error_path(self) -> Path | None:
        return parse(self.error.path) if self.error is not None else None

    def totals(self) -> dict[str, int]:
        """Totals so far of every player whose own entries are all made and keep the rules.

        A player still missing an entry of their own has no total yet: a stand-in for it (no station used,
        no empty space) would score points nobody entered; so does a player whose part of a round is not
        entered yet. Rounds still being entered are left out of the others' totals.
        """
        if self.result is None:
            return {}
        unentered = {path[1] for path in self.missing if len(path) > 1 and path[0] == "players"}
        names = {p.name for p in self.result.players}
        unentered |= {path[2] for path in self.missing if len(path) > 2 and path[0] == "rounds" and path[2] in names}
        return {p.name: p.total for seat, p in enumerate(self.result.players)
                if p.name not in self.at_fault and seat not in unentered and p.name not in unentered}


class UnsavedSheet:
    """A sheet edited on screen only (a finished play opened again): undo steps back through its own edits."""

    def __init__(self, sheet: dict[str, Any]) -> None:
        self.steps = [copy.deepcopy(sheet)]

    def save_sheet(self, sheet: dict[str, Any], same_edit: bool) -> None:
        if same_edit and len(self.steps) > 1:
            self.steps[-1] = copy.deepcopy(sheet)
        else:
            self.steps.append(copy.deepcopy(sheet))

    def undo_sheet(self) -> dict[str, Any] | None:
        if len(self.steps) < 2:
            return None
        self.steps.pop()
        return copy.deepcopy(self.steps[-1])

    @property
    def can_undo(self) -> bool:
        return len(self.steps) > 1


def evaluate(sheet: dict[str, Any]) -> Evaluation:
    judged = assess_sheet(sheet)
    return Evaluation(judged.result, judged.errors, judged.pending, tuple(parse(p) for p in judged.missing),
                      judged.at_fault)


class SheetModel:
    def __init__(self, spec: GameSpec, sheet: dict[str, Any], store: SheetStore | None = None) -> None:
        self.spec = spec
        self.working = copy.deepcopy(sheet)
        self.store = store
        self.typing: Path | None = None  # the field being typed into: its keystrokes are one edit
        self.evaluation = evaluate(self.working)

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.working["players"]]

    def value(self, path: Path, default: Any = None) -> Any:
        return get_in(self.working, path, default)

    # ---- edits: each is saved at once ------------------------------------------------------------

    def set(self, path: Path, value: Any, typing: bool = False) -> Evaluation:
        """Set a value (None: not entered). `typing`: one more keystroke in the field, the same edit for undo."""
        return self._apply(lambda sheet: set_in(sheet, path, value), path if typing else None)

    def append(self, path: Path, item: Any) -> Evaluation:
        return self._apply(lambda sheet: set_in(sheet, path, [*(get_in(sheet, path, []) or []), item]))

    def remove_at(self, path: Path, index: int) -> Evaluation:
        def remove(sheet: dict[str, Any]) -> None:
            items = list(get_in(sheet, path, []) or [])
            del items[index]
            set_in(sheet, path, items)
        return self._apply(remove)

    def commit(self) -> None:
        """The field being typed into is left: the next keystroke anywhere starts a new edit."""
        self.typing = None

    def attempt(self, change: Callable[[dict[str, Any]], None]) -> Evaluation:
        """Apply a calculator's change (a turn, a round's cheques) only if it breaks no rule of its own.

        Unlike typing into a field, a refused change is taken back at once (what was typed stays in the
        calculator). Returns the evaluation with only the errors this change brought in: none when accepted.
        """
        before = {(e.path, e.message) for e in self.evaluation.errors}
        trial = copy.deepcopy(self.working)
        change(trial)
        evaluation = evaluate(trial)
        new = tuple(e for e in evaluation.errors if (e.path, e.message) not in before)
        if not new:
            self._apply(change)
        return Evaluation(evaluation.result, new, evaluation.pending, evaluation.missing, evaluation.at_fault)

    def add_round(self) -> Evaluation:
        """A new round starts with nothing entered (never zeros that would score unnoticed)."""
        return self.append(("rounds",), {})

    def can_add_round(self) -> bool:
        return self.spec.round_entry is not None and len(self.working.get("rounds", [])) < self.spec.round_range[1]

    @property
    def can_undo(self) -> bool:
        return self.store is not None and self.store.can_undo

    def undo(self) -> bool:
        """Take back this screen's last edit (another screen's entries stay)."""
        self.typing = None
        sheet = self.store.undo_sheet() if self.store is not None else None
        if sheet is None:
            return False
        self.working = copy.deepcopy(sheet)
        self.evaluation = evaluate(self.working)
        return True

    def _apply(self, change: Callable[[dict[str, Any]], None], typing: Path | None = None) -> Evaluation:
        before = copy.deepcopy(self.working)
        change(self.working)
        if self.working != before:
            same_edit = typing is not None and typing == self.typing
            self.typing = typing
            self.evaluation = evaluate(self.working)
            if self.store is not None:
                self.store.save_sheet(self.working, same_edit)
        return self.evaluation

    def sheet(self) -> dict[str, Any]:
        """The sheet as entered, exactly what `python -m scoring score` takes."""
        return copy.deepcopy(self.working)
