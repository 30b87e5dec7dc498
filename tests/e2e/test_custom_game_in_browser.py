"""A tenth game defined on a phone-sized screen, played to a tie broken by a category, found in history and
stats, exported as a backup and imported into another server. Every tap is counted."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Download
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scoring import score_sheet

from .conftest import Phone, Server

pytestmark = pytest.mark.e2e


class CountingPhone:
    """Taps as a player makes them: a button, a field to type in, an option of an open menu."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.taps = 0
        self.swipes = 0

    def reveal(self, identifier: str) -> None:
        """Scroll (one swipe) the control into the middle of the screen when it is hidden or under the bottom bar."""
        self.phone.wait(identifier)
        box = self.phone.tagged(identifier).bounding_box()
        if box is not None and box["y"] >= 60 and box["y"] + box["height"] <= 780:
            return
        self.phone.page.mouse.move(206, 450)
        self.phone.page.mouse.wheel(0, (box["y"] if box is not None else 1200) - 350)
        self.phone.page.wait_for_timeout(500)
        self.swipes += 1

    def tap(self, identifier: str) -> None:
        self.reveal(identifier)
        self.phone.tap(identifier)
        self.taps += 1

    def type(self, identifier: str, text: str) -> None:
        self.reveal(identifier)
        self.phone.type(identifier, text)
        self.taps += 1

    def pick(self, identifier: str, option: str) -> None:
        """Open a dropdown and tap one of its options."""
        self.tap(identifier)
        choice = self.phone.page.locator("flt-semantics[role=button]", has_text=option).last
        try:
            choice.wait_for(state="visible", timeout=10_000)
        except PlaywrightTimeout:
            self.phone.shot(f"failed-menu-{identifier}")
            raise
        choice.click()
        self.phone.page.wait_for_timeout(300)
        self.taps += 1


def define_azul(p: CountingPhone) -> None:
    p.tap("home.define_game")
    p.type("custom.name", "Azul")
    p.type("custom.category.0.name", "Wall points")
    p.tap("custom.add_category")
    p.type("custom.category.1.name", "Rows")
    p.tap("custom.category.1.more")
    p.tap("custom.detail.counts")  # rows only break ties
    p.tap("custom.detail.done")
    p.pick("custom.add_tiebreak", "Most Rows")


def play_tie(p: Phone, names: list[str], entries: list[tuple[int, int]], keys: tuple[str, str]) -> None:
    p.type("new.player.0", names[0])
    p.type("new.player.1", names[1])
    p.tap("new.start")
    for i, (points, rows) in enumerate(entries):
        p.type(f"players[{i}].{keys[0]}", str(points))
        p.type(f"players[{i}].{keys[1]}", str(rows))
        if i == 0:
            p.shot("custom-sheet-en")
        p.tap("sheet.next_player")


def tab(p: Phone, name: str) -> None:
    """A destination of the navigation bar."""
    p.page.get_by_role("tab", name=name).click()
    p.page.wait_for_timeout(500)


def stored(server: Server, name: str) -> list[dict]:
    path = server.data_dir / name
    return list(json.loads(path.read_text(encoding="utf-8")).get(name.removesuffix(".json"), {}).values())


def test_define_play_find_export_and_import_a_custom_game(phone: Callable[..., Phone], server: Server,
                                                          tmp_path: Path) -> None:
    p = phone("en-US")
    p.wait("home.define_game")
    counter = CountingPhone(p)
    began = time.monotonic()
    define_azul(counter)
    p.shot("custom-editor-en")
    counter.reveal("custom.note")
    p.shot("custom-editor-ties-en")
    counter.tap("custom.preview")
    p.see("Tie: more Rows wins; still tied: the win is shared.")
    p.shot("custom-preview-en")
    counter.tap("custom.save")
    p.wait("new.start")
    definition_taps = counter.taps
    print(f"\ntaps to define the game: {definition_taps} (and {counter.swipes} swipes to scroll), "
          f"{time.monotonic() - began:.0f} s with the screenshots")
    assert definition_taps <= 13

    (doc,) = stored(server, "definitions.json")
    game = doc["definition"]
    assert game["name"] == "Azul" and game["tiebreaks"] == [{"most": "c2"}]
    play_tie(p, ["Ann", "Bo"], [(42, 3), (42, 2)], ("c1", "c2"))
    p.tap("sheet.finish")
    p.see("Ann wins!")
    p.see("Ann and Bo tied on 42; Ann wins with more Rows: 3 against 2")
    p.shot("custom-result-en")

    p.tap("result.home")
    tab(p, "History")
    p.see("Azul")
    p.shot("custom-history-en")
    tab(p, "Stats")
    p.wait(f"stats.game.{game['id']}")
    tab(p, "Settings")
    p.tap("data.prepare.backup")
    downloads: list[Download] = []
    def keep(download: Download) -> None:
        downloads.append(download)

    p.context.on("page", lambda tab: tab.on("download", keep))  # the download opens in a new tab
    p.page.on("download", keep)
    p.tap("data.download.backup")
    for _ in range(100):
        if downloads:
            break
        p.page.wait_for_timeout(100)
    backup = Path(downloads[0].path()).read_text(encoding="utf-8")
    content = json.loads(backup)
    assert [d["id"] for d in content["definitions"]] == [game["id"]]
    file = tmp_path / "backup.json"
    file.write_text(backup, encoding="utf-8")

    other = Server(tmp_path / "other")
    try:
        q = Phone(p.context.browser, other.url + "/settings", "en-US")
        q.wait("data.import")
        with q.page.expect_file_chooser() as chooser:
            q.tap("data.import")
        chooser.value.set_files(str(file))
        q.see("Imported: 1 play ")
        tab(q, "History")
        q.see("Azul")
        tab(q, "Play")
        q.wait(f"home.game.{game['id']}")
        q.close()
    finally:
        other.stop()
    plays = sorted((other.data_dir / "plays").glob("plays-*.json"))
    (imported,) = json.loads(plays[-1].read_text(encoding="utf-8"))["plays"].values()
    assert score_sheet(imported["sheet"]).winners == ["Ann"]


def test_the_editor_its_preview_and_the_sheet_in_korean(phone: Callable[..., Phone]) -> None:
    p = CountingPhone(phone("ko-KR", "/custom/new"))
    p.type("custom.name", "아줄")
    p.type("custom.category.0.name", "벽 점수")
    p.tap("custom.add_category")
    p.type("custom.category.1.name", "완성한 줄")
    p.tap("custom.category.1.more")
    p.phone.shot("custom-category-dialog-ko")
    p.tap("custom.detail.counts")
    p.tap("custom.detail.done")
    p.phone.shot("custom-editor-ko")
    p.pick("custom.add_tiebreak", "완성한 줄 가장 많은 사람")
    p.reveal("custom.note")
    p.phone.shot("custom-editor-ties-ko")
    p.tap("custom.preview")
    p.phone.see("동점이면")
    p.phone.shot("custom-preview-ko")
    p.tap("custom.save")
    p.type("new.player.0", "하나")
    p.type("new.player.1", "Bo")
    p.tap("new.start")
    p.type("players[0].c1", "42")
    p.phone.shot("custom-sheet-ko")
