"""Work spread over the computer's cores in worker processes, where it has them (a server); else none.

Workers start from a small server process that has imported only what they run (`forkserver`: never a fork of
the app, whose threads may hold locks), so a pool is ready in a fraction of a second after the first.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import Executor
from pathlib import Path

MAX_WORKERS = 2


def available() -> bool:
    """Whether worker processes can be had: not in the browser (nor can a thread start there), on a phone, on
    one core, or where they would start something else than Python (a packaged app, whose executable is the
    app)."""
    runs_python = "python" in Path(sys.executable or "").name.lower() and not getattr(sys, "frozen", False)
    return sys.platform not in ("emscripten", "ios", "android") and (os.cpu_count() or 1) > 1 and runs_python


def open_pool(preload: str) -> Executor | None:
    """A pool of worker processes that have imported the module `preload`; None where they cannot be had
    (see `available`; also Windows), and the work is done in place."""
    if not available():
        return None
    try:  # imported here: the browser's Python may not have what processes need
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([preload])
        return ProcessPoolExecutor(min(MAX_WORKERS, os.cpu_count() or 1), mp_context=context)
    except (ImportError, OSError, ValueError, NotImplementedError):
        return None
