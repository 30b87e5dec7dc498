"""Finished plays: storing, the lazy history, editing, delete with undo, shards."""

from __future__ import annotations

import json
import multiprocessing
import os
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.models.draft import DraftSession, Writer
from companion.store import GameFinished, plays, shards
from companion.store.documents import canonical_time
from companion.store.plays import HistoryPage
from companion.store.repository import Repository
from scoring import SheetError, score_sheet

from .conftest import example, kahuna, make_play


def times(page: HistoryPage) -> list[str]:
    return [s.finished_at for s in page.items]


def add_days(repo: Repository, days: range, game: str = "kahuna") -> None:
    for day in days:
        repo.add_play(make_play(game, f"2024-03-{day:02d}T12:00:00+00:00", kahuna([5], [1])))


def test_a_play_stores_sheet_rules_version_and_result(repo: Repository) -> None:
    stored = repo.add_play(make_play("kahuna", "2024-01-02T10:00:00+00:00"))
    assert repo.play(stored["id"]) == stored
    assert stored["sheet"] == example("kahuna")
    assert stored["rules_version"] == 1
    assert stored["result"]["winners"] == ["Joon"]


def test_times_are_stored_in_one_spelling(repo: Repository) -> None:
    stored = repo.add_play(make_play("kahuna", "2024-01-02T19:30:00+09:00"))
    assert stored["finished_at"] == "2024-01-02T10:30:00+00:00"
    assert stored["started_at"] == "2024-01-02T10:30:00+00:00"


def test_changing_a_returned_play_changes_nothing_stored(repo: Repository) -> None:
    stored = repo.add_play(make_play("kahuna", "2024-01-02T10:00:00+00:00"))
    stored["sheet"]["players"][0]["name"] = "X"
    fetched = repo.play(stored["id"])
    assert fetched is not None
    fetched["result"]["winners"].append("X")
    assert repo.play(stored["id"])["sheet"]["players"][0]["name"] == "Mina"  # type: ignore[index]
    assert repo.play(stored["id"])["result"]["winners"] == ["Joon"]  # type: ignore[index]


def test_finishing_a_draft_removes_it_and_keeps_its_id(repo: Repository) -> None:
    draft = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    play = repo.add_play(make_play("kahuna", "2024-01-02T10:00:00+00:00"), draft_id=draft["id"])
    assert play["id"] == draft["id"]
    assert repo.drafts() == []


def test_finishing_the_same_draft_twice_stores_one_play(repo: Repository) -> None:
    draft = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    repo.add_play(make_play("kahuna", "2024-01-02T10:00:00+00:00"), draft_id=draft["id"])
    repo.add_play(make_play("kahuna", "2024-01-02T10:00:05+00:00"), draft_id=draft["id"])
    assert [p["id"] for p in repo.plays_newest_first()] == [draft["id"]]


def test_history_is_newest_first_and_paged(repo: Repository) -> None:
    add_days(repo, range(1, 8))
    first = repo.history_page(limit=3)
    assert times(first) == [f"2024-03-0{d}T12:00:00+00:00" for d in (7, 6, 5)]
    assert first.has_more is True
    last = repo.history_page(offset=6, limit=3)
    assert times(last) == ["2024-03-01T12:00:00+00:00"]
    assert last.has_more is False
    assert repo.history_page(offset=4, limit=3).has_more is False


def test_history_filters_by_game_player_and_days(repo: Repository) -> None:
    add_days(repo, range(1, 6))
    repo.add_play(make_play("patchwork", "2024-03-03T18:00:00+00:00"))
    assert times(repo.history_page(game="patchwork")) == ["2024-03-03T18:00:00+00:00"]
    assert len(repo.history_page(player="Joon").items) == 6
    assert repo.history_page(player="Nobody").items == []
    days = repo.history_page(since=date(2024, 3, 2), until=date(2024, 3, 3), game="kahuna")
    assert times(days) == ["2024-03-03T12:00:00+00:00", "2024-03-02T12:00:00+00:00"]


def test_summaries_carry_totals_winners_ranking_and_seats(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([3, 3, 3], [3, 3, 3])))
    repo.add_play(make_play("kahuna", "2024-03-02T12:00:00+00:00", kahuna([1, 1], [5, 5])))
    newest, shared = repo.history_page().items
    assert (newest.players, newest.totals, newest.winners, newest.ranking, newest.finished) == (
        ("Mina", "Joon"), {"Mina": 0, "Joon": 3}, ("Joon",), (("Joon",), ("Mina",)), False)
    assert shared.winners == ("Mina", "Joon")
    assert (shared.place("Mina"), shared.place("Joon"), newest.place("Mina")) == (1, 1, 2)


