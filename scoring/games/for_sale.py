"""For Sale (포 세일): buy properties with coins, sell them for cheques."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..errors import fail
from ..fields import Choice, ChoiceValue, Field, Int, ListOf
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text
from .common import field_rule

CHEQUE_VALUES = (0, *range(2, 16))  # in thousands; there is no $1,000 cheque, each value twice
COPIES_PER_CHEQUE = 2

# edition -> players -> (starting coins, properties removed, cheques removed, rounds per phase)
SETUPS: dict[str, dict[int, tuple[int, int, int, int]]] = {
    "english": {3: (18, 6, 6, 8), 4: (18, 2, 2, 7), 5: (14, 0, 0, 6), 6: (14, 0, 0, 5)},
    "french": {3: (28, 0, 0, 10), 4: (21, 2, 2, 7), 5: (16, 0, 0, 6), 6: (14, 0, 0, 5)},
}
MAX_ROUNDS = max(s[3] for e in SETUPS.values() for s in e.values())
MAX_COINS = max(s[0] for e in SETUPS.values() for s in e.values())


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    coins, props, cheques, rounds = SETUPS[options.get("edition", "english")][n_players]
    return {"coins": coins, "removed_properties": props, "removed_cheques": cheques, "rounds": rounds,
            "players": n_players}


def highest_property(sheet: Sheet, name: str) -> int | None:
    player = sheet.players[name]
    if player["properties"]:
        return max(player["properties"])
    return player["highest_property"]


def check(sheet: Sheet) -> None:
    values = setup(sheet.options, len(sheet.names))
    rounds = values["rounds"]
    seen_cheques: Counter[int] = Counter()
    seen_properties: dict[int, str] = {}
    full = [n for n in sheet.names if len(sheet.players[n]["cheques"]) == rounds]
    for name in sheet.names:
        player = sheet.players[name]
        cheques = player["cheques"]
        if len(cheques) > rounds:
            raise fail(sheet.player_path(name, "cheques"), "{n} cheques, but each player gets one per selling round "
                       "({rounds} rounds)", "수표 {n}장: 판매 라운드마다 한 장씩, 최대 {rounds}장입니다",
                       n=len(cheques), rounds=rounds)
        if full and len(cheques) != rounds:
            raise fail(sheet.player_path(name, "cheques"), "{other} has all {rounds} cheques, so every player must "
                       "have {rounds} (got {n})", "{other}의 수표가 {rounds}장이므로 모두 {rounds}장이어야 합니다 "
                       "(입력: {n}장)", other=full[0], rounds=rounds, n=len(cheques))
        for i, value in enumerate(cheques):
            if value not in CHEQUE_VALUES:
                raise fail(f"{sheet.player_path(name, 'cheques')}[{i}]", "there is no ${v},000 cheque: values are 0 "
                           "and 2 to 15", "${v},000 수표는 없습니다: 0과 2~15만 있습니다", v=value)
            seen_cheques[value] += 1
            if seen_cheques[value] > COPIES_PER_CHEQUE:
                raise fail(f"{sheet.player_path(name, 'cheques')}[{i}]", "the deck has only two ${v},000 cheques",
                           "${v},000 수표는 두 장뿐입니다", v=value)
        if player["coins_left"] > values["coins"]:
            raise fail(sheet.player_path(name, "coins_left"), "{n} coins left, but players start with {start}",
                       "남은 코인 {n}개: 시작 코인은 {start}개입니다", n=player["coins_left"], start=values["coins"])
        properties = player["properties"]
        if len(properties) > rounds:
            raise fail(sheet.player_path(name, "properties"), "{n} properties, but each player buys one per round "
                       "({rounds} rounds)", "건물 {n}장: 라운드마다 한 장씩, 최대 {rounds}장입니다",
                       n=len(properties), rounds=rounds)
        for i, prop in enumerate(properties):
            if prop in seen_properties:
                raise fail(f"{sheet.player_path(name, 'properties')}[{i}]", "property {p} is already {other}'s: "
                           "each card exists once", "건물 {p}은(는) 이미 {other}의 카드입니다: 카드는 한 장씩뿐입니다",
                           p=prop, other=seen_properties[prop])
            seen_properties[prop] = name
        stated = player["highest_property"]
        if properties and stated is not None and stated != max(properties):
            raise fail(sheet.player_path(name, "highest_property"), "is {s}, but the highest of the properties "
                       "listed is {m}", "{s}이지만 입력한 건물 중 가장 높은 카드는 {m}입니다",
                       s=stated, m=max(properties))


def score(sheet: Sheet) -> Scoring:
    rounds = setup(sheet.options, len(sheet.names))["rounds"]
    players = {n: PlayerScore({"cheques": sum(p["cheques"]), "coins": p["coins_left"]})
               for n, p in sheet.players.items()}
    finished = all(len(p["cheques"]) == rounds for p in sheet.players.values())
    tie_numbers = {}
    for name in sheet.names:
        top = highest_property(sheet, name)
        if top is not None:
            tie_numbers[name] = 100 * sheet.players[name]["coins_left"] + top
    longest = max(len(p["cheques"]) for p in sheet.players.values())
    progress = []
    for r in range(longest):
        progress.append({n: sum(sheet.players[n]["cheques"][: r + 1]) + sheet.players[n]["coins_left"]
                         for n in sheet.names})
    return Scoring(players, finished, "rounds", progress=progress, extras={"tie_numbers": tie_numbers})


T = Text
SPEC = GameSpec(
    id="for-sale",
    bgg_id=172,
    name=T("For Sale", "포 세일"),
    min_players=3,
    max_players=6,
    rules_version=1,
    categories=(
        ("cheques", Text("Cheques", "수표")),
        ("coins", Text("Coins left", "남은 코인")),
    ),
    options=(
        Field("edition", Choice((ChoiceValue("english", T("English edition", "영문판")),
                                 ChoiceValue("french", T("French edition", "프랑스판")))),
              T("Edition", "판본"), default="english",
              help=T("Sets the starting coins and the cards removed.", "시작 코인과 제거할 카드 수가 달라집니다.")),
        Field("refund_rounding", Choice((ChoiceValue("down", T("Round down", "내림")),
                                         ChoiceValue("up", T("Round up", "올림")))),
              T("Refund when passing", "패스할 때 돌려받는 코인"), default="down",
              help=T("Half the bid comes back; the rules round down.",
                     "입찰액의 절반을 돌려받습니다. 규칙은 내림입니다.")),
    ),
    player_fields=(
        Field("cheques", ListOf(Int(0, 15), MAX_ROUNDS), T("Cheques (thousands)", "수표 (천 달러)"), required=True,
              help=T("One cheque per selling round: 0 or 2 to 15.", "판매 라운드마다 한 장: 0 또는 2~15.")),
        Field("coins_left", Int(0, MAX_COINS), T("Coins left", "남은 코인"), required=True),
        Field("properties", ListOf(Int(1, 30), MAX_ROUNDS, unique=True), T("Properties bought", "구매한 건물"),
              help=T("Only needed to break a tie on coins.", "코인까지 같을 때만 필요합니다.")),
        Field("highest_property", Int(1, 30), T("Highest property", "가장 높은 건물"),
              help=T("Instead of listing properties: only for a tie on coins.", "건물 목록 대신: 코인까지 같을 때만.")),
    ),
    tiebreaks=(
        field_rule("coins_left", T("coins left", "남은 코인"), T("more coins left", "남은 코인이 더 많아")),
        TiebreakRule("highest_property", T("highest property", "가장 높은 건물"),
                     T("the higher property card", "가장 높은 건물 카드가 더 높아"),
                     lambda sheet, scoring, name: highest_property(sheet, name)),
    ),
    setup=setup,
    check=check,
    score=score,
    prompts=(
        Prompt("setup", T("Each player takes {coins} coins.", "각자 코인 {coins}개를 받습니다.")),
        Prompt("setup", T("Remove {removed_properties} property cards and {removed_cheques} cheques unseen.",
                          "건물 카드 {removed_properties}장과 수표 {removed_cheques}장을 보지 않고 제거합니다.")),
        Prompt("setup", T("Each phase has {rounds} rounds of {players} cards.",
                          "각 단계는 {rounds}라운드이며, 라운드마다 카드 {players}장을 공개합니다.")),
        Prompt("round", T("Bidding: reveal {players} properties. In turn, raise the bid or pass.",
                          "입찰: 건물 {players}장을 공개합니다. 차례대로 더 높게 입찰하거나 패스합니다.")),
        Prompt("round", T("Passing takes the lowest property left and returns half your bid, rounded down.",
                          "패스하면 남은 건물 중 가장 낮은 카드를 가져가고, 입찰액의 절반(내림)을 돌려받습니다."),
               option=("refund_rounding", "down")),
        Prompt("round", T("Passing takes the lowest property left and returns half your bid, rounded up.",
                          "패스하면 남은 건물 중 가장 낮은 카드를 가져가고, 입찰액의 절반(올림)을 돌려받습니다."),
               option=("refund_rounding", "up")),
        Prompt("round", T("The last bidder takes the highest property and pays the whole bid.",
                          "마지막까지 남은 사람은 가장 높은 건물을 가져가고 입찰액 전액을 냅니다.")),
        Prompt("round", T("Selling: reveal {players} cheques; everyone plays a property face down at once. "
                          "The highest property takes the highest cheque, and so on.",
                          "판매: 수표 {players}장을 공개하고, 모두 건물 한 장을 동시에 냅니다. "
                          "가장 높은 건물이 가장 높은 수표를 가져가는 식으로 나눕니다.")),
        Prompt("end", T("The game ends after {rounds} selling rounds.",
                        "판매 {rounds}라운드가 끝나면 게임이 끝납니다.")),
        Prompt("scoring", T("Score: cheques plus coins left. Ties: more coins left, then the highest property "
                            "(tie number 100 × coins + highest property).",
                            "점수: 수표 합계 + 남은 코인. 동점이면 남은 코인, 그다음 가장 높은 건물 "
                            "(동점 수치 100 × 코인 + 가장 높은 건물).")),
    ),
    notes=(
        T("A tie on coins is broken by the highest property only when it is entered; otherwise it stays shared.",
          "코인까지 같을 때 가장 높은 건물을 입력하지 않으면 공동 순위로 남습니다."),
    ),
)
