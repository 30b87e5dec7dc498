"""Small building blocks shared by the views: tagged controls, touch-sized buttons, sections."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scoring import GameSpec

from ..i18n import Translator
from ..theme import GAP, MAX_CONTENT_WIDTH, PAD, TOUCH
from .text import AppText

Handler = Callable[[Any], Any]


def tagged(identifier: str, control: ft.Control, label: str | None = None) -> ft.Semantics:
    """Give a control a stable identifier for tests and screen readers (keys do not reach the page)."""
    return ft.Semantics(identifier=identifier, label=label, content=control,
                        expand=getattr(control, "expand", None), col=getattr(control, "col", None))


def one_node(row: ft.Row) -> ft.Semantics:
    """A field's row (its label, the field, its buttons) as one node of the page's semantics tree.

    Flutter web orders the nodes of a scrolling area by their on-screen rectangles, clipped at its edges: a
    field half under the bottom edge and its label wholly under it swap places, and when the field scrolls
    into view (as it does once focused) they swap back. Swapping moves the field's <input> in the page, and
    a moved <input> loses the focus: what the player types next goes nowhere (a new round's first entry,
    typed right after Add round). Inside one node the label is no node of its own: nothing to swap with.
    """
    return ft.Semantics(content=row, container=True)


def icon_button(identifier: str, icon: ft.IconData, tooltip: str, on_click: Handler,
                disabled: bool = False) -> ft.Semantics:
    button = ft.IconButton(icon=icon, tooltip=tooltip, on_click=on_click, disabled=disabled,
                           size_constraints=ft.BoxConstraints(min_width=TOUCH, min_height=TOUCH))
    return tagged(identifier, button, tooltip)


def primary_button(identifier: str, text: str, on_click: Handler | None = None, icon: ft.IconData | None = None,
                   disabled: bool = False, action: Any = None) -> ft.Semantics:
    button = ft.FilledButton(content=AppText(text), icon=icon, on_click=on_click, disabled=disabled, action=action)
    return tagged(identifier, button)


def secondary_button(identifier: str, text: str, on_click: Handler | None = None, icon: ft.IconData | None = None,
                     disabled: bool = False, action: Any = None) -> ft.Semantics:
    button = ft.OutlinedButton(content=AppText(text), icon=icon, on_click=on_click, disabled=disabled, action=action)
    return tagged(identifier, button)


def labelled_switch(identifier: str, label: str, value: bool, on_change: Callable[[bool], None]) -> ft.Row:
    """A switch with its label beside it, wrapping in the width left (Flet's own label is drawn on one line, past
    the screen's edge when long: the share screen's at the largest text size); a tap on the label flips it too."""
    switch = ft.Switch(value=value, on_change=lambda e: on_change(bool(e.control.value)))

    def flip(e: ft.TapEvent) -> None:
        switch.value = not switch.value
        switch.update()
        on_change(bool(switch.value))

    return ft.Row([tagged(identifier, switch, label),
                   ft.GestureDetector(AppText(label), on_tap=flip, expand=True)], spacing=0)


def sideways(control: ft.Control) -> ft.Row:
    """A control at its own width, scrolled sideways where the screen is narrower: a segmented button squeezed to
    the screen's width at a large text size had its labels broken inside the word ('Aufba/u', 'Prepar/ar')."""
    return ft.Row([control], scroll=ft.ScrollMode.AUTO)


def section(title: str, *controls: ft.Control, subtitle: str | None = None) -> ft.Container:
    header: list[ft.Control] = [AppText(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)]
    if subtitle:
        header.append(AppText(subtitle, theme_style=ft.TextThemeStyle.BODY_SMALL))
    return ft.Container(
        content=ft.Column([*header, *controls], spacing=GAP),
        padding=ft.Padding.symmetric(vertical=GAP),
    )


def page_body(controls: list[ft.Control], scroll: bool = True) -> ft.Container:
    column = ft.Column(controls, spacing=GAP, scroll=ft.ScrollMode.AUTO if scroll else None, expand=True)
    return ft.Container(
        content=ft.Row([ft.Container(column, expand=True, width=MAX_CONTENT_WIDTH)],
                       alignment=ft.MainAxisAlignment.CENTER, vertical_alignment=ft.CrossAxisAlignment.START,
                       expand=True),
        padding=ft.Padding.symmetric(horizontal=PAD, vertical=GAP),
        expand=True,
    )


def shown_value(value: Any) -> str:
    """An entered value as a player reads it: nothing is a dash, lists and groups on one line."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, list):
        return ", ".join(shown_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {shown_value(v)}" for k, v in value.items())
    return str(value)


def signed(t: Translator, amount: int) -> str:
    """A change as the table says it: +5, −1 (the sign always written, a minus sign rather than a hyphen)."""
    return ("+" if amount > 0 else "−") + t.number(abs(amount))


def error_text(message: str | None) -> ft.Text:
    return AppText(message or "", color=ft.Colors.ERROR, size=13, visible=bool(message))


def rule_notes(identifier: str, t: Translator, spec: GameSpec) -> ft.Control:
    """The rule choices this app makes for a game (its spec's notes), folded under one heading; hidden when there
    are none (a game of one's own without a note), rather than an empty fold."""
    lines = [ft.Row([AppText("•", size=14), AppText(t.text(note), size=14, expand=True)],
                    vertical_alignment=ft.CrossAxisAlignment.START) for note in spec.notes]
    notes = tagged(identifier, ft.ExpansionTile(
        title=AppText(t("sheet.rule_notes", n=len(spec.notes)), size=14), leading=ft.Icon(ft.Icons.GAVEL, size=20),
        controls=[ft.Container(ft.Column(lines, spacing=6), padding=ft.Padding.only(left=16, right=8, bottom=8))],
        dense=True, tile_padding=ft.Padding.symmetric(horizontal=4)))
    notes.visible = bool(lines)  # on the tagged control: the web client refuses hidden semantics content
    return notes
