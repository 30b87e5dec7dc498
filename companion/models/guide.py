"""Guided play: the game's prompts as four steps (setup, play, end, scoring) and where the table is now.

The words are the game spec's prompts; this module only orders them and reads the engine's result to
say what happens now (whose turn, which round, whether the end has been reached).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring import GameSpec, Result, SheetError, Words

STEPS = ("setup", "play", "end", "score")
PHASES = {"setup": ("setup",), "play": ("round", "turn"), "end": ("end",), "score": ("scoring",)}


@dataclass(frozen=True)
class Now:
    """What the table does now: a catalog key with its values, which may hold the engine's words (the view
    translates both)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Guide:
    spec: GameSpec
    options: Mapping[str, Any]
    names: list[str]
    step: str = "setup"
    setup_done: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.step not in self.steps:  # a step this game has no prompts for (setup without a note), or no step
            self.step = self.steps[0]

    @classmethod
    def restore(cls, spec: GameSpec, sheet: Mapping[str, Any], state: Mapping[str, Any]) -> Guide:
        names = [p["name"] for p in sheet["players"]]
        return cls(spec, sheet.get("options", {}), names, state.get("step", "setup"), set(state.get("setup_done", [])))

    @property
    def steps(self) -> tuple[str, ...]:
        """The steps this table has prompts for, in order: a game of one's own has no play or end prompts, and a
        setup only when its definition has a note (every game has its scoring)."""
        return tuple(step for step in STEPS if self.prompts(step))

    def state(self) -> dict[str, Any]:
        return {"step": self.step, "setup_done": sorted(self.setup_done)}

    def prompts(self, step: str) -> list[Words]:
        """The prompts of a step in the spec's order, with this table's numbers filled in."""
        values = self.spec.setup(self.options, len(self.names))
        return [p.text.format(**values) for p in self.spec.prompts
                if p.phase in PHASES[step] and p.applies(self.options, len(self.names))]

    def toggle(self, index: int) -> None:
        self.setup_done ^= {index}

    @property
    def setup_complete(self) -> bool:
        return len(self.setup_done) >= len(self.prompts("setup"))

    def go(self, step: str) -> None:
        if step in self.steps:
            self.step = step

    def next(self) -> None:
        steps = self.steps
        self.go(steps[min(steps.index(self.step) + 1, len(steps) - 1)])

    def back(self) -> None:
        steps = self.steps
        self.go(steps[max(steps.index(self.step) - 1, 0)])


def now(spec: GameSpec, sheet: Mapping[str, Any], result: Result | None,
        pending: Sequence[SheetError] = ()) -> list[Now]:
    """Where the game stands, from the sheet and the engine's result (which is finished only when the sheet
    is complete: see `scoring.assess_sheet`) and what it waits for (`pending`)."""
    names = [p["name"] for p in sheet["players"]]
    if result is not None and result.finished:
        # a game without rounds on its sheet (Patchwork, Ticket to Ride) ends when every score is in
        reason = "complete" if result.end_reason == "rounds" and spec.rounds_kind is None else result.end_reason
        lines = [Now(f"guide.end.{reason}", {"names": ", ".join(result.winners)})]
        return lines if result.end_reason == "table" else [*lines, Now("guide.now.finish")]
    tie = next((error for error in pending if error.code == "tie"), None)
    if tie is not None:  # asked for once every other entry is made: the game is over but for who won
        return [Now("guide.now.tie", {"tie": tie.text})]
    if spec.event is not None:
        events = sheet.get("events", [])
        lines = [Now("guide.now.turn", {"round": len(events) // len(names) + 1,
                                        "player": names[len(events) % len(names)]})]
        trigger = result.extras.get("trigger_player") if result is not None else None
        if trigger:
            lines.append(Now("guide.now.final_round", {"player": trigger}))
        return lines
    if spec.round_entry is not None:
        rounds = spec.round_range[1]
        played = len([r for r in sheet.get("rounds", []) if isinstance(r, dict) and all(n in r for n in names)])
        if played >= rounds:  # every round is in, but the sheet is not complete yet (else it would be over)
            return [Now("guide.now.rounds_entered", {"rounds": rounds})]
        return [Now("guide.now.round", {"round": played + 1, "rounds": rounds})]
    return [Now("guide.now.play_then_enter")]
