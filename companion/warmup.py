"""Loading beforehand what the first screen would otherwise load while it is being built.

Flet imports its public names lazily, on first use, and Babel reads a language's data on its first number or
date: left to the first screen, the player waits for both. Both ways of starting do them before a player is
waiting: the server while the browser loads the web client (`companion.__main__.prepare`), the phone build in
the snapshot of its Python's memory (`publish/snapshot.py`).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterable

from babel.core import Locale, get_global

from .i18n import catalog

APP_PACKAGES = ("companion", "scoring")


def warm_up(languages: Iterable[str]) -> None:
    """Every Flet name that the app's modules imported so far mention, and the data of `languages`."""
    import_flet_names()
    importlib.import_module("flet.components.component")  # imported by Flet itself when it first builds a page
    for language in languages:
        Locale.parse(language)._data  # read and merged with its root on the first number  # noqa: B018
        catalog(language)
    get_global("likely_subtags")  # Babel's global data, read on the first date


def import_flet_names() -> None:
    flet = importlib.import_module("flet")
    lazy = vars(flet)["_LAZY"]
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] not in APP_PACKAGES or getattr(module, "__spec__", None) is None:
            continue
        code = module.__spec__.loader.get_code(name)
        for mentioned in sorted(mentioned_names(code) & lazy.keys()):
            getattr(flet, mentioned)


def mentioned_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= mentioned_names(const)
    return names
