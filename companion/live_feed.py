"""One session's part in the live table: it tells the other sessions when it changed a game, and redraws its
screen when they did (App.publish and App.watch).

Messages go through Flet's pubsub hub, one topic per game. A burst of changes is drawn once, a moment after the
last one. A session whose phone has gone away is not drawn: nothing would reach the phone, and a screen that
starts a task when it is shown (a sheet's clock) cannot start one in a session without a connection; every
change of the game raised a traceback there. It is drawn when its phone comes back to the session, and never
once the session has ended.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from .live import live_topic

WATCH_DELAY = 0.05  # seconds: a burst of changes on other phones redraws this one once
Handler = Callable[[dict[str, Any]], None]


class LiveFeed:
    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._missed: dict[str, Callable[[], None]] = {}  # topic -> its redraw, held while the phone is away
        self._ended = False

    def publish(self, draft_id: str, message: dict[str, Any]) -> None:
        self.page.pubsub.send_others_on_topic(live_topic(draft_id), message)

    def watch(self, draft_id: str, handler: Handler) -> None:
        """Call `handler(message)` on this session's loop after another session changed the game (one handler
        per game: the screen shown last)."""
        topic = live_topic(draft_id)
        self.page.pubsub.unsubscribe_topic(topic)
        self._missed.pop(topic, None)
        pending: dict[str, Any] = {}

        def flush() -> None:
            pending.pop("timer", None)
            if self._ended:
                return
            if self.page.session.connection is None:  # the phone went away: drawn when it is back
                self._missed[topic] = flush
                return
            handler(pending.pop("message", {}))

        async def deliver(topic: str, message: dict[str, Any]) -> None:
            if "timer" in pending:
                pending["timer"].cancel()
            pending["message"] = {**pending.get("message", {}), **message}
            pending["timer"] = asyncio.get_running_loop().call_later(WATCH_DELAY, flush)

        self.page.pubsub.subscribe_topic(topic, deliver)

    def back(self) -> None:
        """The phone reconnected to its session: what changed meanwhile is drawn now."""
        missed, self._missed = self._missed, {}
        for flush in missed.values():
            flush()

    def end(self) -> None:
        """The session expired: nothing is drawn any more."""
        self._ended = True
        self._missed.clear()
