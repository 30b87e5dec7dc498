"""History, stats, players and data screens in-process, over the real repository."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import flet as ft

from companion.app import Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store.repository import Repository
from scoring import score_sheet

from .conftest import example, open_damaged
from .harness import Harness, send_file


def add_play(services: Services, game: str, finished_at: str, sheet: dict | None = None) -> dict:
    sheet = sheet or example(game)
    return services.repo.add_play({"game": game, "sheet": sheet, "rules_version": 1, "finished_at": finished_at,
                                   "result": score_sheet(sheet).to_json()})


def test_history_lists_newest_first_filters_and_pages(open_app: Callable[..., Harness],
                                                      services: Services) -> None:
    for day in range(1, 26):
        add_play(services, "kahuna", f"2026-10-{day:02d}T20:00:00+00:00")
    newest_for_sale = add_play(services, "for-sale", "2026-11-02T20:00:00+00:00")
    ui = open_app("/history")
    rows = ui.find_all("history.play.")
    assert len(rows) == 20 and rows[0] == f"history.play.{newest_for_sale['id']}"
    ui.click("history.more")
    assert len(ui.find_all("history.play.")) == 26 and not ui.exists("history.more")
    ui.choose("history.filter.game", "for-sale")
    assert ui.find_all("history.play.") == [f"history.play.{newest_for_sale['id']}"]
    ui.choose("history.filter.game", "")
    ui.choose("history.filter.player", "Minji")
    assert ui.find_all("history.play.") == [f"history.play.{newest_for_sale['id']}"]


def test_a_play_in_history_is_edited_and_scored_again(open_app: Callable[..., Harness],
                                                      services: Services) -> None:
    play = add_play(services, "patchwork", "2026-11-01T20:00:00+00:00")
    ui = open_app(f"/history/{play['id']}")
    before = score_sheet(play["sheet"]).player(play["sheet"]["players"][0]["name"]).total
    ui.click("history.edit")
    assert ui.view.route == f"/history/{play['id']}/edit"
    ui.type("players[0].buttons", str(play["sheet"]["players"][0]["buttons"] + 10))
    ui.click("sheet.finish")
    assert ui.view.route == f"/history/{play['id']}"
    stored = services.repo.play(play["id"])
    assert score_sheet(stored["sheet"]).players[0].total == before + 10
    assert stored["result"]["players"][0]["total"] == before + 10


def test_deleting_a_play_can_be_undone(open_app: Callable[..., Harness], services: Services) -> None:
    play = add_play(services, "carnage", "2026-11-01T20:00:00+00:00")
    ui = open_app(f"/history/{play['id']}")
    ui.click("history.delete")
    assert services.repo.play(play["id"]) is None
    snack = ui.page._dialogs.controls[-1]
    ui.fire(snack.action, "click")
    assert services.repo.play(play["id"]) is not None


def test_the_result_shows_the_score_by_round_chart(open_app: Callable[..., Harness], services: Services) -> None:
    play = add_play(services, "kahuna", "2026-11-01T20:00:00+00:00")
    ui = open_app(f"/result/{play['id']}")
    chart = ui.control("result.chart").content
    assert len(chart.data_series) == 2 and len(chart.data_series[0].points) == 4  # start + 3 rounds


def test_stats_show_wins_and_each_players_record(open_app: Callable[..., Harness], services: Services) -> None:
    add_play(services, "kahuna", "2026-11-01T20:00:00+00:00")
    add_play(services, "kahuna", "2026-11-02T20:00:00+00:00")
    services.repo.remember_players([p["name"] for p in example("kahuna")["players"]])
    winner = score_sheet(example("kahuna")).winners[0]
    ui = open_app("/stats")
    assert sorted(ui.tagged(f"stats.wins.{p['name']}").label for p in example("kahuna")["players"]) == [
        f"{name}: {2 if name == winner else 0}" for name in sorted(p["name"] for p in example("kahuna")["players"])]
    ui.click(f"stats.player.{winner}")
    assert "2 plays · won 2 · 100%" in ui.texts()
    assert len(ui.control("stats.trend_chart").content.data_series[0].points) == 2


def test_players_are_renamed_and_merged(open_app: Callable[..., Harness], services: Services) -> None:
    play = add_play(services, "patchwork", "2026-11-01T20:00:00+00:00")
    first, second = (p["name"] for p in play["sheet"]["players"])
    services.repo.remember_players([first, second, "Guest"])
    ui = open_app("/players")
    names = [p["name"] for p in services.repo.players()]
    ui.click(f"players.row.{names.index(first)}")
    ui.type("players.new_name", "Renamed")
    ui.click("players.rename")
    assert services.repo.play(play["id"])["sheet"]["players"][0]["name"] == "Renamed"
    names = [p["name"] for p in services.repo.players()]
    ui.click(f"players.row.{names.index('Guest')}")
    ui.choose("players.merge_into", second)
    ui.click("players.merge")
    assert "Guest" not in [p["name"] for p in services.repo.players()]


def test_a_backup_is_prepared_for_download_and_imported_elsewhere(open_app: Callable[..., Harness],
                                                                  services: Services, tmp_path: Path) -> None:
    play = add_play(services, "for-sale", "2026-11-01T20:00:00+00:00")
    ui = open_app("/settings")
    ui.click("data.prepare.backup")
    url = ui.control("data.download.backup").action.url
    payload = services.downloads.take(url.rsplit("/", 1)[1], None).payload
    elsewhere = Services(Repository.open(tmp_path / "other"), Downloads())
    other = Harness(make_main(elsewhere), route="/settings", prefs={"table_companion.language": "en"})
    try:
        picker = next(c for c in other.walk() if isinstance(c, ft.FilePicker))
        send_file(other, elsewhere, picker, payload)
        other.eventually(lambda: other.control("data.message").value.startswith("Imported: 1 play ("))
        assert elsewhere.repo.play(play["id"]) is not None
        send_file(other, elsewhere, picker, b"{not json")
        other.eventually(lambda: other.control("data.message").color == ft.Colors.ERROR)
    finally:
        other.close()


def test_a_damaged_file_at_start_is_reported_with_its_backup_offered(tmp_path: Path,
                                                                    open_app: Callable[..., Harness]) -> None:
    reopened, ui = open_damaged(tmp_path)
    assert len(reopened.issues) == 1
    try:
        assert ui.exists("home.issue.0")
        ui.click("home.issue.0.restore")
        assert reopened.issues == [] and len(reopened.drafts()) >= 1
    finally:
        ui.close()
