"""Piña Coladice (피냐 콜라다이스): roll dice combinations, claim coasters on a 4×4 board, complete a line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import fail
from ..fields import Bool, Choice, ChoiceValue, Field, Int, ListOf, PlayerRef, Record, Variants
from ..messages import Messages, Words
from ..spec import EndReason, GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, When, catalog_prompts

M = Messages("pina-coladice")

SIZE = 4
TOKENS = 6
TARGET = 20
DICE = 5
MAX_EVENTS = 400  # passes are unlimited in the rules; this only bounds the sheet

Side = Literal["one", "two"]
Dice = Sequence[int]
Cell = tuple[int, int]
Tokens = list[list[list[str]]]  # per cell, the players whose tokens lie there, in placement order


def _at_least(face: int, n: int) -> Callable[[Dice], bool]:
    return lambda dice: list(dice).count(face) >= n


def _sum_between(lo: int, hi: int) -> Callable[[Dice], bool]:
    return lambda dice: lo <= sum(dice) <= hi


def _run_of(length: int) -> Callable[[Dice], bool]:
    return lambda dice: any(set(range(low, low + length)) <= set(dice) for low in range(1, 8 - length))


def _two_pairs(dice: Dice) -> bool:
    return sum(n // 2 for n in Counter(dice).values()) >= 2  # one number may give both pairs


def _full_house(dice: Dice) -> bool:
    return sorted(Counter(dice).values()) in ([2, 3], [5])


def _same(n: int) -> Callable[[Dice], bool]:
    return lambda dice: max(Counter(dice).values()) >= n


@dataclass(frozen=True)
class Coaster:
    id: str
    name: Words
    one: int  # value on the one-space side
    first: int  # two-space side, first token
    second: int  # two-space side, second token
    matches: Callable[[Dice], bool]


COASTERS: dict[str, Coaster] = {c.id: c for c in (
    *(Coaster(f"pair-{f}", M("pair", face=f), 1, 1, 1, _at_least(f, 2)) for f in range(1, 7)),
    Coaster("double-pair", M("two_pairs"), 2, 3, 2, _two_pairs),
    *(Coaster(f"three-{f}", M("three", face=f), 1, 2, 1, _at_least(f, 3)) for f in range(1, 7)),
    Coaster("odds", M("all_odd"), 2, 3, 2, lambda dice: all(d % 2 == 1 for d in dice)),
    Coaster("evens", M("all_even"), 2, 3, 2, lambda dice: all(d % 2 == 0 for d in dice)),
    Coaster("sum-le-9", M("sum_9_less"), 3, 4, 3, _sum_between(DICE, 9)),
    Coaster("sum-12-14", M("sum_12_14"), 2, 3, 2, _sum_between(12, 14)),
    Coaster("sum-21-23", M("sum_21_23"), 2, 3, 2, _sum_between(21, 23)),
    Coaster("sum-ge-26", M("sum_26_more"), 3, 4, 3, _sum_between(26, 6 * DICE)),
    Coaster("small-straight", M("small_straight_4_row"), 2, 3, 2, _run_of(4)),
    Coaster("large-straight", M("large_straight_5_row"), 3, 4, 3, _run_of(5)),
    Coaster("four-of-a-kind", M("four_kind"), 3, 3, 3, _same(4)),
    Coaster("full-house", M("full_house_3_2"), 3, 4, 3, _full_house),
    Coaster("all-different", M("all_different"), 3, 3, 3, lambda dice: len(set(dice)) == DICE),
    Coaster("five-of-a-kind", M("five_kind"), 4, 6, 4, _same(5)),
)}

CORNERS_AND_CENTRE = frozenset({(0, 0), (0, 3), (3, 0), (3, 3), (1, 1), (1, 2), (2, 1), (2, 2)})
LINES: tuple[tuple[Cell, ...], ...] = (
    *(tuple((r, c) for c in range(SIZE)) for r in range(SIZE)),
    *(tuple((r, c) for r in range(SIZE)) for c in range(SIZE)),
    tuple((i, i) for i in range(SIZE)),
    tuple((i, SIZE - 1 - i) for i in range(SIZE)),
)


def _check_dice(dice: Dice) -> None:
    if len(dice) != DICE or any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"expected {DICE} dice showing 1 to 6, got {list(dice)}")


def coaster_matches(coaster_id: str, dice: Dice) -> bool:
    """Whether 5 dice (1..6) fulfil a coaster's combination."""
    _check_dice(dice)
    return COASTERS[coaster_id].matches(dice)