def test_a_play_scored_under_other_rules_is_summarised_by_the_current_rules(repo: Repository) -> None:
    play = make_play("kahuna", "2024-03-01T12:00:00+00:00")
    stale = {**play["result"], "players": [{"name": "Mina", "total": 99, "breakdown": {}, "eliminated": False},
                                           {"name": "Joon", "total": 0, "breakdown": {}, "eliminated": False}],
             "winners": ["Mina"], "ranking": [["Mina"], ["Joon"]]}
    repo.add_play({**play, "rules_version": 0, "result": stale})
    repo.add_play({**make_play("kahuna", "2024-03-02T12:00:00+00:00"), "result": stale})
    older_rules, same_rules = repo.history_page().items[::-1]
    assert older_rules.totals == {"Mina": 1, "Joon": 2}
    assert same_rules.totals == {"Mina": 99, "Joon": 0}  # the stored snapshot is used while the rules match


def test_edit_play_scores_again_and_keeps_the_play_in_place(repo: Repository) -> None:
    add_days(repo, range(1, 4))
    target = repo.history_page().items[1]
    edited = repo.edit_play(target.id, kahuna([1, 1, 1], [2, 2, 2]))
    assert edited["result"]["winners"] == ["Joon"]
    assert edited["finished_at"] == target.finished_at
    assert [s.id for s in repo.history_page().items][1] == target.id
    assert repo.history_page().items[1].totals == {"Mina": 0, "Joon": 4}


def test_edit_play_with_a_refused_sheet_saves_nothing(repo: Repository) -> None:
    stored = repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00"))
    with pytest.raises(SheetError):
        repo.edit_play(stored["id"], kahuna([9], [9]))
    assert repo.play(stored["id"]) == stored


def test_delete_and_undo_put_an_old_play_back_in_its_place(repo: Repository,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 3)
    add_days(repo, range(1, 10))
    old = repo.history_page(offset=7, limit=1).items[0]
    deleted = repo.delete_play(old.id)
    assert deleted is not None and repo.play(old.id) is None
    assert len(repo.history_page(limit=50).items) == 8
    repo.restore_play(deleted)
    repo.restore_play(deleted)  # a second undo changes nothing
    assert times(repo.history_page(limit=50)) == [f"2024-03-0{d}T12:00:00+00:00" for d in range(9, 0, -1)]
    holding = [p.name for p in repo._shards.paths()
               if any(doc["id"] == old.id for doc in json.loads(p.read_text())["plays"].values())]
    assert holding == ["plays-0001.json"]


def test_plays_fill_shards_and_a_sealed_shard_keeps_one_backup(repo: Repository, data_dir: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 4)
    add_days(repo, range(1, 11))
    shards = sorted(p.name for p in (data_dir / "plays").glob("plays-*.json"))
    assert shards == ["plays-0001.json", "plays-0002.json", "plays-0003.json"]
    counts = [len(json.loads((data_dir / "plays" / s).read_text())["plays"]) for s in shards]
    assert counts == [4, 4, 2]
    sealed = sorted(p.name for p in (data_dir / "plays").glob("plays-0001.json.bak*"))
    assert sealed == ["plays-0001.json.bak1"]
    assert len(list((data_dir / "plays").glob("plays-0003.json.bak*"))) == 1  # its first play, then the second


def test_the_first_page_reads_only_the_newest_shards(repo: Repository, data_dir: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 5)
    repo.add_plays([make_play("kahuna", f"2024-03-{d:02d}T12:00:00+00:00") for d in range(1, 29)])
    fresh = Repository.open(data_dir)
    read: list[str] = []
    real = shards.Shards.view
    monkeypatch.setattr(shards.Shards, "view", lambda self, path: read.append(path.name) or real(self, path))
    assert len(fresh.history_page(limit=7).items) == 7
    assert read == ["plays-0006.json", "plays-0005.json"]


def test_history_order_holds_when_shards_overlap_in_time(repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 2)
    add_days(repo, range(10, 14))
    repo.add_plays([make_play("kahuna", "2024-03-11T18:00:00+00:00", id="late"),
                    make_play("kahuna", "2024-03-01T12:00:00+00:00", id="early")])
    assert times(repo.history_page(limit=10)) == [
        "2024-03-13T12:00:00+00:00", "2024-03-12T12:00:00+00:00", "2024-03-11T18:00:00+00:00",
        "2024-03-11T12:00:00+00:00", "2024-03-10T12:00:00+00:00", "2024-03-01T12:00:00+00:00"]


