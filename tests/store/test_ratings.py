"""Skill ratings: hand-worked small cases, and the same histories rated by calling openskill itself."""

from __future__ import annotations

import random
from datetime import date

import pytest
from openskill.models import PlackettLuce

from companion.store import ratings
from companion.store.ratings import MIN_PLAYS, Rating, cooperative_games, places, rate
from companion.store.stats import in_period
from companion.store.summary import PlaySummary
from scoring import all_specs
from scoring.custom import spec_from_definition

POOL = ("Mina", "Joon", "Sora", "Tae", "Hana")


def play(n: int, ranking: tuple[tuple[str, ...], ...], game: str = "kahuna", *, points: bool = True,
         winners: tuple[str, ...] | None = None, day: str = "2024-03-01") -> PlaySummary:
    """A play ranked as given (tied groups, best first); its winners are the first group unless said."""
    players = tuple(name for group in ranking for name in group)
    return PlaySummary(f"p{n:05d}", game, None, f"{day}T12:{n // 60 % 60:02d}:{n % 60:02d}+00:00", players,
                       dict.fromkeys(players, 0), ranking[0] if winners is None else winners, ranking, True,
                       points=points)


def test_two_players_one_game_the_winner_goes_up_and_the_loser_down() -> None:
    """Worked by hand (Plackett-Luce, the library's defaults): both start at mu 25, sigma 25/3; tau makes
    sigma^2 69.4514, c^2 = 2 (sigma^2 + beta^2) = 173.625. Each is half likely to win, so the winner's mu moves
    by sigma^2 / c * 0.5 = 2.6354 up and the loser's as much down; sigma shrinks by sqrt(1 - 0.25 sigma^2 / c^2 *
    sigma / c) to 8.066."""
    found = rate([play(1, (("Mina",), ("Joon",)))])
    mina, joon = found.overall["Mina"], found.overall["Joon"]
    assert mina.mu == pytest.approx(27.6354, abs=1e-4) and joon.mu == pytest.approx(22.3646, abs=1e-4)
    assert mina.sigma == pytest.approx(8.0659, abs=1e-4) and joon.sigma == mina.sigma
    assert mina.ordinal == pytest.approx(mina.mu - 3 * mina.sigma) and joon.ordinal < 0 < mina.ordinal
    assert found.per_game == {"kahuna": found.overall}
    assert (mina.plays, mina.shown) == (1, False)


def test_a_tie_moves_neither_skill_and_makes_both_surer() -> None:
    """Two tied at the start are each as likely ahead as behind: mu stays 25, sigma shrinks as in a win."""
    found = rate([play(1, (("Mina", "Joon"),))])
    assert [found.overall[n].mu for n in ("Mina", "Joon")] == pytest.approx([25.0, 25.0])
    assert found.overall["Mina"].sigma == pytest.approx(8.0659, abs=1e-4)


def test_a_shared_win_is_a_tie_for_first() -> None:
    found = rate([play(1, (("Mina", "Joon"), ("Sora",)))])
    mina, joon, sora = (found.overall[n] for n in ("Mina", "Joon", "Sora"))
    assert mina == joon and mina.mu > 25 > sora.mu


def test_a_rating_is_shown_from_the_fifth_play_of_the_game_and_overall_from_the_fifth_of_any() -> None:
    history = [play(n, (("Mina",), ("Joon",)), "kahuna" if n < 4 else "patchwork") for n in range(MIN_PLAYS)]
    four = rate(history[:-1])
    assert not four.overall["Mina"].shown and four.overall["Mina"].plays == 4
    five = rate(history)
    assert five.overall["Mina"].shown and five.overall["Mina"].plays == 5
    assert (five.per_game["kahuna"]["Mina"].plays, five.per_game["kahuna"]["Mina"].shown) == (4, False)
    assert five.ranking("kahuna") == [] and five.ranking("patchwork") == []
    sixth = rate([*history, *(play(10 + n, (("Joon",), ("Mina",))) for n in range(2))])
    assert [name for name, _ in sixth.ranking("kahuna")] == ["Mina", "Joon"]  # 6 plays each: 4 won against 2


def test_plays_are_rated_oldest_first_whatever_order_they_come_in() -> None:
    history = [play(1, (("Mina",), ("Joon",))), play(2, (("Joon",), ("Mina",))), play(3, (("Joon",), ("Mina",)))]
    assert rate(history) == rate(history[::-1])
    assert rate(history).overall["Joon"].mu > rate(history).overall["Mina"].mu  # the later wins count last


def test_a_cooperative_game_and_a_play_of_one_are_not_rated() -> None:
    crew = {"id": "custom-crew", "version": 1, "name": "The Crew", "players": {"min": 1, "max": 5},
            "categories": [], "cooperative": True}
    unrated = cooperative_games([*all_specs(), spec_from_definition(crew)])
    assert unrated == {"custom-crew"}
    found = rate([play(1, (("Mina", "Joon"),), "custom-crew"), play(2, (("Sora",),))], unrated)
    assert found.overall == {} and found.per_game == {}


