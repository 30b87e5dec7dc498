"""The phone build says plainly where the history lives (in-process, as the browser build runs): whether the browser
has promised to keep it, a backup in one tap and when the last was made, how to install the app; and the players'
text size."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import platform
from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store.repository import Repository
from companion.views import data_panel
from companion.widgets import keep_history
from companion.widgets.keep_history import PREF_BACKUP_MADE
from tests.store.conftest import make_play
from tests.ui.harness import Harness

NOT_KEPT = ("Your play history is kept only in this browser, which has not promised to keep it: it may clear it "
            "when the phone runs low on space.")


def phone(monkeypatch: pytest.MonkeyPatch, persistent: bool) -> list[str]:
    """The app as the phone build runs it, in a browser that has (or has not) promised to keep the data; returns the
    text sizes the page is told."""
    monkeypatch.setattr(platform, "IN_BROWSER", True)

    async def usage() -> platform.StorageUsage:
        return platform.StorageUsage(used=2_500_000, quota=1_000_000_000, persistent=persistent)

    monkeypatch.setattr(platform, "storage_usage", usage)
    shown: list[str] = []
    monkeypatch.setattr(platform, "show_text_size", shown.append)
    monkeypatch.setattr(keep_history, "PREPARE_AFTER_S", 0)  # the backup's file made as soon as its notice is drawn
    return shown


def count_backups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One item for each backup the app exports from now on."""
    exported: list[int] = []
    export, *rest = data_panel.EXPORTS["backup"]

    def counted(repo: Repository) -> bytes:
        exported.append(1)
        return export(repo)

    monkeypatch.setitem(data_panel.EXPORTS, "backup", (counted, *rest))
    return exported


def open_app(tmp_path: Path, route: str = "/", lang: str = "en", **prefs: Any) -> tuple[Repository, Harness]:
    repo = Repository.open(tmp_path / "data")
    repo.add_play(make_play("kahuna", "2026-11-01T20:00:00+00:00"))
    return repo, Harness(make_main(Services(repo, Downloads())), route=route, prefs={PREF_LANGUAGE: lang, **prefs})


