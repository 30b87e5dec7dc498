"""Tidying the games: hidden, quick and deleted games, and a game merged into another with all its plays."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from companion.store import exchange
from companion.store.bgstats import import_bgstats
from companion.store.definitions import DELETED, HIDDEN, QUICK, DefinitionStore
from companion.store.merge import GameRefusedError
from companion.store.repository import Repository
from scoring import all_specs, score_sheet

from .conftest import example, make_play

AZUL = {"id": "custom-azul", "name": "Azul", "players": {"min": 2, "max": 4},
        "categories": [{"key": "points", "name": "Points", "min": -100, "max": 300}]}
GOLF = {"id": "custom-golf", "name": "Golf", "players": {"min": 1, "max": 4}, "win": "lowest",
        "categories": [{"key": "strokes", "name": "Strokes"}]}
QUICK_GAME = {"id": "custom-quick-game-1a2b3c", "name": "Quick game", "players": {"min": 1, "max": 20},
              "scoring": "counter", "categories": [{"key": "points", "name": "Points", "min": -1000, "max": 1000,
                                                    "steps": [1, 5, -1]}]}


@pytest.fixture
def store(repo: Repository) -> DefinitionStore:
    return DefinitionStore(repo)


def bgstats_file(scores: list[list[tuple[int, str | None]]], game: dict[str, Any] | None = None) -> bytes:
    """A BG Stats export: one game (Azul unless told), a play per list of (player id, score) pairs."""
    plays = [{"uuid": f"p{i}", "gameRefId": 1, "playDate": f"2024-05-0{i + 1} 19:30:00", "durationMin": 20,
              "playerScores": [{"playerRefId": who, "score": score, "winner": j == 0, "seatOrder": j + 1}
                               for j, (who, score) in enumerate(seats)]} for i, seats in enumerate(scores)]
    return json.dumps({"players": [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon"}, {"id": 3, "name": "Ara"}],
                       "games": [{"id": 1, "bggId": 230802, "name": "Azul", **(game or {})}], "locations": [],
                       "plays": plays}).encode()


def imported_game(store: DefinitionStore) -> str:
    [game] = [d["id"] for d in store.games() if d["id"].startswith("custom-bgs-")]
    return game


def test_hidden_games_leave_home_in_its_order_and_come_back(store: DefinitionStore) -> None:
    store.save(AZUL)
    store.save(GOLF)
    order = [s.id for s in store.catalog()]
    assert order == [*(s.id for s in all_specs()), "custom-azul", "custom-golf"], "built-in, then yours by name"
    store.hide(["kahuna", "custom-azul"])
    assert [s.id for s in store.hidden()] == ["kahuna", "custom-azul"]
    assert [s.id for s in store.catalog()] == [i for i in order if i not in ("kahuna", "custom-azul")]
    assert store.states() == {"kahuna": HIDDEN, "custom-azul": HIDDEN}
    assert "kahuna" in {s.id for s in store.specs()}, "a hidden game still has its statistics"
    store.show("kahuna")
    assert [s.id for s in store.catalog()] == [i for i in order if i != "custom-azul"]
    assert store.save({**AZUL, "name": "Azul!"})["version"] == 2
    assert store.states() == {"custom-azul": HIDDEN}, "editing a hidden game leaves it hidden"


def test_a_quick_game_has_a_name_in_the_history_and_is_on_home_once_saved(repo: Repository,
                                                                          store: DefinitionStore) -> None:
    stored = store.save_quick(QUICK_GAME)
    assert stored["version"] == 1 and store.states() == {QUICK_GAME["id"]: QUICK}
    sheet = {"game": stored["id"], "definition": stored, "players": [{"name": "Mina"}, {"name": "Joon"}],
             "changes": [{"player": "Mina", "key": "points", "by": 5}]}
    repo.add_play(make_play(stored["id"], "2024-05-01T10:00:00+00:00", sheet))
    assert store.name_of(stored["id"]).render("en") == "Quick game"
    assert stored["id"] not in {s.id for s in store.catalog()} | {s.id for s in store.specs()}
    assert store.save({**stored, "name": "Flip 7"})["version"] == 2
    assert store.states() == {} and store.catalog()[-1].name.render("en") == "Flip 7"


def test_saving_a_definition_an_older_app_stored_unchanged_makes_no_new_version(store: DefinitionStore) -> None:
    first = store.save(AZUL)
    older = dict(first)
    older["categories"] = [{k: v for k, v in c.items() if k != "steps"} for c in first["categories"]]
    store._insert([{**older, "version": 2}])  # as an app before counters stored it
    assert store.save(AZUL)["version"] == 2


def test_a_deleted_game_keeps_its_plays_in_the_history_or_takes_them_along(repo: Repository,
                                                                           store: DefinitionStore) -> None:
    v1 = store.save(AZUL)
    sheet = {"game": "custom-azul", "definition": v1, "players": [{"name": "Mina", "points": 70},
                                                                  {"name": "Joon", "points": 64}]}
    kept = repo.add_play(make_play("custom-azul", "2024-05-01T10:00:00+00:00", sheet))
    assert store.delete("custom-azul", with_plays=False) == 1
    assert store.states() == {"custom-azul": DELETED} and store.games() == []
    assert "custom-azul" not in {s.id for s in store.catalog()} and "custom-azul" in {s.id for s in store.specs()}
    assert repo.play(kept["id"]) is not None and store.name_of("custom-azul").render("en") == "Azul"

    store.save(GOLF)
    golf = store.latest("custom-golf")
    gone = repo.add_play(make_play("custom-golf", "2024-05-02T10:00:00+00:00", {
        "game": "custom-golf", "definition": golf, "players": [{"name": "Mina", "strokes": 40}]}))
    draft = repo.new_draft({"game": "custom-golf", "sheet": {"game": "custom-golf", "definition": golf,
                                                             "players": [{"name": "Ara"}]}})
    with pytest.raises(GameRefusedError) as refused:
        store.delete("custom-golf", with_plays=True)
    assert refused.value.message_key == "games.refused.in_progress"
    repo.delete_draft(draft["id"])
    assert store.delete("custom-golf", with_plays=True) == 1
    assert repo.play(gone["id"]) is None and store.versions("custom-golf") == [] and store.states() == {
        "custom-azul": DELETED}


def test_an_imported_game_merged_into_a_custom_game_moves_every_play(repo: Repository,
                                                                     store: DefinitionStore) -> None:
    import_bgstats(repo, bgstats_file([[(1, "70"), (2, "64")], [(2, "81"), (3, "55"), (1, "60")], [(3, "12")]]))
    source = imported_game(store)
    store.save(AZUL)
    own = repo.add_play(make_play("custom-azul", "2024-06-01T10:00:00+00:00", {
        "game": "custom-azul", "definition": store.latest("custom-azul"),
        "players": [{"name": "Mina", "points": 50}, {"name": "Joon", "points": 52}]}))
    with pytest.raises(GameRefusedError) as refused:  # Azul is for 2 to 4: the solo play cannot go
        store.merge(source, "custom-azul")
    assert refused.value.message_key == "games.refused.players" and refused.value.params["players"] == "Ara"
    assert len([s for s in repo.summaries() if s.game == source]) == 3, "nothing moved"

    store.save({**AZUL, "players": {"min": 1, "max": 4}})
    assert store.merge(source, "custom-azul") == 3
    summaries = list(repo.summaries())
    assert {s.game for s in summaries} == {"custom-azul"} and len(summaries) == 4
    assert sorted(tuple(sorted(s.totals.items())) for s in summaries if s.id != own["id"]) == [
        (("Ara", 12),), (("Ara", 55), ("Joon", 81), ("Mina", 60)), (("Joon", 64), ("Mina", 70))]
    for play in repo.plays_newest_first():
        assert play["sheet"]["definition"]["id"] == "custom-azul" and play["result"]["game"] == "custom-azul"
        if play["id"] != own["id"]:
            assert play["imported"] and {p["name"]: p["points"] for p in play["sheet"]["players"]} == {
                r["name"]: r["total"] for r in play["result"]["players"]}
            assert score_sheet(play["sheet"]).winners == play["result"]["winners"]
    assert store.versions(source) == [] and source not in store.states()


def test_an_imported_game_merged_into_a_builtin_game_comes_as_its_imported_plays(repo: Repository,
                                                                                  store: DefinitionStore) -> None:
    import_bgstats(repo, bgstats_file([[(1, "30"), (2, None)]], {"name": "Kahuna (mine)", "bggId": 0}))
    source = imported_game(store)
    with pytest.raises(GameRefusedError) as refused:
        store.merge(source, "kahuna")
    assert refused.value.message_key == "games.refused.no_score" and refused.value.params["player"] == "Joon"

    repo.remove_plays({s.id for s in repo.summaries()})
    import_bgstats(repo, bgstats_file([[(1, "30"), (2, "21")], [(2, "12"), (1, "9")]],
                                      {"name": "Kahuna (mine)", "bggId": 0}))
    assert store.merge(source, "kahuna") == 2
    plays = list(repo.plays_newest_first())
    assert [p["sheet"] for p in plays] == [{"game": "kahuna", "players": [{"name": "Joon"}, {"name": "Mina"}]},
                                           {"game": "kahuna", "players": [{"name": "Mina"}, {"name": "Joon"}]}]
    assert [s.totals for s in repo.summaries()] == [{"Joon": 12, "Mina": 9}, {"Mina": 30, "Joon": 21}]
    assert {s.game for s in repo.summaries()} == {"kahuna"}


def test_a_merge_whose_plays_the_target_cannot_score_is_refused_with_the_reason(repo: Repository,
                                                                               store: DefinitionStore) -> None:
    store.save(AZUL)
    played = repo.add_play(make_play("custom-azul", "2024-06-01T10:00:00+00:00", {
        "game": "custom-azul", "definition": store.latest("custom-azul"),
        "players": [{"name": "Mina", "points": 250}, {"name": "Joon", "points": 52}]}))
    wingspan = {"id": "custom-wingspan", "name": "Wingspan", "players": {"min": 1, "max": 5},
                "categories": [{"key": "birds", "name": "Birds", "max": 200}]}
    store.save(wingspan)
    with pytest.raises(GameRefusedError) as refused:
        store.merge("custom-azul", "custom-wingspan")
    params = refused.value.params
    assert refused.value.message_key == "games.refused.sheet" and params["field"] == "players[0].birds"
    assert "between 0 and 200, got 250" in params["reason"].render("en") and params["players"] == "Mina, Joon"
    assert repo.play(played["id"]) == played, "nothing changed"

    store.save(GOLF)
    with pytest.raises(GameRefusedError) as rules:
        store.merge("custom-azul", "custom-golf")
    assert rules.value.message_key == "games.refused.win_rule"
    assert (rules.value.params["rule"].render("en"), rules.value.params["target_rule"].render("en")) == (
        "Highest total wins.", "Lowest total wins.")
    with pytest.raises(GameRefusedError) as builtin:
        store.merge("kahuna", "custom-azul")
    assert builtin.value.message_key == "games.refused.builtin"

    wider = copy.deepcopy(wingspan)
    wider["categories"][0]["max"] = 300
    store.save(wider)
    assert store.merge("custom-azul", "custom-wingspan") == 1
    moved = repo.play(played["id"])
    assert moved["sheet"]["players"][0] == {"name": "Mina", "birds": 250}, "its one category is the target's"
    assert moved["result"]["game"] == "custom-wingspan" and moved["rules_version"] == 2


def test_plays_of_a_builtin_game_stay_where_they_are(repo: Repository, store: DefinitionStore) -> None:
    play = repo.add_play(make_play("kahuna", "2024-06-01T10:00:00+00:00", example("kahuna")))
    store.hide(["kahuna"])
    assert repo.play(play["id"]) == play
    assert store.play_counts()["kahuna"] == 1


def test_a_backup_brings_its_games_back_where_they_were_shown(repo: Repository, store: DefinitionStore,
                                                             tmp_path: Any) -> None:
    quick = store.save_quick(QUICK_GAME)
    repo.add_play(make_play(quick["id"], "2024-05-01T10:00:00+00:00", {
        "game": quick["id"], "definition": quick, "players": [{"name": "Mina"}]}))
    store.save(AZUL)
    store.save(GOLF)
    store.hide(["custom-azul", "kahuna"])
    backup = exchange.export_backup(repo)
    assert json.loads(backup)["shelf"] == [{"game": "custom-azul", "state": HIDDEN}, {"game": QUICK_GAME["id"],
                                           "state": QUICK}, {"game": "kahuna", "state": HIDDEN}]

    fresh = Repository.open(tmp_path / "other")
    DefinitionStore(fresh).save(GOLF)
    DefinitionStore(fresh).hide(["custom-golf"])
    exchange.import_backup(fresh, backup)
    restored = DefinitionStore(fresh)
    assert restored.states() == {"custom-azul": HIDDEN, QUICK_GAME["id"]: QUICK, "custom-golf": HIDDEN}, (
        "the games it brought, where the backup had them; a game here (and a built-in one) stays where it is")
    content = json.loads(backup)
    content["shelf"][0]["state"] = "lost"
    with pytest.raises(exchange.BackupError) as refused:
        exchange.import_backup(fresh, json.dumps(content).encode())
    assert refused.value.params["path"] == "shelf[0].state"
