"""Messages at the bottom of the screen (snack bars): for the screen they are shown on, never over its buttons,
and gone when their time is up."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from companion import app as app_module
from companion.app import Services
from companion.views.base import BOTTOM_BAR_HEIGHT

from .harness import Harness


def game_in_progress(open_app: Callable[..., Harness]) -> str:
    """Start a game of Kahuna on a screen of its own; its id."""
    ui = open_app("/new/kahuna")
    ui.type("new.player.0", "Ana")
    ui.type("new.player.1", "Ben")
    ui.click("new.start")
    return ui.view.route.rsplit("/", 1)[1]


def messages(ui: Harness) -> list[ft.SnackBar]:
    """The messages still on the screen (the harness reports closed ones as dismissed)."""
    return [d for d in ui.page._dialogs.controls if isinstance(d, ft.SnackBar)]


def test_a_discarded_games_undo_goes_when_the_screen_changes(open_app: Callable[..., Harness],
                                                             services: Services) -> None:
    """Issue 26: the Undo stayed over the next screen's Start game, and the tap brought the discarded game back
    (and the names just typed were gone)."""
    draft = game_in_progress(open_app)
    ui = open_app("/")
    ui.click(f"home.discard.{draft}")
    [undo] = messages(ui)
    assert undo.persist is False  # the browser keeps a message with an action for good unless told otherwise
    ui.click("home.game.kahuna")
    assert messages(ui) == []
    ui.type("new.player.0", "Mina")
    ui.fire(undo.action, "click")  # a tap the browser sent before the message went
    assert services.repo.draft(draft) is None
    assert ui.view.route == "/new/kahuna" and ui.control("new.player.0").value == "Mina"
    ui.type("new.player.1", "Joon")
    ui.click("new.start")
    assert [d["sheet"]["players"][0]["name"] for d in services.repo.drafts()] == ["Mina"]


def test_a_message_floats_above_the_screens_bottom_bar(open_app: Callable[..., Harness]) -> None:
    ui = open_app("/new/for-sale")
    ui.type("new.player.0", "Mina")
    ui.click("new.random_first")
    [message] = messages(ui)
    assert message.behavior == ft.SnackBarBehavior.FLOATING and message.margin.bottom > BOTTOM_BAR_HEIGHT
    assert message.persist is False


def test_a_message_said_before_a_screen_change_is_shown_on_the_next_screen(
        open_app: Callable[..., Harness]) -> None:
    ui = open_app("/history/nothing-here")  # not found: said while the route's screens are worked out
    assert ui.view.route == "/" and ui.snacks() == ["That page does not exist any more."]


def test_a_message_is_taken_away_when_its_time_is_up(open_app: Callable[..., Harness], services: Services,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Even where the browser keeps it (a message with an action, for a screen reader)."""
    monkeypatch.setattr(app_module, "UNDO_S", 0)
    monkeypatch.setattr(app_module, "MESSAGE_GRACE_S", 0.0)
    draft = game_in_progress(open_app)
    ui = open_app("/")
    ui.click(f"home.discard.{draft}")
    ui.eventually(lambda: messages(ui) == [])


def test_the_message_does_not_follow_to_settings_and_stay_in_english(open_app: Callable[..., Harness],
                                                                      services: Services) -> None:
    draft = game_in_progress(open_app)
    ui = open_app("/")
    ui.click(f"home.discard.{draft}")
    navigation = ui.view.navigation_bar
    ui.patch(navigation, {"selected_index": 3})
    ui.fire(navigation, "change", 3)
    assert ui.view.route == "/settings" and messages(ui) == []
    ui.choose("settings.language", "ko")
    assert messages(ui) == []
