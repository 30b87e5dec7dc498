"""Taps and keystrokes to enter a whole game on the score sheet: `python -m bench.taps [--json]`.

Each game's example (docs/examples/<game>.json) is entered twice: item by item as the example holds it, and
by the game's fast path (the same game as totals, `FAST` below). The count follows what the sheet draws:

- a number: 1 tap on the field and its digits (a "-" counts as a keystroke); 1 or 2 are tapped on "+"
  instead (1 or 2 taps); a number left at its empty value costs nothing;
- a switch turned on: 1 tap; a choice: 2 taps (open the menu, pick); a toggle chip: 1 tap;
- a number added to a list: 1 tap on the entry, its digits, 1 tap on "add";
- a group added to a list (a round, a connection): 1 tap on "add", then its fields;
- moving to the next player: 1 tap; a new round: 1 tap on "add round";
- Ticket to Ride, a ticket found by its city: 1 tap on the search, 4 letters, 1 tap on the ticket, 1 more
  tap to mark it unfinished;
- Piña Coladice: 1 tap on a coaster (or "pass") per turn; Piraten Kapern: a turn with dice is the fortune
  card (2 taps), 8 faces (8 taps) and "record" (1 tap); a turn given as points is the points and "add".

Setting up (the new-game form, the Piña coaster layout) is not counted: it is the same for both ways.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoring import get_spec, score_sheet
from scoring.fields import Bool, Choice, Field, Int, Kind, ListOf, PerPlayer, PlayerRef, Record, Str
from scoring.games.trails_of_tucana import sight_score

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
Sheet = dict[str, Any]


@dataclass
class Count:
    taps: int = 0
    keys: int = 0

    def add(self, taps: int = 0, keys: int = 0) -> None:
        self.taps += taps
        self.keys += keys

    def __str__(self) -> str:
        return f"{self.taps} taps + {self.keys} keys"


def enter_number(count: Count, value: int, empty: Any) -> None:
    if value == empty or value is None:
        return
    if 1 <= value <= 2:
        count.add(taps=value)
    else:
        count.add(taps=1, keys=len(str(value)))


def enter(count: Count, kind: Kind, value: Any, empty: Any = None) -> None:
    """The taps and keys the generic sheet's editor for `kind` takes to hold `value`."""
    if isinstance(kind, Int):
        enter_number(count, value, empty)
    elif isinstance(kind, Bool):
        count.add(taps=1 if value else 0)
    elif isinstance(kind, (Choice, PlayerRef)):
        count.add(taps=0 if value in (None, empty) else 2)
    elif isinstance(kind, Str):
        count.add(taps=1 if value else 0, keys=len(value or ""))
    elif isinstance(kind, ListOf) and isinstance(kind.item, Choice):
        count.add(taps=len(value or []))
    elif isinstance(kind, ListOf) and isinstance(kind.item, Int):
        for item in value or []:
            count.add(taps=2, keys=len(str(item)))
    elif isinstance(kind, ListOf):
        for item in value or []:
            count.add(taps=1)
            enter(count, kind.item, item)
    elif isinstance(kind, Record):
        enter_fields(count, kind.fields, value or {})
    elif isinstance(kind, PerPlayer):
        for item in (value or {}).values():
            enter(count, kind.item, item)


def enter_fields(count: Count, fields: tuple[Field, ...], values: dict[str, Any]) -> None:
    for field in fields:
        if field.key in values:
            enter(count, field.kind, values[field.key], field.missing_value())


def ticket_by_city(count: Count, ticket: dict[str, Any]) -> None:
    if ticket.get("from"):
        count.add(taps=2 + (not ticket["completed"]), keys=4)
    else:  # by points: the generic list editor
        count.add(taps=1)
        enter_number(count, ticket["points"], None)
        count.add(taps=1 if ticket["completed"] else 0)


def piraten_turn(count: Count, event: dict[str, Any]) -> None:
    if "points" in event:
        count.add(taps=2, keys=len(str(event["points"])))
    else:
        count.add(taps=2 + 8 + 1)


