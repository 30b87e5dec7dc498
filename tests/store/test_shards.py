"""What is known of each shard without reading it: the index and the summaries kept beside it on disk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.store import atomic, plays, shards
from companion.store.repository import Repository

from .conftest import kahuna, make_play


@pytest.fixture
def history(repo: Repository, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(plays, "SHARD_SIZE", 4)
    repo.add_plays([make_play("kahuna", f"2024-03-{d:02d}T12:00:00+00:00", kahuna([5], [d % 7])) for d in range(1, 11)])
    return data_dir


def shard_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    real = shards.load_tables
    monkeypatch.setattr(shards, "load_tables", lambda path: read.append(path.name) or real(path))
    return read


def fresh(data_dir: Path) -> Repository:
    atomic._parsed.clear()
    return Repository.open(data_dir)


def totals(repo: Repository) -> list[dict[str, int]]:
    return [s.totals for s in repo.summaries()]


def test_after_a_start_the_summaries_come_from_disk_without_reading_a_shard(
        history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = totals(Repository.open(history))
    reads = shard_reads(monkeypatch)
    repo = fresh(history)
    assert totals(repo) == expected and len(expected) == 10
    assert reads == []
    assert sorted(p.name for p in (history / "plays" / "summaries").iterdir()) == [
        "plays-0001.json", "plays-0002.json", "plays-0003.json"]


@pytest.mark.parametrize("damage", [b"", b"\0\0\0", b"[1]", b'{"schema": 1, "key": [1, 2, 3]}',
                                    b'{"schema": 1, "key": null, "rules": {}, "summaries": [[1]]}'])
def test_a_damaged_summary_file_is_rebuilt_from_its_shard(history: Path, damage: bytes,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    expected = totals(Repository.open(history))
    summary = history / "plays" / "summaries" / "plays-0002.json"
    summary.write_bytes(damage)
    reads = shard_reads(monkeypatch)
    repo = fresh(history)
    assert totals(repo) == expected and repo.issues == []
    assert reads == ["plays-0002.json"]
    assert json.loads(summary.read_bytes())["key"] == list(atomic.signature(history / "plays" / "plays-0002.json")
                                                           .key())  # type: ignore[union-attr]


def test_summaries_of_a_shard_written_by_someone_else_are_not_trusted(history: Path) -> None:
    shard = history / "plays" / "plays-0001.json"
    tables = json.loads(shard.read_text())
    first = next(iter(tables["plays"].values()))
    first["sheet"] = kahuna([0], [9])
    first["result"] = None  # scored again from the sheet
    shard.write_text(json.dumps(tables))
    repo = fresh(history)
    assert {"Mina": 0, "Joon": 1} in totals(repo)


def test_summaries_made_under_other_rules_are_made_again(history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Repository.open(history)
    monkeypatch.setattr(shards, "rules_version_of", lambda game: 99)
    reads = shard_reads(monkeypatch)
    totals(fresh(history))
    assert sorted(reads) == ["plays-0001.json", "plays-0002.json", "plays-0003.json"]


def test_every_write_keeps_the_summaries_beside_the_shard_current(history: Path) -> None:
    repo = Repository.open(history)
    newest = repo.history_page(limit=1).items[0]
    repo.edit_play(newest.id, kahuna([1], [6]))
    repo.delete_play(repo.history_page(offset=3, limit=1).items[0].id)
    repo.add_play(make_play("kahuna", "2024-03-05T18:00:00+00:00", kahuna([2], [3])))
    repo.rename_player("Mina", "Minah")
    expected = totals(repo)
    assert totals(fresh(history)) == expected
    assert expected[0] == {"Minah": 0, "Joon": 1} and len(expected) == 10


def test_summaries_of_another_shape_are_made_again(history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = totals(Repository.open(history))
    summary = history / "plays" / "summaries" / "plays-0001.json"
    data = json.loads(summary.read_bytes())
    data["fields"] = data["fields"][:-1]  # written by an app whose summaries had other fields
    data["summaries"] = [row[:-1] for row in data["summaries"]]
    summary.write_text(json.dumps(data))
    reads = shard_reads(monkeypatch)
    assert totals(fresh(history)) == expected and reads == ["plays-0001.json"]
