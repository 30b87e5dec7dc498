"""The 46 destination tickets of Ticket to Ride: Europe, and how a typed city name is matched to them.

Cities are spelled as on the map (Danzic, Zagrab, København...). A typed name is matched ignoring case,
accents and punctuation, so "kobenhavn", "Kobenhavn" and "København" are the same city.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

# Letters that Unicode does not decompose into a base letter plus an accent.
_PLAIN_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ı": "i"})
# The map prints the old names Danzic and Zagrab; the spec and most lists write Danzig and Zagreb.
_MAP_SPELLING = {"danzig": "danzic", "zagreb": "zagrab"}


def normalize_city(name: str) -> str:
    """The comparison key of a city name: lower case, no accents, letters and digits only.

    >>> normalize_city("København") == normalize_city("KOBENHAVN") == "kobenhavn"
    True
    """
    decomposed = unicodedata.normalize("NFKD", name.casefold().translate(_PLAIN_LETTERS))
    plain = "".join(ch for ch in decomposed if ch.isalnum())  # combining accents are not alphanumeric
    return _MAP_SPELLING.get(plain, plain)


@dataclass(frozen=True)
class Ticket:
    """One destination ticket: two cities as the map spells them, its points, and whether it is a long route."""

    from_city: str
    to_city: str
    points: int
    long: bool = False

    @property
    def name(self) -> str:
        return f"{self.from_city} – {self.to_city}"

    @property
    def key(self) -> frozenset[str]:
        return frozenset((normalize_city(self.from_city), normalize_city(self.to_city)))

    def to_json(self) -> dict[str, Any]:
        return {"from": self.from_city, "to": self.to_city, "points": self.points, "long": self.long}


LONG_TICKETS: tuple[Ticket, ...] = (
    Ticket("Brest", "Petrograd", 20, long=True),
    Ticket("Lisboa", "Danzic", 20, long=True),
    Ticket("Palermo", "Moskva", 20, long=True),
    Ticket("Cádiz", "Stockholm", 21, long=True),
    Ticket("Edinburgh", "Athina", 21, long=True),
    Ticket("København", "Erzurum", 21, long=True),
)

REGULAR_TICKETS: tuple[Ticket, ...] = (
    Ticket("Athina", "Angora", 5),
    Ticket("Budapest", "Sofia", 5),
    Ticket("Frankfurt", "København", 5),
    Ticket("Rostov", "Erzurum", 5),
    Ticket("Sofia", "Smyrna", 5),
    Ticket("Kyiv", "Petrograd", 6),
    Ticket("Warszawa", "Smolensk", 6),
    Ticket("Zagrab", "Brindisi", 6),
    Ticket("Zürich", "Brindisi", 6),
    Ticket("Zürich", "Budapest", 6),
    Ticket("Amsterdam", "Pamplona", 7),
    Ticket("Brest", "Marseille", 7),
    Ticket("Edinburgh", "Paris", 7),
    Ticket("London", "Berlin", 7),
    Ticket("Paris", "Zagrab", 7),
    Ticket("Barcelona", "Bruxelles", 8),
    Ticket("Barcelona", "München", 8),
    Ticket("Berlin", "Bucuresti", 8),
    Ticket("Brest", "Venezia", 8),
    Ticket("Kyiv", "Sochi", 8),
    Ticket("Madrid", "Dieppe", 8),
    Ticket("Madrid", "Zürich", 8),
    Ticket("Marseille", "Essen", 8),
    Ticket("Palermo", "Constantinople", 8),
    Ticket("Paris", "Wien", 8),
    Ticket("Roma", "Smyrna", 8),
    Ticket("Sarajevo", "Sevastopol", 8),
    Ticket("Smolensk", "Rostov", 8),
    Ticket("Berlin", "Roma", 9),
    Ticket("Bruxelles", "Danzic", 9),
    Ticket("Angora", "Kharkov", 10),
    Ticket("Essen", "Kyiv", 10),
    Ticket("London", "Wien", 10),
    Ticket("Riga", "Bucuresti", 10),
    Ticket("Venezia", "Constantinople", 10),
    Ticket("Athina", "Wilno", 11),
    Ticket("Stockholm", "Wien", 11),
    Ticket("Amsterdam", "Wilno", 12),
    Ticket("Berlin", "Moskva", 12),
    Ticket("Frankfurt", "Smolensk", 13),
)

TICKETS: tuple[Ticket, ...] = LONG_TICKETS + REGULAR_TICKETS
_BY_CITIES: dict[frozenset[str], Ticket] = {t.key: t for t in TICKETS}


def lookup_ticket(a: str, b: str) -> Ticket | None:
    """The ticket between two cities, in either order, or None if the deck has no such ticket."""
    return _BY_CITIES.get(frozenset((normalize_city(a), normalize_city(b))))


def find_tickets(query: str) -> list[Ticket]:
    """Tickets with a city containing `query` (case and accents ignored), sorted by city names.

    An empty query lists every ticket.
    """
    wanted = normalize_city(query)
    found = [t for t in TICKETS if wanted in normalize_city(t.from_city) or wanted in normalize_city(t.to_city)]
    return sorted(found, key=lambda t: (normalize_city(t.from_city), normalize_city(t.to_city)))
