"""Which screens a route shows (the stack, so that the back arrow goes to the parent screen)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from scoring import SheetError, get_spec

from .base import Screen
from .guide import GuideScreen
from .home import HomeScreen
from .new_game import NewGameScreen
from .result import ResultScreen
from .settings import SettingsScreen
from .sheet import SheetScreen

if TYPE_CHECKING:
    from ..app import App


def screens_for(app: App, route: str) -> list[Screen]:
    path = route.split("?", 1)[0].rstrip("/") or "/"
    home = HomeScreen(app, "/")
    if path == "/":
        return [home]
    if path == "/settings":
        return [SettingsScreen(app, path)]
    if match := re.fullmatch(r"/new/([a-z-]+)(?:/again/(\w+))?", path):
        return _new_game(app, home, path, match.group(1), match.group(2))
    if match := re.fullmatch(r"/play/(\w+)(/guide)?", path):
        draft = app.repo.draft(match.group(1))
        if draft is not None:
            sheet = SheetScreen(app, f"/play/{draft['id']}", draft)
            return [home, sheet, GuideScreen(app, path, draft)] if match.group(2) else [home, sheet]
    if match := re.fullmatch(r"/result/(\w+)", path):
        play = app.repo.play(match.group(1))
        if play is not None:
            return [home, ResultScreen(app, path, play)]
    app.snack(app.t("nav.not_found"))
    return [home]


def _new_game(app: App, home: Screen, path: str, game: str, again: str | None) -> list[Screen]:
    try:
        spec = get_spec(game)
    except SheetError:
        app.snack(app.t("nav.not_found"))
        return [home]
    previous = app.repo.play(again) if again else None
    if previous is not None and previous["game"] == game:
        sheet = previous["sheet"]
        return [home, NewGameScreen(app, path, spec, [p["name"] for p in sheet["players"]], sheet.get("options"))]
    return [home, NewGameScreen(app, path, spec)]
