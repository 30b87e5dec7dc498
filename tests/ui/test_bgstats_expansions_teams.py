"""Issue 23, on screen: a BG Stats file's expansions are no game cards on Home, the base game's statistics name
them and a play's details offer them; BG Stats' unnamed teams ("0", "1") are Team 1 and Team 2 in the player's
language, and stay "0" and "1" when the details are saved unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.app import Services
from companion.store.bgstats import plan_import, run_import
from companion.store.bgstats_keep import KeptStore
from companion.store.play_record import record_of

from ..store.bgstats_sample import variant
from .harness import Harness

TEAM_PLAY = "cb5db4db-7dc0-42d2-b0ca-3919997803f2"  # the real export's team game: teams "0" and "1", "1" won


def _game(content: dict[str, Any], name: str) -> dict[str, Any]:
    return next(g for g in content["games"] if g["name"] == name)


def with_expansions(content: dict[str, Any]) -> None:
    """The newest play logged as Dominion: Prosperity itself, one play of Root with its Underworld expansion."""
    content["plays"][78]["gameRefId"] = _game(content, "Dominion: Prosperity")["id"]
    underworld = _game(content, "Root: The Underworld Expansion")
    content["plays"][13]["expansionPlays"] = [{"gameRefId": underworld["id"], "bggId": underworld["bggId"]}]


def imported(services: Services) -> tuple[dict[str, Any], dict[str, str]]:
    data = variant(with_expansions)
    run_import(services.repo, plan_import(services.repo, data))
    games = {e["object"]["name"]: e["game"] for e in KeptStore(services.repo).read().games.values()}
    return json.loads(data), games  # type: ignore[return-value]


def play_of(services: Services, uuid: str) -> dict[str, Any]:
    return next(p for p in services.repo.plays_newest_first() if p["record"]["bgstats_uuid"] == uuid)


def test_expansions_are_not_games_to_play_and_the_base_game_names_them(open_app: Callable[..., Harness],
                                                                        services: Services) -> None:
    source, games = imported(services)
    ui = open_app("/")
    assert ui.exists(f"home.game.{games['Dominion']}") and ui.exists(f"home.game.{games['Root']}")
    assert not ui.exists(f"home.game.{games['Dominion: Prosperity']}")
    assert ui.exists(f"home.recent.{games['Dominion']}")  # played lately, in the same weeks as its expansion
    assert not ui.exists(f"home.recent.{games['Dominion: Prosperity']}")
    ui = open_app(f"/stats/game/{games['Root']}")
    assert "Expansions: Root: The Underworld Expansion" in ui.texts()
    ui = open_app(f"/stats/game/{games['Dominion']}", lang="de")
    assert "Erweiterungen: Dominion: Prosperity" in ui.texts()
    ui = open_app(f"/history/{play_of(services, source['plays'][78]['uuid'])['id']}")  # its play stays
    assert ui.exists("record")


def test_a_play_of_the_base_game_is_offered_its_expansions(open_app: Callable[..., Harness],
                                                          services: Services) -> None:
    source, _ = imported(services)
    play = play_of(services, source["plays"][15]["uuid"])  # a play of Root with no expansion
    underworld = _game(source, "Root: The Underworld Expansion")
    ui = open_app(f"/history/{play['id']}")
    ui.click("record.edit")
    ui.type("record.field.expansions", "Homeland")
    ui.click("record.expansion_offer.0")
    ui.click("record.expansion_offer.0")  # taken once
    ui.click("record.save")
    assert record_of(services.repo.play(play["id"]))["expansions"] == [
        {"name": "Homeland"},
        {"name": underworld["name"], "bgg_id": underworld["bggId"], "bgstats": underworld["uuid"]}]


def test_unnamed_bgstats_teams_are_numbered_from_one(open_app: Callable[..., Harness], services: Services) -> None:
    imported(services)
    play = play_of(services, TEAM_PLAY)
    ui = open_app(f"/history/{play['id']}")
    assert ui.tagged("record.team.0").label.startswith(("Team 1: ", "Team 2: "))
    assert "Team 2 won" in ui.texts() and "Team 0" not in " ".join(ui.texts())
    ui.click("record.edit")
    ui.click("record.save")
    assert record_of(services.repo.play(play["id"]))["teams"] == record_of(play)["teams"]  # "0" and "1" stay
    assert "팀 2 승리" in open_app(f"/history/{play['id']}", lang="ko").texts()
    assert "Team 2 hat gewonnen" in open_app(f"/history/{play['id']}", lang="de").texts()
