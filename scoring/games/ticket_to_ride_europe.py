"""Ticket to Ride: Europe (티켓 투 라이드: 유럽): claim routes, complete tickets, keep stations, win the Express."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..errors import fail, needed
from ..fields import Bool, Field, Int, ListOf, Record, Str
from ..messages import Messages
from ..spec import GameSpec, PlayerScore, Scoring, Sheet, TiebreakRule, When, catalog_prompts
from .common import field_rule
from .ttr_europe_map import CITY_PAIRS, routes_on_map
from .ttr_europe_tickets import LONG_TICKETS, TICKETS, Ticket, lookup_ticket

M = Messages("ticket-to-ride-europe")

TRAINS = 45
STATIONS = 3
KEPT_TICKETS = 2  # each player keeps at least 2 of the tickets dealt at the start
STATION_BONUS = 4
EXPRESS_BONUS = 10
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}  # the map has no 5- or 7-train route
assert set(ROUTE_POINTS) == set(CITY_PAIRS), "every route length on the map has a score"
TICKETS_WORTH: Counter[int] = Counter(t.points for t in TICKETS)  # how many tickets of the deck are worth n
LONG_VALUES = frozenset(t.points for t in LONG_TICKETS)
REGULAR_VALUES = tuple(t.points for t in TICKETS if not t.long)
MAX_ROUTE_POINTS = 94  # 45 trains: the 8, both 6s, six 4s and a 1 (checked in route_score_trains)
TOTAL_FIELDS = ("tickets_done", "tickets_failed", "tickets_completed")
MAX_TICKET_POINTS = sum(t.points for t in TICKETS if not t.long) + max(LONG_VALUES)
assert not LONG_VALUES & {t.points for t in TICKETS if not t.long}, "a long ticket is told by its points"


@cache
def route_score_trains() -> dict[int, tuple[int, int]]:
    """Every route score one player can reach with 45 trains -> the fewest and the most trains it takes.

    Each length is capped by the map's city pairs (one player never holds both tracks of a double route).
    """
    reach: dict[tuple[int, int], None] = {(0, 0): None}  # (trains, points)
    for length, points in ROUTE_POINTS.items():
        most = min(TRAINS // length, CITY_PAIRS[length])
        reach = dict.fromkeys((t + k * length, p + k * points) for t, p in reach for k in range(most + 1)
                              if t + k * length <= TRAINS)
    out: dict[int, tuple[int, int]] = {}
    for trains, points in reach:
        low, high = out.get(points, (trains, trains))
        out[points] = (min(low, trains), max(high, trains))
    return out


@cache
def regular_ticket_sums() -> tuple[frozenset[int], ...]:
    """Sums of n distinct regular tickets, for n = 0..40."""
    sums: list[set[int]] = [{0}] + [set() for _ in REGULAR_VALUES]
    for value in REGULAR_VALUES:
        for taken in range(len(REGULAR_VALUES), 0, -1):
            sums[taken] |= {total + value for total in sums[taken - 1]}
    return tuple(frozenset(s) for s in sums)


@cache
def ticket_totals_possible(done: int, failed: int, completed: int | None, least: int = 0) -> bool:
    """Whether some distinct tickets, at least `least` of them and at most one long, make `done` completed
    (`completed` of them, if given) and `failed` unfinished: each side must be a sum of distinct tickets, and so
    must both together."""
    sums = regular_ticket_sums()
    for long_done, long_failed in [(0, 0), *((v, 0) for v in LONG_VALUES), *((0, v) for v in LONG_VALUES)]:
        regular_done, regular_failed = done - long_done, failed - long_failed
        held_long = int(long_done + long_failed > 0)
        counts = range(len(sums)) if completed is None else [completed - int(long_done > 0)]
        for k in (k for k in counts if 0 <= k < len(sums) and regular_done in sums[k]):
            if any(regular_failed in sums[j] and regular_done + regular_failed in sums[k + j]
                   and k + j + held_long >= least for j in range(len(sums) - k)):
                return True
    return False


def trains_used(routes: Mapping[str, int]) -> int:
    """Trains placed for routes given as {"length": count}, e.g. {"3": 2, "8": 1} -> 14."""
    return sum(int(length) * count for length, count in routes.items())


def route_points(routes: Mapping[str, int]) -> int:
    """Points for routes given as {"length": count}, from the route scoring table (lengths 1, 2, 3, 4, 6, 8)."""
    return sum(ROUTE_POINTS[int(length)] * count for length, count in routes.items())


def ticket_points(tickets: list[Mapping[str, Any]]) -> int:
    return sum(t["points"] if t["completed"] else -t["points"] for t in tickets)


def express_holders(sheet: Sheet) -> list[str]:
    """Every player tied for the longest path gets the European Express; nobody when no path was built."""
    longest = max(p["longest_path"] for p in sheet.players.values())
    return [n for n in sheet.names if longest > 0 and sheet.players[n]["longest_path"] == longest]


def setup(options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
    return {"trains": TRAINS, "stations": STATIONS, "cards": 4, "face_up": 5, "regular": 3, "keep": 2,
            "last_trains": 2, "station_bonus": STATION_BONUS, "express": EXPRESS_BONUS}


def check(sheet: Sheet) -> None:
    for name in sheet.names:
        check_trains(sheet, name)
        check_ticket_totals(sheet, name)
    check_routes_on_map(sheet)
    check_tickets(sheet)
    for name in sheet.names:
        check_tickets_kept(sheet, name)


def by_ticket_totals(player: Mapping[str, Any]) -> bool:
    return any(player[key] is not None for key in TOTAL_FIELDS)


def check_ticket_totals(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    if not by_ticket_totals(player):
        return
    if player["tickets"]:
        key = next(k for k in TOTAL_FIELDS if player[k] is not None)
        raise fail(sheet.player_path(name, key), "ticket-to-ride-europe.refuse.enter_ticket_totals_ticket")
    done, failed = player["tickets_done"] or 0, player["tickets_failed"] or 0
    completed = player["tickets_completed"]
    if not ticket_totals_possible(done, failed, completed):
        key = "tickets_failed" if ticket_totals_possible(done, 0, completed) else "tickets_done"
        in_tickets = "" if completed is None else M("refuse.tickets_deck_make_completed.tickets", completed=completed)
        raise fail(sheet.player_path(name, key), "ticket-to-ride-europe.refuse.tickets_deck_make_completed",
                   done=done, failed=failed, count=in_tickets)


def check_tickets_kept(sheet: Sheet, name: str) -> None:
    """Seed 001: "각 플레이어는 처음 받은 목적지 티켓 중 최소 2장 이상을 선택해 보관해야 합니다" and the tickets kept
    are held to the end. Asked for like an entry still to come: a player may be typing their second ticket."""
    player = sheet.players[name]
    if by_ticket_totals(player):
        done, failed = player["tickets_done"] or 0, player["tickets_failed"] or 0
        if not ticket_totals_possible(done, failed, player["tickets_completed"], KEPT_TICKETS):
            key = "tickets_done" if player["tickets_done"] is None else "tickets_failed"
            raise needed(sheet.player_path(name, key), "ticket-to-ride-europe.refuse.completed_unfinished_make_fewer",
                         done=done, failed=failed, keep=KEPT_TICKETS)
    elif len(player["tickets"]) < KEPT_TICKETS:
        raise needed(sheet.player_path(name, "tickets"), "ticket-to-ride-europe.refuse.holds_least_tickets_player",
                     name=name, n=len(player["tickets"]), keep=KEPT_TICKETS)


def check_trains(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    if player["route_points"] is not None:
        check_route_points(sheet, name)
        return
    used = trains_used(player["routes"])
    if used > TRAINS:
        raise fail(sheet.player_path(name, "routes"), "ticket-to-ride-europe.refuse.these_routes_take_trains", n=used,
                   max=TRAINS)
    if player["longest_path"] > used:
        raise fail(sheet.player_path(name, "longest_path"), "ticket-to-ride-europe.refuse.trains_but_routes_entered",
                   n=player["longest_path"], used=used)


def check_route_points(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    points = player["route_points"]
    if any(player["routes"].values()):
        raise fail(sheet.player_path(name, "route_points"), "ticket-to-ride-europe.refuse.enter_route_points_routes")
    reach = route_score_trains()
    if points not in reach:
        raise fail(sheet.player_path(name, "route_points"), "ticket-to-ride-europe.refuse.routes_player_claim_trains",
                   max=TRAINS, n=points)
    most = reach[points][1]
    if player["longest_path"] > most:
        raise fail(sheet.player_path(name, "longest_path"), "ticket-to-ride-europe.refuse.trains_but_routes_scoring",
                   n=player["longest_path"], points=points, most=most)


def check_routes_on_map(sheet: Sheet) -> None:
    """All players' routes of a length together fit the map: city pairs with 2-3 players, tracks with 4-5."""
    n = len(sheet.names)
    for length, on_map in routes_on_map(n).items():
        claimed = 0
        for name in sheet.names:
            claimed += sheet.players[name]["routes"][str(length)]
            if claimed > on_map:
                raise fail(sheet.player_path(name, f"routes.{length}"),
                           "ticket-to-ride-europe.refuse.players_map_holds_route", n=n, on_map=on_map,
                           length=length, claimed=claimed)


