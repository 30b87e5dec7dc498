"""BoardGameGeek's plays imported from Settings: the BG Stats import's preview, under BGG's name, with each play
skipped for its values named; a hostile file refused with its reason."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import flet as ft

from companion.app import Services
from companion.store import transfer

from .harness import Harness, send_file

PLAYS = Path(__file__).resolve().parents[1] / "data" / "bgg" / "plays.xml"


def test_bgg_plays_are_previewed_with_the_skipped_ones_named_then_imported(open_app: Callable[..., Harness],
                                                                           services: Services) -> None:
    services.repo.remember_players(["Mina"])
    ui = open_app("/settings")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    send_file(ui, services, picker, PLAYS.read_bytes(), "plays.xml")
    ui.eventually(lambda: ui.exists("bgstats.preview.counts"))
    texts = ui.texts()
    assert "BoardGameGeek plays" in texts
    assert ui.tagged("bgstats.preview.counts").content.value == "11 plays, 5 players, 4 games"  # "mina" taken as Mina
    assert ui.control("bgstats.preview.skip.date").value == (
        "1 with a date no real play has (before 1900, after 2200, or none)")
    assert "1850-01-01, Patchwork (play 90000004)" in texts
    assert "2025-03-01, Patchwork (play 90000001)" in texts  # listed twice
    assert "2025-03-11, Patchwork (play 90000011)" in texts  # every skip is named but those already here: a score
    assert (ui.control("bgstats.merge.3").label, ui.control("bgstats.merge.3").value) == ("mina", "Mina")
    ui.click("bgstats.import")
    assert ui.control("data.message").value == "Imported from BoardGameGeek: 3 plays (8 not imported), 4 new players."
    assert sorted(s.id for s in services.repo.summaries()) == ["bgg_90000001", "bgg_90000002", "bgg_90000003"]


def test_a_hostile_xml_file_is_refused_with_its_reason(open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app("/settings", lang="ko")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    laughs = b'<!DOCTYPE plays [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><plays>&b;</plays>'
    send_file(ui, services, picker, laughs, "plays.xml")
    ui.eventually(lambda: ui.control("data.message").color == ft.Colors.ERROR)
    assert ui.control("data.message").value.startswith("이 XML 파일은 문서 형식이나 엔티티를 선언합니다.")
    assert list(services.repo.summaries()) == [] and not ui.exists("bgstats.preview")


def test_a_file_is_sent_up_to_the_largest_import_and_refused_past_it(open_app: Callable[..., Harness],
                                                                     services: Services) -> None:
    """A BG Stats export of 100 MB (about 20,000 plays) was refused before it was sent, as a backup too large."""
    ui = open_app("/settings")
    picker = next(c for c in ui.walk() if isinstance(c, ft.FilePicker))
    ui.service_event(picker, "result", {"files": [{"id": 1, "name": "huge.json", "size": transfer.MAX_FILE_BYTES + 1}]})
    assert ui.control("data.message").value == "The file is larger than 400 MB"  # refused before a byte is sent
    assert not any(call == "upload" for call, _ in ui.conn.calls)
    ui.service_event(picker, "result", {"files": [{"id": 2, "name": "BGStatsExport.json", "size": 100 * 2**20}]})
    assert any(call == "upload" for call, _ in ui.conn.calls)
