"""The Flet entry point: `main(page)` builds one session of the app.

`flet build` calls `main` (the app on the device itself); the server (companion.server) builds it with
shared services. Run as a script (`python -m companion.main`, `flet run -m companion.main`), it serves as
`bin/app` does: Flet's own web server would listen on every interface of a machine without a display and
learn each session's address only from what the browser says (page.client_ip).
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable

import flet as ft
from flet.utils import is_embedded

from . import platform
from .app import App, Services
from .config import resolve_data_dir
from .downloads import Downloads
from .live import PeerRegistry
from .store.repository import open_repository


def make_main(services: Services) -> Callable[[ft.Page], Awaitable[None]]:
    async def main(page: ft.Page) -> None:
        await App(page, services).start()

    return main


async def main(page: ft.Page) -> None:
    """Entry point for `flet build`: data in the folder Flet provides.

    A page served over the web by anything but companion.server has no address it can trust: then an empty
    registry of peers makes every session a viewer (the scorekeeper needs the key), whatever client_ip says.
    """
    repo, problem = open_repository(resolve_data_dir(None))
    untrusted = page.web and not platform.IN_BROWSER
    await App(page, Services(repo, Downloads(), problem=problem,
                             peers=PeerRegistry() if untrusted else None)).start()


if __name__ == "__main__":
    if is_embedded():  # inside an app built by `flet build`
        ft.run(main, assets_dir="../assets")
    else:
        from .__main__ import main as serve

        sys.exit(serve(sys.argv[1:]))
