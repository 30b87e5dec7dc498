"""Build the phone app: a static site that runs Table Companion inside the browser, offline, with no server.

What `dist/` holds, all from this machine (nothing is fetched from another host at run time):
- the Flet web client that `flet-web` ships (skwasm for Chromium, CanvasKit for the others), with the Pyodide
  runtime it ships;
- `app.zip`: `companion/`, `scoring/` and every pure-Python dependency in `__pypackages__/`, which the
  client's Python worker unpacks and puts first on `sys.path` (so micropip never runs);
- the app's assets (fonts, dice faces), a web app manifest with PNG icons, and `sw.js`, a service worker
  that precaches every file of the build under a cache named by the build's content hash.
"""

from __future__ import annotations

import argparse
import fnmatch
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

import flet_web
from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web.patch_index import patch_font_manifest_json, patch_index_html
from packaging.markers import default_environment
from packaging.requirements import Requirement

from companion.web_files import language_fonts_script

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
WEB = Path(flet_web.__file__).parent / "web"
APP_NAME = "Table Companion"
APP_DESCRIPTION = "Score sheets, tiebreaks and guided rounds for your board games, on your phone, offline."
THEME_COLOUR = "#00796B"  # theme.SEED_COLOUR
APP_PACKAGES = ("companion", "scoring")
ENTRY_MODULE = "companion.web_main"
SERVICE_WORKER = "sw.js"
# What the phone runs to make the snapshot of Python's memory with the app's start-up modules imported
# (snapshot.py, with its globals; snapshot-maker.js runs it and worker.js restores what it makes).
SNAPSHOT_SCRIPT = "python-snapshot.py"
SNAPSHOT_MAKER = "snapshot-maker.js"
APP_ARCHIVE = "app.zip"  # a zip: the worker unpacks it 2-3x faster than the same files as a tar.gz
PROJECT = "table-companion"
NOT_IN_BROWSER = {"flet-web"}  # the server half: in the browser, the page is the client
# Babel's locale data kept, when Babel is a dependency: every language of the app's catalogs (Settings names each
# language in its own words); the snapshot holds the data of the first two read (the others are read when shown).
LOCALES = tuple(sorted(path.stem for path in (ROOT / "companion" / "locales").glob("*.json")))
SNAPSHOT_LOCALES = ("en", "ko")
# What a common static host gzips itself (text, scripts, JSON, SVG, WebAssembly): no `.gz` twin needed.
HOST_COMPRESSES = (".html", ".js", ".mjs", ".json", ".svg", ".wasm", ".txt", ".css")
PAGE_WORDS = ("app.other_tab", "app.update_ready", "app.updated")

# Files of the web client the app never loads (renderers no browser gets here, debug symbols, the CLI runner of
# Pyodide, micropip, fonts of Flutter packages the app does not use). Patterns relative to flet_web/web.
# Two renderers stay: Chromium browsers get the WebAssembly client with skwasm (main.dart.wasm; its start takes
# half the time of the other), the other browsers main.dart.js with the full CanvasKit (Flutter's loader picks;
# its skwasm_heavy and Chromium CanvasKit would only serve a Chromium without image codecs, which has no WasmGC).
CLIENT_UNUSED = (
    "canvaskit/skwasm_heavy*", "canvaskit/wimp*", "canvaskit/experimental_webparagraph/*", "canvaskit/chromium/*",
    "*.symbols", "*.map", "flutter_service_worker.js", "version.json",
    "pyodide/python", "pyodide/python.bat", "pyodide/python.exe", "pyodide/python_cli_entry.mjs",
    "pyodide/*.d.ts", "pyodide/pyodide.js", "pyodide/*.whl", "pyodide/package.json",
    "assets/packages/flutter_math_fork/*", "assets/packages/media_kit/*", "assets/packages/cupertino_icons/*",
    "assets/packages/record_web/*", "assets/packages/wakelock_plus/*", "assets/packages/flutter_map/*",
    "icons/*", "favicon.png", "manifest.json",
)
# Each renderer's own files: a browser needs one of them (sw.js caches that one).
RENDERER_FILES = {"skwasm": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.*"),
                  "canvaskit": ("main.dart.js", "canvaskit/canvaskit.*")}
