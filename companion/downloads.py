"""Files offered for download (a sheet's JSON, backups, exports), served at /download/<token>."""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass

LIFETIME_SECONDS = 3600
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
        """Keep the file for an hour and return the URL path that serves it (to `peer` only, when given)."""
        token = secrets.token_urlsafe(16)
        now = time.monotonic()
        with self._lock:
            self._slots = {k: v for k, v in self._slots.items() if v.expires > now}
            while len(self._slots) >= MAX_SLOTS:
                self._slots.pop(next(iter(self._slots)))
            self._slots[token] = Download(filename, payload, media_type, now + LIFETIME_SECONDS, peer)
        return f"/download/{token}"

    def get(self, token: str) -> Download | None:
        with self._lock:
            found = self._slots.get(token)
        return found if found is not None and found.expires > time.monotonic() else None
