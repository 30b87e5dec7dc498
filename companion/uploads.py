"""Files the scorekeeper sends to the server (a backup to import), received at PUT /upload/<token>.

A slot is opened by a host session for one file: its token is unguessable, it expires, it accepts a body
only from the address that opened it and only up to the slot's size limit, streamed to a temporary file
(a 50 MB backup never sits in memory nor in a websocket message).
"""

from __future__ import annotations

import os
import secrets
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

LIFETIME_SECONDS = 600
MAX_SLOTS = 20
PREFIX, SUFFIX = "upload-", ".part"


class UploadError(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass
class Slot:
    peer: str | None
    limit: int
    expires: float
    path: Path | None = None  # set once the whole file has arrived


class Uploads:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or Path(tempfile.gettempdir())
        self._slots: dict[str, Slot] = {}
        self._lock = threading.Lock()
        if folder is not None:  # our own folder: what a stopped server left half-received is of no use
            for stale in folder.glob(f"{PREFIX}*{SUFFIX}"):
                stale.unlink(missing_ok=True)

    def open_slot(self, peer: str | None, limit: int) -> str:
        """Reserve a slot for one file of at most `limit` bytes from `peer`; returns the URL path to PUT it to."""
        token = secrets.token_urlsafe(24)
        now = time.monotonic()
        with self._lock:
            for stale in [k for k, s in self._slots.items() if s.expires <= now]:
                self._discard(stale)
            while len(self._slots) >= MAX_SLOTS:
                self._discard(next(iter(self._slots)))
            self._slots[token] = Slot(peer, limit, now + LIFETIME_SECONDS)
        return f"/upload/{token}"

    def receiving(self, token: str, peer: str) -> Slot:
        """The slot a PUT may fill. Raises UploadError."""
        with self._lock:
            slot = self._slots.get(token)
            if slot is None or slot.expires <= time.monotonic() or slot.path is not None:
                raise UploadError(404, "This upload has expired. Pick the file again.")
            if slot.peer is not None and slot.peer != peer:
                raise UploadError(403, "This upload belongs to another device.")
            return slot

    def new_file(self) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=PREFIX, suffix=SUFFIX, dir=self.folder)
        os.close(handle)
        return Path(name)

    def arrived(self, token: str, path: Path) -> None:
        with self._lock:
            slot = self._slots.get(token)
            if slot is None:
                path.unlink(missing_ok=True)
                return
            slot.path = path

    def take(self, token: str) -> Path | None:
        """The received file (the caller deletes it when done), or None if nothing arrived."""
        key = token.rsplit("/", 1)[-1]
        with self._lock:
            slot = self._slots.get(key)
            if slot is None or slot.path is None:
                return None
            del self._slots[key]
            return slot.path

    def _discard(self, token: str) -> None:
        slot = self._slots.pop(token)
        if slot.path is not None:
            slot.path.unlink(missing_ok=True)
