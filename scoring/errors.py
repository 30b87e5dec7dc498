"""The one error the engine raises for bad input: it names the field and says what is wrong."""

from __future__ import annotations

from typing import Any

from .messages import DEFAULT_LANGUAGE, Message, Words


class SheetError(ValueError):
    """A sheet the rules refuse. `path` names the field, e.g. `players[1].coins_left`.

    `code` is "required" when something is simply not entered yet (a sheet being filled in may be saved
    then), "tie" when players are tied and the rules break the tie with something not entered yet, and None
    when what was entered breaks a rule.
    """

    def __init__(self, path: str, message: Words, code: str | None = None) -> None:
        english = message.render(DEFAULT_LANGUAGE)
        super().__init__(f"{path}: {english}" if path else english)
        self.path = path
        self.text = message
        self.code = code

    @property
    def message(self) -> str:
        return self.text.render(DEFAULT_LANGUAGE)

    def within(self, prefix: str) -> SheetError:
        """The same error seen from an enclosing value: `within("players[1]")` of `coins` is `players[1].coins`."""
        if not prefix:
            return self
        if not self.path:
            return SheetError(prefix, self.text, self.code)
        separator = "" if self.path.startswith("[") else "."
        return SheetError(f"{prefix}{separator}{self.path}", self.text, self.code)

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The refusal in `lang`, and for programs its message's id and arguments."""
        return {"error": {"path": self.path, "message": self.text.render(lang)}, "message": self.text.reference()}


def fail(path: str, message_id: str, **args: Any) -> SheetError:
    """Build a SheetError from a message of the engine's catalog (raise the returned value)."""
    return SheetError(path, Message.of(message_id, **args))


def needed(path: str, message_id: str, **args: Any) -> SheetError:
    """Like `fail`, for something not entered yet rather than entered wrong."""
    return SheetError(path, Message.of(message_id, **args), code="required")


def tie_to_break(path: str, message_id: str, **args: Any) -> SheetError:
    """Like `needed`, for what the rules break a tie with: asked for only between players whose entries are all
    made (see `assess_sheet`)."""
    return SheetError(path, Message.of(message_id, **args), code="tie")
