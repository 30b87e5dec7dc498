"""Editors generated from the game's spec: one editor per field type, bound to a SheetModel path.

Every editor knows its sheet path, so the engine's judgement of that path (or the nearest enclosing
one) is shown right next to it, in the player's language: a broken rule in red, a rule that waits for
other entries as a quiet hint, and nothing at all for what is simply not entered yet. Repeated entries
(a round per player, a ticket per row) are compact tables; each field's help is shown once, folded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from scoring import Typed
from scoring.fields import Bool, Choice, ChoiceValue, Field, Int, Kind, ListOf, PlayerRef, Record, Str

from ..i18n import Translator
from ..models.paths import Path, parse, to_text
from ..models.sheet_model import Evaluation, SheetModel
from ..theme import GAP, TOUCH
from .common import icon_button, labelled_switch, one_node, tagged
from .text import AppText

Changed = Callable[[Evaluation], None]
CELL_WIDTH = 64  # a number cell of a group of numbers: three digits and a sign
LABEL_SHARE = 3  # a table's row label (a player's name) takes this share of the row; see _cell_share
# What a field being typed into keeps on screen around its caret as the sheet scrolls it into view: below it,
# the rest of the field and two lines of the rule it breaks (shown under it), which Flutter's 20 px left half
# under the bottom bar.
TYPING_ROOM = ft.Padding.only(left=20, top=20, right=20, bottom=64)


class Editor:
    """Base: a control bound to a path, able to show an error or a 'still needed' hint."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.id = to_text(path)
        self.error = AppText("", color=ft.Colors.ERROR, size=13, visible=False)

    @property
    def control(self) -> ft.Control:
        raise NotImplementedError

    def marks(self) -> list[ft.Control]:
        """The controls that `show_error` changes (what to send to the browser after it)."""
        return [self.error]

    @property
    def typed_into(self) -> ft.TextField | None:
        """The field the player types this entry into, if it is typed."""
        return None

    def show_error(self, message: str | None, hint: bool = False) -> bool:
        """A broken rule (red) or, with `hint`, a rule that waits for other entries (quiet).

        Returns whether anything shown changed."""
        shown = (message or "", bool(message), ft.Colors.ON_SURFACE_VARIANT if hint else ft.Colors.ERROR)
        if shown == (self.error.value, self.error.visible, self.error.color):
            return False
        self.error.value, self.error.visible, self.error.color = shown
        return True


