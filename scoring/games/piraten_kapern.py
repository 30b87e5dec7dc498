"""Piraten Kapern (해적 카퍼른): push your luck with 8 dice and a fortune card, first past the target."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import fail
from ..fields import Bool, Choice, ChoiceValue, Field, Int, PlayerRef, Record, Variants, join_path
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet
from ..text import Text

T = Text

FACES = ("coin", "diamond", "monkey", "parrot", "sabre", "skull")
TREASURE_FACES = FACES[:-1]  # skulls are set aside at once: they never go on the Treasure Island card
GEMS = ("coin", "diamond")
DICE = 8
FACE_NAMES = {
    "coin": T("coins", "동전"), "diamond": T("diamonds", "다이아몬드"), "monkey": T("monkeys", "원숭이"),
    "parrot": T("parrots", "앵무새"), "sabre": T("sabres", "사브르"), "skull": T("skulls", "해골"),
}
ANIMALS_NAME = T("monkeys and parrots", "원숭이와 앵무새")

SET_POINTS = {3: 100, 4: 200, 5: 500, 6: 1000, 7: 2000, 8: 4000}
GEM_POINTS = 100
STORM_GEM_POINTS = 200
FULL_CHEST = 500
SKULL_OUT = 3
ISLAND_MIN_SKULLS = 4
ISLAND_LOSS = 100
PEACE_PENALTY = 1000
CAPTAIN_FACTOR = 2
DEFAULT_TARGET = 6000

SEA_BATTLES = {"sea-battle-2": (2, 300), "sea-battle-3": (3, 500), "sea-battle-4": (4, 1000)}
CARD_SKULLS = {"skull-1": 1, "skull-2": 2}
CARD_DIE = {"gold": "coin", "diamond": "diamond"}

FORTUNES = Choice((
    ChoiceValue("gold", T("Gold coin", "금화")),
    ChoiceValue("diamond", T("Diamond", "다이아몬드")),
    ChoiceValue("monkey-business", T("Monkey Business", "원숭이 장난")),
    ChoiceValue("captain", T("Captain", "선장")),
    ChoiceValue("sorceress", T("Sorceress", "마녀")),
    ChoiceValue("treasure-island", T("Treasure Island", "보물섬")),
    ChoiceValue("sea-battle-2", T("Sea battle (2 sabres)", "해전 (사브르 2개)")),
    ChoiceValue("sea-battle-3", T("Sea battle (3 sabres)", "해전 (사브르 3개)")),
    ChoiceValue("sea-battle-4", T("Sea battle (4 sabres)", "해전 (사브르 4개)")),
    ChoiceValue("skull-1", T("Skull (1)", "해골 (1개)")),
    ChoiceValue("skull-2", T("Skulls (2)", "해골 (2개)")),
    ChoiceValue("after-the-storm", T("After the Storm (promo)", "폭풍이 지나간 뒤 (프로모)")),
    ChoiceValue("peace", T("Peace (promo)", "평화 (프로모)")),
))


@dataclass(frozen=True)
class TurnOutcome:
    """One turn's result: the player's own points, what every opponent loses (≥ 0), and why."""

    points: int
    opponents_lose: int
    explain: Callable[[], Text] = field(repr=False, compare=False)

    @property
    def explanation(self) -> Text:
        """Built on demand: replaying a whole game needs only the numbers."""
        return self.explain()


Items = list[tuple[Text, dict[str, Any], int]]  # label template, its values, points


def set_points(size: int) -> int:
    """Points of a set of `size` identical faces (8 or more: 4000; fewer than 3: nothing)."""
    return SET_POINTS[min(size, DICE)] if size >= 3 else 0


def check_turn(fortune: str, dice: Mapping[str, int], island_of_skulls: bool = False,
               treasure: Mapping[str, int] | None = None, path: str = "") -> None:
    """Refuse a turn the rules cannot produce; `path` is the event's path, error paths name the field in it."""
    FORTUNES.check(fortune, join_path(path, "fortune"), ())
    _check_turn_rules(fortune, _counts(dice, FACES, join_path(path, "dice")), island_of_skulls, treasure, path)


