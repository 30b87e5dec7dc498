"""Taps and keystrokes to score a game the app does not know, from Home to its result: `python -m bench.quick_taps`.

The same 4-player game of 3 rounds (`ROUNDS`) is scored three ways, each driven through the real app in-process
(the UI tests' harness) and checked against the stored result, so a count is what the screens took:

- define, then play: Define a new game (its name, one category, per round), then the new-game form and a round
  at a time on the sheet: the only way before the quick sheet;
- define a counter game, then play: the same, with Counters instead of Per round, each score typed into a count;
- quick sheet: Home's Quick sheet, the players, each score typed into the player's count.

A tap is a click, a tap into a field (not one the app put the focus on: after Enter in a count's field, the next
player's; after Add round, the round's first) or a pick from a segmented button; a key is a character typed, and
the Enter that adds a typed amount. The players' names are typed (4 rows: 2 at first, "Add player" twice).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from flet.messaging.protocol import MessageAction

from companion.app import Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store.repository import Repository
from tests.ui.harness import Harness

PLAYERS = ["Ana", "Bo", "Chae", "Dev"]
ROUNDS = [[12, 7, 15, 9], [8, 14, 6, 11], [10, 9, 13, 7]]
TOTALS = {name: sum(r[i] for r in ROUNDS) for i, name in enumerate(PLAYERS)}


@dataclass
class Count:
    taps: int = 0
    keys: int = 0


class Counting:
    """The harness's taps and typing, counted."""

    def __init__(self, ui: Harness) -> None:
        self.ui = ui
        self.count = Count()

    def click(self, identifier: str) -> None:
        self.count.taps += 1
        self.ui.click(identifier)

    def type(self, identifier: str, text: str) -> None:
        """A tap into the field (none when the app put the focus there), then the text."""
        self.count.taps += 0 if self._focused(identifier) else 1
        self.count.keys += len(text)
        self.ui.type(identifier, text)

    def _focused(self, identifier: str) -> bool:
        calls = [m.body for m in self.ui.sent_of(MessageAction.INVOKE_METHOD) if m.body.name == "focus"]
        return bool(calls) and calls[-1].control_id == self.ui.control(identifier)._i

    def enter(self, identifier: str) -> None:
        self.count.keys += 1
        self.ui.submit(identifier)

    def pick(self, identifier: str, value: str) -> None:
        self.count.taps += 1
        self.ui.choose(identifier, value)


def players(c: Counting) -> None:
    for i, name in enumerate(PLAYERS):
        if i >= 2:
            c.click("new.add_player")
        c.type(f"new.player.{i}", name)
    c.click("new.start")


def define(c: Counting, sheet: str) -> None:
    c.click("home.define_game")
    c.type("custom.name", "Azul")
    c.type("custom.category.0.name", "Points")
    c.pick("custom.scoring", sheet)
    c.click("custom.save")


def counters(c: Counting, key: str) -> None:
    for scores in ROUNDS:
        for seat, score in enumerate(scores):
            c.type(f"counter.{seat}.{key}.amount", str(score))
            c.enter(f"counter.{seat}.{key}.amount")


def define_then_play(c: Counting) -> None:
    define(c, "rounds")
    players(c)
    for r, scores in enumerate(ROUNDS):
        c.click("sheet.add_round")
        for name, score in zip(PLAYERS, scores, strict=True):
            c.type(f"rounds[{r}].{name}", str(score))
    c.click("sheet.finish")


def define_counter_then_play(c: Counting) -> None:
    define(c, "counter")
    players(c)
    counters(c, "c1")
    c.click("sheet.finish")


def quick_sheet(c: Counting) -> None:
    c.click("home.quick")
    players(c)
    counters(c, "points")
    c.click("sheet.finish")


WAYS: dict[str, Callable[[Counting], None]] = {
    "define, then play (per round)": define_then_play,
    "define a counter game, then play": define_counter_then_play,
    "quick sheet": quick_sheet,
}


def measure(way: Callable[[Counting], None]) -> Count:
    with tempfile.TemporaryDirectory() as folder:
        services = Services(Repository.open(Path(folder)), Downloads())
        ui = Harness(make_main(services))
        try:
            counting = Counting(ui)
            way(counting)
            assert ui.view.route.startswith("/result/"), ui.view.route
            play = next(services.repo.plays_newest_first())
            assert {p["name"]: p["total"] for p in play["result"]["players"]} == TOTALS
        finally:
            ui.close()
        return counting.count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = {name: measure(way) for name, way in WAYS.items()}
    if args.json:
        print(json.dumps({name: count.__dict__ for name, count in rows.items()}, indent=1))
        return
    print(f"{'4 players, 3 rounds, from Home to the result':<44}{'taps':>6}{'keys':>6}")
    for name, count in rows.items():
        print(f"{name:<44}{count.taps:>6}{count.keys:>6}")


if __name__ == "__main__":
    main()
