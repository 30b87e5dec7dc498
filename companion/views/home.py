"""Home: continue a game in progress, start one of the games played lately, a quick sheet for any game, or pick a
game from the catalog, always in the same order (a long press on a card: hide it, or tidy a game of one's own)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

import flet as ft

from scoring import GameSpec, spec_for_sheet
from scoring.custom import is_custom

from .. import platform
from ..models import record as rec
from ..models.draft import DraftSession
from ..store.definitions import HIDDEN
from ..store.play_record import record_of
from ..store.repository import Repository, StartupIssue
from ..theme import CUSTOM_GAME_COLOUR, GAP
from ..widgets.common import icon_button, primary_button, secondary_button, section, tagged
from ..widgets.keep_history import KeepHistory
from ..widgets.restore_report import restore_report
from ..widgets.text import AppText
from .base import Screen
from .timefmt import ago

RECENT = 100  # plays that decide which games were played lately
RECENT_GAMES = 4  # the cards of the row of games played lately


def quick_badge(size: int = 48) -> ft.Container:
    return ft.Container(ft.Icon(ft.Icons.BOLT, size=size * 0.6, color=ft.Colors.WHITE), width=size, height=size,
                        border_radius=size / 4, bgcolor=CUSTOM_GAME_COLOUR, alignment=ft.Alignment.CENTER)


def played_lately(catalog: Iterable[GameSpec], repo: Repository, drafts: list[dict[str, Any]]) -> list[GameSpec]:
    """The games on Home played or in progress most recently, newest first (at most RECENT_GAMES): an expansion
    played as a game of its own is no game on Home, and is not among them.

    Only the newest RECENT plays count: the summaries are read newest first, shard by shard, and the home
    screen must not wait for the whole history."""
    last: dict[str, str] = {}
    for when, game in [*((s.finished_at, s.game) for s in islice(repo.summaries(), RECENT)),
                       *((d["updated_at"], d["game"]) for d in drafts)]:
        if when > last.get(game, ""):
            last[game] = when
    listed = [spec for spec in catalog if spec.id in last]
    return sorted(listed, key=lambda spec: last[spec.id], reverse=True)[:RECENT_GAMES]


class HomeScreen(Screen):
    top_level = True

    def title(self) -> str:
        return self.t("app.name")

    def content(self) -> list[ft.Control]:
        parts: list[ft.Control] = [self._issue(i, issue) for i, issue in enumerate(self.app.repo.issues)]
        if platform.IN_BROWSER:  # the history is only in this browser: say so while it has not promised to keep it
            parts.append(KeepHistory(self.app, self._backup, on_home=True).control())
        drafts = self.app.repo.drafts()
        if drafts:
            parts.append(section(self.t("home.continue"), *[self._draft_tile(d) for d in drafts]))
        store = self.app.games
        catalog = store.catalog()
        lately = played_lately(catalog, self.app.repo, drafts)
        if lately:
            parts.append(section(self.t("home.recent"), ft.Row([self._recent_card(spec) for spec in lately],
                                                                spacing=GAP, scroll=ft.ScrollMode.AUTO)))
        hidden = sum(1 for state in store.states().values() if state == HIDDEN)
        parts.append(section(self.t("home.games"), ft.ResponsiveRow(
            [self._quick_card(), *(self._game_card(spec) for spec in catalog)], spacing=GAP, run_spacing=GAP),
            ft.Row([secondary_button("home.define_game", self.t("custom.define"), lambda e: self.app.go("/custom/new"),
                                     icon=ft.Icons.ADD),
                    secondary_button("home.scan", self.t("scan.title"), lambda e: self.app.go("/scan"),
                                     icon=ft.Icons.QR_CODE_SCANNER),
                    secondary_button("home.manage", self.t("home.manage_hidden", n=hidden) if hidden
                                     else self.t("home.manage"), lambda e: self.app.go("/games"),
                                     icon=ft.Icons.TUNE)], wrap=True)))
        return parts

    def _issue(self, index: int, issue: StartupIssue) -> ft.Control:
        """A data file that could not be read at start: say so, and offer its last good backup."""
        lines: list[ft.Control] = [
            AppText(self.t("home.issue", file=issue.file, moved=issue.moved_to, reason=issue.reason), size=14)]
        if self.app.repo.can_restore(issue):
            label = self.t("home.restore", backup=issue.backup) if issue.backup else self.t("home.recover")
            lines.append(primary_button(f"home.issue.{index}.restore", label, lambda e: self._restore(issue),
                                        icon=ft.Icons.RESTORE))
        return tagged(f"home.issue.{index}", ft.Container(
            ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.ERROR), ft.Column(lines, expand=True)]),
            padding=12, border_radius=12, bgcolor=ft.Colors.ERROR_CONTAINER))

    def _backup(self) -> ft.ClientAction:
        from .data_panel import export_action  # imported when the notice is shown: the home screen starts the app

        return export_action(self.app, "backup")

    def _restore(self, issue: StartupIssue) -> None:
        """Restore, then say what came back: for a file of plays each play by name, and each that could not."""
        report = self.app.repo.restore_backup(issue)
        self.rebuild()
        if not report.of_plays:
            self.app.snack(self.t("home.restored", file=issue.file))
            return
        self.app.show_dialog(ft.AlertDialog(
            title=AppText(self.t("restore.title", file=issue.file)),
            content=restore_report(self.t, report, lambda game: self.t.text(self.app.games.name_of(game))),
            actions=[tagged("restore.close", ft.TextButton(self.t("common.close"),
                                                           on_click=lambda e: self.app.close_dialog()))]))

    def _draft_tile(self, draft: dict[str, Any]) -> ft.Control:
        spec = spec_for_sheet(draft["sheet"])
        names = ", ".join(p["name"] for p in draft["sheet"]["players"])
        running = rec.timer_running(record_of(draft))
        buttons = [icon_button(f"home.discard.{draft['id']}", ft.Icons.DELETE_OUTLINE, self.t("home.discard"),
                               lambda e: self._discard(draft))]
        if running:  # a game left for a break keeps counting its time until someone pauses it
            buttons.insert(0, icon_button(f"home.pause.{draft['id']}", ft.Icons.PAUSE, self.t("timer.pause"),
                                          lambda e: self._pause(draft)))
        subtitle = f"{names} · {ago(self.t, draft['updated_at'])}"
        tile = ft.ListTile(
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, shape=ft.RoundedRectangleBorder(radius=12),  # as a game's card
            leading=self.badge(spec.id, 40),
            title=AppText(self.t.text(spec.name), weight=ft.FontWeight.BOLD),
            subtitle=AppText(f"{subtitle} · {self.t('home.timer_running')}" if running else subtitle),
            trailing=ft.Row(buttons, tight=True, spacing=0),
            on_click=lambda e, draft_id=draft["id"]: self.app.go(f"/play/{draft_id}"),
        )
        return tagged(f"home.continue.{draft['id']}", tile)

    def _pause(self, draft: dict[str, Any]) -> None:
        """Pause a parked game's timer from Home, as its sheet would: an operation of this screen's writer."""
        session = DraftSession(self.app.repo, draft, self.app.storage_problem, writer=self.app.writer)
        session.save(record=rec.pause_timer(record_of(session.draft)))
        self.rebuild()

    def _discard(self, draft: dict[str, Any]) -> None:
        """Throw a game in progress away; the snackbar's Undo puts it back exactly as it was (a quick game never
        finished goes with it, and comes back with it)."""
        self.app.repo.delete_draft(draft["id"])
        store = self.app.games
        quick = store.drop_quick(draft["game"])
        self.rebuild()
        game = self.t.text(spec_for_sheet(draft["sheet"]).name)

        def undo() -> None:
            if quick:
                store.save_quick(draft["sheet"]["definition"])
            self.app.repo.add_drafts([draft])

        self.app.offer_undo(self.t("home.discarded", game=game), undo)

    def _actions(self, spec: GameSpec) -> None:
        from .game_actions import GameActions  # imported on the first long press: the home screen starts the app

        GameActions(self.app).open(spec)

    def _recent_card(self, spec: GameSpec) -> ft.Control:
        card = ft.Container(
            ft.Column([self.badge(spec.id, 40), AppText(self.t.text(spec.name), size=12, max_lines=2,
                                                        text_align=ft.TextAlign.CENTER)],
                      spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=96, padding=8, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, ink=True,
            on_click=lambda e: self.app.go(f"/new/{spec.id}"), on_long_press=lambda e: self._actions(spec))
        return tagged(f"home.recent.{spec.id}", card, self.t.text(spec.name))

    def _quick_card(self) -> ft.Control:
        """The quick sheet, first among the games: any game, without defining it first."""
        card = ft.Container(
            ft.Row([quick_badge(), ft.Column([
                AppText(self.t("quick.title"), weight=ft.FontWeight.BOLD, size=16, max_lines=2),
                AppText(self.t("quick.subtitle"), size=12, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2),
            ], spacing=2, expand=True)], spacing=12),
            padding=12, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER, ink=True,
            on_click=lambda e: self.app.go("/quick"), col={"xs": 12, "sm": 6, "md": 4})
        return tagged("home.quick", card, self.t("quick.title"))

    def _game_card(self, spec: GameSpec) -> ft.Control:
        """A game's card: its badge, names and player count on a tinted panel. A flat panel rather than a Card
        (two controls fewer and no shadow to draw, nine times over): the home screen is the first screen of
        every start, and the phone build's Python sends it and its browser draws it before the player sees
        anything."""
        players = (self.t("home.players_one", n=spec.min_players) if spec.min_players == spec.max_players
                   else self.t("home.players_range", lo=spec.min_players, hi=spec.max_players))
        card = ft.Container(
            ft.Row([
                self.badge(spec.id),
                ft.Column([
                    AppText(self.t.text(spec.name), weight=ft.FontWeight.BOLD, size=16, max_lines=2),
                    AppText(self.t.in_english(spec.name) or (self.t("custom.yours") if is_custom(spec.id) else ""),
                            size=12, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1),
                    AppText(players, size=12),
                ], spacing=2, expand=True),
            ], spacing=12),
            padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, ink=True,
            on_click=lambda e: self.app.go(f"/new/{spec.id}"), on_long_press=lambda e: self._actions(spec),
            col={"xs": 12, "sm": 6, "md": 4},
        )
        return tagged(f"home.game.{spec.id}", card, self.t.text(spec.name))
