"""Skill ratings as a player reads them (store/ratings.py): a player's per game and over all games, a game's
ranking. A rating is written with its uncertainty: 'rating 18.4 (skill 27.1 ± 8.7)', the rating being the low
end of that range; before a player's fifth rated play, how many there are so far."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import flet as ft

from ..i18n import Translator
from ..store.ratings import MIN_PLAYS, Rating, Ratings
from .common import section, tagged
from .text import AppText


def rating_text(t: Translator, rating: Rating) -> str:
    if not rating.shown:
        return t("stats.rating_pending", min=MIN_PLAYS, n=rating.plays)
    skill, low = round(rating.mu, 1), round(rating.ordinal, 1)
    return t("stats.rating", rating=low, skill=skill, margin=round(skill - low, 1))  # the sum adds up as written


def player_ratings(t: Translator, ratings: Ratings, name: str, games: Iterable[str],
                   game_name: Callable[[str], str]) -> ft.Control | None:
    """A player's rating over all games, then in each of `games` rated (in their order); None without a rated
    play."""
    overall = ratings.overall.get(name)
    if overall is None:
        return None
    rows = [_row("stats.rating.overall", t("stats.rating_overall"), rating_text(t, overall))]
    rows += [_row(f"stats.rating.{game}", game_name(game), rating_text(t, ratings.per_game[game][name]))
             for game in games if name in ratings.per_game.get(game, {})]
    return section(t("stats.ratings"), *rows, subtitle=t("stats.ratings_hint"))


def game_ranking(t: Translator, ratings: Ratings, game: str, cooperative: bool,
                 open_player: Callable[[str], None]) -> ft.Control | None:
    """The players of a game by rating, best first, then who is not ranked yet; None when no play is rated."""
    if cooperative:
        return tagged("stats.ranking", section(t("stats.ranking"), AppText(t("stats.ranking_cooperative"), size=13)))
    rated = ratings.per_game.get(game)
    if not rated:
        return None
    rows: list[ft.Control] = [tagged(f"stats.rank.{name}", ft.ListTile(
        leading=AppText(t.number(place), size=18, weight=ft.FontWeight.BOLD),
        title=AppText(name, weight=ft.FontWeight.BOLD), subtitle=AppText(rating_text(t, rating), size=13),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT), on_click=lambda e, n=name: open_player(n)))
        for place, (name, rating) in enumerate(ratings.ranking(game), 1)]
    waiting = sorted((name for name, rating in rated.items() if not rating.shown), key=str.casefold)
    if waiting:
        rows.append(tagged("stats.unranked", AppText(t("stats.unranked", min=MIN_PLAYS, names=", ".join(waiting)),
                                                     size=13)))
    return tagged("stats.ranking", section(t("stats.ranking"), *rows, subtitle=t("stats.ratings_hint")))


def _row(identifier: str, title: str, text: str) -> ft.Control:
    return tagged(identifier, ft.ListTile(title=AppText(title), subtitle=AppText(text, size=13)))
