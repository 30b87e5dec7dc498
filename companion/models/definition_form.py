"""A custom game's definition being written on the editor screen: plain Python, no Flet.

The form holds what the player typed (text as typed, numbers possibly not yet numbers), turns it into a
definition for the engine, and builds a sample sheet for the preview. The engine's checks are the form's
checks: `problem()` is the engine's SheetError for the definition, with the path of the field at fault.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring import GameSpec, Result, SheetError, score_sheet
from scoring.custom import checked_definition, spec_from_definition

WIN_RULES = ("highest", "lowest", "cooperative", "no_points")
SAMPLE_NAMES = ("Ana", "Bo", "Chae", "Dev", "Eun", "Finn")


@dataclass
class CategoryRow:
    key: str
    name: str = ""
    multiplier: str = "1"
    min: str = "0"
    max: str = "999"
    counts: bool = True
    optional: bool = False
    steps: str = ""  # a counter's buttons as typed: "+1 +5 -1" (blank: +1 and -1)


@dataclass
class TiebreakRow:
    kind: str  # "most", "least" or "chosen"
    category: str = ""  # the category key, for most and least
    name: str = ""  # the table's choice, for chosen
    key: str = ""


def _number(text: str) -> Any:
    """An int when the text is one; else the text itself, which the engine refuses with its own words."""
    try:
        return int(str(text).strip().replace("−", "-"))
    except ValueError:
        return str(text).strip()


def steps_text(steps: list[int]) -> str:
    """A counter's steps as the form shows them: '+1 +5 -1'."""
    return " ".join(f"{step:+d}" for step in steps)


