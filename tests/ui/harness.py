"""In-process UI harness: a real Flet Session over a fake connection, no browser.

This is the only module that knows Flet internals (Session, Connection, the wire protocol). Every message
the app sends is msgpack-encoded as the real transport does, so an unserialisable control fails here too.
Client method calls are answered the way a browser would: `push_route` fires `route_change`; preferences
return what the test put in `prefs`; anything else returns nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

_encode = configure_encode_object_for_msgpack(BaseControl)
# Routes of screens that send only what an event changed (elsewhere Flet diffs the page after every event;
# a diff of a chart re-sends its bars' tooltips each time, so "nothing left unsent" cannot be checked there)
SENDS_ONLY_CHANGES = "/play/"


class FakeConnection(Connection):
    def __init__(self, loop: asyncio.AbstractEventLoop, executor: ThreadPoolExecutor, hub: PubSubHub,
                 prefs: dict[str, Any]) -> None:
        super().__init__()
        self.loop = loop
        self.executor = executor
        self.pubsubhub = hub
        self.prefs = prefs
        self.session: Session | None = None
        self.sent: list[Message] = []
        self.calls: list[tuple[str, Any]] = []

    def send_message(self, message: Message) -> None:
        msgpack.packb([message.action, message.body], default=_encode)
        self.sent.append(message)
        if message.action == MessageAction.INVOKE_METHOD:
            self.loop.call_soon(self._answer, message.body)

    def _answer(self, body: Any) -> None:
        assert self.session is not None
        self.calls.append((body.name, body.args))
        result: Any = None
        if body.name == "get":
            result = self.prefs.get((body.args or {}).get("key"))
        elif body.name == "set":
            self.prefs[body.args["key"]] = body.args.get("value")
            result = True
        self.session.handle_invoke_method_results(body.control_id, body.call_id, result, None)
        if body.name == "push_route":
            page = self.session.page
            page.route = body.args["route"]
            self.loop.create_task(self.session.dispatch_event(page._i, "route_change", {"route": page.route}))


class Harness:
    """Drive one session: start it, find controls by semantics identifier, fire their events.

    The session lives on its own event loop in its own thread (as on the server), so the tests work
    whatever else holds the main thread's loop (Playwright's sync API does).
    """

    def __init__(self, main: Callable[[ft.Page], Awaitable[None]], route: str = "/",
                 prefs: dict[str, Any] | None = None, hub: PubSubHub | None = None,
                 loop: asyncio.AbstractEventLoop | None = None, client_ip: str | None = None,
                 web: bool = False) -> None:
        """`loop` and `hub`: pass the ones of another harness to put both sessions on one server; `web`: the
        page is in a browser (as the client reports it)."""
        self.owns_loop = loop is None
        self.loop = loop or asyncio.new_event_loop()
        if self.owns_loop:
            threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.executor = ThreadPoolExecutor(max_workers=2)
        self.conn = FakeConnection(self.loop, self.executor, hub or PubSubHub(loop=self.loop,
                                                                              executor=self.executor),
                                   dict(prefs or {}))
        self.session = Session(self.conn)
        self.conn.session = self.session
        self.page.route = route
        self.page.client_ip = client_ip
        self.page.web = web
        self.conn.page_url = "http://127.0.0.1:8550"
        msgpack.packb(self.session.get_page_patch(), default=_encode)
        self.run(self._with_page(main(self.page)))

    @property
    def page(self) -> ft.Page:
        return self.session.page

    async def _with_page(self, awaitable: Awaitable[Any]) -> Any:
        _context_page.set(self.page)  # as the server does before main() and every event
        return await awaitable

    def run(self, awaitable: Awaitable[Any]) -> Any:
        result = asyncio.run_coroutine_threadsafe(self._with_page(awaitable), self.loop).result(timeout=30)
        self.settle()
        self.check_semantics()
        return result

    def check_semantics(self) -> None:
        """The web client refuses a Semantics whose content is hidden (it shows a red error box instead)."""
        if not self.page.views:
            return
        hidden = [c.identifier for c in self.walk() if isinstance(c, ft.Semantics)
                  and (c.content is None or c.content.visible is False)]
        assert hidden == [], f"Semantics with hidden content: {hidden}"

    def settle(self, rounds: int = 20) -> None:
        """Let scheduled callbacks, route changes and updates run; report closed dialogs as dismissed."""
        for _ in range(rounds):
            asyncio.run_coroutine_threadsafe(asyncio.sleep(0.001), self.loop).result(timeout=30)
            for dialog in [d for d in self.page._dialogs.controls if d.open is False]:
                asyncio.run_coroutine_threadsafe(self._with_page(
                    self.session.dispatch_event(dialog._i, "dismiss", None)), self.loop).result(timeout=30)

    def eventually(self, check: Callable[[], bool], timeout: float = 3.0) -> None:
        """Let the loop run until `check()` holds (e.g. another session's change has arrived)."""
        deadline = time.monotonic() + timeout
        while not check():
            assert time.monotonic() < deadline, "the expected change never arrived"
            self.settle(5)

    @property
    def hub(self) -> PubSubHub:
        return self.conn.pubsubhub

    def close(self) -> None:
        """End the session as Flet does when its time to reconnect runs out (the app takes its screens down,
        so a sheet's clock stops), then the loop."""

        async def expire() -> None:
            self.session.close()

        asyncio.run_coroutine_threadsafe(expire(), self.loop).result(timeout=30)
        self.settle()
        self.executor.shutdown(wait=False)
        if self.owns_loop:
            self.loop.call_soon_threadsafe(self.loop.stop)

    # ---- finding controls ------------------------------------------------------------------------

    @property
    def view(self) -> ft.View:
        return self.page.views[-1]

    def walk(self, root: Any = None) -> Iterator[BaseControl]:
        stack = [root if root is not None else self.view]
        seen: set[int] = set()
        while stack:
            control = stack.pop()
            if id(control) in seen:
                continue
            seen.add(id(control))
            yield control
            for f in dataclasses.fields(control):
                if f.name.startswith("_") or f.name == "parent":
                    continue
                value = getattr(control, f.name, None)
                children = value if isinstance(value, list) else [value]
                stack.extend(c for c in reversed(children) if isinstance(c, BaseControl))

    def find_all(self, prefix: str) -> list[str]:
        return [c.identifier for c in self.walk() if isinstance(c, ft.Semantics)
                and (c.identifier or "").startswith(prefix)]

    def tagged(self, identifier: str) -> ft.Semantics:
        for control in self.walk():
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return control
        dialog = self.dialog()
        if dialog is not None:
            for control in self.walk(dialog):
                if isinstance(control, ft.Semantics) and control.identifier == identifier:
                    return control
        raise LookupError(f"no control tagged {identifier!r}; tagged here: {self.find_all('')}")

    def control(self, identifier: str) -> Any:
        return self.tagged(identifier).content

    def exists(self, identifier: str) -> bool:
        try:
            self.tagged(identifier)
        except LookupError:
            return False
        return True

    def texts(self) -> list[str]:
        roots: list[Any] = [self.view]
        if self.dialog() is not None:
            roots.append(self.dialog())
        out = []
        for root in roots:
            for control in self.walk(root):
                if isinstance(control, ft.Text) and control.value and control.visible is not False:
                    out.append(str(control.value))
        return out

    def dialog(self) -> Any:
        """The dialog on top (a message at the bottom, shown after it, is no dialog to look in)."""
        dialogs = [d for d in self.page._dialogs.controls
                   if getattr(d, "open", False) and not isinstance(d, ft.SnackBar)]
        return dialogs[-1] if dialogs else None

    def snacks(self) -> list[str]:
        return [d.content.value for d in self.page._dialogs.controls if isinstance(d, ft.SnackBar)]

    # ---- firing events -------------------------------------------------------------------------

    def fire(self, control: BaseControl, event: str, data: Any = None) -> None:
        """Dispatch an event as the browser does. On a score sheet, which sends only what an entry changed,
        nothing that the event changed may be left unsent."""
        self.run(self.session.dispatch_event(control._i, event, data))
        if (self.page.route or "").startswith(SENDS_ONLY_CHANGES):
            left = self.unsent()
            assert left == [], f"changed by {event} on {control} but not sent to the browser: {str(left)[:1500]}"

    def click_quickly(self, identifier: str, times: int) -> None:
        """Taps that arrive one after the other before the app has answered the first (each event is a task)."""
        control = next(c for c in self.walk(self.control(identifier)) if getattr(c, "on_click", None))

        async def taps() -> None:
            await asyncio.gather(*(self.session.dispatch_event(control._i, "click", None) for _ in range(times)))

        self.run(taps())

    def unsent(self) -> list[Any]:
        """What a diff of the whole page would still send: a screen that sends only what changed (instead of
        letting Flet diff the page after the event) must not leave anything out."""
        before = len(self.conn.sent)

        async def diff() -> None:
            self.page.update()

        asyncio.run_coroutine_threadsafe(self._with_page(diff()), self.loop).result(timeout=30)
        return [m.body.patch for m in self.conn.sent[before:]
                if m.action == MessageAction.PATCH_CONTROL and m.body.id == self.page._i]

    def service_event(self, service: BaseControl, event: str, data: Any) -> None:
        """An event from a page service (file picker, ...): services are not looked up like controls."""
        self.run(service._trigger_event(event, data))

    def patch(self, control: BaseControl, values: dict[str, Any]) -> None:
        """What the client sends before an event: the control's new property values."""

        async def apply() -> None:
            self.session.apply_patch(control._i, values)

        self.run(apply())

    def click(self, identifier: str) -> None:
        """Click the tagged control, or the first clickable control inside it (as a tap there would)."""
        control = next((c for c in self.walk(self.control(identifier)) if getattr(c, "on_click", None)), None)
        assert control is not None, f"nothing clickable in {identifier}"
        assert not getattr(control, "disabled", False), f"{identifier} is disabled"
        self.fire(control, "click")

    def type(self, identifier: str, text: str) -> None:
        control = self.control(identifier)
        self.patch(control, {"value": text})
        self.fire(control, "change", text)

    def submit(self, identifier: str) -> None:
        self.fire(self.control(identifier), "submit")

    def toggle(self, identifier: str, value: bool) -> None:
        control = self.control(identifier)
        self.patch(control, {"value": value})
        self.fire(control, "change", value)

    def choose(self, identifier: str, value: str) -> None:
        control = self.control(identifier)
        if isinstance(control, ft.SegmentedButton):
            self.patch(control, {"selected": [value]})
            self.fire(control, "change", [value])
        else:
            self.patch(control, {"value": value})
            self.fire(control, "select", value)

    def select_chip(self, identifier: str) -> None:
        control = self.control(identifier)
        self.patch(control, {"selected": not control.selected})
        self.fire(control, "select", not control.selected)

    def crashes(self) -> list[str]:
        return [str(m.body) for m in self.sent_of(MessageAction.SESSION_CRASHED)]

    def sent_of(self, action: MessageAction) -> list[Message]:
        return [m for m in self.conn.sent if m.action == action]


def send_file(ui: Harness, services: Any, picker: ft.FilePicker, payload: bytes, name: str = "backup.json") -> None:
    """What the browser does with a picked file: tells its size, PUTs it to the upload URL, reports progress."""
    ui.service_event(picker, "result", {"files": [{"id": 1, "name": name, "size": len(payload)}]})
    url = next(args["files"][0].upload_url for call, args in reversed(ui.conn.calls) if call == "upload")
    token = url.rsplit("/", 1)[1]
    services.uploads.receiving(token, peer="local")
    path = services.uploads.new_file()
    path.write_bytes(payload)
    services.uploads.arrived(token, path)
    ui.service_event(picker, "upload", {"file_name": name, "progress": 1.0})