def test_add_plays_skips_ids_already_stored(repo: Repository) -> None:
    assert repo.add_plays([make_play("kahuna", "2024-03-01T12:00:00+00:00", id="a"),
                           make_play("kahuna", "2024-03-02T12:00:00+00:00", id="a")]) == 1
    assert repo.add_plays([make_play("kahuna", "2024-03-03T12:00:00+00:00", id="a")]) == 0
    assert [p["finished_at"] for p in repo.plays_newest_first()] == ["2024-03-01T12:00:00+00:00"]


def test_plays_newest_first_reads_whole_plays(repo: Repository) -> None:
    add_days(repo, range(1, 4))
    assert [p["finished_at"][:10] for p in repo.plays_newest_first()] == ["2024-03-03", "2024-03-02", "2024-03-01"]


def test_a_play_stored_without_a_result_is_summarised_from_its_sheet(repo: Repository) -> None:
    repo.add_play({"game": "kahuna", "sheet": example("kahuna"), "rules_version": 1})
    [summary] = repo.history_page().items
    assert (summary.totals, summary.winners, summary.started_at) == ({"Mina": 1, "Joon": 2}, ("Joon",), None)


# ---- finishing a game in progress -------------------------------------------------------------------


def test_finishing_stores_the_stored_merged_sheet_with_its_record(repo: Repository) -> None:
    draft = repo.new_draft({"game": "kahuna", "sheet": kahuna([5, 5], [1, 1]),
                             "record": {"timer": {"seconds": 754}, "note": "비 오는 날"}})
    screen_a, screen_b = repo.draft(draft["id"]), repo.draft(draft["id"])
    assert screen_a is not None and screen_b is not None
    session_a, session_b = DraftSession(repo, screen_a), DraftSession(repo, screen_b)
    screen_a["sheet"]["rounds"][0]["Mina"] = 3
    session_a.save(sheet=screen_a["sheet"])
    screen_b["sheet"]["rounds"][1]["Joon"] = 4
    session_b.save(sheet=screen_b["sheet"])
    play = repo.finish_draft(draft["id"])
    assert play["sheet"]["rounds"] == [{"Mina": 3, "Joon": 1}, {"Mina": 5, "Joon": 4}]
    expected = score_sheet(play["sheet"])
    assert (play["id"], play["game"], play["rules_version"], play["result"]) == (
        draft["id"], "kahuna", expected.rules_version, expected.to_json())
    assert play["started_at"] == draft["created_at"] and play["record"] == draft["record"]
    assert repo.play(draft["id"]) == play and repo.drafts() == []


def test_finishing_twice_stores_one_play_and_a_later_save_is_refused(repo: Repository, data_dir: Path) -> None:
    draft = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    play = repo.finish_draft(draft["id"])
    assert repo.finish_draft(draft["id"]) == play
    before = (data_dir / "drafts.json").read_bytes()
    with pytest.raises(GameFinished) as caught:
        repo.append_ops(draft["id"], [Writer().make("set", ["sheet", "note"], v="late")])
    assert caught.value.play_id == draft["id"]
    assert (data_dir / "drafts.json").read_bytes() == before
    assert [p["id"] for p in repo.plays_newest_first()] == [draft["id"]]


def test_a_sheet_the_rules_refuse_is_not_finished(repo: Repository) -> None:
    draft = repo.new_draft({"game": "kahuna", "sheet": kahuna([9], [9])})
    with pytest.raises(SheetError):
        repo.finish_draft(draft["id"])
    assert repo.draft(draft["id"]) == draft and list(repo.plays_newest_first()) == []


def _finish_elsewhere(data_dir: Path, draft_id: str) -> None:
    Repository.open(data_dir).finish_draft(draft_id)


def test_a_game_finished_by_another_server_process_refuses_saves_here(repo: Repository, data_dir: Path) -> None:
    draft = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    other = Repository(data_dir)
    other_copy = other.draft(draft["id"])
    finishers = [multiprocessing.get_context("fork").Process(target=_finish_elsewhere, args=(data_dir, draft["id"]))
                 for _ in range(2)]
    for finisher in finishers:
        finisher.start()
    for finisher in finishers:
        finisher.join(30)
        assert finisher.exitcode == 0
    for copy, instance in ((draft, repo), (other_copy, other)):
        with pytest.raises(GameFinished):
            DraftSession(instance, copy).save(sheet={**copy["sheet"], "note": "late"})  # type: ignore[index]
    assert [p["id"] for p in Repository.open(data_dir).plays_newest_first()] == [draft["id"]]
    assert repo.drafts() == []