@dataclass
class DefinitionForm:
    id: str
    name: str = ""
    names: dict[str, str] = field(default_factory=dict)  # language -> the game's name in it, as typed
    min_players: str = "2"
    max_players: str = "4"
    categories: list[CategoryRow] = field(default_factory=list)
    scoring: str = "final"  # "final", "rounds" or "counter"
    rounds: str = ""  # blank: open-ended
    win: str = "highest"
    teams: bool = False  # played in teams: a team scores the sum of its players' totals
    tiebreaks: list[TiebreakRow] = field(default_factory=list)
    note: str = ""
    bgg_id: int | None = None
    version: int | None = None  # of the stored definition being edited

    # ---- from and to definitions -------------------------------------------------------------------

    @classmethod
    def blank(cls, game_id: str) -> DefinitionForm:
        form = cls(game_id)
        form.add_category()
        return form

    @classmethod
    def of(cls, definition: dict[str, Any], game_id: str | None = None) -> DefinitionForm:
        """A form holding a stored definition; with `game_id`, a copy that becomes another game."""
        d = checked_definition(definition)
        names = d["names"] or {}
        win = "cooperative" if d["cooperative"] else "no_points" if d["no_points"] else d["win"]
        return cls(
            id=game_id or d["id"], name=d["name"], names={lang: given for lang, given in names.items() if given},
            min_players=str(d["players"]["min"]), max_players=str(d["players"]["max"]),
            categories=[CategoryRow(c["key"], c["name"], str(c["multiplier"]), str(c["min"]), str(c["max"]),
                                    c["counts"], c["optional"], steps_text(c["steps"] or [])) for c in d["categories"]],
            scoring=d["scoring"], rounds=str(d["rounds"] or ""), win=win, teams=d["teams"],
            tiebreaks=[TiebreakRow("chosen", name=t["chosen"], key=t["key"]) if "chosen" in t
                       else TiebreakRow("most" if "most" in t else "least", t.get("most") or t["least"])
                       for t in d["tiebreaks"]],
            note=d["note"] or "", bgg_id=d["bgg_id"], version=None if game_id else d["version"])

    def definition(self) -> dict[str, Any]:
        """What the engine checks and the store keeps (names exactly as typed, blank labels left out)."""
        d: dict[str, Any] = {
            "id": self.id, "name": self.name.strip(),
            "players": {"min": _number(self.min_players), "max": _number(self.max_players)},
            "categories": [self._category(c) for c in self.categories],
            "scoring": self.scoring,
            "win": self.win if self.win in ("highest", "lowest") else "highest",
            "tiebreaks": [self._tiebreak(t) for t in self.tiebreaks],
        }
        names = {lang: given.strip() for lang, given in self.names.items() if given.strip()}
        if names:
            d["names"] = names
        if self.scoring == "rounds" and self.rounds.strip():
            d["rounds"] = _number(self.rounds)
        if self.note.strip():
            d["note"] = self.note.strip()
        if self.win in ("cooperative", "no_points"):
            d[self.win] = True
        if self.teams:
            d["teams"] = True
        if self.bgg_id is not None:
            d["bgg_id"] = self.bgg_id
        if self.version is not None:
            d["version"] = self.version
        return d

    def _category(self, c: CategoryRow) -> dict[str, Any]:
        """A category as typed; a counter's keeps its steps (and is never blank), the others' have none."""
        out: dict[str, Any] = {"key": c.key, "name": c.name.strip(), "multiplier": _number(c.multiplier),
                               "min": _number(c.min), "max": _number(c.max)}
        if not c.counts:
            out["counts"] = False
        if c.optional and self.scoring != "counter":
            out["optional"] = True
        steps = c.steps.replace(",", " ").split()
        if steps and self.scoring == "counter":
            out["steps"] = [_number(step) for step in steps]
        return out

    @staticmethod
    def _tiebreak(t: TiebreakRow) -> dict[str, Any]:
        if t.kind == "chosen":
            return {"chosen": t.name.strip(), "key": t.key}
        return {t.kind: t.category}

    # ---- editing -------------------------------------------------------------------------------------

    def add_category(self, name: str = "") -> CategoryRow:
        taken = {c.key for c in self.categories}
        n = len(self.categories) + 1
        while f"c{n}" in taken:
            n += 1
        row = CategoryRow(f"c{n}", name)
        self.categories.append(row)
        return row

    def remove_category(self, index: int) -> None:
        key = self.categories.pop(index).key
        self.tiebreaks = [t for t in self.tiebreaks if t.category != key]

    def move_category(self, index: int, delta: int) -> None:
        target = index + delta
        if 0 <= target < len(self.categories):
            self.categories[index], self.categories[target] = self.categories[target], self.categories[index]

    def add_tiebreak(self, kind: str, category: str = "", name: str = "") -> None:
        if kind == "chosen":
            taken = {t.key for t in self.tiebreaks}
            n = 1
            while f"chosen_{n}" in taken:
                n += 1
            self.tiebreaks.append(TiebreakRow("chosen", name=name, key=f"chosen_{n}"))
        else:
            self.tiebreaks.append(TiebreakRow(kind, category))

    def remove_tiebreak(self, index: int) -> None:
        del self.tiebreaks[index]

    def move_tiebreak(self, index: int, delta: int) -> None:
        target = index + delta
        if 0 <= target < len(self.tiebreaks):
            self.tiebreaks[index], self.tiebreaks[target] = self.tiebreaks[target], self.tiebreaks[index]

    # ---- checking and preview ------------------------------------------------------------------------

    def problem(self) -> SheetError | None:
        try:
            checked_definition(self.definition())
        except SheetError as error:
            return error
        return None

    def spec(self) -> GameSpec | None:
        try:
            return spec_from_definition(self.definition())
        except SheetError:
            return None

    def sample_sheet(self, spec: GameSpec, team_names: Sequence[str]) -> dict[str, Any]:
        """A sheet of this game with sample numbers: the first two players tie on total when the numbers
        allow, so that the preview shows the tiebreak chain at work. A team game's players sit in the
        teams `team_names` in turn (four players when the game allows, two teams of two)."""
        d = spec.definition or {}
        n = max(spec.min_players, min(spec.max_players, 4 if d["teams"] else 3))
        names = list(SAMPLE_NAMES[:n])
        rows = [{"name": name} for name in names]
        sheet: dict[str, Any] = {"game": spec.id, "definition": copy.deepcopy(d), "players": rows}
        if d["teams"]:
            sheet["teams"] = {name: team_names[seat % len(team_names)] for seat, name in enumerate(names)}
        values = [{c["key"]: _sample(c, seat) for c in d["categories"]} for seat in range(n)]
        chosen = _split_tie(values[0], values[1], d) if n >= 2 else None
        if chosen is not None:
            sheet[chosen] = names[1]
        if d["scoring"] == "counter":  # each sample number one change of the count
            sheet["changes"] = [{"player": name, "key": key, "by": value} for name, entry in zip(names, values,
                                                                                                  strict=True)
                                for key, value in entry.items() if value]
        elif d["scoring"] == "rounds":
            single = len(d["categories"]) == 1 and not d["categories"][0]["optional"]
            count = min(d["rounds"] or 3, 3)
            sheet["rounds"] = [{name: (values[i][d["categories"][0]["key"]] if single else dict(values[i]))
                                for i, name in enumerate(names)} for _ in range(count)]
        else:
            for row, entry in zip(rows, values, strict=True):
                row.update(entry)
        if d["cooperative"]:
            sheet["outcome"] = "won"
        if d["no_points"]:
            sheet["winners"] = names[:1]
        return sheet

    def preview(self, team_names: Sequence[str]) -> tuple[dict[str, Any], Result] | None:
        spec = self.spec()
        if spec is None:
            return None
        sheet = self.sample_sheet(spec, team_names)
        try:
            return sheet, score_sheet(copy.deepcopy(sheet))
        except SheetError:
            return None


def _sample(category: dict[str, Any], seat: int) -> int:
    """Sample numbers within the bounds: the two first seats enter the same (a tie), the others less."""
    lo, hi = category["min"], category["max"]
    span = hi - lo
    value = lo + min(span, 3 + 2 * (seat - 1)) if seat >= 2 else lo + min(span, 6)
    return max(lo, min(hi, value))


def _split_tie(first: dict[str, int], second: dict[str, int], d: dict[str, Any]) -> str | None:
    """Let the first tiebreak decide between the two tied sample players: more of its category for the first
    seat, balanced by another category so that the totals stay equal. Returns the key of a table-chosen
    tiebreak to fill in when that one comes first."""
    categories = {c["key"]: c for c in d["categories"]}
    for rule in d["tiebreaks"]:
        if "chosen" in rule:
            return str(rule["key"])
        c = categories[rule.get("most") or rule["least"]]
        if not c["counts"]:
            if first[c["key"]] < c["max"]:
                first[c["key"]] += 1
                return None
            continue
        for o in d["categories"]:
            if o is c or not o["counts"]:
                continue
            g = math.gcd(c["multiplier"], o["multiplier"])
            more, balance = abs(o["multiplier"]) // g, abs(c["multiplier"]) // g
            same_sign = (c["multiplier"] > 0) == (o["multiplier"] > 0)
            target = second if same_sign else first  # the same points to the other seat, or away from this one
            if first[c["key"]] + more <= c["max"] and target[o["key"]] + balance <= o["max"]:
                first[c["key"]] += more
                target[o["key"]] += balance
                return None
    return None
