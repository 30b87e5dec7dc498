"""How the app is served: loopback unless --share, the data folder, the download route."""

from __future__ import annotations

import json
import posixpath
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from companion.__main__ import parse_args
from companion.app import Services
from companion.config import DEFAULT_PORT, ServeConfig, resolve_data_dir
from companion.server import build_asgi_app, serve
from companion.theme import FONT
from tests.e2e.conftest import ROOT, free_port


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


def test_the_server_answers_before_the_app_is_prepared_and_waits_for_it_where_needed(services: Services) -> None:
    """The web client is served while the services are still being prepared; a route that needs them waits."""
    ready: Future[Services] = Future()
    client = TestClient(build_asgi_app(ready))
    assert client.get("/").status_code == 200
    url = services.downloads.offer("sheet.json", b"{}")
    threading.Timer(0.2, ready.set_result, [services]).start()
    assert client.get(url).status_code == 200


def test_a_preparation_that_fails_stops_the_server_with_its_error(tmp_path: Path) -> None:
    def broken() -> Services:
        raise RuntimeError("no app today")

    raised: list[BaseException] = []

    def run() -> None:  # on a thread of its own: the server runs its own event loop
        try:
            serve(ServeConfig(port=free_port(), data_dir=tmp_path), broken)
        except RuntimeError as error:
            raised.append(error)

    server = threading.Thread(target=run)
    server.start()
    server.join(30)
    assert not server.is_alive() and [str(error) for error in raised] == ["no app today"]


# A server's preparation, then the first session (the scorekeeper's, on home, in Korean): what it imports and reads.
FIRST_SESSION = """
import json, sys, tempfile
import babel.localedata
from companion.__main__ import parse_args, prepare
from companion.main import make_main
from tests.ui.harness import Harness
services = prepare(parse_args(["--data", tempfile.mkdtemp()]))
services.peers = None
modules, data = set(sys.modules), set(babel.localedata._cache)
Harness(make_main(services), prefs={"table_companion.language": "ko"})
print(json.dumps([sorted(set(sys.modules) - modules), sorted(set(babel.localedata._cache) - data)]))
"""


def test_the_first_session_imports_and_reads_nothing_that_the_server_could_have_before() -> None:
    """Flet's lazily imported names and Babel's data are loaded while the browser loads the web client, not while
    the player waits for the first screen (companion.warmup)."""
    done = subprocess.run([sys.executable, "-c", FIRST_SESSION], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [[], []]
