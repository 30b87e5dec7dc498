"""The web client's files, gzipped for a phone on the Wi-Fi.

Flet serves its web client as it is: a phone's first visit downloaded 16.6 MB (8.5 MB of the app's WebAssembly,
5.2 MB of the renderer's, 2.7 MB of fonts), and 6.1 MB gzipped. Each file is compressed once, in a
worker thread, the first time a phone asks for it, and kept in memory for the next phones. A browser on this
machine (a loopback peer) gets the files as they are: there the bytes cost nothing, and compressing and
inflating them would take the processor from that browser as it draws its first screen.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
from functools import cache
from pathlib import Path

from flet_web.fastapi.flet_static_files import FletStaticFiles
from starlette.datastructures import Headers
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.staticfiles import NotModifiedResponse
from starlette.types import Scope

from .app import PREF_LANGUAGE
from .live import is_loopback
from .theme import FONT, LANGUAGE_FONTS

COMPRESSIBLE = frozenset({".wasm", ".js", ".mjs", ".json", ".html", ".css", ".otf", ".ttf", ".svg", ".bin",
                          ".txt", ".frag"})
MIN_BYTES = 1024  # below this a gzip header and a round of inflating cost more than they save
LEVEL = 6  # zlib's default: on main.dart.wasm level 9 took 0.62 s instead of 0.26 s for 0.3% fewer bytes
MANIFEST = "manifest.json"
PAGE = "index.html"

FileKey = tuple[str, int, int]  # path, modification time (ns), size: a file changed on disk is compressed again


@cache
def language_fonts_script() -> str:
    """The page's script that puts a language's own font in the engine's font manifest (language_fonts.js)."""
    script = (Path(__file__).with_name("language_fonts.js").read_text(encoding="utf-8")
              .replace("{FONTS}", json.dumps(LANGUAGE_FONTS)).replace("{FAMILY}", json.dumps(FONT))
              .replace("{PREFERENCE}", json.dumps(f"flutter.{PREF_LANGUAGE}")))  # shared_preferences' key on the web
    return f"<script>\n{script}</script>\n"


def accepts_gzip(headers: Headers) -> bool:
    for item in headers.get("accept-encoding", "").split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            quality = params.strip().removeprefix("q=")
            return not params or (quality.replace(".", "", 1).isdigit() and float(quality) > 0)
    return False


def gzip_etag(etag: str) -> str:
    """The gzipped variant's own entity tag: a cache must never answer for one variant with the other."""
    return etag[:-1] + '-gzip"' if etag.endswith('"') else etag + "-gzip"


class GzippedFiles:
    """Each file's gzipped bytes, compressed once even when several phones ask for it at the same moment."""

    def __init__(self) -> None:
        self._compressed: dict[FileKey, asyncio.Task[bytes]] = {}

    async def body(self, path: str, stat: os.stat_result) -> bytes | None:
        """The file's bytes gzipped, or None if it could not be read (the caller serves it as it is)."""
        key = (path, stat.st_mtime_ns, stat.st_size)
        task = self._compressed.get(key)
        if task is None:
            task = self._compressed[key] = asyncio.ensure_future(asyncio.to_thread(self._compress, path))
        try:
            return await asyncio.shield(task)
        except OSError:
            self._compressed.pop(key, None)
            return None

    @staticmethod
    def _compress(path: str) -> bytes:
        return gzip.compress(Path(path).read_bytes(), compresslevel=LEVEL, mtime=0)


class WebClientFiles(FletStaticFiles):
    """Flet's static files (the web client, the app's assets, the SPA fallback), gzipped for phones."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self._gzipped = GzippedFiles()
        self._manifest = Path(str(options["assets_dir"])) / MANIFEST

    async def get_response(self, path: str, scope: Scope) -> Response:
        if path == MANIFEST:  # the app's own, as the phone build has it: Flet writes its app_name over the names
            response: Response = FileResponse(self._manifest, stat_result=os.stat(self._manifest),
                                              media_type="application/manifest+json")
        else:
            response = await super().get_response(path, scope)
        if isinstance(response, FileResponse) and Path(response.path).name == PAGE and response.status_code == 200:
            page = Path(response.path).read_text(encoding="utf-8")
            return HTMLResponse(page.replace("</head>", language_fonts_script() + "</head>", 1),
                                headers={"cache-control": "no-cache"})
        if not (isinstance(response, FileResponse) and response.status_code == 200 and scope["method"] == "GET"
                and Path(response.path).suffix.lower() in COMPRESSIBLE
                and response.stat_result is not None and response.stat_result.st_size >= MIN_BYTES):
            return response
        client = scope.get("client")
        if client is None or is_loopback(client[0]):
            return response
        response.headers["vary"] = "Accept-Encoding"
        request = Headers(scope=scope)
        if "range" in request or not accepts_gzip(request):
            return response
        headers = {"content-type": response.headers["content-type"], "etag": gzip_etag(response.headers["etag"]),
                   "last-modified": response.headers["last-modified"], "content-encoding": "gzip",
                   "vary": "Accept-Encoding"}
        if self.is_not_modified(Headers(headers), request):
            return NotModifiedResponse(Headers(headers))
        body = await self._gzipped.body(str(response.path), response.stat_result)
        return response if body is None else Response(body, headers=headers)
