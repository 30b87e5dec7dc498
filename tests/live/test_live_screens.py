"""The live table in-process, as the scorekeeper and the phones see it: the change list from the game's log, and
what a joined phone is told the game waits for. Each test says what happened before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.app import Services
from companion.main import make_main
from companion.models.draft import DraftSession
from companion.views.live import CHANGES_SHOWN
from tests.ui.harness import Harness

PHONE_IP = "192.168.1.23"


def phone_at(host: Harness, services: Services, route: str, ip: str = PHONE_IP) -> Harness:
    return Harness(make_main(services), route=route, prefs={"language": "en"}, hub=host.hub, loop=host.loop,
                   client_ip=ip)


def at_once(*entries: tuple[Harness, str, str]) -> None:
    """Entries typed on several screens before any of them hears of the others (one turn of the server's loop)."""
    first = entries[0][0]

    async def type_all() -> None:
        for screen, identifier, text in entries:
            control = screen.control(identifier)
            screen.session.apply_patch(control._i, {"value": text})
            await screen._with_page(screen.session.dispatch_event(control._i, "change", text))

    first.run(type_all())


def change_list(screen: Harness) -> list[tuple[str, str | None]]:
    """The share screen's change list as the scorekeeper reads it: each line, and what became of it if it was
    entered at the same time as another."""
    lines = []
    for identifier in screen.find_all("live.change."):
        if identifier.endswith((".kept", ".replaced")):
            continue
        tile = screen.control(identifier)
        lines.append((tile.title.value, tile.subtitle.content.value if tile.subtitle is not None else None))
    return lines


def test_two_screens_entering_one_field_at_once_are_both_listed_in_the_same_order_everywhere(
        open_app: Callable[..., Harness], services: Services) -> None:
    """Before: the scorekeeper's list showed only the phones' entries, from the server's memory: the scorekeeper's
    entry made at the same moment as Mina's phone's was in no list, and nothing said which of the two stayed."""
    draft = services.repo.new_draft({"game": "for-sale", "sheet": {"game": "for-sale", "options": {}, "players": [
        {"name": "Mina"}, {"name": "Joon"}, {"name": "Ana"}]}})
    share = open_app(f"/play/{draft['id']}/share")
    share.toggle("live.allow_edits", True)
    code = share.control("live.share.code").value
    phone = phone_at(share, services, f"/live/{code}")
    try:
        phone.eventually(lambda: phone.exists("live.me.0"))
        phone.select_chip("live.me.0")
        sheet = open_app(f"/play/{draft['id']}", beside=share)
        at_once((sheet, "players[0].coins_left", "6"), (phone, "players[0].coins_left", "7"))

        expected = {"Mina's phone: Mina · Coins left – → 7", "Scorekeeper: Mina · Coins left – → 6"}
        share.eventually(lambda: expected <= set(share.texts()))
        listed = change_list(share)
        assert listed[-1] == ("The game started", None)
        coins = [line for line in listed if "Coins left" in line[0]]  # (both entries also started the clock)
        assert {line for line, _ in coins} == expected
        (newest, kept), (older, replaced) = coins  # the later by clock first (a tie broken by device)
        assert kept == f"Kept: {older.split(': ')[0]} entered this field at the same time"
        assert replaced == f"Replaced: {newest.split(': ')[0]} entered this field at the same time, later by the clock"
        assert str(services.repo.draft(draft["id"])["sheet"]["players"][0]["coins_left"]) == newest[-1]

        another = open_app(f"/play/{draft['id']}/share")  # the scorekeeper's other device lists them alike
        assert change_list(another) == listed
        korean = change_list(open_app(f"/play/{draft['id']}/share", lang="ko"))
        assert len(korean) == len(listed) and korean[-1] == ("게임 시작", None)
        assert any(line.startswith("Mina의 휴대폰: Mina · ") and line.endswith(" – → 7") for line, _ in korean)
        assert any(line.startswith("점수 기록자: Mina · ") and line.endswith(" – → 6") for line, _ in korean)
        assert sorted(mark.split(":")[0] for line, mark in korean if "Mina · " in line) == ["남음", "바뀜"]
        assert phone.crashes() == []
    finally:
        phone.close()


def test_a_joined_phone_is_told_the_game_waits_for_a_tiebreak(open_app: Callable[..., Harness],
                                                             services: Services) -> None:
    """Before: with every total in and a tie for the win, a joined phone said 'Round 1 of 4: play it, then enter
    it' while the scorekeeper's sheet asked for the legion cards that break the tie."""
    players: list[dict[str, Any]] = [{"name": name, "round_points": points, "tokens": tokens}
                                     for name, points, tokens in [("Mina", 12, 1), ("Joon", 10, 0), ("Hana", 12, 1),
                                                                  ("Tae", 2, 1)]]
    draft = services.repo.new_draft({"game": "carnage", "sheet": {"game": "carnage", "options": {},
                                                                  "players": players}})
    share = open_app(f"/play/{draft['id']}/share")
    phone = phone_at(share, services, f"/live/{share.control('live.share.code').value}")
    try:
        assert any(text.startswith("All scores are in but the tiebreak: Mina and Hana are tied for the win on 13 "
                                   "points") for text in phone.texts())
        assert not any(text.startswith("Round 1") for text in phone.texts())
    finally:
        phone.close()


def test_a_phone_keeps_its_own_fields_while_the_others_enter(open_app: Callable[..., Harness],
                                                             services: Services) -> None:
    """Before: every entry at the table drew each joined phone's whole screen anew, its own fields too (a phone
    typing its score got a new field under its finger), which was also most of the server's work on a club night."""
    draft = services.repo.new_draft({"game": "for-sale", "sheet": {"game": "for-sale", "options": {}, "players": [
        {"name": "Mina"}, {"name": "Joon"}, {"name": "Ana"}]}})
    share = open_app(f"/play/{draft['id']}/share")
    share.toggle("live.allow_edits", True)
    phone = phone_at(share, services, f"/live/{share.control('live.share.code').value}")
    try:
        phone.eventually(lambda: phone.exists("live.me.0"))
        phone.select_chip("live.me.0")
        phone.type("players[0].coins_left", "3")
        field = phone.control("players[0].coins_left")
        sheet = open_app(f"/play/{draft['id']}", beside=share)
        sheet.click("sheet.total.1")
        sheet.type("players[1].coins_left", "9")
        phone.eventually(lambda: phone.exists("live.total.Joon") and phone.tagged("live.total.Joon").content.controls[
            -1].value == "9")
        assert phone.control("players[0].coins_left") is field  # the same field, as Mina left it
        sheet.click("sheet.total.0")
        sheet.type("players[0].coins_left", "4")  # the scorekeeper corrects Mina's own field: it shows the 4
        phone.eventually(lambda: phone.control("players[0].coins_left").value == "4")
        assert phone.crashes() == []
    finally:
        phone.close()


def test_a_long_game_lists_its_latest_changes_and_the_earlier_ones_on_request(open_app: Callable[..., Harness],
                                                                               services: Services) -> None:
    """Before: the list kept the phones' last 50 changes in memory and dropped the rest for good."""
    draft = services.repo.new_draft({"game": "for-sale", "sheet": {"game": "for-sale", "options": {}, "players": [
        {"name": "Mina"}, {"name": "Joon"}, {"name": "Ana"}]}})
    screen = DraftSession(services.repo, draft)
    for coins in range(1, 61):
        sheet = screen.draft["sheet"]
        sheet["players"][coins % 3]["coins_left"] = coins % 18
        screen.save(sheet=sheet)
    share = open_app(f"/play/{draft['id']}/share")
    total = len(services.repo.draft_ops(draft["id"]))
    assert len(change_list(share)) == CHANGES_SHOWN and share.exists("live.changes.more")
    share.click("live.changes.more")
    listed = change_list(share)
    assert len(listed) == total and listed[-1] == ("The game started", None) and not share.exists("live.changes.more")
