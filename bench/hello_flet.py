"""A bare Flet hello-world served like the app (web, offline, loopback): the baseline for bench.startup."""

import sys

import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Semantics(identifier="hello", content=ft.Text("Hello, world")))


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