def _check_turn_rules(fortune: str, counts: Mapping[str, int], island_of_skulls: bool,
                      treasure: Mapping[str, int] | None, path: str) -> None:
    """The rules between a turn's fields (each field's own type and bounds are already checked)."""
    if sum(counts.values()) != DICE:
        raise fail(join_path(path, "dice"), "the dice must add up to 8, got {n}",
                   "주사위 개수의 합이 8이어야 합니다 (입력: {n}개)", n=sum(counts.values()))
    if treasure is not None:
        _check_treasure(fortune, counts, treasure, island_of_skulls, join_path(path, "treasure"))
    if island_of_skulls:
        island_path = join_path(path, "island_of_skulls")
        if fortune in SEA_BATTLES:
            raise fail(island_path, "a player in a sea battle cannot go to the Island of Skulls",
                       "해전 중인 플레이어는 해골의 섬에 갈 수 없습니다")
        skulls = counts["skull"] + CARD_SKULLS.get(fortune, 0)
        if skulls < ISLAND_MIN_SKULLS:
            raise fail(island_path, "the Island of Skulls needs at least 4 skulls (card included), got {n}",
                       "해골의 섬에는 해골이 4개 이상 필요합니다 (카드 포함, 입력: {n}개)", n=skulls)


def _check_treasure(fortune: str, counts: Mapping[str, int], treasure: Mapping[str, int],
                    island_of_skulls: bool, path: str) -> None:
    if fortune != "treasure-island":
        raise fail(path, "dice are kept on the card only with the Treasure Island card",
                   "보물섬 카드일 때만 주사위를 카드 위에 보관할 수 있습니다")
    if island_of_skulls:
        raise fail(path, "on the Island of Skulls no dice score, so leave the treasure empty",
                   "해골의 섬에서는 어떤 주사위도 점수가 되지 않으니 보물은 비워 두세요")
    kept = _counts(treasure, TREASURE_FACES, path)
    for face in TREASURE_FACES:
        if kept[face] > counts[face]:
            raise fail(join_path(path, face), "{kept} {face} kept, but the dice show only {n}",
                       "보관한 {face} {kept}개: 주사위에는 {n}개뿐입니다",
                       kept=kept[face], face=FACE_NAMES[face], n=counts[face])


def _counts(values: Mapping[str, int], faces: tuple[str, ...], path: str) -> dict[str, int]:
    """Counts per face, missing faces 0 (the sheet's field types already check this; the app's calculator may not)."""
    for key, n in values.items():
        if key not in faces:
            raise fail(join_path(path, key), "is not a die face (expected one of: {faces})",
                       "주사위 면이 아닙니다 (가능한 면: {faces})", faces=", ".join(faces))
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= DICE:
            raise fail(join_path(path, key), "must be a count from 0 to 8", "0에서 8 사이의 개수여야 합니다")
    return {face: values.get(face, 0) for face in faces}


def turn_score(fortune: str, dice: Mapping[str, int], island_of_skulls: bool = False,
               treasure: Mapping[str, int] | None = None) -> TurnOutcome:
    """Score a turn from its fortune card and the 8 dice it ended with. Raises SheetError for impossible input.

    `treasure` is what lay on the Treasure Island card; it only matters when the turn ends on 3+ skulls.
    """
    check_turn(fortune, dice, island_of_skulls, treasure)
    return _score_checked_turn(fortune, dice, island_of_skulls, treasure)


def _score_checked_turn(fortune: str, dice: Mapping[str, int], island_of_skulls: bool,
                        treasure: Mapping[str, int] | None) -> TurnOutcome:
    counts = {face: dice.get(face, 0) for face in FACES}
    skulls = counts["skull"] + CARD_SKULLS.get(fortune, 0)
    if island_of_skulls:
        return _island(fortune, counts, skulls, T("Island of Skulls", "해골의 섬"))
    if fortune == "after-the-storm":
        return _after_the_storm(counts, skulls)
    if fortune == "peace" and counts["sabre"]:
        return _peace_broken(counts["sabre"])
    if fortune in SEA_BATTLES:
        return _sea_battle(fortune, counts, skulls)
    if skulls >= SKULL_OUT:
        if fortune == "treasure-island" and treasure is not None:
            return _treasure(_counts(treasure, TREASURE_FACES, "treasure"), skulls)
        return _skull_out(skulls)
    if fortune in CARD_DIE:
        counts[CARD_DIE[fortune]] += 1
    items = _dice_items(counts, merge_animals=fortune == "monkey-business", chest=True)
    if fortune == "captain":
        return _doubled(items)
    return _summed(items)


