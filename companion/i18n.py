"""Translation: every word the app shows is a message of its catalog, companion/locales/<lang>.json, or of the
engine's (scoring/locales), both worded by one mechanism (scoring/messages.py).

A language is one the app and the engine both have a catalog file for: adding a language is adding those two
files, and a key a language's file lacks is shown in English. Numbers, dates and plural forms follow the
language's CLDR rules through Babel; only the locales the app speaks are ever loaded (Babel reads `<lang>.dat`,
`root.dat` and `global.dat` on first use, about 1 MB of its 35 MB of locale data).

A counted text has one catalog entry per plural form of its language, `key#one`, `key#other` (Korean has
only `#other`); `t(key, n=...)` picks the form for `n`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.dates import format_skeleton, format_time
from babel.numbers import format_compact_decimal, format_decimal, format_percent

from scoring.messages import DEFAULT_LANGUAGE, ENGINE, PLURAL_MARK, Catalog, Words, drawable, locale, plural_keys

if TYPE_CHECKING:
    from .store.refusal import RefusedError

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "PLURAL_MARK", "Translator", "catalog", "in_languages",
           "language_from_locale", "language_name", "locale", "plural_keys"]

LOCALES_DIR = Path(__file__).parent / "locales"
APP = Catalog(LOCALES_DIR)
LANGUAGES = tuple(lang for lang in APP.languages if lang in ENGINE.languages)
COMPACT_FROM = 100_000  # chart labels above this are shortened (120K, 12만)


def catalog(lang: str) -> dict[str, str]:
    """The app's texts in `lang` as its file has them."""
    return APP.entries(lang)


def in_languages(key: str, languages: Iterable[str]) -> dict[str, str]:
    """A catalog text in each of `languages`, for what is stored and shown later in any (a quick game's name)."""
    return {lang: Translator(lang)(key) for lang in languages}


def language_from_locale(code: str | None) -> str:
    """'ko-KR', 'ko_KR', 'ko' -> 'ko' (when the app speaks it); anything else -> English."""
    lang = (code or "").replace("_", "-").split("-")[0].lower()
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def language_name(lang: str) -> str:
    """A language by its own name, as its speakers look for it in a list: 'English', '한국어', 'Deutsch'."""
    name = locale(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


class Translator:
    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE

    def __call__(self, key: str, **params: Any) -> str:
        return APP.text(key, self.lang, {k: self.date(v) if isinstance(v, date) else v for k, v in params.items()})

    def refusal(self, error: RefusedError) -> str:
        return self(error.message_key, **error.params)

    def text(self, words: Words) -> str:
        """The engine's words (a game's name, a rule, a refusal) in this language."""
        return words.render(self.lang)

    def in_english(self, words: Words) -> str | None:
        """The words as an English reader knows them (a game's name on most boxes), for a reader of another
        language; None when they read the same or the reader reads English."""
        english = words.render(DEFAULT_LANGUAGE)
        return None if self.lang == DEFAULT_LANGUAGE or english == words.render(self.lang) else english

    # ---- numbers and dates in the player's locale ------------------------------------------------

    def number(self, value: float) -> str:
        return drawable(format_decimal(value, locale=self.lang))

    def short_number(self, value: float) -> str:
        """A number for a chart axis: in full up to COMPACT_FROM, shortened beyond (120K, 12만)."""
        if abs(value) < COMPACT_FROM:
            return self.number(value)
        return drawable(format_compact_decimal(value, locale=self.lang, fraction_digits=1))

    def percent(self, ratio: float) -> str:
        return drawable(format_percent(ratio, locale=self.lang))

    def date(self, moment: date) -> str:
        """'Dec 1, 2026' / '2026년 12월 1일'."""
        return drawable(format_skeleton("yMMMd", moment, locale=self.lang))

    def day_and_time(self, moment: datetime, with_year: bool = False, weekday: bool = True) -> str:
        """'Tue, Dec 1, 8:14 PM' / '12월 1일 (화) 오후 8:14': enough to tell two evenings' plays apart."""
        skeleton = ("y" if with_year else "") + ("MMMEd" if weekday else "MMMd")
        day = drawable(format_skeleton(skeleton, moment, locale=self.lang))
        time = drawable(format_time(moment, "short", locale=self.lang))
        return str(locale(self.lang).datetime_formats["short"]).format(time, day)