SPECIAL_PLAYER_FIELDS: dict[str, dict[str, Callable[[Count, Any], None]]] = {
    "ticket-to-ride-europe": {"tickets": lambda count, tickets: [ticket_by_city(count, t) for t in tickets or []]},
}
EVENT_COST: dict[str, Callable[[Count, dict[str, Any]], None]] = {
    "pina-coladice": lambda count, event: count.add(taps=1),
    "piraten-kapern": piraten_turn,
}


def count_entry(sheet: Sheet) -> Count:
    spec = get_spec(sheet["game"])
    count = Count()
    special = SPECIAL_PLAYER_FIELDS.get(spec.id, {})
    for seat, player in enumerate(sheet["players"]):
        count.add(taps=1 if seat else 0)  # to the next player
        for field in spec.player_fields:
            if field.key in special:
                special[field.key](count, player.get(field.key))
            elif field.key in player:
                enter(count, field.kind, player[field.key], field.missing_value())
    enter_fields(count, spec.game_fields, {k: v for k, v in sheet.items() if k in {f.key for f in spec.game_fields}})
    if spec.round_entry is not None:
        for entry in sheet.get("rounds") or []:
            count.add(taps=1)
            enter(count, PerPlayer(spec.round_entry), entry)
    for event in sheet.get("events") or []:
        EVENT_COST[spec.id](count, event)
    return count


# ---- the same games by their fast paths ------------------------------------------------------------------------

def for_sale_fast(sheet: Sheet) -> Sheet:
    players = [{"name": p["name"], "cheque_total": sum(p["cheques"]), "coins_left": p["coins_left"]}
               for p in sheet["players"]]
    return {**sheet, "players": players}


def ttr_fast(sheet: Sheet) -> Sheet:
    result = score_sheet(sheet)
    players = []
    for p, r in zip(sheet["players"], result.players, strict=True):
        players.append({"name": p["name"], "route_points": r.breakdown["routes"],
                        "tickets_done": sum(t["points"] for t in p["tickets"] if t["completed"]),
                        "tickets_failed": sum(t["points"] for t in p["tickets"] if not t["completed"]),
                        "stations_used": p["stations_used"], "longest_path": p["longest_path"]})
    return {"game": sheet["game"], "players": players}


def carnage_fast(sheet: Sheet) -> Sheet:
    result = score_sheet(sheet)
    players = [{"name": r.name, "round_points": r.breakdown["rounds"], "tokens": r.breakdown["kharnage"]}
               for r in result.players]
    return {"game": sheet["game"], "players": players}


def tucana_fast(sheet: Sheet) -> Sheet:
    """Each round's sight score (already on the sheet) and the bonus as points, instead of the sights and the
    turns the village pairs were connected."""
    island = sheet["options"]["island"]
    result = score_sheet(sheet)
    players = [{"name": p["name"], "villages": p["villages"], "bonus": r.breakdown["bonus"],
                "sight_scores": p.get("sight_scores") or [sight_score(c, island) for c in p["sights"]]}
               for p, r in zip(sheet["players"], result.players, strict=True)]
    return {"game": sheet["game"], "options": sheet["options"], "players": players}


FAST: dict[str, Callable[[Sheet], Sheet]] = {
    "for-sale": for_sale_fast,
    "ticket-to-ride-europe": ttr_fast,
    "carnage": carnage_fast,
    "trails-of-tucana": tucana_fast,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for path in sorted(EXAMPLES.glob("*.json")):
        sheet = json.loads(path.read_text(encoding="utf-8"))
        fast = FAST.get(sheet["game"], lambda s: s)(sheet)
        assert [p.total for p in score_sheet(fast).players] == [p.total for p in score_sheet(sheet).players]
        before, after = count_entry(sheet), count_entry(fast)
        rows.append({"game": sheet["game"], "players": len(sheet["players"]),
                     "before": {"taps": before.taps, "keys": before.keys},
                     "after": {"taps": after.taps, "keys": after.keys}})
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'game':<24}{'players':>8}  {'item by item':<22}{'fast path':<22}")
    for row in rows:
        b, a = row["before"], row["after"]
        print(f"{row['game']:<24}{row['players']:>8}  {b['taps']:>3} taps + {b['keys']:>3} keys   "
              f"{a['taps']:>3} taps + {a['keys']:>3} keys")


if __name__ == "__main__":
    main()
