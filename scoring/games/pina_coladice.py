"""Piña Coladice (피냐 콜라다이스): roll dice combinations, claim coasters on a 4×4 board, complete a line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import fail
from ..fields import Bool, Choice, ChoiceValue, Field, Int, ListOf, PlayerRef, Record, Variants
from ..spec import EndReason, GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text

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
    name: Text
    one: int  # value on the one-space side
    first: int  # two-space side, first token
    second: int  # two-space side, second token
    matches: Callable[[Dice], bool]


T = Text
COASTERS: dict[str, Coaster] = {c.id: c for c in (
    *(Coaster(f"pair-{f}", T(f"Pair of {f}s", f"{f} 두 개"), 1, 1, 1, _at_least(f, 2)) for f in range(1, 7)),
    Coaster("double-pair", T("Two pairs", "투 페어"), 2, 3, 2, _two_pairs),
    *(Coaster(f"three-{f}", T(f"Three {f}s", f"{f} 세 개"), 1, 2, 1, _at_least(f, 3)) for f in range(1, 7)),
    Coaster("odds", T("All odd", "모두 홀수"), 2, 3, 2, lambda dice: all(d % 2 == 1 for d in dice)),
    Coaster("evens", T("All even", "모두 짝수"), 2, 3, 2, lambda dice: all(d % 2 == 0 for d in dice)),
    Coaster("sum-le-9", T("Sum 9 or less", "합 9 이하"), 3, 4, 3, _sum_between(DICE, 9)),
    Coaster("sum-12-14", T("Sum 12 to 14", "합 12~14"), 2, 3, 2, _sum_between(12, 14)),
    Coaster("sum-21-23", T("Sum 21 to 23", "합 21~23"), 2, 3, 2, _sum_between(21, 23)),
    Coaster("sum-ge-26", T("Sum 26 or more", "합 26 이상"), 3, 4, 3, _sum_between(26, 6 * DICE)),
    Coaster("small-straight", T("Small straight (4 in a row)", "스몰 스트레이트 (4개 연속)"), 2, 3, 2, _run_of(4)),
    Coaster("large-straight", T("Large straight (5 in a row)", "라지 스트레이트 (5개 연속)"), 3, 4, 3, _run_of(5)),
    Coaster("four-of-a-kind", T("Four of a kind", "같은 눈 4개"), 3, 3, 3, _same(4)),
    Coaster("full-house", T("Full house (3 + 2)", "풀하우스 (3개 + 2개)"), 3, 4, 3, _full_house),
    Coaster("all-different", T("All different", "모두 다른 눈"), 3, 3, 3, lambda dice: len(set(dice)) == DICE),
    Coaster("five-of-a-kind", T("Five of a kind", "같은 눈 5개"), 4, 6, 4, _same(5)),
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


def line_name(line: tuple[Cell, ...]) -> Text:
    """A line as players call it: rows and columns counted from 1 at the top left, or one of the diagonals."""
    (r0, c0), (r1, c1) = line[:2]
    if r0 == r1:
        return Text(f"row {r0 + 1}", f"가로 {r0 + 1}번째 줄")
    if c0 == c1:
        return Text(f"column {c0 + 1}", f"세로 {c0 + 1}번째 줄")
    if c1 > c0:
        return Text("the diagonal from the top left corner", "왼쪽 위 모서리에서 시작하는 대각선")
    return Text("the diagonal from the top right corner", "오른쪽 위 모서리에서 시작하는 대각선")


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
            raise fail(path, "The game is already over (it ended with turn {turn}): no more turns.",
                       "게임이 이미 끝났습니다 ({turn}번째 차례에서 끝남): 더 이상 차례가 없습니다.",
                       turn=self.last_event + 1)
        expected = self.names[index % len(self.names)]
        if event["player"] != expected:
            raise fail(f"{path}.player", "it is {expected}'s turn (turns go in seat order), not {got}'s",
                       "{expected}의 차례입니다 (좌석 순서대로 진행): {got}의 차례가 아닙니다",
                       expected=expected, got=event["player"])
        if "cell" in event:
            self.place(path, event["player"], event["cell"])
        elif not event["pass"]:
            raise fail(f"{path}.pass", "a pass is entered as true", "패스는 true로 입력합니다")
        self.progress.append({n: self.total(n) for n in self.names})
        if self.trigger is not None and (self.line or (index + 1) % len(self.names) == 0):
            self.last_event = index

    def place(self, path: str, player: str, cell: list[int]) -> None:
        row, col = cell
        side = coaster_side(row, col, len(self.names))
        holders = self.tokens[row][col]
        name = COASTERS[self.board[row][col]].name
        if len(holders) == capacity(side):
            raise fail(f"{path}.cell", "{coaster} in row {r}, column {c} is already full ({who})",
                       "{r}행 {c}열의 {coaster} 코스터는 이미 찼습니다 ({who})",
                       coaster=name, r=row + 1, c=col + 1, who=", ".join(holders))
        if player in holders:
            raise fail(f"{path}.cell", "{player} already has a token on {coaster} in row {r}, column {c}: a "
                       "two-space coaster takes tokens of two different players", "{player}은(는) 이미 {r}행 {c}열의 "
                       "{coaster} 코스터에 토큰이 있습니다: 2칸 코스터에는 서로 다른 두 플레이어의 토큰만 놓입니다",
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
                raise fail(f"board[{r}][{c}]", "{coaster} is already on the board in row {r0}, column {c0}: each "
                           "coaster is laid out once", "{coaster} 코스터는 이미 {r0}행 {c0}열에 있습니다: 코스터는 한 "
                           "번씩만 놓습니다", coaster=COASTERS[coaster].name, r0=first[0] + 1, c0=first[1] + 1)
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
    reason = None if game.line is None else Text(
        "{name} completed {line} with their tokens: the game ended at once and {name} wins, whatever the points",
        "{name}이(가) 자기 토큰으로 {line}을 완성했습니다: 게임이 바로 끝나고 점수와 관계없이 {name}이(가) "
        "승리합니다").format(name=game.winner, line=line_name(game.line))
    return Scoring(players, game.over, game.trigger, outright_winner=game.winner, outright_reason=reason,
                   progress=game.progress, extras=extras)


def latest_placement(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    """Index of the player's latest placement event (a later one wins the tie); None if they never placed."""
    return max((i for i, e in enumerate(sheet.events) if e["player"] == name and "cell" in e), default=None)


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    return {"tokens": TOKENS, "target": TARGET, "last": n_players}


