"""For Sale (포 세일): buy properties with coins, sell them for cheques."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ..errors import fail, needed
from ..fields import Choice, ChoiceValue, Field, Int, ListOf
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text
from .common import field_rule

if TYPE_CHECKING:
    from ..engine import Result

CHEQUE_VALUES = (0, *range(2, 16))  # in thousands; there is no $1,000 cheque, each value twice
COPIES_PER_CHEQUE = 2

# edition -> players -> (starting coins, properties removed, cheques removed, rounds per phase)
SETUPS: dict[str, dict[int, tuple[int, int, int, int]]] = {
    "english": {3: (18, 6, 6, 8), 4: (18, 2, 2, 7), 5: (14, 0, 0, 6), 6: (14, 0, 0, 5)},
    "french": {3: (28, 0, 0, 10), 4: (21, 2, 2, 7), 5: (16, 0, 0, 6), 6: (14, 0, 0, 5)},
}
MAX_ROUNDS = max(s[3] for e in SETUPS.values() for s in e.values())
MAX_COINS = max(s[0] for e in SETUPS.values() for s in e.values())
DECK = tuple(sorted(CHEQUE_VALUES * COPIES_PER_CHEQUE))
DECK_VALUE = sum(DECK)  # 238: all 30 cheques
MAX_CHEQUE_TOTAL = sum(DECK[-MAX_ROUNDS:])


@cache
def cheque_sums(count: int) -> frozenset[int]:
    """Every sum that `count` cheques of the deck can make (each value is on two cheques)."""
    sums: list[set[int]] = [{0}] + [set() for _ in range(count)]
    for value in DECK:
        for taken in range(count, 0, -1):
            sums[taken] |= {total + value for total in sums[taken - 1]}
    return frozenset(sums[count])


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    coins, props, cheques, rounds = SETUPS[options.get("edition", "english")][n_players]
    return {"coins": coins, "removed_properties": props, "removed_cheques": cheques, "rounds": rounds,
            "players": n_players}


def cheque_total(player: Mapping[str, Any]) -> int:
    """A player's cheques: their entered total, or the sum of the cheques listed."""
    return player["cheque_total"] if player["cheque_total"] is not None else sum(player["cheques"])


def all_sold(player: Mapping[str, Any], rounds: int) -> bool:
    """A player whose cheques are all in: a total (entered at the end) or one cheque per selling round."""
    return player["cheque_total"] is not None or len(player["cheques"]) == rounds


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
    full = [n for n in sheet.names if all_sold(sheet.players[n], rounds)]
    for name in sheet.names:
        player = sheet.players[name]
        cheques = player["cheques"]
        if player["cheque_total"] is not None:
            check_cheque_total(sheet, name, rounds)
            continue
        if len(cheques) > rounds:
            raise fail(sheet.player_path(name, "cheques"), "{n} cheques, but each player gets one per selling round "
                       "({rounds} rounds)", "수표 {n}장: 판매 라운드마다 한 장씩, 최대 {rounds}장입니다",
                       n=len(cheques), rounds=rounds)
        for i, value in enumerate(cheques):
            if value not in CHEQUE_VALUES:
                raise fail(f"{sheet.player_path(name, 'cheques')}[{i}]", "there is no ${v},000 cheque: values are 0 "
                           "and 2 to 15", "${v},000 수표는 없습니다: 0과 2~15만 있습니다", v=value)
            seen_cheques[value] += 1
            if seen_cheques[value] > COPIES_PER_CHEQUE:
                raise fail(f"{sheet.player_path(name, 'cheques')}[{i}]", "the deck has only two ${v},000 cheques",
                           "${v},000 수표는 두 장뿐입니다", v=value)
    for name in sheet.names:
        player = sheet.players[name]
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
        if not properties and stated is not None:
            if stated in seen_properties:
                raise fail(sheet.player_path(name, "highest_property"), "property {p} is already {other}'s: each "
                           "card exists once", "건물 {p}은(는) 이미 {other}의 카드입니다: 카드는 한 장씩뿐입니다",
                           p=stated, other=seen_properties[stated])
            seen_properties[stated] = name
    # Compared only after every player's own entries: while the others still enter theirs, it is a reminder.
    # A player entered by cheque total has all their cheques.
    for name in sheet.names:
        cheques = sheet.players[name]["cheques"]
        if full and sheet.players[name]["cheque_total"] is None and len(cheques) != rounds:
            raise needed(sheet.player_path(name, "cheques"), "{other} has all {rounds} cheques, so every player "
                         "must have {rounds} (got {n})", "{other}의 수표가 {rounds}장이므로 모두 {rounds}장이어야 "
                         "합니다 (입력: {n}장)", other=full[0], rounds=rounds, n=len(cheques))
    if len(full) == len(sheet.names):
        check_cheques_handed_out(sheet, values["removed_cheques"])


def check_cheque_total(sheet: Sheet, name: str, rounds: int) -> None:
    player = sheet.players[name]
    path = sheet.player_path(name, "cheque_total")
    if player["cheques"]:
        raise fail(path, "enter the cheque total or each cheque, not both", "수표 합계와 수표 한 장씩 중 하나만 "
                   "입력하세요")
    if player["cheque_total"] not in cheque_sums(rounds):
        raise fail(path, "no {rounds} cheques add up to {n}: each player ends with {rounds} cheques (0 and 2 to 15, "
                   "each value twice in the deck)", "수표 {rounds}장으로는 {n}이(가) 될 수 없습니다: 각자 수표 "
                   "{rounds}장으로 끝납니다 (0과 2~15, 값마다 두 장)", rounds=rounds, n=player["cheque_total"])


