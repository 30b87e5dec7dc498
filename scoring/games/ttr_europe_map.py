"""The routes of the Ticket to Ride: Europe map: which city pairs are joined, by how many trains, on how many tracks.

Source: the board of Ticket to Ride: Europe (Days of Wonder, 2005), route by route: 90 city pairs, 101 tracks,
11 of the pairs double routes. Cross-checked against two public route lists: github.com/alphajuliet/ticket-to-ride
(ttr-europe.csv, which has Athina-Sofia as 4 trains) and a Haskell `Variant.Europe` edge list (Athina-Sofia 3,
as on the board and in the product spec's counts). Cities are spelled as on the map (Danzic, Zagrab).

With 2 or 3 players only one track of a double route can be used, so the map holds as many routes of a
length as it has city pairs of that length; with 4 or 5 players both tracks can be claimed (by different
players), so it holds as many as it has tracks. A single player never claims both tracks of a pair.
"""

from __future__ import annotations

from collections import Counter

# (city, city, trains, tracks): tracks is 2 for a double route.
ROUTES: tuple[tuple[str, str, int, int], ...] = (
    ("Amsterdam", "Bruxelles", 1, 1), ("Amsterdam", "Essen", 3, 1), ("Amsterdam", "Frankfurt", 2, 1),
    ("Amsterdam", "London", 2, 1), ("Angora", "Constantinople", 2, 1), ("Angora", "Erzurum", 3, 1),
    ("Angora", "Smyrna", 3, 1), ("Athina", "Brindisi", 4, 1), ("Athina", "Sarajevo", 4, 1),
    ("Athina", "Smyrna", 2, 1), ("Athina", "Sofia", 3, 1), ("Barcelona", "Madrid", 2, 1),
    ("Barcelona", "Marseille", 4, 1), ("Barcelona", "Pamplona", 2, 1), ("Berlin", "Danzic", 4, 1),
    ("Berlin", "Essen", 2, 1), ("Berlin", "Frankfurt", 3, 2), ("Berlin", "Warszawa", 4, 2),
    ("Berlin", "Wien", 3, 1), ("Brest", "Dieppe", 2, 1), ("Brest", "Pamplona", 4, 1), ("Brest", "Paris", 3, 1),
    ("Brindisi", "Palermo", 3, 1), ("Brindisi", "Roma", 2, 1), ("Bruxelles", "Dieppe", 2, 1),
    ("Bruxelles", "Frankfurt", 2, 1), ("Bruxelles", "Paris", 2, 2), ("Bucuresti", "Budapest", 4, 1),
    ("Bucuresti", "Constantinople", 3, 1), ("Bucuresti", "Kyiv", 4, 1), ("Bucuresti", "Sevastopol", 4, 1),
    ("Bucuresti", "Sofia", 2, 1), ("Budapest", "Kyiv", 6, 1), ("Budapest", "Sarajevo", 3, 1),
    ("Budapest", "Wien", 1, 2), ("Budapest", "Zagrab", 2, 1), ("Cádiz", "Lisboa", 2, 1), ("Cádiz", "Madrid", 3, 1),
    ("Constantinople", "Sevastopol", 4, 1), ("Constantinople", "Smyrna", 2, 1), ("Constantinople", "Sofia", 3, 1),
    ("Danzic", "Riga", 3, 1), ("Danzic", "Warszawa", 2, 1), ("Dieppe", "London", 2, 2), ("Dieppe", "Paris", 1, 1),
    ("Edinburgh", "London", 4, 2), ("Erzurum", "Sevastopol", 4, 1), ("Erzurum", "Sochi", 3, 1),
    ("Essen", "Frankfurt", 2, 1), ("Essen", "København", 3, 2), ("Frankfurt", "München", 2, 1),
    ("Frankfurt", "Paris", 3, 2), ("Kharkov", "Kyiv", 4, 1), ("Kharkov", "Moskva", 4, 1), ("Kharkov", "Rostov", 2, 1),
    ("København", "Stockholm", 3, 2), ("Kyiv", "Smolensk", 3, 1), ("Kyiv", "Warszawa", 4, 1), ("Kyiv", "Wilno", 2, 1),
    ("Lisboa", "Madrid", 3, 1), ("Madrid", "Pamplona", 3, 2), ("Marseille", "Pamplona", 4, 1),
    ("Marseille", "Paris", 4, 1), ("Marseille", "Roma", 4, 1), ("Marseille", "Zürich", 2, 1),
    ("Moskva", "Petrograd", 4, 1), ("Moskva", "Smolensk", 2, 1), ("München", "Venezia", 2, 1),
    ("München", "Wien", 3, 1), ("München", "Zürich", 2, 1), ("Palermo", "Roma", 4, 1), ("Palermo", "Smyrna", 6, 1),
    ("Pamplona", "Paris", 4, 2), ("Paris", "Zürich", 3, 1), ("Petrograd", "Riga", 4, 1),
    ("Petrograd", "Stockholm", 8, 1), ("Petrograd", "Wilno", 4, 1), ("Riga", "Wilno", 4, 1),
    ("Roma", "Venezia", 2, 1), ("Rostov", "Sevastopol", 4, 1), ("Rostov", "Sochi", 2, 1),
    ("Sarajevo", "Sofia", 2, 1), ("Sarajevo", "Zagrab", 3, 1), ("Sevastopol", "Sochi", 2, 1),
    ("Smolensk", "Wilno", 3, 1), ("Venezia", "Zagrab", 2, 1), ("Venezia", "Zürich", 2, 1), ("Warszawa", "Wien", 4, 1),
    ("Warszawa", "Wilno", 3, 1), ("Wien", "Zagrab", 2, 1),
)

CITY_PAIRS: dict[int, int] = dict(sorted(Counter(trains for _, _, trains, _ in ROUTES).items()))
TRACKS: dict[int, int] = dict(sorted(sum((Counter({trains: tracks}) for _, _, trains, tracks in ROUTES),
                                         Counter()).items()))


def routes_on_map(n_players: int) -> dict[int, int]:
    """Routes of each length the map holds for all players together: city pairs with 2-3 players, else tracks."""
    return dict(CITY_PAIRS) if n_players <= 3 else dict(TRACKS)
