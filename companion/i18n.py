"""Translation catalogs: every word the app shows comes from locales/<lang>.json (or the engine's Text).

Numbers, dates and plural forms follow the language's CLDR rules through Babel. Only the locales the app
speaks are ever loaded (Babel reads `en.dat`, `ko.dat`, `root.dat` and `global.dat` on first use, about
1 MB of its 35 MB of locale data).

A counted text has one catalog entry per plural form of its language, `key#one`, `key#other` (Korean has
only `#other`); `t(key, n=...)` picks the form for `n`.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel import Locale
from babel.dates import format_skeleton, format_time
from babel.numbers import format_compact_decimal, format_decimal, format_percent

from scoring import Text

if TYPE_CHECKING:
    from .store.refusal import RefusedError

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("ko", "en")
DEFAULT_LANGUAGE = "en"
PLURAL_MARK = "#"
NARROW_SPACE = "\u202f"  # CLDR puts it before AM/PM; the app's font has no glyph for it
COMPACT_FROM = 100_000  # chart labels above this are shortened (120K, 12만)


@cache
def catalog(lang: str) -> dict[str, str]:
    return json.loads((LOCALES_DIR / f"{lang}.json").read_text(encoding="utf-8"))


@cache
def locale(lang: str) -> Locale:
    return Locale.parse(lang)


def in_both(key: str) -> Text:
    """A catalog text in both languages, for what is stored and shown later in either (a quick game's name)."""
    return Text(catalog("en")[key], catalog("ko")[key])


def plural_keys(lang: str, key: str) -> set[str]:
    """The catalog keys a counted text needs in `lang`: one per plural form of its rules."""
    return {f"{key}{PLURAL_MARK}{form}" for form in {*locale(lang).plural_form.tags, "other"}}


def language_from_locale(code: str | None) -> str:
    """'ko-KR', 'ko_KR', 'ko' -> 'ko'; anything else -> English."""
    if code and code.replace("_", "-").split("-")[0].lower() == "ko":
        return "ko"
    return DEFAULT_LANGUAGE


class Translator:
    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE

    def __call__(self, key: str, **params: Any) -> str:
        template = self._template(key, params.get("n"))
        if not params:
            return template
        return template.format(**{k: self._shown(v) for k, v in params.items()})

    def refusal(self, error: RefusedError) -> str:
        return self(error.message_key, **error.params)

    def _template(self, key: str, n: Any) -> str:
        for lang in (self.lang, DEFAULT_LANGUAGE):
            texts = catalog(lang)
            if key in texts:
                return texts[key]
            if _is_number(n):
                form = locale(lang).plural_form(abs(n))
                counted = texts.get(f"{key}{PLURAL_MARK}{form}") or texts.get(f"{key}{PLURAL_MARK}other")
                if counted:
                    return counted
        raise KeyError(key)

    def _shown(self, value: Any) -> Any:
        """A value in a template: a number in the language's digits, a day as the language writes it, the
        engine's Text in the language."""
        if _is_number(value):
            return self.number(value)
        if isinstance(value, date):
            return self.date(value)
        return self.text(value) if isinstance(value, Text) else value

    def text(self, text: Text) -> str:
        return text.get(self.lang)

    def other(self, text: Text) -> str:
        """The same words in the other language (shown small under a game's name)."""
        return text.en if self.lang == "ko" else text.ko

    # ---- numbers and dates in the player's locale ------------------------------------------------

    def number(self, value: float) -> str:
        return format_decimal(value, locale=self.lang)

    def short_number(self, value: float) -> str:
        """A number for a chart axis: in full up to COMPACT_FROM, shortened beyond (120K, 12만)."""
        if abs(value) < COMPACT_FROM:
            return self.number(value)
        return format_compact_decimal(value, locale=self.lang, fraction_digits=1)

    def percent(self, ratio: float) -> str:
        return format_percent(ratio, locale=self.lang)

    def date(self, moment: date) -> str:
        """'Dec 1, 2026' / '2026년 12월 1일'."""
        return format_skeleton("yMMMd", moment, locale=self.lang)

    def day_and_time(self, moment: datetime, with_year: bool = False, weekday: bool = True) -> str:
        """'Tue, Dec 1, 8:14 PM' / '12월 1일 (화) 오후 8:14': enough to tell two evenings' plays apart."""
        skeleton = ("y" if with_year else "") + ("MMMEd" if weekday else "MMMd")
        day = format_skeleton(skeleton, moment, locale=self.lang)
        time = format_time(moment, "short", locale=self.lang).replace(NARROW_SPACE, " ")
        return str(locale(self.lang).datetime_formats["short"]).format(time, day)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