def matching_coasters(dice: Dice, free_ids: Sequence[str]) -> list[str]:
    """The free coasters (in the order given) that 5 dice can claim: the app's dice helper."""
    _check_dice(dice)
    return [cid for cid in free_ids if COASTERS[cid].matches(dice)]


def coaster_side(row: int, col: int, n_players: int) -> Side:
    """Which side of the coaster at (row, col) lies up: 2 players all one-space, 4 players all two-space,
    3 players the corners and the 4 centre coasters two-space."""
    if n_players == 2:
        return "one"
    if n_players == 3:
        return "two" if (row, col) in CORNERS_AND_CENTRE else "one"
    return "two"


def capacity(side: Side) -> int:
    return 1 if side == "one" else 2


def coaster_value(coaster_id: str, side: Side, order: int) -> int:
    """The printed value: `order` 0 is the first token on the coaster, 1 the second (two-space side only)."""
    coaster = COASTERS[coaster_id]
    if side == "one":
        return coaster.one
    return coaster.first if order == 0 else coaster.second


def own_neighbours(tokens: Tokens, row: int, col: int, player: str) -> int:
    """Coasters among the 8 around (row, col) holding one of the player's tokens."""
    return sum(player in tokens[r][c]
               for r in range(max(0, row - 1), min(SIZE, row + 2))
               for c in range(max(0, col - 1), min(SIZE, col + 2))
               if (r, c) != (row, col))


def placement_points(coaster_id: str, side: Side, order: int, neighbours: int) -> int:
    """Points for a placement: the coaster's value plus 1 per neighbouring coaster with an own token."""
    return coaster_value(coaster_id, side, order) + neighbours


def line_name(line: tuple[Cell, ...]) -> Words:
    """A line as players call it: rows and columns counted from 1 at the top left, or one of the diagonals."""
    (r0, c0), (r1, c1) = line[:2]
    if r0 == r1:
        return M("line_name.row", n=r0 + 1)
    if c0 == c1:
        return M("line_name.column", n=c0 + 1)
    if c1 > c0:
        return M("line_name.diagonal_from_top_left")
    return M("line_name.diagonal_from_top_right")


def completed_line(tokens: Tokens, player: str) -> tuple[Cell, ...] | None:
    """A row, column or diagonal where every coaster holds one of the player's tokens, if any."""
    return next((line for line in LINES if all(player in tokens[r][c] for r, c in line)), None)


@dataclass
class Replay:
    """The game replayed from its events; refusing the first event the rules do not allow."""

    names: tuple[str, ...]
    board: list[list[str]]
    tokens: Tokens = field(default_factory=lambda: [[[] for _ in range(SIZE)] for _ in range(SIZE)])
    placements: dict[str, int] = field(init=False)
    progress: list[dict[str, int]] = field(default_factory=list)
    trigger: EndReason | None = None
    line: tuple[Cell, ...] | None = None
    winner: str | None = None
    last_event: int | None = None  # index of the event that finished the game

    def __post_init__(self) -> None:
        self.placements = dict.fromkeys(self.names, 0)

    def start(self, name: str) -> int:
        return self.names.index(name) + 1

    def total(self, name: str) -> int:
        return self.start(name) + self.placements[name]

    def placed(self, name: str) -> int:
        return sum(name in cell for row in self.tokens for cell in row)

    @property
    def over(self) -> bool:
        return self.last_event is not None

    def play(self, index: int, event: Mapping[str, Any]) -> None:
        path = f"events[{index}]"
        if self.last_event is not None:
            raise fail(path, "pina-coladice.refuse.game_already_over_ended",
                       turn=self.last_event + 1)
        expected = self.names[index % len(self.names)]
        if event["player"] != expected:
            raise fail(f"{path}.player", "pina-coladice.refuse.s_turn_turns_go",
                       expected=expected, got=event["player"])
        if "cell" in event:
            self.place(path, event["player"], event["cell"])
        elif not event["pass"]:
            raise fail(f"{path}.pass", "pina-coladice.refuse.pass_entered_as_true")
        self.progress.append({n: self.total(n) for n in self.names})
        if self.trigger is not None and (self.line or (index + 1) % len(self.names) == 0):
            self.last_event = index

    def place(self, path: str, player: str, cell: list[int]) -> None:
        row, col = cell
        side = coaster_side(row, col, len(self.names))
        holders = self.tokens[row][col]
        name = COASTERS[self.board[row][col]].name
        if len(holders) == capacity(side):
            raise fail(f"{path}.cell", "pina-coladice.refuse.row_column_already_full",
                       coaster=name, r=row + 1, c=col + 1, who=", ".join(holders))
        if player in holders:
            raise fail(f"{path}.cell", "pina-coladice.refuse.already_has_token_row",
                       player=player, coaster=name, r=row + 1, c=col + 1)
        neighbours = own_neighbours(self.tokens, row, col, player)
        self.placements[player] += placement_points(self.board[row][col], side, len(holders), neighbours)
        holders.append(player)
        self.line = completed_line(self.tokens, player)
        if self.line:
            self.trigger, self.winner = "line", player
        elif self.trigger is None and self.total(player) >= TARGET:
            self.trigger = "score"
        elif self.trigger is None and self.placed(player) == TOKENS:
            self.trigger = "tokens"


