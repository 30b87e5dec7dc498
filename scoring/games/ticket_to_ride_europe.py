"""Ticket to Ride: Europe (티켓 투 라이드: 유럽): claim routes, complete tickets, keep stations, win the Express."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..errors import fail, needed
from ..fields import Bool, Field, Int, ListOf, Record, Str
from ..spec import GameSpec, PlayerScore, Prompt, Scoring, Sheet, TiebreakRule
from ..text import Text
from .common import field_rule
from .ttr_europe_map import CITY_PAIRS, routes_on_map
from .ttr_europe_tickets import LONG_TICKETS, TICKETS, Ticket, lookup_ticket

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
        raise fail(sheet.player_path(name, key), "enter the ticket totals or each ticket, not both",
                   "티켓 합계와 티켓 한 장씩 중 하나만 입력하세요")
    done, failed = player["tickets_done"] or 0, player["tickets_failed"] or 0
    completed = player["tickets_completed"]
    if not ticket_totals_possible(done, failed, completed):
        key = "tickets_failed" if ticket_totals_possible(done, 0, completed) else "tickets_done"
        raise fail(sheet.player_path(name, key), "no tickets of the deck make {done} completed{count} and {failed} "
                   "unfinished (tickets are worth 5 to 13; one long ticket of 20 or 21)", "실제 티켓으로는 "
                   "완성 {done}점{count_ko}, 미완성 {failed}점이 될 수 없습니다 (티켓은 5~13점, 장거리 티켓 한 장은 "
                   "20점이나 21점)", done=done, failed=failed,
                   count="" if completed is None else f" in {completed} tickets",
                   count_ko="" if completed is None else f"({completed}장)")


def check_tickets_kept(sheet: Sheet, name: str) -> None:
    """Seed 001: "각 플레이어는 처음 받은 목적지 티켓 중 최소 2장 이상을 선택해 보관해야 합니다" and the tickets kept
    are held to the end. Asked for like an entry still to come: a player may be typing their second ticket."""
    player = sheet.players[name]
    if by_ticket_totals(player):
        done, failed = player["tickets_done"] or 0, player["tickets_failed"] or 0
        if not ticket_totals_possible(done, failed, player["tickets_completed"], KEPT_TICKETS):
            key = "tickets_done" if player["tickets_done"] is None else "tickets_failed"
            raise needed(sheet.player_path(name, key), "{done} completed and {failed} unfinished make fewer than "
                         "{keep} tickets, but each player keeps at least {keep} of the tickets dealt at the start",
                         "완성 {done}점, 미완성 {failed}점으로는 티켓이 {keep}장이 안 됩니다: 각자 처음 받은 티켓 중 "
                         "{keep}장 이상을 가집니다", done=done, failed=failed, keep=KEPT_TICKETS)
    elif len(player["tickets"]) < KEPT_TICKETS:
        raise needed(sheet.player_path(name, "tickets"), "{name} holds {n} of the at least {keep} tickets each "
                     "player keeps from the start: enter every ticket kept, completed or not",
                     "{name}의 티켓은 {n}장이지만 각자 처음 받은 티켓 중 {keep}장 이상을 가집니다: 완성 여부와 "
                     "상관없이 가진 티켓을 모두 입력하세요", name=name, n=len(player["tickets"]), keep=KEPT_TICKETS)


def check_trains(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    if player["route_points"] is not None:
        check_route_points(sheet, name)
        return
    used = trains_used(player["routes"])
    if used > TRAINS:
        raise fail(sheet.player_path(name, "routes"), "these routes take {n} trains, but each player has only {max}",
                   "이 노선들에는 기차 {n}개가 필요하지만 각자 {max}개뿐입니다", n=used, max=TRAINS)
    if player["longest_path"] > used:
        raise fail(sheet.player_path(name, "longest_path"), "is {n} trains, but the routes entered hold only {used}",
                   "{n}개이지만 입력한 노선의 기차는 {used}개뿐입니다", n=player["longest_path"], used=used)


def check_route_points(sheet: Sheet, name: str) -> None:
    player = sheet.players[name]
    points = player["route_points"]
    if any(player["routes"].values()):
        raise fail(sheet.player_path(name, "route_points"), "enter the route points or the routes by length, not "
                   "both", "노선 점수와 길이별 노선 수 중 하나만 입력하세요")
    reach = route_score_trains()
    if points not in reach:
        raise fail(sheet.player_path(name, "route_points"), "no routes a player can claim with {max} trains score "
                   "{n}", "기차 {max}개로 점유할 수 있는 노선으로는 {n}점이 될 수 없습니다", max=TRAINS, n=points)
    most = reach[points][1]
    if player["longest_path"] > most:
        raise fail(sheet.player_path(name, "longest_path"), "is {n} trains, but routes scoring {points} hold at "
                   "most {most}", "{n}개이지만 {points}점짜리 노선에는 기차가 많아야 {most}개입니다",
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
                           "with {n} players the map holds {on_map} route(s) of {length} trains, but {claimed} are "
                           "entered in all", "{n}인 게임에서 지도의 {length}칸 노선은 {on_map}개뿐인데 모두 합쳐 "
                           "{claimed}개가 입력되었습니다", n=n, on_map=on_map, length=length, claimed=claimed)


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
                raise fail(f"{path}.points", "no ticket is worth {n} points: tickets are worth {values}",
                           "{n}점짜리 티켓은 없습니다: 티켓 점수는 {values}입니다", n=points,
                           values=", ".join(map(str, sorted(TICKETS_WORTH))))
            if ticket is not None:
                if ticket in holders:
                    raise fail(path, "{ticket} is entered twice (also for {other}): the deck has one of each ticket",
                               "{ticket} 티켓이 두 번 입력되었습니다 (이미 {other}): 티켓은 한 장씩뿐입니다",
                               ticket=ticket.name, other=holders[ticket])
                holders[ticket] = name
            worth[points] += 1
            if worth[points] > TICKETS_WORTH[points]:
                raise fail(f"{path}.points", "the deck has only {n} ticket(s) worth {points}, but {got} are entered "
                           "in all", "{points}점짜리 티켓은 {n}장뿐인데 모두 합쳐 {got}장이 입력되었습니다",
                           n=TICKETS_WORTH[points], points=points, got=worth[points])
            label = ticket.name if ticket is not None else f"{points}"
            if points in LONG_VALUES and long_ticket is not None:
                raise fail(path, "{ticket} is a second long ticket, but each player is dealt only one ({first})",
                           "{ticket}은(는) 두 번째 장거리 티켓입니다: 장거리 티켓은 한 사람에게 한 장만 나눠 줍니다 "
                           "(이미 {first})", ticket=label, first=long_ticket)
            if points in LONG_VALUES:
                long_ticket = label


def catalogue_ticket(entry: Mapping[str, Any], path: str) -> Ticket | None:
    """The deck's ticket for an entry given by cities; None for an entry given by points alone."""
    start, end = entry["from"], entry["to"]
    if start is None and end is None:
        return None
    if start is None or end is None:
        missing, given = ("to", start) if end is None else ("from", end)
        raise fail(f"{path}.{missing}", "is missing: give both cities of the ticket or neither (the other is {given})",
                   "빠져 있습니다: 티켓의 두 도시를 모두 입력하거나 둘 다 비워 두세요 (다른 도시: {given})",
                   given=given)
    ticket = lookup_ticket(start, end)
    if ticket is None:
        raise fail(path, "there is no {a} – {b} ticket in the Europe deck: check the spelling of the cities",
                   "유럽 티켓 중에 {a} – {b} 티켓은 없습니다: 도시 이름을 확인하세요", a=start, b=end)
    if entry["points"] != ticket.points:
        raise fail(f"{path}.points", "the {ticket} ticket is worth {right} points, got {got}",
                   "{ticket} 티켓은 {right}점입니다 (입력: {got})", ticket=ticket.name, right=ticket.points,
                   got=entry["points"])
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


