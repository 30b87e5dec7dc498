"""Run inside the build's Pyodide after compile.py (see compile.mjs): import the app as the phone would.

The worker unpacks the archive into Pyodide's home folder and puts `__pypackages__` first on `sys.path`; done
the same way here, the modules the app imports at start are in memory when compile.mjs takes its snapshot, so
the phone restores them instead of starting Python and importing them (the module files stay in the archive:
screens imported later and data files are read from there). The entry module itself is left out: the worker
runs it as `__main__`.
"""

import gc
import importlib
import os
import runpy  # noqa: F401 (with pyodide.http: what the client's worker imports before it runs the app)
import shutil
import sys

import pyodide.http  # noqa: F401

os.chdir("/home/pyodide")
shutil.unpack_archive("/tmp/app.zip", ".", "zip")
sys.path.insert(0, "__pypackages__")
importlib.import_module(ENTRY_MODULE)  # noqa: F821 (a global set by compile.mjs)
del sys.modules[ENTRY_MODULE]  # noqa: F821
importlib.invalidate_caches()  # the files are not in the snapshot (only Python's memory): the worker unpacks them
gc.collect()
