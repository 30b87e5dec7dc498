"""BG Stats' ignored plays: in the history, marked, and in no statistic or rating (issue 23)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.store import exchange, stats
from companion.store.bgstats import export_bgstats, plan_import, run_import
from companion.store.ratings import rate
from companion.store.repository import Repository

from .bgstats_sample import by_uuid, variant

IGNORED = 78  # the real export's last play: Dominion, won by Kayla Thompson


def ignored_one(content: dict[str, Any]) -> None:
    content["plays"][IGNORED]["ignored"] = True


def without_it(content: dict[str, Any]) -> None:
    del content["plays"][IGNORED]


def imported(repo: Repository, data: bytes) -> Repository:
    run_import(repo, plan_import(repo, data))
    return repo


def the_ignored(repo: Repository) -> dict[str, Any]:
    uuid = json.loads(variant(ignored_one))["plays"][IGNORED]["uuid"]
    return next(p for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == uuid)


def test_an_ignored_play_comes_in_marked_and_once(repo: Repository) -> None:
    data = variant(ignored_one)
    plan = plan_import(repo, data)
    assert (len(plan.plays), plan.reasons()) == (79, {})
    run_import(repo, plan)
    play = the_ignored(repo)
    assert play["record"]["ignored"] is True
    counted = {s.id: s.counted for s in repo.summaries()}
    assert [i for i, c in counted.items() if not c] == [play["id"]]
    assert sum("ignored" in p["record"] for p in repo.plays_newest_first()) == 1
    again = plan_import(repo, data)
    assert (again.plays, again.reasons()) == ([], {"already": 79})


def test_statistics_and_ratings_leave_it_out(repo: Repository, tmp_path: Path) -> None:
    marked = imported(repo, variant(ignored_one))
    absent = imported(Repository.open(tmp_path / "absent"), variant(without_it))
    assert len(list(marked.summaries())) == len(list(absent.summaries())) + 1
    assert len(stats.in_period(marked, "all")) == len(stats.in_period(absent, "all")) == 78
    kayla = stats.player_stats(marked, "Kayla Thompson")
    assert kayla == stats.player_stats(absent, "Kayla Thompson")
    game = the_ignored(marked)["game"]
    assert stats.game_stats(marked, game) == stats.game_stats(absent, game)
    assert stats.wins_per_player(marked) == stats.wins_per_player(absent)
    assert stats.rivals(marked, "Chris Lew") == stats.rivals(absent, "Chris Lew")
    assert stats.score_trend(marked, "Kayla Thompson", game) == stats.score_trend(absent, "Kayla Thompson", game)
    assert rate(marked.summaries()) == rate(absent.summaries())
    # the mark is what leaves it out: counted, it would change Kayla's wins
    unmarked = imported(Repository.open(tmp_path / "unmarked"), variant(lambda content: None))
    assert stats.player_stats(unmarked, "Kayla Thompson").wins == kayla.wins + 1


def test_the_export_writes_it_back_as_it_came(repo: Repository) -> None:
    data = variant(ignored_one)
    imported(repo, data)
    source, exported = json.loads(data), json.loads(export_bgstats(repo))
    play = source["plays"][IGNORED]
    out = by_uuid(exported["plays"])[play["uuid"]]
    assert out["ignored"] is True
    assert json.dumps(out) == json.dumps(play)  # byte for byte, keys in their order
    assert all(json.dumps(by_uuid(exported["plays"])[p["uuid"]]) == json.dumps(p) for p in source["plays"])
    assert len(plan_import(repo, export_bgstats(repo)).plays) == 0


def test_a_backup_carries_the_mark(repo: Repository, tmp_path: Path) -> None:
    imported(repo, variant(ignored_one))
    restored = Repository.open(tmp_path / "restored")
    exchange.import_backup(restored, exchange.export_backup(repo))
    assert the_ignored(restored)["record"]["ignored"] is True
    assert [s.id for s in restored.summaries() if not s.counted] == [the_ignored(repo)["id"]]
    assert export_bgstats(restored) == export_bgstats(repo)
    tampered = json.loads(exchange.export_backup(repo))
    play = next(p for p in tampered["plays"] if p["record"].get("ignored"))
    play["record"]["ignored"] = "yes"
    with pytest.raises(exchange.BackupError) as refused:
        exchange.import_backup(Repository.open(tmp_path / "third"), json.dumps(tampered).encode())
    assert refused.value.params["path"].endswith(".record.ignored")
