"""Design tokens: fonts, colours, spacing, touch targets. One place, used by every view."""

from __future__ import annotations

import flet as ft

FONT = "Table Gothic"  # NanumGothic cut to Latin + Hangul and renamed, as the OFL asks of modified fonts
FONTS = {FONT: "fonts/TableGothic-Regular.ttf"}
SEED_COLOUR = "#00796B"
TOUCH = 48  # minimum touch target, px
GAP = 8
PAD = 16
MAX_CONTENT_WIDTH = 720  # comfortable on a desktop window; a phone uses its whole width

GAME_COLOURS = {
    "ticket-to-ride-europe": "#B23A48",
    "patchwork": "#7B5EA7",
    "piraten-kapern": "#2E4057",
    "pina-coladice": "#E09F3E",
    "for-sale": "#3A7D44",
    "captain-flip": "#1F7A8C",
    "trails-of-tucana": "#C8553D",
    "kahuna": "#2A9D8F",
    "carnage": "#6D2E46",
}
CUSTOM_GAME_COLOUR = "#5C6B73"  # every game the players defined themselves

THEME_MODES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}


def game_icon(game_id: str) -> str:
    return f"games/{game_id}.svg"


def build_theme(dark: bool = False) -> ft.Theme:
    return ft.Theme(
        color_scheme_seed=SEED_COLOUR,
        font_family=FONT,
        use_material3=True,
        visual_density=ft.VisualDensity.STANDARD,
    )
