"""Settings: language and theme (kept per browser), where the data lives."""

from __future__ import annotations

import flet as ft

from .. import platform
from ..i18n import LANGUAGES, language_name
from ..theme import THEME_MODES
from ..widgets.common import secondary_button, section, tagged
from ..widgets.keep_history import KeepHistory
from ..widgets.text import AppText
from .base import Screen
from .data_panel import DataPanel, export_action


def storage_size(size: int) -> str:
    """Bytes as a phone's storage settings say them: 2.5 MB, 10.8 GB."""
    return f"{size / 1e6:.1f} MB" if size < 1e9 else f"{size / 1e9:.1f} GB"


class SettingsScreen(Screen):
    top_level = True

    def title(self) -> str:
        return self.t("settings.title")

    def content(self) -> list[ft.Control]:
        language = ft.Dropdown(  # every language by its own name, however many there are
            value=self.app.lang, dense=True,
            options=[ft.DropdownOption(key=lang, text=language_name(lang), content=AppText(language_name(lang)))
                     for lang in LANGUAGES],
            on_select=lambda e: self.app.set_language(e.control.value),
        )
        theme = ft.SegmentedButton(
            segments=[ft.Segment(value=mode, label=AppText(self.t(f"settings.theme.{mode}"))) for mode in THEME_MODES],
            selected=[self.app.theme_mode],
            on_change=lambda e: self.app.set_theme(e.control.selected[0]),
        )
        self.data = DataPanel(self)
        return [
            section(self.t("settings.language"), tagged("settings.language", language)),
            section(self.t("settings.theme"), tagged("settings.theme", theme)),
            *([self._text_size()] if platform.IN_BROWSER else []),
            self.data.control(),
            section(self.t("scan.title"), secondary_button("settings.scan", self.t("scan.open_camera"),
                                                           lambda e: self.app.go("/scan"),
                                                           icon=ft.Icons.QR_CODE_SCANNER),
                    subtitle=self.t("scan.hint")),
            self._storage() if platform.IN_BROWSER else
            section(self.t("settings.data"), AppText(str(self.app.repo.data_dir), selectable=True, size=13),
                    subtitle=self.t("settings.data_hint")),
            section(self.t("settings.about"), AppText(self.t("settings.about_text"), size=13)),
        ]

    def _storage(self) -> ft.Control:
        """In the browser: how much of the phone the history takes, whether the browser promises to keep it, the
        last backup and a new one, and how to install the app."""
        used = AppText("", size=13)

        async def measure() -> None:
            usage = await platform.storage_usage()
            if usage is None:
                return
            used.value = self.t("settings.storage_used", used=storage_size(usage.used),
                                quota=storage_size(usage.quota))
            self.app.page.update()

        self.app.page.run_task(measure)
        keep = KeepHistory(self.app, lambda: export_action(self.app, "backup"), on_home=False)
        return section(self.t("settings.storage"), tagged("settings.storage", ft.Column([used, keep.control()],
                                                                                          spacing=4)),
                       subtitle=self.t("settings.storage_hint"))

    def _text_size(self) -> ft.Control:
        """The text size over the phone's own (the phone build: see platform.TEXT_SIZES); the phone's by default."""
        choice = ft.SegmentedButton(
            segments=[ft.Segment(value=size, label=AppText(self.t(f"settings.text_size.{size}")))
                      for size in platform.TEXT_SIZES],
            selected=["phone"],
            on_change=lambda e: self._set_text_size(e.control.selected[0]),
        )

        async def read() -> None:
            choice.selected = [platform.text_size_of(await self.app.preference(platform.PREF_TEXT_SIZE))]
            self.app.page.update()

        self.app.page.run_task(read)
        return section(self.t("settings.text_size"), tagged("settings.text_size", choice),
                       subtitle=self.t("settings.text_size_hint"))

    def _set_text_size(self, size: str) -> None:
        self.app.store_preference(platform.PREF_TEXT_SIZE, str(platform.TEXT_SIZES[size]))
        platform.show_text_size(size)

    def build(self) -> ft.View:
        view = super().build()
        view.services.append(self.data.picker)  # keeps the file picker registered while the screen is shown
        return view
