"""A disk that refuses to save, in-process: the app says so in its own words, keeps every entry and saves it
once the disk has room again; a data folder that cannot be used at all shows a message, not a traceback."""

from __future__ import annotations

import errno
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion import app as app_module
from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store import atomic, exchange, log_files
from companion.store.atomic import StorageError
from companion.store.definitions import DefinitionStore
from companion.store.repository import Repository, open_repository
from scoring import score_sheet

from .conftest import example, open_damaged
from .harness import Harness, send_file
from .test_custom_game import define_wingspan
from .test_play_flow import start_game


class Disk:
    """The disk under the data folder: full (or read-only) until `free()`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.real = atomic._write
        self.real_append = log_files._append

    def fill(self, code: int = errno.ENOSPC) -> None:
        def refuse(path: Path, payload: bytes, *args: object, **kwargs: object) -> int:
            raise OSError(code, "No space left on device" if code == errno.ENOSPC else "Read-only file system")

        self.monkeypatch.setattr(atomic, "_write", refuse)
        self.monkeypatch.setattr(log_files, "_append", refuse)  # a game's entries go to its log

    def free(self) -> None:
        self.monkeypatch.setattr(atomic, "_write", self.real)
        self.monkeypatch.setattr(log_files, "_append", self.real_append)


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


# ---- every other write refuses cleanly: the app's message, nothing changed, what was typed still on screen ----

REFUSED = {("en", errno.ENOSPC): "The disk is full, so this could not be saved.",
           ("ko", errno.ENOSPC): "디스크가 가득 차서 저장하지 못했습니다.",
           ("en", errno.EROFS): "The data folder cannot be written, so this could not be saved.",
           ("ko", errno.EROFS): "데이터 폴더에 쓸 수 없어서 저장하지 못했습니다."}


def dialogs(ui: Harness) -> list[Any]:
    return [d for d in ui.page._dialogs.controls if getattr(d, "open", False)]


def field_value(ui: Harness, root: Any, identifier: str) -> Any:
    return next(c.content.value for c in ui.walk(root) if isinstance(c, ft.Semantics) and c.identifier == identifier)


def assert_refused(ui: Harness, lang: str = "en", code: int = errno.ENOSPC) -> None:
    """Flet's crash screen is not shown; the app's own message is, over whatever was on screen."""
    assert ui.crashes() == []
    assert ui.exists("storage.refused") and any(REFUSED[lang, code] in text for text in ui.texts()), ui.texts()
    ui.click("storage.refused.close")
    assert not ui.exists("storage.refused")


def add_play(repo: Repository, game: str = "patchwork") -> dict[str, Any]:
    sheet = example(game)
    return repo.add_play({"game": game, "sheet": sheet, "rules_version": 1,
                                   "finished_at": "2026-11-01T20:00:00+00:00", "result": score_sheet(sheet).to_json()})


@pytest.mark.parametrize(("lang", "code"), list(REFUSED))
def test_a_new_game_on_a_full_disk_keeps_the_names_typed(open_app: Callable[..., Harness], services: Services,
                                                        disk: Disk, lang: str, code: int) -> None:
    ui = open_app(lang=lang)
    disk.fill(code)
    start_game(ui, "kahuna", ["Ann", "Bo"])
    assert_refused(ui, lang, code)
    assert ui.view.route == "/new/kahuna"
    assert [ui.control("new.player.0").value, ui.control("new.player.1").value] == ["Ann", "Bo"]
    assert services.repo.drafts() == [] and services.repo.players() == []
    disk.free()
    ui.click("new.start")
    assert ui.view.route.startswith("/play/") and len(services.repo.drafts()) == 1


def test_a_play_record_on_a_full_disk_keeps_its_dialog_and_fields(open_app: Callable[..., Harness],
                                                                  services: Services, disk: Disk) -> None:
    play = add_play(services.repo)
    ui = open_app(f"/history/{play['id']}")
    ui.click("record.edit")
    ui.type("record.field.note", "Rematch soon")
    disk.fill()
    ui.click("record.save")
    assert_refused(ui)
    [dialog] = dialogs(ui)
    assert field_value(ui, dialog, "record.field.note") == "Rematch soon"
    assert "record" not in services.repo.play(play["id"])
    disk.free()
    ui.click("record.save")
    assert dialogs(ui) == [] and services.repo.play(play["id"])["record"]["note"] == "Rematch soon"


def test_an_edited_play_on_a_full_disk_stays_on_its_sheet(open_app: Callable[..., Harness], services: Services,
                                                          disk: Disk) -> None:
    play = add_play(services.repo)
    ui = open_app(f"/history/{play['id']}/edit")
    buttons = play["sheet"]["players"][0]["buttons"]
    ui.type("players[0].buttons", str(buttons + 10))
    disk.fill()
    ui.click("sheet.finish")
    assert_refused(ui)
    assert ui.view.route == f"/history/{play['id']}/edit"
    assert ui.control("players[0].buttons").value == str(buttons + 10)
    assert services.repo.play(play["id"]) == play


def test_deleting_a_play_and_its_undo_on_a_full_disk(open_app: Callable[..., Harness], services: Services,
                                                     disk: Disk) -> None:
    play = add_play(services.repo)
    ui = open_app(f"/history/{play['id']}")
    disk.fill()
    ui.click("history.delete")
    assert_refused(ui)
    assert ui.view.route == f"/history/{play['id']}" and services.repo.play(play["id"]) == play
    disk.free()
    ui.click("history.delete")
    disk.fill()
    ui.fire(ui.page._dialogs.controls[-1].action, "click")  # the snackbar's undo
    assert_refused(ui)
    assert services.repo.play(play["id"]) is None
    disk.free()
    ui.fire(ui.page._dialogs.controls[-1].action, "click")  # the undo is offered again, as long as it fails
    assert services.repo.play(play["id"]) == play


def test_a_discarded_game_whose_undo_the_disk_refuses_can_be_brought_back(open_app: Callable[..., Harness],
                                                                          services: Services, disk: Disk) -> None:
    draft = services.repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    ui = open_app()
    disk.fill()
    ui.click(f"home.discard.{draft['id']}")
    assert_refused(ui)
    assert services.repo.drafts() == [draft] and ui.exists(f"home.continue.{draft['id']}")
    disk.free()
    ui.click(f"home.discard.{draft['id']}")
    disk.fill()
    ui.fire(ui.page._dialogs.controls[-1].action, "click")
    assert_refused(ui)
    disk.free()
    ui.fire(ui.page._dialogs.controls[-1].action, "click")
    assert services.repo.drafts() == [draft] and ui.exists(f"home.continue.{draft['id']}")


@pytest.mark.parametrize("action", ["rename", "merge", "colour"])
def test_a_player_change_on_a_full_disk_keeps_the_dialog(open_app: Callable[..., Harness], services: Services,
                                                         disk: Disk, action: str) -> None:
    play = add_play(services.repo)
    services.repo.remember_players(["Guest", *(p["name"] for p in play["sheet"]["players"])])
    before = services.repo.players()
    ui = open_app("/players")
    ui.click(f"players.row.{[p['name'] for p in before].index('Guest')}")
    ui.type("players.new_name", "Gast")
    disk.fill()
    if action == "rename":
        ui.click("players.rename")
    elif action == "merge":
        ui.choose("players.merge_into", play["sheet"]["players"][0]["name"])
        ui.click("players.merge")
    else:
        ui.click("players.colour.0")
    assert_refused(ui)
    [dialog] = dialogs(ui)
    assert field_value(ui, dialog, "players.new_name") == "Gast"
    assert services.repo.players() == before and services.repo.play(play["id"]) == play


def test_a_custom_game_saved_on_a_full_disk_stays_in_the_editor(open_app: Callable[..., Harness],
                                                                services: Services, disk: Disk) -> None:
    ui = open_app()
    define_wingspan(ui)
    disk.fill()
    ui.click("custom.save")
    assert_refused(ui)
    assert ui.view.route == "/custom/new" and ui.control("custom.name").value == "Wingspan"
    assert DefinitionStore(services.repo).games() == []
    disk.free()
    ui.click("custom.save")
    assert ui.view.route.startswith("/new/custom-wingspan-")


def test_restoring_a_backup_on_a_full_disk_keeps_the_offer(tmp_path: Path, disk: Disk) -> None:
    reopened, ui = open_damaged(tmp_path)
    try:
        disk.fill()
        ui.click("home.issue.0.restore")
        assert_refused(ui)
        assert len(reopened.issues) == 1 and ui.exists("home.issue.0.restore")
        disk.free()
        ui.click("home.issue.0.restore")
        assert reopened.issues == [] and reopened.drafts()
    finally:
        ui.close()


def test_importing_a_backup_on_a_full_disk_says_so_and_can_be_tried_again(open_app: Callable[..., Harness],
                                                                         services: Services, tmp_path: Path,
                                                                         disk: Disk) -> None:
    source = Repository.open(tmp_path / "source")
    add_play(source, "kahuna")
    ui = open_app("/settings")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    disk.fill()
    send_file(ui, services, picker, exchange.export_backup(source))
    ui.eventually(lambda: ui.exists("storage.refused"))
    assert_refused(ui)
    assert list(services.repo.summaries()) == []
    assert not ui.tagged("data.progress").visible and not ui.control("data.import").disabled
    disk.free()
    send_file(ui, services, picker, exchange.export_backup(source))
    ui.eventually(lambda: ui.control("data.message").value.startswith("Imported: 1 play ("))


def test_a_bgstats_import_on_a_full_disk_keeps_its_preview(open_app: Callable[..., Harness], services: Services,
                                                           disk: Disk) -> None:
    file = {"players": [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon"}],
            "games": [{"id": 1, "name": "Kahuna", "bggId": 394}], "locations": [],
            "plays": [{"uuid": "p1", "gameRefId": 1, "playDate": "2024-05-01 19:30:00", "playerScores": [
                {"playerRefId": 1, "score": "7", "winner": True}, {"playerRefId": 2, "score": "3"}]}]}
    ui = open_app("/settings")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    send_file(ui, services, picker, json.dumps(file).encode(), "BGStatsExport.json")
    ui.eventually(lambda: ui.exists("bgstats.preview"))
    disk.fill()
    ui.click("bgstats.import")
    assert_refused(ui)
    assert list(services.repo.summaries()) == [] and not ui.control("bgstats.import").disabled
    disk.free()
    ui.click("bgstats.import")
    assert len(list(services.repo.summaries())) == 1