def _island(fortune: str, counts: Mapping[str, int], skulls: int, place: Text) -> TurnOutcome:
    if fortune == "peace" and counts["sabre"]:
        return TurnOutcome(0, 0, lambda: T("{place} with a sabre under Peace: nobody loses points",
                                   "평화 카드로 {place}에서 사브르가 나옴: 아무도 점수를 잃지 않습니다").format(
            place=place))
    per_skull = ISLAND_LOSS * (CAPTAIN_FACTOR if fortune == "captain" else 1)
    loss = per_skull * skulls
    return TurnOutcome(0, loss, lambda: T("{place}: {skulls} skulls × {per}, every opponent loses {loss}",
                                  "{place}: 해골 {skulls}개 × {per}, 상대마다 {loss}점을 잃습니다").format(
        place=place, skulls=skulls, per=per_skull, loss=loss))


def _after_the_storm(counts: Mapping[str, int], skulls: int) -> TurnOutcome:
    if skulls >= SKULL_OUT:
        return _island("after-the-storm", counts, skulls, T("After the Storm", "폭풍이 지나간 뒤"))
    gems = counts["coin"] + counts["diamond"]
    points = STORM_GEM_POINTS * gems
    return TurnOutcome(points, 0, lambda: T("After the Storm: {n} coins and diamonds × 200 = {points}",
                                    "폭풍이 지나간 뒤: 동전·다이아몬드 {n}개 × 200 = {points}").format(
        n=gems, points=points))


def _peace_broken(sabres: int) -> TurnOutcome:
    points = -PEACE_PENALTY * sabres
    return TurnOutcome(points, 0, lambda: T("Peace broken: {n} sabres × -1000 = {points}",
                                    "평화가 깨짐: 사브르 {n}개 × -1000 = {points}").format(n=sabres, points=points))


def _sea_battle(fortune: str, counts: Mapping[str, int], skulls: int) -> TurnOutcome:
    needed, bonus = SEA_BATTLES[fortune]
    if skulls >= SKULL_OUT:
        return TurnOutcome(-bonus, 0, lambda: T("Sea battle lost on {skulls} skulls: -{bonus}",
                                        "해골 {skulls}개로 해전 패배: -{bonus}").format(skulls=skulls, bonus=bonus))
    if counts["sabre"] < needed:
        return TurnOutcome(-bonus, 0, lambda: T("Sea battle lost, {sabres} of {needed} sabres: -{bonus}",
                                        "해전 패배, 사브르 {sabres}/{needed}개: -{bonus}").format(
            sabres=counts["sabre"], needed=needed, bonus=bonus))
    items = _dice_items(counts, merge_animals=False, chest=True, sabres_score=True)
    return _summed([*items, (T("sea battle won", "해전 승리"), {}, bonus)])


def _treasure(kept: Mapping[str, int], skulls: int) -> TurnOutcome:
    items = _dice_items({**kept, "skull": 0}, merge_animals=False, chest=False)
    scored = _summed(items)
    return TurnOutcome(scored.points, 0, lambda: T("{skulls} skulls, only the treasure scores: {detail}",
                                           "해골 {skulls}개, 보물섬의 주사위만 점수가 됩니다: {detail}").format(
        skulls=skulls, detail=scored.explanation))


def _skull_out(skulls: int) -> TurnOutcome:
    return TurnOutcome(0, 0, lambda: T("{n} skulls: the turn scores nothing", "해골 {n}개: 이번 턴은 0점입니다").format(
        n=skulls))


