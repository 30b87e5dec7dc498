"""Moving a game of one's own into another game: which merges are refused, and each play as the other game keeps it.

A merge moves every play of a custom game under another game's id, built-in or custom, and each play must be one
the other game scores. Refused, with the reason, for the whole game: the same game, a built-in game to move, or
win rules that differ (a play's winner would change). Refused for a play, naming it (its day and players) and
what is wrong:

- a play entered here: its sheet, taken as the other game's (a custom game's carries the other's definition;
  with one category on each side, the category is renamed), must be scored by the other game's rules, and it
  is scored by them from then on;
- a play imported with totals only (BG Stats, BoardGameGeek): its stored result stays what the other app said.
  Into a built-in game it comes as such an import does, with names and totals (every player needs a score,
  and the player count must be one the game is played with); into a custom game its totals are written as that
  game's sheet (its one category worth 1 point each, per player, per round or as a count), which the game must
  score.
"""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

from scoring import GameSpec, SheetError, score_sheet
from scoring.custom import CHANGES, describe_rules, is_custom

from .refusal import RefusedError
from .summary import parse_time

Play = dict[str, Any]


class GameRefusedError(RefusedError):
    """A change to a game refused, and why (a catalog key and its values)."""


def win_rule(spec: GameSpec) -> str:
    d = spec.definition or {}
    return "cooperative" if d.get("cooperative") else "no_points" if d.get("no_points") else (
        "lowest" if spec.lowest_wins else "highest")


def check_merge(source: GameSpec, target: GameSpec) -> None:
    """Raises GameRefusedError when no play of `source` could go under `target`, whatever it holds."""
    if source.id == target.id:
        raise GameRefusedError("games.refused.same", game=source.name)
    if not is_custom(source.id):
        raise GameRefusedError("games.refused.builtin", game=source.name)
    if win_rule(source) != win_rule(target):
        raise GameRefusedError("games.refused.win_rule", game=source.name, target=target.name,
                          rule=describe_rules(source)[0], target_rule=describe_rules(target)[0])


def moved_play(play: Play, target: GameSpec) -> Play:
    """The play as a play of `target`; GameRefusedError (naming the play) when the target cannot take it."""
    if play.get("imported"):
        sheet = _imported_sheet(play, target)
        result = {**play["result"], "game": target.id, "rules_version": target.rules_version}
        return {**play, "game": target.id, "sheet": sheet, "rules_version": target.rules_version, "result": result}
    sheet = _renamed(copy.deepcopy(play["sheet"]), target)
    scored = _scored(play, sheet, target)
    return {**play, "game": target.id, "sheet": sheet, "rules_version": scored.rules_version,
            "result": scored.to_json()}


def _scored(play: Play, sheet: dict[str, Any], target: GameSpec) -> Any:
    try:
        return score_sheet(copy.deepcopy(sheet))
    except SheetError as error:
        raise GameRefusedError("games.refused.sheet", when=_day(play), players=_names(play), target=target.name,
                          field=error.path, reason=error.text) from None


def _renamed(sheet: dict[str, Any], target: GameSpec) -> dict[str, Any]:
    """A sheet of this app as the target's: its game and definition, and its one category under the target's."""
    before = [c["key"] for c in (sheet.get("definition") or {}).get("categories", ())]
    sheet["game"] = target.id
    sheet.pop("definition", None)
    if target.definition is None:
        return sheet
    sheet["definition"] = copy.deepcopy(dict(target.definition))
    after = [c["key"] for c in target.definition["categories"]]
    if len(before) == len(after) == 1 and before != after:
        old, new = before[0], after[0]
        for holder in [*sheet["players"], *(v for entry in sheet.get("rounds") or () for v in entry.values()
                                             if isinstance(v, dict))]:
            if old in holder:
                holder[new] = holder.pop(old)
        for change in sheet.get(CHANGES) or ():
            change["key"] = new
    return sheet


def _imported_sheet(play: Play, target: GameSpec) -> dict[str, Any]:
    """An imported play's sheet as the target keeps it: names (and totals, for a custom game), see the module."""
    names = _names_of(play)
    if not target.min_players <= len(names) <= target.max_players:
        raise GameRefusedError("games.refused.players", when=_day(play), players=", ".join(names), target=target.name,
                          n=len(names), lo=target.min_players, hi=target.max_players)
    scores = _scores(play)
    if target.definition is None:
        missing = next((name for name in names if scores.get(name) is None), None)
        if missing is not None:  # a built-in game counts every player's points
            raise GameRefusedError("games.refused.no_score", when=_day(play), player=missing, target=target.name)
        return {"game": target.id, "players": [{"name": name} for name in names]}
    d = target.definition
    sheet: dict[str, Any] = {"game": target.id, "definition": copy.deepcopy(dict(d)),
                             "players": [{"name": name} for name in names],
                             **{k: v for k, v in play["sheet"].items() if k in ("outcome", "winners")}}
    counting = [c for c in d["categories"] if c["counts"]]
    if win_rule(target) in ("highest", "lowest") and (len(counting) != 1 or counting[0]["multiplier"] != 1):
        raise GameRefusedError("games.refused.one_score", target=target.name)
    if counting:
        _write_totals(sheet, counting[0]["key"], d, {n: v for n, v in scores.items() if v is not None})
    _scored(play, sheet, target)
    return sheet


def _write_totals(sheet: dict[str, Any], key: str, d: Any, scores: dict[str, Any]) -> None:
    """Each player's score as the target's sheet holds it: a final score, one round, or a change of the count."""
    if d["scoring"] == "counter":
        sheet[CHANGES] = [{"player": n, "key": key, "by": v} for n, v in scores.items() if v]
    elif d["scoring"] == "rounds":
        single = len(d["categories"]) == 1 and not d["categories"][0]["optional"]
        sheet["rounds"] = [{n: v if single else {key: v} for n, v in scores.items()}]
    else:
        for player in sheet["players"]:
            if player["name"] in scores:
                player[key] = scores[player["name"]]


def _scores(play: Play) -> dict[str, Any]:
    """Each player's imported score as the sheet holds it (None: no score), from its one category."""
    keys = [c["key"] for c in (play["sheet"].get("definition") or {}).get("categories", ())]
    return {p["name"]: p.get(keys[0]) if keys else None for p in play["sheet"]["players"]}


def _names_of(play: Play) -> list[str]:
    return [p["name"] for p in play["sheet"]["players"]]


def _names(play: Play) -> str:
    return ", ".join(_names_of(play))


def _day(play: Play) -> date:
    return parse_time(play.get("started_at") or play["finished_at"]).astimezone().date()
