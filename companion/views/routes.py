"""Which screens a route shows (the stack, so that the back arrow goes to the parent screen).

Every screen but home is imported when a route first shows it: the app starts on the home screen, and in
the phone build each module imported at start delays it (the charts package alone by a second or more).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from scoring import SheetError
from scoring.custom import is_custom

from ..store.definitions import DefinitionStore
from .base import Screen
from .home import HomeScreen

if TYPE_CHECKING:
    from ..app import App


def screens_for(app: App, route: str) -> list[Screen]:
    path = route.split("?", 1)[0].rstrip("/") or "/"
    if app.role == "viewer":
        return _viewer_screens(app, path)
    home = HomeScreen(app, "/")
    if path == "/":
        return [home]
    if path == "/quick":
        from .quick_game import QuickGameScreen

        return [home, QuickGameScreen(app, path)]
    if path == "/games":
        from .games import GamesScreen

        return [home, GamesScreen(app, path)]
    if path == "/settings":
        from .settings import SettingsScreen

        return [SettingsScreen(app, path)]
    if path.startswith("/history"):
        from .history import EditPlayScreen, HistoryScreen, PlayDetailScreen
    if path == "/history":
        return [HistoryScreen(app, path)]
    if match := re.fullmatch(r"/history/(\w+)(/edit)?", path):
        play = app.repo.play(match.group(1))
        if play is not None:
            history = HistoryScreen(app, "/history")
            detail = PlayDetailScreen(app, f"/history/{play['id']}", play)
            return [history, detail, EditPlayScreen(app, path, play)] if match.group(2) else [history, detail]
    if path.startswith(("/stats", "/players")):
        from .stats import PlayersScreen, StatsScreen, stats_screens
    if path == "/players":
        return [StatsScreen(app, "/stats"), PlayersScreen(app, path)]
    if re.fullmatch(r"/stats(/[^/]+)*", path) and (stack := stats_screens(app, path)) is not None:
        return stack
    if match := re.fullmatch(r"/custom/new|/custom/(custom-[a-z0-9-]+)/edit", path):
        from .custom_game import editor_for

        editor = editor_for(app, path, match.group(1))
        if editor is not None:
            return [home, editor]
    if match := re.fullmatch(r"/new/([a-z0-9-]+)(?:/again/(\w+))?", path):
        return _new_game(app, home, path, match.group(1), match.group(2))
    if match := re.fullmatch(r"/play/(\w+)(/guide|/share)?", path):
        draft = app.repo.draft(match.group(1))
        if draft is not None:
            from .guide import GuideScreen
            from .live import ShareScreen
            from .sheet import SheetScreen

            sheet = SheetScreen(app, f"/play/{draft['id']}", draft)
            extra = {"/guide": GuideScreen, "/share": ShareScreen}.get(match.group(2) or "")
            return [home, sheet, extra(app, path, draft)] if extra else [home, sheet]
    if path in ("/scan", "/receive"):  # /receive?code=...: a link's share, in the phone build
        from .share import ReceiveScreen, ScanScreen

        return [home, (ScanScreen if path == "/scan" else ReceiveScreen)(app, path)]
    if match := re.fullmatch(r"/result/(\w+)", path):
        play = app.repo.play(match.group(1))
        if play is not None:
            from .result import ResultScreen

            return [home, ResultScreen(app, path, play)]
    app.snack(app.t("nav.not_found"))
    return [home]


def _viewer_screens(app: App, path: str) -> list[Screen]:
    """A phone that joined the table sees the join screen and the game it joined, nothing else."""
    from .live import JoinScreen, LiveScreen, open_game

    match = re.fullmatch(r"/live/([A-Z0-9]{1,16})", path)
    if match:  # a code in the address counts against the phone's guesses like one typed into the form
        joined = open_game(app, match.group(1))
        if joined.draft_id is not None:
            return [LiveScreen(app, path, match.group(1), joined.draft_id)]
        return [JoinScreen(app, "/", joined)]
    return [JoinScreen(app, "/")]


def _new_game(app: App, home: Screen, path: str, game: str, again: str | None) -> list[Screen]:
    try:
        spec = DefinitionStore(app.repo).spec(game)
    except SheetError:
        app.snack(app.t("nav.not_found"))
        return [home]
    from .custom_game import CustomNewGameScreen
    from .new_game import NewGameScreen

    screen = CustomNewGameScreen if is_custom(game) else NewGameScreen
    previous = app.repo.play(again) if again else None
    if previous is not None and previous["game"] == game:
        sheet = previous["sheet"]
        return [home, screen(app, path, spec, [p["name"] for p in sheet["players"]], sheet.get("options"))]
    return [home, screen(app, path, spec)]
