"""Settings' data section: back up, export (CSV, BG Stats) and import a backup."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import flet as ft

from .. import platform
from ..store import exchange
from ..widgets.common import primary_button, secondary_button, section, tagged

if TYPE_CHECKING:
    from .base import Screen

# kind -> (export function, file extension, media type)
EXPORTS: dict[str, tuple[Callable[..., bytes], str, str]] = {
    "backup": (exchange.export_backup, "json", "application/json"),
    "csv": (exchange.export_csv, "csv", "text/csv; charset=utf-8"),
    "bgstats": (exchange.export_bgstats, "json", "application/json"),
}


class DataPanel:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.app = screen.app
        self.ready: dict[str, ft.ClientAction] = {}  # kind -> what its download button does, once prepared
        self.message = ft.Text("", size=13)
        self.picker = ft.FilePicker(on_result=self._picked)
        self.body = ft.Column(spacing=8)
        self._draw()

    def control(self) -> ft.Control:
        return section(self.screen.t("data.title"), self.body, subtitle=self.screen.t("data.hint"))

    def _draw(self) -> None:
        t = self.screen.t
        rows: list[ft.Control] = []
        for kind in EXPORTS:
            if kind in self.ready:
                rows.append(primary_button(f"data.download.{kind}", t(f"data.download.{kind}"),
                                           icon=ft.Icons.DOWNLOAD, action=self.ready[kind]))
            else:
                rows.append(secondary_button(f"data.prepare.{kind}", t(f"data.prepare.{kind}"),
                                             lambda e, k=kind: self._prepare(k), icon=ft.Icons.IOS_SHARE))
        rows.append(secondary_button("data.import", t("data.import"), icon=ft.Icons.UPLOAD_FILE,
                                     action=ft.PickFiles(self.picker, with_data=True, allowed_extensions=["json"],
                                                         file_type=ft.FilePickerFileType.CUSTOM)))
        rows.append(tagged("data.message", self.message))
        self.body.controls = rows

    def _prepare(self, kind: str) -> None:
        export, extension, media_type = EXPORTS[kind]
        payload = export(self.app.repo)
        name = f"table-companion-{kind}-{date.today().isoformat()}.{extension}"
        self.ready[kind] = platform.offer_file(self.app.services.downloads, name, payload, media_type)
        self._draw()
        self.app.page.update()

    def _picked(self, e: ft.FilePickerResultEvent) -> None:
        files = e.files or []
        if not files or files[0].bytes is None:
            return
        self.import_bytes(bytes(files[0].bytes))  # the web client may send the bytes as a list of numbers

    def import_bytes(self, data: bytes) -> None:
        t = self.screen.t
        try:
            report = exchange.import_backup(self.app.repo, data)
        except exchange.BackupError as error:
            params = dict(error.params)
            if error.rules_text is not None:
                params["message"] = t.text(error.rules_text)  # the engine's words, in this phone's language
            self.message.value, self.message.color = t(error.message_key, **params), ft.Colors.ERROR
        else:
            self.message.value = t("data.imported", plays=report.plays_added, skipped=report.plays_skipped,
                                   drafts=report.drafts_added, players=report.players_added)
            self.message.color = None
        self.app.page.update()
