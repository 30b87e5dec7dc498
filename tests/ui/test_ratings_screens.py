"""Skill ratings as a player reads them: their own per game and over all games, a game's ranking, by period."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from companion.app import Services
from companion.store.ratings import Rating, rate
from scoring import score_sheet

from .conftest import example
from .harness import Harness
from .test_stats_screens import bgstats_play, import_bgstats

NOW = datetime.now(UTC).replace(microsecond=0)
LONG_AGO = datetime(2020, 5, 1, 20, tzinfo=UTC)


def add_plays(services: Services, game: str, n: int, start: datetime = LONG_AGO) -> None:
    """n plays of the game's example (Joon beats Mina), an hour apart."""
    sheet = example(game)
    result = score_sheet(sheet).to_json()
    services.repo.add_plays([{"game": game, "sheet": sheet, "rules_version": 1, "result": result,
                              "finished_at": (start + timedelta(hours=k)).isoformat()} for k in range(n)])
    services.repo.remember_players(["Mina", "Joon"])


def written(rating: Rating) -> str:
    skill, low = round(rating.mu, 1), round(rating.ordinal, 1)
    return f"rating {low} (skill {skill} ± {round(skill - low, 1)})"


def test_a_players_rating_per_game_and_overall_from_their_fifth_play(open_app: Callable[..., Harness],
                                                                     services: Services) -> None:
    add_plays(services, "kahuna", 4)
    add_plays(services, "patchwork", 1, LONG_AGO + timedelta(days=1))
    found = rate(list(services.repo.summaries()))
    ui = open_app("/stats/player/Joon")
    assert ui.control("stats.rating.overall").subtitle.value == written(found.overall["Joon"])
    assert found.overall["Joon"].ordinal > 0
    assert ui.control("stats.rating.kahuna").subtitle.value == "rated after 5 plays: 4 so far"
    assert ui.control("stats.rating.patchwork").title.value == "Patchwork"
    mina = open_app("/stats/player/Mina")
    assert mina.control("stats.rating.overall").subtitle.value == written(found.overall["Mina"])
    assert found.overall["Mina"].ordinal < found.overall["Joon"].ordinal


def test_a_games_ranking_lists_the_rated_best_first_and_who_is_not_yet(open_app: Callable[..., Harness],
                                                                       services: Services) -> None:
    add_plays(services, "kahuna", 4)
    ui = open_app("/stats/game/kahuna")
    assert ui.control("stats.unranked").value == "Ranked after 5 plays: Joon, Mina"
    assert ui.find_all("stats.rank.") == []
    add_plays(services, "kahuna", 1, NOW)
    ui = open_app("/stats/game/kahuna")
    assert ui.find_all("stats.rank.") == ["stats.rank.Joon", "stats.rank.Mina"]
    ranked = rate(list(services.repo.summaries())).per_game["kahuna"]
    joon = ui.control("stats.rank.Joon")
    assert (joon.leading.value, joon.subtitle.value) == ("1", written(ranked["Joon"]))
    assert not ui.exists("stats.unranked")
    ui.click("stats.rank.Mina")
    assert ui.view.route == "/stats/game/kahuna/player/Mina"


def test_a_period_is_a_season_rated_from_its_own_plays(open_app: Callable[..., Harness],
                                                       services: Services) -> None:
    add_plays(services, "kahuna", 5)
    add_plays(services, "kahuna", 1, NOW)
    ui = open_app("/stats/game/kahuna")
    assert ui.exists("stats.rank.Joon")
    ui.choose("stats.period", "month")
    assert ui.control("stats.unranked").value == "Ranked after 5 plays: Joon, Mina"
    player = open_app("/stats/player/Joon")
    player.choose("stats.period", "month")
    assert player.control("stats.rating.kahuna").subtitle.value == "rated after 5 plays: 1 so far"


def test_a_cooperative_game_is_not_ranked(open_app: Callable[..., Harness], services: Services) -> None:
    import_bgstats(services, [{"id": 1, "name": "The Crew", "cooperative": True}],
                   [bgstats_play(f"crew{k}", 1, k + 1, [{"winner": True}, {"winner": True}]) for k in range(6)])
    [game] = {s.game for s in services.repo.summaries()}
    ui = open_app(f"/stats/game/{game}")
    assert ui.control("stats.ranking").content.controls[1].value == (
        "Played together: everyone wins or loses as one, so no one is ranked.")
    player = open_app("/stats/player/Mina")
    assert player.exists("stats.line." + game) and not player.exists("stats.rating.overall")


def test_a_rating_in_korean(open_app: Callable[..., Harness], services: Services) -> None:
    add_plays(services, "kahuna", 2)
    ui = open_app("/stats/player/Joon", lang="ko")
    assert ui.control("stats.rating.overall").title.value == "모든 게임"
    assert ui.control("stats.rating.kahuna").subtitle.value == "5게임부터 레이팅이 나옵니다: 지금 2게임"