PLAYER = Field("player", PlayerRef(), T("Player", "플레이어"), required=True)
CELL = Field("cell", ListOf(Int(0, SIZE - 1), 2, 2), T("Coaster [row, column]", "코스터 [행, 열]"), required=True,
             help=T("Counted from 0: [0, 0] is the top left coaster.", "0부터 셉니다: [0, 0]이 왼쪽 위 코스터입니다."))
PASS = Field("pass", Bool(), T("Pass", "패스"), required=True,
             help=T("No free coaster matched the dice.", "주사위와 맞는 빈 코스터가 없었습니다."))
COASTER_CHOICE = Choice(tuple(ChoiceValue(c.id, c.name) for c in COASTERS.values()))

SPEC = GameSpec(
    id="pina-coladice",
    # year and play time: published 2024 (meeplemountain.com's review), 10-20 minutes (the box, as
    # whatsericplaying.com gives it)
    bgg_id=415054,
    bgg_year=2024,
    play_time=(10, 20),
    name=T("Piña Coladice", "피냐 콜라다이스"),
    min_players=2,
    max_players=4,
    rules_version=2,
    categories=(
        ("start", Text("Starting score", "시작 점수")),
        ("placements", Text("Points from tokens placed", "토큰 배치 점수")),
    ),
    game_fields=(
        Field("board", ListOf(ListOf(COASTER_CHOICE, SIZE, SIZE), SIZE, SIZE), T("Board (4 × 4 coasters)",
              "보드 (코스터 4 × 4)"), required=True,
              help=T("The 16 coasters as laid out, rows from top to bottom.",
                     "놓인 코스터 16개를 위쪽 행부터 차례로 입력합니다.")),
    ),
    event=Variants((("cell", Record((PLAYER, CELL))), ("pass", Record((PLAYER, PASS))))),
    max_events=MAX_EVENTS,
    tiebreaks=(
        TiebreakRule("latest_placement", T("latest placement", "마지막 토큰 배치"),
                     T("the latest placement", "가장 마지막에 토큰을 놓아"), latest_placement, shows_values=False),
    ),
    setup=setup,
    score=score,
    prompts=(
        Prompt("setup", T("Lay out 16 of the 25 coasters at random in a 4 × 4 grid.",
                          "코스터 25개 중 16개를 무작위로 골라 4 × 4로 놓습니다.")),
        Prompt("setup", T("Two players: every coaster shows its one-space side.",
                          "2인 게임: 모든 코스터를 1칸 면으로 놓습니다."), max_players=2),
        Prompt("setup", T("Three players: the 4 corners and the 4 centre coasters show their two-space side, "
                          "the other 8 their one-space side.",
                          "3인 게임: 네 귀퉁이와 가운데 4개 코스터는 2칸 면, 나머지 8개는 1칸 면으로 놓습니다."),
               min_players=3, max_players=3),
        Prompt("setup", T("Four players: every coaster shows its two-space side.",
                          "4인 게임: 모든 코스터를 2칸 면으로 놓습니다."), min_players=4),
        Prompt("setup", T("Each player takes {tokens} cocktail tokens of one colour.",
                          "각자 한 색의 칵테일 토큰 {tokens}개를 받습니다.")),
        Prompt("setup", T("Pick the first player at random and list the players in seat order from them.",
                          "시작 플레이어를 무작위로 정하고, 그 사람부터 좌석 순서대로 플레이어를 입력합니다.")),
        Prompt("setup", T("Starting score = seat number: the first player starts with 1 point, the second with 2, "
                          "and so on ({last} for the last seat).", "시작 점수 = 좌석 번호: 첫 번째 플레이어 1점, "
                          "두 번째 2점, 이런 식으로 시작합니다 (마지막 좌석은 {last}점).")),
        Prompt("turn", T("Roll the 5 dice up to 3 times; after each roll keep any dice and reroll the rest.",
                         "주사위 5개를 최대 3번 굴립니다. 굴릴 때마다 원하는 주사위를 남기고 나머지를 다시 굴립니다.")),
        Prompt("turn", T("If the dice match a coaster with a free space, place a token on it.",
                         "주사위가 빈 자리가 있는 코스터의 조합과 맞으면 그 코스터에 토큰을 놓습니다.")),
        Prompt("turn", T("A one-space coaster takes one token; a two-space coaster takes two tokens of two "
                         "different players, the first scores the higher value.",
                         "1칸 코스터에는 토큰 1개, 2칸 코스터에는 서로 다른 두 플레이어의 토큰 2개가 놓이며 "
                         "먼저 놓은 토큰이 높은 점수를 얻습니다.")),
        Prompt("turn", T("Score the coaster's value plus 1 for each of the 8 neighbouring coasters holding your "
                         "token.", "코스터 점수에 더해, 둘러싼 8칸 중 내 토큰이 있는 코스터마다 1점을 얻습니다.")),
        Prompt("turn", T("No free coaster matches: pass. Record every placement and pass in turn order.",
                         "맞는 빈 코스터가 없으면 패스합니다. 배치와 패스를 차례 순서대로 기록합니다.")),
        Prompt("turn", T("Happy Hour variant: when you must pass, roll one die and follow the Happy Hour board. "
                         "The app does not score it: record the turn as a pass.",
                         "해피 아워 변형: 패스해야 할 때 주사위 1개를 굴려 해피 아워 보드를 따릅니다. 앱은 이 효과를 "
                         "계산하지 않으니 그 차례는 패스로 기록합니다.")),
        Prompt("end", T("A full row, column or diagonal of your tokens wins at once, even in the last round.",
                        "내 토큰으로 가로, 세로 또는 대각선 한 줄을 채우면 그 즉시 승리합니다 (마지막 라운드에도).")),
        Prompt("end", T("A two-space coaster counts for your line when one of its tokens is yours.",
                        "2칸 코스터는 두 토큰 중 하나가 내 것이면 내 줄로 칩니다."), min_players=3),
        Prompt("end", T("When a player reaches {target} points or more, or places their {tokens}th token, finish "
                        "the round: play stops after the last seat, so everyone has had as many turns.",
                        "누군가 {target}점 이상이 되거나 {tokens}번째 토큰을 놓으면 라운드를 마저 진행합니다: "
                        "마지막 좌석까지 차례를 마쳐 모두 같은 횟수의 차례를 갖습니다.")),
        Prompt("scoring", T("The highest score wins. Tie: the tied player who placed a token last wins.",
                            "점수가 가장 높은 사람이 승리합니다. 동점이면 그중 마지막으로 토큰을 놓은 사람이 "
                            "승리합니다.")),
    ),
    notes=(
        T("Tie: the tied player whose latest placement came last wins; if one of them never placed a token, "
          "the tie stays shared.", "동점이면 가장 마지막에 토큰을 놓은 사람이 승리합니다. 동점자 중 토큰을 한 번도 "
          "놓지 않은 사람이 있으면 공동 순위로 남습니다."),
        T("If one placement both reaches 20 points and is the 6th token, the end reason is the 20 points.",
          "한 번의 배치로 20점 이상과 6번째 토큰이 동시에 일어나면 종료 사유는 20점으로 기록합니다."),
        T("A player who has placed all 6 tokens ends the game with that round, so a 7th token is refused as a turn "
          "after the end.", "토큰 6개를 모두 놓으면 그 라운드로 게임이 끝나므로, 7번째 토큰은 종료 후의 차례로 "
          "거부됩니다."),
        T("The Happy Hour variant is not scored by the app: its turns are recorded as passes.",
          "해피 아워 변형은 앱이 계산하지 않습니다: 그 차례는 패스로 기록합니다."),
        T("A two-space coaster counts for a player's line when one of its two tokens is theirs.",
          "2칸 코스터는 두 토큰 중 하나가 그 플레이어의 것이면 그 플레이어의 줄로 칩니다."),
    ),
    uses_seat_order=True,
)
