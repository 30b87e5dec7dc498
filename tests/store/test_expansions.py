"""Issue 23: a BG Stats file's expansions come in linked to their base game (the plays that name them, else the
name they start with) and are not offered as games to play; an expansion logged as a game of its own keeps its
plays in the history; the export writes them back as they came; a backup keeps where they are."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from companion.store import exchange
from companion.store.bgstats import export_bgstats, plan_import, run_import
from companion.store.bgstats_keep import KeptStore
from companion.store.definitions import DELETED, EXPANSION, DefinitionStore
from companion.store.expansions import expansions_of_game
from companion.store.repository import Repository

from .bgstats_sample import by_uuid, variant

RIVERFOLK = {"uuid": "5d0c1f0e-8a55-4a4b-9a0c-2f3d7e1b9c01", "id": 90, "name": "Riverfolk", "bggId": 237178}


def _game(content: dict[str, Any], name: str) -> dict[str, Any]:
    return next(g for g in content["games"] if g["name"] == name)


def with_expansions(content: dict[str, Any]) -> None:
    """Riverfolk (not marked an expansion) only ever played with Root; Invaders from Afar played with Scythe; one
    play logged as Dominion: Prosperity itself."""
    riverfolk = {**copy.deepcopy(_game(content, "Root")), **RIVERFOLK, "isBaseGame": 0, "isExpansion": 0}
    content["games"].append(riverfolk)
    for n in (13, 15):  # two plays of Root
        content["plays"][n]["expansionPlays"] = [{"gameRefId": RIVERFOLK["id"], "bggId": RIVERFOLK["bggId"]}]
    invaders = _game(content, "Scythe: Invaders from Afar")
    content["plays"][0]["expansionPlays"] = [{"gameRefId": invaders["id"], "bggId": invaders["bggId"]}]
    content["plays"][43]["gameRefId"] = _game(content, "Dominion: Prosperity")["id"]


def imported(repo: Repository) -> tuple[dict[str, Any], dict[str, str]]:
    data = variant(with_expansions)
    run_import(repo, plan_import(repo, data))
    games = {entry["object"]["name"]: entry.get("game") for entry in KeptStore(repo).read().games.values()}
    return json.loads(data), games  # type: ignore[return-value]


def test_expansions_are_linked_to_their_base_game(repo: Repository) -> None:
    _, games = imported(repo)
    kept = {e["object"]["name"]: e for e in KeptStore(repo).read().games.values()}
    links = {name: e["expansion_of"] for name, e in kept.items() if "expansion_of" in e}
    assert links == {
        "Riverfolk": games["Root"],  # the plays it was played with (BG Stats does not mark it)
        "Scythe: Invaders from Afar": games["Scythe"],  # its play
        "Root: The Underworld Expansion": games["Root"],  # never played: its name
        "Dominion: Prosperity": games["Dominion"],
        "7 Wonders: Cities": games["7 Wonders"],
        "The Quacks of Quedlinburg: The Herb Witches": games["The Quacks of Quedlinburg"],
        "Viticulture: Tuscany Essential Edition": None,  # "Viticulture" is no game of the file
    }
    assert "expansion_of" not in kept["Carcassonne"]  # BG Stats marks it a base game as well as an expansion
    root = expansions_of_game(repo, games["Root"])
    assert [(e["name"], e["bgg_id"]) for e in root] == [("Riverfolk", RIVERFOLK["bggId"]),
                                                         ("Root: The Underworld Expansion", 272637)]
    assert root[0]["bgstats"] == RIVERFOLK["uuid"]


def test_an_expansion_is_no_game_to_play_and_its_plays_stay(repo: Repository) -> None:
    source, games = imported(repo)
    store = DefinitionStore(repo)
    prosperity = games["Dominion: Prosperity"]
    assert prosperity is not None and store.states()[prosperity] == EXPANSION
    offered = {spec.id for spec in [*store.catalog(), *store.hidden()]}
    assert prosperity not in offered and games["Dominion"] in offered and games["Carcassonne"] in offered
    assert prosperity in {spec.id for spec in store.specs()}  # statistics and the history's filter name it
    play = next(p for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == source["plays"][43]["uuid"])
    assert play["game"] == prosperity
    assert games["Riverfolk"] not in store.ids()  # never played as a game: no game here at all
    assert set(store.states()) == {prosperity}


def test_the_export_writes_expansions_as_they_came(repo: Repository) -> None:
    source, _ = imported(repo)
    out = json.loads(export_bgstats(repo))
    written = {g["uuid"]: g for g in out["games"]}
    for game in source["games"]:
        assert written[game["uuid"]]["isExpansion"] == game["isExpansion"]
        assert written[game["uuid"]]["isBaseGame"] == game["isBaseGame"]
    plays, came = by_uuid(out["plays"]), by_uuid(source["plays"])
    ids = {g["id"]: g["uuid"] for g in out["games"]}
    came_ids = {g["id"]: g["uuid"] for g in source["games"]}
    for n in (0, 13, 15, 43):
        uuid = source["plays"][n]["uuid"]
        assert ids[plays[uuid]["gameRefId"]] == came_ids[came[uuid]["gameRefId"]]
        assert [ids[e["gameRefId"]] for e in plays[uuid].get("expansionPlays", [])] == [
            came_ids[e["gameRefId"]] for e in came[uuid].get("expansionPlays", [])]


def test_a_backup_keeps_expansions_off_home(repo: Repository, tmp_path: Path) -> None:
    _, games = imported(repo)
    other = Repository.open(tmp_path / "other")
    exchange.import_backup(other, exchange.export_backup(repo))
    store = DefinitionStore(other)
    assert store.states()[games["Dominion: Prosperity"]] == EXPANSION
    assert [e["name"] for e in expansions_of_game(other, games["Root"])] == [
        "Riverfolk", "Root: The Underworld Expansion"]


def test_a_deleted_game_stays_deleted_when_a_file_calls_it_an_expansion(repo: Repository) -> None:
    _, games = imported(repo)
    store = DefinitionStore(repo)
    prosperity = games["Dominion: Prosperity"]
    store.delete(prosperity, with_plays=False)
    store.file_as_expansions([prosperity])
    assert store.states()[prosperity] == DELETED


def test_importing_the_file_again_shelves_an_expansion_already_on_home(repo: Repository) -> None:
    _, games = imported(repo)
    store = DefinitionStore(repo)
    prosperity = games["Dominion: Prosperity"]
    store._set_state(prosperity, None)  # on Home, as an import before expansions were linked left it
    assert prosperity in {spec.id for spec in store.catalog()}
    plan = plan_import(repo, variant(with_expansions))
    assert plan.plays == [] and prosperity in plan.expansions  # every play is here already
    run_import(repo, plan)
    assert store.states()[prosperity] == EXPANSION
