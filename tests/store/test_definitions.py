"""Custom game definitions in the store: versions, plays that keep theirs, re-scoring on request."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from companion.store import exchange
from companion.store.definitions import DefinitionStore
from companion.store.repository import Repository
from companion.store.summary import summary_of
from scoring import SheetError, score_sheet

from .conftest import make_play

GOLF = {"id": "custom-golf", "name": "Golf", "names": {"ko": "골프"}, "players": {"min": 2, "max": 4},
        "win": "lowest", "categories": [{"key": "strokes", "name": "Strokes", "max": 20},
                                        {"key": "penalties", "name": "Penalties", "max": 9, "multiplier": 2}]}


def golf_sheet(definition: dict[str, Any], ann: tuple[int, int], bo: tuple[int, int]) -> dict[str, Any]:
    return {"game": definition["id"], "definition": definition,
            "players": [{"name": "Ann", "strokes": ann[0], "penalties": ann[1]},
                        {"name": "Bo", "strokes": bo[0], "penalties": bo[1]}]}


@pytest.fixture
def store(repo: Repository) -> DefinitionStore:
    return DefinitionStore(repo)


def test_saving_a_changed_definition_makes_a_new_version(store: DefinitionStore) -> None:
    first = store.save(GOLF)
    assert first["version"] == 1 and first["tiebreaks"] == [] and first["scoring"] == "final"
    assert store.save(GOLF) == first, "saving it unchanged stores nothing new"
    changed = copy.deepcopy(GOLF)
    changed["categories"][1]["multiplier"] = 3
    second = store.save(changed)
    assert second["version"] == 2
    assert [d["version"] for d in store.versions("custom-golf")] == [1, 2]
    assert store.latest("custom-golf") == second
    assert store.spec("custom-golf").rules_version == 2
    assert [s.id for s in store.specs()][-1] == "custom-golf"
    assert store.spec("kahuna").id == "kahuna"


def test_a_refused_definition_stores_nothing(store: DefinitionStore) -> None:
    with pytest.raises(SheetError) as refused:
        store.save({**GOLF, "players": {"min": 3, "max": 2}})
    assert refused.value.path == "definition.players.max"
    assert store.games() == []


def test_new_ids_follow_the_name_and_never_repeat(store: DefinitionStore) -> None:
    assert store.new_id("Ticket to Ride: Nordic").startswith("custom-ticket-to-ride-nordic-")
    korean = store.new_id("윷놀이")
    assert korean.startswith("custom-") and len(korean) == len("custom-") + 6
    store.save({**GOLF, "id": korean})
    assert store.games()[0]["id"] == korean


def test_old_plays_keep_their_version_until_rescored(repo: Repository, store: DefinitionStore) -> None:
    v1 = store.save(GOLF)
    play = repo.add_play(make_play("custom-golf", "2024-05-01T10:00:00+00:00", golf_sheet(v1, (10, 1), (9, 2))))
    assert summary_of(play).winners == ("Ann",)  # 12 against 13
    changed = copy.deepcopy(GOLF)
    changed["categories"][1]["multiplier"] = 1
    store.save(changed)
    assert summary_of(repo.play(play["id"])).winners == ("Ann",), "scored by the version it was played with"
    assert [p["id"] for p in store.older_plays("custom-golf")] == [play["id"]]
    assert store.rescore("custom-golf").rescored == 1
    rescored = repo.play(play["id"])
    assert rescored["sheet"]["definition"]["version"] == 2
    assert summary_of(rescored).winners == ("Ann", "Bo")  # 11 against 11: shared
    assert store.older_plays("custom-golf") == []


def test_rescoring_leaves_plays_the_new_version_refuses(repo: Repository, store: DefinitionStore) -> None:
    v1 = store.save(GOLF)
    play = repo.add_play(make_play("custom-golf", "2024-05-01T10:00:00+00:00", golf_sheet(v1, (15, 1), (9, 2))))
    stricter = copy.deepcopy(GOLF)
    stricter["categories"][0]["max"] = 12
    store.save(stricter)
    assert store.rescore("custom-golf").refused == 1
    assert repo.play(play["id"])["sheet"]["definition"]["version"] == 1
    assert score_sheet(repo.play(play["id"])["sheet"]).rules_version == 1


def test_import_adds_only_versions_not_stored(store: DefinitionStore) -> None:
    store.save(GOLF)
    backup = [*store.all_versions(), {**GOLF, "id": "custom-other", "version": 3}]
    assert store.add_versions(backup) == 1
    assert store.add_versions(backup) == 0
    with pytest.raises(SheetError):
        store.add_versions([{**GOLF, "id": "custom-bad", "categories": []}])
    assert {d["id"] for d in store.games()} == {"custom-golf", "custom-other"}


def test_a_damaged_definitions_file_is_moved_aside_and_reported(repo: Repository, store: DefinitionStore) -> None:
    store.save(GOLF)
    store.path.write_bytes(b"\x00" * 64)
    assert store.games() == []
    assert repo.issues and repo.issues[-1].file == "definitions.json"
    assert not store.path.exists()
    assert store.save(GOLF)["version"] == 1


def test_backups_and_csv_carry_custom_games_and_their_plays(repo: Repository, store: DefinitionStore,
                                                          tmp_path: Any) -> None:
    v1 = store.save(GOLF)
    repo.add_play(make_play("custom-golf", "2024-05-01T10:00:00+00:00", golf_sheet(v1, (10, 1), (9, 2))))
    changed = copy.deepcopy(GOLF)
    changed["note"] = "Par 3 course"
    store.save(changed)
    backup = exchange.export_backup(repo)
    assert "Golf" in exchange.export_csv(repo).decode("utf-8-sig").splitlines()[1]

    fresh = Repository.open(tmp_path / "other")
    report = exchange.import_backup(fresh, backup)
    assert report.plays_added == 1 and report.definitions_added == 2
    restored = DefinitionStore(fresh)
    assert [d["version"] for d in restored.versions("custom-golf")] == [1, 2]
    assert next(fresh.plays_newest_first())["sheet"]["definition"]["version"] == 1
    assert exchange.import_backup(fresh, backup).definitions_added == 0


def test_a_backup_without_the_definitions_section_still_brings_the_games_back(repo: Repository,
                                                                             store: DefinitionStore,
                                                                             tmp_path: Any) -> None:
    v1 = store.save(GOLF)
    repo.add_play(make_play("custom-golf", "2024-05-01T10:00:00+00:00", golf_sheet(v1, (10, 1), (9, 2))))
    content = json.loads(exchange.export_backup(repo))
    del content["definitions"]
    fresh = Repository.open(tmp_path / "other")
    assert exchange.import_backup(fresh, json.dumps(content).encode()).definitions_added == 1
    assert DefinitionStore(fresh).latest("custom-golf") == v1


def test_a_backup_with_a_broken_definition_is_refused_with_its_path(repo: Repository) -> None:
    content = json.loads(exchange.export_backup(repo))
    content["definitions"] = [{**GOLF, "categories": [{"key": "x", "name": "X", "min": 5, "max": 1}]}]
    with pytest.raises(exchange.BackupError) as refused:
        exchange.import_backup(repo, json.dumps(content).encode())
    assert refused.value.params["path"] == "definitions[0].categories[0].max"
    assert DefinitionStore(repo).games() == []
