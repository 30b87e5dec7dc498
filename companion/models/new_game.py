"""Setting up a game: who plays, in which seat order, with which options. Plain Python."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring import GameSpec
from scoring.names import clean_name, name_problems

# the engine's name rule -> the catalog key shown next to the field
NAME_MESSAGES = {"empty": "new.error.name_empty", "long": "new.error.name_long", "twice": "new.error.name_twice",
                 "control": "name.error.control", "bidi": "name.error.bidi", "invisible": "name.error.invisible",
                 "looks_same": "name.error.looks_same"}


@dataclass(frozen=True)
class Problem:
    """Something that stops the game from starting; `key` is a catalog key, `index` a player row."""

    key: str
    index: int | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class NewGameForm:
    spec: GameSpec
    players: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.options = {**self.spec.default_options(), **self.options}
        while len(self.players) < self.spec.min_players:
            self.players.append("")

    @property
    def can_add(self) -> bool:
        return len(self.players) < self.spec.max_players

    @property
    def can_remove(self) -> bool:
        return len(self.players) > self.spec.min_players

    def add(self, name: str = "") -> None:
        if not self.can_add:
            return
        empty = next((i for i, n in enumerate(self.players) if not n.strip()), None)
        if name and empty is not None:
            self.players[empty] = name
        else:
            self.players.append(name)

    def remove(self, index: int) -> None:
        if self.can_remove:
            del self.players[index]

    def rename(self, index: int, name: str) -> None:
        self.players[index] = name

    def move(self, index: int, delta: int) -> None:
        target = index + delta
        if 0 <= target < len(self.players):
            self.players[index], self.players[target] = self.players[target], self.players[index]

    def random_first_player(self, rng: random.Random | None = None) -> str:
        """Pick a first player at random; everyone keeps their neighbours (the seats rotate)."""
        first = (rng or random).randrange(len(self.players))
        self.players = self.players[first:] + self.players[:first]
        return self.players[0]

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value

    def problems(self) -> list[Problem]:
        return [Problem(NAME_MESSAGES[p.code], p.index, p.params) for p in name_problems(self.names())]

    def names(self) -> list[str]:
        return [clean_name(n) for n in self.players]

    def sheet(self) -> dict[str, Any]:
        """An empty sheet for these players (seat order) and options; a custom game's carries its definition."""
        sheet = {"game": self.spec.id, "options": dict(self.options), "players": [{"name": n} for n in self.names()]}
        if self.spec.definition is not None:
            sheet["definition"] = copy.deepcopy(dict(self.spec.definition))
        return sheet


RECENT_PLAYS = 100  # the plays whose players come first among the known ones


def usual_players_first(known: Sequence[str], recent_tables: Iterable[Sequence[str]]) -> list[str]:
    """The known players, those who sat at the most of the recent tables first (the usual group), then the rest
    by name: a history imported from another app brings dozens of names, and alphabetically the usual group came
    last."""
    seats = Counter(name for table in recent_tables for name in set(table))
    return sorted(known, key=lambda name: (-seats[name], name.casefold()))
