"""Importing a backup from the browser: the file goes over HTTP, a progress bar shows the checking."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.store.exchange import export_backup
from companion.store.repository import Repository
from tests.e2e.conftest import Phone, Server
from tests.store.conftest import kahuna, make_play

pytestmark = pytest.mark.e2e


def backup_file(tmp_path: Path, plays: int) -> Path:
    source = Repository.open(tmp_path / "source")
    source.add_plays(make_play("kahuna", f"2024-03-01T12:{i // 60:02d}:{i % 60:02d}+00:00",
                               kahuna([5, 5, 5], [1, 1, 1]), id=f"p{i:05d}") for i in range(plays))
    path = tmp_path / "backup.json"
    path.write_bytes(export_backup(source))
    return path


def pick(phone: Phone, path: Path) -> None:
    with phone.page.expect_file_chooser() as chooser:
        phone.tap("data.import")
    chooser.value.set_files(str(path))


def test_a_backup_is_sent_checked_and_imported_with_progress(phone: Callable[..., Phone], server: Server,
                                                             tmp_path: Path) -> None:
    path = backup_file(tmp_path, 1500)
    host = phone(path="/settings")
    pick(host, path)
    host.see("Checking the file", timeout=60_000)
    host.shot("import-progress-en")
    host.see("Imported: 1,500 plays", timeout=120_000)
    host.shot("import-done-en")
    assert sum(1 for _ in Repository.open(server.data_dir).plays_newest_first()) == 1500
    assert not list((server.data_dir / "incoming").glob("*"))  # the uploaded file is gone


def test_a_refused_backup_says_why_in_korean_and_stores_nothing(phone: Callable[..., Phone], server: Server,
                                                               tmp_path: Path) -> None:
    backup = json.loads(backup_file(tmp_path, 3).read_text())
    backup["plays"][2]["sheet"]["players"][0]["name"] = "Mi\u0000na"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(backup))
    host = phone(locale="ko-KR", path="/settings")
    pick(host, path)
    host.see("이름에 제어 문자를 쓸 수 없습니다", timeout=60_000)
    host.shot("import-refused-ko")
    assert list(Repository.open(server.data_dir).plays_newest_first()) == []
