"""Run inside the phone's Pyodide by snapshot-maker.js (bin/publish ships it as python-snapshot.py, after its
globals ENTRY_MODULE and LOCALES): import the app as the phone would, for a snapshot of that Python's memory.

The worker unpacks the archive into Pyodide's home folder and puts `__pypackages__` first on `sys.path`; done
the same way here, the modules the app imports at start are in memory when snapshot-maker.js takes its snapshot, so
the phone restores them instead of starting Python and importing them. The entry module itself is left out:
the worker runs it as `__main__`.

Flet imports its public names lazily, on first use: most of its modules would still be imported on the phone
while the first screen is built. So every Flet name that the imported modules of the app mention is looked up
here too, and Babel's data of the app's languages (and its global data) is loaded (`companion.warmup`, which
the server runs too), and Flet's connection to the page is imported (over a stand-in for the worker's
`flet_js`, which is not in the snapshot: the connection module is imported again, over the real one, when the
app runs).

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

os.chdir(HOME)
shutil.unpack_archive("/tmp/app.zip", ".", "zip")
sys.path.insert(0, "__pypackages__")
importlib.import_module(ENTRY_MODULE)  # noqa: F821 (a global set before this script)

from companion.warmup import warm_up  # noqa: E402 (after the archive is on sys.path)

warm_up(LOCALES)  # noqa: F821 (a global set before this script: the languages read into the snapshot)
BABEL_DATA = {"__pypackages__/babel/global.dat",
              *(f"__pypackages__/babel/locale-data/{name}.dat" for name in ("root", *LOCALES))}  # noqa: F821
sys.modules["flet_js"] = types.ModuleType("flet_js")
importlib.import_module("flet.messaging.pyodide_connection")
del sys.modules["flet.messaging.pyodide_connection"], sys.modules["flet_js"], sys.modules[ENTRY_MODULE]  # noqa: F821
IN_MEMORY = BABEL_DATA | {file for module in list(sys.modules.values()) if getattr(module, "__file__", None)
                          and not (file := os.path.relpath(module.__file__, HOME)).startswith("..")}


importlib.invalidate_caches()  # the files are not in the snapshot (only Python's memory): the worker unpacks them
gc.collect()
