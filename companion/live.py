"""The live table: who is the scorekeeper, join codes for the other phones, rate-limited guessing.

One `LiveTable` per server. The scorekeeper is a browser on this computer, or one that opened the
scorekeeper link (with the server's secret key); everyone else on the network is a viewer who must
enter the join code of a game in progress and then sees only that game.

Wrong codes count against the address they came from, never against anyone else: a phone with the right
code joins at once however many wrong ones others sent. What keeps a live game's code from being found is
its length: 32**8 = 1.1 trillion codes, at 5 wrong codes a minute per address 250 addresses (a whole /24)
would need 836 years on average to find one (`test_guards.test_guessing_a_live_code_takes_centuries`).
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

from .claims import Claims

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O or 1/I to misread at the table
CODE_LENGTH = 8  # 32**8 = 1.1 trillion codes
MAX_FAILURES = 5  # wrong codes per phone (peer address; an IPv6 one by its /64, which one device may fill) ...
FAILURE_WINDOW_SECONDS = 60.0  # ... in this window
MAX_TRACKED_PEERS = 4096  # the limiter forgets the least recently failing address beyond this
IPV6_DEVICE_PREFIX = 64


def live_topic(draft_id: str) -> str:
    return f"live/{draft_id}"


def is_loopback(address: str | None) -> bool:
    if not address:
        return False
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def limit_key(address: str) -> str:
    """What the limiter counts wrong codes against: the address, or for IPv6 its /64 (a device on a network
    picks its own addresses within one)."""
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:  # an IPv4 phone seen by a dual-stack socket: its own address
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, IPV6_DEVICE_PREFIX), strict=False))
    return str(parsed)


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
    """At most MAX_FAILURES wrong codes per address (see `limit_key`) in FAILURE_WINDOW_SECONDS. There is no
    limit on all addresses together: the one there was let strangers' wrong codes lock out every phone with
    the right one. Memory is bounded: expired entries are dropped, and beyond MAX_TRACKED_PEERS the least
    recently failing address is forgotten."""

    per_peer: int = MAX_FAILURES
    window: float = FAILURE_WINDOW_SECONDS
    max_peers: int = MAX_TRACKED_PEERS
    failures: OrderedDict[str, deque[float]] = field(default_factory=OrderedDict)

    def wait_seconds(self, peer: str, now: float) -> int:
        self._expire(now)
        recent = self.failures.get(limit_key(peer), deque())
        if len(recent) < self.per_peer:
            return 0
        return int(recent[-self.per_peer] + self.window - now) + 1

    def fail(self, peer: str, now: float) -> None:
        key = limit_key(peer)
        recent = self.failures.pop(key, None) or deque()
        recent.append(now)
        self.failures[key] = recent  # most recent last
        while len(self.failures) > self.max_peers:
            self.failures.popitem(last=False)

    def _expire(self, now: float) -> None:
        cutoff = now - self.window
        for recent in self.failures.values():
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


class LiveTable:
    def __init__(self, host_key: str | None = None, is_live: Callable[[str], bool] = lambda draft_id: True) -> None:
        """`is_live(draft_id)`: whether the game is still in progress (a finished or deleted game's code is dead)."""
        self.host_key = host_key or secrets.token_urlsafe(16)
        self._is_live = is_live
        self._codes: dict[str, str] = {}  # code -> draft id
        self._edits_allowed: set[str] = set()
        self._limiter = RateLimiter()
        self.claims = Claims()  # which phone is which player (see companion.claims)
        self._lock = threading.Lock()

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
        here: wrong codes count against the phone's address, and a phone past its limit waits (even with
        the right code: otherwise the limit would not slow a search down)."""
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
        self.claims.forget(draft_id)

    def allow_edits(self, draft_id: str, allowed: bool) -> None:
        with self._lock:
            (self._edits_allowed.add if allowed else self._edits_allowed.discard)(draft_id)

    def edits_allowed(self, draft_id: str) -> bool:
        with self._lock:
            return draft_id in self._edits_allowed
