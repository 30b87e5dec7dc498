"""Which phone at the live table is which player, and which entries a phone may store.

A phone that joined a game says once which player it is: it claims that player. The phone is its Flet session,
whose id the server made when the phone connected (nothing the browser sends names it). A player held by one
phone cannot be claimed by another, and a phone holds one player per game: to be someone else, it asks the
scorekeeper, who sees on the share screen which phone holds which player and may free any of them. A phone
changes only the fields of the player it holds (`check_edit`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any


class ClaimError(Exception):
    """Why a phone may not be this player, or may not make this entry: a catalog key and its parameters (the
    shape of store.refusal.RefusedError, which this module does not import: the server imports it before it
    listens, and the store would delay that)."""

    def __init__(self, message_key: str, **params: Any) -> None:
        super().__init__(message_key)
        self.message_key = message_key
        self.params = params


@dataclass(frozen=True)
class Claim:
    player: str
    holder: str  # the phone: its session's id
    peer: str  # the phone's network address, for the scorekeeper to tell the phones apart


class Claims:
    def __init__(self) -> None:
        self._held: dict[str, dict[str, Claim]] = {}  # draft id -> player -> claim
        self._lock = threading.Lock()

    def claim(self, draft_id: str, player: str, players: list[str], holder: str, peer: str) -> Claim:
        """`holder` is `player` of the game whose players are now `players`; raises ClaimError."""
        with self._lock:
            held = self._held.setdefault(draft_id, {})
            current = held.get(player)
            if current is not None and current.holder == holder:
                return current
            if player not in players:
                raise ClaimError("live.claim.unknown", name=player)
            mine = next((c for c in held.values() if c.holder == holder), None)
            if mine is not None:
                raise ClaimError("live.claim.already", name=mine.player)
            if current is not None:
                raise ClaimError("live.claim.taken", name=player)
            held[player] = Claim(player, holder, peer)
            return held[player]

    def player_of(self, draft_id: str, holder: str) -> str | None:
        with self._lock:
            return next((c.player for c in self._held.get(draft_id, {}).values() if c.holder == holder), None)

    def of_game(self, draft_id: str) -> list[Claim]:
        with self._lock:
            return list(self._held.get(draft_id, {}).values())

    def free(self, draft_id: str, player: str) -> None:
        """The scorekeeper frees a player: its phone holds nobody, and any phone may claim the player."""
        with self._lock:
            self._held.get(draft_id, {}).pop(player, None)

    def release(self, holder: str) -> list[str]:
        """The phone's session ended: its players are free. Returns the games that changed."""
        with self._lock:
            changed = [d for d, held in self._held.items() if any(c.holder == holder for c in held.values())]
            for draft_id in changed:
                self._held[draft_id] = {p: c for p, c in self._held[draft_id].items() if c.holder != holder}
            return changed

    def forget(self, draft_id: str) -> None:
        with self._lock:
            self._held.pop(draft_id, None)


def check_edit(allowed: bool, player: str | None, path: tuple[Any, ...], players: list[str]) -> None:
    """Raise ClaimError unless a phone holding `player` (None: no player) may change the sheet at `path` in the
    game whose players are now `players`, the scorekeeper letting players enter (`allowed`): only its own
    player's fields, and not its name."""
    if not allowed:
        raise ClaimError("live.claim.off")
    if player is None or player not in players:
        raise ClaimError("live.claim.none")
    if path[:2] != ("players", players.index(player)) or len(path) < 3 or path[2] == "name":
        raise ClaimError("live.claim.not_yours", name=player)
