"""Kahuna (카후나): build bridges between 12 islands and hold the majority of islands over three scorings."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import fail
from ..fields import Field, Int, PlayerRef, Record
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text
from .common import progress_of

ISLANDS = 12
BRIDGES = 25
ROUNDS = 3
FIXED_ROUND_POINTS = {1: 1, 2: 2}  # round 3 pays the difference in islands instead
# Every island has at least 3 lines, so control takes at least 2 of the player's bridges; a bridge touches
# 2 islands. Hence a player controls at most as many islands as they have bridges on the board.
MIN_BRIDGES_PER_ISLAND = 2


def round_key(number: int) -> str:
    return f"round_{number}"


def round_points(number: int, islands: Mapping[str, int]) -> dict[str, int]:
    """Points of one scoring: the player with more islands scores 1 (round 1), 2 (round 2) or the difference
    (round 3); equal counts score nothing."""
    points = dict.fromkeys(islands, 0)
    (first, a), (second, b) = islands.items()
    if a == b:
        return points
    leader = first if a > b else second
    points[leader] = FIXED_ROUND_POINTS.get(number, abs(a - b))
    return points


def check(sheet: Sheet) -> None:
    for index, entry in enumerate(sheet.rounds):
        if sum(entry.values()) > ISLANDS:
            raise fail(f"rounds[{index}]", "{counts} islands, but the board has only {max}",
                       "섬 {counts}개: 보드에는 섬이 {max}개뿐입니다",
                       counts=" + ".join(str(entry[n]) for n in sheet.names), max=ISLANDS)
    no_bridges = sheet.fields["no_bridges"]
    if no_bridges is not None:
        check_no_bridges(sheet, no_bridges["player"], no_bridges["round"])
    elif len(sheet.rounds) == ROUNDS:
        check_final_bridges(sheet)


def check_no_bridges(sheet: Sheet, loser: str, number: int) -> None:
    played = len(sheet.rounds)
    if played > number - 1:
        raise fail(f"rounds[{number - 1}]", "no round is scored after {name} lost every bridge in round {r}",
                   "{name}이(가) {r}라운드에 다리를 모두 잃었으므로 그 뒤 라운드는 점수를 계산하지 않습니다",
                   name=loser, r=number)
    if played < number - 1:
        raise fail("no_bridges.round", "round {r} comes after {need} scored round(s), but {n} are entered",
                   "{r}라운드 전에는 {need}개 라운드의 점수가 있어야 하지만 {n}개가 입력되었습니다",
                   r=number, need=number - 1, n=played)
    if sheet.players[loser]["bridges"] != 0:
        raise fail(sheet.player_path(loser, "bridges"), "is {n}, but {name} lost every bridge: it must be 0",
                   "{n}개이지만 {name}은(는) 다리를 모두 잃었으므로 0이어야 합니다",
                   n=sheet.players[loser]["bridges"], name=loser)


def check_final_bridges(sheet: Sheet) -> None:
    final = sheet.rounds[-1]
    for name in sheet.names:
        bridges = sheet.players[name]["bridges"]
        if 0 < bridges < final[name]:
            raise fail(sheet.player_path(name, "bridges"), "{b} bridges cannot control the {n} islands of the final "
                       "scoring: each island needs {per} of your bridges and a bridge touches only 2 islands",
                       "다리 {b}개로는 마지막 점수 계산의 섬 {n}개를 장악할 수 없습니다: 섬마다 내 다리가 {per}개 "
                       "이상 필요하고, 다리 하나는 섬 2개에만 닿습니다", b=bridges, n=final[name],
                       per=MIN_BRIDGES_PER_ISLAND)


def score(sheet: Sheet) -> Scoring:
    per_round = [round_points(i + 1, entry) for i, entry in enumerate(sheet.rounds)]
    no_bridges = sheet.fields["no_bridges"]
    loser = no_bridges["player"] if no_bridges else None
    players = {}
    for name in sheet.names:
        breakdown = {round_key(i + 1): per_round[i][name] if i < len(per_round) else 0 for i in range(ROUNDS)}
        players[name] = PlayerScore(breakdown, eliminated=name == loser)
    progress = progress_of(sheet.names, per_round)
    if loser is not None:
        return Scoring(players, True, "no_bridges", progress=progress)
    return Scoring(players, len(sheet.rounds) == ROUNDS, "rounds", progress=progress)


# The tiebreaks apply to the end of a full game only: mid-game, a tie is just a tie.
def final_round_points(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    if len(sheet.rounds) < ROUNDS:
        return None
    return scoring.players[name].breakdown[round_key(ROUNDS)]


def bridges_left(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    if len(sheet.rounds) < ROUNDS:
        return None
    # A full game leaves every player some bridge (0 would have ended it early), so 0 means "not entered".
    return sheet.players[name]["bridges"] or None


T = Text
SPEC = GameSpec(
    id="kahuna",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=394,
    bgg_year=1998,
    play_time=(30, 40),
    name=T("Kahuna", "카후나"),
    min_players=2,
    max_players=2,
    rules_version=1,
    categories=(
        ("round_1", Text("Round 1", "1라운드")),
        ("round_2", Text("Round 2", "2라운드")),
        ("round_3", Text("Round 3", "3라운드")),
    ),
    round_entry=Int(0, ISLANDS),
    round_range=(0, ROUNDS),
    player_fields=(
        Field("bridges", Int(0, BRIDGES), T("Bridges at the end", "마지막 다리 수"),
              help=T("Your bridges on the board at the end: only needed for a tie.",
                     "게임이 끝났을 때 보드에 있는 내 다리 수: 동점일 때만 필요합니다.")),
    ),
    game_fields=(
        Field("no_bridges", Record((
            Field("player", PlayerRef(), T("Player without bridges", "다리를 모두 잃은 플레이어"), required=True),
            Field("round", Int(2, ROUNDS), T("Round", "라운드"), required=True),
        )), T("Lost every bridge", "다리를 모두 잃음"),
            help=T("A player left without bridges in round 2 or 3 loses at once.",
                   "2라운드나 3라운드에 다리가 하나도 남지 않은 플레이어는 즉시 패배합니다.")),
    ),
    tiebreaks=(
        TiebreakRule("round_3", T("round 3 points", "3라운드 점수"), T("more round 3 points", "3라운드 점수가 더 높아"),
                     final_round_points),
        TiebreakRule("bridges", T("bridges at the end", "마지막 다리 수"),
                     T("more bridges at the end", "마지막 다리가 더 많아"), bridges_left),
    ),
    check=check,
    score=score,
    prompts=(
        Prompt("setup", T("Put the board with its 12 islands between the players.",
                          "12개의 섬이 그려진 보드를 두 사람 사이에 놓습니다.")),
        Prompt("setup", T("Each player takes 25 bridges and the marker stones of one colour.",
                          "각자 한 색의 다리 25개와 마커 스톤을 가져갑니다.")),
        Prompt("setup", T("Shuffle the 24 island cards and deal 3 to each player.",
                          "섬 카드 24장을 섞어 각자 3장씩 나눠 줍니다.")),
        Prompt("setup", T("Lay 3 cards face up; the rest is the face-down deck.",
                          "카드 3장을 앞면으로 펼치고, 나머지는 뒷면 덱으로 둡니다.")),
        Prompt("turn", T("Play 0 to 5 island cards, one at a time.", "섬 카드를 0~5장, 한 장씩 사용합니다.")),
        Prompt("turn", T("One card: build a bridge on a free line between that island and a neighbour.",
                         "카드 한 장: 그 섬과 이웃 섬 사이의 빈 연결선 하나에 다리를 놓습니다.")),
        Prompt("turn", T("Two cards naming only the two ends of an opponent's bridge remove that bridge.",
                         "상대 다리의 양 끝 섬만을 가리키는 카드 두 장으로 그 다리를 제거합니다.")),
        Prompt("turn", T("You may also discard cards secretly, under the discard pile.",
                         "카드를 사용하지 않고 비밀리에 버림 더미 아래로 버릴 수도 있습니다.")),
        Prompt("turn", T("Then take one card: a face-up card (refill it from the deck) or the top of the deck.",
                         "그다음 카드 한 장을 가져옵니다: 앞면 카드(덱에서 다시 채움) 또는 덱 맨 위 카드.")),
        Prompt("turn", T("Or pass without taking a card: your opponent must then take one on their turn.",
                         "카드를 가져가지 않아도 됩니다: 그러면 상대는 다음 턴에 반드시 가져가야 합니다.")),
        Prompt("turn", T("You hold at most 5 cards: discard first to take a sixth.",
                         "손에는 최대 5장: 5장이면 먼저 버려야 가져올 수 있습니다.")),
        Prompt("turn", T("Bridges on at least half of an island's lines (3→2, 4→2, 5→3, 6→3) control it: "
                         "put your marker stone on it.", "섬의 연결선 절반 이상(3→2, 4→2, 5→3, 6→3)에 다리를 놓으면 "
                         "그 섬을 장악합니다: 마커 스톤을 놓습니다.")),
        Prompt("turn", T("Taking control removes all opponent bridges of that island.",
                         "섬을 장악하면 그 섬의 상대 다리를 모두 제거합니다.")),
        Prompt("turn", T("If that breaks the opponent's control of a neighbouring island, remove their stone there "
                         "too.", "그 때문에 이웃 섬의 장악이 깨지면 그 섬의 상대 마커 스톤도 제거합니다.")),
        Prompt("round", T("A round ends when the deck and the 3 face-up cards are all taken: count the stones.",
                          "뒷면 덱과 앞면 카드 3장이 모두 가져가지면 라운드가 끝납니다: 마커 스톤을 셉니다.")),
        Prompt("round", T("Round 1: more islands scores 1 point. Round 2: 2 points. Equal: nobody scores.",
                          "1라운드: 섬이 더 많은 사람이 1점. 2라운드: 2점. 같으면 아무도 얻지 않습니다.")),
        Prompt("round", T("After rounds 1 and 2, shuffle the discards and lay 3 cards face up; the player after the "
                          "one who took the last card goes on.", "1, 2라운드 뒤에는 버림 더미를 섞어 3장을 앞면으로 "
                          "펼칩니다. 마지막 카드를 가져간 플레이어의 다음 사람부터 이어갑니다.")),
        Prompt("end", T("Round 3: when the last cards are gone, each player has one more turn without drawing.",
                        "3라운드: 마지막 카드가 사라지면 각자 카드를 가져오지 않고 한 턴씩 더 합니다.")),
        Prompt("end", T("A player with no bridge left in round 2 or 3 loses at once.",
                        "2라운드나 3라운드에 다리가 하나도 남지 않은 플레이어는 즉시 패배합니다.")),
        Prompt("scoring", T("Round 3: more islands scores the difference in islands. Add it to rounds 1 and 2.",
                            "3라운드: 섬이 더 많은 사람이 섬 개수 차이만큼 점수를 얻어 앞 라운드 점수에 더합니다.")),
        Prompt("scoring", T("Tie: more round 3 points wins, then more bridges at the end; else a draw.",
                            "동점이면 3라운드 점수가 높은 사람, 그다음 마지막 다리가 많은 사람이 승리합니다. "
                            "그래도 같으면 무승부입니다.")),
    ),
    notes=(
        T("Island control follows the Korean rules text: bridges on at least half of the lines. The published "
          "rulebook asks for more than half (3→2, 4→3, 5→3, 6→4).",
          "섬 장악은 한국어 규칙대로 연결선의 절반 이상입니다. 출판된 규칙서는 절반 초과(3→2, 4→3, 5→3, 6→4)입니다."),
        T("Bridges at the end break a tie only when both players entered them; otherwise the draw stays.",
          "마지막 다리 수는 두 사람 모두 입력했을 때만 동점을 가릅니다. 아니면 무승부로 남습니다."),
    ),
)
