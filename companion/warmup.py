"""Loading beforehand what the first screen would otherwise load while it is being built.

Flet imports its public names lazily, on first use, and compiles a control class's validation rules when it first
sends a control of that class; Babel reads a language's data on its first number or date and parses a number
format or plural rule on first use: left to the first screen, the player waits for all of them (0.15-0.3 s of
the home screen's first update in the phone's Pyodide for the validation rules alone). Both ways of starting
do them before a player is waiting: the server while the browser loads the web client
(`companion.__main__.prepare`), the phone build in the snapshot of its Python's memory (`publish/snapshot.py`).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterable

from babel.core import Locale, get_global

from .i18n import Translator

APP_PACKAGES = ("companion", "scoring")


def warm_up(languages: Iterable[str]) -> None:
    """Every Flet name that the app's modules imported so far mention, and the data of `languages`."""
    import_flet_names()
    importlib.import_module("flet.components.component")  # imported by Flet itself when it first builds a page
    compile_validation_rules()
    for language in languages:
        Locale.parse(language)._data  # read and merged with its root on the first number  # noqa: B018
        translate = Translator(language)  # its catalog read, a number format and a plural rule parsed
        translate("home.players_range", lo=2, hi=1234)
        translate("time.minutes_ago", n=5)
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


def compile_validation_rules() -> None:
    validation = importlib.import_module("flet.utils.validation")
    todo = [importlib.import_module("flet.controls.base_control").BaseControl]
    while todo:
        cls = todo.pop()
        validation._compile_class_spec(cls)
        todo += cls.__subclasses__()


def mentioned_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= mentioned_names(const)
    return names
