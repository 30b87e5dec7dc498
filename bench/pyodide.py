"""The phone build's own figures, in its Python (Pyodide in headless Chromium), against CPython in the same run:
`python -m bench.pyodide --plays N [N ...] [--ratings N] [--runs R] [--dist DIR] [--json]`.

For each N, CPython makes the BG Stats export of N synthetic plays (bench.bgstats' history, exported by the app),
and the same file is imported the way Settings imports it (bench.in_pyodide.settings_import: the preview, then
the plays stored with the progress bar told after each batch) into an empty data folder:
- in a fresh CPython process (the baseline), with its peak resident memory;
- in the phone build: its Pyodide and app.zip, loaded as its tests load them in one page of a fresh browser
  context, the file fetched into Pyodide's file system, the data folder on `/data` mounted on IndexedDB as the
  app mounts it. Also the copy of that folder to IndexedDB after the import (idb_copy_ms: the app makes it after
  its writes, in the background), and Pyodide's memory: the WebAssembly heap (it only grows, so its size after
  is its peak) before the import and after it, and Chromium's JavaScript heap in use after it (the file, which
  Pyodide's file system keeps in an ArrayBuffer, is in neither).
With `--ratings N`, bench.ratings' timings of N play summaries, in this process and in Pyodide (R runs each).
`--dist DIR` measures a build made before; without it this checkout is built first (minutes). Milliseconds and
megabytes; `ratio` is Pyodide's time over CPython's.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from companion.store import bgstats
from publish.build import build
from tests.e2e.conftest import CHROMIUM_FLAGS
from tests.static.conftest import StaticServer

from . import bgstats as bgstats_bench
from . import in_pyodide

ROOT = Path(__file__).resolve().parent.parent
CODE = ("bench/__init__.py", "bench/in_pyodide.py", "bench/ratings.py")  # what Pyodide needs of bench/
SERVED = ("pyodide", "app.zip", "manifest.json", "index.html")  # what the page loads (the server asks for index.html)
FILES = "bench"  # the folder of the bench's own files, served beside them
START = """async (code) => {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide();
  py.unpackArchive(await (await fetch("/app.zip")).arrayBuffer(), "zip", { extractDir: "/app" });
  py.FS.mkdirTree("/code/bench");
  for (const [name, text] of Object.entries(code)) py.FS.writeFile("/code/" + name, text);
  py.FS.mkdirTree("/data");
  py.FS.mount(py.FS.filesystems.IDBFS, {}, "/data");
  py.runPython(`import sys
sys.path[:0] = ["/app/__pypackages__", "/app", "/code"]
import json
from pathlib import Path
from bench import in_pyodide`);
  window.py = py;
  window.wasmMb = () => py._module.HEAPU8.buffer.byteLength / 2 ** 20;
}"""
FETCHED = """async ([url, path]) => {
  py.FS.writeFile(path, new Uint8Array(await (await fetch(url)).arrayBuffer()));
  return wasmMb();
}"""
IMPORT = """async (path) => {
  try {
    const figures = JSON.parse(py.runPython(
      `json.dumps(in_pyodide.settings_import(Path("${path}"), Path("/data/table-companion")))`));
    const start = performance.now();
    await new Promise((ok, fail) => py.FS.syncfs(false, (error) => (error ? fail(error) : ok())));
    return { ...figures, idb_copy_ms: Math.round(performance.now() - start) };
  } catch (error) {
    return { error: String(error).slice(-1500) };
  }
}"""
RATE = """(runs) => JSON.parse(py.runPython(
  `json.dumps(in_pyodide.rate(Path("/tmp/summaries.marshal").read_bytes(), ${runs}))`))"""


def site(dist: Path, work: Path) -> Path:
    """A folder to serve: links to what the page loads of the build, and a folder for the bench's files (the file
    to import, the summaries to rate), fetched over HTTP as a phone fetches a file (Playwright's own answers to
    the page cross a DevTools pipe of 100 MB, too small for an export of 150,000 plays)."""
    root = work / "site"
    (root / FILES).mkdir(parents=True)
    for name in SERVED:
        (root / name).symlink_to(dist / name)
    return root


def open_pyodide(browser: Browser, url: str) -> Page:
    """A page of a fresh context with the phone build's Pyodide, its app and bench.in_pyodide loaded."""
    page = browser.new_context().new_page()
    page.goto(url + "/manifest.json")
    page.evaluate(START, {name: (ROOT / name).read_text(encoding="utf-8") for name in CODE})
    return page