def check_tickets(sheet: Sheet) -> None:
    """Tickets are real: given by cities they match the deck and are held once; given by points alone, some
    ticket is worth that much and the deck has enough of that value. At most one long ticket per player."""
    holders: dict[Ticket, str] = {}
    worth: Counter[int] = Counter()
    for name in sheet.names:
        long_ticket: str | None = None
        for i, entry in enumerate(sheet.players[name]["tickets"]):
            path = f"{sheet.player_path(name, 'tickets')}[{i}]"
            points = entry["points"]
            ticket = catalogue_ticket(entry, path)
            if ticket is None and points not in TICKETS_WORTH:
                raise fail(f"{path}.points", "ticket-to-ride-europe.refuse.ticket_worth_points_tickets", n=points,
                           values=", ".join(map(str, sorted(TICKETS_WORTH))))
            if ticket is not None:
                if ticket in holders:
                    raise fail(path, "ticket-to-ride-europe.refuse.entered_twice_also_deck",
                               ticket=ticket.name, other=holders[ticket])
                holders[ticket] = name
            worth[points] += 1
            if worth[points] > TICKETS_WORTH[points]:
                raise fail(f"{path}.points", "ticket-to-ride-europe.refuse.deck_has_ticket_s",
                           n=TICKETS_WORTH[points], points=points, got=worth[points])
            label = ticket.name if ticket is not None else f"{points}"
            if points in LONG_VALUES and long_ticket is not None:
                raise fail(path, "ticket-to-ride-europe.refuse.second_long_ticket_but", ticket=label, first=long_ticket)
            if points in LONG_VALUES:
                long_ticket = label


