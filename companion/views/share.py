"""Sharing with the table without a network: a play, a game of one's own or a game in progress shown as QR codes
(a series turns by itself), or sent as a link; the scanner (assets/scanner/: Flet has no camera) and what comes
in from it or from a link, checked and previewed before anything is stored.

What the scanner read waits in the app's preferences (`INBOX`) for `/receive`: on a server the scanner page
leaves it there (in the browser's local storage) and opens the app again; in the phone build the scanner opens
over the app and hands the codes to Python, which stores them. A link's share comes in its address.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

import flet as ft
import segno

from scoring.names import look_alike_key

from .. import platform
from ..store import share_codes
from ..store.exchange import BackupError
from ..store.refusal import RefusedError
from ..widgets.common import primary_button, secondary_button, tagged
from ..widgets.text import AppText
from .base import Screen

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

INBOX = "table_companion.share_inbox"  # what the scanner read: the codes, one a line
SCAN_WORDS = "table_companion.scan_words"  # what the scanner page shows, in the phone's language
OWNER = "table_companion.share_owner"  # the known player this phone's owner is
SCANNER = "scanner/scan.html"  # relative: the app's routes are one level deep at most
RECEIVE = "/receive"
CODE = "code"  # a link's share, in the phone build: #/receive?code=...
TURN_SECONDS = 1.5
QR_SIZE = 330  # px at most: the dialog's width on a phone of 412 px
QR_BORDER = 4  # modules of white around a code, as the standard asks
NEW = ""  # a player of the play taken as new here
NOBODY = ""  # "which one are you": none of them


def qr_image(text: str) -> tuple[str, int]:
    """A code as a PNG data URL (segno picks alphanumeric mode for our codes) and its width in pixels: a whole
    number of pixels a module, as large as QR_SIZE allows, so that every module is drawn the same size."""
    code = segno.make(text, error="m", micro=False)
    modules = code.symbol_size(scale=1, border=QR_BORDER)[0]
    scale = max(2, QR_SIZE // modules)
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=scale, border=QR_BORDER)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii"), modules * scale


def show_share(app: ScreenApp, title_key: str, make_codes: Callable[[], list[str]]) -> None:
    """The share dialog: the codes one after another, every TURN_SECONDS and on a tap, and a link button."""
    try:
        codes = make_codes()
    except RefusedError as refused:
        app.snack(app.t(refused.message_key, **refused.params))
        return
    t = app.t
    shown = {"n": 0, "open": True}
    # drawn at its own size, without smoothing: a dense code's modules stay sharp squares for the other camera
    first, size = qr_image(codes[0])
    image = ft.Image(src=first, width=size, height=size, filter_quality=ft.FilterQuality.NONE, gapless_playback=True)
    counter = AppText(t("share.part", n=1, count=len(codes)), size=13, visible=len(codes) > 1)

    def turn(e: Any = None) -> None:
        shown["n"] = (shown["n"] + 1) % len(codes)
        image.src, size = qr_image(codes[shown["n"]])
        image.width = image.height = size
        counter.value = t("share.part", n=shown["n"] + 1, count=len(codes))
        image.update()
        counter.update()

    async def turning() -> None:
        while shown["open"]:
            await asyncio.sleep(TURN_SECONDS)
            if shown["open"]:
                turn()

    def close(e: Any = None) -> None:
        shown["open"] = False
        app.close_dialog()

    app.show_dialog(ft.AlertDialog(
        title=AppText(t(title_key)), inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
        content=tagged("share.dialog", ft.Column([
            tagged("share.code", ft.GestureDetector(image, on_tap=turn)), counter,
            AppText(t("share.hint"), size=13)], tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)),
        actions=[tagged("share.send", ft.TextButton(t("share.send"), icon=ft.Icons.SHARE,
                                                    on_click=lambda e: app.page.run_task(send_link, app, codes))),
                 tagged("share.close", ft.FilledButton(t("common.close"), on_click=close))],
        on_dismiss=lambda e: shown.update(open=False)))
    if len(codes) > 1:
        app.page.run_task(turning)


async def send_link(app: ScreenApp, codes: list[str]) -> None:
    """The phone's share sheet with a link carrying the whole share; where the browser has none, the clipboard."""
    # the phone build's routes are after the # (Flet's hash strategy), so the whole link stays on the phone; a
    # server's scanner page takes the share from its fragment
    page, text = app.page.url or "", share_codes.link_text(codes)
    link = (urljoin(page, f"#{RECEIVE}?{CODE}={text}") if platform.IN_BROWSER
            else urljoin(page, f"/{SCANNER}#{text}"))
    try:
        await ft.Share().share_text(link)
    except Exception:  # no share sheet in this browser: the link goes to the clipboard
        await ft.Clipboard().set(link)
        app.snack(app.t("share.sent"))


