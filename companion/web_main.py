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
from .widgets.text import AppText


def say(page: ft.Page, key: str, **params: object) -> None:
    """A message before the App knows the phone's language: in both."""
    page.controls = [AppText(Translator(lang)(key, **params), selectable=True) for lang in LANGUAGES]
    page.update()


async def main(page: ft.Page) -> None:
    await platform.prepare()
    platform.mark("data loaded")
    try:
        repo = Repository.open(platform.data_dir())
    except NewerSchemaError as error:  # never rewritten: tell the player to update instead
        say(page, error.message_key, **error.params)
        return
    platform.mark("repository opened")
    page.controls = []
    await App(page, Services(repo, Downloads())).start()
    platform.mark("first screen sent")


if __name__ == "__main__":
    ft.run(main)
