"""Files offered for download (a sheet's JSON, backups, exports), served once at /download/<token>."""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass

LIFETIME_SECONDS = 600  # a link not used within this is gone (it is meant for the tap that asked for it)
MAX_SLOTS = 200


@dataclass(frozen=True)
class Download:
    filename: str
    payload: bytes
    media_type: str
    expires: float
    peer: str | None = None  # when set, only a request from this address gets the file


class Downloads:
    def __init__(self) -> None:
        self._slots: dict[str, Download] = {}
        self._lock = threading.Lock()

    def offer(self, filename: str, payload: bytes, media_type: str = "application/json",
              peer: str | None = None) -> str:
        """Keep the file for one download within LIFETIME_SECONDS and return the URL path that serves it (to
        `peer` only, when given)."""
        token = secrets.token_urlsafe(16)
        now = time.monotonic()
        with self._lock:
            self._slots = {k: v for k, v in self._slots.items() if v.expires > now}
            while len(self._slots) >= MAX_SLOTS:
                self._slots.pop(next(iter(self._slots)))
            self._slots[token] = Download(filename, payload, media_type, now + LIFETIME_SECONDS, peer)
        return f"/download/{token}"

    def take(self, token: str, peer: str | None) -> Download | None:
        """The file, for a request from `peer`, once: the link is used up. A request from another address
        gets nothing and uses up nothing."""
        with self._lock:
            found = self._slots.get(token)
            if found is None or (found.peer is not None and found.peer != peer):
                return None
            del self._slots[token]
        return found if found.expires > time.monotonic() else None
