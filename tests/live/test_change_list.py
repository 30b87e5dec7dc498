"""The change list of a game comes from its log: every entry of every screen and phone, newest first, who made it,
and two entries of one field made at once both listed (issue 22). Each test says what happened before."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.models.changes import ChangeLine, change_lines, take_back
from companion.models.draft import DraftSession, Writer
from companion.store.oplog import Log
from companion.store.repository import Repository
from scoring import spec_for_sheet
from scoring.fields import Field


def for_sale(repo: Repository) -> dict[str, Any]:
    return repo.new_draft({"game": "for-sale", "sheet": {"game": "for-sale", "options": {}, "players": [
        {"name": "Mina"}, {"name": "Joon"}, {"name": "Ana"}]}})


def enter(screen: DraftSession, player: int, field: str, value: int) -> None:
    sheet = screen.draft["sheet"]
    sheet["players"][player][field] = value
    screen.save(sheet=sheet)


def lines_of(repo: Repository, draft_id: str) -> list[ChangeLine]:
    log = repo.draft_log(draft_id)
    assert log is not None
    return change_lines(repo.draft_ops(draft_id), log, spec_for_sheet(repo.draft(draft_id)["sheet"]))


def words(line: ChangeLine) -> tuple[Any, ...]:
    """Who, where (a player's name, a field's key), before and after."""
    return (line.player, tuple(p.key if isinstance(p, Field) else p for p in line.field), line.before, line.after)


def test_two_entries_of_one_field_at_once_are_both_listed_and_the_kept_one_marked(tmp_path: Path) -> None:
    """Before: the change list held only what joined phones entered, kept in the server's memory; a scorekeeper's
    entry made at the same moment was in no list, so nobody saw that Mina's 7 had been replaced."""
    repo = Repository.open(tmp_path)
    draft = for_sale(repo)
    scorekeeper = DraftSession(repo, draft)
    minas_phone = DraftSession(repo, draft, writer=Writer({"player": "Mina"}))
    enter(scorekeeper, 0, "coins_left", 5)
    minas_phone.adopt()  # the phone sees the 5
    enter(scorekeeper, 0, "coins_left", 6)  # ... and both change it before either sees the other's entry
    enter(minas_phone, 0, "coins_left", 7)

    lines = [line for line in lines_of(repo, draft["id"]) if line.kind != "start"]
    mina_coins = ("Mina", "coins_left")
    coins = [line for line in lines if words(line)[1] == mina_coins]
    assert len(coins) == 3
    newest, older, first = coins  # the two at once are ordered by their clocks (a tie by device), the same anywhere
    assert {words(newest), words(older)} == {("Mina", mina_coins, 5, 7), (None, mina_coins, 5, 6)}
    assert words(first) == (None, mina_coins, None, 5)
    assert newest.concurrent is not None and newest.concurrent.kept
    assert older.concurrent is not None and not older.concurrent.kept
    assert {newest.concurrent.other_player, older.concurrent.other_player} == {None, "Mina"}
    assert first.concurrent is None  # the phone had seen the 5: one after the other, not at once
    assert repo.draft(draft["id"])["sheet"]["players"][0]["coins_left"] == newest.after  # kept: what the sheet shows


def test_every_device_lists_the_changes_in_the_same_order_and_a_restart_keeps_them(tmp_path: Path) -> None:
    """Before: the list was in the order the server happened to receive entries, and a restart emptied it."""
    repo = Repository.open(tmp_path / "server")
    draft = for_sale(repo)
    screens = [DraftSession(repo, draft, writer=Writer({"player": name} if name else None))
               for name in ("Mina", "Joon", None)]
    for value in range(1, 6):
        for index, screen in enumerate(screens):
            enter(screen, index if index < 2 else 2, "coins_left", value + index)
        enter(screens[2], 0, "coins_left", 10 + value)  # the scorekeeper overrides Mina's field
    ops = repo.draft_ops(draft["id"])
    expected = [words(line) for line in lines_of(repo, draft["id"])]

    shuffled = random.Random(7).sample(ops, len(ops))  # another phone that got the operations in another order
    elsewhere = Log()
    elsewhere.add(shuffled + shuffled[:5])  # some of them twice
    assert [words(line) for line in change_lines(shuffled, elsewhere, spec_for_sheet(draft["sheet"]))] == expected
    assert [words(line) for line in lines_of(Repository.open(tmp_path / "server"), draft["id"])] == expected
    assert len(expected) == len(ops) >= 1 + 5 * 4


def line_of(repo: Repository, draft_id: str, player: str, field: str, newest: int = 0) -> ChangeLine:
    return [line for line in lines_of(repo, draft_id) if words(line)[1] == (player, field)][newest]


def test_any_change_is_taken_back_from_the_list_after_a_restart_but_never_later_work(tmp_path: Path) -> None:
    """Before: only a joined phone's entries were listed to take back, and a restart of the server forgot them."""
    repo = Repository.open(tmp_path)
    draft = for_sale(repo)
    joons_phone = DraftSession(repo, draft, writer=Writer({"player": "Joon"}))
    enter(joons_phone, 1, "coins_left", 4)
    enter(DraftSession(repo, draft), 2, "coins_left", 8)  # the scorekeeper's own entry
    repo = Repository.open(tmp_path)  # the server restarted
    scorekeeper = Writer()
    for player in ("Joon", "Ana"):
        assert take_back(repo, draft["id"], line_of(repo, draft["id"], player, "coins_left").op_id, scorekeeper) is None
    assert [p.get("coins_left") for p in repo.draft(draft["id"])["sheet"]["players"]] == [None, None, None]
    assert [words(line)[0] for line in lines_of(repo, draft["id"])][:2] == [None, None]  # taking back is listed too

    joons_phone.adopt()
    enter(joons_phone, 1, "coins_left", 9)
    enter(joons_phone, 1, "coins_left", 3)
    refused = take_back(repo, draft["id"], line_of(repo, draft["id"], "Joon", "coins_left", 1).op_id, scorekeeper)
    assert refused is not None and refused.key == "live.undo_stale"  # the 9 was changed to 3 since: 3 stays
    assert repo.draft(draft["id"])["sheet"]["players"][1]["coins_left"] == 3
