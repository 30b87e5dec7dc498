"""Piraten Kapern (해적 카퍼른): push your luck with 8 dice and a fortune card, first past the target."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import fail
from ..fields import Bool, Choice, ChoiceValue, Field, Int, PlayerRef, Record, Variants, join_path
from ..messages import Messages, Words
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, catalog_prompts

M = Messages("piraten-kapern")

FACES = ("coin", "diamond", "monkey", "parrot", "sabre", "skull")
TREASURE_FACES = FACES[:-1]  # skulls are set aside at once: they never go on the Treasure Island card
GEMS = ("coin", "diamond")
DICE = 8
FACE_NAMES = {
    "coin": M("face_names.coin"), "diamond": M("face_names.diamond"), "monkey": M("face_names.monkey"),
    "parrot": M("face_names.parrot"), "sabre": M("face_names.sabre"), "skull": M("face_names.skull"),
}
ANIMALS_NAME = M("animals_name")

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
    ChoiceValue("gold", M("choice.gold")),
    ChoiceValue("diamond", M("choice.diamond")),
    ChoiceValue("monkey-business", M("choice.monkey-business")),
    ChoiceValue("captain", M("choice.captain")),
    ChoiceValue("sorceress", M("choice.sorceress")),
    ChoiceValue("treasure-island", M("choice.treasure-island")),
    ChoiceValue("sea-battle-2", M("choice.sea-battle-2")),
    ChoiceValue("sea-battle-3", M("choice.sea-battle-3")),
    ChoiceValue("sea-battle-4", M("choice.sea-battle-4")),
    ChoiceValue("skull-1", M("choice.skull-1")),
    ChoiceValue("skull-2", M("choice.skull-2")),
    ChoiceValue("after-the-storm", M("choice.after-the-storm")),
    ChoiceValue("peace", M("choice.peace")),
))


@dataclass(frozen=True)
class TurnOutcome:
    """One turn's result: the player's own points, what every opponent loses (≥ 0), and why."""

    points: int
    opponents_lose: int
    explain: Callable[[], Words] = field(repr=False, compare=False)

    @property
    def explanation(self) -> Words:
        """Built on demand: replaying a whole game needs only the numbers."""
        return self.explain()


Items = list[tuple[Words, dict[str, Any], int]]  # label template, its values, points


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
        raise fail(join_path(path, "dice"), "piraten-kapern.refuse.dice_add_up_8", n=sum(counts.values()))
    if treasure is not None:
        _check_treasure(fortune, counts, treasure, island_of_skulls, join_path(path, "treasure"))
    if island_of_skulls:
        island_path = join_path(path, "island_of_skulls")
        if fortune in SEA_BATTLES:
            raise fail(island_path, "piraten-kapern.refuse.player_sea_battle_go")
        skulls = counts["skull"] + CARD_SKULLS.get(fortune, 0)
        if skulls < ISLAND_MIN_SKULLS:
            raise fail(island_path, "piraten-kapern.refuse.island_skulls_needs_least", n=skulls)


def _check_treasure(fortune: str, counts: Mapping[str, int], treasure: Mapping[str, int],
                    island_of_skulls: bool, path: str) -> None:
    if fortune != "treasure-island":
        raise fail(path, "piraten-kapern.refuse.dice_kept_card_treasure")
    if island_of_skulls:
        raise fail(path, "piraten-kapern.refuse.island_skulls_dice_score")
    kept = _counts(treasure, TREASURE_FACES, path)
    for face in TREASURE_FACES:
        if kept[face] > counts[face]:
            raise fail(join_path(path, face), "piraten-kapern.refuse.kept_but_dice_show",
                       kept=kept[face], face=FACE_NAMES[face], n=counts[face])


def _counts(values: Mapping[str, int], faces: tuple[str, ...], path: str) -> dict[str, int]:
    """Counts per face, missing faces 0 (the sheet's field types already check this; the app's calculator may not)."""
    for key, n in values.items():
        if key not in faces:
            raise fail(join_path(path, key), "piraten-kapern.refuse.die_face_expected_one", faces=", ".join(faces))
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= DICE:
            raise fail(join_path(path, key), "piraten-kapern.refuse.count_from_0_8")
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
        return _island(fortune, counts, skulls, M("score_checked_turn.island_skulls"))
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


def _island(fortune: str, counts: Mapping[str, int], skulls: int, place: Words) -> TurnOutcome:
    if fortune == "peace" and counts["sabre"]:
        return TurnOutcome(0, 0, lambda: M("island.sabre_under_peace_nobody", place=place))
    per_skull = ISLAND_LOSS * (CAPTAIN_FACTOR if fortune == "captain" else 1)
    loss = per_skull * skulls
    return TurnOutcome(0, loss,
                       lambda: M("island.skulls_opponent_loses", place=place, skulls=skulls, per=per_skull, loss=loss))


def _after_the_storm(counts: Mapping[str, int], skulls: int) -> TurnOutcome:
    if skulls >= SKULL_OUT:
        return _island("after-the-storm", counts, skulls, M("after_the_storm.after_storm"))
    gems = counts["coin"] + counts["diamond"]
    points = STORM_GEM_POINTS * gems
    return TurnOutcome(points, 0, lambda: M("after_the_storm.after_storm_coins_diamonds", n=gems, points=points))


def _peace_broken(sabres: int) -> TurnOutcome:
    points = -PEACE_PENALTY * sabres
    return TurnOutcome(points, 0, lambda: M("peace_broken.peace_broken_sabres_1000", n=sabres, points=points))


def _sea_battle(fortune: str, counts: Mapping[str, int], skulls: int) -> TurnOutcome:
    needed, bonus = SEA_BATTLES[fortune]
    if skulls >= SKULL_OUT:
        return TurnOutcome(-bonus, 0, lambda: M("sea_battle.sea_battle_lost_skulls", skulls=skulls, bonus=bonus))
    if counts["sabre"] < needed:
        return TurnOutcome(-bonus, 0, lambda: M("sea_battle.sea_battle_lost_sabres", sabres=counts["sabre"],
                                                needed=needed, bonus=bonus))
    items = _dice_items(counts, merge_animals=False, chest=True, sabres_score=True)
    return _summed([*items, (M("sea_battle.sea_battle_won"), {}, bonus)])


def _treasure(kept: Mapping[str, int], skulls: int) -> TurnOutcome:
    items = _dice_items({**kept, "skull": 0}, merge_animals=False, chest=False)
    scored = _summed(items)
    return TurnOutcome(scored.points, 0,
                       lambda: M("treasure.skulls_treasure_scores", skulls=skulls, detail=scored.explanation))


def _skull_out(skulls: int) -> TurnOutcome:
    return TurnOutcome(0, 0, lambda: M("skull_out.skulls_turn_scores_nothing", n=skulls))


def _dice_items(counts: Mapping[str, int], merge_animals: bool, chest: bool, sabres_score: bool = False) -> Items:
    """Sets, coins and diamonds, and the full chest when every die scores."""
    groups: list[tuple[tuple[str, ...], Words]] = [((face,), FACE_NAMES[face]) for face in TREASURE_FACES]
    if merge_animals:
        groups = [g for g in groups if g[0][0] not in ("monkey", "parrot")] + [(("monkey", "parrot"), ANIMALS_NAME)]
    items: Items = []
    all_score = counts["skull"] == 0
    for faces, name in groups:
        size = sum(counts[f] for f in faces)
        if size >= 3:
            items.append((M("dice_items.count"), {"n": size, "face": name}, set_points(size)))
        elif size and faces[0] not in GEMS and not (faces == ("sabre",) and sabres_score):
            all_score = False
    gems = counts["coin"] + counts["diamond"]
    if gems:
        items.append((M("dice_items.coins_diamonds"), {"n": gems}, GEM_POINTS * gems))
    if chest and all_score:
        items.append((M("dice_items.full_chest"), {}, FULL_CHEST))
    return items


def _listing(items: Items) -> Words:
    if not items:
        return M("listing.scoring_dice")
    labels = [M("listing.item", label=label.format(**params), value=value)
              for label, params, value in items]
    listing: Words = labels[0]
    for label in labels[1:]:
        listing = M("listing.plus", head=listing, next=label)
    return listing


def _summed(items: Items) -> TurnOutcome:
    points = sum(value for *_, value in items)
    return TurnOutcome(points, 0, lambda: M("summed.total", listing=_listing(items), points=points))


def _doubled(items: Items) -> TurnOutcome:
    points = CAPTAIN_FACTOR * sum(value for *_, value in items)
    return TurnOutcome(points, 0, lambda: M("doubled.2_captain", listing=_listing(items), points=points))


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
            raise fail(path, "piraten-kapern.refuse.game_has_already_ended",
                       name=game.trigger, target=game.target)
        expected = sheet.names[i % seats]
        if event["player"] != expected:
            raise fail(join_path(path, "player"), "piraten-kapern.refuse.was_s_turn_s",
                       expected=expected, player=event["player"])
        game.play(expected, _event_outcome(event, path))
        if i % seats == seats - 1:
            game.end_round()
    return game


def _event_outcome(event: Mapping[str, Any], path: str) -> TurnOutcome:
    if "points" in event:
        return TurnOutcome(event["points"], 0, lambda: M("event_outcome.entered_hand"))
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
    Field("player", PlayerRef(), M("field.player"), required=True),
    Field("fortune", FORTUNES, M("field.fortune"), required=True),
    Field("dice", _counts_record(FACES), M("field.dice"), required=True,
          help=M("field.dice.help")),
    Field("island_of_skulls", Bool(), M("field.island_of_skulls"),
          help=M("field.island_of_skulls.help")),
    Field("treasure", _counts_record(TREASURE_FACES), M("field.treasure"),
          help=M("field.treasure.help")),
))
MANUAL_TURN = Record((
    Field("player", PlayerRef(), M("field.player"), required=True),
    Field("points", Int(-12000, 12000), M("field.points"), required=True,
          help=M("field.points.help")),
))

SPEC = GameSpec(
    id="piraten-kapern",
    # year and play time: AMIGO's 2012 edition, 30 minutes (dicevibes.com, ludorium.at)
    bgg_id=126731,
    bgg_year=2012,
    play_time=(30, 30),
    name=M("name"),
    min_players=2,
    max_players=5,
    rules_version=1,
    categories=(
        ("turns", M("category.turns")),
        ("island_of_skulls", M("category.island_of_skulls")),
    ),
    options=(
        Field("target", Int(1000, 20000), M("field.target"), default=DEFAULT_TARGET,
              help=M("field.target.help")),
    ),
    event=Variants((("dice", DICE_TURN), ("points", MANUAL_TURN))),
    max_events=2000,
    setup=setup,
    score=score,
    prompts=catalog_prompts(M),
    notes=M.numbered("note"),
)
