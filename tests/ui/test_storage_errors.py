"""A disk that refuses to save, in-process: the app says so in its own words, keeps every entry and saves it
once the disk has room again; a data folder that cannot be used at all shows a message, not a traceback."""

from __future__ import annotations

import errno
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion import app as app_module
from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store import atomic
from companion.store.atomic import StorageError
from companion.store.repository import Repository, open_repository

from .harness import Harness
from .test_play_flow import start_game


class Disk:
    """The disk under the data folder: full (or read-only) until `free()`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.real = atomic._write

    def fill(self, code: int = errno.ENOSPC) -> None:
        def refuse(path: Path, payload: bytes, backups: int, durable: bool = True) -> None:
            raise OSError(code, "No space left on device" if code == errno.ENOSPC else "Read-only file system")

        self.monkeypatch.setattr(atomic, "_write", refuse)

    def free(self) -> None:
        self.monkeypatch.setattr(atomic, "_write", self.real)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    yield Disk(monkeypatch)


def coins(services: Services) -> list[object]:
    [draft] = services.repo.drafts()
    return [p.get("coins_left") for p in draft["sheet"]["players"]]


def test_an_entry_on_a_full_disk_is_kept_and_saved_with_the_next_one(open_app: Callable[..., Harness],
                                                                     services: Services, disk: Disk) -> None:
    ui = open_app()
    start_game(ui, "for-sale", ["A", "B", "C"])
    disk.fill()
    ui.type("players[0].coins_left", "12")
    assert coins(services) == [None, None, None]
    assert any("The disk is full" in text for text in ui.texts())
    disk.free()
    ui.click("sheet.next_player")
    ui.type("players[1].coins_left", "7")
    assert coins(services) == [12, 7, None]
    assert ui.dialog() is None or not any("The disk is full" in t for t in ui.texts())
    assert "Saved: everything you entered is stored." in ui.snacks()


def test_a_refused_entry_is_saved_by_the_retry_once_the_disk_has_room(open_app: Callable[..., Harness],
                                                                      services: Services, disk: Disk,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "STORAGE_RETRY_S", 0.05)
    ui = open_app(lang="ko")
    start_game(ui, "for-sale", ["A", "B", "C"])
    disk.fill(errno.EROFS)
    ui.type("players[0].coins_left", "9")
    assert any("데이터 폴더에 쓸 수 없어서" in text for text in ui.texts())
    ui.settle(200)  # retries while the folder stays read-only change nothing
    assert coins(services) == [None, None, None]
    disk.free()
    ui.eventually(lambda: coins(services) == [9, None, None])


@pytest.mark.parametrize(("lang", "words"), [("en", "Cannot use the data folder"),
                                              ("ko", "데이터 폴더")])
def test_a_data_folder_that_cannot_be_used_shows_a_message(tmp_path: Path, lang: str, words: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    repo, problem = open_repository(blocker / "data")
    assert isinstance(problem, StorageError)
    ui = Harness(make_main(Services(repo, Downloads(), problem=problem)), prefs={PREF_LANGUAGE: lang})
    try:
        assert ui.crashes() == []
        assert any(words in text for text in ui.texts())
        assert not ui.exists("home.game.for-sale")
    finally:
        ui.close()


def test_home_shows_a_damaged_game_in_progress_as_set_aside(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    good = {"id": "good", "game": "kahuna", "sheet": {"game": "kahuna", "players": [{"name": "A"}, {"name": "B"}],
                                                      "rounds": []},
            "undo": [], "rev": 1, "created_at": "2024-03-01T12:00:00+00:00", "updated_at": "2024-03-01T12:00:00+00:00"}
    bad = {**good, "id": "bad", "game": "chess"}
    (data / "drafts.json").write_text(json.dumps({"drafts": {"1": good, "2": bad}}))
    ui = Harness(make_main(Services(Repository.open(data), Downloads())), prefs={PREF_LANGUAGE: "en"})
    try:
        assert ui.crashes() == []
        assert ui.exists("home.continue.good") and not ui.exists("home.continue.bad")
        assert any("unknown game 'chess'" in text for text in ui.texts())
    finally:
        ui.close()
