"""Run inside the build's Pyodide after compile.py (see compile.mjs): import the app as the phone would.

The worker unpacks the archive into Pyodide's home folder and puts `__pypackages__` first on `sys.path`; done
the same way here, the modules the app imports at start are in memory when compile.mjs takes its snapshot, so
the phone restores them instead of starting Python and importing them. The entry module itself is left out:
the worker runs it as `__main__`.

Flet imports its public names lazily, on first use: most of its modules would still be imported on the phone
while the first screen is built. So every Flet name that the imported modules of the app mention is looked up
here too, and Flet's connection to the page is imported (over a stand-in for the worker's `flet_js`, which
is not in the snapshot: the connection module is imported again, over the real one, when the app runs), and
Babel's data of the app's languages (and its global data) is loaded.

The module files stay in the archive for a start without the snapshot; `IN_MEMORY` (kept in the snapshot's
globals) tells worker.js which of them not to unpack: it unpacks the others, data files and the modules imported
later (importing those from the archive itself, by zipimport, cost more on each screen than it saved).
"""

import gc
import importlib
import os
import runpy  # noqa: F401 (with pyodide.http: what the client's worker imports before it runs the app)
import shutil
import sys
import types

import pyodide.http  # noqa: F401

HOME = "/home/pyodide"
APP_PACKAGES = ("companion", "scoring")

os.chdir(HOME)
shutil.unpack_archive("/tmp/app.zip", ".", "zip")
sys.path.insert(0, "__pypackages__")
importlib.import_module(ENTRY_MODULE)  # noqa: F821 (a global set by compile.mjs)


def mentioned_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= mentioned_names(const)
    return names


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
    """Flet compiles each control class's validation rules (type hints evaluated, metadata merged) when it first
    sends a control of that class: 0.15-0.3 s of the home screen's first update on the phone. Its cache is
    kept in the snapshot."""
    validation = importlib.import_module("flet.utils.validation")
    todo = [importlib.import_module("flet.controls.base_control").BaseControl]
    while todo:
        cls = todo.pop()
        validation._compile_class_spec(cls)
        todo += cls.__subclasses__()


import_flet_names()
importlib.import_module("flet.components.component")  # imported by Flet itself when it first builds a page
compile_validation_rules()
entry = sys.modules[ENTRY_MODULE]  # noqa: F821
if hasattr(entry, "warm_up"):
    entry.warm_up()  # the app's own work done once per start, kept in the snapshot
babel = importlib.import_module("babel.core")
for language in LOCALES:  # noqa: F821 (a global set by compile.mjs: the languages of Babel's data in the archive)
    babel.Locale.parse(language)._data  # read and merged with its root on the first number  # noqa: B018
babel.get_global("likely_subtags")  # and its global data, on the first date
BABEL_DATA = {"__pypackages__/babel/global.dat",
              *(f"__pypackages__/babel/locale-data/{name}.dat" for name in ("root", *LOCALES))}  # noqa: F821
sys.modules["flet_js"] = types.ModuleType("flet_js")
importlib.import_module("flet.messaging.pyodide_connection")
del sys.modules["flet.messaging.pyodide_connection"], sys.modules["flet_js"], sys.modules[ENTRY_MODULE]  # noqa: F821
IN_MEMORY = BABEL_DATA | {file for module in list(sys.modules.values()) if getattr(module, "__file__", None)
                          and not (file := os.path.relpath(module.__file__, HOME)).startswith("..")}


importlib.invalidate_caches()  # the files are not in the snapshot (only Python's memory): the worker unpacks them
gc.collect()