def test_a_play_without_points_ranks_its_winners_first_and_everyone_else_tied() -> None:
    """An imported play holds only who won: whatever order its ranking gives the others, they tie."""
    avalon = play(1, (("Joon", "Sora"), ("Mina",), ("Tae",)), "custom-avalon", points=False)
    assert places(avalon) == (("Joon", "Sora"), ("Mina", "Tae"))
    nobody = play(2, (("Mina",), ("Joon",)), "custom-avalon", points=False, winners=())
    assert places(nobody) == (("Mina", "Joon"),)


def test_a_team_play_is_rated_team_against_team() -> None:
    """Mina and Joon (one team) beat Sora and Tae: openskill rates two teams of two, and Hana, in no team, alone."""
    teams = (("Mina", "Joon"), ("Sora", "Tae"))
    found = rate([play(1, (("Mina", "Joon"), ("Sora", "Tae"), ("Hana",)))._replace(teams=teams)])
    model = PlackettLuce()
    expected = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()], [model.rating()]])
    for team, skills in zip([*teams, ("Hana",)], expected, strict=True):
        for name, skill in zip(team, skills, strict=True):
            assert (found.overall[name].mu, found.overall[name].sigma) == pytest.approx((skill.mu, skill.sigma))
    alone = rate([play(1, (("Mina", "Joon"), ("Sora", "Tae"), ("Hana",)))])
    assert alone.overall["Mina"].mu != pytest.approx(found.overall["Mina"].mu), "teams of one rate otherwise"
    one_team = play(2, (("Mina", "Joon"),))._replace(teams=(("Mina", "Joon"),))
    assert rate([one_team]).overall == {}, "nobody beat anybody"


def test_a_period_rates_only_its_plays() -> None:
    history = [play(n, (("Mina",), ("Joon",)), day="2020-05-01") for n in range(6)]
    history += [play(10 + n, (("Joon",), ("Mina",)), day="2024-03-01") for n in range(2)]
    season = rate(in_period(history[::-1], "year", today=date(2024, 3, 20)))
    assert season == rate(history[6:])
    assert season.overall["Joon"].plays == 2 and season.overall["Joon"].mu > 25


def test_the_same_plays_asked_for_again_are_not_rated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    history = [play(n, (("Mina",), ("Joon",))) for n in range(3)]
    first = ratings.ratings(history)
    assert ratings.ratings(list(history)) is first
    monkeypatch.setattr(ratings, "rate", lambda *args: pytest.fail("rated again"))
    assert ratings.ratings(history) is first
    monkeypatch.undo()
    more = ratings.ratings([play(9, (("Joon",), ("Mina",))), *history])
    assert more is not first and more.overall["Mina"].plays == 4
    assert ratings.ratings(history, frozenset({"kahuna"})).overall == {}  # other games not rated: rated again


def library_ratings(history: list[PlaySummary]) -> dict[str, dict[str, tuple[float, float, int]]]:
    """The history rated by calling openskill directly: each play's teams of one, ranked by their place."""
    model = PlackettLuce()
    tables: dict[str, dict[str, tuple[float, float, int]]] = {}
    for summary in sorted(history, key=lambda s: s.finished_at):
        for scope in ("overall", summary.game):
            table = tables.setdefault(scope, {})
            names = [name for group in summary.ranking for name in group]
            ranks = [place for place, group in enumerate(summary.ranking) for _ in group]
            teams = [[model.rating(*table[n][:2]) if n in table else model.rating()] for n in names]
            for name, [new] in zip(names, model.rate(teams, ranks=ranks), strict=True):
                table[name] = (new.mu, new.sigma, table.get(name, (0, 0, 0))[2] + 1)
    return tables


def test_a_long_history_rates_as_openskill_rates_it() -> None:
    """300 plays of three games, 2 to 5 players, ties and shared wins: every rating is the library's."""
    rng = random.Random(26)
    history = []
    for n in range(300):
        seated = rng.sample(POOL, rng.randint(2, 5))
        cuts = sorted(rng.sample(range(1, len(seated)), rng.randint(0, len(seated) - 1)))
        groups = tuple(tuple(seated[a:b]) for a, b in zip([0, *cuts], [*cuts, len(seated)], strict=True))
        history.append(play(n, groups, rng.choice(("kahuna", "patchwork", "for-sale"))))
    found = rate(history)
    expected = library_ratings(history)
    got = {"overall": found.overall, **found.per_game}
    assert got.keys() == expected.keys()
    for scope, table in expected.items():
        assert got[scope].keys() == table.keys()
        for name, (mu, sigma, plays) in table.items():
            rating: Rating = got[scope][name]
            assert (rating.mu, rating.sigma, rating.plays) == (pytest.approx(mu, abs=1e-9),
                                                               pytest.approx(sigma, abs=1e-9), plays)
