"""Games in progress: saved at every entry, undo kept, two sessions on one game, concurrent writers."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path
from typing import Any

from companion.store import drafts
from companion.store.repository import Repository, merge3

from .conftest import example, make_play


def for_sale_draft(repo: Repository) -> dict[str, Any]:
    return repo.save_draft({"game": "for-sale", "sheet": example("for-sale"), "undo": []})


def coins(draft: dict[str, Any] | None) -> list[int]:
    assert draft is not None
    return [p["coins_left"] for p in draft["sheet"]["players"]]


def test_a_draft_is_saved_with_id_times_and_revision(repo: Repository) -> None:
    draft = for_sale_draft(repo)
    assert draft["rev"] == 1
    assert draft["created_at"] == draft["updated_at"]
    again = repo.save_draft({**draft, "sheet": draft["sheet"]})
    assert (again["id"], again["rev"], again["created_at"]) == (draft["id"], 2, draft["created_at"])
    assert repo.draft(draft["id"]) == again


def test_the_undo_history_keeps_the_last_thirty(repo: Repository) -> None:
    undo = [{"game": "for-sale", "n": n} for n in range(40)]
    draft = repo.save_draft({"game": "for-sale", "sheet": example("for-sale"), "undo": undo})
    assert [u["n"] for u in repo.draft(draft["id"])["undo"]] == list(range(10, 40))  # type: ignore[index]


def test_drafts_are_listed_most_recently_saved_first(repo: Repository, monkeypatch: Any) -> None:
    stamps = iter(["2024-01-01T10:00:00+00:00", "2024-01-01T11:00:00+00:00", "2024-01-01T12:00:00+00:00"])
    monkeypatch.setattr(drafts, "now_iso", lambda: next(stamps))
    first = for_sale_draft(repo)
    second = for_sale_draft(repo)
    repo.save_draft(first)
    assert [d["id"] for d in repo.drafts()] == [first["id"], second["id"]]


def test_two_sessions_on_one_game_keep_each_others_entries(repo: Repository) -> None:
    draft_id = for_sale_draft(repo)["id"]
    session_a = repo.draft(draft_id)
    session_b = repo.draft(draft_id)
    assert session_a is not None and session_b is not None
    session_a["sheet"]["players"][0]["coins_left"] = 9
    saved_a = repo.save_draft(session_a)
    session_b["sheet"]["players"][3]["coins_left"] = 7
    saved_b = repo.save_draft(session_b)
    assert coins(saved_b) == [9, 0, 3, 7]
    # session A goes on from its own sheet, without B's entry: B's entry stays
    saved_a["sheet"]["players"][1]["coins_left"] = 5
    assert coins(repo.save_draft(saved_a)) == [9, 5, 3, 7]
    assert coins(repo.draft(draft_id)) == [9, 5, 3, 7]


def test_when_both_change_the_same_entry_the_later_save_wins(repo: Repository) -> None:
    draft_id = for_sale_draft(repo)["id"]
    session_a, session_b = repo.draft(draft_id), repo.draft(draft_id)
    assert session_a is not None and session_b is not None
    session_a["sheet"]["players"][0]["coins_left"] = 9
    repo.save_draft(session_a)
    session_b["sheet"]["players"][0]["coins_left"] = 4
    assert coins(repo.save_draft(session_b)) == [4, 0, 3, 1]


def test_merge3_applies_one_sides_changes_over_the_other() -> None:
    base = {"a": 1, "b": [1, 2], "c": {"x": 1}, "gone": 0}
    mine = {"a": 2, "b": [1, 2, 3], "c": {"x": 1}, "gone": 0}
    theirs = {"a": 1, "b": [5, 2], "c": {"x": 1, "y": 2}}
    assert merge3(base, mine, theirs) == {"a": 2, "b": [5, 2, 3], "c": {"x": 1, "y": 2}}
    assert merge3([1], [1, 2], [1, 3]) == [1, 2]  # both appended: the later save wins
    assert merge3(1, 1, 5) == 5


def test_a_finished_game_left_behind_by_a_crash_is_removed_at_start(repo: Repository, data_dir: Path) -> None:
    draft = for_sale_draft(repo)
    repo.add_plays([{**make_play("for-sale", "2024-01-01T10:00:00+00:00"), "id": draft["id"]}])
    assert Repository.open(data_dir).drafts() == []


def test_threads_of_one_server_lose_no_update(repo: Repository) -> None:
    def session(n: int) -> None:
        draft = repo.save_draft({"game": "for-sale", "sheet": example("for-sale"), "undo": [], "n": n})
        for k in range(5):
            repo.add_play(make_play("kahuna", f"2024-01-01T10:{n:02d}:{k:02d}+00:00"))
            draft = repo.save_draft({**draft, "k": k})

    threads = [threading.Thread(target=session, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted((d["n"], d["k"], d["rev"]) for d in repo.drafts()) == [(n, 4, 6) for n in range(6)]
    assert len(list(repo.plays_newest_first())) == 30


def _other_server(data_dir: Path, n: int) -> None:
    repo = Repository(data_dir)
    for k in range(10):
        repo.add_play(make_play("kahuna", f"2024-01-01T1{n}:00:{k:02d}+00:00", id=f"s{n}p{k}"))
        repo.save_draft({"id": f"server{n}", "game": "for-sale", "sheet": example("for-sale"), "undo": [], "k": k})


def test_two_server_processes_on_one_folder_lose_no_update(repo: Repository, data_dir: Path) -> None:
    context = multiprocessing.get_context("fork")
    servers = [context.Process(target=_other_server, args=(data_dir, n)) for n in range(2)]
    for server in servers:
        server.start()
    for server in servers:
        server.join(30)
        assert server.exitcode == 0
    reopened = Repository.open(data_dir)
    assert reopened.issues == []
    assert sorted(p["id"] for p in reopened.plays_newest_first()) == sorted(
        f"s{n}p{k}" for n in range(2) for k in range(10))
    assert sorted((d["id"], d["k"]) for d in reopened.drafts()) == [("server0", 9), ("server1", 9)]