def check_board(board: list[list[str]]) -> None:
    seen: dict[str, Cell] = {}
    for r, row in enumerate(board):
        for c, coaster in enumerate(row):
            if coaster in seen:
                first = seen[coaster]
                raise fail(f"board[{r}][{c}]", "pina-coladice.refuse.already_board_row_column",
                           coaster=COASTERS[coaster].name, r0=first[0] + 1, c0=first[1] + 1)
            seen[coaster] = (r, c)


def replay(sheet: Sheet) -> Replay:
    board = sheet.fields["board"]
    check_board(board)
    game = Replay(sheet.names, board)
    for index, event in enumerate(sheet.events):
        game.play(index, event)
    return game


def score(sheet: Sheet) -> Scoring:
    game = replay(sheet)  # replaying refuses what the rules cannot produce, so there is no separate check
    players = {n: PlayerScore({"start": game.start(n), "placements": game.placements[n]}) for n in sheet.names}
    extras = {"line": [list(cell) for cell in game.line]} if game.line else {}
    reason = None if game.line is None else M("score.completed_their_tokens_game", name=game.winner,
                                              line=line_name(game.line))
    return Scoring(players, game.over, game.trigger, outright_winner=game.winner, outright_reason=reason,
                   progress=game.progress, extras=extras)


def latest_placement(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    """Index of the player's latest placement event (a later one wins the tie); None if they never placed."""
    return max((i for i, e in enumerate(sheet.events) if e["player"] == name and "cell" in e), default=None)


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    return {"tokens": TOKENS, "target": TARGET, "last": n_players}


PLAYER = Field("player", PlayerRef(), M("field.player"), required=True)
CELL = Field("cell", ListOf(Int(0, SIZE - 1), 2, 2), M("field.cell"), required=True,
             help=M("field.cell.help"))
PASS = Field("pass", Bool(), M("field.pass"), required=True,
             help=M("field.pass.help"))
COASTER_CHOICE = Choice(tuple(ChoiceValue(c.id, c.name) for c in COASTERS.values()))

SPEC = GameSpec(
    id="pina-coladice",
    # year and play time: published 2024 (meeplemountain.com's review), 10-20 minutes (the box, as
    # whatsericplaying.com gives it)
    bgg_id=415054,
    bgg_year=2024,
    play_time=(10, 20),
    name=M("name"),
    min_players=2,
    max_players=4,
    rules_version=2,
    categories=(
        ("start", M("category.start")),
        ("placements", M("category.placements")),
    ),
    game_fields=(
        Field("board", ListOf(ListOf(COASTER_CHOICE, SIZE, SIZE), SIZE, SIZE), M("field.board"), required=True,
              help=M("field.board.help")),
    ),
    event=Variants((("cell", Record((PLAYER, CELL))), ("pass", Record((PLAYER, PASS))))),
    max_events=MAX_EVENTS,
    tiebreaks=(
        TiebreakRule("latest_placement", M("tiebreak.latest_placement.name"),
                     M("tiebreak.latest_placement.advantage"), latest_placement, shows_values=False),
    ),
    setup=setup,
    score=score,
    prompts=catalog_prompts(M, when={
        "setup.2": When(max_players=2),
        "setup.3": When(min_players=3, max_players=3),
        "setup.4": When(min_players=4),
        "end.2": When(min_players=3),
    }),
    notes=M.numbered("note"),
    uses_seat_order=True,
)
