"""The shape of a game: what its sheet holds, how it scores, how ties break, what to tell the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, get_args

from .fields import Field, Kind, ListOf, PerPlayer, option_holds, option_json
from .messages import Messages, Typed, Words

Phase = Literal["setup", "turn", "round", "end", "scoring"]
EndReason = Literal["rounds", "target", "line", "score", "tokens", "no_bridges", "table"]


@dataclass(frozen=True)
class Sheet:
    """A sheet that passed validation: every optional field is filled in with its empty value."""

    game: str
    options: Mapping[str, Any]
    names: tuple[str, ...]
    players: Mapping[str, Mapping[str, Any]]
    rounds: tuple[Mapping[str, Any], ...] = ()
    events: tuple[Mapping[str, Any], ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)

    def seat(self, name: str) -> int:
        return self.names.index(name)

    def player_path(self, name: str, key: str | None = None) -> str:
        base = f"players[{self.seat(name)}]"
        return f"{base}.{key}" if key else base


@dataclass
class PlayerScore:
    breakdown: dict[str, int]
    eliminated: bool = False

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


@dataclass
class Scoring:
    """What a game's score function returns; the engine ranks it with the spec's tiebreak chain."""

    players: dict[str, PlayerScore]
    finished: bool
    end_reason: EndReason | None
    outright_winner: str | None = None  # wins whatever the totals (a completed line)
    outright_reason: Words | None = None  # why, in words: the result explains it first
    progress: list[dict[str, int]] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)
    # Games whose result the table decides (cooperative, or no points): the winners, who rank first.
    table_winners: tuple[str, ...] | None = None
    together: bool = False  # cooperative: everyone shares one place, winning or losing together


@dataclass(frozen=True)
class TiebreakRule:
    """One step of a tiebreak chain. `value` returns None when the sheet cannot tell (the tie stays).

    `name` is what is compared ("coins left"); `advantage` says why the winner is ahead
    ("more coins left" / "남은 코인이 더 많아").
    """

    id: str
    name: Words
    advantage: Words
    value: Callable[[Sheet, Scoring, str], int | bool | None]
    better: Literal["higher", "lower"] = "higher"
    shows_values: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name.to_json(), "advantage": self.advantage.to_json(),
                "better": self.better}


@dataclass(frozen=True)
class When:
    """The tables a prompt is for: a player-count range, and a rule choice taken (an option's key and value)."""

    min_players: int = 1
    max_players: int = 99
    option: tuple[str, Any] | None = None

    def holds(self, options: Mapping[str, Any], n_players: int) -> bool:
        return self.min_players <= n_players <= self.max_players and option_holds(self.option, options)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if (self.min_players, self.max_players) != (1, 99):
            out["players"] = [self.min_players, self.max_players]
        if self.option is not None:
            out["option"] = option_json(self.option)
        return out


ALWAYS = When()


@dataclass(frozen=True)
class Prompt:
    """A line of guidance for the table. `{placeholders}` are filled from the game's setup values."""

    phase: Phase
    text: Words
    when: When = ALWAYS

    def applies(self, options: Mapping[str, Any], n_players: int) -> bool:
        return self.when.holds(options, n_players)

    def to_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "text": self.text.to_json(), **self.when.to_json()}


PHASES: tuple[Phase, ...] = get_args(Phase)


def catalog_prompts(m: Messages, when: Mapping[str, When] | None = None,
                    order: Sequence[str] = PHASES) -> tuple[Prompt, ...]:
    """A game's prompts: its messages `prompt.<phase>.<n>` the English catalog holds, phase by phase in `order`
    and by number within a phase, each for the tables `when` gives by its key (`"turn.13"`), else for all.

    A step of `order` is a phase (its prompts no other step names) or one prompt's key, for a game whose phases
    interleave (Carnage's round begins before the turns and ends after them).
    """
    when = when or {}
    by_key = {message.id.removeprefix(f"{m.prefix}.prompt."): (phase, message)
              for phase in PHASES for message in m.numbered(f"prompt.{phase}")}
    named = {step for step in order if step in by_key}
    if unknown := sorted({*when, *(step for step in order if "." in step)} - by_key.keys()):
        raise ValueError(f"{m.prefix}: no prompt {', '.join(unknown)} in the catalog")
    keys = [key for step in order
            for key in ([step] if step in named else [k for k, (phase, _) in by_key.items()
                                                      if phase == step and k not in named])]
    return tuple(Prompt(by_key[key][0], by_key[key][1], when.get(key, ALWAYS)) for key in keys)


