"""The live table: who is the scorekeeper, join codes for the other phones, rate-limited guessing.

One `LiveTable` per server. The scorekeeper is a browser on this computer, or one that opened the
scorekeeper link (with the server's secret key); everyone else on the network is a viewer who must
enter the join code of a game in progress and then sees only that game.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import threading
import time
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O or 1/I to misread at the table
CODE_LENGTH = 5  # 32**5 = 33.5 million codes
MAX_FAILURES = 5  # wrong codes per phone (peer address) ...
FAILURE_WINDOW_SECONDS = 60.0  # ... in this window
MAX_GLOBAL_FAILURES = 30  # wrong codes from all phones together in the window (a phone may use many addresses)
MAX_TRACKED_PEERS = 4096  # the limiter forgets the oldest beyond this (the global limit still holds)
CHANGE_LOG_LENGTH = 50


def live_topic(draft_id: str) -> str:
    return f"live/{draft_id}"


def is_loopback(address: str | None) -> bool:
    if not address:
        return False
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


class PeerRegistry:
    """The network address each session's connection really came from, recorded by the server when the
    session is created. The page's own `client_ip` is not used: the client can patch page properties."""

    def __init__(self) -> None:
        self._peers: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def record(self, page: Any, address: str) -> None:
        with self._lock:
            self._peers.setdefault(page, address)  # first connection wins: a session never changes peer

    def peer_of(self, page: Any) -> str | None:
        with self._lock:
            return self._peers.get(page)


@dataclass
class RateLimiter:
    """At most MAX_FAILURES wrong codes per peer and MAX_GLOBAL_FAILURES from everyone in
    FAILURE_WINDOW_SECONDS. Memory is bounded: expired entries are dropped, and beyond MAX_TRACKED_PEERS
    the least recently failing peer is forgotten."""

    per_peer: int = MAX_FAILURES
    overall: int = MAX_GLOBAL_FAILURES
    window: float = FAILURE_WINDOW_SECONDS
    max_peers: int = MAX_TRACKED_PEERS
    failures: OrderedDict[str, deque[float]] = field(default_factory=OrderedDict)
    everyone: deque[float] = field(default_factory=deque)

    def wait_seconds(self, peer: str, now: float) -> int:
        self._expire(now)
        waits = [self._wait(self.failures.get(peer, deque()), self.per_peer, now),
                 self._wait(self.everyone, self.overall, now)]
        return max(waits)

    def fail(self, peer: str, now: float) -> None:
        recent = self.failures.pop(peer, None) or deque()
        recent.append(now)
        self.failures[peer] = recent  # most recent last
        self.everyone.append(now)
        while len(self.failures) > self.max_peers:
            self.failures.popitem(last=False)

    def _wait(self, recent: deque[float], limit: int, now: float) -> int:
        if len(recent) < limit:
            return 0
        return int(recent[-limit] + self.window - now) + 1

    def _expire(self, now: float) -> None:
        cutoff = now - self.window
        for recent in (self.everyone, *self.failures.values()):
            while recent and recent[0] <= cutoff:
                recent.popleft()
        for peer in [p for p, recent in self.failures.items() if not recent]:
            del self.failures[peer]

    def tracked(self) -> int:
        return len(self.failures)


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
    def __init__(self, host_key: str | None = None, is_live: Callable[[str], bool] = lambda draft_id: True) -> None:
        """`is_live(draft_id)`: whether the game is still in progress (a finished or deleted game's code is dead)."""
        self.host_key = host_key or secrets.token_urlsafe(16)
        self._is_live = is_live
        self._codes: dict[str, str] = {}  # code -> draft id
        self._edits_allowed: set[str] = set()
        self._changes: dict[str, deque[Change]] = {}
        self._limiter = RateLimiter()
        self._lock = threading.Lock()
        self._next_change = 0

    def is_host(self, peer: str | None, key: str | None) -> bool:
        """The scorekeeper: a connection from this computer, or one that knows the secret key.

        `peer` is the connection's real address; None only for the app run locally without a server.
        """
        return peer is None or is_loopback(peer) or self.key_matches(key)

    def key_matches(self, key: str | None) -> bool:
        if not key or not key.isascii():
            return False
        return hmac.compare_digest(key.encode("ascii"), self.host_key.encode("ascii"))

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

    def join(self, code: str, peer: str, now: float | None = None) -> JoinResult:
        """The game a code opens, for the phone at `peer`. Every path that accepts a code goes through
        here: wrong codes count against the phone and against everyone."""
        moment = time.monotonic() if now is None else now
        normalised = code.strip().upper()
        with self._lock:
            wait = self._limiter.wait_seconds(peer, moment)
            if wait:
                return JoinResult(None, wait)
            draft_id = self._codes.get(normalised)
        if draft_id is not None and not self._is_live(draft_id):
            self.forget(draft_id)
            draft_id = None
        if draft_id is None:
            with self._lock:
                self._limiter.fail(peer, moment)
        return JoinResult(draft_id)

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
