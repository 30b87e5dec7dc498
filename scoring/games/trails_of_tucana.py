"""Trails of Tucana (투카나 여행길): draw trails, connect sights and village pairs, over 2 or 3 rounds."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import fail, needed
from ..fields import Bool, Choice, ChoiceValue, Field, Int, ListOf, PlayerRef, Record
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text

T = Text
SIGHTS: dict[str, Text] = {
    "obelisk": T("obelisk", "오벨리스크"),
    "book": T("book", "책"),
    "toucan": T("toucan", "투칸"),
    "yeti": T("yeti", "예티"),
    "sea_monster": T("sea monster", "바다괴물"),
}
# The points of the 1st, 2nd (and 3rd) sight of a kind connected to a village, box by box.
SIGHT_VALUES: dict[str, dict[str, tuple[int, ...]]] = {
    "petit": {"obelisk": (1, 2), "book": (2, 2), "toucan": (2, 3), "yeti": (3, 4), "sea_monster": (4, 5)},
    "grande": {"obelisk": (1, 2, 2), "book": (2, 2, 3), "toucan": (2, 3, 3), "yeti": (3, 4, 4),
               "sea_monster": (4, 5, 5)},
}
LETTERS = ("A", "B", "C", "D", "E")
VILLAGE_POINTS: dict[str, dict[str, int]] = {
    "petit": {"A": 14, "B": 13, "C": 12, "D": 11, "E": 10},
    "grande": {"A": 20, "B": 19, "C": 18, "D": 17, "E": 16},
}
ROUNDS = {"petit": 2, "grande": 3}
ISLANDS = {"petit": T("Isla Petit (small island)", "작은 섬 (ISLA PETIT)"),
           "grande": T("Isla Grande (big island)", "큰 섬 (ISLA GRANDE)")}
BLUE_CARDS: dict[str, tuple[int, int]] = {"A": (3, 2), "B": (4, 2), "C": (5, 3), "D": (6, 4), "E": (7, 5)}  # #1, #2
TERRAIN_DECK: dict[str, int] = {"desert": 8, "forest": 7, "mountain": 6, "water": 4, "joker": 2}
TURNS_PER_ROUND = (sum(TERRAIN_DECK.values()) - 1) // 2  # 2 cards a turn until 1 is left: 13
VILLAGES = 10
MAX_PLAYERS = 8
MAX_RED_BONUS = 20  # at most 2 red cards are in play
MAX_ROUNDS = max(ROUNDS.values())
MAX_TURN = TURNS_PER_ROUND * MAX_ROUNDS


def boxes(island: str) -> int:
    """Score boxes per sight (= the most sights of one kind that score)."""
    return len(SIGHT_VALUES[island]["obelisk"])


def sight_score(counts: Mapping[str, int], island: str) -> int:
    """A round's sight score: every box circled so far (`counts` = sights of each kind connected, missing = 0)."""
    return sum(sum(values[:counts.get(sight, 0)]) for sight, values in SIGHT_VALUES[island].items())


def max_round_score(island: str) -> int:
    return sight_score(dict.fromkeys(SIGHTS, boxes(island)), island)


POSSIBLE_ROUND_SCORES: dict[str, frozenset[int]] = {
    island: frozenset(sight_score(dict(zip(SIGHTS, counts, strict=True)), island)
                      for counts in itertools.product(range(boxes(island) + 1), repeat=len(SIGHTS)))
    for island in SIGHT_VALUES
}


def village_points(letters: Sequence[str], island: str) -> int:
    """Points for the village pairs connected, each letter once."""
    return sum(VILLAGE_POINTS[island][letter] for letter in set(letters))


def blue_cards(n_players: int) -> dict[str, tuple[int, ...]]:
    """The blue bonus cards in play per letter, top first: #2 alone solo, #1 with 2-4 players, #1 on #2 with 5-8."""
    if n_players == 1:
        return {letter: cards[1:] for letter, cards in BLUE_CARDS.items()}
    if n_players <= 4:
        return {letter: cards[:1] for letter, cards in BLUE_CARDS.items()}
    return dict(BLUE_CARDS)


def max_blue_bonus(n_players: int) -> int:
    return sum(cards[0] for cards in blue_cards(n_players).values())


