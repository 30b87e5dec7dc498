"""What the app refuses, said in the player's words: one shape for every refusal the screens show."""

from __future__ import annotations

from typing import Any


class RefusedError(Exception):
    """A change, file or entry refused; `message_key` (a catalog key) and `params` are what the app shows."""

    def __init__(self, message_key: str, detail: str | None = None, **params: Any) -> None:
        super().__init__(detail or (f"{message_key} {params}" if params else message_key))
        self.message_key = message_key
        self.params = params