def catalogue_ticket(entry: Mapping[str, Any], path: str) -> Ticket | None:
    """The deck's ticket for an entry given by cities; None for an entry given by points alone."""
    start, end = entry["from"], entry["to"]
    if start is None and end is None:
        return None
    if start is None or end is None:
        missing, given = ("to", start) if end is None else ("from", end)
        raise fail(f"{path}.{missing}", "ticket-to-ride-europe.refuse.missing_give_both_cities",
                   given=given)
    ticket = lookup_ticket(start, end)
    if ticket is None:
        raise fail(path, "ticket-to-ride-europe.refuse.there_ticket_europe_deck", a=start, b=end)
    if entry["points"] != ticket.points:
        raise fail(f"{path}.points", "ticket-to-ride-europe.refuse.ticket_worth_points", ticket=ticket.name,
                   right=ticket.points, got=entry["points"])
    return ticket


def score(sheet: Sheet) -> Scoring:
    express = express_holders(sheet)
    players = {}
    for name in sheet.names:
        player = sheet.players[name]
        players[name] = PlayerScore({
            "routes": route_points(player["routes"]) if player["route_points"] is None else player["route_points"],
            "tickets": ((player["tickets_done"] or 0) - (player["tickets_failed"] or 0) if by_ticket_totals(player)
                        else ticket_points(player["tickets"])),
            "stations": STATION_BONUS * (STATIONS - player["stations_used"]),
            "express": EXPRESS_BONUS if name in express else 0,
        })
    return Scoring(players, finished=True, end_reason="rounds", extras={"european_express": express})


