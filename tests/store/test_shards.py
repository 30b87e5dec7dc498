"""What is known of each shard without reading it: the index and the summaries kept beside it on disk."""

from __future__ import annotations

import json
import marshal
import zlib
from pathlib import Path
from typing import Any

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
        "plays-0001.marshal", "plays-0002.marshal", "plays-0003.marshal"]


def summaries_file(data_dir: Path, n: int) -> Path:
    return data_dir / "plays" / "summaries" / f"plays-{n:04d}.marshal"


def read_summaries_file(path: Path) -> tuple[Any, ...]:
    return marshal.loads(path.read_bytes()[len(shards.SUMMARIES_MAGIC) + 4:])


def write_summaries_file(path: Path, data: tuple[Any, ...]) -> None:
    body = marshal.dumps(data)
    path.write_bytes(shards.SUMMARIES_MAGIC + zlib.crc32(body).to_bytes(4, "big") + body)


def as_json_before_marshal(data_dir: Path) -> None:
    """The summaries files as the versions before marshal wrote them (JSON, named as their shard)."""
    for path in sorted((data_dir / "plays" / "summaries").glob("*.marshal")):
        version, key, rules, fields, rows = read_summaries_file(path)
        path.with_suffix(".json").write_text(json.dumps({"schema": version, "key": key, "rules": rules,
                                                         "fields": fields, "summaries": rows}))
        path.unlink()


def _damaged(good: bytes, rows: int) -> dict[str, bytes]:
    length = good.index(b"[" + rows.to_bytes(4, "little")) + 1  # the rows' count: made huge, marshal would hang
    return {"empty": b"", "zero-filled": b"\0" * len(good), "truncated": good[:len(good) // 2],
            "JSON": b'{"schema": 1, "key": [1, 2, 3]}', "a flipped byte": good[:-9] + bytes([good[-9] ^ 1]) + good[-8:],
            "a huge length": good[:length] + b"\xff\xff\xff\x7f" + good[length + 4:]}


@pytest.mark.parametrize("damage", ["empty", "zero-filled", "truncated", "JSON", "a flipped byte", "a huge length",
                                    "not a tuple", "a row of another shape", "a stale key"])
def test_a_damaged_summary_file_is_rebuilt_from_its_shard(history: Path, damage: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    expected = totals(Repository.open(history))
    summary = summaries_file(history, 2)
    version, key, rules, fields, rows = read_summaries_file(summary)
    damaged = _damaged(summary.read_bytes(), len(rows))
    if damage in damaged:
        summary.write_bytes(damaged[damage])
    else:
        write_summaries_file(summary, [1] if damage == "not a tuple" else (
            version, key, rules, fields, [(1,), *rows]) if damage == "a row of another shape" else (
            version, (1, 2, 3), rules, fields, rows))
    reads = shard_reads(monkeypatch)
    repo = fresh(history)
    assert totals(repo) == expected and repo.issues == []
    assert reads == ["plays-0002.json"]
    assert read_summaries_file(summary)[1] == atomic.signature(history / "plays" / "plays-0002.json").key()  # type: ignore[union-attr]


def test_summaries_written_as_json_before_are_read_once_and_written_again(
        history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = totals(Repository.open(history))
    as_json_before_marshal(history)
    reads = shard_reads(monkeypatch)
    repo = fresh(history)
    assert totals(repo) == expected and reads == [] and repo.issues == []
    assert sorted(p.name for p in (history / "plays" / "summaries").iterdir()) == [
        "plays-0001.marshal", "plays-0002.marshal", "plays-0003.marshal"]
    assert totals(fresh(history)) == expected and reads == []


def test_stale_summaries_written_as_json_before_are_removed_and_made_again(
        history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = totals(Repository.open(history))
    as_json_before_marshal(history)
    stale = history / "plays" / "summaries" / "plays-0001.json"
    stale.write_text(json.dumps({**json.loads(stale.read_text()), "key": [1, 2, 3]}))
    reads = shard_reads(monkeypatch)
    assert totals(fresh(history)) == expected and reads == ["plays-0001.json"]
    assert not stale.exists() and summaries_file(history, 1).exists()


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
    summary = summaries_file(history, 1)
    version, key, rules, fields, rows = read_summaries_file(summary)
    # written by an app whose summaries had other fields
    write_summaries_file(summary, (version, key, rules, fields[:-1], [row[:-1] for row in rows]))
    reads = shard_reads(monkeypatch)
    assert totals(fresh(history)) == expected and reads == ["plays-0001.json"]
