"""Settings: language and theme (kept per browser), where the data lives."""

from __future__ import annotations

import flet as ft

from ..i18n import LANGUAGES
from ..theme import THEME_MODES
from ..widgets.common import section, tagged
from .base import Screen
from .data_panel import DataPanel

LANGUAGE_NAMES = {"ko": "한국어", "en": "English"}


class SettingsScreen(Screen):
    top_level = True

    def title(self) -> str:
        return self.t("settings.title")

    def content(self) -> list[ft.Control]:
        language = ft.SegmentedButton(
            segments=[ft.Segment(value=lang, label=ft.Text(LANGUAGE_NAMES[lang])) for lang in LANGUAGES],
            selected=[self.app.lang],
            on_change=lambda e: self.app.set_language(e.control.selected[0]),
        )
        theme = ft.SegmentedButton(
            segments=[ft.Segment(value=mode, label=ft.Text(self.t(f"settings.theme.{mode}"))) for mode in THEME_MODES],
            selected=[self.app.theme_mode],
            on_change=lambda e: self.app.set_theme(e.control.selected[0]),
        )
        self.data = DataPanel(self)
        return [
            section(self.t("settings.language"), tagged("settings.language", language)),
            section(self.t("settings.theme"), tagged("settings.theme", theme)),
            self.data.control(),
            section(self.t("settings.data"), ft.Text(str(self.app.repo.data_dir), selectable=True, size=13),
                    subtitle=self.t("settings.data_hint")),
            section(self.t("settings.about"), ft.Text(self.t("settings.about_text"), size=13)),
        ]

    def build(self) -> ft.View:
        view = super().build()
        view.services.append(self.data.picker)  # keeps the file picker registered while the screen is shown
        return view
