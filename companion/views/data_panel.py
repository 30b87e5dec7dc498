"""Settings' data section: back up, export (CSV, BG Stats) and import a backup, a BG Stats export or BoardGameGeek's
plays.

An import sends the file over HTTP (PUT /upload/<token>, streamed to disk), not through the websocket,
then checks and stores it in a worker thread (store.transfer.import_file, as the data command): the other phones
at the table keep working, and a progress bar shows how far it is. A file that is no backup of ours but a BG Stats
export or BoardGameGeek's plays gets a preview first.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import flet as ft

from .. import platform
from ..import_texts import backup_imported
from ..store import bgg, bgstats, exchange, transfer
from ..store.documents import now_iso
from ..store.files import Fingerprint
from ..store.refusal import RefusedError
from ..widgets.bgstats_import import BGStatsImport
from ..widgets.common import primary_button, secondary_button, section, tagged
from ..widgets.keep_history import PREF_BACKUP_MADE, backup_time_text
from ..widgets.text import AppText

if TYPE_CHECKING:
    from .app_protocol import ScreenApp
    from .base import Screen

UPLOAD_SHARE = 0.3  # of the progress bar: sending the file; the rest is checking and storing it
PROGRESS_INTERVAL = 0.2  # seconds between redraws of the progress bar
# kind -> (export function, file extension, media type)
EXPORTS: dict[str, tuple[Callable[..., bytes], str, str]] = {
    "backup": (exchange.export_backup, "json", "application/json"),
    "csv": (exchange.export_csv, "csv", "text/csv; charset=utf-8"),
    "bgstats": (bgstats.export_bgstats, "json", "application/json"),
}


def export_action(app: ScreenApp, kind: str) -> ft.ClientAction:
    """The action of a button that hands the player this export of the history as it is now."""
    export, extension, media_type = EXPORTS[kind]
    payload = export(app.repo, lang=app.lang) if kind == "csv" else export(app.repo)
    name = f"table-companion-{kind}-{date.today().isoformat()}.{extension}"
    return platform.offer_file(app.services.downloads, name, payload, media_type, peer=app.peer)


class DataPanel:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.app = screen.app
        self.ready: dict[str, ft.ClientAction] = {}  # kind -> what its download button does, once prepared
        self.made_at: dict[str, Fingerprint] = {}  # kind -> the data it was prepared from
        self.message = AppText("", size=13)
        self.last_backup = AppText("", size=13)  # on a computer's server: in the browser, KeepHistory says it
        if not platform.IN_BROWSER:
            self.app.page.run_task(self._read_last_backup)
        self.progress = ft.ProgressBar(value=0)
        self.progress_row = tagged("data.progress", ft.Container(self.progress, padding=ft.Padding.only(top=4)))
        self.progress_row.visible = False  # on the tagged control: the web client refuses hidden semantics content
        self.picker = ft.FilePicker(on_result=self._picked, on_upload=self._uploaded)
        self.slot: str | None = None  # the upload URL of the file being imported
        self.busy = False
        self.shown_at = 0.0
        self.body = ft.Column(spacing=8)
        self.preview: BGStatsImport | None = None
        self._draw()

    def control(self) -> ft.Control:
        return section(self.screen.t("data.title"), self.body, subtitle=self.screen.t("data.hint"))

    def _draw(self) -> None:
        self._renew_stale()
        t = self.screen.t
        rows: list[ft.Control] = []
        for kind in EXPORTS:
            if kind in self.ready:
                rows.append(primary_button(f"data.download.{kind}", t(f"data.download.{kind}"),
                                           lambda e, k=kind: self._downloaded(k), icon=ft.Icons.DOWNLOAD,
                                           action=self.ready[kind]))
            else:
                rows.append(secondary_button(f"data.prepare.{kind}", t(f"data.prepare.{kind}"),
                                             lambda e, k=kind: self._prepare(k), icon=ft.Icons.IOS_SHARE))
        if not platform.IN_BROWSER:
            rows.append(tagged("data.last_backup", self.last_backup))
        rows.append(secondary_button("data.import", t("data.import"), icon=ft.Icons.UPLOAD_FILE, disabled=self.busy,
                                     action=ft.PickFiles(self.picker, with_data=platform.IN_BROWSER,
                                                         allowed_extensions=["json", "bgsplay", "xml"],
                                                         file_type=ft.FilePickerFileType.CUSTOM)))
        if self.preview is not None:
            rows.append(self.preview.control())
        rows.append(self.progress_row)
        rows.append(tagged("data.message", self.message))
        self.body.controls = rows

    def _prepare(self, kind: str) -> None:
        self._make(kind, self.app.repo.folder.fingerprint())
        self._draw()
        self.app.page.update()

    def _make(self, kind: str, data: Fingerprint) -> None:
        """Export the data as it is at `data` (taken before: a change while it is exported makes it again at the
        next redraw) and give the download button the file."""
        self.ready[kind] = export_action(self.app, kind)
        self.made_at[kind] = data

    def _renew_stale(self) -> None:
        """A file prepared before the data changed (an import here, a game finished on another phone) is made
        again: a Download button gives the history as it is, not as it was when Prepare was tapped."""
        if not self.ready:
            return
        now = self.app.repo.folder.fingerprint()
        for kind in [k for k in self.ready if self.made_at.get(k) != now]:
            self._make(kind, now)

    def _downloaded(self, kind: str) -> None:
        """The file went to the browser: its link answers once, so the button prepares the file anew."""
        del self.ready[kind]
        if kind == "backup":
            made = now_iso()
            self.app.store_preference(PREF_BACKUP_MADE, made)
            self.last_backup.value = backup_time_text(self.screen.t, made, "data")
        self._draw()
        self.app.page.update()

    async def _read_last_backup(self) -> None:
        self.last_backup.value = backup_time_text(self.screen.t, await self.app.preference(PREF_BACKUP_MADE), "data")
        self.app.page.update()

    def _picked(self, e: ft.FilePickerResultEvent) -> None:
        files = e.files or []
        if not files or self.busy:
            return
        if files[0].size > transfer.MAX_FILE_BYTES:  # refused before a byte is sent
            self._fail(exchange.BackupError("backup.error.too_large",
                                            limit_mb=transfer.MAX_FILE_BYTES // (1024 * 1024)))
            return
        if platform.IN_BROWSER:  # no server to send it to: the browser hands over the file's bytes
            path = self.app.services.uploads.new_file()
            path.write_bytes(bytes(files[0].bytes or b""))
            self.app.run_task(self.import_file, path)
            return
        self.slot = self.app.services.uploads.open_slot(self.app.peer, transfer.MAX_FILE_BYTES)
        self._start(self.screen.t("data.uploading", percent=0))
        upload = [ft.FilePickerUploadFile(upload_url=self.slot, id=files[0].id, name=files[0].name)]
        self.app.page.run_task(self.picker.upload, upload)

    def _uploaded(self, e: ft.FilePickerUploadEvent) -> None:
        if self.slot is None:
            return
        if e.error:
            self.slot = None
            self._fail(None, self.screen.t("data.upload_failed", why=e.error))
        elif (e.progress or 0) < 1:
            self._show(UPLOAD_SHARE * (e.progress or 0), self.screen.t("data.uploading",
                                                                      percent=round(100 * (e.progress or 0))))
        else:
            path = self.app.services.uploads.take(self.slot)
            self.slot = None
            if path is None:
                self._fail(None, self.screen.t("data.upload_failed", why="-"))
            else:
                self.app.run_task(self.import_file, path)

    async def import_file(self, path: Path) -> None:
        """Check and store the backup in `path` in a worker thread (or plan another app's plays, for a preview),
        then delete the file."""
        loop = asyncio.get_running_loop()
        t = self.screen.t

        def progress(fraction: float) -> None:
            share = UPLOAD_SHARE + (1 - UPLOAD_SHARE) * fraction
            loop.call_soon_threadsafe(self._show, share, t("data.importing", percent=round(100 * fraction)))

        self.preview = None
        self._start(t("data.importing", percent=0))
        try:
            outcome = await platform.run_blocking(transfer.import_file, self.app.repo, path, progress)
        except (exchange.BackupError, bgstats.BGStatsError, bgg.BGGError) as error:
            self._fail(error)
        else:
            if isinstance(outcome, transfer.PlannedFile):
                self.preview = BGStatsImport(self.app.repo, t, outcome, self._redraw, self._imported)
                self._done("", None)
            else:
                self._done(backup_imported(t, outcome), None)
        finally:
            with contextlib.suppress(OSError):
                path.unlink()
            if self.busy:  # the disk refused (the app says so): ready to try again
                self._done("", None)

    def _start(self, text: str) -> None:
        self.busy = True
        self.progress_row.visible, self.progress.value = True, 0
        self.message.value, self.message.color = text, None
        self._draw()
        self.app.page.update()

    def _show(self, value: float, text: str) -> None:
        now = time.monotonic()
        if not self.busy or (now - self.shown_at < PROGRESS_INTERVAL and value < 1):
            return  # a redraw a few times a second is enough
        self.shown_at = now
        self.progress.value = value
        self.message.value = text
        self.app.page.update()

    def _fail(self, error: RefusedError | None, text: str | None = None) -> None:
        t = self.screen.t
        if error is not None:
            params = dict(error.params)
            if isinstance(error, exchange.BackupError) and error.rules_text is not None:
                params["message"] = t.text(error.rules_text)  # the engine's words, in this phone's language
            text = t(error.message_key, **params)
        self._done(text or "", ft.Colors.ERROR)

    def _done(self, text: str, colour: str | None) -> None:
        self.busy = False
        self.progress_row.visible = False
        self.message.value, self.message.color = text, colour
        self._draw()
        self.app.page.update()

    def _redraw(self) -> None:
        self._draw()
        self.app.page.update()

    def _imported(self, message: str) -> None:
        self.preview = None
        self._done(message, None)