def _dice_items(counts: Mapping[str, int], merge_animals: bool, chest: bool, sabres_score: bool = False) -> Items:
    """Sets, coins and diamonds, and the full chest when every die scores."""
    groups: list[tuple[tuple[str, ...], Text]] = [((face,), FACE_NAMES[face]) for face in TREASURE_FACES]
    if merge_animals:
        groups = [g for g in groups if g[0][0] not in ("monkey", "parrot")] + [(("monkey", "parrot"), ANIMALS_NAME)]
    items: Items = []
    all_score = counts["skull"] == 0
    for faces, name in groups:
        size = sum(counts[f] for f in faces)
        if size >= 3:
            items.append((T("{n} {face}", "{face} {n}개"), {"n": size, "face": name}, set_points(size)))
        elif size and faces[0] not in GEMS and not (faces == ("sabre",) and sabres_score):
            all_score = False
    gems = counts["coin"] + counts["diamond"]
    if gems:
        items.append((T("{n} coins and diamonds", "동전·다이아몬드 {n}개"), {"n": gems}, GEM_POINTS * gems))
    if chest and all_score:
        items.append((T("full chest", "보물 상자 완성"), {}, FULL_CHEST))
    return items


def _listing(items: Items) -> Text:
    if not items:
        return T("no scoring dice", "점수 나는 주사위 없음")
    labels = [(label.format(**params), value) for label, params, value in items]
    return T(" + ".join(f"{label.en} {value}" for label, value in labels),
             " + ".join(f"{label.ko} {value}" for label, value in labels))


def _summed(items: Items) -> TurnOutcome:
    points = sum(value for *_, value in items)
    return TurnOutcome(points, 0, lambda: T("{listing} = {points}", "{listing} = {points}").format(
        listing=_listing(items), points=points))


def _doubled(items: Items) -> TurnOutcome:
    points = CAPTAIN_FACTOR * sum(value for *_, value in items)
    return TurnOutcome(points, 0, lambda: T("({listing}) × 2 captain = {points}",
                                            "({listing}) × 2 선장 = {points}").format(
        listing=_listing(items), points=points))


# --- the game: turns in seat order, a final round once someone reaches the target ---

@dataclass
class Game:
    """The state after replaying the events (check and score share it)."""

    names: tuple[str, ...]
    target: int
    turns: dict[str, int] = field(default_factory=dict)
    losses: dict[str, int] = field(default_factory=dict)
    turns_played: dict[str, int] = field(default_factory=dict)
    progress: list[dict[str, int]] = field(default_factory=list)
    trigger: str | None = None
    finished: bool = False

    def __post_init__(self) -> None:
        for d in (self.turns, self.losses, self.turns_played):
            d.update(dict.fromkeys(self.names, 0))

    def total(self, name: str) -> int:
        return self.turns[name] + self.losses[name]

    def play(self, name: str, outcome: TurnOutcome) -> None:
        self.turns[name] += outcome.points
        for other in self.names:
            if other != name:
                self.losses[other] -= outcome.opponents_lose
        self.turns_played[name] += 1
        self.progress.append({n: self.total(n) for n in self.names})
        if self.trigger is None and self.total(name) >= self.target:
            self.trigger = name

    def end_round(self) -> None:
        """At the end of a round with a final-round trigger: the game ends if anyone is still at the target."""
        if self.trigger is None:
            return
        if any(self.total(n) >= self.target for n in self.names):
            self.finished = True
        else:
            self.trigger = None


def replay(sheet: Sheet) -> Game:
    """Play the events in order, refusing a turn out of seat order, after the end, or impossible dice."""
    game = Game(sheet.names, sheet.options["target"])
    seats = len(sheet.names)
    for i, event in enumerate(sheet.events):
        path = f"events[{i}]"
        if game.finished:
            raise fail(path, "the game has already ended: {name} reached {target} and the round was played out",
                       "게임이 이미 끝났습니다: {name}이(가) {target}점에 도달했고 그 라운드가 끝났습니다",
                       name=game.trigger, target=game.target)
        expected = sheet.names[i % seats]
        if event["player"] != expected:
            raise fail(join_path(path, "player"), "it was {expected}'s turn, not {player}'s (turns go in seat order)",
                       "{expected}의 차례입니다 ({player} 아님, 좌석 순서대로 진행합니다)",
                       expected=expected, player=event["player"])
        game.play(expected, _event_outcome(event, path))
        if i % seats == seats - 1:
            game.end_round()
    return game


