"""Issue 23: "Send to BG Stats" is BG Stats' documented createPlay link: its date is the end of the play in UTC
whatever this computer's zone, each player in a team carries the team as recorded (BG Stats' unnamed teams as
they came), and the expansions, for which the link has no field, are not sent."""

from __future__ import annotations

import json
import time
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest

from companion.store.bgstats import add_play_url, plan_import, run_import
from companion.store.repository import Repository

from .bgstats_sample import variant
from .conftest import kahuna, make_play

TEAM_PLAY = "cb5db4db-7dc0-42d2-b0ca-3919997803f2"  # the real export's team game: teams "0" and "1"


@pytest.fixture
def seoul(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Asia/Seoul")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def payload(play: dict[str, Any]) -> dict[str, Any]:
    url = add_play_url(play)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    return json.loads(urllib.parse.unquote(url.split("data=", 1)[1]))  # type: ignore[no-any-return]


def test_the_date_is_the_end_in_utc(repo: Repository, seoul: None) -> None:
    repo.add_play(make_play("kahuna", "2024-03-01T23:50:00+00:00", kahuna([5, 5, 5], [1, 1, 1]), record={
        "timer": {"started_at": "2024-03-01T23:30:00+00:00", "elapsed_s": 1200}}))
    (play,) = repo.plays_newest_first()
    sent = payload(play)
    assert (sent["playDate"], sent["durationMin"]) == ("2024-03-01 23:50:00", 20)  # Seoul's clock said 08:50
    assert not any("team" in p for p in sent["players"]) and "expansions" not in sent


def test_teams_go_with_their_players_and_expansions_stay_out(repo: Repository) -> None:
    def with_expansion(content: dict[str, Any]) -> None:
        play = next(p for p in content["plays"] if p["uuid"] == TEAM_PLAY)
        game = next(g for g in content["games"] if g["name"] == "Root: The Underworld Expansion")
        play["expansionPlays"] = [{"gameRefId": game["id"], "bggId": game["bggId"]}]

    run_import(repo, plan_import(repo, variant(with_expansion)))
    play = next(p for p in repo.plays_newest_first() if p["record"]["bgstats_uuid"] == TEAM_PLAY)
    sent = payload(play)
    teams = play["record"]["teams"]
    assert [p["team"] for p in sent["players"]] == [teams[p["name"]] for p in sent["players"]]
    assert {p["team"] for p in sent["players"]} == {"0", "1"}  # BG Stats' unnamed teams, as they came
    assert play["record"]["expansions"] and "expansions" not in sent and "expansionPlays" not in sent
