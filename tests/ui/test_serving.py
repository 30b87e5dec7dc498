"""How the app is served: loopback unless --share, the data folder, the download route."""

from __future__ import annotations

import posixpath
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from companion.__main__ import parse_args
from companion.app import Services
from companion.config import DEFAULT_PORT, resolve_data_dir
from companion.server import build_asgi_app
from companion.theme import FONT


def test_the_server_binds_loopback_unless_shared(tmp_path: Path) -> None:
    local = parse_args(["--data", str(tmp_path)])
    assert (local.host, local.port, local.data_dir) == ("127.0.0.1", DEFAULT_PORT, tmp_path.resolve())
    shared = parse_args(["--share", "--port", "9001"])
    assert (shared.host, shared.port) == ("0.0.0.0", 9001)


def test_the_data_folder_is_chosen_explicitly_then_by_flet_then_per_user(monkeypatch: pytest.MonkeyPatch,
                                                                          tmp_path: Path) -> None:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert resolve_data_dir(str(tmp_path / "mine")) == (tmp_path / "mine").resolve()
    assert resolve_data_dir(None) == tmp_path / "flet"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert resolve_data_dir(None).name == "TableCompanion"


def test_downloads_are_served_once_offered_and_refused_after(services: Services) -> None:
    client = TestClient(build_asgi_app(services))
    url = services.downloads.offer("sheet.json", b'{"game": "kahuna"}')
    response = client.get(url)
    assert response.status_code == 200 and response.json() == {"game": "kahuna"}
    assert 'filename="sheet.json"' in response.headers["content-disposition"]
    assert client.get("/download/not-a-token").status_code == 404


def test_the_browser_loads_the_apps_font_with_its_own_and_no_unused_ones(services: Services) -> None:
    """The engine's font manifest names the theme's font (drawn from the first frame, Hangul included) at an
    address the server answers, and none of the fonts of Flutter packages the app does not use."""
    client = TestClient(build_asgi_app(services))
    manifest = client.get("/assets/FontManifest.json").json()
    families = {entry["family"]: entry["fonts"][0]["asset"] for entry in manifest}
    assert FONT in families and "MaterialIcons" in families
    assert not [family for family in families if family.startswith("packages/")]
    font = client.get(posixpath.normpath(f"/assets/{families[FONT]}"))
    assert font.status_code == 200 and font.content[:4] == b"\0\1\0\0"  # a TrueType font
