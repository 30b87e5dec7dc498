"""Setting up a game: who plays, in which seat order, with which options, and in a team game who plays in which
team. Plain Python."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scoring import GameSpec
from scoring.names import clean_name, name_problems
from scoring.teams import TEAMS

# the engine's name rule -> the catalog key shown next to the field
NAME_MESSAGES = {"empty": "new.error.name_empty", "long": "new.error.name_long", "twice": "new.error.name_twice",
                 "control": "name.error.control", "bidi": "name.error.bidi", "invisible": "name.error.invisible",
                 "looks_same": "name.error.looks_same"}
TEAM_MESSAGES = {**NAME_MESSAGES, "twice": "new.error.team_twice"}
MIN_TEAMS = 2


@dataclass(frozen=True)
class Problem:
    """Something that stops the game from starting; `key` is a catalog key, `index` a player row (or with `team`,
    a team's row)."""

    key: str
    index: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    team: bool = False


@dataclass
class NewGameForm:
    """`teams`: a team game's team names as typed (at least two: the view gives the defaults in the player's
    language), and `team_of` each seat's team, by its row in `teams`."""

    spec: GameSpec
    players: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    teams: list[str] = field(default_factory=list)
    team_of: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.options = {**self.spec.default_options(), **self.options}
        while len(self.players) < self.spec.min_players:
            self.players.append("")
        if self.in_teams:
            self.team_of = self.team_of[:len(self.players)]
            while len(self.team_of) < len(self.players):
                self.team_of.append(self._emptiest_team())

    @classmethod
    def again(cls, spec: GameSpec, sheet: dict[str, Any], default_teams: list[str]) -> NewGameForm:
        """The form of a play's players, options and teams, to play again."""
        players = [p["name"] for p in sheet["players"]]
        teams_by_player = sheet.get(TEAMS) or {}
        teams = list(dict.fromkeys(teams_by_player[n] for n in players if n in teams_by_player)) or default_teams
        teams += default_teams[len(teams):]
        return cls(spec, players, dict(sheet.get("options") or {}), teams,
                   [teams.index(teams_by_player[n]) if n in teams_by_player else 0 for n in players])

    def snapshot(self) -> NewGameForm:
        """A copy to go back to (undo)."""
        return replace(self, players=[*self.players], options={**self.options}, teams=[*self.teams],
                       team_of=[*self.team_of])

    @property
    def in_teams(self) -> bool:
        return bool((self.spec.definition or {}).get("teams"))

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
            if self.in_teams:
                self.team_of.append(self._emptiest_team())

    def remove(self, index: int) -> None:
        if self.can_remove:
            del self.players[index]
            if self.in_teams:
                del self.team_of[index]

    def rename(self, index: int, name: str) -> None:
        self.players[index] = name

    def move(self, index: int, delta: int) -> None:
        target = index + delta
        if 0 <= target < len(self.players):
            self.players[index], self.players[target] = self.players[target], self.players[index]
            if self.in_teams:
                self.team_of[index], self.team_of[target] = self.team_of[target], self.team_of[index]

    def random_first_player(self, rng: random.Random | None = None) -> str:
        """Pick a first player at random; everyone keeps their neighbours (the seats rotate)."""
        first = (rng or random).randrange(len(self.players))
        self.players = self.players[first:] + self.players[:first]
        if self.in_teams:
            self.team_of = self.team_of[first:] + self.team_of[:first]
        return self.players[0]

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value

    # ---- teams ---------------------------------------------------------------------------------------

    def _emptiest_team(self) -> int:
        """Where a new player goes: the team with the fewest players (the first of those)."""
        return min(range(len(self.teams)), key=self.team_of.count)

    def put_in_team(self, player: int, team: int) -> None:
        self.team_of[player] = team

    def add_team(self, name: str) -> None:
        self.teams.append(name)

    def rename_team(self, index: int, name: str) -> None:
        self.teams[index] = name

    @property
    def can_remove_team(self) -> bool:
        return len(self.teams) > MIN_TEAMS

    def remove_team(self, index: int) -> None:
        """Take a team away; its players go to the teams with the fewest players."""
        if not self.can_remove_team:
            return
        del self.teams[index]
        moved = [seat for seat, team in enumerate(self.team_of) if team == index]
        self.team_of = [team - (team > index) if team != index else -1 for team in self.team_of]
        for seat in moved:
            self.team_of[seat] = self._emptiest_team()

    def team_names(self) -> list[str]:
        return [clean_name(n) for n in self.teams]

    def _team_problems(self) -> list[Problem]:
        problems = [Problem(TEAM_MESSAGES[p.code], p.index, p.params, team=True)
                    for p in name_problems(self.team_names())]
        named = {p.index for p in problems}
        problems += [Problem("new.error.team_without_players", index, team=True)
                     for index in range(len(self.teams)) if index not in named and index not in self.team_of]
        return problems

    # ---- starting ----------------------------------------------------------------------------------

    def problems(self) -> list[Problem]:
        problems = [Problem(NAME_MESSAGES[p.code], p.index, p.params) for p in name_problems(self.names())]
        return problems + self._team_problems() if self.in_teams else problems

    def names(self) -> list[str]:
        return [clean_name(n) for n in self.players]

    def teams_by_player(self) -> dict[str, str]:
        """Each player's team, as the sheet and the play's record hold them (empty for a game without teams)."""
        if not self.in_teams:
            return {}
        teams = self.team_names()
        return {name: teams[team] for name, team in zip(self.names(), self.team_of, strict=True)}

    def sheet(self) -> dict[str, Any]:
        """An empty sheet for these players (seat order) and options; a custom game's carries its definition."""
        sheet = {"game": self.spec.id, "options": dict(self.options), "players": [{"name": n} for n in self.names()]}
        if self.spec.definition is not None:
            sheet["definition"] = copy.deepcopy(dict(self.spec.definition))
        if self.in_teams:
            sheet[TEAMS] = self.teams_by_player()
        return sheet


RECENT_PLAYS = 100  # the plays whose players come first among the known ones


def usual_players_first(known: Sequence[str], recent_tables: Iterable[Sequence[str]]) -> list[str]:
    """The known players, those who sat at the most of the recent tables first (the usual group), then the rest
    by name: a history imported from another app brings dozens of names, and alphabetically the usual group came
    last."""
    seats = Counter(name for table in recent_tables for name in set(table))
    return sorted(known, key=lambda name: (-seats[name], name.casefold()))
