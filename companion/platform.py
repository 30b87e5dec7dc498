"""Where the app runs: on a computer that serves the table, or inside the phone's browser with no server.

The only module that knows where the data lives, how a finished write is made to last, and how a file
reaches the player. Everything else runs the same code in both.

- Server (`bin/app`): data in a folder on the computer (see `config.resolve_data_dir`); a write is lasting
  once `store.atomic` has replaced the file; files are offered at `/download/<token>`.
- Browser (`bin/publish`, Pyodide): data in Pyodide's in-memory file system under `/data`, mounted on
  IndexedDB (IDBFS). The folder is loaded from IndexedDB once at start, and copied back after every
  write; screens that report a change as done wait for that copy (`settled`). Files are handed to the
  browser as downloads, inside the player's tap.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import flet as ft
from flet.controls.client_action import action_field, shared_service

from .config import resolve_data_dir
from .store import atomic

if TYPE_CHECKING:
    from .downloads import Downloads

logger = logging.getLogger(__name__)

T = TypeVar("T")
IN_BROWSER = sys.platform == "emscripten"
BROWSER_MOUNT = Path("/data")
LIVE_TABLE = not IN_BROWSER  # other phones join through the computer's server; a phone alone has none


def data_dir(explicit: str | None = None) -> Path:
    """The folder of the play history."""
    return BROWSER_MOUNT / "TableCompanion" if IN_BROWSER else resolve_data_dir(explicit)


# ---- making writes last ------------------------------------------------------------------------


class WriteBehind:
    """Runs `store` (the copy to IndexedDB) after writes: one at a time, and once more if written meanwhile."""

    def __init__(self, store: Callable[[], Awaitable[None]]) -> None:
        self.store = store
        self.dirty = False
        self.task: asyncio.Task[None] | None = None
        self.error: str | None = None

    def written(self, path: Path) -> None:
        self.dirty = True
        if self.task is None or self.task.done():
            self.task = asyncio.get_event_loop().create_task(self._run())

    async def _run(self) -> None:
        while self.dirty:
            self.dirty = False
            try:
                await self.store()
                self.error = None
            except OSError as error:  # quota exceeded, storage gone: the screen says so; the next write retries
                logger.error("could not copy the data to IndexedDB: %s", error)
                self.error = str(error)

    async def settled(self) -> None:
        while self.task is not None and not self.task.done():
            await asyncio.shield(self.task)
        if self.error is not None:
            raise atomic.StorageError("storage.error.write", {"file": "IndexedDB", "reason": self.error},
                                      f"could not copy the data to IndexedDB: {self.error}")

    @property
    def pending(self) -> bool:
        return self.dirty or (self.task is not None and not self.task.done())


_sync: WriteBehind | None = None


def syncfs(fs: Any, populate: bool) -> asyncio.Future[None]:
    """Emscripten's FS.syncfs as a future: populate=True loads IndexedDB into memory, False stores it."""
    from pyodide.ffi import create_once_callable

    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def done(error: Any = None) -> None:
        if future.done():
            return
        if error:
            future.set_exception(OSError(str(error)))
        else:
            future.set_result(None)

    fs.syncfs(populate, create_once_callable(done))
    return future


async def prepare() -> None:
    """Before the repository opens. In the browser: mount the persistent folder and load it.

    Only one tab at a time gets here: the page holds a Web Lock before it starts Python (publish/page.html),
    since each tab copies its own view of the folder to IndexedDB and two would undo each other's writes."""
    global _sync
    if not IN_BROWSER or _sync is not None:
        return
    import pyodide_js  # type: ignore[import-not-found]

    fs = pyodide_js.FS
    BROWSER_MOUNT.mkdir(parents=True, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, {}, str(BROWSER_MOUNT))
    await syncfs(fs, populate=True)
    _sync = WriteBehind(lambda: syncfs(fs, populate=False))
    atomic.after_write_hooks.append(_sync.written)


def mark(step: str) -> None:
    """Mark a step of the start in the browser (the page's `flet.marks`, which bench.static reports)."""
    worker = sys.modules.get("flet_js")  # the Python worker's module (its start imports it); none on a computer
    if worker is not None and hasattr(worker, "mark"):  # publish/worker.js adds `mark`
        worker.mark(step)