def test_home_says_the_browser_has_not_promised_and_backs_up_in_one_tap(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    phone(monkeypatch, persistent=False)
    repo, ui = open_app(tmp_path)
    try:
        ui.eventually(lambda: NOT_KEPT in ui.texts())
        assert "No backup downloaded on this phone yet." in ui.texts()
        ui.eventually(lambda: ui.control("home.keep.backup").action is not None)
        action = ui.control("home.keep.backup").action
        assert isinstance(action, platform.SaveFile) and action.file_name.startswith("table-companion-backup-")
        backup = json.loads(action.payload)
        assert [p["id"] for p in backup["plays"]] == [s.id for s in repo.summaries()]
        ui.click("home.keep.backup")
        assert ui.conn.prefs[PREF_BACKUP_MADE]
        assert any(text.startswith("Last backup downloaded on this phone: ") for text in ui.texts())
        ui.click("home.keep.how")
        assert ui.view.route == "/settings"
        assert ui.exists("settings.keep.android") and ui.exists("settings.keep.iphone")
    finally:
        ui.close()


def test_home_draws_its_notice_without_making_the_backup_and_makes_it_a_moment_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    phone(monkeypatch, persistent=False)
    exported = count_backups(monkeypatch)
    monkeypatch.setattr(keep_history, "PREPARE_AFTER_S", 3600)
    _, ui = open_app(tmp_path)
    try:
        ui.eventually(lambda: NOT_KEPT in ui.texts())
        ui.settle()
        button = ui.control("home.keep.backup")
        assert exported == [] and button.action is None and button.disabled  # no tap before its file is there
        tab(ui, 1)  # Home left before the moment: its file is never made
        monkeypatch.setattr(keep_history, "PREPARE_AFTER_S", 0)
        ui.settle()
        assert exported == []
        tab(ui, 0)
        ui.eventually(lambda: ui.control("home.keep.backup").action is not None)
        assert exported == [1] and not ui.control("home.keep.backup").disabled
        assert json.loads(ui.control("home.keep.backup").action.payload)["plays"][0]["game"] == "kahuna"
    finally:
        ui.close()


def test_home_says_nothing_once_the_browser_has_promised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    phone(monkeypatch, persistent=True)
    _, ui = open_app(tmp_path)
    try:
        ui.settle()
        assert not ui.exists("home.keep.state") and not ui.exists("home.keep.backup")
    finally:
        ui.close()


def test_on_a_computer_home_has_no_notice(tmp_path: Path) -> None:
    _, ui = open_app(tmp_path)
    try:
        ui.settle()
        assert not ui.exists("home.keep")
        assert not ui.exists("settings.text_size")
    finally:
        ui.close()


def test_settings_say_when_the_last_backup_was_made_in_korean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    phone(monkeypatch, persistent=False)
    _, ui = open_app(tmp_path, "/settings", "ko", **{PREF_BACKUP_MADE: "2026-11-02T09:30:00+00:00"})
    try:
        last = "이 휴대폰에서 마지막으로 내려받은 백업: 2026"
        ui.eventually(lambda: any(text.startswith(last) for text in ui.texts()))
        assert ui.exists("settings.keep.iphone")
    finally:
        ui.close()


def test_the_text_size_follows_the_phone_until_set_larger_and_stays(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    shown = phone(monkeypatch, persistent=True)
    _, ui = open_app(tmp_path, "/settings")
    try:
        ui.settle()
        assert ui.control("settings.text_size").selected == ["phone"]
        ui.patch(ui.control("settings.text_size"), {"selected": ["largest"]})
        ui.fire(ui.control("settings.text_size"), "change")
        assert shown == ["largest"] and ui.conn.prefs[platform.PREF_TEXT_SIZE] == "1.6"
    finally:
        ui.close()
    _, again = open_app(tmp_path / "again", "/settings", **{platform.PREF_TEXT_SIZE: "1.6"})
    try:
        again.eventually(lambda: again.control("settings.text_size").selected == ["largest"])
    finally:
        again.close()


def tab(ui: Harness, index: int) -> None:
    """A tap on the navigation bar's tab (0: Play, 1: History)."""
    ui.patch(ui.view.navigation_bar, {"selected_index": index})
    ui.fire(ui.view.navigation_bar, "change", index)


def test_home_exports_the_history_again_only_when_it_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    phone(monkeypatch, persistent=False)
    exported = count_backups(monkeypatch)
    repo, ui = open_app(tmp_path)
    try:
        ui.eventually(lambda: exported == [1])
        ui.click("home.keep.backup")
        tab(ui, 1)
        tab(ui, 0)
        ui.eventually(lambda: ui.exists("home.keep.backup"))
        ui.settle()
        assert len(exported) == 1  # drawn four times, exported once
        repo.add_play(make_play("patchwork", "2026-11-02T20:00:00+00:00"))
        tab(ui, 1)
        tab(ui, 0)
        ui.eventually(lambda: len(exported) == 2)
        plays = json.loads(ui.control("home.keep.backup").action.payload)["plays"]
        assert sorted(p["game"] for p in plays) == ["kahuna", "patchwork"]
    finally:
        ui.close()


def test_on_a_computer_settings_say_when_this_device_last_downloaded_a_backup(tmp_path: Path) -> None:
    _, ui = open_app(tmp_path, "/settings")
    try:
        ui.eventually(lambda: "No backup downloaded on this device yet." in ui.texts())
        ui.click("data.prepare.backup")
        ui.click("data.download.backup")
        assert ui.conn.prefs[PREF_BACKUP_MADE]
        assert any(text.startswith("Last backup downloaded on this device: ") for text in ui.texts())
        assert not ui.exists("settings.keep")  # the rest is the phone build's: here the history is a folder
    finally:
        ui.close()
