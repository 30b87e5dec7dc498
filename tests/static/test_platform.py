"""What the browser build does differently, in-process: the hook after every write, the copy to IndexedDB
behind the writes, and how a file reaches the player."""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft
import pytest

from companion import platform
from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store import atomic
from companion.store.atomic import StorageError, write_atomically
from companion.store.repository import Repository
from tests.loops import run
from tests.ui.harness import Harness


def test_the_hook_runs_after_each_completed_write_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Path] = []
    monkeypatch.setattr(atomic, "after_write_hooks", [written.append])
    write_atomically(tmp_path / "a.json", b"{}", backups=2)
    write_atomically(tmp_path / "a.json", b"{}", backups=2)
    (tmp_path / "not-a-folder").write_text("")
    with pytest.raises(StorageError):
        write_atomically(tmp_path / "not-a-folder" / "b.json", b"{}")
    assert written == [tmp_path / "a.json"] * 2


def test_the_backups_rotate_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr("os.link")  # as in the browser (Emscripten has none)
    for n in range(3):
        write_atomically(tmp_path / "a.json", str(n).encode(), backups=2)
    assert [(tmp_path / name).read_text() for name in ("a.json", "a.json.bak1", "a.json.bak2")] == ["2", "1", "0"]


def test_writes_during_a_copy_get_one_more_copy_and_settled_waits_for_it() -> None:
    copies: list[int] = []

    async def store() -> None:
        await asyncio.sleep(0.01)
        copies.append(len(copies))

    async def scenario() -> None:
        behind = platform.WriteBehind(store)
        behind.written(Path("drafts.json"))
        assert behind.pending
        await asyncio.sleep(0.005)
        for _ in range(5):  # a burst while the first copy runs
            behind.written(Path("drafts.json"))
        await behind.settled()
        assert not behind.pending

    run(scenario())
    assert copies == [0, 1]


def test_a_refused_copy_is_reported_and_retried_with_the_next_write() -> None:
    outcomes = [OSError("QuotaExceededError"), None]

    async def store() -> None:
        outcome = outcomes.pop(0)
        if outcome is not None:
            raise outcome

    async def scenario() -> None:
        behind = platform.WriteBehind(store)
        behind.written(Path("drafts.json"))
        with pytest.raises(StorageError) as refused:
            await behind.settled()
        assert refused.value.params["reason"] == "QuotaExceededError"
        behind.written(Path("drafts.json"))
        await behind.settled()

    run(scenario())
    assert outcomes == []


def open_app(tmp_path: Path, route: str = "/") -> Harness:
    return Harness(make_main(Services(Repository.open(tmp_path / "data"), Downloads())), route=route,
                   prefs={PREF_LANGUAGE: "en"})


def prepared_backup(ui: Harness) -> ft.ClientAction:
    ui.click("data.prepare.backup")
    return ui.control("data.download.backup").action


def test_on_a_computer_settings_show_the_folder_and_offer_files_at_an_address(tmp_path: Path) -> None:
    ui = open_app(tmp_path, "/settings")
    try:
        assert str(tmp_path / "data") in ui.texts()
        assert not ui.exists("settings.storage")
        assert isinstance(prepared_backup(ui), ft.OpenUrl)
    finally:
        ui.close()


def test_in_the_browser_files_are_saved_in_the_tap_and_settings_show_the_phone_storage(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "IN_BROWSER", True)

    async def usage() -> platform.StorageUsage:
        return platform.StorageUsage(used=2_500_000, quota=1_000_000_000, persistent=True)

    monkeypatch.setattr(platform, "storage_usage", usage)
    ui = open_app(tmp_path, "/settings")
    try:
        ui.eventually(lambda: "2.5 MB used of 1.0 GB available" in ui.texts())
        assert "The browser keeps it, also when the phone runs low on space." in ui.texts()
        action = prepared_backup(ui)
        assert isinstance(action, platform.SaveFile)
        assert (action.method, action.args["file_name"]) == ("save_file", action.file_name)
        assert action.file_name.startswith("table-companion-backup-") and action.args["src_bytes"].startswith(b"{")
    finally:
        ui.close()


@pytest.mark.parametrize("live", [True, False])
def test_the_sheet_offers_the_live_table_only_with_a_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           live: bool) -> None:
    monkeypatch.setattr(platform, "LIVE_TABLE", live)
    ui = open_app(tmp_path)
    try:
        ui.click("home.game.kahuna")
        ui.type("new.player.0", "Mina")
        ui.type("new.player.1", "Joon")
        ui.click("new.start")
        assert ui.exists("sheet.guide")
        assert ui.exists("sheet.share") == live
    finally:
        ui.close()
