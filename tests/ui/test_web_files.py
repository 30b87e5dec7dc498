"""The web client's files: gzipped for a phone on the network, as they are for a browser on this machine."""

from __future__ import annotations

import asyncio
import gzip
import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from flet_web import get_package_web_dir
from starlette.datastructures import Headers

from companion.app import Services
from companion.server import ASSETS_DIR, build_asgi_app
from companion.theme import FONT, FONTS
from companion.web_files import GzippedFiles, accepts_gzip
from tests.loops import run

WEB = Path(get_package_web_dir())
PHONE = ("192.168.1.20", 50123)
THIS_MACHINE = ("127.0.0.1", 50123)


def client(services: Services, peer: tuple[str, int]) -> TestClient:
    # httpx would inflate a gzipped body by itself: ask for the bytes as they come over the wire
    return TestClient(build_asgi_app(services), client=peer, headers={"accept-encoding": "gzip"})


def raw_get(test_client: TestClient, path: str, **headers: str) -> tuple[int, Headers, bytes]:
    with test_client.stream("GET", path, headers=headers) as response:
        return response.status_code, Headers(dict(response.headers)), b"".join(response.iter_raw())


@pytest.mark.parametrize(("path", "original"), [("/main.dart.wasm", WEB / "main.dart.wasm"),
                                                ("/canvaskit/skwasm.wasm", WEB / "canvaskit" / "skwasm.wasm"),
                                                ("/fonts/TableGothic-Regular.ttf", ASSETS_DIR / FONTS[FONT])])
def test_a_phone_gets_the_big_files_gzipped_and_they_inflate_to_the_files(services: Services, path: str,
                                                                          original: Path) -> None:
    status, headers, body = raw_get(client(services, PHONE), path)
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == original.read_bytes()
    assert len(body) < 0.5 * original.stat().st_size
    assert headers["content-type"] in ("application/wasm", "font/ttf")


def test_a_browser_on_this_machine_gets_the_files_as_they_are(services: Services) -> None:
    status, headers, body = raw_get(client(services, THIS_MACHINE), "/main.dart.wasm")
    assert status == 200 and "content-encoding" not in headers
    assert body == (WEB / "main.dart.wasm").read_bytes()


@pytest.mark.parametrize("asked", ["identity", "gzip;q=0", "br"])
def test_a_phone_that_does_not_take_gzip_gets_the_file_as_it_is(services: Services, asked: str) -> None:
    status, headers, body = raw_get(client(services, PHONE), "/main.dart.mjs", **{"accept-encoding": asked})
    assert status == 200 and "content-encoding" not in headers and headers["vary"] == "Accept-Encoding"
    assert body == (WEB / "main.dart.mjs").read_bytes()


# compressed already; too small to gain
@pytest.mark.parametrize("path", ["/assets/fonts/roboto.woff2", "/version.json"])
def test_what_gzip_cannot_shrink_goes_as_it_is(services: Services, path: str) -> None:
    status, headers, body = raw_get(client(services, PHONE), path)
    assert status == 200 and "content-encoding" not in headers and body == (WEB / path.lstrip("/")).read_bytes()


def test_a_range_or_a_head_request_gets_the_file_as_it_is(services: Services) -> None:
    phone = client(services, PHONE)
    status, headers, body = raw_get(phone, "/main.dart.mjs", range="bytes=0-9")
    assert status == 206 and "content-encoding" not in headers and body == (WEB / "main.dart.mjs").read_bytes()[:10]
    head = phone.head("/main.dart.mjs")
    assert "content-encoding" not in head.headers
    assert int(head.headers["content-length"]) == (WEB / "main.dart.mjs").stat().st_size


def test_the_gzipped_file_has_its_own_tag_and_a_phone_that_has_it_gets_not_modified(services: Services) -> None:
    phone = client(services, PHONE)
    _, gzipped, _ = raw_get(phone, "/main.dart.mjs")
    _, plain, _ = raw_get(phone, "/main.dart.mjs", **{"accept-encoding": "identity"})
    assert gzipped["etag"] != plain["etag"]
    status, headers, body = raw_get(phone, "/main.dart.mjs", **{"if-none-match": gzipped["etag"]})
    assert (status, body, headers["etag"]) == (304, b"", gzipped["etag"])
    status, _, body = raw_get(phone, "/main.dart.mjs", **{"if-none-match": '"some-other-version"'})
    assert status == 200 and gzip.decompress(body) == (WEB / "main.dart.mjs").read_bytes()


def test_each_file_is_compressed_once_for_phones_asking_together(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    file = tmp_path / "client.js"
    file.write_text("let x = 1;\n" * 5000)
    compressed: list[str] = []
    real = GzippedFiles._compress
    monkeypatch.setattr(GzippedFiles, "_compress", staticmethod(lambda path: compressed.append(path) or real(path)))
    files = GzippedFiles()

    async def five_phones() -> list[bytes | None]:
        return await asyncio.gather(*(files.body(str(file), file.stat()) for _ in range(5)))

    bodies = run(five_phones())
    assert compressed == [str(file)] and all(gzip.decompress(b) == file.read_bytes() for b in bodies if b)
    file.write_text("let y = 2;\n" * 5000)  # a new version on disk: compressed again
    os.utime(file, ns=(file.stat().st_atime_ns, file.stat().st_mtime_ns + 1_000_000))
    body = run(files.body(str(file), file.stat()))
    assert body is not None and gzip.decompress(body) == file.read_bytes() and len(compressed) == 2


def test_a_file_that_cannot_be_read_is_left_to_be_served_as_it_is(tmp_path: Path) -> None:
    gone = tmp_path / "gone.js"
    gone.write_text("x" * 5000)
    stat = gone.stat()
    gone.unlink()
    assert run(GzippedFiles().body(str(gone), stat)) is None


@pytest.mark.parametrize(("header", "takes"), [
    ("gzip, deflate, br, zstd", True), ("GZIP;q=0.5", True), ("*", True), ("br;q=1, gzip;q=0.001", True),
    ("", False), ("identity", False), ("br", False), ("gzip;q=0", False), ("gzip;q=0.0", False),
    ("gzip;q=lots", False),
])
def test_what_counts_as_taking_gzip(header: str, takes: bool) -> None:
    assert accepts_gzip(Headers({"accept-encoding": header})) is takes
