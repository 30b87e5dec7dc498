"""Built-in games written as custom definitions, where a definition can say exactly what the module does.

They are starting points for a new custom game ("duplicate"), and an oracle for the custom engine: these
definitions must rank every valid sheet of their game as the built-in module does (tests/scoring/test_custom.py).
The other built-in games cannot be expressed: `CANNOT` says why, in a player's words.
"""

from __future__ import annotations

import copy
from typing import Any

from .games import kahuna, patchwork
from .text import Text

T = Text

DEFINITIONS: dict[str, dict[str, Any]] = {
    "patchwork": {
        "id": "custom-patchwork", "name": "Patchwork", "names": {"en": "Patchwork", "ko": "패치워크"},
        "players": {"min": 2, "max": 2},
        "categories": [
            {"key": "buttons", "name": "Buttons", "names": {"ko": "단추"}, "max": patchwork.MAX_BUTTONS},
            {"key": "special_tile", "name": "7×7 bonus tile", "names": {"ko": "7×7 특수 타일"}, "max": 1,
             "multiplier": patchwork.SPECIAL_TILE_POINTS},
            {"key": "empty_spaces", "name": "Empty spaces", "names": {"ko": "빈 칸"}, "max": patchwork.BOARD_SPACES,
             "multiplier": -patchwork.EMPTY_SPACE_PENALTY},
        ],
        "tiebreaks": [{"chosen": "First to the last space", "names": {"ko": "마지막 칸에 먼저 도착"},
                       "key": "first_to_finish"}],
    },
    "kahuna": {
        "id": "custom-kahuna", "name": "Kahuna", "names": {"en": "Kahuna", "ko": "카후나"},
        "players": {"min": 2, "max": 2},
        "categories": [
            {"key": "round_1", "name": "Round 1", "names": {"ko": "1라운드"}, "max": kahuna.FIXED_ROUND_POINTS[1]},
            {"key": "round_2", "name": "Round 2", "names": {"ko": "2라운드"}, "max": kahuna.FIXED_ROUND_POINTS[2]},
            {"key": "round_3", "name": "Round 3", "names": {"ko": "3라운드"}, "max": kahuna.ISLANDS},
            {"key": "bridges", "name": "Bridges at the end", "names": {"ko": "마지막 다리 수"},
             "max": kahuna.BRIDGES, "counts": False, "optional": True},
        ],
        "tiebreaks": [{"most": "round_3"}, {"most": "bridges"}],
    },
}

CANNOT: dict[str, Text] = {
    "ticket-to-ride-europe": T("Route points follow the route lengths, the tickets are a list of cities and the "
                               "European Express goes to the longest path: a definition holds plain numbers only.",
                               "노선 점수는 노선 길이를 따르고, 티켓은 도시 목록이며, 유럽 익스프레스는 가장 긴 경로에 "
                               "돌아갑니다: 정의에는 단순한 숫자만 담을 수 있습니다."),
    "piraten-kapern": T("Each turn's points come from the dice and the fortune card, and the game ends at a "
                        "target score: a definition cannot compute that.",
                        "매 턴 점수는 주사위와 운명의 카드로 계산하고 목표 점수에서 끝납니다: 정의로는 계산할 수 "
                        "없습니다."),
    "pina-coladice": T("The score comes from the placements on the coaster board, turn by turn.",
                       "점수는 코스터 보드에 놓은 토큰에서 차례마다 나옵니다."),
    "for-sale": T("Cheques and properties are lists of cards, checked against the deck, and the tie goes to the "
                  "highest property: a definition holds plain numbers only.",
                  "수표와 건물은 카드 목록이고 덱과 맞춰 확인하며, 동점은 가장 높은 건물로 가립니다: 정의에는 "
                  "단순한 숫자만 담을 수 있습니다."),
    "captain-flip": T("The columns of the board score by their own tables, which a definition cannot say.",
                      "보드의 열마다 고유한 점수표로 계산하므로 정의로는 나타낼 수 없습니다."),
    "trails-of-tucana": T("Sights score per round from connections and the island's tables; villages are letter "
                          "pairs.", "관광지는 라운드마다 연결과 섬의 점수표로 계산하고, 마을은 알파벳 쌍입니다."),
    "carnage": T("A round's points depend on how all players compare (cards destroyed, initiative).",
                 "라운드 점수가 모든 플레이어의 비교(파괴한 카드, 주도력)에 따라 정해집니다."),
}


def definition_of(game: str) -> dict[str, Any] | None:
    """A fresh copy of a built-in game's definition, or None when it cannot be expressed (see CANNOT)."""
    found = DEFINITIONS.get(game)
    return copy.deepcopy(found) if found is not None else None
