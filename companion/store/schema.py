"""Schema versions of the data files and the ladder that upgrades old files step by step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCHEMA_VERSION = 1

Tables = dict[str, Any]

# MIGRATIONS[n] upgrades a file from schema n to n + 1. Version 1 is the first released schema.
MIGRATIONS: dict[int, Callable[[Tables], Tables]] = {}


class NewerSchemaError(Exception):
    """A file written by a newer version of the app: refused, never rewritten."""

    def __init__(self, file: str, version: int) -> None:
        super().__init__(f"{file} was written by a newer Table Companion (data version {version}, "
                         f"this app reads up to {SCHEMA_VERSION}); update the app to open it")
        self.file = file
        self.version = version


def migrate(tables: Tables, version: int, ladder: dict[int, Callable[[Tables], Tables]] | None = None) -> Tables:
    """Apply each step from `version` up to SCHEMA_VERSION and stamp the result."""
    steps = MIGRATIONS if ladder is None else ladder
    while version < SCHEMA_VERSION:
        tables = steps[version](tables)
        version += 1
    meta = tables.setdefault("_meta", {})
    meta.clear()
    meta["1"] = {"schema": SCHEMA_VERSION}
    return tables
