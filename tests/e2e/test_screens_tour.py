"""Every screen, opened by its address in headless Chromium at phone size, in every language the app speaks (the
browser set to it chooses it), at the phone's own text size and at the largest the app offers (Settings, x1.6).

Each visit waits for the control that makes the screen what it is, takes a screenshot at each size (look at them:
$TC_SCREENSHOTS, default /tmp/table-companion-screenshots) and checks that no control lies past the screen's edges
and no text is squeezed narrower than a word of it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser

from companion.i18n import LANGUAGES
from companion.platform import TEXT_SIZES
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
        ("quick", "/quick", "quick.name"),
        ("games", "/games", "games.hidden"),
        ("custom-game", "/custom/new", "custom.add_category"),
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
SMALLEST_TEXT = 10  # px: the app's smallest text (widgets name 10 to 22; Material's own styles 11 and up)
# Flutter puts each control's semantics node where the control is drawn, clipped to what shows; controls in a
# row that scrolls sideways are partly out of sight on purpose (Home's games played lately).
SIDEWAYS = """node => {
    for (let up = node.parentElement?.closest("flt-semantics"); up; up = up.parentElement?.closest("flt-semantics")) {
        if (getComputedStyle(up).overflowX === "scroll") return true;
    }
    return false;
}"""
# Controls past the screen's left or right edge: the player can neither see nor reach them.
OFF_SCREEN = f"""() => [...document.querySelectorAll("flt-semantics")].filter(node => {{
    const box = node.getBoundingClientRect();
    return box.width > 0 && (box.left < -0.5 || box.right > innerWidth + 0.5) && !({SIDEWAYS})(node);
}}).map(node => "off the screen: " + (node.getAttribute("flt-semantics-identifier")
                                    || node.getAttribute("aria-label") || node.textContent).slice(0, 60))"""
# Text squeezed narrower than one of its words at the app's smallest size: a word broken letter by letter or cut
# (French 'En tête : Joon' beside a wide button, one letter a line). Measured in the app's font; buttons and tabs
# are left out (an icon button's label is its tooltip), and so is Flutter's own count under a field with a limit.
SQUEEZED = rf"""async ([scale, smallest]) => {{
    const face = new FontFace("tour-measure", "url(/fonts/TableGothic-Regular.ttf)");
    document.fonts.add(await face.load());
    const pen = document.createElement("canvas").getContext("2d");
    pen.font = `${{smallest * scale}}px tour-measure`;
    return [...document.querySelectorAll("flt-semantics")].flatMap(node => {{
        const role = node.getAttribute("role");
        const text = (node.getAttribute("aria-label") || node.textContent || "").trim();
        const box = node.getBoundingClientRect();
        if (role === "button" || role === "tab" || node.querySelector("flt-semantics") || !text || box.width === 0
            || / characters? remaining$/.test(text) || ({SIDEWAYS})(node)) return [];
        const words = text.split(/\s+/).flatMap(w => /[\u3000-\u9fff\uac00-\ud7af]/.test(w) ? [...w] : [w]);
        const widest = Math.max(...words.map(w => pen.measureText(w).width));
        return widest > box.width + 1 ? [`squeezed: ${{text.slice(0, 40)}} (${{Math.round(box.width)}} px)`] : [];
    }});
}}"""


@pytest.mark.parametrize(("locale", "prefix"), [(BROWSER_LOCALES[lang], lang) for lang in LANGUAGES])
def test_every_screen_at_phone_size(browser: Browser, seeded: tuple[Server, dict[str, str]], locale: str,
                                    prefix: str) -> None:
    """Each screen at the phone's own text size, then on the same page at the largest (as Settings switches it:
    a second page load would double the tour's time)."""
    server, ids = seeded
    faults: dict[str, list[str]] = {}
    for name, address, marker in tour(ids):
        phone = Phone(browser, server.url + address, locale)
        try:
            phone.wait(marker)
            for size in ("phone", "largest"):
                phone.text_size(TEXT_SIZES[size])
                shot = phone.shot(f"{prefix}-tour-{name}" if size == "phone" else f"{prefix}-{size}-tour-{name}")
                found = phone.page.evaluate(OFF_SCREEN) + phone.page.evaluate(SQUEEZED, [TEXT_SIZES[size],
                                                                                         SMALLEST_TEXT])
                if found:
                    faults[shot.name] = found
        finally:
            phone.close()
    assert faults == {}
