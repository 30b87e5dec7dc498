"""Games in progress as logs of operations: every confirmed entry stays, whatever the interleaving of screens."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.models.draft import DraftSession, Writer
from companion.store import GameFinished, exchange
from companion.store.atomic import StorageError
from companion.store.drafts import SNAPSHOT_EVERY
from companion.store.oplog import ABSENT, Log, diff
from companion.store.repository import Repository

from .conftest import example


def start(repo: Repository, game: str = "for-sale") -> dict[str, Any]:
    return repo.new_draft({"game": game, "sheet": example(game)})


# ---- the fold: any order, any repeats, the same document -------------------------------------------------

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.sampled_from(["a", "b", "Joon"]))
documents = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["x", "y", "rounds", "Mina"]), inner, max_size=3)),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(documents, documents)
def test_the_operations_of_an_edit_fold_to_exactly_what_the_screen_has(before: Any, after: Any) -> None:
    log, writer = Log(), Writer()
    log.add(diff(ABSENT, {"v": before}, None, [], writer.make)[0])
    shown, ids = log.document()
    ops, new_ids = diff(shown, {"v": after}, ids, [], writer.make)
    log.add(ops)
    assert log.document() == ({"v": after}, new_ids)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 5), st.integers(0, 9)),
                                   min_size=1, max_size=30), st.integers(0, 2**32))
def test_screens_editing_at_once_converge_and_keep_every_entry(screens: int, edits: list[tuple[int, int, int]],
                                                               seed: int) -> None:
    """2-4 screens each add rounds and type into them from what they last saw; their operations then reach
    every device in any order, some twice: every fold is the same, and every round added is there with
    what its screen typed last."""
    chance = random.Random(seed)
    base = Log()
    base.add(diff(ABSENT, {"sheet": {"rounds": []}}, None, [], Writer().make)[0])
    devices = [(Writer(), Log.from_json(base.to_json())) for _ in range(screens)]
    sent: list[dict[str, Any]] = []
    typed: dict[str, int] = {}  # item id -> value its screen typed last
    for who, action, value in edits:
        writer, log = devices[who % screens]
        for op in chance.sample(sent, k=min(len(sent), chance.randint(0, 3))):  # some news arrives
            log.add([op])
        writer.saw(log.clock)
        shown, ids = log.document()
        sheet = json.loads(json.dumps(shown["sheet"]))
        if action < 2 or not sheet["rounds"]:
            sheet["rounds"].append({"Joon": value})
        else:
            sheet["rounds"][value % len(sheet["rounds"])]["Joon"] = value
        ops, _ = diff(shown["sheet"], sheet, ids.get("sheet"), ["sheet"], writer.make)
        log.add(ops)
        sent += ops
    for op in sent:
        if op["k"] == "ins":
            typed[op["i"]] = op["v"]["Joon"]
    folds = []
    for _, log in devices:
        delivery = sent + chance.sample(sent, k=len(sent) // 3)
        chance.shuffle(delivery)
        log.add(delivery)
        folds.append(log.document()[0])
    assert all(fold == folds[0] for fold in folds)
    assert len(folds[0]["sheet"]["rounds"]) == len(typed)  # no round added on any screen is lost


# ---- the store: the findings of issue 22 ------------------------------------------------------------------


def test_a_guide_left_open_through_1000_entries_elsewhere_keeps_them_all(repo: Repository) -> None:
    """The Guide kept the draft it opened with: one tap on Next stored it over 300 entries made since."""
    draft = repo.new_draft({"game": "kahuna", "sheet": {**example("kahuna"), "rounds": []}})
    guide = DraftSession(repo, draft)
    sheet_screen = DraftSession(repo, draft)
    for n in range(1000):
        sheet = sheet_screen.draft["sheet"]
        if n % 10 == 0:
            sheet["rounds"].append({})
        sheet["rounds"][-1]["Mina" if n % 2 else "Joon"] = n % 7
        sheet_screen.save(sheet=sheet)
    guide.save_guide({"step": "play", "setup_done": [0]})
    stored = repo.draft(draft["id"])
    assert stored is not None and stored["sheet"] == sheet_screen.draft["sheet"]
    assert len(stored["sheet"]["rounds"]) == 100 and stored["guide"] == {"step": "play", "setup_done": [0]}


def test_rounds_added_on_two_screens_at_once_both_stay(repo: Repository) -> None:
    """400 random interleavings of two screens adding a round and typing into it: every confirmed entry stays."""
    chance = random.Random(22)
    draft = repo.new_draft({"game": "kahuna", "sheet": {**example("kahuna"), "rounds": []}})
    screens = [DraftSession(repo, draft), DraftSession(repo, draft)]
    confirmed = 0
    for n in range(400):
        first, second = chance.sample(screens, 2)
        for screen, value in ((first, n), (second, n + 1000)):
            sheet = screen.draft["sheet"]
            sheet["rounds"].append({"Joon": value % 9})
            screen.save(sheet=sheet)
            confirmed += 1
        if chance.random() < 0.3:
            chance.choice(screens).adopt()  # a screen takes in the others' entries at times
    stored = repo.draft(draft["id"])
    assert stored is not None and len(stored["sheet"]["rounds"]) == confirmed == 800


def test_undo_takes_back_only_this_screens_last_edit(repo: Repository) -> None:
    draft = start(repo)
    mine, theirs = DraftSession(repo, draft), DraftSession(repo, draft)
    sheet = mine.draft["sheet"]
    sheet["players"][0]["coins_left"] = 11
    mine.save(sheet=sheet)
    sheet = theirs.draft["sheet"]
    sheet["players"][1]["coins_left"] = 7
    theirs.save(sheet=sheet)
    assert mine.undo() and not mine.undo()
    stored = repo.draft(draft["id"])
    assert stored is not None
    assert stored["sheet"]["players"][0].get("coins_left") == example("for-sale")["players"][0].get("coins_left")
    assert stored["sheet"]["players"][1]["coins_left"] == 7


def test_an_entry_that_reaches_a_finished_game_is_handed_back_and_can_reopen_it(repo: Repository) -> None:
    draft = start(repo, "kahuna")
    late = DraftSession(repo, draft)
    repo.finish_draft(draft["id"])
    missed: list[Any] = []
    late.on_finished = lambda play_id, ops: missed.append((play_id, ops))
    sheet = late.draft["sheet"]
    sheet["rounds"][0]["Mina"] = 1
    late.save(sheet=sheet)
    [(play_id, ops)] = missed
    assert play_id == draft["id"] and [op["v"] for op in ops if op["p"][0] == "sheet"] == [1]
    reopened = repo.reopen_play(play_id, ops)
    assert reopened["sheet"]["rounds"][0]["Mina"] == 1 and repo.play(play_id) is None


def test_a_refused_append_confirms_nothing_and_the_screen_keeps_it(repo: Repository, data_dir: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    draft = start(repo)
    log = data_dir / "games" / f"{draft['id']}.jsonl"
    before = log.read_bytes()
    problems: list[Any] = []
    screen = DraftSession(repo, draft, on_storage=lambda error, retry: problems.append(error))

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    sheet = screen.draft["sheet"]
    sheet["players"][0]["coins_left"] = 13
    screen.save(sheet=sheet)
    assert isinstance(problems[0], StorageError) and log.read_bytes() == before and screen.pending
    monkeypatch.undo()
    assert screen.flush()
    stored = repo.draft(draft["id"])
    assert stored is not None and stored["sheet"]["players"][0]["coins_left"] == 13


def test_a_line_cut_short_by_a_crash_is_not_read_and_the_next_entry_follows_it(repo: Repository,
                                                                                data_dir: Path) -> None:
    draft = start(repo)
    log = data_dir / "games" / f"{draft['id']}.jsonl"
    with log.open("ab") as handle:
        handle.write(b'{"id":"x:1","dev":"x","n":1,"c":9,"k":"set","p":["sheet","no')
    fresh = Repository.open(data_dir)
    screen = DraftSession(fresh, fresh.draft(draft["id"]) or {})
    sheet = screen.draft["sheet"]
    sheet["players"][0]["coins_left"] = 14
    screen.save(sheet=sheet)
    stored = Repository.open(data_dir).draft(draft["id"])
    assert stored is not None and stored["sheet"]["players"][0]["coins_left"] == 14 and "no" not in stored["sheet"]


def test_a_long_log_is_snapshotted_and_reads_the_same(repo: Repository, data_dir: Path) -> None:
    draft = start(repo)
    screen = DraftSession(repo, draft)
    for n in range(SNAPSHOT_EVERY + 10):
        sheet = screen.draft["sheet"]
        sheet["players"][n % 4]["coins_left"] = n % 15
        screen.save(sheet=sheet)
    entry = json.loads((data_dir / "drafts.json").read_text())["drafts"]
    [stored] = entry.values()
    assert stored["log"]["ops"] > SNAPSHOT_EVERY
    assert Repository.open(data_dir).draft(draft["id"]) == repo.draft(draft["id"])


def test_a_game_stored_before_logs_opens_as_a_log_from_its_sheet(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    old = {"id": "old1", "game": "for-sale", "sheet": example("for-sale"), "undo": [], "rev": 3,
           "created_at": "2024-03-01T12:00:00+00:00", "updated_at": "2024-03-01T12:30:00+00:00"}
    (data_dir / "drafts.json").write_text(json.dumps({"_meta": {"1": {"schema": 1}}, "drafts": {"1": old}}))
    repo = Repository.open(data_dir)
    stored = repo.draft("old1")
    assert stored is not None and stored["sheet"] == example("for-sale")
    assert [op["id"] for op in repo.draft_ops("old1")] == ["base:1"]


def test_a_backup_carries_each_game_with_its_log_and_restores_it_under_its_id(repo: Repository,
                                                                              tmp_path: Path) -> None:
    draft = start(repo)
    screen = DraftSession(repo, draft)
    sheet = screen.draft["sheet"]
    sheet["players"][2]["coins_left"] = 9
    screen.save(sheet=sheet)
    backup = exchange.export_backup(repo)
    other = Repository.open(tmp_path / "other")
    exchange.import_backup(other, backup)
    assert other.draft(draft["id"]) == repo.draft(draft["id"])
    assert other.draft_ops(draft["id"]) == repo.draft_ops(draft["id"])


def test_a_late_operation_for_a_finished_game_writes_nothing(repo: Repository) -> None:
    draft = start(repo, "kahuna")
    repo.finish_draft(draft["id"])
    with pytest.raises(GameFinished):
        repo.append_ops(draft["id"], [Writer().make("set", ["sheet", "x"], v=1)])
