"""Captain Flip (캡틴 플립): draw a crew tile, keep it or flip it, and fill the columns of your ship."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import fail
from ..fields import Bool, Choice, ChoiceValue, Field, Int
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text
from .common import at_most_one_holder

SPACES = 15  # every adventure board holds 15 tiles in 5 columns
COLUMNS = 5
MAX_COINS = 150
SWABBY_POINTS = (0, 1, 4, 9, 16, 25)  # by the number of columns holding at least one Swabby
CARPENTER_POINTS = 3
LOOKOUT_POINTS = 4
PARROT_PENALTY = 1
IDENTICAL_COLUMN_POINTS = 6
DIFFERENT_COLUMN_POINTS = 4
GUNNERS_TO_LOSE = 3
GUNNER_COINS = 5  # the Gunner's yellow effect
BOARD_C = "C"
SPENDING_BOARDS = frozenset({"D"})  # boards where placing a tile may cost coins

# Fields whose tiles each fill a space of the board (one Swabby at least per Swabby column).
TILE_FIELDS = ("swabby_columns", "carpenters_scoring", "lookouts_scoring", "parrots", "gunners")
BOARD_C_FIELDS = ("identical_columns", "different_columns")

TREASURE_MAP = Text("The Treasure Map", "보물 지도")


def end_of_game_points(player: Mapping[str, Any], board: str) -> dict[str, int]:
    """Coins plus the grey end-of-game effects (and board C's column bonuses) as a breakdown."""
    points = {
        "coins": player["coins"],
        "swabbies": SWABBY_POINTS[player["swabby_columns"]],
        "carpenters": CARPENTER_POINTS * player["carpenters_scoring"],
        "lookouts": LOOKOUT_POINTS * player["lookouts_scoring"],
        "parrots": -PARROT_PENALTY * player["parrots"],
    }
    if board == BOARD_C:
        points["identical_columns"] = IDENTICAL_COLUMN_POINTS * (player["identical_columns"] or 0)
        points["different_columns"] = DIFFERENT_COLUMN_POINTS * (player["different_columns"] or 0)
    return points


def check(sheet: Sheet) -> None:
    at_most_one_holder(sheet, "treasure_map", TREASURE_MAP)
    board = sheet.options["board"]
    for name in sheet.names:
        player = sheet.players[name]
        tiles = sum(player[key] for key in TILE_FIELDS)
        if tiles > SPACES:
            last_entered = [key for key in TILE_FIELDS if player[key]][-1]
            raise fail(sheet.player_path(name, last_entered),
                       "Swabby columns, Carpenters, Lookouts, Parrots and Gunners add up to {n} tiles, but the board "
                       "has {max} spaces", "갑판원 열, 목수, 망꾼, 앵무새, 포병을 합하면 타일 {n}개이지만 보드에는 "
                       "{max}칸뿐입니다", n=tiles, max=SPACES)
        least = GUNNER_COINS * player["gunners"]
        if board not in SPENDING_BOARDS and player["coins"] < least:
            raise fail(sheet.player_path(name, "coins"), "{n} Gunners gave {each} coins each when placed, so at "
                       "least {least} coins, got {coins} (board {b} never takes coins back)", "포병 {n}명은 놓일 때 "
                       "동전을 {each}개씩 주므로 동전은 최소 {least}개입니다 (입력: {coins}개, 보드 {b}에서는 동전을 "
                       "내지 않습니다)", n=player["gunners"], each=GUNNER_COINS, least=least, coins=player["coins"],
                       b=board)
        if board != BOARD_C:
            for key in BOARD_C_FIELDS:
                if player[key] is not None:
                    raise fail(sheet.player_path(name, key), "only board C scores columns; this game uses board {b}",
                               "열 보너스는 보드 C에만 있습니다. 이 게임은 보드 {b}입니다", b=board)
            continue
        identical, different = (player[key] or 0 for key in BOARD_C_FIELDS)
        if identical + different > COLUMNS:
            raise fail(sheet.player_path(name, "different_columns"), "{a} identical and {b} different columns "
                       "make more than the {max} columns of the board", "같은 캐릭터 열 {a}개와 모두 다른 열 {b}개는 "
                       "보드의 {max}열보다 많습니다", a=identical, b=different, max=COLUMNS)


def score(sheet: Sheet) -> Scoring:
    board = sheet.options["board"]
    players = {name: PlayerScore(end_of_game_points(p, board), eliminated=p["gunners"] >= GUNNERS_TO_LOSE)
               for name, p in sheet.players.items()}
    return Scoring(players, finished=True, end_reason="rounds")


def holds_treasure_map(sheet: Sheet, scoring: Scoring, name: str) -> bool:
    return sheet.players[name]["treasure_map"]


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    return {"board": options.get("board", "A")}


def count_field(key: str, name: Text, most: int, help_text: Text) -> Field:
    return Field(key, Int(0, most), name, help=help_text)


def board_c_field(key: str, name: Text, help_text: Text) -> Field:
    """Left out (None) on the other boards, where giving it is an error."""
    return Field(key, Int(0, COLUMNS), name, help=help_text, default=None)


T = Text
SPEC = GameSpec(
    id="captain-flip",
    # year and play time: a 2024 game of 20 minutes (the box, as isspweb.org's review gives it)
    bgg_id=401953,
    bgg_year=2024,
    play_time=(20, 20),
    name=T("Captain Flip", "캡틴 플립"),
    min_players=2,
    max_players=5,
    rules_version=2,
    categories=(
        ("coins", Text("Coins", "코인")),
        ("swabbies", Text("Swabbies", "갑판원")),
        ("carpenters", Text("Carpenters", "목수")),
        ("lookouts", Text("Lookouts", "망꾼")),
        ("parrots", Text("Parrots", "앵무새")),
        ("identical_columns", Text("Columns of one Character", "같은 캐릭터 열")),
        ("different_columns", Text("Columns of different Characters", "다른 캐릭터 열")),
    ),
    options=(
        Field("board", Choice(tuple(ChoiceValue(b, T(f"Board {b}", f"보드 {b}")) for b in "ABCD")),
              T("Adventure board", "모험 보드"), default="A",
              help=T("Everyone plays the same board; board C adds end-of-game column bonuses.",
                     "모두 같은 보드를 씁니다. 보드 C에는 게임 종료 시 열 보너스가 있습니다.")),
    ),
    player_fields=(
        Field("coins", Int(0, MAX_COINS), T("Coins", "동전"), required=True,
              help=T("Coins collected during the game, before the end-of-game effects.",
                     "게임 중 모은 동전 (종료 시 효과 전).")),
        count_field("swabby_columns", T("Columns with a Swabby", "갑판원이 있는 열"), COLUMNS,
                    T("Columns holding at least one Swabby: 1, 4, 9, 16, 25 coins.",
                      "갑판원이 한 명 이상 있는 열의 수: 1, 4, 9, 16, 25개.")),
        count_field("carpenters_scoring", T("Carpenters scoring", "점수를 얻는 목수"), SPACES,
                    T("Carpenters with no Gunner in their row or column: 3 coins each.",
                      "같은 행과 열에 포병이 없는 목수: 한 명당 동전 3개.")),
        count_field("lookouts_scoring", T("Lookouts scoring", "점수를 얻는 망꾼"), COLUMNS,
                    T("Lookouts with nothing above them (one per column at most): 4 coins each.",
                      "위에 아무것도 없는 망꾼 (열마다 최대 한 명): 한 명당 동전 4개.")),
        count_field("parrots", T("Parrots", "앵무새"), SPACES,
                    T("Each Parrot costs 1 coin at the end.", "앵무새마다 게임 종료 시 동전 1개를 잃습니다.")),
        count_field("gunners", T("Gunners", "포병"), SPACES,
                    T("3 or more Gunners at the end: that player loses.",
                      "게임 종료 시 포병이 3명 이상이면 패배합니다.")),
        Field("treasure_map", Bool(), T("Treasure Map", "보물 지도"),
              help=T("Who holds the map at the end wins a tie.", "게임 종료 시 지도를 가진 사람이 동점에서 이깁니다.")),
        board_c_field("identical_columns", T("Columns of identical Characters", "같은 캐릭터로만 된 열"),
                      T("Board C only: 6 coins per column.", "보드 C 전용: 열마다 동전 6개.")),
        board_c_field("different_columns", T("Columns of all different Characters", "모두 다른 캐릭터로 된 열"),
                      T("Board C only: 4 coins per column.", "보드 C 전용: 열마다 동전 4개.")),
    ),
    tiebreaks=(
        TiebreakRule("treasure_map", T("Treasure Map", "보물 지도"), T("the Treasure Map", "보물 지도를 가져"),
                     holds_treasure_map),
    ),
    check=check,
    score=score,
    prompts=(
        Prompt("setup", T("Everyone takes the same adventure board: board {board}.",
                          "모두 같은 모험 보드를 가져갑니다: 보드 {board}.")),
        Prompt("setup", T("Put the 72 Character tiles in the bag; the coins and the Treasure Map in the middle.",
                          "캐릭터 타일 72개를 주머니에 넣고, 동전과 보물 지도를 가운데에 둡니다.")),
        Prompt("setup", T("The player whose board shows the pirate flag starts; play goes clockwise.",
                          "해적 깃발이 그려진 보드를 가진 사람이 먼저 하고, 시계 방향으로 진행합니다.")),
        Prompt("turn", T("Draw one tile from the bag, seeing only one side.",
                         "주머니에서 타일 한 개를 뽑아 한쪽 면만 봅니다.")),
        Prompt("turn", T("Keep that side or flip the tile once; a flipped tile must be kept.",
                         "그 면을 쓰거나 한 번만 뒤집습니다. 뒤집었다면 그 면을 써야 합니다.")),
        Prompt("turn", T("Place it on the lowest free space of any column.",
                         "원하는 열의 가장 낮은 빈칸에 놓습니다.")),
        Prompt("turn", T("Apply its yellow effect at once.", "노란색 즉시 효과를 바로 적용합니다.")),
        Prompt("turn", T("If it fills the top space of a column, also take that column's bonus.",
                         "그 타일이 열의 가장 높은 칸을 채우면 그 열의 보너스도 받습니다.")),
        Prompt("turn", T("Board D: filling a space marked with a coin costs 1 coin; without coins you cannot "
                         "place a tile there.", "보드 D: 동전 표시 칸에 놓으려면 동전 1개를 내야 합니다. 동전이 없으면 "
                         "그 칸에 놓을 수 없습니다."), option=("board", "D")),
        Prompt("turn", T("At the end of your turn, take 1 coin if you hold the Treasure Map.",
                         "턴이 끝날 때 보물 지도를 가지고 있으면 동전 1개를 받습니다.")),
        Prompt("turn", T("Cartographer (yellow): take the Treasure Map.",
                         "지도 제작자 (노랑): 보물 지도를 가져옵니다.")),
        Prompt("turn", T("Navigator (yellow): 2 coins per Cartographer on your board.",
                         "항해사 (노랑): 내 보드의 지도 제작자 한 명당 동전 2개.")),
        Prompt("turn", T("Cook (yellow): 1 coin per Character in its row, the Cook included.",
                         "요리사 (노랑): 같은 행의 캐릭터 한 명당 동전 1개 (요리사 포함).")),
        Prompt("turn", T("Monkey (yellow): take 1 coin, then flip one adjacent tile and apply its yellow effect.",
                         "원숭이 (노랑): 동전 1개를 받고, 이웃한 타일 하나를 뒤집어 그 즉시 효과를 적용합니다.")),
        Prompt("turn", T("Gunner (yellow): take 5 coins. Grey: 3 or more Gunners at the end and you lose.",
                         "포병 (노랑): 동전 5개. 회색: 게임 종료 시 포병이 3명 이상이면 패배합니다.")),
        Prompt("turn", T("Parrot (yellow): draw and place another tile. Grey: lose 1 coin at the end.",
                         "앵무새 (노랑): 타일을 하나 더 뽑아 놓습니다. 회색: 게임 종료 시 동전 1개를 잃습니다.")),
        Prompt("turn", T("Swabby (grey): 1, 4, 9, 16 or 25 coins for Swabbies in 1 to 5 columns.",
                         "갑판원 (회색): 갑판원이 있는 열이 1~5개면 동전 1, 4, 9, 16, 25개.")),
        Prompt("turn", T("Carpenter (grey): 3 coins if no Gunner is in its row or column.",
                         "목수 (회색): 같은 행과 열에 포병이 없으면 동전 3개.")),
        Prompt("turn", T("Lookout (grey): 4 coins if nothing is above it in its column.",
                         "망꾼 (회색): 같은 열에서 위에 아무것도 없으면 동전 4개.")),
        Prompt("end", T("When a player completes 4 columns, finish the round, then the game ends.",
                        "누군가 열 4개를 완성하면 그 라운드를 끝까지 진행한 뒤 게임이 끝납니다.")),
        Prompt("scoring", T("Apply every grey end-of-game effect and record each player's coins.",
                            "모든 회색 종료 시 효과를 적용하고 각자의 동전을 기록합니다.")),
        Prompt("scoring", T("Board C: a column with an end-of-game bonus scores 6 coins if all its Characters "
                            "are identical, 4 if all are different.",
                            "보드 C: 종료 시 보너스가 있는 열은 캐릭터가 모두 같으면 동전 6개, 모두 다르면 4개를 "
                            "얻습니다."), option=("board", BOARD_C)),
        Prompt("scoring", T("Most coins wins; a player with 3 or more Gunners loses whatever the coins.",
                            "동전이 가장 많은 사람이 승리합니다. 포병이 3명 이상인 사람은 동전과 관계없이 "
                            "패배합니다.")),
        Prompt("scoring", T("Tie: the Treasure Map holder wins; otherwise the victory is shared.",
                            "동점이면 보물 지도를 가진 사람이 승리하고, 아니면 공동 승리입니다.")),
    ),
    setup=setup,
    notes=(
        T("A player with 3 or more Gunners is ranked after everyone else and never wins, even with the most coins.",
          "포병이 3명 이상인 플레이어는 동전이 가장 많아도 모든 사람보다 뒤 순위이며 승리할 수 없습니다."),
        T("A tie between players without the Treasure Map stays shared.",
          "보물 지도가 없는 플레이어끼리의 동점은 공동 순위로 남습니다."),
        T("Each Gunner gave 5 coins when placed, and coins are spent only on board D: on boards A to C a player has "
          "at least 5 coins per Gunner.", "포병은 놓일 때마다 동전 5개를 주고 동전은 보드 D에서만 내므로, 보드 "
          "A~C에서는 포병 한 명당 동전이 최소 5개입니다."),
    ),
)