def no_setup_values(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    return {}


def no_check(sheet: Sheet) -> None:
    return None


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: Words
    min_players: int
    max_players: int
    rules_version: int
    score: Callable[[Sheet], Scoring]
    player_fields: tuple[Field, ...] = ()
    game_fields: tuple[Field, ...] = ()
    options: tuple[Field, ...] = ()
    round_entry: Kind | None = None
    round_range: tuple[int, int] = (0, 0)
    round_label: Words | None = None  # what a player's number in a round counts, where it is no score
    event: Kind | None = None
    max_events: int = 0
    tiebreaks: tuple[TiebreakRule, ...] = ()
    prompts: tuple[Prompt, ...] = ()
    setup: Callable[[Mapping[str, Any], int], dict[str, Any]] = no_setup_values
    check: Callable[[Sheet], None] = no_check
    notes: tuple[Words, ...] = ()
    categories: tuple[tuple[str, Words], ...] = ()
    uses_seat_order: bool = False
    lowest_wins: bool = False
    definition: Mapping[str, Any] | None = field(default=None, compare=False)  # a custom game's, as given
    bgg_id: int = 0  # BoardGameGeek's id of the game; 0 when it has none (or none is verified)
    bgg_year: int = 0  # the year BoardGameGeek gives the game; 0 when not known
    play_time: tuple[int, int] = (0, 0)  # BoardGameGeek's play time in minutes (shortest, longest)

    # What every sheet of the game is checked against, made once (a sheet is checked on every entry, and an
    # import checks tens of thousands).
    @cached_property
    def game_keys(self) -> frozenset[str]:
        return frozenset(f.key for f in self.game_fields)

    @cached_property
    def rounds_kind(self) -> ListOf | None:
        """The type of the sheet's `rounds` (None when the game has no rounds)."""
        if self.round_entry is None:
            return None
        return ListOf(PerPlayer(self.round_entry), self.round_range[1], self.round_range[0])

    @cached_property
    def events_kind(self) -> ListOf | None:
        """The type of the sheet's `events` (None when the game has none)."""
        return None if self.event is None else ListOf(self.event, self.max_events)

    def category_name(self, key: str) -> Words:
        """The player-facing name of a breakdown key, e.g. "coins" -> "Coins left"."""
        return dict(self.categories).get(key, Typed(key))

    def default_options(self) -> dict[str, Any]:
        return {f.key: f.missing_value() for f in self.options}

    def prompts_for(self, options: Mapping[str, Any], n_players: int, phase: Phase | None = None) -> list[Words]:
        values = self.setup(options, n_players)
        return [p.text.format(**values) for p in self.prompts
                if (phase is None or p.phase == phase) and p.applies(options, n_players)]

    def summary_json(self) -> dict[str, Any]:
        return {"id": self.id, "names": self.name.to_json(), "min_players": self.min_players,
                "max_players": self.max_players, "options": [f.to_json() for f in self.options]}

    def to_json(self) -> dict[str, Any]:
        out = self.summary_json()
        out.update({
            "rules_version": self.rules_version,
            "player_fields": [f.to_json() for f in self.player_fields],
            "game_fields": [f.to_json() for f in self.game_fields],
            "tiebreaks": [t.to_json() for t in self.tiebreaks],
            "prompts": [p.to_json() for p in self.prompts],
            "notes": [n.to_json() for n in self.notes],
            "categories": {key: name.to_json() for key, name in self.categories},
        })
        if self.round_entry is not None:
            out["rounds"] = {"min": self.round_range[0], "max": self.round_range[1],
                             "entry": self.round_entry.to_json()}
            if self.round_label is not None:
                out["rounds"]["label"] = self.round_label.to_json()
        if self.event is not None:
            out["event"] = self.event.to_json()
        if self.lowest_wins:
            out["win"] = "lowest"
        if self.definition is not None:
            out["definition"] = dict(self.definition)
        return out
