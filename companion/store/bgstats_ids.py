"""The uuids the BG Stats export gives what the app made (derived from the app's own ids, so that two exports of
the same history agree), and the one a play shared by another app gets when it comes in."""

from __future__ import annotations

import json
import uuid
from typing import Any

from .play_record import record_of

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://table-companion.app/bgstats")
SOURCE_NAME = "Table Companion"  # what this app calls itself in a play it sends to BG Stats


def stable_uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def shared_play_uuid(play: dict[str, Any]) -> str:
    """A play in the shape BG Stats takes from other apps: one this app sent keeps the uuid its export gives it,
    so that it is known when it comes back; another app's is named by that app and its id for the play."""
    source = str(play.get("sourcePlayId") or json.dumps(play, sort_keys=True))
    if play.get("sourceName") == SOURCE_NAME:
        return stable_uuid("play", source)
    return stable_uuid("shared-play", f"{play.get('sourceName')}:{source}")


def play_uuid(play: dict[str, Any]) -> str:
    """A history play's uuid in BG Stats: the one it came in with, else one derived from its id."""
    known = record_of(play).get("bgstats_uuid")
    return known if isinstance(known, str) and known else stable_uuid("play", play["id"])
