"""Carnage / Kharnage (카니지): four armies fight over a hill; destroy the most cards each round."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..errors import fail, needed, tie_to_break
from ..fields import Field, Int, Record
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text, join_names
from .common import player_value, progress_of

ROUNDS = 4
PLACE_POINTS = (5, 3, 1)  # 1st, 2nd, 3rd of a round; everyone after scores 0
MAX_CARDS = 30
MAX_INITIATIVE = 999
MAX_PLAYERS = 4


def most_gained(n_players: int) -> int:
    """Tokens one player can win in a round: one per opposing army wiped out."""
    return n_players - 1


def most_lost(n_players: int) -> int:
    """Tokens one player can lose in a round: one per "Kharnage!" of another player they fail to cheer."""
    return (n_players - 1) * most_gained(n_players)


def round_tokens_possible(nets: Mapping[str, int], most: Mapping[str, int]) -> bool:
    """Whether some gains can explain a round's net token changes, each player winning at most `most[name]`.

    A player who gained g and lost l has net g - l; each loss answers another player's "Kharnage!", so
    l <= the gains of everyone else. At most 4 players with 0..3 gains each: trying them all is cheap.
    """
    lows = [max(net, 0) for net in nets.values()]
    for gains in itertools.product(*(range(low, most[name] + 1) for low, name in zip(lows, nets, strict=True))):
        everyone = sum(gains)
        if all(gain - net <= everyone - gain for gain, net in zip(gains, nets.values(), strict=True)):
            return True
    return False


def round_placements(entry: Mapping[str, Mapping[str, int]]) -> list[str]:
    """Players of one round, best first: more cards destroyed, then the lower initiative."""
    return sorted(entry, key=lambda name: (-entry[name]["destroyed"], entry[name]["initiative"]))


def placement_points(entry: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """Domination points of one round: 5 / 3 / 1 for the first three places, 0 after."""
    order = round_placements(entry)
    return {name: PLACE_POINTS[i] if i < len(PLACE_POINTS) else 0 for i, name in enumerate(order)}


def check_round_tokens(entry: Mapping[str, Mapping[str, int]], index: int, names: tuple[str, ...]) -> None:
    n = len(names)
    for name in names:
        net = entry[name]["kharnage"]
        path = f"rounds[{index}].{name}.kharnage"
        if net > most_gained(n):
            raise fail(path, "{net} tokens in one round, but a player wins at most one per opposing army ({most} "
                       "with {n} players)", "한 라운드에 토큰 {net}개: 상대 군단 하나당 1개씩, {n}인 게임에서는 최대 "
                       "{most}개입니다", net=net, most=most_gained(n), n=n)
        if -net > most_lost(n):
            raise fail(path, "{lost} tokens lost in one round, but a token is lost only for a missed YEAH! after "
                       "another player's Kharnage! (at most {most} with {n} players)", "한 라운드에 토큰 {lost}개를 "
                       "잃었습니다: 다른 사람의 \"카나지!\"에 \"YEAH!\"를 외치지 않았을 때만 잃으므로 {n}인 게임에서는 "
                       "최대 {most}개입니다", lost=-net, most=most_lost(n), n=n)
        destroyed = entry[name]["destroyed"]
        if net > destroyed:
            raise fail(path, "{name} gained {net} Kharnage tokens this round but destroyed {d} cards: each token "
                       "is won by destroying the last card of an army", "{name}이(가) 이번 라운드에 카나지 토큰 "
                       "{net}개를 얻었지만 파괴한 카드는 {d}장입니다: 토큰은 군단의 마지막 카드를 파괴해 그 군단을 "
                       "전멸시킬 때마다 얻습니다", name=name, net=net, d=destroyed)
    nets = {name: entry[name]["kharnage"] for name in names}
    # each army wiped out takes at least one card destroyed
    most = {name: min(most_gained(n), entry[name]["destroyed"]) for name in names}
    if not round_tokens_possible(nets, most):
        loser = next(name for name in names if nets[name] < 0)
        raise fail(f"rounds[{index}].{loser}.kharnage", "{name} lost tokens this round, but the others did not win "
                   "enough: each lost token answers another player's Kharnage!, which wins that player a token",
                   "{name}이(가) 이번 라운드에 토큰을 잃었지만 다른 사람이 얻은 토큰이 모자랍니다: 토큰은 다른 사람이 "
                   "\"카나지!\"로 토큰을 얻을 때만 잃습니다", name=loser)


TOTALS = ("round_points", "tokens", "last_initiative")  # the fast path: the end of the game, per player


@cache
def possible_round_points(n_players: int) -> frozenset[tuple[int, ...]]:
    """Every end-of-game spread of round points (sorted): each round hands out 5 / 3 / 1 / 0, one place each."""
    places = set(itertools.permutations(PLACE_POINTS + (0,) * max(0, n_players - len(PLACE_POINTS)), n_players))
    spreads = {(0,) * n_players}
    for _ in range(ROUNDS):
        spreads = {tuple(sorted(a + b for a, b in zip(spread, p, strict=True))) for spread in spreads for p in places}
    return frozenset(spreads)


def by_totals(sheet: Sheet) -> bool:
    """The game was entered as each player's totals at the end instead of round by round."""
    return not sheet.rounds and any(sheet.players[n][key] is not None for n in sheet.names for key in TOTALS)


