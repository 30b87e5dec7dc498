"""Bilingual text: every word the engine shows a player exists in English and Korean."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LANGUAGES = ("en", "ko")


@dataclass(frozen=True)
class Text:
    en: str
    ko: str

    def get(self, lang: str) -> str:
        return self.ko if lang == "ko" else self.en

    def format(self, **params: Any) -> Text:
        """Fill `{name}` placeholders in both languages.

        A parameter may itself be a Text, in which case each language gets its own wording.
        """
        en = {k: v.en if isinstance(v, Text) else v for k, v in params.items()}
        ko = {k: v.ko if isinstance(v, Text) else v for k, v in params.items()}
        return Text(self.en.format(**en), self.ko.format(**ko))

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "ko": self.ko}


def join_names(names: list[str]) -> Text:
    """'A', 'A and B', 'A, B and C' / 'A', 'A, B', 'A, B, C'."""
    if len(names) == 1:
        return Text(names[0], names[0])
    en = ", ".join(names[:-1]) + " and " + names[-1]
    return Text(en, ", ".join(names))