def _event_outcome(event: Mapping[str, Any], path: str) -> TurnOutcome:
    if "points" in event:
        return TurnOutcome(event["points"], 0, lambda: T("entered by hand", "직접 입력"))
    dice = {face: event["dice"].get(face, 0) for face in FACES}  # the sheet's field types checked each count
    _check_turn_rules(event["fortune"], dice, event["island_of_skulls"], event["treasure"], path)
    return _score_checked_turn(event["fortune"], event["dice"], event["island_of_skulls"], event["treasure"])


def score(sheet: Sheet) -> Scoring:
    game = replay(sheet)  # replaying also refuses what the rules cannot produce, so there is no separate check
    players = {n: PlayerScore({"turns": game.turns[n], "island_of_skulls": game.losses[n]}) for n in sheet.names}
    extras = {"final_round": game.trigger is not None and not game.finished, "trigger_player": game.trigger,
              "turns_played": dict(game.turns_played)}
    return Scoring(players, game.finished, "target" if game.finished else None, progress=game.progress,
                   extras=extras)


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    return {"target": options.get("target", DEFAULT_TARGET)}


def _counts_record(faces: tuple[str, ...]) -> Record:
    return Record(tuple(Field(face, Int(0, DICE), FACE_NAMES[face]) for face in faces))


DICE_TURN = Record((
    Field("player", PlayerRef(), T("Player", "플레이어"), required=True),
    Field("fortune", FORTUNES, T("Fortune card", "운명의 카드"), required=True),
    Field("dice", _counts_record(FACES), T("Dice at the end of the turn", "턴이 끝났을 때의 주사위"), required=True,
          help=T("All 8 dice, skulls included; faces left out count 0.",
                 "해골을 포함한 주사위 8개. 빠진 면은 0개입니다.")),
    Field("island_of_skulls", Bool(), T("Island of Skulls", "해골의 섬"),
          help=T("4 or more skulls on the first roll (card skulls count).",
                 "첫 굴림에서 해골 4개 이상 (카드의 해골 포함).")),
    Field("treasure", _counts_record(TREASURE_FACES), T("Dice on Treasure Island", "보물섬 위의 주사위"),
          help=T("Only with the Treasure Island card: these still score after 3 skulls.",
                 "보물섬 카드일 때만: 해골 3개가 나와도 이 주사위는 점수가 됩니다.")),
))
MANUAL_TURN = Record((
    Field("player", PlayerRef(), T("Player", "플레이어"), required=True),
    Field("points", Int(-12000, 12000), T("Points", "점수"), required=True,
          help=T("The turn's points, worked out at the table.", "테이블에서 계산한 이번 턴의 점수.")),
))