# Files of the build a phone caches only once the app asks for them: Flutter's licences (shown by no screen of
# the app), the manifest's screenshots (the browser's install dialog, online), a font only one language needs
# (theme.LANGUAGE_FONTS: fetched when that language is first shown).
FETCHED_WHEN_NEEDED = ("assets/NOTICES", "screenshots/*", "fonts/TableSansJP-*")
# Files of Python packages that the browser does not need.
PYTHON_UNUSED = ("*/__pycache__/*", "*.pyc", "*.pyi", "*.so", "*.dylib", "*.pyd", "*/py.typed",
                 "flet/testing/*", "flet/pytest_plugin.py", "flet/fastapi/*", "flet/cli/*",
                 "flutter/*")  # the Dart sources of Flet extensions (flet-charts): already in the web client
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
WORKER_LOADS_PYODIDE = """        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
"""


@dataclass(frozen=True)
class BuildReport:
    out: Path
    files: int
    size: int
    version: str
    client_size_untrimmed: int
    compiled: bool  # the Python code ships as bytecode (needs Node.js at build time)


def matches(path: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in patterns)


# ---- the Python side ----------------------------------------------------------------------------


def browser_environment() -> dict[str, str]:
    """Marker values of the Pyodide runtime this build ships (for dependencies like `; platform_system != ...`)."""
    lock = json.loads((WEB / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = lock["info"]["python"]
    env = dict(default_environment())
    env.update(platform_system="Emscripten", sys_platform="emscripten", platform_machine="wasm32",
               os_name="posix", implementation_name="cpython", platform_python_implementation="CPython",
               python_version=".".join(python.split(".")[:2]), python_full_version=python)
    return env


def browser_distributions() -> list[metadata.Distribution]:
    """The project's run-time dependencies, transitively, as the browser would resolve them."""
    env = browser_environment()
    found: dict[str, metadata.Distribution] = {}
    todo = list(metadata.requires(PROJECT) or [])
    while todo:
        requirement = Requirement(todo.pop())
        name = requirement.name.lower().replace("_", "-")
        if name in found or name in NOT_IN_BROWSER:
            continue
        if requirement.marker is not None and not requirement.marker.evaluate({**env, "extra": ""}):
            continue
        dist = metadata.distribution(name)
        found[name] = dist
        todo += dist.requires or []
    return sorted(found.values(), key=lambda d: d.metadata["Name"].lower())


def locale_data_unused(path: str) -> bool:
    """Babel's locale data: keep only the languages the app speaks (and the root they inherit from).

    The app formats with the bare language (`i18n.locale`: en, ko), never a region's variant (en_GB...):
    each of those would be one more file to unpack at every start."""
    match = re.fullmatch(r"babel/locale-data/([^/]+)\.dat", path)
    return match is not None and match.group(1) not in ("root", *LOCALES)


def python_files() -> dict[str, Path]:
    """Archive path -> source file, for the app and every dependency the browser needs."""
    files: dict[str, Path] = {}
    for package in APP_PACKAGES:
        for source in sorted((ROOT / package).rglob("*")):
            name = source.relative_to(ROOT).as_posix()
            if source.is_file() and not matches(name, PYTHON_UNUSED):
                files[name] = source
    for dist in browser_distributions():
        names = [PurePosixPath(entry).as_posix() for entry in dist.files or []]
        code = [n for n in names if not n.startswith("..") and ".dist-info/" not in n
                and ("/" in n or n.endswith(".py"))]
        if not any(n.endswith(".py") for n in code):
            raise SystemExit(f"{dist.metadata['Name']} has no Python code to run in the browser (compiled only)")
        for name in code:
            if not matches(name, PYTHON_UNUSED) and not locale_data_unused(name):
                files[f"__pypackages__/{name}"] = Path(str(dist.locate_file(name)))
    return files


def app_archive(files: dict[str, Path]) -> bytes:
    """A reproducible zip (sorted, one fixed time): the same sources give the same bytes and hash.

    Its files are stored, not deflated (7.2 MB instead of 2.9 MB): the worker copies them out as Python restores
    (worker.js), where inflating them one by one kept the worker's thread busy 1.5 s at load 6-8, in the way of
    the restore itself. compile.py writes the bytecode archive the same way."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type, info.external_attr = zipfile.ZIP_STORED, 0o644 << 16
            archive.writestr(info, files[name].read_bytes())
    return buffer.getvalue()


# ---- the web side -------------------------------------------------------------------------------


def copy_client(out: Path) -> int:
    """Copy the Flet web client without what the app never loads; returns the untrimmed size."""
    untrimmed = 0
    for source in sorted(WEB.rglob("*")):
        if not source.is_file():
            continue
        name = source.relative_to(WEB).as_posix()
        untrimmed += source.stat().st_size
        if matches(name, CLIENT_UNUSED):
            continue
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    return untrimmed  # its FontManifest.json is replaced by the app's own (copy_assets)


def copy_assets(out: Path) -> None:
    """The app's assets at the site root, where the server serves them too (fonts/..., dice/..., the web app
    manifest and its icons and screenshots), and the engine's font manifest with the Roboto the server adds to it:
    without that entry the engine fetches a Roboto of its own, and Noto Sans Symbols for a glyph Roboto has."""
    for source in sorted((ROOT / "assets").rglob("*")):
        if source.is_file():
            target = out / source.relative_to(ROOT / "assets")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    patch_font_manifest_json(str(out / "assets" / "FontManifest.json"))
    shutil.copyfile(ROOT / "assets" / "icons" / "icon-512.png", out / "icons" / "loading-animation.png")  # splash


def add_language_fonts(out: Path) -> None:
    """The page's script that puts a language's own font in the engine's font manifest, as the server's page has it
    (web_files.language_fonts_script)."""
    index = out / "index.html"
    html = replace_once(index.read_text(encoding="utf-8"), "</head>", language_fonts_script() + "</head>")
    index.write_text(html, encoding="utf-8")


def patch_page(out: Path, base_url: str, pyodide_version: str) -> None:
    base = "/" + "/".join(part for part in base_url.split("/") if part) + "/" if base_url.strip("/") else "/"
    index = out / "index.html"
    patch_index_html(str(index), base_url, app_name=APP_NAME, app_description=APP_DESCRIPTION,
                     pyodide=True, pyodide_script_path="web_main.py", pyodide_version=pyodide_version,
                     app_package_url=APP_ARCHIVE, web_renderer=WebRenderer.AUTO,
                     route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    html = index.read_text(encoding="utf-8")
    html = replace_once(html, 'flet.pythonModuleName = "web_main";', f'flet.pythonModuleName = "{ENTRY_MODULE}";')
    # The module worker imports Pyodide by URL: a bare relative path is not one.
    html = replace_once(html, 'flet.pyodideUrl="pyodide/pyodide.mjs";', f'flet.pyodideUrl="{base}pyodide/pyodide.mjs";')
    head = (HERE / "page.html").read_text(encoding="utf-8").replace("{THEME_COLOUR}", THEME_COLOUR)
    head = head.replace("{WORDS}", json.dumps(page_words(), ensure_ascii=False, sort_keys=True))
    html = replace_once(html, "</head>", head + "</head>")
    index.write_text(html, encoding="utf-8")

    bootstrap = out / "flutter_bootstrap.js"
    js = bootstrap.read_text(encoding="utf-8")
    # Flutter's own service worker would replace ours (same scope) and does not work offline anyway.
    js = re.sub(r"\n\s*serviceWorkerSettings: \{[^}]*\},", "", js, count=1)
    if "serviceWorkerSettings: {" in js:
        raise SystemExit("flutter_bootstrap.js changed: cannot remove Flutter's service worker")
    # CanvasKit is for the browsers other than Chromium: the full variant (the Chromium one is left out).
    js = replace_once(js, "var flutterConfig = {", 'var flutterConfig = {\n    canvasKitVariant: "full",')
    bootstrap.write_text(js, encoding="utf-8")

    start_python_early(out)
    mark_start_steps(out)

    # The client loads the Rive animation runtime from a CDN at start; the app shows no Rive animation.
    # Point it at a local stub that never finishes loading, which is what happens offline anyway. In the
    # WebAssembly client the address is bytes of the module: the stub's has the same length.
    padding = len(RIVE_CDN) - len(base) - len("rive/")
    if padding < 0:
        raise SystemExit(f"--base-url {base} is longer than the Rive address it must replace")
    stub_url = base + "./" * (padding // 2) + ("rive/" if padding % 2 == 0 else "rive_/")
    for name in ("main.dart.js", "main.dart.wasm"):
        client = out / name
        code = client.read_bytes()
        if code.count(RIVE_CDN.encode()) != 1:
            raise SystemExit(f"the web client changed: expected the Rive address once in {name}")
        client.write_bytes(code.replace(RIVE_CDN.encode(), stub_url.encode()))
    for variant in ("wasm", "wasm_compatibility"):
        stub = out / stub_url.removeprefix(base).replace("./", "") / variant / "rive_native.js"
        stub.parent.mkdir(parents=True, exist_ok=True)
        stub.write_text("// Table Companion shows no Rive animation: the runtime is never loaded.\n"
                        "window.RiveNative = () => new Promise(() => {});\n", encoding="utf-8")


def page_words() -> dict[str, dict[str, str]]:
    """The page's own words (page.html: another tab has the app, an update), in every language of the catalogs."""
    words: dict[str, dict[str, str]] = {key: {} for key in PAGE_WORDS}
    for path in sorted((ROOT / "companion" / "locales").glob("*.json")):
        catalog = json.loads(path.read_text(encoding="utf-8"))
        for key in PAGE_WORDS:
            if key in catalog:
                words[key][path.stem] = catalog[key]
    return words


def start_python_early(out: Path) -> None:
    """The page creates the Python worker as it loads (page.html), and the worker starts Pyodide at once
    (worker.js): the client hands the worker over when it connects, so Pyodide's start runs beside the
    client's instead of after it."""
    worker = out / "python-worker.js"
    js = replace_once(worker.read_text(encoding="utf-8"), WORKER_LOADS_PYODIDE,
                      "        self.pyodide = await self.earlyPyodide;\n")
    js = replace_once(js, *WORKER_SKIPS_DOWNLOAD)
    worker.write_text(js + (HERE / "worker.js").read_text(encoding="utf-8"), encoding="utf-8")
    client = out / "python.js"
    js = replace_once(client.read_text(encoding="utf-8"), "app.worker = new Worker(",
                      "app.worker = flet.takeEarlyWorker() || new Worker(")
    client.write_text(js, encoding="utf-8")


# Where the client and its Python worker reach a step of the start: (the line after which, its mark).
# page.html keeps the marks in flet.marks; bench.static reports them.
CLIENT_STEPS = (
    ("        const engine = await engineInitializer.initializeEngine(flutterConfig);\n",
     '        flet.mark("client engine ready");\n'),
    ("        flet.flutterApp = await engine.runApp();\n", '        flet.mark("client app running");\n'),
)
# The app's files unpacked as Python started from the snapshot (worker.js): nothing left to download.
WORKER_SKIPS_DOWNLOAD = ('        if "script" not in py_args:\n',
                         '        if getattr(flet_js, "appUnpacked", False):\n'
                         '            pass\n'
                         '        elif "script" not in py_args:\n')
WORKER_STEPS = (
    ("            await response.unpack_archive(format=_archive_format)\n",
     '            flet_js.mark("app archive unpacked")\n'),
    ("        flet_js.userAppStarting()\n", '        flet_js.mark("app module starts")\n'),
    ("        await self.flet_js.start_connection(self.receiveCallback);\n",
     '        self.flet_js.mark("app module connected");\n'),
)


def mark_start_steps(out: Path) -> None:
    for name, steps in (("flutter_bootstrap.js", CLIENT_STEPS), ("python-worker.js", WORKER_STEPS)):
        script = out / name
        js = script.read_text(encoding="utf-8")
        for after, mark in steps:
            js = replace_once(js, after, after + mark)
        script.write_text(js, encoding="utf-8")


def replace_once(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"the web client changed: expected {old!r} once")
    return text.replace(old, new)


def precompile(out: Path) -> bool:
    """Turn the archive's modules into bytecode of the Pyodide's Python, run by Node.js (when installed).

    Bytecode halves the imports on the phone (measured: 14 s -> 7.5 s on a busy 2-core machine). Without Node.js
    the archive keeps its sources: the app works the same, only starts slower."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        print("Node.js not found: the app ships as Python sources (slower start on the phone)", file=sys.stderr)
        return False
    subprocess.run([node, str(HERE / "compile.mjs"), str(out / "pyodide" / "pyodide.mjs"), str(out / APP_ARCHIVE)],
                   check=True)
    return True


def write_snapshot_maker(out: Path) -> None:
    """The phone makes the snapshot of Python's memory itself, once for each app.zip (worker.js): made here, it
    was 10 MB to download again with any change to the app."""
    globals_ = f"ENTRY_MODULE = {ENTRY_MODULE!r}\nLOCALES = {list(SNAPSHOT_LOCALES)!r}\n"
    script = globals_ + (HERE / "snapshot.py").read_text(encoding="utf-8") + "\ndel ENTRY_MODULE, LOCALES\n"
    (out / SNAPSHOT_SCRIPT).write_text(script, encoding="utf-8")
    shutil.copyfile(HERE / SNAPSHOT_MAKER, out / SNAPSHOT_MAKER)


def write_service_worker(out: Path) -> str:
    """sw.js precaching every file of the build (of the renderers' files, the browser's renderer's only), each
    named with the hash of its content, so that an update fetches only the files that changed; the cache's name
    carries the build's content hash."""
    digest = hashlib.sha256()
    files: dict[str, str] = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.name != SERVICE_WORKER and not is_twin(p)):
        name = path.relative_to(out).as_posix()
        content = hashlib.sha256(path.read_bytes()).digest()
        files[name] = content.hex()[:16]
        digest.update(name.encode() + b"\0" + content)
    version = digest.hexdigest()[:16]
    renderers = {renderer: {n: h for n, h in files.items() if matches(n, patterns)}
                 for renderer, patterns in RENDERER_FILES.items()}
    when_needed = {n: h for n, h in files.items() if matches(n, FETCHED_WHEN_NEEDED)}
    common = {n: h for n, h in files.items()
              if n not in when_needed and not any(n in named for named in renderers.values())}
    template = (HERE / "sw.js").read_text(encoding="utf-8")
    script = (template.replace('"{VERSION}"', json.dumps(version))
              .replace('{"{FILES}": ""}', json.dumps({"./": files["index.html"], **common}) if "index.html" in files
                       else json.dumps(common))
              .replace('{"{RENDERERS}": {}}', json.dumps(renderers))
              .replace('{"{WHEN_NEEDED}": ""}', json.dumps(when_needed)))
    (out / SERVICE_WORKER).write_text(script, encoding="utf-8")
    return version


def is_twin(path: Path) -> bool:
    return path.suffix == ".gz" and path.with_suffix("").is_file()


def write_gzip_twins(out: Path) -> None:
    """`name.gz` beside each file a common static host would send as it is (no text, script, JSON, SVG or
    WebAssembly type) that gzip makes at least a tenth smaller: such a host sends the twin, with
    Content-Encoding: gzip, to a browser that accepts it (the app's archive, the fonts, the licences)."""
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if path.suffix in HOST_COMPRESSES or path.suffix == ".gz" or path.name == SERVICE_WORKER:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, 9, mtime=0)
        if len(packed) < 0.9 * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)


def build(out: Path, base_url: str = "/") -> BuildReport:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    untrimmed = copy_client(out)
    copy_assets(out)
    (out / APP_ARCHIVE).write_bytes(app_archive(python_files()))
    compiled = precompile(out)
    write_snapshot_maker(out)
    pyodide_version = json.loads((WEB / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    patch_page(out, base_url, pyodide_version)
    add_language_fonts(out)
    version = write_service_worker(out)
    write_gzip_twins(out)
    files = [p for p in out.rglob("*") if p.is_file()]
    return BuildReport(out, len(files), sum(p.stat().st_size for p in files), version, untrimmed, compiled)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bin/publish", description="Build the offline phone app as a static site.")
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--base-url", default="/", help="the path the site is served under (default: /)")
    args = parser.parse_args(argv)
    report = build(Path(args.out).resolve(), args.base_url)
    mb = 1024 * 1024
    print(f"Built {report.out}: {report.files} files, {report.size / mb:.1f} MB "
          f"(the web client as flet-web ships it: {report.client_size_untrimmed / mb:.1f} MB), "
          f"version {report.version}{'' if report.compiled else ', Python sources (no Node.js)'}")
    print(f"Serve it from any static web host, e.g. python -m http.server -d {report.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
