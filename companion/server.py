"""Serve the app over HTTP: the Flet web client (offline, no CDN, gzipped for phones), /download/<token> (each
link answers once), /upload/<token>.

Everything that decides trust comes from the connection, never from the client:
- each session's peer address is the socket's (the ASGI scope `client`), recorded when the session is
  created; X-Forwarded-For counts only from a proxy the user named with --trusted-proxy;
- client frames that patch page properties the server owns (`client_ip`, `client_user_agent`, anything
  private) are stripped before Flet sees them;
- websocket messages are capped in size, connections in number (in total and per address);
- no API docs are served.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import logging
import os
import sys
import threading
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgpack
import uvicorn
from fastapi import Request, Response, WebSocket
from fastapi.responses import PlainTextResponse
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack, decode_ext_from_msgpack
from flet_web.fastapi import FastAPI
from flet_web.fastapi.flet_app import DEFAULT_FLET_SESSION_TIMEOUT, FletApp
from flet_web.fastapi.flet_app_manager import app_manager
from starlette.middleware.base import BaseHTTPMiddleware

from .config import ServeConfig
from .live import is_loopback
from .uploads import UploadError
from .web_files import WebClientFiles

if TYPE_CHECKING:
    from .app import Services

logger = logging.getLogger(__name__)
ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"

# Flet's client messages are small (events, a text field's value, the page's size); the largest legitimate
# one is the registration with the page snapshot, a few kilobytes. Files go over HTTP (/upload), not here.
MAX_MESSAGE_BYTES = 256 * 1024
MAX_CONNECTIONS = 64
MAX_CONNECTIONS_PER_PEER = 8
MAX_NEW_CONNECTIONS_PER_MINUTE = 30  # per peer: a session outlives its connection, so opening many costs memory
VIEWER_SESSION_TIMEOUT = 300  # seconds a phone's session waits for it to reconnect (the scorekeeper's: an hour)
PROTECTED_PAGE_PROPS = frozenset({"client_ip", "client_user_agent"})
CLOSE_TRY_AGAIN_LATER = 1013
# While the app is prepared, the thread serving the web client's files waits for the interpreter at most this
# long (Python's default, 5 ms, would hold up every chunk of a file the browser is loading).
PREPARING_SWITCH_S = 0.0002
PREPARING_NICE = 19  # and it runs behind the other threads: a browser loading the client on the same machine came
# to its session later when the preparation competed with it for the processor

_encode = configure_encode_object_for_msgpack(BaseControl)


def real_peer(client: tuple[str, int] | Any, forwarded_for: str | None, trusted_proxies: Iterable[str]) -> str:
    """The address a request came from: the socket's peer; behind a proxy the user trusts, the last
    X-Forwarded-For entry that is not one of the trusted proxies."""
    peer = client[0] if client else "unknown"
    trusted = set(trusted_proxies)
    if peer not in trusted or not forwarded_for:
        return peer
    hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    while hops and hops[-1] in trusted:
        hops.pop()
    return hops[-1] if hops else peer


@dataclass
class ConnectionGuard:
    """How many websocket connections are open, in total and per peer, and how fast a peer opens them."""

    total: int = MAX_CONNECTIONS
    per_peer: int = MAX_CONNECTIONS_PER_PEER
    per_minute: int = MAX_NEW_CONNECTIONS_PER_MINUTE
    open: dict[str, int] = field(default_factory=dict)
    opened: dict[str, deque[float]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self, peer: str, now: float) -> bool:
        if is_loopback(peer):  # the scorekeeper's own computer is never turned away
            with self.lock:
                self.open[peer] = self.open.get(peer, 0) + 1
            return True
        with self.lock:
            for stale in [p for p, times in self.opened.items() if not times or times[-1] <= now - 60]:
                del self.opened[stale]
            recent = self.opened.setdefault(peer, deque())
            while recent and recent[0] <= now - 60:
                recent.popleft()
            if (sum(self.open.values()) >= self.total or self.open.get(peer, 0) >= self.per_peer
                    or len(recent) >= self.per_minute):
                return False
            recent.append(now)
            self.open[peer] = self.open.get(peer, 0) + 1
            return True

    def release(self, peer: str) -> None:
        with self.lock:
            left = self.open.get(peer, 0) - 1
            if left > 0:
                self.open[peer] = left
            else:
                self.open.pop(peer, None)


class GuardedWebSocket:
    """The websocket as FletApp sees it: the peer is the real one, and client frames cannot set the page
    properties the server owns (nor any private attribute: Flet's patcher sets `_`-names as given)."""

    def __init__(self, websocket: WebSocket, peer: str) -> None:
        self._websocket = websocket
        self._peer = peer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._websocket, name)

    @property
    def client(self) -> Any:
        return type(self._websocket.client)(self._peer, self._websocket.client.port) if self._websocket.client \
            else None

    async def receive_bytes(self) -> bytes:
        while True:
            data = await self._websocket.receive_bytes()
            cleaned = sanitized_frame(data)
            if cleaned is not None:
                return cleaned
            logger.info("dropped a malformed frame from %s", self._peer)


