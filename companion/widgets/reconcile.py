"""Sections drawn again from scratch after every entry, sent to the browser as what differs from the screen.

Flet replaces a control built anew (a new Python object) with its whole subtree, which the browser then
builds, lays out and describes to screen readers again, even when it reads exactly as before. A control built
anew that has the same key as the one on screen is compared with it field by field instead, and only the
differences are sent (often nothing). `keyed` gives freshly built controls a key from their place among
their siblings, so the next drawing of the same place is compared with this one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

import flet as ft
from flet.controls.base_control import BaseControl

PLACE = "@"  # place keys start with this, so that they never meet a key of the app's own among siblings


def keyed(page: ft.Page, *roots: BaseControl) -> None:
    """Key every freshly built control under each root (not the root itself) by its place among its siblings.

    A fresh control that holds a control already on screen is left without a key, and so are its siblings: a
    keyed comparison would not look inside the one on screen for its own changes, so that place is replaced as
    a whole, as before. Only for controls sent through their root (`page.update(root)`): in Chromium a keyed
    control that sent its own changes (`control.update()`, the timer's clock) stopped changing on screen."""
    shown = page.session.index  # the controls on screen, by id
    for root in roots:
        _key_children(root, shown)


def _key_children(control: BaseControl, shown: Mapping[int, BaseControl]) -> bool:
    """Key the fresh children of `control`; returns whether its subtree holds a control already on screen."""
    holds_shown = False
    for siblings in _children(control):
        fresh = [(place, child) for place, child in siblings
                 if not _key_children(child, shown) and shown.get(child._i) is not child]
        if len(fresh) < len(siblings):
            holds_shown = True
            continue
        for place, child in fresh:
            if child.key is None or str(child.key).startswith(PLACE):
                child.key = f"{PLACE}{place}"
                # Part of how the control is built, not a change to send: a control that Flet adds inside a
                # keyed comparison keeps its pending changes, and the next diff would send the key again.
                child._dirty.pop("key", None)
    return holds_shown


def _children(control: BaseControl) -> Iterator[list[tuple[str, BaseControl]]]:
    """The controls in each field of `control` (a list, or a single one), with their places."""
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name == "parent":
            continue
        value = getattr(control, f.name, None)
        if isinstance(value, BaseControl):
            yield [(f.name, value)]
        elif isinstance(value, list):
            yield [(f"{f.name}.{i}", c) for i, c in enumerate(value) if isinstance(c, BaseControl)]
