"""Patchwork (패치워크): sew patches on a 9×9 quilt; buttons are money and points."""

from __future__ import annotations

from ..errors import fail
from ..fields import Bool, Field, Int, PlayerRef
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text
from .common import at_most_one_holder

BOARD_SPACES = 81  # the 9×9 quilt board
SPECIAL_TILE_SIZE = 7
SPECIAL_TILE_POINTS = 7
EMPTY_SPACE_PENALTY = 2
MAX_BUTTONS = 200
# The 7×7 tile needs a filled 7×7 square, so at most 81 - 49 spaces can still be empty.
MAX_EMPTY_WITH_SPECIAL_TILE = BOARD_SPACES - SPECIAL_TILE_SIZE**2

SPECIAL_TILE = Text("The 7×7 special tile", "7×7 특수 타일")


def patchwork_points(buttons: int, empty_spaces: int, special_tile: bool) -> dict[str, int]:
    """The final score as a breakdown: 1 per button, 7 for the special tile, −2 per empty space."""
    return {
        "buttons": buttons,
        "special_tile": SPECIAL_TILE_POINTS if special_tile else 0,
        "empty_spaces": -EMPTY_SPACE_PENALTY * empty_spaces,
    }


def check(sheet: Sheet) -> None:
    at_most_one_holder(sheet, "special_tile", SPECIAL_TILE)
    for name in sheet.names:
        player = sheet.players[name]
        if player["special_tile"] and player["empty_spaces"] > MAX_EMPTY_WITH_SPECIAL_TILE:
            raise fail(sheet.player_path(name, "empty_spaces"),
                       "{n} empty spaces, but the 7×7 special tile needs a filled 7×7 square, so at most {max} "
                       "spaces can be empty", "빈 칸 {n}개: 7×7 특수 타일은 7×7 영역을 다 채워야 받으므로 빈 칸은 "
                       "최대 {max}개입니다", n=player["empty_spaces"], max=MAX_EMPTY_WITH_SPECIAL_TILE)


def score(sheet: Sheet) -> Scoring:
    players = {name: PlayerScore(patchwork_points(p["buttons"], p["empty_spaces"], p["special_tile"]))
               for name, p in sheet.players.items()}
    return Scoring(players, finished=True, end_reason="rounds")


def reached_last_space_first(sheet: Sheet, scoring: Scoring, name: str) -> bool | None:
    first = sheet.fields["first_to_finish"]
    return None if first is None else name == first


