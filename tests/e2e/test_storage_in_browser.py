"""A disk that refuses to save, in Chromium: the message a player sees (both languages are checked in-process,
tests/ui/test_storage_errors.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .conftest import Phone, Server

# The server as `python -m companion` runs it, on a disk that is full while the flag file exists.
FULL_WHILE_FLAGGED = """
import errno, sys
from pathlib import Path
from companion.store import atomic, log_files
flag, real_write, real_append = Path(sys.argv.pop(1)), atomic._write, log_files._append
def full() -> None:
    if flag.exists():
        raise OSError(errno.ENOSPC, "No space left on device")
def write(path, payload, backups=0, durable=True):
    full()
    real_write(path, payload, backups, durable)
def append(path, payload):  # a game's entries go to its log
    full()
    return real_append(path, payload)
atomic._write, log_files._append = write, append
from companion.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


class FullDiskServer(Server):
    def __init__(self, data_dir: Path, flag: Path) -> None:
        self.flag = flag
        super().__init__(data_dir)

    def command(self) -> list[str]:
        return [sys.executable, "-c", FULL_WHILE_FLAGGED, str(self.flag), *super().command()[3:]]


@pytest.fixture
def full_disk_server(tmp_path: Path) -> Iterator[FullDiskServer]:
    running = FullDiskServer(tmp_path / "data", tmp_path / "disk-full")
    yield running
    running.stop()


def test_a_full_disk_refuses_a_new_game_and_keeps_an_entry_and_says_so(browser: Browser,
                                                                       full_disk_server: FullDiskServer) -> None:
    phone = Phone(browser, full_disk_server.url, "ko-KR")  # the longer words: the banner must still fit
    try:
        phone.new_game("kahuna", ["Mina", "Joon"])
        full_disk_server.flag.touch()
        phone.tap("new.start")  # refused in the app's words; the names stay on the form
        phone.wait("storage.refused")
        phone.shot("storage-refused-new-game-ko")
        phone.tap("storage.refused.close")
        full_disk_server.flag.unlink()
        phone.tap("new.start")
        phone.tap("sheet.add_round")
        full_disk_server.flag.touch()
        phone.type("rounds[0].Mina", "4")
        phone.wait("storage.unsaved")
        phone.shot("storage-disk-full-ko")
        full_disk_server.flag.unlink()
        phone.tap("storage.retry")
        phone.see("저장했습니다")
    finally:
        phone.close()


def test_a_data_folder_that_cannot_be_used_shows_a_message(browser: Browser, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    server = Server(tmp_path / "file" / "data")
    phone = Phone(browser, server.url)
    try:
        phone.wait("storage.problem")
        phone.see("Cannot use the data folder")
        phone.shot("storage-unusable-folder-en")
    finally:
        phone.close()
        server.stop()
