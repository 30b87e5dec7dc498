"""The live table: the scorekeeper shares a game; the other phones join with its code and watch it live.

Viewers see only the game they joined: totals, whose turn, the prompt, the result with its tiebreak.
When the scorekeeper allows it, a viewer says which player it is (a claim, see companion.claims) and enters
that player's fields; every change goes through the same validation and storage, and the scorekeeper sees
which phone is which player, and who changed what, with undo.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft
import segno

from scoring import score_sheet, spec_for_sheet
from scoring.ranking import places
from scoring.spec import GameSpec

from ..claims import ClaimError, check_edit
from ..i18n import LANGUAGES, language_name
from ..live import CODE_LENGTH, JoinResult
from ..models.changes import ChangeLine, Part, change_lines, take_back
from ..models.draft import DraftSession
from ..models.guide import Guide, now
from ..models.paths import Path
from ..models.sheet_model import Evaluation, SheetModel
from ..store import GameFinished
from ..widgets.common import icon_button, labelled_switch, primary_button, section, shown_value, tagged
from ..widgets.fields import EditorFactory
from ..widgets.teams import team_totals, teams_of
from ..widgets.text import AppText
from .base import Screen
from .result import winner_headline

if TYPE_CHECKING:
    from .app_protocol import ScreenApp

CHANGES_SHOWN = 50  # lines of the change list drawn at first, and added by each tap on More


def qr_png(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=6, border=2)
    return buffer.getvalue()


def language_switch(screen: Screen) -> ft.Control:
    """Each phone at the table picks its own language."""
    current = ft.Container(ft.Row([ft.Icon(ft.Icons.TRANSLATE, size=18), AppText(language_name(screen.app.lang))],
                                  spacing=4, tight=True), padding=ft.Padding.only(left=8, right=16))  # off the edge
    return tagged("live.language", ft.PopupMenuButton(content=current, items=[
        ft.PopupMenuItem(content=AppText(language_name(lang)),
                         on_click=lambda e, lang=lang: screen.app.set_language(lang))
        for lang in LANGUAGES if lang != screen.app.lang]))



class PhoneSheet:
    """A joined phone's own fields: each change stored through the live screen (which lists it as a change);
    a phone has no undo of its own (the scorekeeper's change list takes changes back)."""

    def __init__(self, session: DraftSession, save: Any) -> None:
        self.session = session
        self.save = save

    def save_sheet(self, sheet: dict[str, Any], same_edit: bool) -> None:
        self.save(self.session, sheet, same_edit)

    def undo_sheet(self) -> dict[str, Any] | None:
        return None

    @property
    def can_undo(self) -> bool:
        return False


def open_game(app: ScreenApp, code: str) -> JoinResult:
    """The game a code opens for this session. One it joined already opens again as it is (a reload, a screen
    shown again): only a new code goes through the live table's limit on wrong codes."""
    normalised = code.strip().upper()
    if normalised in app.joined:
        return JoinResult(app.joined[normalised])
    joined = app.services.live.join(normalised, app.peer or "local")
    if joined.draft_id is not None:
        app.joined[normalised] = joined.draft_id
    return joined


class JoinScreen(Screen):
    top_level = False

    def __init__(self, app: ScreenApp, route: str, tried: JoinResult | None = None) -> None:
        """`tried`: the outcome of a code that came in the address (/live/<code>), shown like a typed one."""
        super().__init__(app, route)
        self.tried = tried

    def title(self) -> str:
        return self.t("live.join_title")

    def actions(self) -> list[ft.Control]:
        return [language_switch(self)]

    def build(self) -> ft.View:
        view = super().build()
        view.appbar.automatically_imply_leading = False  # type: ignore[union-attr]
        return view

    def content(self) -> list[ft.Control]:
        self.code = ft.TextField(label=self.t("live.code"), capitalization=ft.TextCapitalization.CHARACTERS,
                                 max_length=CODE_LENGTH, text_size=28, width=220, on_submit=self._join, autofocus=True)
        self.error = AppText("", color=ft.Colors.ERROR, visible=False)
        if self.tried is not None:
            self._show(self.tried)
        return [AppText(self.t("live.join_hint"), size=15), tagged("live.code", self.code),
                primary_button("live.join", self.t("live.join"), self._join, icon=ft.Icons.LOGIN), self.error]

    def _join(self, e: ft.ControlEvent) -> None:
        joined = open_game(self.app, self.code.value or "")
        if joined.draft_id is not None:
            self.app.go(f"/live/{(self.code.value or '').strip().upper()}")
            return
        self._show(joined)

    def _show(self, joined: JoinResult) -> None:
        self.error.value = self.t("live.wait", n=joined.wait_seconds) if joined.wait_seconds \
            else self.t("live.wrong_code")
        self.error.visible = True


class OwnFields:
    """The sheet as a joined phone's editors see it: they read all of it, and change only what `may_edit`
    allows (the fields of the player the phone holds). An edit refused changes nothing and stores nothing.
    What the editors do not use is not here, so that nothing reaches the sheet around the check."""

    def __init__(self, model: SheetModel, may_edit: Callable[[Path], bool]) -> None:
        self.model, self._may_edit = model, may_edit

    @property
    def names(self) -> list[str]:
        return self.model.names

    def value(self, path: Path, default: Any = None) -> Any:
        return self.model.value(path, default)

    def commit(self) -> None:
        self.model.commit()

    def set(self, path: Path, value: Any, typing: bool = False) -> Evaluation:
        return self.model.set(path, value, typing) if self._may_edit(path) else self.model.evaluation

    def append(self, path: Path, item: Any) -> Evaluation:
        return self.model.append(path, item) if self._may_edit(path) else self.model.evaluation

    def remove_at(self, path: Path, index: int) -> Evaluation:
        return self.model.remove_at(path, index) if self._may_edit(path) else self.model.evaluation


@dataclass
class PhoneFields:
    """The fields of the player a joined phone holds, as drawn: its game's state and the editors."""

    store: PhoneSheet
    fields: OwnFields
    editors: EditorFactory

    def refresh(self, spec: GameSpec) -> list[ft.Control]:
        """Take in what others entered; returns the checks next to the fields that changed."""
        self.store.session.adopt()
        self.fields.model = SheetModel(spec, self.store.session.draft["sheet"], self.store)
        return self.editors.show(self.fields.model.evaluation)


class LiveScreen(Screen):
    """What a viewer sees of the game they joined, kept up with every change made elsewhere: the scores and what
    the game waits for are drawn again; the whole screen only when more changed (see `_layout`)."""

    def __init__(self, app: ScreenApp, route: str, code: str, draft_id: str) -> None:
        super().__init__(app, route)
        self.code = code
        self.draft_id = draft_id
        self.me: str | None = None  # the player this phone holds, as the screen was last drawn
        self.finished_play: str | None = None
        self.drawn: tuple[Any, ...] | None = None  # the layout drawn (see `_layout`)
        self.scores = ft.Container()
        self.now_lines = ft.Column(spacing=2)
        self.own: PhoneFields | None = None
        if self.draft_id is not None:
            app.watch(self.draft_id, self._changed_elsewhere)

    def title(self) -> str:
        return self.t("live.title")

    def actions(self) -> list[ft.Control]:
        return [language_switch(self)]

    def content(self) -> list[ft.Control]:
        self.drawn, self.own = None, None
        if self.finished_play is not None:
            play = self.app.repo.play(self.finished_play)
            if play is not None:
                return self._result(play["sheet"])
        draft = self.app.repo.draft(self.draft_id) if self.draft_id else None
        if draft is None:
            return [tagged("live.gone", AppText(self.t("live.gone"), size=16))]
        spec = spec_for_sheet(draft["sheet"])
        sheet = draft["sheet"]
        self._show_scores(spec, sheet)
        parts: list[ft.Control] = [
            ft.Row([self.badge(spec.id, 40), AppText(self.t.text(spec.name), size=20, weight=ft.FontWeight.BOLD)],
                   spacing=10),
            self.scores,
            tagged("live.now", ft.Container(self.now_lines, padding=12, border_radius=10,
                                            bgcolor=ft.Colors.SECONDARY_CONTAINER)),
        ]
        guide = Guide.restore(spec, sheet, draft.get("guide", {}))
        step = guide.step if guide.step != "setup" else "play"
        parts.append(ft.ExpansionTile(title=AppText(self.t(f"guide.step.{step}")), controls=[
            ft.Container(ft.Column([AppText(self.t.text(p), size=14) for p in guide.prompts(step)], spacing=4),
                         padding=ft.Padding.only(left=16, right=16, bottom=12))]))
        self.me = self.app.services.live.claims.player_of(draft["id"], self.app.page.session.id)
        if self.app.services.live.edits_allowed(draft["id"]) and spec.player_fields:
            parts.append(self._own_fields(draft, spec))
        self.drawn = self._layout(draft, spec)
        return parts

    def _layout(self, draft: dict[str, Any], spec: GameSpec) -> tuple[Any, ...]:
        """What decides this screen's controls besides the scores and what the game waits for: who may enter,
        who holds whom, the players, this phone's own entries, the guide's step and its prompts."""
        live = self.app.services.live
        sheet = draft["sheet"]
        me = live.claims.player_of(draft["id"], self.app.page.session.id)
        guide = Guide.restore(spec, sheet, draft.get("guide", {}))
        step = guide.step if guide.step != "setup" else "play"
        own = next((p for p in sheet["players"] if p["name"] == me), None)
        return (live.edits_allowed(draft["id"]), me, frozenset(c.player for c in live.claims.of_game(draft["id"])),
                tuple(p["name"] for p in sheet["players"]), json.dumps(own, sort_keys=True), step,
                tuple(guide.prompts(step)))

    def _show_scores(self, spec: GameSpec, sheet: dict[str, Any]) -> None:
        evaluation = SheetModel(spec, sheet).evaluation  # scores so far, like the scorekeeper's totals
        self.scores.content = self._totals(sheet, evaluation.result)
        self.now_lines.controls = [AppText(self.t(n.key, **n.params), size=15)
                                   for n in now(spec, sheet, evaluation.result, evaluation.pending)]

    def _totals(self, sheet: dict[str, Any], result: Any) -> ft.Control:
        if result is None:
            names = [p["name"] for p in sheet["players"]]
            return ft.Row([AppText(n, size=16) for n in names], wrap=True)
        rows = []
        for place, group in places(result.ranking):
            for name in group:
                player = result.player(name)
                rows.append(tagged(f"live.total.{name}", ft.Row([
                    AppText(f"{place}.", width=32, size=16),
                    AppText(name, expand=True, size=18, weight=ft.FontWeight.BOLD if name in result.winners
                            else None),
                    AppText(str(player.total), size=22, weight=ft.FontWeight.BOLD)])))
        teams = teams_of(result)  # a team game: the teams' totals first, as the scorekeeper's sheet shows them
        return section(self.t("live.scores"), *([team_totals(self.t, teams, "live.team")] if teams else []), *rows)

    def _result(self, sheet: dict[str, Any]) -> list[ft.Control]:
        result = score_sheet(sheet)
        headline = winner_headline(self.t, result.winners, result.extras)
        parts: list[ft.Control] = [tagged("live.result", AppText(headline, size=26, weight=ft.FontWeight.BOLD)),
                                   self._totals(sheet, result)]
        parts += [tagged(f"live.tiebreak.{i}", AppText(self.t.text(n.text), size=15))
                  for i, n in enumerate(result.tiebreaks)]
        return parts

    # ---- a viewer entering their own fields (when the scorekeeper allows it) ---------------------

    def _own_fields(self, draft: dict[str, Any], spec: Any) -> ft.Control:
        names = [p["name"] for p in draft["sheet"]["players"]]
        held = {c.player for c in self.app.services.live.claims.of_game(draft["id"])} - {self.me}
        chips = [tagged(f"live.me.{i}", ft.Chip(
            label=self.t("live.held_elsewhere", name=n) if n in held else n, selected=n == self.me,
            on_select=lambda e, n=n: self._choose(n))) for i, n in enumerate(names)]
        said = self.t("live.you_are", name=self.me) if self.me in names else self.t("live.who_are_you")
        parts: list[ft.Control] = [tagged("live.who", AppText(said, size=14)), ft.Row(chips, wrap=True)]
        if self.me in names:
            index = names.index(self.me)
            session = DraftSession(self.app.repo, draft, self.app.storage_problem,
                                   on_finished=self._finished_meanwhile, writer=self.app.writer)
            store = PhoneSheet(session, self._save)
            fields = OwnFields(SheetModel(spec, session.draft["sheet"], store), self._may_edit)
            editors = EditorFactory(fields, self.t,  # type: ignore[arg-type]
                                    lambda ev: self._show(editors.show(ev)), self.rebuild)
            parts += [editors.build(f, ("players", index, f.key)) for f in spec.player_fields]
            editors.show(fields.model.evaluation)
            self.own = PhoneFields(store, fields, editors)
        return section(self.t("live.your_scores"), *parts)

    def _show(self, changed: list[ft.Control]) -> None:
        """Send what an entry changed next to the fields (a step's value is sent by its editor)."""
        if changed:
            self.app.page.update(*changed)

    def _choose(self, name: str) -> None:
        """This phone says which player it is: once, and only one that no other phone holds."""
        draft = self.app.repo.draft(self.draft_id)
        players = [p["name"] for p in draft["sheet"]["players"]] if draft else []
        try:
            self.app.services.live.claims.claim(self.draft_id, name, players, self.app.page.session.id,
                                                self.app.peer or "?")
        except ClaimError as refused:
            self.app.snack(self.t(refused.message_key, **refused.params))
        else:
            self.app.writer.by = {"player": name}  # every entry of this phone names its player
            self.app.publish(self.draft_id, {"draft": self.draft_id})
        self.rebuild()  # the chips show what is held (a chip's selection changes on the phone at once)

    def _may_edit(self, path: Path) -> bool:
        """Whether this phone may change the sheet at `path` now: only the player it holds, where that player
        sits now. Otherwise it is told why and the screen is drawn again from what is stored (its editors may
        be older than the scorekeeper's last change of who holds whom)."""
        live = self.app.services.live
        draft = self.app.repo.draft(self.draft_id)
        players = [p["name"] for p in draft["sheet"]["players"]] if draft else []
        holds = live.claims.player_of(self.draft_id, self.app.page.session.id)
        try:
            check_edit(live.edits_allowed(self.draft_id), holds, path, players)
        except ClaimError as refused:
            self.app.snack(self.t(refused.message_key, **refused.params))
            self.app.page.run_task(self._redraw)
            return False
        return True

    async def _redraw(self) -> None:
        self.rebuild()

    def _save(self, session: DraftSession, sheet: dict[str, Any], same_edit: bool) -> None:
        session.save(same_edit=same_edit, sheet=sheet)  # its operations name this phone's player (the change list)
        stored = self.app.repo.draft(session.id)
        if stored is not None and self.drawn is not None:  # this phone's own entries are on its screen already
            self.drawn = self._layout(stored, spec_for_sheet(stored["sheet"]))
        self.app.publish(session.id, {"draft": session.id, "by": self.me})

    def _finished_meanwhile(self, play_id: str | None, missed: list[Any]) -> None:
        """An entry to a game the scorekeeper finished meanwhile: refused, and the result shown."""
        self.app.snack(self.t("sheet.finished_elsewhere"))
        self._changed_elsewhere({"finished": play_id})

    def _changed_elsewhere(self, message: dict[str, Any]) -> None:
        """Another screen changed the game. Where the layout drawn still holds, only the scores, what the game
        waits for and the checks next to this phone's fields are sent: a whole screen of new controls for every
        entry at the table was most of the server's work on a club night (bench.live)."""
        if message.get("finished"):
            self.finished_play = message["finished"]
        draft = self.app.repo.draft(self.draft_id) if self.draft_id and self.finished_play is None else None
        if draft is None or self.drawn is None:
            self.rebuild()
            return
        spec = spec_for_sheet(draft["sheet"])
        if self._layout(draft, spec) != self.drawn:
            self.rebuild()
            return
        self._show_scores(spec, draft["sheet"])
        changed: list[ft.Control] = [self.scores, self.now_lines]
        if self.own is not None:
            changed += self.own.refresh(spec)
        self.app.page.update(*changed)


class ShareScreen(Screen):
    """The scorekeeper's view of sharing a game: link, QR code, join code, edit permission, changes."""

    def __init__(self, app: ScreenApp, route: str, draft: dict[str, Any]) -> None:
        super().__init__(app, route)
        self.draft = draft
        self.code = app.services.live.code_for(draft["id"])
        self.changes_shown = CHANGES_SHOWN
        app.watch(draft["id"], lambda message: self.rebuild())

    def title(self) -> str:
        return self.t("live.share_title")

    def content(self) -> list[ft.Control]:
        t = self.t
        live = self.app.services.live
        url = self.app.services.share_url
        parts: list[ft.Control] = [
            AppText(t("live.code_label"), size=14),
            tagged("live.share.code", AppText(self.code, size=44, weight=ft.FontWeight.BOLD,
                                              font_family="monospace")),
        ]
        if url:
            parts += [AppText(t("live.open_on_phones"), size=14),
                      tagged("live.share.url", AppText(url, size=18, selectable=True)),
                      tagged("live.share.qr", ft.Image(src=qr_png(url), width=220, height=220))]
        else:
            parts.append(tagged("live.share.local", AppText(t("live.not_shared", hand_over=t("share.hand_over")),
                                                            size=14)))
        parts.append(labelled_switch("live.allow_edits", t("live.allow_edits"), live.edits_allowed(self.draft["id"]),
                                     self._allow))
        claims = [tagged(f"live.claim.{c.player}", ft.ListTile(
            dense=True, title=AppText(t("live.held_by", name=c.player, phone=c.peer)),
            trailing=icon_button(f"live.free.{c.player}", ft.Icons.PERSON_REMOVE, t("live.free"),
                                 lambda e, c=c: self._free(c.player)))) for c in live.claims.of_game(self.draft["id"])]
        parts.append(section(t("live.claims"), *(claims or [AppText(t("live.no_claims"), size=13)])))
        parts.append(self._changes())
        return parts

    def _changes(self) -> ft.Control:
        """Every change of the game, newest first, from its log (see models.changes)."""
        t = self.t
        draft_id = self.draft["id"]
        log = self.app.repo.draft_log(draft_id)
        lines = change_lines(self.app.repo.draft_ops(draft_id), log, spec_for_sheet(self.draft["sheet"])) \
            if log is not None else []
        rows: list[ft.Control] = [self._change_row(line) for line in lines[:self.changes_shown]]
        if len(lines) > self.changes_shown:
            rows.append(tagged("live.changes.more", ft.TextButton(
                t("live.changes_more", n=len(lines) - self.changes_shown), on_click=self._more_changes)))
        return section(t("live.changes"), *rows)

    def _change_row(self, line: ChangeLine) -> ft.Control:
        t = self.t
        if line.kind == "start":
            return tagged(f"live.change.{line.op_id}", ft.ListTile(dense=True, title=AppText(t("live.started"))))
        who = t("live.by_phone", name=line.player) if line.player else t("live.by_scorekeeper")
        field = " · ".join(self._words(part) for part in line.field)
        title = t("live.change", who=who, field=field, before=shown_value(line.before),
                  after=shown_value(line.after)) if line.shows_values else t(f"live.change_{line.kind}", who=who,
                                                                              field=field)
        subtitle = None
        if line.concurrent is not None:
            other = t("live.by_phone", name=line.concurrent.other_player) if line.concurrent.other_player \
                else t("live.by_scorekeeper")
            outcome = "kept" if line.concurrent.kept else "replaced"
            subtitle = tagged(f"live.change.{line.op_id}.{outcome}", AppText(
                t(f"live.change_{outcome}", other=other), size=12,
                weight=ft.FontWeight.BOLD if line.concurrent.kept else None))
        return tagged(f"live.change.{line.op_id}", ft.ListTile(
            dense=True, title=AppText(title), subtitle=subtitle,
            trailing=icon_button(f"live.undo.{line.op_id}", ft.Icons.UNDO, t("sheet.undo"),
                                 lambda e, op_id=line.op_id: self._undo(op_id))))

    def _words(self, part: Part) -> str:
        if isinstance(part, str):
            return part
        if isinstance(part, tuple):
            return self.t(part[0], **part[1])
        return self.t.text(part.name)

    def _more_changes(self, e: ft.ControlEvent) -> None:
        self.changes_shown += CHANGES_SHOWN
        self.rebuild()

    def _free(self, player: str) -> None:
        """The phone that held `player` holds nobody now, and any phone may say it is `player`."""
        self.app.services.live.claims.free(self.draft["id"], player)
        self.app.publish(self.draft["id"], {"draft": self.draft["id"]})
        self.rebuild()

    def _allow(self, allowed: bool) -> None:
        self.app.services.live.allow_edits(self.draft["id"], allowed)
        self.app.publish(self.draft["id"], {"draft": self.draft["id"]})

    def _undo(self, op_id: str) -> None:
        """Take back one change, whoever made it (the taking back is a change of the scorekeeper's, listed too)."""
        try:  # a StorageError is the app's to show (see App._refuse_storage_errors)
            refused = take_back(self.app.repo, self.draft["id"], op_id, self.app.writer)
        except (GameFinished, KeyError):
            self.app.snack(self.t("sheet.finished_elsewhere"))
            return
        if refused is not None:
            self.app.snack(self.t.text(refused.error.text) if refused.error else self.t(refused.key, **refused.params))
            return
        self.app.publish(self.draft["id"], {"draft": self.draft["id"]})
        self.rebuild()