T = Text


def route_count_field(length: int) -> Field:
    most = min(TRAINS // length, CITY_PAIRS[length])  # one player never claims both tracks of a double route
    points = ROUTE_POINTS[length]
    return Field(str(length), Int(0, most), T(f"{length}-train routes", f"{length}칸 노선"),
                 help=T(f"Each scores {points}.", f"하나에 {points}점."))


TICKET = Record((
    Field("points", Int(1, 21), T("Points", "점수"), required=True),
    Field("completed", Bool(), T("Completed", "완성"), required=True,
          help=T("Completed tickets add their points; unfinished ones subtract them.",
                 "완성한 티켓은 점수를 더하고, 완성하지 못한 티켓은 뺍니다.")),
    Field("from", Str(), T("From city", "출발 도시"),
          help=T("Optional; with both cities the ticket is checked against the deck.",
                 "선택 사항입니다. 두 도시를 모두 입력하면 실제 티켓과 대조합니다.")),
    Field("to", Str(), T("To city", "도착 도시")),
))

SPEC = GameSpec(
    id="ticket-to-ride-europe",
    # year and play time: BoardGameGeek's, in the snapshot of its data in jmthompson2015/gamefinder
    # (artifact/GameDetail.js); BG Stats' own entry for the game says the same
    bgg_id=14996,
    bgg_year=2005,
    play_time=(30, 60),
    name=T("Ticket to Ride: Europe", "티켓 투 라이드: 유럽"),
    min_players=2,
    max_players=5,
    rules_version=4,
    categories=(
        ("routes", Text("Routes", "노선")),
        ("tickets", Text("Destination tickets", "목적지 티켓")),
        ("stations", Text("Stations kept", "남은 기차역")),
        ("express", Text("European Express", "유럽 익스프레스")),
    ),
    player_fields=(
        Field("route_points", Int(0, MAX_ROUTE_POINTS), T("Route points (score track)", "노선 점수 (점수 트랙)"),
              default=None, help=T("Where your marker stands before the final scoring. Or enter the routes by "
                                   "length below.", "최종 점수 계산 전 점수 마커의 위치. 또는 아래에 길이별 노선 수를 "
                                   "입력하세요.")),
        Field("tickets_done", Int(0, MAX_TICKET_POINTS), T("Completed tickets: points", "완성한 티켓 점수 합계"),
              default=None, help=T("Instead of each ticket: their points added up.", "티켓 한 장씩 대신: 점수 합계.")),
        Field("tickets_failed", Int(0, MAX_TICKET_POINTS),
              T("Unfinished tickets: points", "완성하지 못한 티켓 점수 합계"), default=None,
              help=T("Subtracted from your score.", "점수에서 뺍니다.")),
        Field("tickets_completed", Int(0, len(TICKETS)), T("Completed tickets: how many", "완성한 티켓 수"),
              default=None, help=T("With ticket totals: only for a tie.", "티켓 합계로 입력할 때: 동점일 때만.")),
        Field("routes", Record(tuple(route_count_field(length) for length in ROUTE_POINTS)),
              T("Routes claimed", "점유한 노선"), default=dict.fromkeys(map(str, ROUTE_POINTS), 0),
              help=T("How many routes of each length you claimed.", "길이별로 점유한 노선 수.")),
        Field("tickets", ListOf(TICKET, len(TICKETS)), T("Destination tickets", "목적지 티켓"),
              required_unless="tickets_done",
              help=T("Every ticket you kept, completed or not.", "완성 여부와 상관없이 가진 티켓 전부.")),
        Field("stations_used", Int(0, STATIONS), T("Stations used", "사용한 기차역"), required=True,
              help=T("Stations built on the map. Each one left in reserve scores 4.",
                     "지도에 지은 기차역 수. 남은 기차역 하나당 4점입니다.")),
        Field("longest_path", Int(0, TRAINS), T("Longest path (trains)", "가장 긴 연속 노선 (기차 수)"),
              help=T("Trains in your longest continuous path; stations and borrowed routes don't count.",
                     "가장 긴 연속 노선의 기차 수. 기차역과 빌린 노선은 세지 않습니다.")),
    ),
    tiebreaks=(
        TiebreakRule("completed_tickets", T("completed tickets", "완성한 티켓 수"),
                     T("more completed tickets", "완성한 티켓이 더 많아"), completed_tickets),
        field_rule("stations_used", T("stations used", "사용한 기차역 수"),
                   T("fewer stations used", "사용한 기차역이 더 적어"), better="lower"),
        TiebreakRule("european_express", T("European Express", "유럽 익스프레스"),
                     T("holding the European Express", "유럽 익스프레스 카드를 받아"), holds_express),
    ),
    setup=setup,
    check=check,
    score=score,
    prompts=(
        Prompt("setup", T("Each player takes {trains} trains, {stations} stations and a scoring marker of one colour; "
                          "markers start on Start.",
                          "각자 한 가지 색의 기차 {trains}개, 기차역 {stations}개, 점수 마커를 가져가고 "
                          "마커를 시작 칸에 놓습니다.")),
        Prompt("setup", T("Shuffle the train cards and deal {cards} to each player.",
                          "기차 카드를 섞어 각자 {cards}장씩 나눠 줍니다.")),
        Prompt("setup", T("Put the deck by the board and turn its top {face_up} cards face up.",
                          "남은 더미를 보드 옆에 두고 맨 위 {face_up}장을 앞면으로 펼칩니다.")),
        Prompt("setup", T("Put the European Express card and the summary card face up by the board.",
                          "유럽 익스프레스 카드와 요약 카드를 보드 옆에 앞면으로 놓습니다.")),
        Prompt("setup", T("Shuffle the 6 long tickets (blue) and deal 1 to each player; the rest go back in the box "
                          "unseen.",
                          "장거리 티켓(파란색) 6장을 섞어 각자 1장씩 나눠 주고, 남은 장거리 티켓은 보지 않고 상자에 "
                          "넣습니다.")),
        Prompt("setup", T("Shuffle the regular tickets, deal {regular} to each player and stack the rest face down by "
                          "the board.",
                          "일반 티켓을 섞어 각자 {regular}장씩 나눠 주고, 나머지는 뒷면으로 보드 옆에 쌓습니다.")),
        Prompt("setup", T("Before the first turn, each player keeps at least {keep} of their tickets.",
                          "첫 차례 전에 각자 받은 티켓 중 {keep}장 이상을 골라 가집니다.")),
        Prompt("setup", T("Tickets not kept, long or regular, go back in the box unseen.",
                          "가지지 않은 티켓은 장거리든 일반이든 보여 주지 않고 상자에 넣습니다.")),
        Prompt("setup", T("The player who has visited the most European countries starts; play goes clockwise.",
                          "유럽 나라를 가장 많이 가 본 사람이 먼저 하고, 시계 방향으로 진행합니다.")),
        Prompt("turn", T("On your turn, do exactly one of four actions: draw train cards, claim a route, draw tickets "
                         "or build a station.",
                         "자기 차례에는 네 가지 행동 중 하나만 합니다: 기차 카드 뽑기, 노선 점유, 티켓 뽑기, 기차역 "
                         "건설.")),
        Prompt("turn", T("Draw cards: take 2, each from the face-up cards or the deck; refill a face-up card at once.",
                         "카드 뽑기: 펼친 카드나 더미에서 한 장씩 모두 2장을 가져옵니다. 펼친 카드를 가져가면 바로 "
                         "채웁니다.")),
        Prompt("turn", T("A face-up locomotive counts as both cards: take it as your first card or not at all. "
                         "A locomotive from the deck counts as one.",
                         "펼친 기관차 카드는 2장 몫이라 첫 장으로만 가져올 수 있습니다. 더미에서 뽑은 기관차는 "
                         "1장 몫입니다.")),
        Prompt("turn", T("If 3 of the 5 face-up cards are locomotives, discard all 5 and turn up 5 new ones.",
                         "펼친 카드 5장 중 3장이 기관차이면 5장을 모두 버리고 새로 5장을 펼칩니다.")),
        Prompt("turn", T("Claim a route: play as many cards of its colour as it has spaces (grey: any one colour), "
                         "put a train on each space and score it at once.",
                         "노선 점유: 칸 수만큼 그 색의 카드를 내고(회색은 아무 한 색) 칸마다 기차를 놓은 뒤 바로 "
                         "점수를 얻습니다.")),
        Prompt("turn", T("Route points: 1 space 1, 2 spaces 2, 3 spaces 4, 4 spaces 7, 6 spaces 15, 8 spaces 21.",
                         "노선 점수: 1칸 1점, 2칸 2점, 3칸 4점, 4칸 7점, 6칸 15점, 8칸 21점.")),
        Prompt("turn", T("Locomotives are wild: they stand in for any colour.",
                         "기관차 카드는 와일드 카드라 어떤 색이든 대신합니다.")),
        Prompt("turn", T("Ferries: play a locomotive for each locomotive symbol on the route, and cards of one colour "
                         "for the other spaces.",
                         "페리: 노선의 기관차 그림마다 기관차 카드를 1장씩 내고, 나머지 칸은 같은 색 카드로 냅니다.")),
        Prompt("turn", T("Tunnels: play the cards, then turn up the top 3 cards of the deck.",
                         "터널: 카드를 낸 다음 더미 맨 위 3장을 공개합니다.")),
        Prompt("turn", T("Each of those 3 in your colour, or a locomotive, costs one more card of your colour "
                         "(or a locomotive).",
                         "공개한 카드 중 낸 색과 같은 카드나 기관차 1장마다 같은 색 카드(또는 기관차)를 1장씩 더 "
                         "내야 합니다.")),
        Prompt("turn", T("If you can't or won't pay, take your cards back and your turn ends. The 3 cards are "
                         "discarded.",
                         "더 낼 수 없거나 내지 않으면 낸 카드를 돌려받고 차례가 끝납니다. 공개한 3장은 버립니다.")),
        Prompt("turn", T("Double routes: no player may claim both routes between the same two cities.",
                         "복선: 한 사람이 같은 두 도시 사이의 두 노선을 모두 점유할 수는 없습니다.")),
        Prompt("turn", T("With 2 or 3 players only one route of a double route is used: once one is claimed, the "
                         "other is closed.",
                         "2~3인 게임에서는 복선 중 한 노선만 씁니다: 한쪽을 점유하면 다른 쪽은 막힙니다."),
               max_players=3),
        Prompt("turn", T("With 4 or 5 players both routes of a double route can be claimed, by different players.",
                         "4~5인 게임에서는 복선의 두 노선을 서로 다른 사람이 모두 점유할 수 있습니다."),
               min_players=4),
        Prompt("turn", T("Draw tickets: take the top 3 and keep at least 1; put the others at the bottom of the "
                         "ticket deck.",
                         "티켓 뽑기: 맨 위 3장을 가져와 1장 이상 가지고, 나머지는 티켓 더미 맨 아래에 놓습니다.")),
        Prompt("turn", T("Build a station on a city that has none: the 1st costs 1 card, the 2nd 2 cards of one "
                         "colour, the 3rd 3 cards of one colour.",
                         "기차역 건설: 역이 없는 도시에 짓습니다. 첫 번째는 카드 1장, 두 번째는 같은 색 2장, 세 번째는 "
                         "같은 색 3장입니다.")),
        Prompt("turn", T("A station lets you use one opponent's route into its city for your tickets; you choose "
                         "which at the end of the game.",
                         "기차역이 있으면 그 도시로 이어진 다른 사람의 노선 하나를 내 티켓에 쓸 수 있습니다. 어느 "
                         "노선인지는 게임이 끝날 때 정합니다.")),
        Prompt("turn", T("A station used for several tickets uses the same route for all of them.",
                         "기차역 하나를 여러 티켓에 쓸 때는 모두 같은 노선을 써야 합니다.")),
        Prompt("end", T("When a player ends a turn with {last_trains} trains or fewer, every player, that player "
                        "included, takes one final turn.",
                        "누군가 차례를 마쳤을 때 남은 기차가 {last_trains}개 이하이면, 그 사람을 포함해 모두 마지막 "
                        "차례를 한 번씩 합니다.")),
        Prompt("end", T("After those final turns the game ends.", "마지막 차례가 모두 끝나면 게임이 끝납니다.")),
        Prompt("scoring", T("Recount each player's route points if in doubt.",
                            "노선 점수가 헷갈리면 다시 세어 봅니다.")),
        Prompt("scoring", T("Reveal the tickets: add the points of each completed ticket, subtract those of each "
                            "unfinished one.",
                            "티켓을 공개합니다: 완성한 티켓의 점수는 더하고, 완성하지 못한 티켓의 점수는 뺍니다.")),
        Prompt("scoring", T("Add {station_bonus} points for each station still in reserve.",
                            "쓰지 않고 남은 기차역 하나당 {station_bonus}점을 더합니다.")),
        Prompt("scoring", T("European Express: {express} points for the longest continuous path of your own trains. "
                            "Stations and borrowed routes don't count; every tied player scores it.",
                            "유럽 익스프레스: 자기 기차로 이은 가장 긴 연속 노선에 {express}점. 기차역과 빌린 노선은 "
                            "세지 않으며, 공동 1등은 모두 받습니다.")),
        Prompt("scoring", T("A path may loop and pass a city more than once, but each train counts only once.",
                            "연속 노선은 고리를 이루거나 같은 도시를 여러 번 지나도 되지만, 기차 하나는 한 번만 "
                            "셉니다.")),
        Prompt("scoring", T("Record for each player: the route points on the score track (or the routes by length), "
                            "the points of completed and of unfinished tickets (or every ticket), stations used, "
                            "trains in the longest path.",
                            "기록: 각자 점수 트랙의 노선 점수(또는 길이별 노선 수), 완성한 티켓과 완성하지 못한 티켓의 "
                            "점수 합계(또는 티켓 한 장씩), 사용한 기차역 수, 가장 긴 연속 노선의 기차 수.")),
        Prompt("scoring", T("Most points wins. Ties: most completed tickets, then fewest stations used, then the "
                            "European Express; otherwise shared.",
                            "점수가 가장 높은 사람이 이깁니다. 동점이면 완성한 티켓이 많은 사람, 그다음 기차역을 적게 "
                            "쓴 사람, 그다음 유럽 익스프레스를 받은 사람이 이기고, 그래도 같으면 공동 순위입니다.")),
    ),
    notes=(
        T("A ticket entered with its cities is checked against the 46 tickets of the deck, ignoring case, accents "
          "and order (København = Kobenhavn); Korean city names count too (베를린 = Berlin). Its points must match "
          "the card.",
          "도시와 함께 입력한 티켓은 46장의 실제 티켓과 대조합니다. 대소문자, 악센트, 도시 순서는 무시하며"
          "(København = Kobenhavn) 한글 도시 이름도 됩니다 (베를린 = Berlin). 점수는 카드와 같아야 합니다."),
        T("A ticket entered by points alone must be worth what some ticket is worth (5 to 13, 20 or 21), the "
          "deck must hold that many tickets of that value, and 20 or 21 points is a long ticket (one per player).",
          "점수만 입력한 티켓은 실제 티켓의 점수(5~13, 20, 21)여야 하고, 그 점수의 티켓이 덱에 그만큼 있어야 하며, "
          "20점과 21점은 장거리 티켓이라 한 사람에 한 장뿐입니다."),
        T("The fastest entry per player is the route points from the score track, the points of completed and "
          "of unfinished tickets, stations used and the longest path. Route points must be a score some routes "
          "make with 45 trains, and the longest path must fit in them; ticket points must be sums of real "
          "tickets (one long one at most). With these totals the sheet cannot check the map's caps across "
          "players nor that two players hold the same ticket: those need the routes by length and each ticket. "
          "The number of completed tickets is asked only for a tie; without it the tie stays shared.",
          "가장 빠른 입력은 각자의 점수 트랙 노선 점수, 완성한 티켓과 완성하지 못한 티켓의 점수 합계, 사용한 기차역, "
          "가장 긴 연속 노선입니다. 노선 점수는 기차 45개로 만들 수 있는 점수여야 하고 가장 긴 연속 노선은 그 안에 "
          "들어가야 하며, 티켓 점수는 실제 티켓(장거리 티켓은 한 장까지)의 합이어야 합니다. 합계로 입력하면 지도의 "
          "노선 수 제한과 두 사람이 같은 티켓을 가졌는지는 확인할 수 없습니다: 이 확인은 길이별 노선과 티켓 한 장씩이 "
          "필요합니다. 완성한 티켓 수는 동점일 때만 입력하며, 없으면 공동 순위로 남습니다."),
        T("Every player keeps at least 2 of the tickets dealt at the start and holds them to the end, so a sheet "
          "is finished only with 2 tickets or more per player (or ticket points that 2 tickets or more make).",
          "각자 처음 받은 티켓 중 2장 이상을 골라 끝까지 가지므로, 모든 플레이어의 티켓이 2장 이상(또는 2장 이상으로 "
          "만들 수 있는 티켓 점수)이어야 게임을 끝낼 수 있습니다."),
        T("The map prints Danzic and Zagrab; Danzig and Zagreb are accepted as the same cities.",
          "지도에는 Danzic, Zagrab으로 적혀 있으며, Danzig, Zagreb도 같은 도시로 받아들입니다."),
        T("Routes of each length are capped by the map. With 2 or 3 players only one track of a double route can "
          "be used, so the caps are the city pairs (1 train: 3, 2: 33, 3: 25, 4: 26, 6: 2, 8: 1); with 4 or 5 "
          "players both tracks count (4, 35, 30, 29, 2, 1). One player never holds both tracks of a pair.",
          "길이별 노선 수는 지도에 있는 만큼으로 제한됩니다. 2~3인 게임에서는 복선 중 한 노선만 쓰므로 도시 쌍의 수"
          "(1칸 3, 2칸 33, 3칸 25, 4칸 26, 6칸 2, 8칸 1)까지, 4~5인 게임에서는 두 노선 모두 세어 (4, 35, 30, 29, 2, 1)"
          "까지입니다. 한 사람이 복선의 두 노선을 모두 가질 수는 없습니다."),
        T("If every longest path is 0, nobody gets the European Express.",
          "모두의 가장 긴 연속 노선이 0이면 아무도 유럽 익스프레스를 받지 않습니다."),
        T("Players still tied after completed tickets, stations used and the European Express share the place.",
          "완성한 티켓 수, 사용한 기차역 수, 유럽 익스프레스까지 같으면 공동 순위입니다."),
        T("The sheet is scored as a finished game: it does not check that a player got down to 2 trains.",
          "기록지는 끝난 게임으로 계산합니다: 누군가 기차가 2개 이하로 남았는지는 확인하지 않습니다."),
    ),
)
