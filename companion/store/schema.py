"""Schema versions of the data files and the ladder that upgrades old files step by step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .refusal import RefusedError

SCHEMA_VERSION = 1
FIRST_VERSION = 1

Tables = dict[str, Any]

# MIGRATIONS[n] upgrades a file's tables (or a backup's, keyed the same way) from schema n to n + 1.
# Version 1 is the first released schema.
MIGRATIONS: dict[int, Callable[[Tables], Tables]] = {}


class NewerSchemaError(RefusedError):
    """A file written by a newer version of the app: refused, never rewritten."""

    def __init__(self, file: str, version: int) -> None:
        super().__init__("storage.error.newer",
                         f"{file} was written by a newer Table Companion (data version {version}, "
                         f"this app reads up to {SCHEMA_VERSION}); update the app to open it",
                         file=file, version=version, supported=SCHEMA_VERSION)
        self.file = file
        self.version = version


def can_migrate(version: int) -> bool:
    """Whether a file of this schema version can be upgraded (version 0 or below was never written)."""
    return version >= FIRST_VERSION and all(v in MIGRATIONS for v in range(version, SCHEMA_VERSION))


def migrate(tables: Tables, version: int, ladder: dict[int, Callable[[Tables], Tables]] | None = None) -> Tables:
    """Apply each step from `version` up to SCHEMA_VERSION and stamp the result."""
    steps = MIGRATIONS if ladder is None else ladder
    while version < SCHEMA_VERSION:
        tables = steps[version](tables)
        version += 1
    tables["_meta"] = {"1": {"schema": SCHEMA_VERSION}}
    return tables
