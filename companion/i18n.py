"""Translation catalogs: every word the app shows comes from locales/<lang>.json (or the engine's Text)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from scoring import Text

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("ko", "en")
DEFAULT_LANGUAGE = "en"


@cache
def catalog(lang: str) -> dict[str, str]:
    return json.loads((LOCALES_DIR / f"{lang}.json").read_text(encoding="utf-8"))


def language_from_locale(code: str | None) -> str:
    """'ko-KR', 'ko_KR', 'ko' -> 'ko'; anything else -> English."""
    if code and code.replace("_", "-").split("-")[0].lower() == "ko":
        return "ko"
    return DEFAULT_LANGUAGE


class Translator:
    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE

    def __call__(self, key: str, **params: Any) -> str:
        template = catalog(self.lang).get(key) or catalog(DEFAULT_LANGUAGE)[key]
        return template.format(**params) if params else template

    def text(self, text: Text) -> str:
        return text.get(self.lang)

    def other(self, text: Text) -> str:
        """The same words in the other language (shown small under a game's name)."""
        return text.en if self.lang == "ko" else text.ko
