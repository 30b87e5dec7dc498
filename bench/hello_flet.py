"""A bare Flet app served like Table Companion (web, offline, loopback): the baseline of bench.startup and
bench.ui. Its first screen has a counter (a button that adds one to a number) and a button to a second
screen, both as views on the route stack, as the app builds its screens.

`python bench/hello_flet.py PORT [HOST]` (HOST: the address to listen on, 127.0.0.1 unless given)
"""

import sys

import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("0", size=32)

    def add(e: ft.ControlEvent) -> None:
        count.value = str(int(count.value) + 1)
        page.update()

    def views(route: str) -> list[ft.View]:
        home = ft.View(route="/", appbar=ft.AppBar(title=ft.Text("Hello")), controls=[
            ft.Semantics(identifier="hello", content=ft.Text("Hello, world")),
            ft.Semantics(identifier="count", content=count),
            ft.Semantics(identifier="inc", content=ft.FilledButton("Add one", on_click=add)),
            ft.Semantics(identifier="next", content=ft.OutlinedButton("Next screen",
                                                                      on_click=lambda e: page.navigate("/two"))),
        ])
        if route != "/two":
            return [home]
        return [home, ft.View(route="/two", appbar=ft.AppBar(title=ft.Text("Two")), controls=[
            ft.Semantics(identifier="two", content=ft.Text("The second screen", size=32))])]

    def show(route: str) -> None:
        page.views.clear()
        page.views.extend(views(route))
        page.update()

    page.on_route_change = lambda e: show(e.route)
    page.on_view_pop = lambda e: page.navigate("/")
    show(page.route or "/")


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1",
           port=int(sys.argv[1]), no_cdn=True)
