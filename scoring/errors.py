"""The one error the engine raises for bad input: it names the field and says what is wrong."""

from __future__ import annotations

from .text import Text


class SheetError(ValueError):
    """A sheet the rules refuse. `path` names the field, e.g. `players[1].coins_left`.

    `code` is "required" when something is simply not entered yet (a sheet being filled in may be saved
    then), "tie" when players are tied and the rules break the tie with something not entered yet, and None
    when what was entered breaks a rule.
    """

    def __init__(self, path: str, message: Text, code: str | None = None) -> None:
        super().__init__(f"{path}: {message.en}" if path else message.en)
        self.path = path
        self.text = message
        self.code = code

    @property
    def message(self) -> str:
        return self.text.en

    def within(self, prefix: str) -> SheetError:
        """The same error seen from an enclosing value: `within("players[1]")` of `coins` is `players[1].coins`."""
        if not prefix:
            return self
        if not self.path:
            return SheetError(prefix, self.text, self.code)
        separator = "" if self.path.startswith("[") else "."
        return SheetError(f"{prefix}{separator}{self.path}", self.text, self.code)

    def to_json(self) -> dict[str, dict[str, str]]:
        return {"error": {"path": self.path, "message": self.text.en}}


def fail(path: str, en: str, ko: str, **params: object) -> SheetError:
    """Build a SheetError from a bilingual template (raise the returned value)."""
    return SheetError(path, Text(en, ko).format(**params))


def needed(path: str, en: str, ko: str, **params: object) -> SheetError:
    """Like `fail`, for something not entered yet rather than entered wrong."""
    return SheetError(path, Text(en, ko).format(**params), code="required")


def tie_to_break(path: str, en: str, ko: str, **params: object) -> SheetError:
    """Like `needed`, for what the rules break a tie with: asked for only between players whose entries are all
    made (see `assess_sheet`)."""
    return SheetError(path, Text(en, ko).format(**params), code="tie")
