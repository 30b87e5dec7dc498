"""Which screens a route shows (the stack, so that the back arrow goes to the parent screen): one table of
routes for the scorekeeper and one for a phone that joined, each a pattern and the screens it makes.

Every screen but home is imported when a route first shows it: the app starts on the home screen, and in
the phone build each module imported at start delays it (the charts package alone by a second or more).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from scoring import SheetError
from scoring.custom import is_custom

from .base import Screen
from .home import HomeScreen

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

# The screens of a route's match; None: nothing there (an unknown play, game or player), the next row is tried.
Screens = Callable[["ScreenApp", re.Match[str]], "list[Screen] | None"]


def _home(app: ScreenApp) -> Screen:
    return HomeScreen(app, "/")


def _quick(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    from .quick_game import QuickGameScreen

    return [_home(app), QuickGameScreen(app, match.string)]


def _games(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    from .games import GamesScreen

    return [_home(app), GamesScreen(app, match.string)]


def _settings(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    from .settings import SettingsScreen

    return [SettingsScreen(app, match.string)]


def _history(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    from .history import HistoryScreen

    return [HistoryScreen(app, match.string)]


def _play_of_history(app: ScreenApp, match: re.Match[str]) -> list[Screen] | None:
    from .history import EditPlayScreen, HistoryScreen, PlayDetailScreen

    play = app.repo.play(match.group(1))
    if play is None:
        return None
    stack = [HistoryScreen(app, "/history"), PlayDetailScreen(app, f"/history/{play['id']}", play)]
    return [*stack, EditPlayScreen(app, match.string, play)] if match.group(2) else stack


def _players(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    from .stats import PlayersScreen, StatsScreen

    return [StatsScreen(app, "/stats"), PlayersScreen(app, match.string)]


def _stats(app: ScreenApp, match: re.Match[str]) -> list[Screen] | None:
    from .stats import stats_screens

    return stats_screens(app, match.string)


def _custom_game(app: ScreenApp, match: re.Match[str]) -> list[Screen] | None:
    from .custom_game import editor_for

    editor = editor_for(app, match.string, match.group(1))
    return [_home(app), editor] if editor is not None else None


def _new_game(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    game, again = match.group(1), match.group(2)
    try:
        spec = app.games.spec(game)
    except SheetError:
        return _not_found(app, match)
    from .custom_game import CustomNewGameScreen
    from .new_game import NewGameScreen

    screen = CustomNewGameScreen if is_custom(game) else NewGameScreen
    previous = app.repo.play(again) if again else None
    if previous is not None and previous["game"] == game:
        return [_home(app), screen(app, match.string, spec, again=previous["sheet"])]
    return [_home(app), screen(app, match.string, spec)]


def _play(app: ScreenApp, match: re.Match[str]) -> list[Screen] | None:
    draft = app.repo.draft(match.group(1))
    if draft is None:
        return None
    from .guide import GuideScreen
    from .live import ShareScreen
    from .sheet import SheetScreen

    sheet = SheetScreen(app, f"/play/{draft['id']}", draft)
    extra = {"/guide": GuideScreen, "/share": ShareScreen}.get(match.group(2) or "")
    return [_home(app), sheet, extra(app, match.string, draft)] if extra else [_home(app), sheet]


def _scan(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    from .share import ScanScreen

    return [_home(app), ScanScreen(app, match.string)]


def _receive(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    """/receive?code=...: a link's share, in the phone build."""
    from .share import ReceiveScreen

    return [_home(app), ReceiveScreen(app, match.string)]


def _result(app: ScreenApp, match: re.Match[str]) -> list[Screen] | None:
    play = app.repo.play(match.group(1))
    if play is None:
        return None
    from .result import ResultScreen

    return [_home(app), ResultScreen(app, match.string, play)]


def _not_found(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    app.snack(app.t("nav.not_found"))
    return [_home(app)]


def _live(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    """A code in the address counts against the phone's guesses like one typed into the form."""
    from .live import JoinScreen, LiveScreen, open_game

    code = match.group(1)
    joined = open_game(app, code)
    if joined.draft_id is not None:
        return [LiveScreen(app, match.string, code, joined.draft_id)]
    return [JoinScreen(app, "/", joined)]


def _join(app: ScreenApp, match: re.Match[str]) -> list[Screen]:
    from .live import JoinScreen

    return [JoinScreen(app, "/")]


def _table(*rows: tuple[str, Screens]) -> list[tuple[re.Pattern[str], Screens]]:
    return [(re.compile(pattern), screens) for pattern, screens in rows]


ROUTES = _table(
    (r"/", lambda app, match: [_home(app)]),
    (r"/quick", _quick),
    (r"/games", _games),
    (r"/settings", _settings),
    (r"/history", _history),
    (r"/history/(\w+)(/edit)?", _play_of_history),
    (r"/players", _players),
    (r"/stats(/[^/]+)*", _stats),
    (r"/custom/new|/custom/(custom-[a-z0-9-]+)/edit", _custom_game),
    (r"/new/([a-z0-9-]+)(?:/again/(\w+))?", _new_game),
    (r"/play/(\w+)(/guide|/share)?", _play),
    (r"/scan", _scan),
    (r"/receive", _receive),
    (r"/result/(\w+)", _result),
    (r".*", _not_found),
)
# A phone that joined the table sees the join screen and the game it joined, nothing else.
VIEWER_ROUTES = _table(
    (r"/live/([A-Z0-9]{1,16})", _live),
    (r".*", _join),
)


def screens_for(app: ScreenApp, route: str) -> list[Screen]:
    """The first row of the session's table whose pattern takes the path and finds its screens (each table
    ends with a row that takes every path)."""
    path = route.split("?", 1)[0].rstrip("/") or "/"
    table = VIEWER_ROUTES if app.role == "viewer" else ROUTES
    return next(stack for pattern, screens in table
                if (match := pattern.fullmatch(path)) and (stack := screens(app, match)) is not None)