def bonus_from_connections(connections: Sequence[Mapping[str, Any]], n_players: int) -> dict[str, int]:
    """Blue bonus points per player from `[{"turn", "player", "letter"}]` (any order).

    Everyone who connects a letter's pair in the same turn gets the top card of that letter, which is then
    discarded; a later turn gets the next card, if any is left. Players without a card are left out.
    """
    decks = {letter: list(cards) for letter, cards in blue_cards(n_players).items()}
    bonus: dict[str, int] = {}

    def turn_and_letter(c: Mapping[str, Any]) -> tuple[int, str]:
        return c["turn"], c["letter"]

    for (_, letter), group in itertools.groupby(sorted(connections, key=turn_and_letter), key=turn_and_letter):
        if not decks[letter]:
            continue
        card = decks[letter].pop(0)
        for connection in group:
            bonus[connection["player"]] = bonus.get(connection["player"], 0) + card
    return bonus


def village_letters(card_letters: Sequence[str], seat: int, start_village: int = 1, counter_clockwise: bool = False,
                    fair: bool = False) -> list[str]:
    """The letters a player writes at villages 1..10 (index 0 = village 1) from a setup card.

    `seat` counts from 0 (the mayor) and goes clockwise: seat k starts at village `start_village + k`
    (1 by the rules, any of 1..10 with a random start). Counter-clockwise writes the card's letters going
    down the village numbers; fair gives everyone the mayor's letters.
    """
    if sorted(card_letters) != sorted(LETTERS * 2):
        raise ValueError(f"a setup card holds each of A to E twice, got {list(card_letters)}")
    if not 1 <= start_village <= VILLAGES or not 0 <= seat < MAX_PLAYERS:
        raise ValueError(f"start village 1..{VILLAGES} and seat 0..{MAX_PLAYERS - 1}, got {start_village}, {seat}")
    first = start_village - 1 + (0 if fair else seat)
    step = -1 if counter_clockwise else 1
    letters = [""] * VILLAGES
    for i, letter in enumerate(card_letters):
        letters[(first + step * i) % VILLAGES] = letter
    return letters


def sight_entry(sheet: Sheet, name: str) -> str:
    """Which field holds the player's rounds: `sights` (counts) or `sight_scores` (points)."""
    return "sights" if sheet.players[name]["sights"] else "sight_scores"


def round_sight_scores(sheet: Sheet, name: str) -> list[int]:
    player = sheet.players[name]
    island = sheet.options["island"]
    if player["sights"]:
        return [sight_score(counts, island) for counts in player["sights"]]
    return list(player["sight_scores"])


def check(sheet: Sheet) -> None:
    for name in sheet.names:
        check_sight_entry(sheet, name)
    check_same_rounds(sheet)
    check_connections(sheet)
    for name in sheet.names:
        check_bonus(sheet, name)


