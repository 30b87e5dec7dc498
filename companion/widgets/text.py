"""Text in the app's font, named on the text itself."""

from __future__ import annotations

import flet as ft

from ..theme import FONT


@ft.control
class AppText(ft.Text):
    """Flet's Text, with the app's font named on it rather than only in the theme.

    Flutter's web engine checks each paragraph's characters against the fonts the paragraph itself names. A
    paragraph that gets its font only from the theme counts as having none: for Hangul the engine then looks
    for Noto Sans KR online (8 requests that fail offline) and builds its table of fallback fonts first, which
    cost about 100 ms of the home screen's first frame. The text was drawn in Table Gothic either way."""

    font_family: str | None = FONT

    def before_update(self) -> None:
        super().before_update()
        if self.max_lines and self.overflow == ft.TextOverflow.CLIP:  # Flet's default: cut with no sign of it
            self.overflow = ft.TextOverflow.ELLIPSIS  # a long name, a large text size: the cut shows
