"""The preview of an import of another app's plays (a BG Stats export, BoardGameGeek's plays) and the import
itself, with a progress bar.

The preview says what the file holds (plays, players, games, the days it covers), which of its games are
built-in games here, how many plays come in and why the others do not (a play whose values no real play has is
named); a player new here can be taken as one already known (a different spelling of the same person) before
anything is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scoring import get_spec

from ..i18n import Translator
from ..import_texts import bgstats_counts, bgstats_imported
from ..store import bgstats
from ..store.repository import Repository
from ..store.transfer import PlannedFile
from .common import primary_button, secondary_button, tagged
from .text import AppText

NEW = ""  # the choice "a new player"
ALREADY = "already"  # the one skip not named play by play: those plays are in the history as they were
MAX_NAMED = 20  # plays named for one reason (the data command names every one)


class BGStatsImport:
    def __init__(self, repo: Repository, t: Translator, file: PlannedFile, redraw: Callable[[], None],
                 done: Callable[[str], None]) -> None:
        self.repo, self.t, self.file, self.plan = repo, t, file, file.plan
        plan = file.plan
        self.redraw, self.done = redraw, done
        self.new_names = plan.new_players_coming  # as the file spells them
        # "mina" is suggested to be Mina (the preview shows it, the player decides)
        self.renames: dict[str, str] = bgstats.suggested_renames(repo, plan)
        if self.renames:
            self.plan = file.replan(self.renames)
        self.progress = ft.ProgressBar(value=0, visible=False)
        self.busy = False

    def control(self) -> ft.Control:
        t, plan = self.t, self.plan
        lines: list[ft.Control] = [
            AppText(t(f"{self.file.source}.preview.title"), weight=ft.FontWeight.BOLD, size=16),
            tagged("bgstats.preview.counts", AppText(bgstats_counts(t, plan))),
        ]
        if plan.first_day is not None:
            lines.append(AppText(t("bgstats.preview.days", first=plan.first_day, last=plan.last_day), size=13))
        for name, game in plan.matched.items():
            lines.append(AppText(t("bgstats.preview.matched", name=name,
                                   game=t.text(get_spec(game).name)), size=13))
        lines.append(tagged("bgstats.preview.adding", AppText(t("bgstats.preview.adding", n=len(plan.plays)),
                                                               weight=ft.FontWeight.BOLD)))
        for reason, n in sorted(plan.reasons().items()):
            lines.append(tagged(f"bgstats.preview.skip.{reason}", AppText(t(f"bgstats.skip.{reason}", n=n), size=13,
                                                                          color=ft.Colors.ON_SURFACE_VARIANT)))
            if reason != ALREADY:
                lines += self._named([s for s in plan.skipped if s.reason == reason])
        lines += self._same_names()
        lines += self._merges()
        lines += [self.progress, ft.Row([
            primary_button("bgstats.import", t("bgstats.import", n=len(plan.plays)), self._run, icon=ft.Icons.UPLOAD,
                           disabled=not plan.plays or self.busy),
            secondary_button("bgstats.cancel", t("common.cancel"), lambda e: self.done(""), disabled=self.busy),
        ], wrap=True)]
        return tagged("bgstats.preview", ft.Container(ft.Column(lines, spacing=6), padding=12, border_radius=12,
                                                      bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH))

    def _named(self, skipped: list[bgstats.Skipped]) -> list[ft.Control]:
        t = self.t
        texts = [t("bgstats.preview.skipped", played=s.played, game=s.game, id=s.uuid) for s in skipped[:MAX_NAMED]]
        if len(skipped) > MAX_NAMED:
            texts.append(t("bgstats.preview.more", n=len(skipped) - MAX_NAMED))
        return [AppText(text, size=12, color=ft.Colors.ON_SURFACE_VARIANT) for text in texts]

    def _merges(self) -> list[ft.Control]:
        """For each player new here (who plays in a play that comes in): keep as new, or take as a known one."""
        known = [p["name"] for p in self.repo.players()]
        if not known or not self.new_names:
            return []
        rows: list[ft.Control] = [AppText(self.t("bgstats.preview.merge_hint"), size=13)]
        for i, name in enumerate(self.new_names):
            options = [ft.DropdownOption(key=NEW, text=self.t("bgstats.preview.as_new")),
                       *[ft.DropdownOption(key=k, text=k) for k in known]]
            rows.append(tagged(f"bgstats.merge.{i}", ft.Dropdown(
                label=name, value=self.renames.get(name, NEW), options=options, dense=True,
                on_select=lambda e, n=name: self._merge(n, e.control.value or NEW))))
        return rows

    def _same_names(self) -> list[ft.Control]:
        """Players of the file (different BG Stats players) whose names look the same: two players here, the
        second numbered, unless the player says they are one."""
        rows: list[ft.Control] = []
        for i, group in enumerate(self.plan.same_names):
            first, *others = group.names
            rows += [AppText(self.t("bgstats.preview.same_name", n=len(group.names), name=group.name,
                                    names=", ".join(group.names)), size=13),
                     tagged(f"bgstats.same.{i}", ft.Checkbox(
                         label=self.t("bgstats.preview.same_person"),
                         value=all(self.renames.get(n) == first for n in others),
                         on_change=lambda e, f=first, o=others: self._same(f, o, bool(e.control.value))))]
        return rows

    def _same(self, first: str, others: list[str], one: bool) -> None:
        for name in others:
            self._merge(name, first if one else NEW)

    def _merge(self, name: str, into: str) -> None:
        if into == NEW:
            self.renames.pop(name, None)
        else:
            self.renames[name] = into
        try:
            self.plan = self.file.replan(self.renames)
        except bgstats.BGStatsError:
            return  # checked when the preview opened: cannot happen for the same bytes
        self.redraw()

    def _run(self, e: Any) -> None:
        self.busy = True
        self.progress.visible = True
        self.redraw()

        def step(done: int, total: int) -> None:
            self.progress.value = done / total if total else 1
            self.progress.update()

        try:
            report = bgstats.run_import(self.repo, self.plan, step)
        finally:  # the disk may refuse (the app says so): then the preview is ready to try again
            self.busy = False
            self.progress.visible = False
            self.redraw()
        self.done(bgstats_imported(self.t, report, self.file.source))
