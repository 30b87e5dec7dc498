"""A quick sheet being set up: the game's name (if any), the counter's steps and who wins. Plain Python.

A quick game is a game of one's own defined on the fly: one counter (its category), the steps as buttons, the
players from the new-game form. Its definition is stored as a quick game when it starts (see
store.definitions), so that its plays have a game and a name in the history, and it can be saved as a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.custom import LIMIT, MAX_PLAYERS, MAX_STEPS
from scoring.messages import DEFAULT_LANGUAGE

from .new_game import Problem

DEFAULT_STEPS = (1, 5, -1)
CATEGORY = "points"


def parse_amount(text: str) -> int | None:
    """A typed amount: '12', '+12', '-3', '−3'; None for anything else."""
    try:
        return int(text.strip().replace("−", "-").replace(" ", ""))
    except ValueError:
        return None


@dataclass
class QuickForm:
    name: str = ""
    steps: list[int] = field(default_factory=lambda: list(DEFAULT_STEPS))
    win: str = "highest"

    @property
    def can_add_step(self) -> bool:
        return len(self.steps) < MAX_STEPS

    def add_step(self, amount: int | None) -> Problem | None:
        """Add a step button; the problem (a catalog key) when it cannot be one."""
        if not amount:
            return Problem("counter.error.amount")
        if amount in self.steps:
            return Problem("quick.error.step_twice")
        if not self.can_add_step:
            return Problem("quick.error.steps_full", params={"n": MAX_STEPS})
        if abs(amount) > LIMIT:
            return Problem("quick.error.step_large", params={"n": LIMIT})
        self.steps.append(amount)
        return None

    def remove_step(self, index: int) -> None:
        if len(self.steps) > 1:
            del self.steps[index]

    def definition(self, game_id: str, unnamed: Mapping[str, str], points: Mapping[str, str]) -> dict[str, Any]:
        """The quick game's definition: its name (`unnamed`, by language, when none was typed), any number of
        players, one counter (`points`, by language) with these steps, from -LIMIT to LIMIT."""
        name = " ".join(self.name.split())
        d: dict[str, Any] = {
            "id": game_id, "name": name or unnamed[DEFAULT_LANGUAGE], "players": {"min": 1, "max": MAX_PLAYERS},
            "scoring": "counter", "win": self.win,
            "categories": [{"key": CATEGORY, "name": points[DEFAULT_LANGUAGE], "names": dict(points),
                            "min": -LIMIT, "max": LIMIT, "steps": list(self.steps)}]}
        if not name:
            d["names"] = dict(unnamed)
        return d