def completed_tickets(sheet: Sheet, scoring: Scoring, name: str) -> int | None:
    player = sheet.players[name]
    if by_ticket_totals(player):
        return player["tickets_completed"]  # None: not entered, so the tie stays
    return sum(t["completed"] for t in player["tickets"])


def holds_express(sheet: Sheet, scoring: Scoring, name: str) -> bool:
    return scoring.players[name].breakdown["express"] > 0




def route_count_field(length: int) -> Field:
    most = min(TRAINS // length, CITY_PAIRS[length])  # one player never claims both tracks of a double route
    points = ROUTE_POINTS[length]
    return Field(str(length), Int(0, most), M("field.routes.length", length=length),
                 help=M("field.routes.length.help", points=points))


TICKET = Record((
    Field("points", Int(1, 21), M("field.points"), required=True),
    Field("completed", Bool(), M("field.completed"), required=True,
          help=M("field.completed.help")),
    Field("from", Str(), M("field.from"),
          help=M("field.from.help")),
    Field("to", Str(), M("field.to")),
))

SPEC = GameSpec(
    id="ticket-to-ride-europe",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js); BG Stats' own entry for the game says the same
    bgg_id=14996,
    bgg_year=2005,
    play_time=(30, 60),
    name=M("name"),
    min_players=2,
    max_players=5,
    rules_version=4,
    categories=(
        ("routes", M("category.routes")),
        ("tickets", M("category.tickets")),
        ("stations", M("category.stations")),
        ("express", M("category.express")),
    ),
    player_fields=(
        Field("route_points", Int(0, MAX_ROUTE_POINTS), M("field.route_points"),
              default=None, help=M("field.route_points.help")),
        Field("tickets_done", Int(0, MAX_TICKET_POINTS), M("field.tickets_done"),
              default=None, help=M("field.tickets_done.help")),
        Field("tickets_failed", Int(0, MAX_TICKET_POINTS),
              M("field.tickets_failed"), default=None,
              help=M("field.tickets_failed.help")),
        Field("tickets_completed", Int(0, len(TICKETS)), M("field.tickets_completed"),
              default=None, help=M("field.tickets_completed.help")),
        Field("routes", Record(tuple(route_count_field(length) for length in ROUTE_POINTS)),
              M("field.routes"), default=dict.fromkeys(map(str, ROUTE_POINTS), 0),
              help=M("field.routes.help")),
        Field("tickets", ListOf(TICKET, len(TICKETS)), M("field.tickets"),
              required_unless="tickets_done",
              help=M("field.tickets.help")),
        Field("stations_used", Int(0, STATIONS), M("field.stations_used"), required=True,
              help=M("field.stations_used.help")),
        Field("longest_path", Int(0, TRAINS), M("field.longest_path"),
              help=M("field.longest_path.help")),
    ),
    tiebreaks=(
        TiebreakRule("completed_tickets", M("tiebreak.completed_tickets.name"),
                     M("tiebreak.completed_tickets.advantage"), completed_tickets),
        field_rule("stations_used", M("tiebreak.stations_used.name"),
                   M("tiebreak.stations_used.advantage"), better="lower"),
        TiebreakRule("european_express", M("tiebreak.european_express.name"),
                     M("tiebreak.european_express.advantage"), holds_express),
    ),
    setup=setup,
    check=check,
    score=score,
    prompts=catalog_prompts(M, when={
        "turn.13": When(max_players=3),
        "turn.14": When(min_players=4),
    }),
    notes=M.numbered("note"),
)