def check_cheques_handed_out(sheet: Sheet, removed: int) -> None:
    """At the end all cheques but the ones removed unseen were handed out: their values add up to the deck's."""
    given = sum(cheque_total(sheet.players[n]) for n in sheet.names)
    possible = {DECK_VALUE - s for s in cheque_sums(removed)}
    if given in possible:
        return
    last = next((n for n in reversed(sheet.names) if sheet.players[n]["cheque_total"] is not None), sheet.names[-1])
    key = "cheque_total" if sheet.players[last]["cheque_total"] is not None else "cheques"
    if removed == 0:
        raise fail(sheet.player_path(last, key), "every cheque is handed out with {n} players, ${deck},000 in all, "
                   "but the cheques entered add up to ${given},000", "{n}인 게임에서는 수표를 모두 나눠 가지므로 "
                   "합계가 ${deck},000인데 입력한 수표의 합계는 ${given},000입니다", n=len(sheet.names),
                   deck=DECK_VALUE, given=given)
    raise fail(sheet.player_path(last, key), "with {n} players {k} cheques are removed unseen, so the cheques handed "
               "out add up to ${lo},000 to ${hi},000, but the cheques entered add up to ${given},000",
               "{n}인 게임에서는 수표 {k}장을 보지 않고 제거하므로 나눠 가진 수표의 합계는 ${lo},000~${hi},000인데 "
               "입력한 수표의 합계는 ${given},000입니다", n=len(sheet.names), k=removed, lo=min(possible),
               hi=max(possible), given=given)


def score(sheet: Sheet) -> Scoring:
    rounds = setup(sheet.options, len(sheet.names))["rounds"]
    players = {n: PlayerScore({"cheques": cheque_total(p), "coins": p["coins_left"]})
               for n, p in sheet.players.items()}
    finished = all(all_sold(p, rounds) for p in sheet.players.values())
    tie_numbers = {}
    for name in sheet.names:
        top = highest_property(sheet, name)
        if top is not None:
            tie_numbers[name] = 100 * sheet.players[name]["coins_left"] + top
    longest = max(len(p["cheques"]) for p in sheet.players.values())
    by_round = all(p["cheque_total"] is None for p in sheet.players.values())  # a total has no rounds
    progress = []
    for r in range(longest if by_round else 0):
        progress.append({n: sum(sheet.players[n]["cheques"][: r + 1]) + sheet.players[n]["coins_left"]
                         for n in sheet.names})
    return Scoring(players, finished, "rounds", progress=progress, extras={"tie_numbers": tie_numbers})


def ties_to_break(result: Result, complete: Collection[str]) -> list[list[str]]:
    """Players tied on money and on coins left while someone's highest property, which breaks the tie, is not
    entered: the table is asked for it. Only players whose entries are complete count (`complete`: on a sheet in
    progress, those with a total so far): a stand-in for an entry not made yet ties with anything."""
    groups: dict[tuple[int, int], list[str]] = {}
    for player in result.players:
        if player.name in complete:
            groups.setdefault((player.total, player.breakdown["coins"]), []).append(player.name)
    known = result.extras["tie_numbers"]  # those with a highest property entered
    return [names for names in groups.values() if len(names) > 1 and not all(n in known for n in names)]


T = Text
SPEC = GameSpec(
    id="for-sale",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=172,
    bgg_year=1997,
    play_time=(30, 30),
    name=T("For Sale", "포 세일"),
    min_players=3,
    max_players=6,
    rules_version=3,
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
        Field("cheque_total", Int(0, MAX_CHEQUE_TOTAL), T("Cheque total (thousands)", "수표 합계 (천 달러)"),
              default=None, help=T("At the end: add up your cheques. Or list each cheque below.",
                     "게임이 끝나면 수표를 모두 더해 입력합니다. 또는 아래에 한 장씩 입력하세요.")),
        Field("coins_left", Int(0, MAX_COINS), T("Coins left", "남은 코인"), required=True),
        Field("cheques", ListOf(Int(0, 15), MAX_ROUNDS), T("Cheques, one by one (thousands)", "수표 한 장씩 (천 달러)"),
              required_unless="cheque_total",
              help=T("Instead of the total: one cheque per selling round, 0 or 2 to 15.",
                     "합계 대신: 판매 라운드마다 한 장, 0 또는 2~15.")),
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
        T("A cheque total is the sum of all of a player's cheques at the end of the game: it must be a sum that "
          "as many real cheques as there are selling rounds can make (0 and 2 to 15, each value twice). Once "
          "everyone is in, all players' cheques must add up to the deck's $238,000 less the cheques removed "
          "unseen. With totals the sheet cannot check that every player has the same number of cheques, nor "
          "that no cheque value appears more than twice: those checks need the cheques one by one.",
          "수표 합계는 게임이 끝났을 때 가진 수표를 모두 더한 값입니다. 판매 라운드 수만큼의 실제 수표(0과 2~15, "
          "값마다 두 장)로 만들 수 있는 합이어야 합니다. 모두 입력하면 모든 플레이어의 수표 합계가 덱 전체 "
          "$238,000에서 보지 않고 제거한 수표를 뺀 값과 같아야 합니다. 합계로 입력하면 모두 수표 장수가 같은지, "
          "같은 값의 수표가 두 장을 넘지 않는지는 확인할 수 없습니다: 이 확인은 수표를 한 장씩 입력해야 합니다."),
    ),
)
