"""Every screen, opened by its address in headless Chromium at phone size, in every language the app speaks (the
browser set to it chooses it).

Each visit waits for the control that makes the screen what it is, then takes a screenshot (look at them:
$TC_SCREENSHOTS, default /tmp/table-companion-screenshots).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser

from companion.i18n import LANGUAGES
from companion.store.repository import Repository
from scoring import score_sheet

from .conftest import Phone, Server

pytestmark = pytest.mark.e2e
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    data = tmp_path_factory.mktemp("tour") / "data"
    repo = Repository.open(data)
    ids: dict[str, str] = {}
    for day, path in enumerate(sorted(EXAMPLES.glob("*.json")), start=1):
        sheet = json.loads(path.read_text(encoding="utf-8"))
        play = repo.add_play({"game": sheet["game"], "sheet": sheet, "rules_version": 1,
                              "finished_at": f"2026-11-{day:02d}T19:30:00+00:00",
                              "result": score_sheet(sheet).to_json()})
        repo.remember_players([p["name"] for p in sheet["players"]])
        ids[sheet["game"]] = play["id"]
    in_progress = json.loads((EXAMPLES / "piraten-kapern.json").read_text(encoding="utf-8"))
    in_progress["events"] = in_progress["events"][:7]
    ids["draft"] = repo.new_draft({"game": "piraten-kapern", "sheet": in_progress})["id"]
    server = Server(data)
    yield server, ids
    server.stop()


def tour(ids: dict[str, str]) -> list[tuple[str, str, str]]:
    """(name, address, the control that shows the screen is there)."""
    draft, kahuna = ids["draft"], ids["kahuna"]
    player = json.loads((EXAMPLES / "kahuna.json").read_text(encoding="utf-8"))["players"][0]["name"]
    return [
        ("home", "/", "home.game.carnage"),
        ("new-game", "/new/captain-flip", "new.start"),
        ("sheet", f"/play/{draft}", "piraten.record"),
        ("guide", f"/play/{draft}/guide", "guide.steps"),
        ("share", f"/play/{draft}/share", "live.share.code"),
        ("result", f"/result/{ids['trails-of-tucana']}", "result.winner"),
        ("history", "/history", f"history.play.{kahuna}"),
        ("play-detail", f"/history/{kahuna}", "result.chart"),
        ("edit-play", f"/history/{ids['captain-flip']}/edit", "sheet.finish"),
        ("stats", "/stats", "stats.wins_chart"),
        ("player-stats", f"/stats/player/{quote(player, safe='')}", "stats.line.kahuna"),
        ("game-stats", "/stats/game/captain-flip", "stats.game_facts"),
        ("players", "/players", "players.row.0"),
        ("settings", "/settings", "data.prepare.backup"),
        ("join", "/join", "live.code"),
    ]


BROWSER_LOCALES = {"en": "en-US", "ko": "ko-KR", "de": "de-DE", "fr": "fr-FR", "es": "es-ES", "ja": "ja-JP"}


@pytest.mark.parametrize(("locale", "prefix"), [(BROWSER_LOCALES[lang], lang) for lang in LANGUAGES])
def test_every_screen_at_phone_size(browser: Browser, seeded: tuple[Server, dict[str, str]], locale: str,
                                    prefix: str) -> None:
    server, ids = seeded
    for name, address, marker in tour(ids):
        phone = Phone(browser, server.url + address, locale)
        try:
            phone.wait(marker)
            phone.shot(f"{prefix}-tour-{name}")
        finally:
            phone.close()