def test_finishing_is_idempotent_whatever_the_dates_in_the_history(repo: Repository,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 2)
    for moment in ("2024-01-01T12:00:00+00:00", "2024-01-03T12:00:00+00:00", "2099-01-01T12:00:00+00:00"):
        repo.add_play(make_play("kahuna", moment))
    draft = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    finished = make_play("kahuna", "2024-01-02T10:00:00+00:00")
    repo.add_play(finished, draft_id=draft["id"])
    repo.add_play(finished, draft_id=draft["id"])
    assert sorted(p["id"] for p in repo.plays_newest_first()).count(draft["id"]) == 1
    assert repo.finish_draft(draft["id"])["finished_at"] == "2024-01-02T10:00:00+00:00"


# ---- bounded shards whatever the dates ----------------------------------------------------------------


def shard_sizes(data_dir: Path) -> list[int]:
    return [len(json.loads(p.read_text())["plays"]) for p in sorted((data_dir / "plays").glob("plays-*.json"))]


def test_an_import_of_older_plays_fills_bounded_shards(repo: Repository, data_dir: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 10)
    add_days(repo, range(20, 25))
    older = [make_play("kahuna", f"2023-{1 + d // 28:02d}-{1 + d % 28:02d}T12:00:00+00:00") for d in range(95)]
    assert repo.add_plays(older) == 95
    assert max(shard_sizes(data_dir)) <= 10 and sum(shard_sizes(data_dir)) == 100
    history = times(repo.history_page(limit=200))
    assert history == sorted(history, reverse=True) and len(history) == 100
    deleted = repo.delete_play(repo.history_page(offset=50, limit=1).items[0].id)
    assert deleted is not None and sum(shard_sizes(data_dir)) == 99


def test_a_play_dated_far_ahead_does_not_make_the_newest_shard_grow(repo: Repository, data_dir: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 4)
    repo.add_play(make_play("kahuna", "2099-12-31T12:00:00+00:00"))
    for n in range(30):
        draft = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
        repo.finish_draft(draft["id"])
        assert max(shard_sizes(data_dir)) <= 4, n
    assert len(repo.history_page(limit=50).items) == 31
    assert repo.history_page(limit=1).items[0].finished_at.startswith("2099")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=st.lists(st.lists(st.integers(0, 60), min_size=1, max_size=12), min_size=1, max_size=6))
def test_shards_stay_bounded_and_the_history_complete_whatever_the_order(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, batches: list[list[int]]) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 3)
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    data_dir = tmp_path_factory.mktemp("bounded")
    repo = Repository.open(data_dir)
    stored = []
    for batch in batches:
        batch_plays = [make_play("kahuna", f"2024-03-{1 + day // 2:02d}T{12 + day % 2}:00:00+00:00")
                       for day in batch]
        if len(batch_plays) == 1:
            repo.add_play(batch_plays[0])
        else:
            repo.add_plays(batch_plays)
        stored += [p["finished_at"] for p in batch_plays]
        assert max(shard_sizes(data_dir)) <= 3
    assert times(repo.history_page(limit=100)) == sorted((canonical_time(t) for t in stored), reverse=True)
    assert Repository.open(data_dir).issues == []


def test_a_split_cut_short_by_a_crash_is_finished_at_start(repo: Repository, data_dir: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 4)
    add_days(repo, range(10, 14))
    real = plays.Plays._write_shard

    def die_before_the_old_shard(self: plays.Plays, path: Path, items: list[dict[str, object]],
                                 **options: bool) -> None:
        if path.name == "plays-0001.json":
            raise KeyboardInterrupt  # the writer stops here, as if killed
        real(self, path, items, **options)

    monkeypatch.setattr(plays.Plays, "_write_shard", die_before_the_old_shard)
    with pytest.raises(KeyboardInterrupt):
        repo.add_play(make_play("kahuna", "2024-03-11T18:00:00+00:00", id="between"))
    monkeypatch.setattr(plays.Plays, "_write_shard", real)
    reopened = Repository.open(data_dir)
    ids = [s.id for s in reopened.history_page(limit=10).items]
    assert len(ids) == len(set(ids)) == 4  # each stored play once; the one in flight was never acknowledged
    assert max(shard_sizes(data_dir)) <= 4 and not (data_dir / "plays" / plays.SPLIT_NOTE).exists()