T = Text
SPEC = GameSpec(
    id="patchwork",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=163412,
    bgg_year=2014,
    play_time=(15, 30),
    name=T("Patchwork", "패치워크"),
    min_players=2,
    max_players=2,
    rules_version=1,
    categories=(
        ("buttons", Text("Buttons", "단추")),
        ("special_tile", Text("7×7 bonus tile", "7×7 특수 타일")),
        ("empty_spaces", Text("Empty spaces", "빈 칸")),
    ),
    player_fields=(
        Field("buttons", Int(0, MAX_BUTTONS), T("Buttons", "단추"), required=True,
              help=T("Buttons left at the end of the game.", "게임이 끝났을 때 남은 단추 수.")),
        Field("empty_spaces", Int(0, BOARD_SPACES), T("Empty spaces", "빈 칸"), required=True,
              help=T("Uncovered spaces of the 9×9 quilt board.", "9×9 퀼트 보드에서 덮이지 않은 칸 수.")),
        Field("special_tile", Bool(), T("7×7 special tile", "7×7 특수 타일"),
              help=T("The first player to fill a 7×7 square takes it.",
                     "7×7 영역을 가장 먼저 채운 플레이어가 받습니다.")),
    ),
    game_fields=(
        Field("first_to_finish", PlayerRef(), T("First to the last space", "마지막 칸에 먼저 도착"),
              help=T("Who reached the last space of the time track first: only needed for a tie.",
                     "시간 트랙의 마지막 칸에 먼저 도착한 플레이어: 동점일 때만 필요합니다.")),
    ),
    tiebreaks=(
        TiebreakRule("first_to_finish", T("first to the last space", "마지막 칸 먼저 도착"),
                     T("the first arrival on the last space", "마지막 칸에 먼저 도착해"), reached_last_space_first),
    ),
    check=check,
    score=score,
    prompts=(
        Prompt("setup", T("Each player takes a 9×9 quilt board and 5 buttons.",
                          "각자 9×9 퀼트 보드 1개와 단추 5개를 받습니다.")),
        Prompt("setup", T("Put both time tokens on the start space of the time track.",
                          "두 시간 토큰을 시간 트랙의 시작 칸에 놓습니다.")),
        Prompt("setup", T("Put the 1×1 special patches on their marked spaces of the time track.",
                          "1×1 특수 패치를 시간 트랙의 표시된 칸에 놓습니다.")),
        Prompt("setup", T("Lay out the other patches in a circle around the board.",
                          "나머지 패치를 원형으로 늘어놓습니다.")),
        Prompt("setup", T("Put the neutral token just after the 1×2 patch.",
                          "중립 말을 1×2 패치 바로 뒤에 놓습니다.")),
        Prompt("turn", T("The player further behind on the time track takes the turn.",
                         "시간 트랙에서 더 뒤에 있는 플레이어가 차례를 합니다.")),
        Prompt("turn", T("On the same space, the player who arrived last (on top) plays again.",
                         "두 토큰이 같은 칸에 있으면 나중에 도착한(위에 있는) 플레이어가 한 번 더 합니다.")),
        Prompt("turn", T("Either advance: move to the space just in front of your opponent and take 1 button per "
                         "space moved.", "단추 받기: 상대 바로 앞 칸으로 이동하고, 이동한 칸 수만큼 단추를 받습니다.")),
        Prompt("turn", T("Or buy a patch: choose one of the 3 patches after the neutral token and move the token "
                         "to it.", "패치 놓기: 중립 말 다음 3개 패치 중 하나를 고르고 중립 말을 그 자리로 옮깁니다.")),
        Prompt("turn", T("Pay its buttons, move your time token by its time, and sew it onto your quilt.",
                         "그 패치의 단추 비용을 내고 시간만큼 시간 토큰을 옮긴 뒤 퀼트 보드에 놓습니다.")),
        Prompt("turn", T("Passing a button space: take as many buttons as the buttons shown on your quilt.",
                         "단추 칸을 지나면 자기 퀼트 보드에 그려진 단추 수만큼 단추를 받습니다.")),
        Prompt("turn", T("Passing a 1×1 patch first: take it and place it on your quilt at once.",
                         "1×1 패치를 먼저 지나면 바로 가져와 퀼트 보드에 놓습니다.")),
        Prompt("turn", T("The first player to fill a 7×7 square takes the 7×7 special tile.",
                         "7×7 영역을 가장 먼저 채운 플레이어가 7×7 특수 타일을 받습니다.")),
        Prompt("end", T("The game ends when both time tokens are on the last space.",
                        "두 시간 토큰이 모두 마지막 칸에 도착하면 게임이 끝납니다.")),
        Prompt("end", T("Moves past the last space do not count: stop on the last space.",
                        "마지막 칸을 넘는 이동은 무효입니다: 마지막 칸에 멈춥니다.")),
        Prompt("scoring", T("Score 1 point per button, 7 for the 7×7 tile, −2 per empty space of the quilt.",
                            "단추 1개당 1점, 7×7 특수 타일 7점, 퀼트 보드의 빈 칸 1개당 −2점.")),
        Prompt("scoring", T("Tie: the player who reached the last space first wins.",
                            "동점이면 시간 트랙의 마지막 칸에 먼저 도착한 플레이어가 승리합니다.")),
    ),
    notes=(
        T("Without the first player to the last space, a tie stays shared.",
          "마지막 칸에 먼저 도착한 플레이어를 입력하지 않으면 동점은 공동 순위로 남습니다."),
        T("The 7×7 tile needs a filled 7×7 square, so its holder has at most 32 empty spaces.",
          "7×7 특수 타일은 7×7 영역을 채워야 받으므로, 가진 플레이어의 빈 칸은 최대 32개입니다."),
    ),
)
