"""A browser that reaches the server at its network address, as a phone on the Wi-Fi does (not on loopback):
the web client comes gzipped and draws; a browser on the server's machine gets the files as they are."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Phone, Server

from .conftest import HOST_SIDE, PhoneNetwork

pytestmark = pytest.mark.e2e

# what each file cost on the way (encoded) and what it was (decoded), as the page's resource timing saw it
SIZES = """() => Object.fromEntries(performance.getEntriesByType('resource').map(
    e => [new URL(e.name).pathname, [e.encodedBodySize, e.decodedBodySize]]))"""
BIG = 100_000  # bytes: the app's and the renderer's WebAssembly, the fonts


def loaded(browser: Browser, url: str, first: str) -> dict[str, list[int]]:
    viewer = Phone(browser, url)
    try:
        viewer.wait(first)
        return viewer.page.evaluate(SIZES)
    finally:
        viewer.close()


def test_a_phone_gets_the_web_client_gzipped_and_it_draws(phone_network: PhoneNetwork, shared_server: Server,
                                                          browser: Browser) -> None:
    over_wifi = loaded(browser, f"http://{HOST_SIDE}:{shared_server.port}/", "live.code")
    big = {path: sizes for path, sizes in over_wifi.items() if sizes[1] > BIG}
    # the page is no secure context there, so the renderer is skwasm's single-threaded build (skwasm_heavy)
    assert {"/main.dart.wasm", "/fonts/TableGothic-Regular.ttf"} < big.keys() and len(big) >= 4
    for path, (encoded, decoded) in big.items():
        assert 0 < encoded < 0.5 * decoded, path
    assert sum(e for e, _ in over_wifi.values()) < 0.5 * sum(d for _, d in over_wifi.values())
    on_this_machine = loaded(browser, shared_server.url, "home.game.kahuna")
    for path in ("/main.dart.wasm", "/fonts/TableGothic-Regular.ttf"):
        assert on_this_machine[path][0] == on_this_machine[path][1] == over_wifi[path][1], path
