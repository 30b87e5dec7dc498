"""What bin/publish packs for the browser, without building the whole site."""

from __future__ import annotations

from publish.build import app_archive, browser_distributions, locale_data_unused, python_files


def test_the_browser_gets_the_pure_python_dependencies_and_not_the_server() -> None:
    names = {dist.metadata["Name"].lower() for dist in browser_distributions()}
    assert {"flet", "flet-charts", "tinydb", "msgpack", "segno"} <= names
    assert not names & {"flet-web", "fastapi", "uvicorn", "httpx", "oauthlib"}  # server or not for Emscripten


def test_the_archive_holds_the_app_and_no_compiled_or_cached_files() -> None:
    files = python_files()
    assert "companion/web_main.py" in files and "scoring/engine.py" in files
    assert "companion/locales/ko.json" in files
    assert "__pypackages__/msgpack/fallback.py" in files  # msgpack without its C extension
    assert not [name for name in files if name.endswith((".so", ".pyc")) or "__pycache__" in name]


def test_babel_keeps_only_the_locales_the_app_speaks() -> None:
    kept = [name for name in ("babel/locale-data/en.dat", "babel/locale-data/en_GB.dat", "babel/locale-data/ko.dat",
                              "babel/locale-data/ko_KR.dat", "babel/locale-data/root.dat", "babel/global.dat",
                              "babel/locale-data/de.dat", "babel/locale-data/ja_JP.dat")
            if not locale_data_unused(name)]
    assert kept == ["babel/locale-data/en.dat", "babel/locale-data/ko.dat", "babel/locale-data/root.dat",
                    "babel/global.dat"]


def test_the_same_sources_give_the_same_archive() -> None:
    files = python_files()
    assert app_archive(files) == app_archive(dict(reversed(list(files.items()))))