def check_totals(sheet: Sheet) -> None:
    n = len(sheet.names)
    for name in sheet.names:
        for key in ("round_points", "tokens"):
            if sheet.players[name][key] is None:
                raise needed(sheet.player_path(name, key), "is required when the game is entered as totals",
                             "합계로 입력할 때는 필수입니다")
        if sheet.players[name]["tokens"] > ROUNDS * most_gained(n):
            raise fail(sheet.player_path(name, "tokens"), "{t} Kharnage tokens, but a player wins at most {most} a "
                       "round with {n} players ({all} in {rounds} rounds)", "카나지 토큰 {t}개: {n}인 게임에서는 "
                       "라운드마다 최대 {most}개, {rounds}라운드에 {all}개까지입니다", t=sheet.players[name]["tokens"],
                       most=most_gained(n), n=n, all=ROUNDS * most_gained(n), rounds=ROUNDS)
    spread = tuple(sorted(sheet.players[name]["round_points"] for name in sheet.names))
    if spread not in possible_round_points(n):
        raise fail(sheet.player_path(sheet.names[-1], "round_points"), "no {rounds} rounds hand out these round "
                   "points ({points}): each round gives one player 5, one 3, one 1{rest}", "{rounds}라운드로는 이 "
                   "라운드 점수({points})가 나올 수 없습니다: 라운드마다 한 명씩 5점, 3점, 1점{rest_ko}을 받습니다",
                   rounds=ROUNDS, points=", ".join(str(sheet.players[name]["round_points"]) for name in sheet.names),
                   rest=" and the others 0" if n > len(PLACE_POINTS) else "",
                   rest_ko=", 나머지는 0점" if n > len(PLACE_POINTS) else "")
    seen: dict[int, str] = {}
    for name in sheet.names:
        initiative = sheet.players[name]["last_initiative"]
        if initiative is not None and initiative in seen:
            raise fail(sheet.player_path(name, "last_initiative"), "{name} has initiative {i} like {other}: every "
                       "tactic card of a round has its own initiative", "{name}의 주도력 {i}이(가) {other}와(과) "
                       "같습니다: 한 라운드의 작전 카드 주도력은 모두 다릅니다", name=name, i=initiative,
                       other=seen[initiative])
        if initiative is not None:
            seen[initiative] = name
    check_tie_for_the_win(sheet)


