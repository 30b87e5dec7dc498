"""The Flet entry point: `main(page)` builds one session of the app.

`flet build` and `ft.run` call `main`; the server (companion.server) builds it with shared services.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from .app import App, Services
from .config import resolve_data_dir
from .downloads import Downloads
from .store.repository import open_repository


def make_main(services: Services) -> Callable[[ft.Page], Awaitable[None]]:
    async def main(page: ft.Page) -> None:
        await App(page, services).start()

    return main


async def main(page: ft.Page) -> None:
    """Entry point for `flet run` / `flet build`: data in the folder Flet provides."""
    repo, problem = open_repository(resolve_data_dir(None))
    await App(page, Services(repo, Downloads(), problem=problem)).start()


if __name__ == "__main__":
    ft.run(main, assets_dir="../assets")
