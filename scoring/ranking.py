"""Ranking: totals first, then the game's tiebreak chain, each applied step explained in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .messages import DEFAULT_LANGUAGE, Messages, Words, join_names
from .spec import GameSpec, Scoring, Sheet, TiebreakRule

M = Messages("tiebreak")


@dataclass(frozen=True)
class TiebreakNote:
    players: tuple[str, ...]
    decided_by: str
    text: Words

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {"players": list(self.players), "decided_by": self.decided_by, "detail": self.text.render(lang)}


def places(ranking: Sequence[Sequence[str]]) -> list[tuple[int, list[str]]]:
    """Standard competition places: two tied for 1st are both 1st, the next is 3rd."""
    out, place = [], 1
    for group in ranking:
        out.append((place, list(group)))
        place += len(group)
    return out


def rank(spec: GameSpec, sheet: Sheet, scoring: Scoring) -> tuple[list[list[str]], list[TiebreakNote]]:
    """Groups best first (a group of several names is a tie left after every tiebreak).

    Winners the table chose rank first, together; the others follow by total and tiebreaks.
    """
    if scoring.together:
        return [list(sheet.names)], []
    players, table = scoring.players, scoring.table_winners
    chosen = [n for n in sheet.names if n in table] if table else []
    alive: list[str] = []
    out: list[str] = []
    for name in sheet.names:
        if name not in chosen:
            (out if players[name].eliminated else alive).append(name)
    ranker = _Ranker(spec, sheet, scoring)
    groups: list[list[str]] = [chosen] if chosen else []
    for pool in (alive, out):
        for tied in ranker.by_total(pool) if pool else ():
            if len(tied) == 1:  # nothing to break (an import ranks tens of thousands of plays)
                groups.append(tied)
                continue
            for_win = not groups and pool is alive and table is None
            groups.extend(ranker.resolve(tied, spec.tiebreaks, [], for_win=for_win))
    if scoring.outright_winner is not None and scoring.outright_reason is not None:
        why = TiebreakNote((scoring.outright_winner,), str(scoring.end_reason), scoring.outright_reason)
        return groups, [why, *ranker.notes]
    return groups, ranker.notes


class _Ranker:
    def __init__(self, spec: GameSpec, sheet: Sheet, scoring: Scoring) -> None:
        self.sheet = sheet
        self.scoring = scoring
        self.sign = 1 if spec.lowest_wins else -1
        self.notes: list[TiebreakNote] = []
        self.totals = {name: player.total for name, player in scoring.players.items()}

    def total(self, name: str) -> int:
        return self.totals[name]

    def by_total(self, pool: list[str]) -> list[list[str]]:
        outright, sign, totals = self.scoring.outright_winner, self.sign, self.totals
        keys = {name: (0 if name == outright else 1, sign * totals[name]) for name in pool}
        groups: list[list[str]] = []
        for name in sorted(pool, key=keys.__getitem__):  # sorted() is stable: ties keep seat order
            if groups and keys[groups[-1][0]] == keys[name]:
                groups[-1].append(name)
            else:
                groups.append([name])
        return groups

    def resolve(self, group: list[str], rules: tuple[TiebreakRule, ...],
                equal: list[tuple[TiebreakRule, Any]], for_win: bool) -> list[list[str]]:
        if len(group) == 1:
            return [group]
        for i, rule in enumerate(rules):
            values = {n: rule.value(self.sheet, self.scoring, n) for n in group}
            if any(v is None for v in values.values()):
                continue
            sign = 1 if rule.better == "higher" else -1
            keys = {n: sign * int(v) for n, v in values.items()}  # type: ignore[arg-type]
            levels = sorted(set(keys.values()), reverse=True)
            if len(levels) == 1:
                equal = [*equal, (rule, values[group[0]])]
                continue
            subgroups = [[n for n in group if keys[n] == level] for level in levels]
            self.notes.append(self.note(group, rule, values, subgroups, equal, for_win))
            ordered: list[list[str]] = []
            for j, sub in enumerate(subgroups):
                same = [*equal, (rule, values[sub[0]])]  # within a subgroup, this rule was equal too
                ordered.extend(self.resolve(sub, rules[i + 1:], same, for_win and j == 0))
            return ordered
        return [group]

    def note(self, group: list[str], rule: TiebreakRule, values: dict[str, Any],
             subgroups: list[list[str]], equal: list[tuple[TiebreakRule, Any]], for_win: bool) -> TiebreakNote:
        tied = M("note.tied", names=join_names(group), total=self.total(group[0]))
        for prior, value in equal:
            tied = M("note.also_equal", tied=tied, rule=prior.name, value=_shown(value))
        shows_values = rule.shows_values and not any(isinstance(v, bool) for v in values.values())
        if len(group) == 2:
            first, second = subgroups[0][0], subgroups[1][0]
            verb = M("note.wins") if for_win else M("note.ranks_ahead")
            if shows_values:
                text = M("note.against", tied=tied, first=first, verb=verb, rule=rule.advantage,
                    a=_shown(values[first]), b=_shown(values[second]))
            else:
                text = M("note.ahead", tied=tied, first=first, verb=verb, rule=rule.advantage)
        else:
            order = " > ".join(", ".join(sub) for sub in subgroups)
            if shows_values:
                listing = ", ".join(f"{n} {_shown(values[n])}" for sub in subgroups for n in sub)
                text = M("note.by_values", tied=tied, rule=rule.name, listing=listing, order=order)
            else:
                text = M("note.by_order", tied=tied, rule=rule.name, order=order)
        return TiebreakNote(tuple(group), rule.id, text)


def _shown(value: Any) -> Words | str:
    if isinstance(value, bool):
        return M("shown.yes") if value else M("shown.no")
    return str(value)