def sanitized_frame(data: bytes) -> bytes | None:
    """The frame with server-owned page properties removed; None for a frame that is not Flet's protocol."""
    if not data or data[0] != 0x00:
        return data  # data-channel frames carry no properties
    try:
        message = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
        action = MessageAction(message[0])
        body = message[1]
    except Exception:
        return None
    if not isinstance(body, dict):
        return None
    props = body.get("page") if action == MessageAction.REGISTER_CLIENT else (
        body.get("props") if action == MessageAction.UPDATE_CONTROL_PROPS else None)
    if not isinstance(props, dict):
        return data
    owned = [key for key in props if not isinstance(key, str) or key in PROTECTED_PAGE_PROPS or key.startswith("_")]
    if not owned:
        return data
    for key in owned:
        del props[key]
    return b"\x00" + msgpack.packb([action.value, body], default=_encode)


def _release_memory() -> None:
    """Give freed memory back to the system after a connection closes (glibc keeps it otherwise)."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _libc() -> Any:
    name = ctypes.util.find_library("c")
    libc = ctypes.CDLL(name) if name else None
    return libc if libc is not None and hasattr(libc, "malloc_trim") else None


_LIBC = _libc()


class SecurityHeaders(BaseHTTPMiddleware):
    """The headers the Flet web client needs (cross-origin isolation for its WebAssembly renderer)."""

    async def dispatch(self, request: Request, call_next: Any) -> Response:
        response = await call_next(request)
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
        response.headers["Cross-Origin-Embedder-Policy"] = "require-corp"
        return response


def build_asgi_app(services: Services | Future[Services], trusted_proxies: Iterable[str] = (),
                   on_startup: Callable[[], None] | None = None) -> FastAPI:
    """The server's routes. `services` may still be on their way (see `serve`): what needs them waits for them;
    `on_startup` runs as the server starts listening."""
    proxies = tuple(trusted_proxies)
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, swagger_ui_oauth2_redirect_url=None,
                  on_startup=[on_startup] if on_startup else None)
    guard = ConnectionGuard()

    async def ready() -> Services:
        return await asyncio.wrap_future(services) if isinstance(services, Future) else services

    entry: list[Callable[[Any], Awaitable[None]]] = []

    def main_of(shared: Services) -> Callable[[Any], Awaitable[None]]:
        """The same entry point for every session: Flet keys its pubsub hub (which carries the live table's
        entries to the phones watching) by it, so a session with an entry point of its own hears nobody."""
        if not entry:
            from .main import make_main  # imported by then (see serve): the app's modules came with the services

            entry.append(make_main(shared))
        return entry[0]

    def peer_of(request: Request | WebSocket) -> str:
        return real_peer(request.client, request.headers.get("x-forwarded-for"), proxies)

    @app.websocket("/ws")
    async def session(websocket: WebSocket) -> None:
        peer = peer_of(websocket)
        if not guard.admit(peer, asyncio.get_running_loop().time()):
            await websocket.close(code=CLOSE_TRY_AGAIN_LATER)
            return

        try:
            shared = await ready()

            def remember_peer(page: Any) -> None:  # runs once, when this connection creates its session
                if shared.peers is not None:
                    shared.peers.record(page, peer)

            timeout = DEFAULT_FLET_SESSION_TIMEOUT if is_loopback(peer) else VIEWER_SESSION_TIMEOUT
            await FletApp(loop=asyncio.get_running_loop(), executor=app_manager.executor, main=main_of(shared),
                          before_main=remember_peer, session_timeout_seconds=timeout).handle(
                GuardedWebSocket(websocket, peer))  # type: ignore[arg-type]
        finally:
            guard.release(peer)
            _release_memory()

    @app.get("/download/{token}")
    async def download(token: str, request: Request) -> Response:
        item = (await ready()).downloads.take(token, peer_of(request))
        if item is None:
            return PlainTextResponse("This download link was used or has expired. Download it again from the app.",
                                     status_code=404)
        return Response(item.payload, media_type=item.media_type,
                        headers={"Content-Disposition": f'attachment; filename="{item.filename}"'})

    @app.put("/upload/{token}")
    async def upload(token: str, request: Request) -> Response:
        uploads = (await ready()).uploads
        try:
            slot = uploads.receiving(token, peer_of(request))
            declared = request.headers.get("content-length")
            if declared is not None and declared.isdigit() and int(declared) > slot.limit:
                raise UploadError(413, f"The file is larger than {slot.limit // (1024 * 1024)} MB.")
            path = uploads.new_file()
            size = 0
            try:
                with path.open("wb") as out:
                    async for chunk in request.stream():
                        size += len(chunk)
                        if size > slot.limit:
                            raise UploadError(413, f"The file is larger than {slot.limit // (1024 * 1024)} MB.")
                        out.write(chunk)
            except BaseException:
                path.unlink(missing_ok=True)
                raise
        except UploadError as refused:
            return PlainTextResponse(refused.reason, status_code=refused.status)
        uploads.arrived(token, path)
        return PlainTextResponse("received")

    app.mount("/", WebClientFiles(
        assets_dir=str(ASSETS_DIR),
        app_name="Table Companion",
        app_short_name="Table Companion",
        app_description="Score sheets, tiebreaks and guided rounds for your board games",
        no_cdn=True,
        websocket_endpoint_path="ws",
    ))
    app.add_middleware(SecurityHeaders)
    return app


def serve(config: ServeConfig, prepare: Callable[[], Services]) -> None:
    """Listen at once, and run `prepare` (import the app, open the data) in a thread meanwhile.

    A browser spends a second or more loading the web client from here before it opens its session: the time
    to prepare in, instead of the player waiting for it before the first page is even served. A session that
    comes sooner waits for it. If `prepare` fails, the server stops and its error is raised here."""
    ready: Future[Services] = Future()

    def preparing() -> None:
        if sys.platform == "linux":  # where a thread has a priority of its own: behind a browser on this machine
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), PREPARING_NICE)
        switch = sys.getswitchinterval()
        sys.setswitchinterval(PREPARING_SWITCH_S)
        try:
            ready.set_result(prepare())
        except BaseException as error:
            ready.set_exception(error)
            server.should_exit = True
        finally:
            sys.setswitchinterval(switch)

    thread = threading.Thread(target=preparing, name="prepare", daemon=True)
    server = uvicorn.Server(uvicorn.Config(
        build_asgi_app(ready, config.trusted_proxies, on_startup=thread.start), host=config.host,
        port=config.port, log_level="warning", ws="websockets-sansio", ws_max_size=MAX_MESSAGE_BYTES,
        proxy_headers=False))  # the peer address is decided here (real_peer), not by uvicorn
    server.run()
    if ready.done():
        ready.result()
