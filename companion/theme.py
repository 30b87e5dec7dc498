"""Design tokens: fonts, colours, spacing, touch targets. One place, used by every view."""

from __future__ import annotations

import dataclasses

import flet as ft

# NanumGothic cut to Latin + Hangul and renamed, as the OFL asks of modified fonts. In a browser the engine loads it
# with its own fonts before the app starts (assets/assets/FontManifest.json, served by Flet and copied by the phone
# build in place of the web client's, without the fonts of Flutter packages the app does not use), so the first
# screen is drawn in it, Hangul included, with nothing to fetch and lay out again. Elsewhere (a desktop or
# native app) the page loads it: FONTS.
FONT = "Table Gothic"
FONTS = {FONT: "fonts/TableGothic-Regular.ttf"}
# Fonts only one language needs: Table Sans JP (Table Gothic with the Japanese the app needs, publish/make_fonts.py)
# is 0.69 MB that no other language's first screen should wait for. Flutter's web engine counts only the fonts of
# its font manifest when it decides that a character needs a fallback font (one the app does not ship: a failed
# request), so a page that starts in Japanese puts it in Table Gothic's place in the manifest the engine reads
# (web_files.language_fonts_script). A switch to Japanese loads it under its own name (page.fonts) as every text
# style's fallback (build_theme), which draws it at once, though the engine asks for its fallbacks until the next
# start.
LANGUAGE_FONTS = {"ja": {"Table Sans JP": "fonts/TableSansJP-Regular.woff2"}}
SEED_COLOUR = "#00796B"
TOUCH = 48  # minimum touch target, px
GAP = 8
PAD = 16
MAX_CONTENT_WIDTH = 720  # comfortable on a desktop window; a phone uses its whole width

CUSTOM_GAME_COLOUR = "#5C6B73"  # every game the players defined themselves

THEME_MODES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}


# A new screen is shown at once, on every platform, with no page transition: at the table the player is waiting
# for it (Flutter's zoom, fade or slide takes 300 ms or more, and drawing it costs a frame each step).
# Buttons (widgets.common) as tall as a touch target with their label on one line, and taller when it takes two (a
# long label, a large text size): a fixed height cut the second line off.
BUTTON_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=24, vertical=(TOUCH - 20) / 2))
_NONE = ft.PageTransitionTheme.NONE
NO_TRANSITION = ft.PageTransitionsTheme(android=_NONE, ios=_NONE, linux=_NONE, macos=_NONE, windows=_NONE)


def build_theme(dark: bool = False, lang: str = "en") -> ft.Theme:
    """The theme; after a switch to a language with a font of its own, every text style falls back to that font."""
    fallback = ft.TextStyle(font_family_fallback=list(LANGUAGE_FONTS[lang])) if lang in LANGUAGE_FONTS else None
    styles = ft.TextTheme(**{style.name: fallback for style in dataclasses.fields(ft.TextTheme)}) if fallback else None
    return ft.Theme(
        color_scheme_seed=SEED_COLOUR,
        font_family=FONT,
        text_theme=styles,
        primary_text_theme=styles,
        use_material3=True,
        visual_density=ft.VisualDensity.STANDARD,
        page_transitions=NO_TRANSITION,
        filled_button_theme=ft.FilledButtonTheme(style=BUTTON_STYLE),
        outlined_button_theme=ft.OutlinedButtonTheme(style=BUTTON_STYLE),
    )