def check_tie_for_the_win(sheet: Sheet) -> None:
    """The rules break every tie for the win: more tokens, then more cards deployed, then the lower initiative
    in the last round (no two are equal). With totals, ask for the next of these the tied players lack."""
    totals = {name: sheet.players[name]["round_points"] + sheet.players[name]["tokens"] for name in sheet.names}
    tied = [name for name in sheet.names if totals[name] == max(totals.values())]
    tokens = max(sheet.players[name]["tokens"] for name in tied)
    tied = [name for name in tied if sheet.players[name]["tokens"] == tokens]
    if len(tied) < 2:
        return
    level = Text("on {total} points and on Kharnage tokens ({tokens} each)",
                 "{total}점, 카나지 토큰 {tokens}개").format(total=totals[tied[0]], tokens=tokens)
    blank = next((name for name in tied if sheet.players[name]["deployed"] is None), None)
    if blank is not None:
        raise tie_to_break(sheet.player_path(blank, "deployed"), "{names} are tied for the win {level}: enter the "
                           "legion cards each has deployed, the rules' next tiebreak", "{names}이(가) {level}로 1위 "
                           "동점입니다: 다음 동점 규칙인 배치한 군단 카드 수를 입력하세요",
                           names=join_names(tied), level=level)
    deployed = max(sheet.players[name]["deployed"] for name in tied)
    tied = [name for name in tied if sheet.players[name]["deployed"] == deployed]
    blank = next((name for name in tied if sheet.players[name]["last_initiative"] is None), None)
    if len(tied) > 1 and blank is not None:  # entered, the initiatives differ: nothing is left tied
        raise tie_to_break(sheet.player_path(blank, "last_initiative"), "{names} are tied for the win {level} and "
                           "on legion cards deployed ({deployed} each): enter each one's initiative in the last "
                           "round, the rules' last tiebreak", "{names}이(가) {level}, 배치한 군단 카드 "
                           "{deployed}장으로 1위 동점입니다: 마지막 동점 규칙인 마지막 라운드 주도력을 입력하세요",
                           names=join_names(tied), level=level, deployed=deployed)


def check(sheet: Sheet) -> None:
    if by_totals(sheet):
        check_totals(sheet)
        return
    if not sheet.rounds:
        raise needed("rounds", "enter at least 1 round, or each player's round points and Kharnage tokens",
                     "라운드를 1개 이상 입력하거나, 각자의 라운드 점수와 카나지 토큰을 입력하세요")
    for name in sheet.names:
        for key in TOTALS:
            if sheet.players[name][key] is not None:
                raise fail(sheet.player_path(name, key), "enter the game round by round or as totals, not both",
                           "라운드별로 입력하거나 합계로 입력하세요. 둘 다는 안 됩니다")
    tokens = dict.fromkeys(sheet.names, 0)
    for index, entry in enumerate(sheet.rounds):
        seen: dict[int, str] = {}
        for name in sheet.names:
            initiative = entry[name]["initiative"]
            if initiative in seen:
                raise fail(f"rounds[{index}].{name}.initiative", "{name} has initiative {i} like {other}: every "
                           "tactic card of a round has its own initiative", "{name}의 주도력 {i}이(가) {other}와(과) "
                           "같습니다: 한 라운드의 작전 카드 주도력은 모두 다릅니다",
                           name=name, i=initiative, other=seen[initiative])
            seen[initiative] = name
            tokens[name] += entry[name]["kharnage"]
            if tokens[name] < 0:
                raise fail(f"rounds[{index}].{name}.kharnage", "{name} would have {n} Kharnage tokens: a player "
                           "cannot lose a token they do not have", "{name}의 카나지 토큰이 {n}개가 됩니다: 없는 토큰은 "
                           "잃을 수 없습니다", name=name, n=tokens[name])
        check_round_tokens(entry, index, sheet.names)
    if len(sheet.rounds) == ROUNDS:
        for name in sheet.names:
            if sheet.players[name]["deployed"] is None:
                raise needed(sheet.player_path(name, "deployed"), "is required once all {n} rounds are entered "
                           "(it breaks ties)", "{n}라운드를 모두 입력하면 필수입니다 (동점을 가릅니다)", n=ROUNDS)


def kharnage_tokens(sheet: Sheet, name: str) -> int:
    return sum(entry[name]["kharnage"] for entry in sheet.rounds)