def open_scanner(app: ScreenApp) -> None:
    """The scanner (assets/scanner/): over the app in the phone build, else a page of its own in this tab (the
    camera needs the page's JavaScript), with its words in the phone's language (placeholders left for it)."""
    t = app.t
    words = {"title": t("scan.title"), "back": t("scan.back"), "read": t("scan.read", n="{n}", count="{count}"),
             "no_camera": t("scan.no_camera", reason="{reason}")}

    async def launch() -> None:
        with contextlib.suppress(Exception):  # without its words the scanner still scans
            await ft.SharedPreferences().set(SCAN_WORDS, json.dumps(words, ensure_ascii=False))
        if not platform.IN_BROWSER:
            await ft.UrlLauncher().launch_url(SCANNER, web_only_window_name="_self")
        elif codes := await platform.scan_over_page():
            # through the preferences' own service: the page's local storage is read once, when the app starts
            await ft.SharedPreferences().set(INBOX, "\n".join(codes))
            app.go(RECEIVE)

    app.page.run_task(launch)


class ScanScreen(Screen):
    def title(self) -> str:
        return self.t("scan.title")

    def content(self) -> list[ft.Control]:
        return [AppText(self.t("scan.hint")),
                primary_button("scan.open_camera", self.t("scan.open_camera"), lambda e: open_scanner(self.app),
                               icon=ft.Icons.QR_CODE_SCANNER)]