def js_heap_mb(page: Page) -> float:
    session = page.context.new_cdp_session(page)
    used = session.send("Runtime.getHeapUsage")["usedSize"]
    session.detach()
    return round(used / 2**20, 1)


def import_figures(browser: Browser, url: str, work: Path, n: int) -> dict[str, Any]:
    """One size: the export made, imported in CPython, then in the phone build's Pyodide."""
    export = work / "site" / FILES / "export.json"
    export.write_bytes(bgstats.export_bgstats(bgstats_bench.synthetic_history(work / f"history-{n}", n)))
    shutil.rmtree(work / f"history-{n}")
    size_mb = round(export.stat().st_size / 2**20, 2)
    baseline = subprocess.run([sys.executable, "-m", "bench.in_pyodide", str(export), str(work / f"cpython-{n}")],
                              cwd=ROOT, capture_output=True, text=True, check=False)
    shutil.rmtree(work / f"cpython-{n}", ignore_errors=True)
    # refused (BGStatsError: more plays than the import takes) or out of memory: the last line says which
    cpython = json.loads(baseline.stdout) if baseline.returncode == 0 else {"error": baseline.stderr.strip()[-300:]}
    page = open_pyodide(browser, url)
    try:
        before = round(page.evaluate(FETCHED, [f"/{FILES}/{export.name}", "/tmp/export.json"]), 1)
        phone = {**page.evaluate(IMPORT, "/tmp/export.json"), "wasm_heap_before_mb": before,
                 "wasm_heap_after_mb": round(page.evaluate("wasmMb()"), 1), "js_heap_mb": js_heap_mb(page)}
    except PlaywrightError as error:  # the page itself is gone (Chromium ends a renderer out of memory)
        phone = {"error": error.message.splitlines()[0]}
    finally:
        with contextlib.suppress(PlaywrightError):
            page.context.close()
        export.unlink()
    out = {"plays": n, "export_mb": size_mb, "cpython": cpython, "pyodide": phone}
    if "error" not in phone and "error" not in cpython:
        out["ratio"] = round((phone["preview_ms"] + phone["import_ms"])
                             / (cpython["preview_ms"] + cpython["import_ms"]), 2)
    return out


def rating_figures(browser: Browser, url: str, work: Path, n: int, runs: int) -> dict[str, Any]:
    rows = in_pyodide.summary_rows(n)
    (work / "site" / FILES / "summaries.marshal").write_bytes(rows)
    cpython = in_pyodide.rate(rows, runs)
    page = open_pyodide(browser, url)
    try:
        page.evaluate(FETCHED, [f"/{FILES}/summaries.marshal", "/tmp/summaries.marshal"])
        phone = page.evaluate(RATE, runs)
    finally:
        page.context.close()
    return {"plays": n, "runs": runs, "cpython": cpython, "pyodide": phone,
            "ratio": round(phone["rate_ms"] / cpython["rate_ms"], 2)}


def run(browser: Browser, dist: Path, plays: list[int], rated: int = 0, runs: int = 3) -> dict[str, Any]:
    """The figures of each size in `plays` (each in a fresh page), and of rating `rated` plays (none: 0)."""
    with tempfile.TemporaryDirectory(prefix="bench-pyodide-") as folder:
        work = Path(folder)
        server = StaticServer(site(dist, work))
        try:
            out: dict[str, Any] = {"imports": [import_figures(browser, server.url, work, n) for n in plays]}
            if rated:
                out["ratings"] = rating_figures(browser, server.url, work, rated, runs)
        finally:
            server.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plays", type=int, nargs="+", default=[1000], help="plays in each export imported")
    parser.add_argument("--ratings", type=int, default=0, help="play summaries to rate (default: none)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each rating measure (default 3)")
    parser.add_argument("--dist", type=Path, help="a build made before (default: build this checkout first)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-pyodide-dist-") as folder:
        dist = args.dist.resolve() if args.dist else build(Path(folder) / "dist").out
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                                 headless=True, args=CHROMIUM_FLAGS)
            figures = run(browser, dist, args.plays, args.ratings, args.runs)
            browser.close()
    print(json.dumps(figures, indent=None if args.json else 2))


if __name__ == "__main__":
    main()
