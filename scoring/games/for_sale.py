"""For Sale (포 세일): buy properties with coins, sell them for cheques."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ..errors import fail, needed
from ..fields import Choice, ChoiceValue, Field, Int, ListOf
from ..messages import Messages
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, When, catalog_prompts
from .common import field_rule

M = Messages("for-sale")

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
            raise fail(sheet.player_path(name, "cheques"), "for-sale.refuse.cheques_but_player_gets",
                       n=len(cheques), rounds=rounds)
        for i, value in enumerate(cheques):
            if value not in CHEQUE_VALUES:
                raise fail(f"{sheet.player_path(name, 'cheques')}[{i}]", "for-sale.refuse.there_000_cheque_values",
                           v=value)
            seen_cheques[value] += 1
            if seen_cheques[value] > COPIES_PER_CHEQUE:
                raise fail(f"{sheet.player_path(name, 'cheques')}[{i}]", "for-sale.refuse.deck_has_two_000", v=value)
    for name in sheet.names:
        player = sheet.players[name]
        if player["coins_left"] > values["coins"]:
            raise fail(sheet.player_path(name, "coins_left"), "for-sale.refuse.coins_left_but_players",
                       n=player["coins_left"], start=values["coins"])
        properties = player["properties"]
        if len(properties) > rounds:
            raise fail(sheet.player_path(name, "properties"), "for-sale.refuse.properties_but_player_buys",
                       n=len(properties), rounds=rounds)
        for i, prop in enumerate(properties):
            if prop in seen_properties:
                raise fail(f"{sheet.player_path(name, 'properties')}[{i}]", "for-sale.refuse.property_already_s_card",
                           p=prop, other=seen_properties[prop])
            seen_properties[prop] = name
        stated = player["highest_property"]
        if properties and stated is not None and stated != max(properties):
            raise fail(sheet.player_path(name, "highest_property"), "for-sale.refuse.but_highest_properties_listed",
                       s=stated, m=max(properties))
        if not properties and stated is not None:
            if stated in seen_properties:
                raise fail(sheet.player_path(name, "highest_property"), "for-sale.refuse.property_already_s_card",
                           p=stated, other=seen_properties[stated])
            seen_properties[stated] = name
    # Compared only after every player's own entries: while the others still enter theirs, it is a reminder.
    # A player entered by cheque total has all their cheques.
    for name in sheet.names:
        cheques = sheet.players[name]["cheques"]
        if full and sheet.players[name]["cheque_total"] is None and len(cheques) != rounds:
            raise needed(sheet.player_path(name, "cheques"), "for-sale.refuse.has_all_cheques_so", other=full[0],
                         rounds=rounds, n=len(cheques))
    if len(full) == len(sheet.names):
        check_cheques_handed_out(sheet, values["removed_cheques"])


def check_cheque_total(sheet: Sheet, name: str, rounds: int) -> None:
    player = sheet.players[name]
    path = sheet.player_path(name, "cheque_total")
    if player["cheques"]:
        raise fail(path, "for-sale.refuse.enter_cheque_total_cheque")
    if player["cheque_total"] not in cheque_sums(rounds):
        raise fail(path, "for-sale.refuse.cheques_add_up_player", rounds=rounds, n=player["cheque_total"])


def check_cheques_handed_out(sheet: Sheet, removed: int) -> None:
    """At the end all cheques but the ones removed unseen were handed out: their values add up to the deck's."""
    given = sum(cheque_total(sheet.players[n]) for n in sheet.names)
    possible = {DECK_VALUE - s for s in cheque_sums(removed)}
    if given in possible:
        return
    last = next((n for n in reversed(sheet.names) if sheet.players[n]["cheque_total"] is not None), sheet.names[-1])
    key = "cheque_total" if sheet.players[last]["cheque_total"] is not None else "cheques"
    if removed == 0:
        raise fail(sheet.player_path(last, key), "for-sale.refuse.cheque_handed_out_players", n=len(sheet.names),
                   deck=DECK_VALUE, given=given)
    raise fail(sheet.player_path(last, key), "for-sale.refuse.players_cheques_removed_unseen", n=len(sheet.names),
               k=removed, lo=min(possible), hi=max(possible), given=given)


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


SPEC = GameSpec(
    id="for-sale",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js)
    bgg_id=172,
    bgg_year=1997,
    play_time=(30, 30),
    name=M("name"),
    min_players=3,
    max_players=6,
    rules_version=3,
    categories=(
        ("cheques", M("category.cheques")),
        ("coins", M("category.coins")),
    ),
    options=(
        Field("edition", Choice((ChoiceValue("english", M("field.edition.english")),
                                 ChoiceValue("french", M("field.edition.french")))),
              M("field.edition"), default="english",
              help=M("field.edition.help")),
        Field("refund_rounding", Choice((ChoiceValue("down", M("field.refund_rounding.down")),
                                         ChoiceValue("up", M("field.refund_rounding.up")))),
              M("field.refund_rounding"), default="down",
              help=M("field.refund_rounding.help")),
    ),
    player_fields=(
        Field("cheque_total", Int(0, MAX_CHEQUE_TOTAL), M("field.cheque_total"),
              default=None, help=M("field.cheque_total.help")),
        Field("coins_left", Int(0, MAX_COINS), M("field.coins_left"), required=True),
        Field("cheques", ListOf(Int(0, 15), MAX_ROUNDS), M("field.cheques"),
              required_unless="cheque_total",
              help=M("field.cheques.help")),
        Field("properties", ListOf(Int(1, 30), MAX_ROUNDS, unique=True), M("field.properties"),
              help=M("field.properties.help")),
        Field("highest_property", Int(1, 30), M("field.highest_property"),
              help=M("field.highest_property.help")),
    ),
    tiebreaks=(
        field_rule("coins_left", M("tiebreak.coins_left.name"), M("tiebreak.coins_left.advantage")),
        TiebreakRule("highest_property", M("tiebreak.highest_property.name"),
                     M("tiebreak.highest_property.advantage"),
                     lambda sheet, scoring, name: highest_property(sheet, name)),
    ),
    setup=setup,
    check=check,
    score=score,
    prompts=catalog_prompts(M, when={
        "round.2": When(option=("refund_rounding", "down")),
        "round.3": When(option=("refund_rounding", "up")),
    }),
    notes=M.numbered("note"),
)