class ReceiveScreen(Screen):
    """What the scanner or a link brought: refused with its reason, or previewed and then stored."""

    def __init__(self, app: ScreenApp, route: str) -> None:
        super().__init__(app, route)
        self.panel = ft.Column(spacing=10)
        self.names: dict[str, str] = {}
        self.owner: str | None = None  # the known player this phone's owner is, as this phone remembers
        self.you = NOBODY  # which player of the play is this phone's owner
        self.share: share_codes.Share | None = None

    def title(self) -> str:
        return self.t("receive.title")

    def content(self) -> list[ft.Control]:
        self.panel.controls = [AppText(self.t("receive.empty"))]
        self.app.page.run_task(self._take_inbox)
        return [tagged("receive.panel", self.panel)]

    async def _take_inbox(self) -> None:
        prefs = ft.SharedPreferences()
        with contextlib.suppress(Exception):
            self.owner = await prefs.get(OWNER) or None
        try:
            inbox = await prefs.get(INBOX)
        except Exception:
            return
        route = self.app.page.route or ""
        if f"?{CODE}=" in route:  # as the link has it (a parsed query would take its "+" for spaces)
            linked = route.split(f"?{CODE}=", 1)[1]
            self._took(lambda: share_codes.from_link(linked))
            return
        if not inbox:
            self._draw([self._scan_again()])
            return
        await prefs.set(INBOX, "")  # taken: a reload does not bring it again
        self._took(lambda: share_codes.decode([line for line in str(inbox).splitlines() if line.strip()]))

    def _took(self, decoded: Callable[[], share_codes.Share]) -> None:
        try:
            self.share = decoded()
        except RefusedError as refused:
            self._refused(refused)
            return
        if self.share.kind == "play":
            self.names = self._suggested(self.share.players())
            self.you = next((name for name, here in self.names.items() if here == self.owner), NOBODY)
        self._preview()

    def _refused(self, refused: RefusedError) -> None:
        rules = refused.rules_text if isinstance(refused, BackupError) else None
        reason = self.t.text(rules) if rules is not None else self.t(refused.message_key, **refused.params)
        self._draw([tagged("receive.refused", AppText(self.t("receive.refused"), weight=ft.FontWeight.BOLD)),
                    tagged("receive.reason", AppText(reason)), self._scan_again()])

    def _scan_again(self) -> ft.Control:
        return secondary_button("receive.scan", self.t("scan.title"), lambda e: open_scanner(self.app),
                                icon=ft.Icons.QR_CODE_SCANNER)

    def _draw(self, controls: list[ft.Control]) -> None:
        self.panel.controls = controls
        self.panel.update()

    def _game_name(self, document: dict[str, Any]) -> str:
        definition = document["sheet"].get("definition")  # a custom game's sheet carries its definition
        if isinstance(definition, dict):
            return str(definition["name"])
        return self.t.text(self.app.games.name_of(document["game"]))

    def _preview(self) -> None:
        share, t = self.share, self.t
        assert share is not None
        if share.kind == "game":
            self._draw([tagged("receive.what", AppText(t("receive.game", game=share.definition["name"]))),
                        primary_button("receive.add", t("receive.add_game"), self._store, icon=ft.Icons.ADD)])
            return
        document = share.play if share.kind == "play" else share.draft
        game, players = self._game_name(document), ", ".join(share.players())
        if share.kind == "draft":
            self._draw([tagged("receive.what", AppText(t("receive.draft", game=game, players=players))),
                        primary_button("receive.add", t("receive.add_draft"), self._store, icon=ft.Icons.PLAY_ARROW)])
            return
        self._draw([tagged("receive.what", AppText(t("receive.play", game=game, players=players))),
                    *self._matching(),
                    primary_button("receive.add", t("receive.add_play"), self._store, icon=ft.Icons.ADD)])

    def _suggested(self, players: list[str]) -> dict[str, str]:
        known = {look_alike_key(p["name"]): p["name"] for p in self.app.repo.players()}
        return {name: known[key] for name in players if (key := look_alike_key(name)) in known}

    def _matching(self) -> list[ft.Control]:
        """Which player is this phone's owner, and each player as a known one or as new."""
        assert self.share is not None
        t, players = self.t, self.share.players()
        rows: list[ft.Control] = [tagged("receive.you", ft.Dropdown(
            label=t("receive.you"), value=self.you, dense=True,
            options=[ft.DropdownOption(key=NOBODY, text=t("receive.nobody")),
                     *[ft.DropdownOption(key=name, text=name) for name in players]],
            on_select=lambda e: self._you(e.control.value or NOBODY)))]
        known = [p["name"] for p in self.app.repo.players()]
        if known:
            rows.append(AppText(t("receive.names"), size=13))
            for i, name in enumerate(players):
                rows.append(tagged(f"receive.name.{i}", ft.Dropdown(
                    label=name, value=self.names.get(name, NEW), dense=True,
                    options=[ft.DropdownOption(key=NEW, text=t("bgstats.preview.as_new")),
                             *[ft.DropdownOption(key=k, text=k) for k in known]],
                    on_select=lambda e, n=name: self._name(n, e.control.value or NEW))))
        return rows

    def _you(self, name: str) -> None:
        """This phone's owner played as `name`: taken as the owner this phone remembers, when it remembers one."""
        self.you = name
        if name != NOBODY and self.owner is not None:
            self.names = {n: here for n, here in self.names.items() if here != self.owner}
            self.names[name] = self.owner
        self._preview()

    def _name(self, name: str, here: str) -> None:
        if here == NEW:
            self.names.pop(name, None)
        else:
            self.names[name] = here
        self._preview()

    def _store(self, e: Any) -> None:
        share = self.share
        assert share is not None
        try:
            report = share_codes.receive(self.app.repo, share, self.names)
        except RefusedError as refused:
            self._refused(refused)
            return
        if share.kind == "play":
            if self.you != NOBODY:
                self.app.page.run_task(ft.SharedPreferences().set, OWNER, self.names.get(self.you, self.you))
            self.app.snack(self.t("receive.added_play" if report.plays_added else "receive.already"))
            self.app.go(f"/history/{share.play['id']}")
        elif share.kind == "draft":
            if not report.drafts_added:
                self.app.snack(self.t("receive.already"))
            self.app.go(f"/play/{share.draft['id']}")
        else:
            self.app.snack(self.t("receive.added_game", game=share.definition["name"]) if report.definitions_added
                           else self.t("receive.already"))
            self.app.go("/")
