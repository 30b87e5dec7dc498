"""The 46 destination tickets of Ticket to Ride: Europe, and how a typed city name is matched to them.

Cities are spelled as on the map (Danzic, Zagrab, København...). A typed name is matched ignoring case,
accents and punctuation, so "kobenhavn", "Kobenhavn" and "København" are the same city; a city's Korean
names match too (베를린 = Berlin).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

# Letters that Unicode does not decompose into a base letter plus an accent.
_PLAIN_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ı": "i"})
# The map prints the old names Danzic and Zagrab; the spec and most lists write Danzig and Zagreb.
_MAP_SPELLING = {"danzig": "danzic", "zagreb": "zagrab"}


# Korean names of the map's cities. The Korean rule text (seed 001) names no city, so these are the standard
# Korean exonyms (국립국어원 외래어 표기), the first one shown; where the map prints an old name, the Korean
# name of that old city comes first and today's name is accepted too (앙고라 / 앙카라).
KOREAN_NAMES: dict[str, tuple[str, ...]] = {
    "Amsterdam": ("암스테르담",), "Angora": ("앙고라", "앙카라"), "Athina": ("아테네",), "Barcelona": ("바르셀로나",),
    "Berlin": ("베를린",), "Brest": ("브레스트",), "Brindisi": ("브린디시",), "Bruxelles": ("브뤼셀",),
    "Bucuresti": ("부쿠레슈티",), "Budapest": ("부다페스트",), "Cádiz": ("카디스",),
    "Constantinople": ("콘스탄티노플", "이스탄불"), "Danzic": ("단치히", "그단스크"), "Dieppe": ("디에프",),
    "Edinburgh": ("에든버러",), "Erzurum": ("에르주룸",), "Essen": ("에센",), "Frankfurt": ("프랑크푸르트",),
    "Kharkov": ("하리코프", "하르키우"), "København": ("코펜하겐",), "Kyiv": ("키이우", "키예프"),
    "Lisboa": ("리스본",), "London": ("런던",), "Madrid": ("마드리드",), "Marseille": ("마르세유",),
    "Moskva": ("모스크바",), "München": ("뮌헨",), "Palermo": ("팔레르모",), "Pamplona": ("팜플로나",),
    "Paris": ("파리",), "Petrograd": ("페트로그라드", "상트페테르부르크"), "Riga": ("리가",), "Roma": ("로마",),
    "Rostov": ("로스토프",), "Sarajevo": ("사라예보",), "Sevastopol": ("세바스토폴",), "Smolensk": ("스몰렌스크",),
    "Smyrna": ("스미르나", "이즈미르"), "Sochi": ("소치",), "Sofia": ("소피아",), "Stockholm": ("스톡홀름",),
    "Venezia": ("베네치아", "베니스"), "Warszawa": ("바르샤바",), "Wien": ("빈", "비엔나"),
    "Wilno": ("빌노", "빌뉴스"), "Zagrab": ("자그레브",), "Zürich": ("취리히",),
}


def normalize_city(name: str) -> str:
    """The comparison key of a city name: lower case, no accents, letters and digits only.

    >>> normalize_city("København") == normalize_city("KOBENHAVN") == "kobenhavn"
    True
    """
    plain = _plain(name)
    return _MAP_SPELLING.get(plain, plain)


def _plain(name: str) -> str:
    """Lower case without accents; Hangul comes apart into its letters (jamo), so a half-typed syllable
    (베르 on the way to 베를린) still matches the start of a name."""
    decomposed = unicodedata.normalize("NFKD", name.casefold().translate(_PLAIN_LETTERS))
    return "".join(ch for ch in decomposed if ch.isalnum())  # combining accents are not alphanumeric


def korean_name(city: str) -> str:
    """The Korean name shown for a city of the map."""
    return KOREAN_NAMES[city][0]


def city_keys(city: str) -> tuple[str, ...]:
    """Every name a city is found by: as on the map, and in Korean."""
    return (normalize_city(city), *(_plain(name) for name in KOREAN_NAMES[city]))


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
    def korean_name(self) -> str:
        return f"{korean_name(self.from_city)} – {korean_name(self.to_city)}"

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
# A Korean name typed in a ticket's city field -> the map's city.
_BY_KOREAN: dict[str, str] = {_plain(k): normalize_city(city) for city, names in KOREAN_NAMES.items() for k in names}


def _city(name: str) -> str:
    key = normalize_city(name)
    return _BY_KOREAN.get(key, key)


def lookup_ticket(a: str, b: str) -> Ticket | None:
    """The ticket between two cities, in either order, named as on the map or in Korean; None if there is none."""
    return _BY_CITIES.get(frozenset((_city(a), _city(b))))


def find_tickets(query: str) -> list[Ticket]:
    """Tickets with a city whose name (as on the map, or in Korean) contains `query`, case and accents ignored,
    sorted by city names. An empty query lists every ticket.
    """
    wanted = {normalize_city(query), _plain(query)}  # "danzig" is the map's Danzic
    found = [t for t in TICKETS
             if any(w in key for city in (t.from_city, t.to_city) for key in city_keys(city) for w in wanted)]
    return sorted(found, key=lambda t: (normalize_city(t.from_city), normalize_city(t.to_city)))
