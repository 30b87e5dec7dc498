"""Player profiles: colour, rename everywhere, merge two into one."""

from __future__ import annotations

import pytest

from companion.store.repository import PlayerError, Repository
from scoring.sheet_tools import players_in

from .conftest import example, kahuna, make_play


@pytest.fixture
def played(repo: Repository) -> Repository:
    repo.remember_players(["Mina", "Joon", "Ana", "Ben", "Cho", "Mia"])
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    repo.add_play(make_play("pina-coladice", "2024-03-02T12:00:00+00:00"))
    return repo


def error_of(action: object) -> tuple[str, dict[str, object]]:
    with pytest.raises(PlayerError) as caught:
        action()  # type: ignore[operator]
    return caught.value.message_key, caught.value.params


def test_colour_is_set_and_cleared(played: Repository) -> None:
    played.set_player_colour("Mina", "#2a9d8f")
    played.set_player_colour("Joon", "amber200")
    played.set_player_colour("Joon", None)
    assert {p["name"]: p["colour"] for p in played.players()}["Mina"] == "#2a9d8f"
    assert {p["name"]: p["colour"] for p in played.players()}["Joon"] is None


def test_a_bad_colour_or_unknown_player_is_refused(played: Repository) -> None:
    assert error_of(lambda: played.set_player_colour("Mina", "red; drop")) == (
        "players.error.colour", {"colour": "red; drop"})
    assert error_of(lambda: played.set_player_colour("Nobody", "#000000")) == (
        "players.error.unknown", {"name": "Nobody"})


def test_rename_changes_profile_plays_references_and_games_in_progress(played: Repository) -> None:
    draft = played.new_draft({"game": "kahuna", "sheet": kahuna([2], [3])})
    assert played.rename_player("Mina", "Minah") == 1
    assert [p["name"] for p in played.players()] == ["Ana", "Ben", "Cho", "Joon", "Mia", "Minah"]
    [newest, oldest] = played.history_page().items
    assert oldest.totals == {"Minah": 7, "Joon": 0} and oldest.winners == ("Minah",)
    play = played.play(oldest.id)
    assert play is not None and play["sheet"]["rounds"][0] == {"Minah": 5, "Joon": 1}
    renamed = played.draft(draft["id"])
    assert renamed is not None
    assert players_in(renamed["sheet"]) == ["Minah", "Joon"]
    assert played.rename_player("Ben", "Benny") == 1
    events = played.play(newest.id)["sheet"]["events"]  # type: ignore[index]
    assert [e["player"] for e in events[:5]] == ["Ana", "Benny", "Cho", "Ana", "Benny"]


def test_rename_refuses_a_taken_or_invalid_name_and_changes_nothing(played: Repository) -> None:
    before = list(played.plays_newest_first())
    assert error_of(lambda: played.rename_player("Mina", "Joon")) == ("players.error.exists", {"name": "Joon"})
    for bad in ("", " Mina", "x" * 31):
        assert error_of(lambda bad=bad: played.rename_player("Mina", bad)) == ("players.error.invalid", {"n": 30})
    assert error_of(lambda: played.rename_player("Nobody", "Zed")) == ("players.error.unknown", {"name": "Nobody"})
    assert list(played.plays_newest_first()) == before


def test_rename_refuses_a_name_already_in_a_game_with_the_player(played: Repository) -> None:
    played.add_play(make_play("kahuna", "2024-03-03T12:00:00+00:00",
                              {**kahuna([5], [1]), "players": [{"name": "Mina"}, {"name": "Zed"}],
                               "rounds": [{"Mina": 5, "Zed": 1}]}))
    assert error_of(lambda: played.rename_player("Mina", "Zed")) == ("players.error.exists", {"name": "Zed"})
    assert [p["name"] for p in played.players()].count("Mina") == 1


def test_merge_moves_the_plays_and_deletes_the_profile(played: Repository) -> None:
    played.remember_players(["Mina2"])
    played.add_play(make_play("kahuna", "2024-03-03T12:00:00+00:00",
                              {**kahuna([5], [1]), "players": [{"name": "Mina2"}, {"name": "Ana"}],
                               "rounds": [{"Mina2": 5, "Ana": 1}]}))
    assert played.merge_players("Mina2", "Mina") == 1
    assert "Mina2" not in [p["name"] for p in played.players()]
    assert [s.players for s in played.history_page(player="Mina").items] == [("Mina", "Ana"), ("Mina", "Joon")]


def test_merge_refuses_players_who_played_together(played: Repository) -> None:
    before = list(played.plays_newest_first())
    assert error_of(lambda: played.merge_players("Joon", "Mina")) == (
        "players.error.played_together", {"source": "Joon", "target": "Mina"})
    assert error_of(lambda: played.merge_players("Mina", "Mina")) == ("players.error.same", {"name": "Mina"})
    assert error_of(lambda: played.merge_players("Mina", "Nobody")) == ("players.error.unknown", {"name": "Nobody"})
    assert list(played.plays_newest_first()) == before
    assert "Joon" in [p["name"] for p in played.players()]


def test_merge_refuses_when_a_game_in_progress_has_both(played: Repository) -> None:
    played.new_draft({"game": "for-sale", "sheet": example("for-sale")})
    played.remember_players(["Minji", "Alex"])
    assert error_of(lambda: played.merge_players("Minji", "Alex"))[0] == "players.error.played_together"


def test_a_play_the_current_rules_refuse_is_renamed_in_its_stored_result(played: Repository) -> None:
    refused = {**kahuna([9], [1])}  # 9 islands: more than the board has
    result = {"game": "kahuna", "rules_version": 1, "players": [
        {"name": "Mina", "total": 1, "breakdown": {}, "eliminated": False},
        {"name": "Joon", "total": 0, "breakdown": {}, "eliminated": False}],
        "ranking": [["Mina"], ["Joon"]], "winners": ["Mina"], "tiebreaks": [], "finished": False,
        "end_reason": None, "progress": [{"Mina": 1, "Joon": 0}], "extras": {}}
    stored = played.add_play({"game": "kahuna", "sheet": refused, "rules_version": 1, "result": result,
                              "finished_at": "2024-03-04T12:00:00+00:00"})
    played.rename_player("Mina", "Minah")
    play = played.play(stored["id"])
    assert play is not None
    assert play["result"]["winners"] == ["Minah"]
    assert play["result"]["progress"] == [{"Minah": 1, "Joon": 0}]
    assert players_in(play["sheet"]) == ["Minah", "Joon"]
