"""Settings' exports: a prepared file is the history as it is when it is downloaded."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import flet as ft

from companion.app import Services
from companion.downloads import Downloads
from companion.store import bgstats, exchange
from companion.store.repository import Repository
from scoring import score_sheet

from .conftest import example
from .harness import Harness, send_file


def add_plays(repo: Repository, count: int) -> None:
    sheet = example("kahuna")
    for day in range(1, count + 1):
        repo.add_play({"game": "kahuna", "sheet": sheet, "rules_version": 1,
                       "finished_at": f"2026-10-{day:02d}T20:00:00+00:00", "result": score_sheet(sheet).to_json()})


def downloaded(ui: Harness, services: Services, kind: str) -> bytes:
    """What the download button of `kind` hands the browser."""
    url = ui.control(f"data.download.{kind}").action.url
    found = services.downloads.take(url.rsplit("/", 1)[1], None)
    assert found is not None
    return found.payload


def test_a_prepared_csv_is_made_again_after_an_import(open_app: Callable[..., Harness], services: Services,
                                                     tmp_path: Path) -> None:
    """Issue 26: prepared with 10 plays, then 79 imported, the Download button still gave the 10."""
    add_plays(services.repo, 2)
    ui = open_app("/settings")
    ui.click("data.prepare.csv")
    assert len(exchange.read_csv(downloaded(ui, services, "csv"))) == 2 * 2  # a row per play and player
    elsewhere = Repository.open(tmp_path / "elsewhere")
    add_plays(elsewhere, 3)
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    send_file(ui, services, picker, exchange.export_backup(elsewhere))
    ui.eventually(lambda: ui.control("data.message").value.startswith("Imported"))
    assert len(exchange.read_csv(downloaded(ui, services, "csv"))) == 5 * 2


def test_a_prepared_backup_is_made_again_when_another_phone_changed_the_data(
        open_app: Callable[..., Harness], services: Services, tmp_path: Path) -> None:
    add_plays(services.repo, 1)
    ui = open_app("/settings")
    ui.click("data.prepare.backup")
    first = ui.control("data.download.backup").action.url
    ui.click("data.prepare.bgstats")  # a redraw of the panel
    assert ui.control("data.download.backup").action.url == first  # nothing changed: the same file, not made again
    add_plays(services.repo, 1)  # a game finished at the table meanwhile
    ui.click("data.download.bgstats")  # any redraw of the panel
    other = Services(Repository.open(tmp_path / "other"), Downloads())
    exchange.import_backup(other.repo, downloaded(ui, services, "backup"))
    assert len(list(other.repo.summaries())) == 2


def test_a_play_without_points_has_no_score_in_the_csv(services: Services) -> None:
    players = [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon"}]
    avalon = {"uuid": "a1", "gameRefId": 1, "playDate": "2024-05-02 19:30:00", "durationMin": 30,
              "playerScores": [{"playerRefId": 1, "seatOrder": 1}, {"playerRefId": 2, "seatOrder": 2, "winner": True}]}
    games = [{"id": 1, "name": "Avalon", "noPoints": True}]
    bgstats.import_bgstats(services.repo, json.dumps({"players": players, "games": games, "locations": [],
                                                      "plays": [avalon]}).encode())
    rows = exchange.read_csv(exchange.export_csv(services.repo))
    assert [(row["player"], row["score"], row["winner"]) for row in rows] == [("Mina", "", "0"), ("Joon", "", "1")]
