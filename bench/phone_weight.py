"""What a phone downloads and keeps of the phone build (bin/publish), as a common static host serves it.

`python -m bench.phone_weight [--checkout DIR] [--json]`

The build of a checkout (this one unless `--checkout`) is made twice: as it is, and after a change to the app's
code (a line added to a module the first screen imports). Both are served, one after the other at the same
address, by a host that gzips text, scripts, JSON, SVG and WebAssembly on the fly and sends a file's `.gz` twin
where the build ships one (`GzipHost`), with content-based validators (ETag), as common static hosts do. The
bytes are counted as the host sends them (headers and bodies; the service worker's requests included), for:
- first visit: a fresh Chromium profile opens the app in English, until its service worker has cached the build;
- update: the second build published, the browser started twice on that profile (the update installs during
  the first start and runs at the second, or at once), until the new version runs from its cache;
- kept: what the browser then keeps for the site (`navigator.storage.estimate()`, its Cache Storage and
  IndexedDB parts).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import mimetypes
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

from bench.static import open_tab, wait_for_snapshot
from tests.static.conftest import wait_until

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("companion", "scoring", "publish", "assets")  # what bin/publish reads of a checkout
CHANGED_MODULE = "companion/i18n.py"  # imported by the first screen
TIMEOUT_MS = 240_000
COMPRESSED_TYPES = ("text/", "application/javascript", "text/javascript", "application/json",
                    "application/manifest+json", "image/svg+xml", "application/wasm")
MB = 1024 * 1024


class GzipHost:
    """A static host on loopback: gzips compressible types on the fly, prefers a file's `.gz` twin, answers
    If-None-Match with 304, and counts the bytes it sends. `root` may change between requests (a new build)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sent = 0
        self.files: dict[str, int] = {}
        self._lock = threading.Lock()
        host = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # Chromium revalidates by ETag only a response of HTTP/1.1

            def do_GET(self) -> None:
                host.answer(self)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def answer(self, request: BaseHTTPRequestHandler) -> None:
        path = request.path.split("?", 1)[0].split("#", 1)[0]
        name = path.lstrip("/") or "index.html"
        file = (self.root / name).resolve()
        if file.is_dir():
            file = file / "index.html"
        if not file.is_file() or self.root.resolve() not in file.parents:
            self.send(request, 404, {}, b"", path)
            return
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if file.suffix == ".mjs":
            kind = "text/javascript"
        headers = {"Content-Type": kind, "Vary": "Accept-Encoding"}
        body = file.read_bytes()
        twin = file.with_name(file.name + ".gz")
        if "gzip" in (request.headers.get("Accept-Encoding") or ""):
            if twin.is_file():
                body, headers["Content-Encoding"] = twin.read_bytes(), "gzip"
            elif kind.startswith(COMPRESSED_TYPES):
                body, headers["Content-Encoding"] = gzip.compress(body, 6, mtime=0), "gzip"
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        headers["ETag"] = etag
        if request.headers.get("If-None-Match") == etag:
            self.send(request, 304, {"ETag": etag}, b"", path)
            return
        self.send(request, 200, headers, body, path)

    def send(self, request: BaseHTTPRequestHandler, status: int, headers: dict[str, str], body: bytes,
             path: str) -> None:
        request.send_response(status)
        for key, value in {**headers, "Content-Length": str(len(body))}.items():
            request.send_header(key, value)
        request.end_headers()
        request.wfile.write(body)
        size = len(body) + sum(len(k) + len(v) + 4 for k, v in headers.items()) + 40
        with self._lock:
            self.sent += size
            self.files[path] = self.files.get(path, 0) + size

    @contextmanager
    def counting(self) -> Iterator[dict[str, int]]:
        """The bytes sent within the block: the total under "" and each path's."""
        with self._lock:
            self.sent, self.files = 0, {}
        counted: dict[str, int] = {}
        yield counted
        with self._lock:
            counted.update(self.files, **{"": self.sent})

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def build_twice(checkout: Path, work: Path) -> tuple[Path, Path]:
    """The checkout's build, and its build after a change to the app's code."""
    source = work / "source"
    for name in SOURCES:
        shutil.copytree(checkout / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    builds = []
    for label in ("before", "after"):
        if label == "after":
            with (source / CHANGED_MODULE).open("a", encoding="utf-8") as module:
                module.write("\nCHANGED_FOR_THE_UPDATE = 1\n")
        out = work / label
        subprocess.run([sys.executable, "-m", "publish", "--out", str(out)], cwd=source, check=True,
                       stdout=subprocess.DEVNULL)
        builds.append(out)
    return builds[0], builds[1]


def kept(page: object) -> dict[str, float]:
    estimate = page.evaluate("navigator.storage.estimate()")  # type: ignore[attr-defined]
    details = estimate.get("usageDetails", {})
    return {"kept_mb": estimate["usage"] / MB, "cache_storage_mb": details.get("caches", 0) / MB,
            "indexeddb_mb": details.get("indexedDB", 0) / MB}


def cached_version(page: object) -> str:
    """The cache of the build (not the phone's snapshot of Python's memory, publish/worker.js)."""
    names = page.evaluate("caches.keys()")  # type: ignore[attr-defined]
    return ",".join(sorted(name for name in names if name.startswith("table-companion-")))


def measure(playwright: Playwright, first: Path, second: Path) -> dict[str, object]:
    host = GzipHost(first)
    url = host.url + "/"
    try:
        with tempfile.TemporaryDirectory() as profile_dir:
            profile = Path(profile_dir)
            with host.counting() as visit:
                tab, _ = open_tab(playwright, profile, url)
                tab.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
                wait_for_snapshot(tab)
                old = cached_version(tab.page)
                tab.context.close()
            host.root = second
            with host.counting() as update:
                tab, _ = open_tab(playwright, profile, url)
                wait_until(tab.page, "(old) => caches.keys().then((k) => k.filter((n) => n.startsWith("
                           "'table-companion-'))).then((k) => k.length === 1 && k[0] !== old)", old, TIMEOUT_MS / 1000)
                tab.context.close()
                tab, _ = open_tab(playwright, profile, url)
                tab.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
                wait_for_snapshot(tab)
            figures = kept(tab.page)
            tab.context.close()
    finally:
        host.stop()
    return {"first_visit_mb": visit[""] / MB, "update_mb": update[""] / MB, **figures,
            "first_visit_largest": largest(visit), "update_largest": largest(update)}


def largest(counted: dict[str, int], n: int = 8) -> dict[str, float]:
    files = sorted(((size, path) for path, size in counted.items() if path), reverse=True)[:n]
    return {path: round(size / MB, 2) for size, path in files}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout to build (default: this one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-weight-"))
    try:
        first, second = build_twice(args.checkout.resolve(), work)
        with sync_playwright() as playwright:
            out = measure(playwright, first, second)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key:18} {value:7.1f} MB" if isinstance(value, float) else f"{key:18} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
