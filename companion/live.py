"""The live table: who is the scorekeeper, join codes for the other phones, rate-limited guessing.

One `LiveTable` per server. The scorekeeper is a browser on this computer, or one that opened the
scorekeeper link (with the server's secret key); everyone else on the network is a viewer who must
enter the join code of a game in progress and then sees only that game.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O or 1/I to misread at the table
CODE_LENGTH = 4
MAX_FAILURES = 5
FAILURE_WINDOW_SECONDS = 60.0
LOOPBACK = {"127.0.0.1", "::1", "localhost"}
CHANGE_LOG_LENGTH = 50


def live_topic(draft_id: str) -> str:
    return f"live/{draft_id}"


@dataclass
class RateLimiter:
    """At most MAX_FAILURES wrong codes per client in FAILURE_WINDOW_SECONDS."""

    failures: dict[str, deque[float]] = field(default_factory=dict)

    def wait_seconds(self, client: str, now: float) -> int:
        recent = self._recent(client, now)
        if len(recent) < MAX_FAILURES:
            return 0
        return int(recent[0] + FAILURE_WINDOW_SECONDS - now) + 1

    def fail(self, client: str, now: float) -> None:
        self._recent(client, now).append(now)

    def _recent(self, client: str, now: float) -> deque[float]:
        recent = self.failures.setdefault(client, deque())
        while recent and recent[0] <= now - FAILURE_WINDOW_SECONDS:
            recent.popleft()
        return recent


@dataclass(frozen=True)
class JoinResult:
    draft_id: str | None
    wait_seconds: int = 0


@dataclass(frozen=True)
class Change:
    """A change a viewer made to their own fields, shown to the scorekeeper with undo."""

    id: int
    who: str
    path: str
    before: Any
    after: Any
    at: float


class LiveTable:
    def __init__(self, host_key: str | None = None) -> None:
        self.host_key = host_key or secrets.token_urlsafe(12)
        self._codes: dict[str, str] = {}  # code -> draft id
        self._edits_allowed: set[str] = set()
        self._changes: dict[str, deque[Change]] = {}
        self._limiter = RateLimiter()
        self._lock = threading.Lock()
        self._next_change = 0

    def is_host(self, client_ip: str | None, key: str | None) -> bool:
        return client_ip is None or client_ip in LOOPBACK or (key is not None and secrets.compare_digest(
            key, self.host_key))

    def code_for(self, draft_id: str) -> str:
        with self._lock:
            for code, target in self._codes.items():
                if target == draft_id:
                    return code
            code = self._new_code()
            self._codes[code] = draft_id
            return code

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self._codes:
                return code

    def join(self, code: str, client: str, now: float | None = None) -> JoinResult:
        moment = time.monotonic() if now is None else now
        normalised = code.strip().upper()
        with self._lock:
            wait = self._limiter.wait_seconds(client, moment)
            if wait:
                return JoinResult(None, wait)
            draft_id = self._codes.get(normalised)
            if draft_id is None:
                self._limiter.fail(client, moment)
            return JoinResult(draft_id)

    def draft_of(self, code: str) -> str | None:
        with self._lock:
            return self._codes.get(code)

    def forget(self, draft_id: str) -> None:
        with self._lock:
            self._codes = {c: d for c, d in self._codes.items() if d != draft_id}
            self._edits_allowed.discard(draft_id)

    def allow_edits(self, draft_id: str, allowed: bool) -> None:
        with self._lock:
            (self._edits_allowed.add if allowed else self._edits_allowed.discard)(draft_id)

    def edits_allowed(self, draft_id: str) -> bool:
        with self._lock:
            return draft_id in self._edits_allowed

    def record_change(self, draft_id: str, who: str, path: str, before: Any, after: Any) -> Change:
        with self._lock:
            self._next_change += 1
            change = Change(self._next_change, who, path, before, after, time.time())
            self._changes.setdefault(draft_id, deque(maxlen=CHANGE_LOG_LENGTH)).appendleft(change)
            return change

    def changes(self, draft_id: str) -> list[Change]:
        with self._lock:
            return list(self._changes.get(draft_id, ()))

    def drop_change(self, draft_id: str, change_id: int) -> None:
        with self._lock:
            log = self._changes.get(draft_id)
            if log is not None:
                self._changes[draft_id] = deque((c for c in log if c.id != change_id), maxlen=CHANGE_LOG_LENGTH)
