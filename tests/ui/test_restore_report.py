"""Home's restore of a damaged file of plays says what came back, how, and what could not, each play named."""

from __future__ import annotations

from pathlib import Path

from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store.repository import Repository

from .conftest import example
from .harness import Harness


def damaged_history(tmp_path: Path, lang: str) -> tuple[Repository, Harness]:
    """Four games played and finished at the table, then the shard of their plays zeroed by a dying phone."""
    data = tmp_path / "data"
    repo = Repository.open(data)
    for game in ("kahuna", "patchwork", "kahuna", "for-sale"):
        repo.finish_draft(repo.new_draft({"game": game, "sheet": example(game)})["id"])
    shard = data / "plays" / "plays-0001.json"
    shard.write_bytes(b"\0" * shard.stat().st_size)
    reopened = Repository.open(data)
    return reopened, Harness(make_main(Services(reopened, Downloads())), prefs={PREF_LANGUAGE: lang})


def test_restoring_names_the_newest_play_that_the_backup_lacked(tmp_path: Path) -> None:
    repo, ui = damaged_history(tmp_path, "en")
    try:
        assert ui.exists("home.issue.0.restore")
        ui.click("home.issue.0.restore")
        assert repo.issues == [] and len(list(repo.summaries())) == 4
        texts = ui.texts()
        assert "plays-0001.json restored" in texts
        assert "3 plays from the last good backup:" in texts
        assert "1 play rebuilt whole from its game's log:" in texts
        newest = next(s for s in repo.summaries())
        assert any(text.endswith(f"· For Sale · {', '.join(newest.players)}") for text in texts)
        ui.click("restore.close")
        assert ui.dialog() is None and not ui.exists("home.issue.0")
    finally:
        ui.close()


def test_the_report_is_in_korean_too(tmp_path: Path) -> None:
    _, ui = damaged_history(tmp_path, "ko")
    try:
        ui.click("home.issue.0.restore")
        texts = ui.texts()
        assert "마지막 정상 백업에서 가져온 기록 3개:" in texts
        assert "게임 진행 기록(로그)으로 온전히 다시 만든 기록 1개:" in texts
    finally:
        ui.close()
