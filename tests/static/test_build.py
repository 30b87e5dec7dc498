"""What bin/publish packs for the browser, without building the whole site."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from publish.build import (
    app_archive,
    browser_distributions,
    locale_data_unused,
    python_files,
    write_gzip_twins,
    write_service_worker,
    write_snapshot_maker,
)

ROOT = Path(__file__).resolve().parents[2]


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
                              "babel/locale-data/sw.dat", "babel/locale-data/ja_JP.dat")
            if not locale_data_unused(name)]
    assert kept == ["babel/locale-data/en.dat", "babel/locale-data/ko.dat", "babel/locale-data/root.dat",
                    "babel/global.dat"]
    catalogs = sorted(path.stem for path in (ROOT / "companion" / "locales").glob("*.json"))
    assert [lang for lang in catalogs if locale_data_unused(f"babel/locale-data/{lang}.dat")] == []


def test_the_same_sources_give_the_same_archive() -> None:
    files = python_files()
    assert app_archive(files) == app_archive(dict(reversed(list(files.items()))))


def test_the_service_worker_caches_one_renderer_of_two_and_every_other_file_by_its_content(tmp_path: Path) -> None:
    for name in ("index.html", "main.dart.js", "main.dart.wasm", "main.dart.mjs", "canvaskit/canvaskit.wasm",
                 "canvaskit/skwasm.wasm", "pyodide/pyodide.asm.wasm", "app.zip", "app.zip.gz", "python-snapshot.bin.gz",
                 "assets/NOTICES"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name, encoding="utf-8")
    version = write_service_worker(tmp_path)
    files, renderers = service_worker_files(tmp_path)
    # a .gz twin is for the host; the licences are cached when first shown
    assert list(files) == ["./", "app.zip", "index.html", "pyodide/pyodide.asm.wasm", "python-snapshot.bin.gz"]
    assert files["./"] == files["index.html"] != files["app.zip"]
    when_needed = re.search(r"const WHEN_NEEDED = (\{.*?\});", (tmp_path / "sw.js").read_text(encoding="utf-8"))
    assert list(json.loads(when_needed.group(1))) == ["assets/NOTICES"]  # type: ignore[union-attr]
    assert {renderer: list(named) for renderer, named in renderers.items()} == {
        "skwasm": ["canvaskit/skwasm.wasm", "main.dart.mjs", "main.dart.wasm"],
        "canvaskit": ["canvaskit/canvaskit.wasm", "main.dart.js"]}
    assert f'"{version}"' in (tmp_path / "sw.js").read_text(encoding="utf-8")

    (tmp_path / "app.zip").write_text("the app, changed", encoding="utf-8")
    assert write_service_worker(tmp_path) != version
    changed, _ = service_worker_files(tmp_path)
    assert [name for name in files if changed[name] != files[name]] == ["app.zip"]


def test_the_build_ships_gzip_twins_of_what_a_host_sends_as_it_is(tmp_path: Path) -> None:
    text = "Flutter's licences, line after line.\n" * 400
    for name in ("assets/NOTICES", "app.zip", "main.dart.wasm", "index.html", "icons/icon.png"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text if name != "icons/icon.png" else "png", encoding="utf-8")
    write_gzip_twins(tmp_path)
    twins = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.gz"))
    assert twins == ["app.zip.gz", "assets/NOTICES.gz"]  # the host gzips wasm and html; a png does not shrink
    assert gzip.decompress((tmp_path / "app.zip.gz").read_bytes()).decode() == text


def service_worker_files(out: Path) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    script = (out / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\{.*?\});", script).group(1))  # type: ignore[union-attr]
    renderers = json.loads(re.search(r"const RENDERERS = (\{.*?\}\});", script).group(1))  # type: ignore[union-attr]
    return files, renderers


def test_the_phone_gets_the_script_that_makes_its_snapshot(tmp_path: Path) -> None:
    write_snapshot_maker(tmp_path)
    script = (tmp_path / "python-snapshot.py").read_text(encoding="utf-8")
    assert script.startswith("ENTRY_MODULE = 'companion.web_main'\nLOCALES = ['en', 'ko']\n")
    assert script.endswith("del ENTRY_MODULE, LOCALES\n")  # the snapshot keeps IN_MEMORY and HOME only
    compile(script, "python-snapshot.py", "exec")
    assert "makeMemorySnapshot" in (tmp_path / "snapshot-maker.js").read_text(encoding="utf-8")
