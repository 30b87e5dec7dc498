"""Editors generated from the game's spec: one editor per field type, bound to a SheetModel path.

Every editor knows its sheet path, so the engine's validation error for that path (or the nearest
enclosing one) is shown right next to it, in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scoring import Text
from scoring.fields import Bool, Choice, ChoiceValue, Field, Int, Kind, ListOf, PlayerRef, Record, Str

from ..i18n import Translator
from ..models.paths import Path, to_text
from ..models.sheet_model import Evaluation, SheetModel, empty_value
from ..theme import GAP
from .common import icon_button, tagged

Changed = Callable[[Evaluation], None]


class Editor:
    """Base: a control bound to a path, able to show an error or a 'still needed' hint."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.id = to_text(path)
        self.error = ft.Text("", color=ft.Colors.ERROR, size=13, visible=False)

    @property
    def control(self) -> ft.Control:
        raise NotImplementedError

    def show_error(self, message: str | None) -> None:
        self.error.value = message or ""
        self.error.visible = bool(message)


class IntEditor(Editor):
    """A stepper: − [value] +, the value typed directly too. Empty until entered for required fields."""

    def __init__(self, path: Path, kind: Int, label: str, model: SheetModel, changed: Changed, t: Translator,
                 help_text: str | None = None) -> None:
        super().__init__(path)
        self.kind, self.model, self.changed = kind, model, changed
        value = model.value(path)
        self.field = ft.TextField(
            value="" if value is None else str(value), width=76, text_align=ft.TextAlign.CENTER,
            keyboard_type=ft.KeyboardType.NUMBER, dense=True, hint_text="–",
            on_change=self._typed, content_padding=ft.Padding.symmetric(horizontal=4, vertical=10),
        )
        self.label = ft.Text(label, expand=True, size=15)
        self.help = ft.Text(help_text, size=12, color=ft.Colors.ON_SURFACE_VARIANT) if help_text else None
        self._control = ft.Column([
            ft.Row([
                ft.Column([self.label, *([self.help] if self.help else [])], spacing=0, expand=True),
                icon_button(f"{self.id}.dec", ft.Icons.REMOVE, t("sheet.decrease"), lambda e: self._step(-1)),
                tagged(self.id, self.field, label),
                icon_button(f"{self.id}.inc", ft.Icons.ADD, t("sheet.increase"), lambda e: self._step(1)),
            ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self.error,
        ], spacing=0)

    @property
    def control(self) -> ft.Control:
        return self._control

    def _current(self) -> int | None:
        value = self.model.value(self.path)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def _step(self, delta: int) -> None:
        current = self._current()
        start = current if current is not None else max(self.kind.min, min(0, self.kind.max))
        value = start + delta if current is not None or delta > 0 else start
        value = max(self.kind.min, min(self.kind.max, value))
        self.field.value = str(value)
        self.changed(self.model.set(self.path, value))

    def _typed(self, e: ft.ControlEvent) -> None:
        text = (self.field.value or "").strip()
        if text in ("", "-"):
            value: Any = None
        else:
            try:
                value = int(text)
            except ValueError:
                value = text  # the engine explains what is wrong with it
        self.changed(self.model.set(self.path, value))


class BoolEditor(Editor):
    def __init__(self, path: Path, label: str, model: SheetModel, changed: Changed,
                 help_text: str | None = None) -> None:
        super().__init__(path)
        self.switch = ft.Switch(label=label, value=bool(model.value(path)),
                                on_change=lambda e: changed(model.set(path, bool(e.control.value))))
        parts: list[ft.Control] = [tagged(self.id, self.switch, label)]
        if help_text:
            parts.append(ft.Text(help_text, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        self._control = ft.Column([*parts, self.error], spacing=2)

    @property
    def control(self) -> ft.Control:
        return self._control


class ChoiceEditor(Editor):
    """A dropdown of the spec's choices (or of the players, for a player field)."""

    def __init__(self, path: Path, label: str, options: list[tuple[str, str]], model: SheetModel,
                 changed: Changed, none_label: str | None = None) -> None:
        super().__init__(path)
        keys = ([("", none_label)] if none_label is not None else []) + options
        value = model.value(path)
        self.dropdown = ft.Dropdown(
            label=label, value=value if value is not None else "",
            options=[ft.DropdownOption(key=k, text=text) for k, text in keys],
            on_select=lambda e: changed(model.set(path, e.control.value or None)),
            expand=True,
        )
        self._control = ft.Column([tagged(self.id, self.dropdown, label), self.error], spacing=2)

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
        self._control = ft.Column([ft.Text(label, size=15), ft.Row(chips, wrap=True, spacing=GAP), self.error],
                                  spacing=4)

    @property
    def control(self) -> ft.Control:
        return self._control


class IntListEditor(Editor):
    """A list of numbers shown as chips (tap x to remove), with a field to add the next one.

    Adding or removing redraws only this editor, so nothing else on the sheet jumps while typing.
    """

    def __init__(self, path: Path, label: str, model: SheetModel, changed: Changed, t: Translator,
                 help_text: str | None = None) -> None:
        super().__init__(path)
        self.model, self.changed, self.t = model, changed, t
        self.chips = ft.Row(wrap=True, spacing=4)
        self.summary = ft.Text(size=13)
        self.entry = ft.TextField(width=90, dense=True, keyboard_type=ft.KeyboardType.NUMBER, on_submit=self._add,
                                  hint_text=t("sheet.add_value"))
        parts: list[ft.Control] = [ft.Row([ft.Text(label, size=15, expand=True), self.summary])]
        if help_text:
            parts.append(ft.Text(help_text, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        parts += [self.chips,
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
        return handler

    def _add(self, e: ft.ControlEvent) -> None:
        text = (self.entry.value or "").strip()
        if not text:
            return
        try:
            number: Any = int(text)
        except ValueError:
            number = text  # kept on screen with the engine's explanation, never saved
        self.entry.value = ""
        self.changed(self.model.append(self.path, number))
        self._render()


class EditorFactory:
    """Builds editors for fields of a spec at sheet paths and keeps them for error display."""

    def __init__(self, model: SheetModel, t: Translator, changed: Changed, rebuild: Callable[[], None]) -> None:
        self.model, self.t, self.changed, self.rebuild = model, t, changed, rebuild
        self.editors: dict[Path, Editor] = {}

    def build(self, field: Field, path: Path) -> ft.Control:
        label = self.t.text(field.name)
        help_text = self.t.text(field.help) if field.help else None
        kind = field.kind
        editor = self._editor(kind, path, label, help_text, optional=not field.required)
        if editor is None:
            return self._composite(kind, path, label, help_text)
        self.editors[path] = editor
        return editor.control

    def _editor(self, kind: Kind, path: Path, label: str, help_text: str | None, optional: bool) -> Editor | None:
        m, t, changed = self.model, self.t, self.changed
        if isinstance(kind, Int):
            return IntEditor(path, kind, label, m, changed, t, help_text)
        if isinstance(kind, Bool):
            return BoolEditor(path, label, m, changed, help_text)
        if isinstance(kind, Choice):
            options = [(v.value, t.text(v.name)) for v in kind.values]
            return ChoiceEditor(path, label, options, m, changed, t("sheet.none") if optional else None)
        if isinstance(kind, PlayerRef):
            return ChoiceEditor(path, label, [(n, n) for n in m.names], m, changed,
                                t("sheet.nobody") if optional else None)
        if isinstance(kind, ListOf) and isinstance(kind.item, Choice) and kind.unique:
            return ChoiceSetEditor(path, label, kind.item, m, changed)
        if isinstance(kind, ListOf) and isinstance(kind.item, PlayerRef) and kind.unique:  # e.g. winners
            players = Choice(tuple(ChoiceValue(n, Text(n, n)) for n in m.names))
            return ChoiceSetEditor(path, label, players, m, changed)
        if isinstance(kind, ListOf) and isinstance(kind.item, Int):
            return IntListEditor(path, label, m, changed, t, help_text)
        return None

    def _composite(self, kind: Kind, path: Path, label: str, help_text: str | None) -> ft.Control:
        """Records (a group of fields) and lists of records (repeated groups with add / remove)."""
        error = Editor(path)
        self.editors[path] = error
        title = ft.Text(label, size=15, weight=ft.FontWeight.BOLD)
        parts: list[ft.Control] = [title]
        if help_text:
            parts.append(ft.Text(help_text, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        if isinstance(kind, Record):
            if self.model.value(path) is None:
                parts.append(self._toggle_optional_record(kind, path))
            else:
                parts += [self.build(f, (*path, f.key)) for f in kind.fields]
                parts.append(self._clear_optional_record(path))
        elif isinstance(kind, ListOf) and isinstance(kind.item, Record):
            parts += self._record_list(kind, path)
        elif isinstance(kind, Str):
            parts.append(self._text_field(path, label))
        parts.append(error.error)
        return ft.Container(ft.Column(parts, spacing=4),
                            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8,
                            padding=ft.Padding.all(10))

    def _record_list(self, kind: ListOf, path: Path) -> list[ft.Control]:
        assert isinstance(kind.item, Record)
        items = list(self.model.value(path, []) or [])
        rows: list[ft.Control] = []
        for i in range(len(items)):
            item_path = (*path, i)
            fields = [self.build(f, (*item_path, f.key)) for f in kind.item.fields]
            remove = icon_button(f"{to_text(item_path)}.remove", ft.Icons.DELETE_OUTLINE, self.t("sheet.remove"),
                                 self._remover(path, i))
            rows.append(ft.Container(
                ft.Column([ft.Row([ft.Text(self.t("sheet.item", n=i + 1), weight=ft.FontWeight.BOLD, expand=True),
                                   remove]), *fields], spacing=4),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, border_radius=8, padding=ft.Padding.all(8)))
        if len(items) < kind.max_len:
            rows.append(icon_button(f"{to_text(path)}.add", ft.Icons.ADD_CIRCLE_OUTLINE, self.t("sheet.add"),
                                    self._adder(path, kind.item)))
        return rows

    def _remover(self, path: Path, index: int) -> Callable[[ft.ControlEvent], None]:
        def handler(e: ft.ControlEvent) -> None:
            self.changed(self.model.remove_at(path, index))
            self.rebuild()
        return handler

    def _adder(self, path: Path, item: Kind) -> Callable[[ft.ControlEvent], None]:
        def handler(e: ft.ControlEvent) -> None:
            self.changed(self.model.append(path, empty_value(item, self.model.names)))
            self.rebuild()
        return handler

    def _toggle_optional_record(self, kind: Record, path: Path) -> ft.Control:
        def enable(e: ft.ControlEvent) -> None:
            self.changed(self.model.set(path, empty_value(kind, self.model.names)))
            self.rebuild()
        return tagged(f"{to_text(path)}.enable", ft.TextButton(self.t("sheet.enter"), icon=ft.Icons.ADD,
                                                               on_click=enable))

    def _clear_optional_record(self, path: Path) -> ft.Control:
        def clear(e: ft.ControlEvent) -> None:
            self.changed(self.model.set(path, None))
            self.rebuild()
        return tagged(f"{to_text(path)}.clear", ft.TextButton(self.t("sheet.clear"), icon=ft.Icons.CLEAR,
                                                              on_click=clear))

    def _text_field(self, path: Path, label: str) -> ft.Control:
        field = ft.TextField(label=label, value=self.model.value(path) or "", dense=True,
                             on_change=lambda e: self.changed(self.model.set(path, e.control.value or None)))
        return tagged(to_text(path), field, label)

    def show(self, evaluation: Evaluation, missing_text: str) -> None:
        """Put the engine's error next to the field it names (or the closest enclosing editor)."""
        for editor in self.editors.values():
            editor.show_error(None)
        for path in evaluation.missing:
            if path in self.editors:
                self.editors[path].show_error(missing_text)
        if evaluation.error is None:
            return
        target = self.closest(evaluation.error_path or ())
        if target is not None:
            target.show_error(self.t.text(evaluation.error.text))

    def closest(self, path: Path) -> Editor | None:
        for cut in range(len(path), 0, -1):
            if path[:cut] in self.editors:
                return self.editors[path[:cut]]
        return None