SPEC = GameSpec(
    id="piraten-kapern",
    # year and play time: AMIGO's 2012 edition, 30 minutes (dicevibes.com, ludorium.at)
    bgg_id=126731,
    bgg_year=2012,
    play_time=(30, 30),
    name=T("Piraten Kapern", "해적 카퍼른"),
    min_players=2,
    max_players=5,
    rules_version=1,
    categories=(
        ("turns", Text("Own turns", "자기 턴 점수")),
        ("island_of_skulls", Text("Lost to the Island of Skulls", "해골의 섬 감점")),
    ),
    options=(
        Field("target", Int(1000, 20000), T("Target score", "목표 점수"), default=DEFAULT_TARGET,
              help=T("Reaching it starts the final round.", "이 점수에 도달하면 마지막 라운드가 시작됩니다.")),
    ),
    event=Variants((("dice", DICE_TURN), ("points", MANUAL_TURN))),
    max_events=2000,
    setup=setup,
    score=score,
    prompts=(
        Prompt("setup", T("Shuffle the fortune cards and place them face down.",
                          "운명의 카드를 섞어 뒷면으로 놓습니다.")),
        Prompt("setup", T("Put the 8 dice in the middle and choose a first player.",
                          "주사위 8개를 가운데 두고 시작 플레이어를 정합니다.")),
        Prompt("setup", T("Play to {target} points.", "{target}점을 목표로 합니다.")),
        Prompt("turn", T("Draw the top fortune card; it applies for your whole turn.",
                         "운명의 카드를 한 장 뽑습니다. 이번 턴 내내 적용됩니다.")),
        Prompt("turn", T("Gold or Diamond: you start with one extra coin or diamond.",
                         "금화·다이아몬드: 동전 또는 다이아몬드 1개를 더 가지고 시작합니다.")),
        Prompt("turn", T("Skull cards: the card's skulls count with your dice.",
                         "해골 카드: 카드의 해골이 주사위 해골과 함께 셉니다.")),
        Prompt("turn", T("Monkey Business: monkeys and parrots count as one set.",
                         "원숭이 장난: 원숭이와 앵무새를 하나의 세트로 셉니다.")),
        Prompt("turn", T("Captain: your turn's points count double, plus or minus.",
                         "선장: 이번 턴의 점수가 플러스든 마이너스든 2배가 됩니다.")),
        Prompt("turn", T("Roll all 8 dice. Skulls are set aside.",
                         "주사위 8개를 모두 굴립니다. 해골은 옆으로 뺍니다.")),
        Prompt("turn", T("Reroll at least 2 dice that are not skulls, as often as you like.",
                         "해골이 아닌 주사위를 2개 이상 골라 원하는 만큼 다시 굴립니다.")),
        Prompt("turn", T("Stop whenever you like and score your dice.", "원할 때 멈추고 점수를 얻습니다.")),
        Prompt("turn", T("3 skulls end the turn with 0 points.", "해골이 3개가 되면 턴이 끝나고 0점입니다.")),
        Prompt("turn", T("Sorceress: once this turn, you may reroll one skull.",
                         "마녀: 이번 턴에 한 번, 해골 하나를 다시 굴릴 수 있습니다.")),
        Prompt("turn", T("Treasure Island: dice you put on the card still score if you get 3 skulls.",
                         "보물섬: 카드 위에 올린 주사위는 해골 3개가 나와도 점수가 됩니다.")),
        Prompt("turn", T("Sea battle: roll at least the sabres shown for +300 (2), +500 (3) or +1000 (4).",
                         "해전: 카드에 적힌 수 이상의 사브르로 +300(2개), +500(3개), +1000(4개)을 얻습니다.")),
        Prompt("turn", T("A lost sea battle (too few sabres or 3 skulls) costs the same amount.",
                         "해전에 지면 (사브르 부족 또는 해골 3개) 그만큼 점수를 잃습니다.")),
        Prompt("turn", T("4 or more skulls on the first roll: go to the Island of Skulls (not in a sea battle).",
                         "첫 굴림에 해골이 4개 이상이면 해골의 섬으로 갑니다 (해전 중에는 불가).")),
        Prompt("turn", T("On the Island, keep rerolling while each roll adds a skull.",
                         "해골의 섬에서는 굴릴 때마다 해골이 나오는 동안 계속 굴립니다.")),
        Prompt("turn", T("Then each opponent loses 100 per skull (200 with the Captain); you score nothing.",
                         "그러면 상대마다 해골 1개당 100점(선장이면 200점)을 잃고, 나는 점수가 없습니다.")),
        Prompt("turn", T("After the Storm: one reroll only; coins and diamonds score 200 each, nothing else.",
                         "폭풍이 지나간 뒤: 한 번만 다시 굴립니다. 동전과 다이아몬드만 개당 200점입니다.")),
        Prompt("turn", T("After the Storm with 3 skulls: each opponent loses 100 per skull.",
                         "폭풍이 지나간 뒤에 해골 3개가 나오면 상대마다 해골 1개당 100점을 잃습니다.")),
        Prompt("turn", T("Peace: stop when a sabre shows; each sabre left costs 1000 points.",
                         "평화: 사브르가 나오면 멈춰야 합니다. 남은 사브르 1개당 1000점을 잃습니다.")),
        Prompt("turn", T("Record the card and all 8 dice, then discard the card.",
                         "카드와 주사위 8개를 기록하고 카드를 버립니다.")),
        Prompt("end", T("When a player ends a turn at {target} or more, finish the round.",
                        "누군가 턴을 마쳤을 때 {target}점 이상이면 그 라운드를 끝까지 진행합니다.")),
        Prompt("end", T("Everyone then has had as many turns as that player.",
                        "그러면 모두가 그 플레이어와 같은 횟수의 턴을 가집니다.")),
        Prompt("end", T("If nobody has {target} or more at the end of that round, play on.",
                        "그 라운드가 끝났을 때 {target}점 이상인 사람이 없으면 게임을 계속합니다.")),
        Prompt("scoring", T("Sets of the same face: 3: 100, 4: 200, 5: 500, 6: 1000, 7: 2000, 8: 4000.",
                            "같은 면 세트: 3개 100, 4개 200, 5개 500, 6개 1000, 7개 2000, 8개 4000.")),
        Prompt("scoring", T("Each coin and diamond scores 100 more, also inside a set. Skulls never score.",
                            "동전과 다이아몬드는 세트 안에 있어도 개당 100점을 더 받습니다. 해골은 점수가 없습니다.")),
        Prompt("scoring", T("Full chest: all 8 dice score, +500.",
                            "주사위 8개가 모두 점수가 되면 보물 상자 완성 +500점.")),
        Prompt("scoring", T("The highest total wins; a tie is shared.",
                            "총점이 가장 높은 사람이 이깁니다. 동점이면 공동 우승입니다.")),
    ),
    notes=(
        T("If no one has the target any more when the final round ends (Island of Skulls losses), play goes on "
          "and the next turn ending at the target starts a new final round.",
          "마지막 라운드가 끝났을 때 (해골의 섬 감점으로) 목표 점수 이상인 사람이 없으면 게임을 계속하고, "
          "다음에 목표 점수로 턴을 마치는 사람이 새 마지막 라운드를 시작합니다."),
        T("The game ends at the end of the final round if anyone, not only the player who started it, has the target.",
          "마지막 라운드가 끝났을 때 시작한 사람이 아니어도 누구든 목표 점수 이상이면 게임이 끝납니다."),
        T("Ties are shared: the rules name no tiebreak.", "동점은 공동 순위입니다. 규칙에 동점 처리 방법이 없습니다."),
        T("Full chest: the Gold and Diamond card's coin or diamond counts toward sets; a skull card does not spoil "
          "the chest (only skull dice do); sabres of a won sea battle count as scoring.",
          "보물 상자 완성: 금화·다이아몬드 카드의 동전·다이아몬드도 세트에 셉니다. 해골 카드는 방해하지 않고 해골 "
          "주사위만 방해합니다. 이긴 해전의 사브르는 점수 나는 주사위로 봅니다."),
        T("Treasure Island after 3 skulls: the kept dice score their sets, coins and diamonds, without full chest.",
          "보물섬에서 해골 3개가 나오면 보관한 주사위의 세트와 동전·다이아몬드만 점수가 되고 "
          "보물 상자 보너스는 없습니다."),
        T("Peace (promo): each sabre among the final dice costs 1000 and nothing else scores, even after 3 skulls. "
          "On the Island of Skulls a sabre means opponents lose nothing.",
          "평화 (프로모): 마지막 주사위의 사브르 1개당 -1000점이고 다른 점수는 없습니다 (해골 3개여도). "
          "해골의 섬에서 사브르가 나오면 상대는 점수를 잃지 않습니다."),
        T("After the Storm (promo): coins and diamonds score 200 each and nothing else (no sets, no full chest); "
          "3 or more skulls score 0 and every opponent loses 100 per skull.",
          "폭풍이 지나간 뒤 (프로모): 동전과 다이아몬드만 개당 200점 (세트·보물 상자 없음). "
          "해골이 3개 이상이면 0점이고 상대마다 해골 1개당 100점을 잃습니다."),
        T("Totals may go below zero.", "총점은 마이너스가 될 수 있습니다."),
    ),
)