class IntEditor(Editor):
    """A stepper: − [value] +, the value typed directly too; `compact`: only the number, for a table cell.

    Empty until entered. Every keystroke is saved, and the keystrokes in the field are one edit for undo
    until the field is left or submitted.
    """

    def __init__(self, path: Path, kind: Int, label: str, model: SheetModel, changed: Changed, t: Translator,
                 compact: bool = False) -> None:
        super().__init__(path)
        self.kind, self.model, self.changed = kind, model, changed
        value = model.value(path)
        self.field = ft.TextField(
            value="" if value is None else str(value), width=None if compact else 76,
            text_align=ft.TextAlign.CENTER, keyboard_type=ft.KeyboardType.NUMBER, dense=True, hint_text="–",
            scroll_padding=TYPING_ROOM,
            on_change=self._typed, on_blur=lambda e: model.commit(), on_submit=lambda e: model.commit(),
            # beside the − and + buttons as tall as they are (TOUCH): clipped at an edge of the sheet, the field's
            # node never comes apart from theirs (see one_node)
            content_padding=ft.Padding.symmetric(horizontal=4, vertical=10 if compact else 12),
        )
        if compact:
            self._control = tagged(self.id, self.field, label)
            return
        self._control = ft.Column([
            one_node(ft.Row([
                AppText(label, expand=True, size=15),
                icon_button(f"{self.id}.dec", ft.Icons.REMOVE, t("sheet.decrease"), self._decrease),
                tagged(self.id, self.field, label),
                icon_button(f"{self.id}.inc", ft.Icons.ADD, t("sheet.increase"), self._increase),
            ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)),
            self.error,
        ], spacing=0)

    @property
    def control(self) -> ft.Control:
        return self._control

    def marks(self) -> list[ft.Control]:
        return [self.field, self.error]

    @property
    def typed_into(self) -> ft.TextField | None:
        return self.field

    def show_error(self, message: str | None, hint: bool = False) -> bool:
        if not super().show_error(message, hint):
            return False
        self.field.border = (ft.OutlineInputBorder(side=ft.BorderSide(2, ft.Colors.ERROR))
                             if message and not hint else None)
        return True

    def _current(self) -> int | None:
        """The number on screen (what the model holds, or a step ahead of it while that step is being saved)."""
        try:
            return int((self.field.value or "").strip())
        except ValueError:
            return None

    async def _decrease(self, e: ft.ControlEvent) -> None:
        await self._step(-1)

    async def _increase(self, e: ft.ControlEvent) -> None:
        await self._step(1)

    async def _step(self, delta: int) -> None:
        """The new number goes to the phone first, as a typed one shows at once; then it is saved (the disk has
        it before the totals, the problems and Finish say anything about it) and judged."""
        current = self._current()
        start = current if current is not None else max(self.kind.min, min(0, self.kind.max))
        value = start + delta if current is not None or delta > 0 else start
        value = max(self.kind.min, min(self.kind.max, value))
        self.field.value = str(value)
        self.field.update()
        await asyncio.sleep(0)  # lets the connection send it before the save (an fsync) holds the loop
        self.changed(self.model.set(self.path, value))

    def _typed(self, e: ft.ControlEvent) -> None:
        text = (self.field.value or "").strip()
        if text in ("", "-"):
            value: Any = None
        else:
            try:
                value = int(text)
            except ValueError:
                value = text  # kept as typed; the engine explains what is wrong with it
        self.changed(self.model.set(self.path, value, typing=True))


class BoolEditor(Editor):
    """A switch with its label; `compact`: a checkbox, for a table cell."""

    def __init__(self, path: Path, label: str, model: SheetModel, changed: Changed, compact: bool = False) -> None:
        super().__init__(path)

        def flip(value: bool) -> None:
            changed(model.set(path, value))

        value = bool(model.value(path))
        self._control = (tagged(self.id, ft.Checkbox(value=value, on_change=lambda e: flip(bool(e.control.value))),
                                label) if compact
                         else ft.Column([labelled_switch(self.id, label, value, flip), self.error], spacing=2))

    @property
    def control(self) -> ft.Control:
        return self._control


class ChoiceEditor(Editor):
    """A dropdown of the spec's choices (or of the players, for a player field)."""

    def __init__(self, path: Path, label: str, options: list[tuple[str, str]], model: SheetModel,
                 changed: Changed, none_label: str | None = None, compact: bool = False) -> None:
        super().__init__(path)
        keys = ([("", none_label)] if none_label is not None else []) + options
        value = model.value(path)
        self.dropdown = ft.Dropdown(
            label=None if compact else label, value=value if value is not None else "",
            options=[ft.DropdownOption(key=k, text=text) for k, text in keys],
            on_select=lambda e: changed(model.set(path, e.control.value or None)),
            expand=True, dense=compact,
        )
        self._control = (tagged(self.id, self.dropdown, label) if compact
                         else ft.Column([tagged(self.id, self.dropdown, label), self.error], spacing=2))

    @property
    def control(self) -> ft.Control:
        return self._control


class ChoiceSetEditor(Editor):
    """Toggle chips for a set of choices, e.g. the village letters a player connected."""

    def __init__(self, path: Path, label: str, kind: Choice, model: SheetModel, changed: Changed) -> None:
        super().__init__(path)
        chosen = set(model.value(path, []) or [])

        def toggle(value: str) -> Callable[[ft.ControlEvent], None]:
            def handler(e: ft.ControlEvent) -> None:
                current = list(model.value(path, []) or [])
                current = [v for v in current if v != value] if value in current else [*current, value]
                order = kind.allowed
                changed(model.set(path, sorted(current, key=order.index)))
            return handler

        chips = [tagged(f"{self.id}.{v.value}", ft.Chip(label=v.value, selected=v.value in chosen,
                                                         on_select=toggle(v.value)))
                 for v in kind.values]
        self._control = ft.Column([AppText(label, size=15), ft.Row(chips, wrap=True, spacing=GAP), self.error],
                                  spacing=4)

    @property
    def control(self) -> ft.Control:
        return self._control


class IntListEditor(Editor):
    """A list of numbers shown as chips (tap x to remove), with a field to add the next one.

    Adding or removing redraws only this editor, so nothing else on the sheet jumps while typing.
    """

    def __init__(self, path: Path, label: str, model: SheetModel, changed: Changed, t: Translator) -> None:
        super().__init__(path)
        self.model, self.changed, self.t = model, changed, t
        self.chips = ft.Row(wrap=True, spacing=4)
        self.summary = AppText(size=13)
        # Enter adds the number and keeps the keyboard open for the next one (a cheque per round, in a row).
        # As wide as the row leaves it: at a fixed 90 px the hint was cut ('Ajou…' for 'Ajouter', in French).
        self.entry = ft.TextField(expand=True, dense=True, keyboard_type=ft.KeyboardType.NUMBER, on_submit=self._add,
                                  hint_text=t("sheet.add_value"), scroll_padding=TYPING_ROOM)
        parts: list[ft.Control] = [ft.Row([AppText(label, size=15, expand=True), self.summary]), self.chips,
                  ft.Row([tagged(f"{self.id}.new", self.entry),
                          icon_button(f"{self.id}.add", ft.Icons.ADD, t("sheet.add"), self._add)]),
                  self.error]
        self._control = ft.Column(parts, spacing=4)
        self._render()

    @property
    def control(self) -> ft.Control:
        return self._control

    def _render(self) -> None:
        values = list(self.model.value(self.path, []) or [])
        self.chips.controls = [tagged(f"{self.id}[{i}]", ft.Chip(label=str(v), on_delete=self._remover(i)))
                               for i, v in enumerate(values)]
        total = sum(v for v in values if isinstance(v, int))
        self.summary.value = self.t("sheet.list_summary", n=len(values), total=total)

    def _remover(self, index: int) -> Callable[[ft.ControlEvent], None]:
        def handler(e: ft.ControlEvent) -> None:
            self.changed(self.model.remove_at(self.path, index))
            self._render()
            self._control.update()
        return handler

    async def _add(self, e: ft.ControlEvent) -> None:
        text = (self.entry.value or "").strip()
        if text:
            try:
                number: Any = int(text)
            except ValueError:
                number = text  # kept as typed, with the engine's explanation next to it
            self.entry.value = ""
            self.changed(self.model.append(self.path, number))
            self._render()
            self._control.update()  # the emptied field reaches the phone before the focus call returns
        await self.entry.focus()


class TextEditor(Editor):
    """A line of text; its keystrokes are one edit for undo, like a number's."""

    def __init__(self, path: Path, label: str, model: SheetModel, changed: Changed, compact: bool = False) -> None:
        super().__init__(path)
        self.field = ft.TextField(label=None if compact else label, hint_text=None,
                                  value=model.value(path) or "", dense=True, scroll_padding=TYPING_ROOM,
                                  on_change=lambda e: changed(model.set(path, e.control.value or None, typing=True)),
                                  on_blur=lambda e: model.commit(), on_submit=lambda e: model.commit())
        self._control = tagged(self.id, self.field, label) if compact else ft.Column(
            [tagged(self.id, self.field, label), self.error], spacing=2)

    @property
    def control(self) -> ft.Control:
        return self._control

    @property
    def typed_into(self) -> ft.TextField | None:
        return self.field


class EditorFactory:
    """Builds editors for fields of a spec at sheet paths and keeps them for showing the engine's judgement."""

    def __init__(self, model: SheetModel, t: Translator, changed: Changed, rebuild: Callable[[], None]) -> None:
        self.model, self.t, self.changed, self.rebuild = model, t, changed, rebuild
        self.editors: dict[Path, Editor] = {}

    def build(self, field: Field, path: Path) -> ft.Control:
        label = self.t.text(field.name)
        editor = self._editor(field.kind, path, label, optional=not field.required)
        if editor is None:
            return self._composite(field.kind, path, label)
        self.editors[path] = editor
        return editor.control

    def first_typed(self, under: Path) -> ft.TextField | None:
        """The first field under `under` that is typed into, in the order of the screen (the order built)."""
        return next((editor.typed_into for path, editor in self.editors.items()
                     if path[:len(under)] == under and editor.typed_into is not None), None)

    def _editor(self, kind: Kind, path: Path, label: str, optional: bool, compact: bool = False) -> Editor | None:
        m, t, changed = self.model, self.t, self.changed
        if isinstance(kind, Int):
            return IntEditor(path, kind, label, m, changed, t, compact)
        if isinstance(kind, Bool):
            return BoolEditor(path, label, m, changed, compact)
        if isinstance(kind, Choice):
            options = [(v.value, t.text(v.name)) for v in kind.values]
            return ChoiceEditor(path, label, options, m, changed, t("sheet.none") if optional else None, compact)
        if isinstance(kind, PlayerRef):
            return ChoiceEditor(path, label, [(n, n) for n in m.names], m, changed,
                                t("sheet.nobody") if optional else None, compact)
        if isinstance(kind, Str):
            return TextEditor(path, label, m, changed, compact)
        if isinstance(kind, ListOf) and isinstance(kind.item, Choice) and kind.unique and not compact:
            return ChoiceSetEditor(path, label, kind.item, m, changed)
        if isinstance(kind, ListOf) and isinstance(kind.item, PlayerRef) and kind.unique and not compact:  # winners
            players = Choice(tuple(ChoiceValue(n, Typed(n)) for n in m.names))
            return ChoiceSetEditor(path, label, players, m, changed)
        if isinstance(kind, ListOf) and isinstance(kind.item, Int) and not compact:
            return IntListEditor(path, label, m, changed, t)
        return None

    def _composite(self, kind: Kind, path: Path, label: str) -> ft.Control:
        """Records (a group of fields) and lists of records (one row each, with add / remove)."""
        error = Editor(path)
        self.editors[path] = error
        parts: list[ft.Control] = [AppText(label, size=15, weight=ft.FontWeight.BOLD)]
        if isinstance(kind, Record):
            if self.model.value(path) is None:
                parts.append(self._toggle_optional_record(path))
            else:
                parts += [self._record(kind, path), self._clear_optional_record(path)]
        elif isinstance(kind, ListOf) and isinstance(kind.item, Record):
            items = list(self.model.value(path, []) or [])
            if items and tabular(kind.item):
                parts.append(self.table(kind.item, [(str(i + 1), (*path, i)) for i in range(len(items))],
                                        label_width=24, remover=lambda i: self._remover(path, i)))
            for i in range(len(items) if not tabular(kind.item) else 0):
                remove = icon_button(f"{to_text((*path, i))}.remove", ft.Icons.DELETE_OUTLINE,
                                     self.t("sheet.remove"), self._remover(path, i))
                parts.append(ft.Row([AppText(self.t("sheet.item", n=i + 1), weight=ft.FontWeight.BOLD, expand=True),
                                     remove]))
                parts += [self.build(f, (*path, i, f.key)) for f in kind.item.fields]
            if len(items) < kind.max_len:
                parts.append(icon_button(f"{to_text(path)}.add", ft.Icons.ADD_CIRCLE_OUTLINE, self.t("sheet.add"),
                                         self._adder(path)))
        parts.append(error.error)
        return ft.Container(ft.Column(parts, spacing=4),
                            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8,
                            padding=ft.Padding.all(10))

    def _record(self, kind: Record, path: Path) -> ft.Control:
        """A group of single values as labelled cells side by side; other groups field by field."""
        if not all(isinstance(f.kind, (Int, Bool)) for f in kind.fields):  # e.g. a text: one under the other
            return ft.Column([self.build(f, (*path, f.key)) for f in kind.fields], spacing=4)
        cells, errors = [], []
        for f in kind.fields:
            editor = self._cell(f, (*path, f.key))
            cells.append(ft.Column([AppText(self.t.text(f.name), size=12, max_lines=1), editor.control], spacing=2,
                                   width=CELL_WIDTH, horizontal_alignment=ft.CrossAxisAlignment.CENTER))
            errors.append(editor.error)
        return ft.Column([ft.Row(cells, wrap=True, spacing=GAP, run_spacing=GAP), *errors], spacing=2)

    def table(self, kind: Kind, rows: list[tuple[str, Path]], label_width: int | None = None,
              remover: Callable[[int], Callable[[ft.ControlEvent], None]] | None = None) -> ft.Control:
        """Repeated entries of one kind as a compact table: a row per player (or item), a column per field.

        Column heads are printed once; each row's problems are listed under that row.
        """
        columns = list(kind.fields) if isinstance(kind, Record) else [Field("", kind, Typed(""), required=True)]
        lines: list[ft.Control] = []
        if isinstance(kind, Record):
            heads = [ft.Container(AppText(self.t.text(f.name), size=12, max_lines=2, text_align=ft.TextAlign.CENTER),
                                  expand=_cell_share(f.kind)) for f in columns]
            lines.append(ft.Row([ft.Container(width=label_width, expand=None if label_width else LABEL_SHARE), *heads,
                                 *([ft.Container(width=TOUCH)] if remover else [])], spacing=GAP))
        for i, (label, base) in enumerate(rows):
            row_error = Editor(base)
            cells = [self._cell(f, (*base, f.key) if f.key else base, label) for f in columns]
            if isinstance(kind, Record):
                self.editors[base] = row_error
            trailing = [icon_button(f"{to_text(base)}.remove", ft.Icons.DELETE_OUTLINE, self.t("sheet.remove"),
                                    remover(i))] if remover else []
            row = ft.Row([AppText(label, size=14, max_lines=1, width=label_width,
                                  expand=None if label_width else LABEL_SHARE),
                          *[ft.Container(c.control, expand=_cell_share(f.kind))
                            for c, f in zip(cells, columns, strict=True)], *trailing], spacing=GAP,
                         vertical_alignment=ft.CrossAxisAlignment.CENTER)
            lines.append(ft.Column([one_node(row), *[c.error for c in cells], row_error.error], spacing=0))
        return ft.Column(lines, spacing=4)

    def _cell(self, field: Field, path: Path, row_label: str = "") -> Editor:
        name = self.t.text(field.name) if field.key else ""
        label = " ".join(part for part in (row_label, name) if part)
        editor = self._editor(field.kind, path, label, optional=not field.required, compact=True)
        assert editor is not None, f"no table cell for {field.kind}: check tabular() first"
        self.editors[path] = editor
        return editor

    def _remover(self, path: Path, index: int) -> Callable[[ft.ControlEvent], None]:
        def handler(e: ft.ControlEvent) -> None:
            self.changed(self.model.remove_at(path, index))
            self.rebuild()
        return handler

    def _adder(self, path: Path) -> Callable[[ft.ControlEvent], None]:
        def handler(e: ft.ControlEvent) -> None:
            self.changed(self.model.append(path, {}))  # a new row starts with nothing entered
            self.rebuild()
        return handler

    def _toggle_optional_record(self, path: Path) -> ft.Control:
        def enable(e: ft.ControlEvent) -> None:
            self.changed(self.model.set(path, {}))
            self.rebuild()
        return tagged(f"{to_text(path)}.enable", ft.TextButton(self.t("sheet.enter"), icon=ft.Icons.ADD,
                                                               on_click=enable))

    def _clear_optional_record(self, path: Path) -> ft.Control:
        def clear(e: ft.ControlEvent) -> None:
            self.changed(self.model.set(path, None))
            self.rebuild()
        return tagged(f"{to_text(path)}.clear", ft.TextButton(self.t("sheet.clear"), icon=ft.Icons.CLEAR,
                                                              on_click=clear))

    def show(self, evaluation: Evaluation) -> list[ft.Control]:
        """Put each broken rule next to the entry it names (or the closest enclosing editor), and each rule
        that waits for other entries as a hint; what is not entered yet shows nothing.

        Returns the controls that changed, for the screen to send."""
        messages: dict[Path, list[str]] = {}
        hints: dict[Path, list[str]] = {}
        for errors, into in ((evaluation.errors, messages), (evaluation.pending, hints)):
            for error in errors:
                target = self.closest(parse(error.path))
                if target is not None:
                    into.setdefault(target.path, []).append(self.t.text(error.text))
        changed: list[ft.Control] = []
        for path, editor in self.editors.items():
            if path in messages:
                shown = editor.show_error("\n".join(messages[path]))
            else:
                shown = editor.show_error("\n".join(hints.get(path, [])) or None, hint=True)
            if shown:
                changed += editor.marks()
        return changed

    def closest(self, path: Path) -> Editor | None:
        for cut in range(len(path), 0, -1):
            if path[:cut] in self.editors:
                return self.editors[path[:cut]]
        return None

    def shown(self, path: Path) -> bool:
        """Whether a problem at `path` is shown next to an editor on this screen."""
        return self.closest(path) is not None


def help_fold(identifier: str, t: Translator, fields: list[Field]) -> ft.Control | None:
    """The help of each field, once, folded under one 'How to fill in' (None when no field has help)."""
    lines: list[ft.Control] = []
    for f in fields:
        inner = f.kind.item if isinstance(f.kind, ListOf) else f.kind
        parts = [(t.text(f.name), f.help)]
        if isinstance(inner, Record):
            parts += [(f"{t.text(f.name)} › {t.text(g.name)}", g.help) for g in inner.fields]
        lines += [AppText(f"{name}: {t.text(text)}", size=13) for name, text in parts if text is not None]
    if not lines:
        return None
    return tagged(identifier, ft.ExpansionTile(
        title=AppText(t("sheet.how_to"), size=14), leading=ft.Icon(ft.Icons.HELP_OUTLINE, size=20),
        controls=[ft.Container(ft.Column(lines, spacing=4), padding=ft.Padding.only(left=16, right=8, bottom=8))],
        dense=True, tile_padding=ft.Padding.symmetric(horizontal=4)))


def tabular(kind: Kind) -> bool:
    """Whether entries of this kind fit a table row: single values, or a group of single values."""
    if isinstance(kind, Record):
        return all(tabular(f.kind) for f in kind.fields)
    return isinstance(kind, (Int, Bool, Choice, PlayerRef, Str))


def _cell_share(kind: Kind) -> int:
    """A table cell's share of the row: the cells divide what the row label leaves (numbers take less)."""
    return 2 if isinstance(kind, (Int, Bool)) else 3
