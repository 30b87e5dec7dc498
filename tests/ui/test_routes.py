"""Routes as a table (views.routes) and the app every screen is given (views.app_protocol.ScreenApp)."""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable

import pytest

from companion.app import App, Services
from companion.i18n import Translator
from companion.views.app_protocol import ScreenApp
from companion.views.routes import ROUTES, VIEWER_ROUTES

from .harness import Harness


def protocol_members() -> dict[str, object]:
    declared = dict.fromkeys(ScreenApp.__annotations__)
    declared |= {name: member for name, member in vars(ScreenApp).items()
                 if callable(member) and not name.startswith("_")}
    return declared


def test_the_app_has_everything_a_screen_may_use_as_the_protocol_says(services: Services) -> None:
    app = App(types.SimpleNamespace(), services)  # type: ignore[arg-type]
    members = protocol_members()
    assert {"go", "repo", "t", "game_unit", "history_filter"} <= set(members)
    for name, member in members.items():
        assert hasattr(app, name), name
        if member is not None:
            assert list(inspect.signature(getattr(app, name)).parameters) == \
                list(inspect.signature(member).parameters)[1:], name


@pytest.mark.parametrize("path", ["/quick", "/games", "/settings", "/history", "/players", "/stats", "/custom/new",
                                  "/new/kahuna", "/receive"])
def test_every_route_of_the_table_opens_its_screen(open_app: Callable[..., Harness], path: str) -> None:
    ui = open_app(path)
    assert ui.view.route == path
    assert ui.snacks() == []


@pytest.mark.parametrize("path", ["/nowhere", "/history/nope", "/new/no-such-game", "/stats/game/nope",
                                  "/play/nope", "/result/nope", "/custom/custom-nope/edit"])
def test_an_address_that_leads_nowhere_shows_home_and_says_so(open_app: Callable[..., Harness], path: str) -> None:
    ui = open_app(path)
    assert ui.view.route == "/"
    assert ui.snacks() == [Translator("en")("nav.not_found")]


def test_each_table_ends_with_a_row_that_takes_every_path() -> None:
    for table in (ROUTES, VIEWER_ROUTES):
        assert table[-1][0].fullmatch("/any/path/at/all")
        assert all(not pattern.fullmatch("/any/path/at/all") for pattern, _ in table[:-1])
