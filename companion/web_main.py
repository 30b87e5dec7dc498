"""The app inside the phone's browser (the `bin/publish` build runs this module in Pyodide).

The same App as the server's, over data kept on the phone (see companion.platform).
"""

from __future__ import annotations

import flet as ft

from . import platform
from .app import App, Services
from .downloads import Downloads
from .i18n import LANGUAGES, Translator
from .store.repository import Repository
from .store.schema import NewerSchemaError


async def main(page: ft.Page) -> None:
    await platform.prepare()
    try:
        repo = Repository.open(platform.data_dir())
    except NewerSchemaError as error:  # never rewritten: tell the player to update instead
        page.add(*[ft.Text(Translator(lang)(error.message_key, **error.params), selectable=True)
                   for lang in LANGUAGES])  # before the App knows the phone's language: say it in both
        return
    await App(page, Services(repo, Downloads())).start()


if __name__ == "__main__":
    ft.run(main)
