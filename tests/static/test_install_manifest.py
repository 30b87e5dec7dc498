"""What a phone reads to install the app, from the phone build and from the server alike: the web app manifest,
its icons and screenshots, and the engine's font manifest."""

from __future__ import annotations

import json
from concurrent.futures import Future
from pathlib import Path

from fastapi.testclient import TestClient
from PIL import Image

from companion.server import build_asgi_app
from companion.web_files import language_fonts_script
from publish.build import add_language_fonts, copy_assets


def test_the_phone_build_and_the_server_give_an_installable_manifest_that_says_what_the_app_is(
        tmp_path: Path) -> None:
    copy_assets(tmp_path)
    built = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    served = TestClient(build_asgi_app(Future())).get("/manifest.json")
    assert served.headers["content-type"] == "application/manifest+json" and served.json() == built
    assert built["id"] and built["start_url"] == "." and built["display"] == "standalone"
    assert built["short_name"] == "Score Sheets" and "board game" in built["name"]
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in built["icons"] if "purpose" not in icon}
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in built["icons"] if icon.get("purpose") == "maskable"}
    assert len(built["screenshots"]) >= 2
    for picture in built["icons"] + built["screenshots"]:
        with Image.open(tmp_path / picture["src"]) as image:
            assert "x".join(map(str, image.size)) == picture["sizes"]
    for shot in built["screenshots"]:
        assert shot["form_factor"] == "narrow" and shot["label"]


def test_the_apple_touch_icon_is_opaque(tmp_path: Path) -> None:
    """iOS draws an icon's transparent corners black: the page's apple-touch-icon has none."""
    copy_assets(tmp_path)
    served = TestClient(build_asgi_app(Future())).get("/icons/apple-touch-icon-192.png")
    assert served.content == (tmp_path / "icons" / "apple-touch-icon-192.png").read_bytes()
    with Image.open(tmp_path / "icons" / "apple-touch-icon-192.png") as image:
        assert image.size == (192, 192)
        assert image.convert("RGBA").getextrema()[3] == (255, 255)


def test_the_engine_finds_roboto_in_the_build_as_in_the_server(tmp_path: Path) -> None:
    """Without the Roboto entry the server adds, the engine fetched a Roboto of its own and Noto Sans Symbols,
    neither of which the build ships: the minus sign was invisible."""
    copy_assets(tmp_path)
    built = json.loads((tmp_path / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    served = TestClient(build_asgi_app(Future())).get("/assets/FontManifest.json").json()
    assert built == served
    assert {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]} in built


def test_the_server_and_the_build_give_the_page_the_script_that_adds_a_languages_own_font(tmp_path: Path) -> None:
    """The script itself is tried in Chromium (tests/e2e/test_fonts_in_browser.py)."""
    script = language_fonts_script()
    assert '"ja": {"Table Sans JP": "fonts/TableSansJP-Regular.woff2"}' in script
    served = TestClient(build_asgi_app(Future())).get("/join")
    assert served.status_code == 200 and script in served.text and served.text.index(script) < served.text.index(
        "flutter_bootstrap.js")
    (tmp_path / "index.html").write_text("<html><head></head><body></body></html>", encoding="utf-8")
    add_language_fonts(tmp_path)
    assert script in (tmp_path / "index.html").read_text(encoding="utf-8")
