"""The files under the repository: atomic writes, backups, disk full, damaged files at start, schema versions."""

from __future__ import annotations

import errno
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from companion.store import atomic, files, schema
from companion.store.atomic import StorageError, write_atomically
from companion.store.repository import Repository
from companion.store.schema import NewerSchemaError

from .conftest import example, kahuna, make_play

DAMAGED = {
    "truncated": lambda good: good[: len(good) // 2],
    "zero-filled": lambda good: b"\0" * len(good),
    "not UTF-8": lambda good: good.replace(b"Mina", "Mina".encode("utf-16")),
    "a list": lambda good: b"[1, 2, 3]",
    "tables of numbers": lambda good: b'{"drafts": {"1": 5}}',
    "a draft without a sheet": lambda good: b'{"drafts": {"1": {"id": "a", "game": "kahuna"}}}',
    "empty": lambda good: b"",
    "NaN": lambda good: b'{"drafts": {"1": {"id": NaN}}}',
}


def test_a_write_keeps_the_last_five_versions_as_backups(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    for n in range(8):
        write_atomically(target, f"v{n}".encode(), backups=5)
    assert target.read_bytes() == b"v7"
    assert [(tmp_path / f"f.json.bak{k}").read_bytes() for k in range(1, 6)] == [b"v6", b"v5", b"v4", b"v3", b"v2"]
    assert not (tmp_path / "f.json.bak6").exists()


def _tables(*plays: int) -> dict[str, Any]:
    return {"_meta": {"1": {"schema": 1}}, "plays": {str(n): {"id": f"p{n}", "note": "ü"} for n in plays}}


@pytest.mark.parametrize("stored", [(), (1,), (1, 2, 3)])
def test_documents_added_at_the_end_are_written_as_a_whole_encoding_would(tmp_path: Path,
                                                                            stored: tuple[int, ...]) -> None:
    target = tmp_path / "f.json"
    storage = atomic.AtomicJSONStorage(target, backups=2)
    storage.write(_tables(*stored))
    atomic._parsed.clear()
    atomic.read_tables(target)  # as after a start: read from disk, not written by this process
    appended = _tables(*stored, 7, 8)
    assert atomic.appended_payload(target, appended) is not None
    storage.write(appended)
    assert target.read_bytes() == atomic.encode(appended)
    assert json.loads((tmp_path / "f.json.bak1").read_bytes()) == _tables(*stored)


@pytest.mark.parametrize("case", ["changed", "removed", "reordered", "other tables", "spaced", "changed on disk"])
def test_anything_but_documents_added_at_the_end_is_encoded_whole(tmp_path: Path, case: str) -> None:
    target = tmp_path / "f.json"
    storage = atomic.AtomicJSONStorage(target)
    storage.write(_tables(1, 2))
    new = _tables(1, 2, 3)
    if case == "changed":
        new["plays"]["1"] = {"id": "p1", "note": "changed"}
    elif case == "removed":
        new["plays"].pop("2")
    elif case == "reordered":
        new["plays"] = {"2": new["plays"]["2"], "1": new["plays"]["1"], "3": new["plays"]["3"]}
    elif case == "other tables":
        new["_meta"]["1"] = {"schema": 2}
    elif case == "spaced":  # a file in another spelling (an older TinyDB, an editor): its tail is not ours
        target.write_text(json.dumps(_tables(1, 2), indent=1))
        atomic._parsed.clear()
        atomic.read_tables(target)
    else:  # another process rewrote the file since this one read it
        atomic.AtomicJSONStorage(target).write(_tables(1, 2))
        atomic._parsed.clear()
        atomic.read_tables(target)
        target.write_bytes(atomic.encode(_tables(1, 2, 5)))
    assert atomic.appended_payload(target, new) is None
    storage.write(new)
    assert json.loads(target.read_bytes()) == new


def test_backups_are_copied_where_hard_links_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(source: object, target: object) -> None:
        raise OSError(errno.EPERM, "no hard links here")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "f.json"
    write_atomically(target, b"one", backups=2)
    write_atomically(target, b"two", backups=2)
    assert (target.read_bytes(), (tmp_path / "f.json.bak1").read_bytes()) == (b"two", b"one")


class FullDisk(io.FileIO):
    def write(self, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


FAILURES = {
    "write": ("fdopen", lambda fd, mode: FullDisk(fd, "w")),
    "fsync": ("fsync", disk_full),
    "replace": ("replace", disk_full),
}


@pytest.mark.parametrize("failing", FAILURES)
def test_a_full_disk_leaves_the_previous_file_intact_and_says_so(repo: Repository, data_dir: Path, failing: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    repo.remember_players(["Mina"])
    before = (data_dir / "players.json").read_bytes()
    monkeypatch.setattr(os, *FAILURES[failing])
    with pytest.raises(StorageError) as caught:
        repo.remember_players(["Joon"])
    monkeypatch.undo()
    assert (caught.value.message_key, caught.value.params) == (
        "storage.error.write", {"file": "players.json", "reason": "No space left on device"})
    assert (data_dir / "players.json").read_bytes() == before
    assert [p["name"] for p in repo.players()] == ["Mina"]
    assert [p.name for p in data_dir.glob(".*.tmp")] == []
    assert Repository.open(data_dir).issues == []


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_file_at_start_is_moved_aside_and_its_backup_offered(repo: Repository, data_dir: Path,
                                                                       damage: str) -> None:
    first = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    good = (data_dir / "drafts.json").read_bytes()
    (data_dir / "drafts.json").write_bytes(DAMAGED[damage](good))
    atomic._parsed.clear()
    reopened = Repository.open(data_dir)
    [issue] = reopened.issues
    assert issue.file == "drafts.json"
    assert issue.moved_to.startswith("drafts.corrupt-") and issue.moved_to.endswith(".json")
    assert (data_dir / issue.moved_to).read_bytes() == DAMAGED[damage](good)  # kept as it was, for the user
    assert issue.backup is not None and issue.backup.startswith("drafts.backup-")
    assert (data_dir / issue.backup).read_bytes() == (data_dir / "drafts.json.bak1").read_bytes()
    assert reopened.drafts() == []
    reopened.restore_backup(issue)
    assert reopened.issues == []
    assert [d["id"] for d in reopened.drafts()] == [first["id"]]


def test_a_damaged_shard_is_moved_aside_and_the_rest_of_the_history_stays(repo: Repository, data_dir: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.store import plays

    monkeypatch.setattr(plays, "SHARD_SIZE", 2)
    for day in range(1, 6):
        repo.add_play(make_play("kahuna", f"2024-03-0{day}T12:00:00+00:00"))
    shard = data_dir / "plays" / "plays-0002.json"
    shard.write_bytes(shard.read_bytes()[:-20])
    atomic._parsed.clear()
    reopened = Repository.open(data_dir)
    assert [i.file for i in reopened.issues] == ["plays-0002.json"]
    assert [s.finished_at[:10] for s in reopened.history_page().items] == ["2024-03-05", "2024-03-02", "2024-03-01"]
    reopened.restore_backup(reopened.issues[0])
    assert len(reopened.history_page().items) == 5  # the backup's four and, from its summary, the shard's last play


def test_a_damaged_file_without_a_good_backup_is_reported_without_one(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "players.json").write_bytes(b"\xff\xfe garbage")
    reopened = Repository.open(data_dir)
    assert [(i.file, i.reason, i.backup) for i in reopened.issues] == [("players.json", "not UTF-8 text", None)]
    with pytest.raises(ValueError):
        reopened.restore_backup(reopened.issues[0])


def test_moving_aside_never_overwrites_an_earlier_damaged_file(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    moved = []
    for garbage in (b"[1]", b"[2]"):
        (data_dir / "players.json").write_bytes(garbage)
        atomic._parsed.clear()
        moved += [i.moved_to for i in Repository.open(data_dir).issues]
    assert len(set(moved)) == 2
    assert sorted((data_dir / name).read_bytes() for name in moved) == [b"[1]", b"[2]"]


def test_a_file_from_a_newer_app_is_refused_and_left_untouched(repo: Repository, data_dir: Path) -> None:
    repo.remember_players(["Mina"])
    newer = {"_meta": {"1": {"schema": schema.SCHEMA_VERSION + 1}}, "drafts": {"1": {"new": "shape"}}}
    (data_dir / "drafts.json").write_text(json.dumps(newer), encoding="utf-8")
    before = {p.name: p.read_bytes() for p in data_dir.rglob("*") if p.is_file() and p.name != ".lock"}
    atomic._parsed.clear()
    with pytest.raises(NewerSchemaError) as caught:
        Repository.open(data_dir)
    assert caught.value.message_key == "storage.error.newer"
    assert caught.value.params == {"file": "drafts.json", "version": 2, "supported": 1}
    assert {p.name: p.read_bytes() for p in data_dir.rglob("*") if p.is_file() and p.name != ".lock"} == before


def test_an_older_file_is_upgraded_step_by_step_and_the_old_one_kept(repo: Repository, data_dir: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    repo.remember_players(["Mina"])
    old = (data_dir / "players.json").read_bytes()

    def add_nickname(tables: schema.Tables) -> schema.Tables:
        for player in tables.get("players", {}).values():
            player["nickname"] = player["name"].lower()
        return tables

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(schema, "MIGRATIONS", {1: add_nickname})
    atomic._parsed.clear()
    upgraded = Repository.open(data_dir)
    assert [p["nickname"] for p in upgraded.players()] == ["mina"]
    assert json.loads((data_dir / "players.json").read_text())["_meta"] == {"1": {"schema": 2}}
    assert (data_dir / "players.json.bak1").read_bytes() == old


def test_temp_files_of_killed_writers_are_removed_at_start(repo: Repository, data_dir: Path) -> None:
    (data_dir / ".drafts.json.abc123.tmp").write_bytes(b"half")
    (data_dir / "plays" / ".plays-0001.json.x_y.tmp").write_bytes(b"half")
    (data_dir / "notes.tmp").write_bytes(b"not ours")
    Repository.open(data_dir)
    assert sorted(p.name for p in data_dir.rglob("*.tmp")) == ["notes.tmp"]


def test_a_damaged_index_is_rebuilt_from_the_shards(repo: Repository, data_dir: Path) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00"))
    (data_dir / "plays" / "index.json").write_bytes(b"\0\0\0")
    reopened = Repository.open(data_dir)
    assert reopened.issues == []
    assert len(reopened.history_page().items) == 1
    assert json.loads((data_dir / "plays" / "index.json").read_text())["shards"]["plays-0001.json"]["count"] == 1


def test_an_unwritable_folder_is_a_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError) as caught:
        Repository.open(blocker / "data")
    assert caught.value.message_key == "storage.error.folder"


def test_restoring_a_backup_later_keeps_what_was_saved_since(repo: Repository, data_dir: Path) -> None:
    old = repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    (data_dir / "drafts.json").write_bytes(b"\0" * 10)
    atomic._parsed.clear()
    reopened = Repository.open(data_dir)
    new = reopened.new_draft({"game": "patchwork", "sheet": example("patchwork")})
    reopened.restore_backup(reopened.issues[0])
    assert sorted(d["id"] for d in reopened.drafts()) == sorted([old["id"], new["id"]])


def test_a_shard_moved_aside_keeps_its_number_and_backups(repo: Repository, data_dir: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.store import plays

    monkeypatch.setattr(plays, "SHARD_SIZE", 2)
    for day in range(1, 5):
        repo.add_play(make_play("kahuna", f"2024-03-0{day}T12:00:00+00:00"))
    newest = data_dir / "plays" / "plays-0002.json"
    newest.write_bytes(b"[]")
    atomic._parsed.clear()
    reopened = Repository.open(data_dir)
    for day in range(5, 9):
        reopened.add_play(make_play("kahuna", f"2024-03-0{day}T12:00:00+00:00"))
    assert [p.name for p in reopened._shards.paths()] == ["plays-0001.json", "plays-0003.json", "plays-0004.json"]
    reopened.restore_backup(reopened.issues[0])
    assert [s.finished_at[8:10] for s in reopened.history_page().items] == ["08", "07", "06", "05", "04", "03", "02",
                                                                            "01"]


def test_a_lock_held_too_long_by_another_writer_is_a_storage_error(data_dir: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from filelock import FileLock

    from companion.store import files

    monkeypatch.setattr(files, "LOCK_TIMEOUT_S", 0.2)
    repo = Repository.open(data_dir)
    with FileLock(str(data_dir / ".lock")), pytest.raises(StorageError) as caught:
        repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    assert caught.value.message_key == "storage.error.busy"
    assert repo.drafts() == []


# ---- backups that hold data ------------------------------------------------------------------------------


def _first_write(repo: Repository) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00"))


def _import_in_one_go(repo: Repository) -> None:
    repo.add_plays([make_play("kahuna", f"2024-03-01T12:{m:02d}:00+00:00") for m in range(6)])


def _append(repo: Repository) -> None:
    _first_write(repo)
    repo.add_play(make_play("kahuna", "2024-03-02T12:00:00+00:00"))


def _delete(repo: Repository) -> None:
    _import_in_one_go(repo)
    repo.delete_play(repo.history_page().items[0].id)


def _edit(repo: Repository) -> None:
    _import_in_one_go(repo)
    repo.edit_play(repo.history_page().items[0].id, kahuna([1, 1, 1], [2, 2, 2]))


WRITES = {"first write": _first_write, "import in one go": _import_in_one_go, "append": _append,
          "delete": _delete, "edit": _edit}


@pytest.mark.parametrize("write", WRITES)
def test_only_a_backup_that_holds_plays_is_offered_and_it_restores_them(repo: Repository, data_dir: Path,
                                                                        write: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.store import plays

    monkeypatch.setattr(plays, "SHARD_SIZE", 6)
    WRITES[write](repo)
    shard = data_dir / "plays" / "plays-0001.json"
    previous = data_dir / "plays" / "plays-0001.json.bak1"
    held = len(json.loads(previous.read_text())["plays"]) if previous.exists() else 0
    last = len(list(repo.summaries()))
    shard.write_bytes(b"\0" * 8)
    atomic._parsed.clear()
    reopened = Repository.open(data_dir)
    [issue] = reopened.issues
    if held == 0:
        assert issue.backup is None  # nothing worth restoring: no button that restores nothing
        return
    reopened.restore_backup(issue)
    assert len(reopened.history_page(limit=50).items) == last  # as the shard last was: none lost, none deleted back


def test_no_version_of_a_new_file_holds_only_its_version_table(repo: Repository, data_dir: Path) -> None:
    repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00"))
    repo.remember_players(["Mina"])
    assert sorted(p.name for p in data_dir.rglob("*.bak*")) == []


# ---- damage the start must survive -------------------------------------------------------------------


def _draft_file(drafts: list[dict[str, object]]) -> bytes:
    return json.dumps({"_meta": {"1": {"schema": 1}},
                       "drafts": {str(n): d for n, d in enumerate(drafts, 1)}}).encode()


def _good_draft(draft_id: str, **changes: object) -> dict[str, object]:
    return {"id": draft_id, "game": "kahuna", "sheet": example("kahuna"), "rev": 1,
            "created_at": "2024-03-01T12:00:00+00:00", "updated_at": "2024-03-01T12:00:00+00:00", **changes}


BAD_DRAFTS = {
    "an unknown game": (_good_draft("bad", game="chess"), "unknown game"),
    "no players": (_good_draft("bad", sheet={**example("kahuna"), "players": []}), "no players"),
    "players without names": (_good_draft("bad", sheet={**example("kahuna"), "players": [{"name": 5}]}),
                              "no players"),
    "no time of its last entry": ({k: v for k, v in _good_draft("bad").items() if k != "updated_at"},
                                  "no valid time"),
    "a custom game without its definition": (_good_draft("bad", game="custom-dice"), "unknown game"),
}


@pytest.mark.parametrize("bad", BAD_DRAFTS)
def test_a_damaged_game_in_progress_is_set_aside_alone(data_dir: Path, bad: str) -> None:
    data_dir.mkdir(parents=True)
    custom = _good_draft("custom", game="custom-dice", sheet={**example("kahuna"), "game": "custom-dice",
                                                             "definition": {"id": "custom-dice"}})
    (data_dir / "drafts.json").write_bytes(_draft_file([_good_draft("good"), BAD_DRAFTS[bad][0], custom]))
    reopened = Repository.open(data_dir)
    [issue] = reopened.issues
    assert issue.file == "drafts.json" and BAD_DRAFTS[bad][1] in issue.reason and issue.backup is None
    assert json.loads((data_dir / issue.moved_to).read_text())["drafts"]["1"]["id"] == "bad"
    assert sorted(d["id"] for d in reopened.drafts()) == ["custom", "good"]
    assert Repository.open(data_dir).issues == []


@pytest.mark.parametrize("version", [0, -3])
def test_a_file_of_a_data_version_no_app_wrote_is_moved_aside(repo: Repository, data_dir: Path, version: int) -> None:
    repo.remember_players(["Mina"])
    (data_dir / "players.json").write_text(json.dumps({"_meta": {"1": {"schema": version}}, "players": {}}))
    atomic._parsed.clear()
    [issue] = Repository.open(data_dir).issues
    assert issue.file == "players.json" and f"data version {version}" in issue.reason


@pytest.mark.parametrize("where", [".lock", "plays/index.json"])
def test_a_folder_where_a_file_belongs_is_moved_aside(repo: Repository, data_dir: Path, where: str) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00"))
    target = data_dir / where
    target.unlink()
    target.mkdir()
    reopened = Repository.open(data_dir)
    assert [i.file for i in reopened.issues] == [target.name]
    assert (target.parent / reopened.issues[0].moved_to).is_dir()
    reopened.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    assert len(reopened.history_page().items) == 1 and target.is_file()


def test_a_file_where_the_plays_folder_belongs_is_moved_aside(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "plays").write_text("not a folder")
    reopened = Repository.open(data_dir)
    assert [(i.file, (data_dir / i.moved_to).read_text()) for i in reopened.issues] == [("plays", "not a folder")]
    reopened.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00"))
    assert len(reopened.history_page().items) == 1


ROFS = {"full": errno.ENOSPC, "read_only": errno.EROFS}


@pytest.mark.parametrize("kind", ROFS)
def test_a_folder_that_cannot_be_written_is_a_storage_error_at_start(data_dir: Path, kind: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(ROFS[kind], os.strerror(ROFS[kind]))

    data_dir.mkdir(parents=True)
    monkeypatch.setattr(os, "open", refused)
    with pytest.raises(StorageError) as caught:
        Repository.open(data_dir)
    assert (caught.value.message_key, caught.value.kind) == ("storage.error.folder", kind)


@pytest.mark.parametrize("kind", ROFS)
def test_a_save_the_disk_refuses_says_why(repo: Repository, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(ROFS[kind], os.strerror(ROFS[kind]))

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(StorageError) as caught:
        repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    assert caught.value.kind == kind


def test_a_folder_whose_probe_another_process_swept_is_still_usable(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Two server processes starting on one folder: the second's sweep of stale temp files (under the writer lock)
    takes the first's writability probe (made before it locks) between its creation and its removal."""
    made = files.tempfile.mkstemp

    def swept(*args: Any, **kwargs: Any) -> tuple[int, str]:
        fd, name = made(*args, **kwargs)
        atomic.remove_stale_temps(Path(name).parent)
        return fd, name

    monkeypatch.setattr(files.tempfile, "mkstemp", swept)
    assert files.DataFolder(tmp_path / "data").prepare() == []