def check_sight_entry(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    island = sheet.options["island"]
    if player["sights"] and player["sight_scores"]:
        raise fail(sheet.player_path(name, "sight_scores"), "enter either the sights connected or the sight scores, "
                   "not both", "연결한 관광지와 관광지 점수 중 하나만 입력하세요")
    if not player["sights"] and not player["sight_scores"]:
        raise needed(sheet.player_path(name, "sights"), "is required: enter the sights connected (or the sight "
                   "scores) for each round played", "필수 항목입니다: 진행한 라운드마다 연결한 관광지(또는 관광지 "
                   "점수)를 입력하세요")
    key = sight_entry(sheet, name)
    if len(player[key]) > ROUNDS[island]:
        raise fail(sheet.player_path(name, key), "{island} is played over {rounds} rounds, got {n}",
                   "{island}은(는) {rounds}라운드로 진행합니다 (입력: {n}라운드)",
                   island=ISLANDS[island], rounds=ROUNDS[island], n=len(player[key]))
    if key == "sights":
        check_sight_counts(sheet, name)
    else:
        check_sight_scores(sheet, name)


def check_sight_counts(sheet: Sheet, name: str) -> None:
    island = sheet.options["island"]
    previous: Mapping[str, int] = dict.fromkeys(SIGHTS, 0)
    for r, counts in enumerate(sheet.players[name]["sights"]):
        for sight, sight_name in SIGHTS.items():
            path = f"{sheet.player_path(name, 'sights')}[{r}].{sight}"
            if counts[sight] > boxes(island):
                raise fail(path, "{n} × {sight} in round {round}, but {island} has {boxes} boxes per sight",
                           "{round}라운드 {sight} {n}개: {island}에는 관광지마다 점수 칸이 {boxes}개입니다",
                           n=counts[sight], sight=sight_name, round=r + 1, island=ISLANDS[island],
                           boxes=boxes(island))
            if counts[sight] < previous[sight]:
                raise fail(path, "{n} × {sight} in round {round}, fewer than the {prev} of round {before}: the "
                           "counts are all sights connected so far", "{round}라운드 {sight} {n}개: {before}라운드의 "
                           "{prev}개보다 적습니다. 지금까지 연결한 관광지를 모두 셉니다",
                           n=counts[sight], sight=sight_name, round=r + 1, prev=previous[sight], before=r)
        previous = counts


def check_sight_scores(sheet: Sheet, name: str) -> None:
    island = sheet.options["island"]
    previous = 0
    for r, points in enumerate(sheet.players[name]["sight_scores"]):
        path = f"{sheet.player_path(name, 'sight_scores')}[{r}]"
        if points > max_round_score(island):
            raise fail(path, "{n} points in round {round}, but all sights of {island} give {max}",
                       "{round}라운드 {n}점: {island}의 관광지를 모두 연결해도 {max}점입니다",
                       n=points, round=r + 1, island=ISLANDS[island], max=max_round_score(island))
        if points not in POSSIBLE_ROUND_SCORES[island]:
            raise fail(path, "{n} points in round {round}: no set of circled sight boxes adds up to {n}",
                       "{round}라운드 {n}점: 동그라미 친 관광지 점수를 어떻게 합해도 {n}점이 될 수 없습니다",
                       n=points, round=r + 1)
        if points < previous:
            raise fail(path, "{n} points in round {round}, less than the {prev} of round {before}: each round "
                       "counts every sight circled so far", "{round}라운드 {n}점: {before}라운드의 {prev}점보다 "
                       "적습니다. 라운드마다 지금까지 동그라미 친 관광지를 모두 셉니다",
                       n=points, round=r + 1, prev=previous, before=r)
        previous = points


def check_same_rounds(sheet: Sheet) -> None:
    first = sheet.names[0]
    rounds = len(round_sight_scores(sheet, first))
    for name in sheet.names[1:]:
        n = len(round_sight_scores(sheet, name))
        if n != rounds:
            raise needed(sheet.player_path(name, sight_entry(sheet, name)), "{n} round(s) entered, but {first} "
                         "has {rounds}: every player needs the same rounds", "{n}라운드를 입력했지만 {first}은(는) "
                         "{rounds}라운드입니다: 모든 플레이어의 라운드 수가 같아야 합니다",
                         n=n, first=first, rounds=rounds)


def check_connections(sheet: Sheet) -> None:
    connections = sheet.fields["connections"]
    if not connections:
        return
    island = sheet.options["island"]
    last_turn = TURNS_PER_ROUND * ROUNDS[island]
    seen: dict[tuple[str, str], int] = {}
    for k, connection in enumerate(connections):
        player, letter = connection["player"], connection["letter"]
        if connection["turn"] > last_turn:
            raise fail(f"connections[{k}].turn", "{island} has {last} turns ({per} per round), got {turn}",
                       "{island}은(는) {last}차례까지 있습니다 (라운드마다 {per}차례, 입력: {turn})",
                       island=ISLANDS[island], last=last_turn, per=TURNS_PER_ROUND, turn=connection["turn"])
        if letter not in sheet.players[player]["villages"]:
            raise fail(f"connections[{k}].letter", "{player} did not connect {letter}: it is missing from "
                       "their villages", "{player}의 마을 목록에 {letter}가 없습니다: 연결한 마을에 추가하세요",
                       player=player, letter=letter)
        if (player, letter) in seen:
            raise fail(f"connections[{k}]", "{player}'s {letter} pair is already entered (connected in turn "
                       "{turn}): a pair is connected once", "{player}의 {letter} 마을 한 쌍은 이미 입력되어 있습니다 "
                       "({turn}번째 차례에 연결): 한 쌍은 한 번만 연결합니다", player=player, letter=letter,
                       turn=seen[player, letter])
        seen[player, letter] = connection["turn"]
    for name in sheet.names:
        for j, letter in enumerate(sheet.players[name]["villages"]):
            if (name, letter) not in seen:
                raise fail(f"{sheet.player_path(name, 'villages')}[{j}]", "{letter} has no turn in the village "
                           "pairs connected: with those entered, every village pair needs the turn it was connected",
                           "마을 한 쌍 연결에 {letter}의 차례가 없습니다: 이를 입력하면 모든 마을 한 쌍의 연결 "
                           "차례를 입력해야 합니다", letter=letter)


def check_bonus(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    if player["red_bonus"] and not sheet.options["special_bonus"]:
        raise fail(sheet.player_path(name, "red_bonus"), "red bonus cards are only in play with the special bonus "
                   "variant", "빨간색 보너스 카드는 특별 보너스 변형 규칙에서만 사용합니다")
    if player["bonus"] is None:
        return
    if sheet.fields["connections"]:
        raise fail(sheet.player_path(name, "bonus"), "enter the bonus by hand or let the app work it out from the "
                   "village pairs connected, not both", "보너스 점수를 직접 입력하거나 마을 한 쌍 연결로 계산하게 "
                   "하세요. 둘 다 쓸 수는 없습니다")
    if player["red_bonus"]:
        raise fail(sheet.player_path(name, "red_bonus"), "the bonus entered by hand already holds the red cards: "
                   "leave red_bonus out", "직접 입력한 보너스 점수에 빨간색 카드가 이미 들어 있습니다: red_bonus는 "
                   "비워 두세요")
    most = max_blue_bonus(len(sheet.names)) + (MAX_RED_BONUS if sheet.options["special_bonus"] else 0)
    if player["bonus"] > most:
        raise fail(sheet.player_path(name, "bonus"), "{n} bonus points, but the bonus cards of this game give at "
                   "most {most}", "보너스 {n}점: 이 게임의 보너스 카드로는 최대 {most}점입니다",
                   n=player["bonus"], most=most)


def bonus_points(sheet: Sheet) -> dict[str, int]:
    blue = bonus_from_connections(sheet.fields["connections"], len(sheet.names))
    out = {}
    for name in sheet.names:
        player = sheet.players[name]
        out[name] = player["bonus"] if player["bonus"] is not None else blue.get(name, 0) + player["red_bonus"]
    return out


def score(sheet: Sheet) -> Scoring:
    island = sheet.options["island"]
    sights = {name: round_sight_scores(sheet, name) for name in sheet.names}
    bonus = bonus_points(sheet)
    players = {name: PlayerScore({"sights": sum(sights[name]),
                                  "villages": village_points(sheet.players[name]["villages"], island),
                                  "bonus": bonus[name]})
               for name in sheet.names}
    rounds = len(sights[sheet.names[0]])
    progress = [{name: sum(sights[name][:r + 1]) for name in sheet.names} for r in range(rounds)]
    return Scoring(players, rounds == ROUNDS[island], "rounds", progress=progress, extras={"sight_scores": sights})


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    island = options.get("island", "petit")
    return {"island": ISLANDS[island], "rounds": ROUNDS[island], "turns": TURNS_PER_ROUND,
            "bonus_sight": T("2nd", "2번째") if island == "petit" else T("3rd", "3번째")}


LETTER = Choice(tuple(ChoiceValue(letter, T(letter, letter)) for letter in LETTERS))
MAX_ROUND_SCORE = max(max_round_score(i) for i in SIGHT_VALUES)
SIGHT_COUNTS = Record(tuple(Field(key, Int(0, max(boxes(i) for i in SIGHT_VALUES)),
                                  T(name.en.capitalize() + "s connected", f"연결한 {name.ko}"))
                            for key, name in SIGHTS.items()))

SPEC = GameSpec(
    id="trails-of-tucana",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=283864,
    bgg_year=2019,
    play_time=(15, 15),
    name=T("Trails of Tucana", "투카나 여행길"),
    min_players=1,
    max_players=MAX_PLAYERS,
    rules_version=1,
    categories=(
        ("sights", Text("Sights", "관광지")),
        ("villages", Text("Villages", "마을")),
        ("bonus", Text("Bonus cards", "보너스 카드")),
    ),
    options=(
        Field("island", Choice(tuple(ChoiceValue(key, name) for key, name in ISLANDS.items())),
              T("Island", "섬"), default="petit",
              help=T("Isla Petit: 2 rounds. Isla Grande: 3 rounds, 3 boxes per sight.",
                     "작은 섬: 2라운드. 큰 섬: 3라운드, 관광지마다 점수 칸 3개.")),
        Field("special_bonus", Bool(), T("Special bonus (red cards)", "특별 보너스 (빨간색 카드)"), default=False,
              help=T("Red cards for the first to connect two pictured sights.",
                     "그려진 관광지 2개를 가장 먼저 연결한 사람이 빨간색 카드 점수를 받습니다.")),
    ),
    player_fields=(
        Field("sights", ListOf(SIGHT_COUNTS, MAX_ROUNDS), T("Sights connected, per round", "라운드별 연결한 관광지"),
              help=T("At the end of each round, the sights of each kind connected so far (all of them, not only "
                     "this round's).", "라운드가 끝날 때마다, 지금까지 연결한 관광지 수를 종류별로 입력합니다 "
                     "(이번 라운드만이 아니라 전부).")),
        Field("sight_scores", ListOf(Int(0, MAX_ROUND_SCORE), MAX_ROUNDS), T("Sight score, per round",
              "라운드별 관광지 점수"), help=T("Instead of the sights: the score written in each round's box.",
                                        "관광지 대신: 라운드마다 점수 칸에 적은 점수.")),
        Field("villages", ListOf(LETTER, len(LETTERS), unique=True), T("Village pairs connected", "연결한 마을 한 쌍"),
              required=True, help=T("The letters whose two villages you connected, e.g. A, D.",
                                    "두 마을을 연결한 알파벳, 예: A, D.")),
        Field("bonus", Int(0, max_blue_bonus(2) + MAX_RED_BONUS), T("Bonus points (blue + red)",
              "보너스 점수 (파란색 + 빨간색)"), default=None,
              help=T("Leave empty when the app works out the blue cards from the connections.",
                     "앱이 연결 기록으로 파란색 카드를 계산할 때는 비워 둡니다.")),
        Field("red_bonus", Int(0, MAX_RED_BONUS), T("Red bonus points", "빨간색 보너스 점수"),
              help=T("Special bonus variant, with the blue cards worked out from the connections.",
                     "특별 보너스 변형에서, 파란색 카드를 연결 기록으로 계산할 때 입력합니다.")),
    ),
    game_fields=(
        Field("connections", ListOf(Record((
            Field("turn", Int(1, MAX_TURN), T("Turn", "차례"), required=True,
                  help=T("Counted over the whole game: round 2 starts at turn 14.",
                         "게임 전체로 셉니다: 2라운드는 14번째 차례부터입니다.")),
            Field("player", PlayerRef(), T("Player", "플레이어"), required=True),
            Field("letter", LETTER, T("Village letter", "마을 알파벳"), required=True),
        )), MAX_PLAYERS * len(LETTERS)), T("Village pairs connected, by turn", "차례별 마을 한 쌍 연결"),
              help=T("Lets the app hand out the blue bonus cards.", "앱이 파란색 보너스 카드를 나눠 주게 합니다.")),
    ),
    tiebreaks=(
        TiebreakRule("bonus", T("bonus points", "보너스 점수"), T("more bonus points", "보너스 점수가 더 높아"),
                     lambda sheet, scoring, name: scoring.players[name].breakdown["bonus"]),
    ),
    setup=setup,
    check=check,
    score=score,
    prompts=(
        Prompt("setup", T("Everyone takes a pencil and a map, {island} side up.",
                          "각자 연필 1개와 지도 1장을 가져와 {island} 면이 보이게 놓습니다.")),
        Prompt("setup", T("Choose a mayor, who reveals the terrain cards all game (the app can do it).",
                          "시장을 1명 뽑습니다. 시장은 게임 내내 지형 카드를 공개합니다 (앱이 대신할 수 있습니다).")),
        Prompt("setup", T("The mayor shuffles the 27 terrain cards (desert 8, forest 7, mountain 6, water 4, joker 2) "
                          "into a face-down deck.", "시장은 지형 카드 27장(사막 8, 숲 7, 산 6, 물 4, 조커 2)을 섞어 "
                          "뒷면으로 쌓아 둡니다.")),
        Prompt("setup", T("The mayor reveals one setup card and reads its 10 letters aloud, from the top one "
                          "clockwise.", "시장은 준비 카드 1장을 공개하고, 맨 위 글자부터 시계 방향으로 알파벳 10개를 "
                          "읽습니다.")),
        Prompt("setup", T("Write them clockwise by the villages: the mayor from village 1, the player on their left "
                          "from village 2, and so on.", "알파벳을 시계 방향으로 마을 옆에 적습니다: 시장은 1번 "
                          "마을부터, 시장 왼쪽 사람은 2번 마을부터, 이런 식으로 적습니다.")),
        Prompt("setup", T("Optional: a random start village, counter-clockwise writing, or everyone as the mayor "
                          "(fair). The app shows each player's letters.", "선택 규칙: 무작위 시작 마을, 반시계 방향, "
                          "모두 시장과 같게(공평하게). 앱이 플레이어별 알파벳을 보여 줍니다.")),
        Prompt("setup", T("Return the setup cards to the box.", "준비 카드를 모두 상자에 넣습니다.")),
        Prompt("setup", T("Solo: lay out the blue bonus cards #2 in letter order; return the #1 cards.",
                          "1인 게임: 파란색 보너스 카드 #2를 알파벳순으로 놓고 #1은 상자에 넣습니다."), max_players=1),
        Prompt("setup", T("Lay out the blue bonus cards #1 in letter order; return the #2 cards.",
                          "파란색 보너스 카드 #1을 알파벳순으로 놓고 #2는 상자에 넣습니다."),
               min_players=2, max_players=4),
        Prompt("setup", T("Lay out all blue bonus cards in letter order, #1 on top of #2 of the same letter.",
                          "파란색 보너스 카드를 모두 알파벳순으로 놓되, 같은 알파벳은 #1을 #2 위에 놓습니다."),
               min_players=5),
        Prompt("setup", T("Return the red bonus cards to the box.", "빨간색 보너스 카드는 상자에 넣습니다."),
               option=("special_bonus", False)),
        Prompt("setup", T("Special bonus: shuffle the red bonus cards and lay 1 face up beside the blue ones.",
                          "특별 보너스: 빨간색 보너스 카드를 섞어 1장을 파란색 카드 옆에 앞면으로 놓습니다."),
               max_players=4, option=("special_bonus", True)),
        Prompt("setup", T("Special bonus: shuffle the red bonus cards and lay 2 face up beside the blue ones.",
                          "특별 보너스: 빨간색 보너스 카드를 섞어 2장을 파란색 카드 옆에 앞면으로 놓습니다."),
               min_players=5, option=("special_bonus", True)),
        Prompt("turn", T("The mayor reveals the top 2 terrain cards and calls them out, e.g. \"Desert and water!\" "
                         "(both may be the same).", "시장이 지형 카드 2장을 공개하고 크게 외칩니다. 예: \"사막과 물!\" "
                         "(같은 지형 2장일 수도 있습니다).")),
        Prompt("turn", T("Everyone at once draws one trail, centre to centre, between two adjacent areas of those "
                         "terrains.", "모두 동시에, 그 두 지형이 맞닿은 곳의 두 구역 중앙을 잇는 여행길 1구간을 "
                         "그립니다.")),
        Prompt("turn", T("A joker is any terrain you like. A trail need not join your other trails; if no such "
                         "pair is left, draw nothing.", "조커는 원하는 지형으로 씁니다. 여행길은 이전 길과 이어지지 "
                         "않아도 됩니다. 그릴 곳이 없으면 그리지 않습니다.")),
        Prompt("turn", T("A sight connected to any village: circle the leftmost free box of that sight.",
                         "관광지를 아무 마을과 연결하면: 그 관광지의 비어 있는 맨 왼쪽 점수 칸에 동그라미를 "
                         "그립니다.")),
        Prompt("turn", T("Your {bonus_sight} sight of a kind gives a bonus trail at once between any two adjacent "
                         "areas; bonus trails can chain.", "같은 종류의 {bonus_sight} 관광지를 연결하면 즉시 아무 "
                         "맞닿은 두 구역 사이에 보너스 여행길을 그립니다. 연쇄될 수 있습니다.")),
        Prompt("turn", T("Connected two villages with the same letter: circle that letter's points (once per "
                         "letter).", "같은 알파벳의 두 마을을 연결하면: 그 알파벳의 마을 점수에 동그라미를 그립니다 "
                         "(알파벳마다 한 번).")),
        Prompt("turn", T("The first to connect a letter's pair scores its top blue card, then the card is discarded; "
                         "everyone who connects it in that same turn scores it too.", "어떤 마을 한 쌍을 가장 먼저 "
                         "연결한 사람은 맨 위 파란색 카드의 점수를 얻고 카드를 버립니다. 같은 차례에 연결한 사람은 "
                         "모두 그 점수를 얻습니다.")),
        Prompt("turn", T("A later connector of that letter scores the #2 card; after it, only the village points "
                         "remain.", "그 이후 차례에 연결한 사람은 #2 카드 점수를 얻습니다. 그다음부터는 마을 "
                         "점수만 얻습니다."), min_players=5),
        Prompt("turn", T("Special bonus: the first to connect the two sights pictured on a red card scores it; "
                         "same-turn ties as with the blue cards.", "특별 보너스: 빨간색 카드에 그려진 관광지 2개를 "
                         "가장 먼저 연결한 사람이 그 점수를 얻습니다. 같은 차례면 파란색 카드와 같이 처리합니다."),
               option=("special_bonus", True)),
        Prompt("turn", T("To let the app hand out the blue cards, record the turn each village pair was connected "
                         "({turns} turns per round).", "앱이 파란색 카드를 계산하게 하려면 마을 한 쌍을 연결한 "
                         "차례를 기록합니다 (라운드마다 {turns}차례).")),
        Prompt("round", T("The round ends when 1 terrain card is left; that card is not used.",
                          "지형 카드가 1장 남으면 라운드가 끝납니다. 남은 카드는 쓰지 않습니다.")),
        Prompt("round", T("Add up every circled sight box, earlier rounds' included, and write it in this round's box.",
                          "동그라미 친 관광지 점수를 이전 라운드 것까지 모두 더해 이번 라운드 칸에 적습니다.")),
        Prompt("round", T("Shuffle all 27 terrain cards, the last one included, for the next round.",
                          "남은 1장을 포함해 지형 카드 27장을 모두 섞어 다음 라운드를 시작합니다.")),
        Prompt("end", T("The game ends after round {rounds}.", "{rounds}라운드가 끝나면 게임이 끝납니다.")),
        Prompt("scoring", T("Final score: the {rounds} round sight scores + village points + bonus points.",
                            "최종 점수: {rounds}번의 라운드 관광지 점수 + 마을 점수 + 보너스 점수.")),
        Prompt("scoring", T("The highest score wins; a tie goes to more bonus points, then the win is shared.",
                            "최종 점수가 가장 높은 사람이 승리합니다. 같으면 보너스 점수가 더 높은 사람, 그래도 "
                            "같으면 함께 승리합니다.")),
    ),
    notes=(
        T("Turns in \"Village pairs connected, by turn\" count over the whole game: 13 per round, so round 2 "
          "starts at turn 14.", "'차례별 마을 한 쌍 연결'의 차례는 게임 전체로 셉니다: 라운드마다 13차례이므로 "
          "2라운드는 14번째 차례부터입니다."),
        T("With village pairs entered by turn, every connected village pair needs its turn, so that the blue cards "
          "are handed out right.", "차례별 마을 한 쌍 연결을 입력하면, 파란색 카드를 바르게 나누도록 연결한 마을 "
          "한 쌍마다 차례가 필요합니다."),
        T("A solo game uses the blue #2 cards only; with the special bonus, it lays out 1 red card as with 2-4 "
          "players.", "1인 게임은 파란색 #2 카드만 씁니다. 특별 보너스를 쓰면 2~4인처럼 빨간색 카드 1장을 놓습니다."),
        T("Red card points are entered by hand (up to 20 per player).",
          "빨간색 카드 점수는 직접 입력합니다 (플레이어마다 최대 20점)."),
        T("A round's sight score lower than the round before, or one no set of circled boxes can give, is refused.",
          "이전 라운드보다 낮은 관광지 점수, 또는 동그라미 친 칸으로 만들 수 없는 점수는 받지 않습니다."),
    ),
)
