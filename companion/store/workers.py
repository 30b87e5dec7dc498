"""Work spread over the computer's cores in worker processes, where it has them (a server); else none.

Workers start from a small server process that has imported only what they run (`forkserver`: never a fork of
the app, whose threads may hold locks), so a pool is ready in a fraction of a second after the first.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

MAX_WORKERS = 2


def open_pool(preload: str) -> Executor | None:
    """A pool of worker processes that have imported the module `preload`; None where processes cannot be
    had (the browser, a phone, Windows, a single core) or would start something else than Python (a packaged
    app, whose executable is the app), and the work is done in place."""
    cores = os.cpu_count() or 1
    runs_python = "python" in Path(sys.executable or "").name.lower() and not getattr(sys, "frozen", False)
    if sys.platform in ("emscripten", "ios", "android") or cores < 2 or not runs_python:
        return None
    try:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([preload])
        return ProcessPoolExecutor(min(MAX_WORKERS, cores), mp_context=context)
    except (ImportError, OSError, ValueError, NotImplementedError):
        return None
