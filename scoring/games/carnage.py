"""Carnage / Kharnage (카니지): four armies fight over a hill; destroy the most cards each round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import fail, needed
from ..fields import Field, Int, Record
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text
from .common import player_value, progress_of

ROUNDS = 4
PLACE_POINTS = (5, 3, 1)  # 1st, 2nd, 3rd of a round; everyone after scores 0
MAX_CARDS = 30
MAX_INITIATIVE = 999


def round_placements(entry: Mapping[str, Mapping[str, int]]) -> list[str]:
    """Players of one round, best first: more cards destroyed, then the lower initiative."""
    return sorted(entry, key=lambda name: (-entry[name]["destroyed"], entry[name]["initiative"]))


def placement_points(entry: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """Domination points of one round: 5 / 3 / 1 for the first three places, 0 after."""
    order = round_placements(entry)
    return {name: PLACE_POINTS[i] if i < len(PLACE_POINTS) else 0 for i, name in enumerate(order)}


def check(sheet: Sheet) -> None:
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
    if len(sheet.rounds) == ROUNDS:
        for name in sheet.names:
            if sheet.players[name]["deployed"] is None:
                raise needed(sheet.player_path(name, "deployed"), "is required once all {n} rounds are entered "
                           "(it breaks ties)", "{n}라운드를 모두 입력하면 필수입니다 (동점을 가릅니다)", n=ROUNDS)


def kharnage_tokens(sheet: Sheet, name: str) -> int:
    return sum(entry[name]["kharnage"] for entry in sheet.rounds)


def score(sheet: Sheet) -> Scoring:
    per_round = [placement_points(entry) for entry in sheet.rounds]
    players = {name: PlayerScore({"rounds": sum(points[name] for points in per_round),
                                  "kharnage": kharnage_tokens(sheet, name)})
               for name in sheet.names}
    steps = [{name: points[name] + entry[name]["kharnage"] for name in sheet.names}
             for points, entry in zip(per_round, sheet.rounds, strict=True)]
    extras: dict[str, Any] = {"placements": [round_placements(entry) for entry in sheet.rounds]}
    return Scoring(players, len(sheet.rounds) == ROUNDS, "rounds", progress=progress_of(sheet.names, steps),
                   extras=extras)


def last_initiative(sheet: Sheet, scoring: Scoring, name: str) -> int:
    return sheet.rounds[-1][name]["initiative"]


T = Text
SPEC = GameSpec(
    id="carnage",
    bgg_id=0,
    name=T("Kharnage", "카니지"),
    min_players=2,
    max_players=4,
    rules_version=1,
    categories=(
        ("rounds", Text("Round points", "라운드 점수")),
        ("kharnage", Text("Kharnage tokens", "카나지 토큰")),
    ),
    round_entry=Record((
        Field("destroyed", Int(0, MAX_CARDS), T("Cards destroyed", "파괴한 카드"), required=True,
              help=T("Opponent legion cards you destroyed this round.", "이번 라운드에 파괴한 상대 군단 카드 수.")),
        Field("initiative", Int(0, MAX_INITIATIVE), T("Initiative", "주도력"), required=True,
              help=T("The initiative of your tactic card this round.", "이번 라운드 작전 카드의 주도력.")),
        Field("kharnage", Int(-1, 3), T("Kharnage tokens", "카나지 토큰"),
              help=T("Tokens gained this round, minus one lost for a missed YEAH!.",
                     "이번 라운드에 얻은 토큰 수 (YEAH!를 외치지 않아 잃으면 1개 뺍니다).")),
    )),
    round_range=(1, ROUNDS),
    player_fields=(
        Field("deployed", Int(0, MAX_CARDS), T("Cards deployed", "배치한 군단 카드"), default=None,
              help=T("Legion cards on the table at the end of the game (for ties).",
                     "게임이 끝났을 때 배치되어 있는 군단 카드 수 (동점용).")),
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
        T("A player who destroyed no card is still ranked in the round like everyone else, so with few players "
          "they may score (the rules rank by count with no exception).",
          "카드를 하나도 파괴하지 않은 플레이어도 다른 사람처럼 순위를 매기므로, 인원이 적으면 점수를 얻을 수 있습니다 "
          "(규칙은 예외 없이 파괴 수로 순위를 정합니다)."),
        T("Kharnage tokens are entered per round as the net change (−1 for a token lost to the YEAH! rule).",
          "카나지 토큰은 라운드마다 순변화로 입력합니다 (YEAH! 규칙으로 잃으면 −1)."),
    ),
)
