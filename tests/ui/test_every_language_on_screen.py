"""Every screen in every language the app speaks, opened as a phone set to that language opens it: no message id
shown raw, and no English navigation (issue 25). The words themselves are checked per language by the catalog tests;
this checks the screens ask for them."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.app import Services
from companion.i18n import LANGUAGES, catalog
from scoring import score_sheet
from scoring.messages import ENGINE

from .harness import Harness

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
ID_SHAPE = re.compile(r"[a-z][a-z0-9_-]*(\.[a-z0-9_#-]+)+")  # how message ids look: 'nav.play', 'patchwork.field.x'
NAVIGATION = ("nav.play", "nav.history", "nav.stats", "nav.settings")


def seeded(services: Services) -> dict[str, str]:
    ids = {}
    for day, path in enumerate(sorted(EXAMPLES.glob("*.json")), start=1):
        sheet = json.loads(path.read_text(encoding="utf-8"))
        play = services.repo.add_play({"game": sheet["game"], "sheet": sheet, "rules_version": 1,
                                       "finished_at": f"2026-11-{day:02d}T19:30:00+00:00",
                                       "result": score_sheet(sheet).to_json()})
        services.repo.remember_players([p["name"] for p in sheet["players"]])
        ids[sheet["game"]] = play["id"]
    ids["draft"] = services.repo.new_draft({"game": "kahuna", "sheet": json.loads(
        (EXAMPLES / "kahuna.json").read_text(encoding="utf-8"))})["id"]
    return ids


def screens(ids: dict[str, str]) -> list[str]:
    return ["/", "/new/for-sale", f"/play/{ids['draft']}", f"/play/{ids['draft']}/guide", f"/result/{ids['patchwork']}",
            "/history", f"/history/{ids['captain-flip']}", "/stats", "/stats/game/kahuna", "/players", "/settings",
            "/games", "/quick", "/custom/new", "/join"]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_screen_shows_a_message_id_or_english_navigation(open_app: Callable[..., Harness], services: Services,
                                                            lang: str) -> None:
    ids = seeded(services)
    message_ids = {key.split("#")[0] for key in (*catalog("en"), *ENGINE.entries("en"))}
    # the English words the language words otherwise ('Stats' is French too)
    english_only = {catalog("en")[key] for key in NAVIGATION if catalog("en")[key] != catalog(lang)[key]}
    for route in screens(ids):
        ui = open_app(route, lang=lang)
        texts = ui.texts()
        raw = [text for text in texts if ID_SHAPE.fullmatch(text) and text in message_ids]
        assert raw == [], f"{route} in {lang} shows message ids: {raw}"
        assert not english_only & set(texts), f"{route} in {lang} shows English words of the navigation"
        if ui.view.navigation_bar is not None:
            assert [d.label for d in ui.view.navigation_bar.destinations] == [catalog(lang)[k] for k in NAVIGATION]
