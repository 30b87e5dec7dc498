"""Where the play history lives in the phone build, said plainly: whether the browser has promised to keep it,
when the last backup was made, a backup in one tap, and how to install the app on Android and on iPhone (Safari
deletes a site's data after 7 days without a visit, unless the app is on the Home Screen).

Home shows it only while the browser has not promised to keep the data; Settings shows it in the browser always.
On a computer the history is a folder on its disk: none of this is shown there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

import flet as ft

from .. import platform
from ..i18n import Translator
from ..store.documents import now_iso
from ..store.files import Fingerprint
from ..store.summary import parse_time
from .common import primary_button, secondary_button, tagged
from .text import AppText

PREF_BACKUP_MADE = "table_companion.backup_made"  # when this browser last downloaded a backup (ISO, UTC)
# The backup's file is made this long after the notice is drawn, and only if it is still on screen: never in the
# draw, which exporting a long history would hold up (0.46 s for 5,000 plays here in CPython, more in Pyodide, on the
# phone's one Python thread), nor on Home when the player goes straight on to a game. Not at the tap either: the
# browser saves the file inside the tap (SaveFile, a Flet client action: iOS Safari ignores a save that comes after
# the tap's round trip to Python), so its bytes must be on the button before it.
PREPARE_AFTER_S = 1.5
# Per app, the backup button's action and the data it was made from, made again only once the history changed.
# Only in the browser, where the action (the bytes saved in the tap) serves any number of taps.
_prepared: WeakKeyDictionary[Any, tuple[Fingerprint, ft.ClientAction]] = WeakKeyDictionary()


@ft.control
class NoticeBox(ft.Column):
    """The notice's column, which knows whether it is on screen."""

    def did_mount(self) -> None:
        super().did_mount()
        self._on_screen = True

    def will_unmount(self) -> None:
        self._on_screen = False
        super().will_unmount()

    @property
    def on_screen(self) -> bool:
        return getattr(self, "_on_screen", False)


def backup_time_text(t: Translator, made: str | None, words: str) -> str:
    """When the last backup was downloaded here (`made`, ISO), in the catalog's `words`: "keep" (this phone) or
    "data" (this device)."""
    try:
        moment = parse_time(made).astimezone().replace(tzinfo=None) if made is not None else None
    except ValueError:
        moment = None
    if moment is None:
        return t(f"{words}.no_backup")
    return t(f"{words}.last_backup", when=t.day_and_time(moment, with_year=True, weekday=False))


class KeepHistory:
    """`backup()` makes the action of a button that hands the player a backup of the history as it is now."""

    def __init__(self, app: Any, backup: Callable[[], ft.ClientAction], on_home: bool) -> None:
        self.app = app
        self.backup = backup
        self.on_home = on_home
        self.where = "home.keep" if on_home else "settings.keep"
        self.box = NoticeBox(spacing=8, tight=True)
        self.made: str | None = None
        self.usage: platform.StorageUsage | None = None
        self.preparing = False

    def control(self) -> ft.Control:
        """Empty until the browser has answered (a moment after the screen is shown)."""
        self.app.page.run_task(self._measure)
        return tagged(self.where, self.box)

    async def _measure(self) -> None:
        self.usage = await platform.storage_usage()
        self.made = await self.app.preference(PREF_BACKUP_MADE)
        if self.on_home and (self.usage is None or self.usage.persistent):
            return
        self._draw()
        self.app.page.update()

    def _draw(self) -> None:
        t = self.app.t
        lines: list[ft.Control] = []
        if self.usage is not None:
            kept = self.usage.persistent
            lines.append(tagged(f"{self.where}.state", ft.Row([
                ft.Icon(ft.Icons.VERIFIED_USER_OUTLINED if kept else ft.Icons.WARNING_AMBER,
                        color=None if kept else ft.Colors.ERROR),
                AppText(t(self._state_key(kept)), size=14, expand=True),
            ])))
        lines.append(tagged(f"{self.where}.last", AppText(backup_time_text(t, self.made, "keep"), size=13)))
        action = self._ready_action()
        buttons: list[ft.Control] = [primary_button(f"{self.where}.backup", t("keep.backup"), self._downloaded,
                                                    icon=ft.Icons.DOWNLOAD, disabled=action is None, action=action)]
        if action is None and not self.preparing:
            self.preparing = True
            self.app.page.run_task(self._prepare)
        if self.on_home:
            buttons.append(secondary_button(f"{self.where}.how", t("keep.how"), lambda e: self.app.go("/settings"),
                                            icon=ft.Icons.HELP_OUTLINE))
        lines.append(ft.Row(buttons, wrap=True))
        if self.usage is not None and not self.on_home and not self.app.page.pwa:
            lines += [AppText(t("keep.install"), size=14, weight=ft.FontWeight.BOLD),
                      tagged(f"{self.where}.android", AppText(t("keep.install_android"), size=13)),
                      tagged(f"{self.where}.iphone", AppText(t("keep.install_iphone"), size=13))]
        content: ft.Control = ft.Column(lines, spacing=8, tight=True)
        if self.on_home:
            content = ft.Container(content, padding=12, border_radius=12, bgcolor=ft.Colors.ERROR_CONTAINER)
        self.box.controls = [content]

    def _ready_action(self) -> ft.ClientAction | None:
        """The backup button's action, if its file was made from the history as it is now."""
        prepared = _prepared.get(self.app)
        return prepared[1] if prepared is not None and prepared[0] == self.app.repo.folder.fingerprint() else None

    async def _prepare(self) -> None:
        await asyncio.sleep(PREPARE_AFTER_S)
        self.preparing = False
        if not self.box.on_screen:
            return
        if self._ready_action() is None:
            _prepared[self.app] = (self.app.repo.folder.fingerprint(), self.backup())
        self._draw()
        self.app.page.update()

    def _state_key(self, kept: bool) -> str:
        if kept:
            return "settings.storage_kept"
        return "keep.not_kept_home" if self.on_home else "settings.storage_not_kept"  # Home: where the history is


    def _downloaded(self, e: ft.ControlEvent) -> None:
        """The backup went to the browser: say when."""
        self.made = now_iso()
        self.app.store_preference(PREF_BACKUP_MADE, self.made)
        self._draw()
        self.app.page.update()