def score(sheet: Sheet) -> Scoring:
    if by_totals(sheet):
        players = {name: PlayerScore({"rounds": sheet.players[name]["round_points"],
                                      "kharnage": sheet.players[name]["tokens"]}) for name in sheet.names}
        return Scoring(players, True, "rounds", extras={"placements": []})
    per_round = [placement_points(entry) for entry in sheet.rounds]
    players = {name: PlayerScore({"rounds": sum(points[name] for points in per_round),
                                  "kharnage": kharnage_tokens(sheet, name)})
               for name in sheet.names}
    steps = [{name: points[name] + entry[name]["kharnage"] for name in sheet.names}
             for points, entry in zip(per_round, sheet.rounds, strict=True)]
    extras: dict[str, Any] = {"placements": [round_placements(entry) for entry in sheet.rounds]}
    return Scoring(players, len(sheet.rounds) == ROUNDS, "rounds", progress=progress_of(sheet.names, steps),
                   extras=extras)


def last_initiative(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    return sheet.rounds[-1][name]["initiative"] if sheet.rounds else sheet.players[name]["last_initiative"]


T = Text
SPEC = GameSpec(
    id="carnage",
    # year and play time: published 2016 (boardgameguys.com), 20-30 minutes (the box, as booyakajuice.com
    # gives it). No BoardGameGeek id: none was found in a public source to verify
    bgg_id=0,
    bgg_year=2016,
    play_time=(20, 30),
    name=T("Kharnage", "카니지"),
    min_players=2,
    max_players=MAX_PLAYERS,
    rules_version=3,
    categories=(
        ("rounds", Text("Round points", "라운드 점수")),
        ("kharnage", Text("Kharnage tokens", "카나지 토큰")),
    ),
    round_entry=Record((
        Field("destroyed", Int(0, MAX_CARDS), T("Cards destroyed", "파괴한 카드"), required=True,
              help=T("Opponent legion cards you destroyed this round.", "이번 라운드에 파괴한 상대 군단 카드 수.")),
        Field("initiative", Int(0, MAX_INITIATIVE), T("Initiative", "주도력"), required=True,
              help=T("The initiative of your tactic card this round.", "이번 라운드 작전 카드의 주도력.")),
        Field("kharnage", Int(-most_lost(MAX_PLAYERS), most_gained(MAX_PLAYERS)), T("Kharnage tokens", "카나지 토큰"),
              help=T("Tokens gained this round minus those lost: one for each YEAH! you missed.",
                     "이번 라운드에 얻은 토큰 수에서 잃은 토큰 수를 뺍니다 (YEAH!를 외치지 못할 때마다 1개).")),
    )),
    round_range=(0, ROUNDS),  # none when the game is entered as totals
    player_fields=(
        Field("round_points", Int(0, ROUNDS * PLACE_POINTS[0]), T("Round points (total)", "라운드 점수 (합계)"),
              default=None, help=T("Instead of the rounds: the 5 / 3 / 1 tokens you won in all.",
                                   "라운드 대신: 얻은 5 / 3 / 1점 토큰의 합계.")),
        Field("tokens", Int(0, ROUNDS * most_gained(MAX_PLAYERS)), T("Kharnage tokens (total)", "카나지 토큰 (합계)"),
              default=None, help=T("Instead of the rounds: the Kharnage tokens you hold at the end.",
                                   "라운드 대신: 게임이 끝났을 때 가진 카나지 토큰 수.")),
        Field("deployed", Int(0, MAX_CARDS), T("Cards deployed", "배치한 군단 카드"), default=None,
              help=T("Legion cards on the table at the end of the game (for ties).",
                     "게임이 끝났을 때 배치되어 있는 군단 카드 수 (동점용).")),
        Field("last_initiative", Int(0, MAX_INITIATIVE), T("Last round's initiative", "마지막 라운드 주도력"),
              default=None, help=T("With totals, only for a tie that the cards deployed leave.",
                                   "합계로 입력할 때, 배치한 카드까지 같을 때만.")),
    ),
    tiebreaks=(
        TiebreakRule("kharnage", T("Kharnage tokens", "카나지 토큰"),
                     T("more Kharnage tokens", "카나지 토큰이 더 많아"),
                     lambda sheet, scoring, name: scoring.players[name].breakdown["kharnage"]),
        TiebreakRule("deployed", T("cards deployed", "배치한 군단 카드"),
                     T("more legion cards deployed", "배치한 군단 카드가 더 많아"), player_value("deployed")),
        TiebreakRule("last_initiative", T("last round's initiative", "마지막 라운드 주도력"),
                     T("the lower initiative in the last round", "마지막 라운드 주도력이 더 낮아"), last_initiative,
                     better="lower"),
    ),
    check=check,
    score=score,
    prompts=(
        Prompt("setup", T("Put the hill card face up in the middle of the table.",
                          "언덕 카드를 테이블 가운데에 앞면으로 놓습니다.")),
        Prompt("setup", T("Sort the score tokens and the Kharnage tokens face up by kind.",
                          "점수 토큰과 카나지 토큰을 종류별로 나눠 앞면으로 놓습니다.")),
        Prompt("setup", T("Deal the army choice cards at random; each takes their legion, commander and tactic "
                          "cards.", "군단 선택 카드를 무작위로 나눠 주고, 각자 자기 군단 카드, 지휘관 카드, "
                          "작전 카드를 가져갑니다.")),
        Prompt("setup", T("Shuffle your legion cards into a deck; keep the tactic and commander cards in hand.",
                          "자기 군단 카드를 섞어 더미를 만들고, 작전 카드와 지휘관 카드는 손에 듭니다.")),
        Prompt("setup", T("Put your tactic card 0 in your tactic area in front of the hill.",
                          "0번 작전 카드를 언덕 앞 자기 작전 영역에 놓습니다.")),
        Prompt("setup", T("Stack as many legion cards unseen as card 0 shows reinforcements: your reinforcement "
                          "pile.", "0번 카드의 증원 수만큼 군단 카드를 보지 않고 쌓아 증원 더미를 만듭니다.")),
        Prompt("setup", T("Reveal them one at a time and deploy each in its row, the art facing the hill.",
                          "한 장씩 공개해 카드의 배치열에 바로 배치합니다. 그림이 언덕을 향하게 놓습니다.")),
        Prompt("round", T("Everyone puts one tactic card face down, then all reveal at once.",
                          "모두 작전 카드 1장을 뒷면으로 내려놓은 뒤 동시에 공개합니다.")),
        Prompt("round", T("Record each player's initiative: the lowest plays first, then the next lowest.",
                          "각자의 주도력을 기록합니다: 가장 낮은 플레이어부터 차례를 진행합니다.")),
        Prompt("turn", T("Reinforce: stack legion cards (or a commander) face down on your reinforcement pile.",
                         "증원: 군단 카드(또는 지휘관 카드)를 증원 더미에 뒷면으로 쌓습니다.")),
        Prompt("turn", T("Deploy: reveal the pile's cards one at a time into the front, middle or back row; "
                         "apply their surprise icons at once.", "배치: 증원 더미의 카드를 한 장씩 공개해 전방, 중앙, "
                         "후방 열에 놓고, 기습 아이콘을 바로 적용합니다.")),
        Prompt("turn", T("Attack: use the tactic card's attack icons left to right, each against up to 2 armies.",
                         "공격: 작전 카드의 공격 아이콘을 왼쪽부터 사용합니다. 아이콘마다 군단 2개까지 공격합니다.")),
        Prompt("turn", T("Attack the front row first, then the middle, then the back; keep the cards you destroy.",
                         "전방부터 공격하고, 그다음 중앙, 후방을 공격합니다. 파괴한 카드는 내 앞에 쌓습니다.")),
        Prompt("turn", T("Destroy a whole army: shout \"Kharnage!\" and take a Kharnage token. Everyone else "
                         "shouts \"YEAH!\" or loses a token.", "군단 하나를 전멸시키면 \"카나지!\"를 외치고 카나지 "
                         "토큰을 받습니다. 다른 사람은 \"YEAH!\"를 외치지 않으면 토큰을 잃습니다.")),
        Prompt("round", T("Round end: count the cards each player destroyed this round.",
                          "라운드 종료: 각자 이번 라운드에 파괴한 카드를 셉니다.")),
        Prompt("round", T("Most destroyed scores 5, second 3, third 1, the others 0; equal counts: the lower "
                          "initiative ranks higher.", "가장 많이 파괴한 사람 5점, 2등 3점, 3등 1점, 나머지 0점. "
                          "같으면 주도력이 낮은 사람이 높은 등수입니다.")),
        Prompt("round", T("Remove the destroyed cards from the game; discard the tactic cards played.",
                          "파괴한 카드는 게임에서 제거하고, 사용한 작전 카드는 버립니다.")),
        Prompt("end", T("The game ends after round 4.", "4라운드가 끝나면 게임이 끝납니다.")),
        Prompt("scoring", T("Score: round points plus 1 per Kharnage token.",
                            "점수: 라운드 점수 합계 + 카나지 토큰 1개당 1점.")),
        Prompt("scoring", T("Tie: more Kharnage tokens, then more legion cards deployed, then the lower initiative "
                            "in the last round.", "동점이면 카나지 토큰이 많은 사람, 그다음 배치한 군단 카드가 많은 "
                            "사람, 그다음 마지막 라운드 주도력이 낮은 사람이 승리합니다.")),
    ),
    notes=(
        T("The fastest entry is each player's totals at the end: round points (the 5 / 3 / 1 tokens won) and "
          "Kharnage tokens. The round points of all players together must be what 4 rounds can hand out (each "
          "round one player 5, one 3, one 1); tokens are at most n−1 a round. Cards deployed and the last "
          "initiative are then asked only for a tie for the win, and the game is finished once they break it: the "
          "rules break every such tie (no two initiatives of a round are equal). Without them a tie for another "
          "place stays shared. Round by round, the cards deployed are required at the end as before.",
          "가장 빠른 입력은 게임이 끝났을 때 각자의 합계입니다: 라운드 점수(얻은 5 / 3 / 1점 토큰)와 카나지 토큰. "
          "모든 플레이어의 라운드 점수는 4라운드 동안 나올 수 있는 값이어야 하고(라운드마다 한 명씩 5점, 3점, 1점), "
          "토큰은 라운드마다 최대 n−1개입니다. 배치한 군단 카드와 마지막 라운드 주도력은 1위 동점일 때만 "
          "물어보며, 이 값으로 동점을 가려야 게임을 끝낼 수 있습니다: 규칙은 1위 동점을 모두 가립니다 (한 라운드의 "
          "주도력은 모두 다릅니다). 다른 순위의 동점은 이 값이 없으면 공동 순위로 남습니다. "
          "라운드별로 입력하면 전처럼 마지막에 배치한 군단 카드가 필수입니다."),
        T("A player who destroyed no card is still ranked in the round like everyone else, so with few players "
          "they may score (the rules rank by count with no exception).",
          "카드를 하나도 파괴하지 않은 플레이어도 다른 사람처럼 순위를 매기므로, 인원이 적으면 점수를 얻을 수 있습니다 "
          "(규칙은 예외 없이 파괴 수로 순위를 정합니다)."),
        T("Kharnage tokens are entered per round as the net change: +1 per army you wiped out (at most one per "
          "opposing army), −1 for each YEAH! you missed after another player's Kharnage!. With n players a round "
          "is between −(n−1)² and n−1, nobody wins more tokens than cards they destroyed that round (a token is "
          "won by destroying an army's last card), the others must have won at least the tokens lost, and nobody's "
          "total goes below 0.",
          "카나지 토큰은 라운드마다 순변화로 입력합니다: 전멸시킨 군단마다 +1(상대 군단 하나당 최대 1개), 다른 "
          "사람의 \"카나지!\"에 \"YEAH!\"를 외치지 못할 때마다 −1. n인 게임에서 한 라운드는 −(n−1)²에서 n−1 "
          "사이이고, 그 라운드에 파괴한 카드 수보다 많은 토큰은 얻을 수 없으며(토큰은 군단의 마지막 카드를 파괴할 때 "
          "얻습니다), 잃은 토큰만큼 다른 사람이 토큰을 얻었어야 하고, 누구의 합계도 0 아래로 내려가지 않습니다."),
    ),
)
