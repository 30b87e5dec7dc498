"""Each storage benchmark still runs, at a tiny size (its figures are the README's; a benchmark that no longer
runs would leave them unchecked)."""

from __future__ import annotations

import gzip
import http.client
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from bench import game_log, history, live, phone_weight, pyodide, ratings, static
from bench.startup import CHROMIUM_FLAGS


def test_the_game_log_benchmark_runs() -> None:
    figures = game_log.run(60)
    assert figures["ops"] > 60 and figures["open_ms"] > 0 and figures["entry_ms_p50"] > 0


def test_the_history_benchmark_runs() -> None:
    figures = history.run(20)
    assert figures["plays"] == 20 and figures["entry_ms_p50"] > 0 and figures["finish_ms_p50"] > 0


def test_the_ratings_benchmark_runs() -> None:
    figures = ratings.run(30, runs=1)
    assert figures["plays"] == 30 and figures["players"] > 2 and figures["rate_ms"] > 0


@pytest.mark.e2e
def test_the_phone_build_benchmark_runs_in_its_pyodide(dist: Path) -> None:
    """bench.pyodide on the session's build (tests/static's): a BG Stats import and ratings, in Pyodide and CPython.
    Its own Chromium, stopped at the end: the session's sync Playwright would hold an event loop in this thread for
    the benchmarks after it (bench.live's asyncio.run, bench.static's own Playwright)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             headless=True, args=CHROMIUM_FLAGS)
        try:
            figures = pyodide.run(browser, dist, [30], rated=30, runs=1)
        finally:
            browser.close()
    (imported,) = figures["imports"]
    phone, computer = imported["pyodide"], imported["cpython"]
    assert phone["plays_added"] == computer["plays_added"] == 30
    assert phone["progress_calls"] == computer["progress_calls"] >= 1
    assert phone["wasm_heap_after_mb"] >= phone["wasm_heap_before_mb"] > 0 and phone["idb_copy_ms"] >= 0
    assert imported["ratio"] > 0 and computer["peak_rss_mb"] > 0
    rated = figures["ratings"]
    assert rated["pyodide"]["players"] == rated["cpython"]["players"] > 2 and rated["pyodide"]["rate_ms"] > 0


def test_the_club_night_benchmark_runs() -> None:
    figures = live.run([(1, 3)], entries=4, pause=0.05)["sizes"][0]
    assert figures["connections"] == 4 and figures["missed"] == 0
    assert figures["tap_ms_p50"] > 0 and figures["shown_ms_p50"] > 0


def test_the_phone_weight_host_sends_gzip_twins_and_counts_what_it_sends(tmp_path: Path) -> None:
    """bench.phone_weight's instrument (its whole run builds twice and starts Chromium three times: minutes)."""
    archive = b"stored archive " * 1000
    (tmp_path / "app.zip").write_bytes(archive)
    (tmp_path / "app.zip.gz").write_bytes(gzip.compress(archive))
    (tmp_path / "main.dart.wasm").write_bytes(b"\0asm" + bytes(20_000))
    (tmp_path / "font.ttf").write_bytes(bytes(range(256)) * 40)
    host = phone_weight.GzipHost(tmp_path)
    try:
        with host.counting() as sent:
            answers = {name: fetch(f"{host.url}/{name}") for name in ("app.zip", "main.dart.wasm", "font.ttf")}
            status, _, _ = fetch(f"{host.url}/app.zip", {"If-None-Match": answers["app.zip"][1]["ETag"]})
    finally:
        host.stop()
    assert [headers.get("Content-Encoding") for _, headers, _ in answers.values()] == ["gzip", "gzip", None]
    assert gzip.decompress(answers["app.zip"][2]) == archive  # the build's twin
    assert status == 304
    assert sent["/app.zip"] < 1000 and sent["/font.ttf"] > 10_240
    assert sent[""] == sum(size for path, size in sent.items() if path)


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    address, _, path = url.removeprefix("http://").partition("/")
    connection = http.client.HTTPConnection(address, timeout=10)
    connection.request("GET", "/" + path, headers={"Accept-Encoding": "gzip", **(headers or {})})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.headers), body


@pytest.mark.e2e
def test_the_phone_build_benchmark_runs(dist: Path) -> None:
    """bench.static at its smallest (one profile in each mode, two taps each time): it waits for states of the page
    (a field taken for typing, a total, the snapshot), never for a time, so it runs every time."""
    figures = static.run(1, ["server", "static"], dist, taps=(3, 7))
    for mode in ("server", "static"):
        assert len(figures["each_run"][mode]) == 1
        assert all(seconds > 0 for seconds in figures["median"][mode].values())
    assert "Python restored" in figures["warm_start_steps_s"]  # the phone's own snapshot, made on the first visit
