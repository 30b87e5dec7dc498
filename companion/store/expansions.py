"""The expansions of a game: those a BG Stats import linked to it (bgstats_teams) and those its plays name. The
game's statistics name them, and a play's record editor offers them."""

from __future__ import annotations

from typing import Any

from scoring.names import name_problem

from .bgstats_keep import KeptStore
from .bgstats_read import is_a
from .bgstats_teams import EXPANSION_OF
from .play_record import MAX_EXPANSION_NAME
from .repository import Repository


def expansions_of_game(repo: Repository, game: str) -> list[dict[str, Any]]:
    """A record's expansion entries (`{"name", "bgg_id", "bgstats"}`, ids where known), by name."""
    found: dict[str, dict[str, Any]] = {}
    for entry in KeptStore(repo).read().games.values():
        item = entry["object"]
        name = item.get("name")
        if entry.get(EXPANSION_OF) == game and isinstance(name, str) and name_problem(
                name, max_length=MAX_EXPANSION_NAME) is None:
            found.setdefault(name.casefold(), {
                "name": name, "bgg_id": item["bggId"] if is_a(item.get("bggId"), int) else 0,
                **({"bgstats": item["uuid"]} if is_a(item.get("uuid"), str) else {})})
    for summary in repo.summaries():
        if summary.game == game:
            for name in summary.expansions:
                found.setdefault(name.casefold(), {"name": name})
    return sorted(found.values(), key=lambda e: e["name"].casefold())