def pending() -> bool:
    """True while a write has not yet reached lasting storage."""
    return _sync is not None and _sync.pending


async def settled() -> None:
    """Wait until every write so far lasts (a closed tab or a restarted phone keeps it).

    Raises StorageError when the browser refused to store it."""
    if _sync is not None:
        await _sync.settled()


# ---- browser storage figures --------------------------------------------------------------------


@dataclass(frozen=True)
class StorageUsage:
    used: int  # bytes this site stores
    quota: int  # bytes the browser lets it store
    persistent: bool  # the browser will not clear it to free space


async def storage_usage() -> StorageUsage | None:
    """How much of the phone's storage the app uses (browser only; None on a computer)."""
    if not IN_BROWSER:
        return None
    import js  # type: ignore[import-not-found]

    storage = js.navigator.storage
    estimate = await storage.estimate()
    persistent = bool(await storage.persisted())
    return StorageUsage(int(estimate.usage or 0), int(estimate.quota or 0), persistent)


SCANNER_CHANNEL = "table-companion-scanner"  # assets/scanner/scanner.js listens on it in the phone build's page


async def scan_over_page() -> list[str]:
    """In the phone build: the page's QR scanner over the app (Python runs in a worker, which has no camera);
    the codes it read, none when the player went back."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

    answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    channel = js.BroadcastChannel.new(SCANNER_CHANNEL)
    listener = create_proxy(lambda event: answer.done() or answer.set_result(str(event.data)))
    channel.onmessage = listener
    channel.postMessage("open")
    try:
        return (await answer).splitlines()[1:]  # "scanned" or "closed", then the codes one a line
    finally:
        channel.close()
        listener.destroy()


# ---- files for the player -------------------------------------------------------------------------


@dataclass
class SaveFile(ft.ClientAction):
    """The browser saves `payload` as a download named `file_name` (FilePicker.save_file, run inside the tap)."""

    file_name: str = action_field()
    payload: bytes = action_field()

    def __post_init__(self) -> None:
        self._bind(shared_service(ft.FilePicker), "save_file", {"file_name": self.file_name, "src_bytes": self.payload})


def offer_file(downloads: Downloads, filename: str, payload: bytes, media_type: str = "application/json", *,
               peer: str | None) -> ft.ClientAction:
    """The action of a button that hands the player a file: served by the computer (to `peer` only: the
    session's real address, App.peer, which every caller must pass), or saved by the browser."""
    if IN_BROWSER:
        return SaveFile(filename, payload)
    return ft.OpenUrl(downloads.offer(filename, payload, media_type, peer=peer))


async def run_blocking(work: Callable[..., T], *args: Any) -> T:
    """Run slow work (an import) off the event loop on the computer, so the other phones keep working; the
    browser's Python has no threads, so there it runs in place."""
    if IN_BROWSER:
        return work(*args)
    return await asyncio.to_thread(work, *args)


# ---- text size --------------------------------------------------------------------------------------

# The players' text size, times the phone's own (Settings). Flutter's web engine takes its text scale from the
# page's root font size (its computed size / 16) and follows it when it changes: publish/page.html sets that size
# to the phone's own times this factor, from the preference at every start (before the first frame) and when
# Settings changes it. Only in the phone build: on a computer's server the page is Flet's, which has no such hook.
TEXT_SIZES = {"phone": 1.0, "larger": 1.3, "largest": 1.6}
PREF_TEXT_SIZE = "table_companion.text_size"  # the factor, as text; page.html reads it as Flutter stores it
TEXT_SIZE_CHANNEL = "table-companion-text-size"  # the Python worker tells the page the new factor at once


def text_size_of(factor: str | None) -> str:
    """The setting's name for a stored factor ("phone" for none or one the setting does not offer)."""
    return next((name for name, value in TEXT_SIZES.items() if factor == str(value)), "phone")


def show_text_size(size: str) -> None:
    """Make the page draw text at this size now (browser only; the preference keeps it for the next start)."""
    if not IN_BROWSER:
        return
    import js  # type: ignore[import-not-found]

    channel = js.BroadcastChannel.new(TEXT_SIZE_CHANNEL)
    channel.postMessage(TEXT_SIZES[size])
    channel.close()
