"""The phone build end to end: served by a plain static file server, it plays whole games in the browser,
keeps them across a reload, a new build, a browser restart and the network going off, and fetches every
file from that one server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from publish.build import write_service_worker

from .conftest import AppTab, PhoneBrowser, StaticServer, wait_until

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.json"))
IDBFS_FILES = """async (name) => {
  const db = await new Promise((ok, fail) => { const r = indexedDB.open("/data"); r.onsuccess = () => ok(r.result);
                                                r.onerror = () => fail(r.error); });
  const store = db.transaction("FILE_DATA").objectStore("FILE_DATA");
  const keys = await new Promise((ok) => { const r = store.getAllKeys(); r.onsuccess = () => ok(r.result); });
  const texts = [];
  for (const key of keys.filter((k) => k.includes(name))) {
    const entry = await new Promise((ok) => { const r = store.get(key); r.onsuccess = () => ok(r.result); });
    if (entry.contents) texts.push(new TextDecoder().decode(entry.contents));
  }
  db.close();
  return texts.join("\\n");
}"""


def play_kahuna(tab: AppTab, first: str, second: str) -> None:
    """A whole Kahuna game from its new game screen to its result: `first` wins by 2 points on the last round."""
    tab.page.evaluate("location.hash = '#/new/kahuna'")
    tab.type("new.player.0", first)
    tab.type("new.player.1", second)
    tab.tap("new.start")
    for r, (a, b) in enumerate([(6, 4), (3, 5), (5, 4)]):
        tab.tap("sheet.add_round")  # typed at once: its first entry once went nowhere (common.one_node)
        tab.type(f"rounds[{r}].{first}", str(a))
        tab.type(f"rounds[{r}].{second}", str(b))
    tab.type("players[0].bridges", "9")
    tab.tap_when_enabled("sheet.finish")
    tab.see(f"{first} wins!")


def history_count(tab: AppTab) -> int:
    tab.page.evaluate("location.hash = '#/history'")
    tab.wait("history.filter.game")
    tab.page.wait_for_timeout(500)
    return tab.page.locator('[flt-semantics-identifier^="history.play."]').count()


BUILDS = "caches.keys().then((names) => names.filter((name) => name.startsWith('table-companion-')))"


def caches(tab: AppTab) -> list[str]:
    """The caches of builds (not the phone's own snapshot of Python's memory)."""
    return tab.page.evaluate(BUILDS)


def wait_cached(tab: AppTab) -> str:
    """The service worker has cached the whole build and controls the page; returns its cache's name."""
    tab.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    (name,) = caches(tab)
    return name


def updated(tab: AppTab, old_cache: str) -> None:
    """The new build replaced `old_cache`, the page reloaded itself and says so, and the app is on screen."""
    wait_until(tab.page, f"(old) => {BUILDS}.then((k) => k.length === 1 && k[0] !== old)", old_cache)
    tab.page.locator("#app-update", has_text="updated").wait_for(state="attached", timeout=120_000)
    tab.started()


def republish(dist: Path) -> None:
    """A new build on the same host (one changed file, so a new content hash)."""
    index = dist / "index.html"
    index.write_text(index.read_text(encoding="utf-8") + "<!-- a later build -->\n", encoding="utf-8")
    write_service_worker(dist)


def test_the_phone_keeps_playing_offline_and_keeps_its_history(
        phone_browser: PhoneBrowser, static_server: StaticServer, dist: Path) -> None:
    url = static_server.url + "/"
    tab = phone_browser.open(url)  # the first visit
    tab.shot("static-en-home")
    play_kahuna(tab, "Mina", "Joon")
    tab.shot("static-en-result")
    first_cache = wait_cached(tab)
    cached = tab.page.evaluate("name => caches.open(name).then(c => c.keys())"
                               ".then(keys => keys.map(r => new URL(r.url).pathname))", first_cache)
    assert "/main.dart.wasm" in cached and "/main.dart.js" not in cached  # Chromium runs skwasm: only that is kept
    # the phone makes Python's snapshot itself, a little after its first start, and keeps it packed
    wait_until(tab.page, "() => caches.open('python-snapshot').then((c) => c.keys()).then((k) => k.length === 1)")
    head = tab.page.evaluate("caches.open('python-snapshot').then(async (c) => (await c.match((await c.keys())[0])))"
                             ".then(r => r.arrayBuffer()).then(b => [...new Uint8Array(b, 0, 2)])")
    assert head == [0x1F, 0x8B]

    republish(dist)
    tab.page.evaluate("location.hash = '#/'")
    tab.page.reload()  # after a new build was published: it installs, and takes over at once on Home
    updated(tab, first_cache)
    assert history_count(tab) == 1  # the history stayed

    second_cache = caches(tab)[0]
    tab.page.evaluate("location.hash = '#/new/kahuna'")  # a game being entered: the next build waits, says so
    tab.wait("new.start")
    republish(dist)
    tab.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    tab.page.locator("#app-update", has_text="ready").wait_for(state="attached", timeout=120_000)
    assert second_cache in caches(tab) and len(caches(tab)) == 2
    tab.page.evaluate("location.hash = '#/'")  # back on Home: it takes over
    updated(tab, second_cache)

    phone_browser.close()  # the browser quits; the phone is offline when it starts again
    tab = phone_browser.open(url, offline=True)
    assert "Python restored" in tab.page.evaluate("flet.marks.map((mark) => mark[0])")  # from this phone's snapshot
    assert history_count(tab) == 1
    second = tab.context.new_page()  # the same app in a second tab waits for the first: it never writes
    second.goto(url)
    second.locator("#other-tab").wait_for(state="visible", timeout=60_000)
    assert "open in another tab" in second.locator("#other-tab").inner_text()
    assert second.evaluate("navigator.locks.query().then(q => q.pending.length)") == 1
    second.close()
    tab.page.evaluate("location.hash = '#/settings'")
    tab.wait("settings.storage")
    tab.tagged("settings.storage").scroll_into_view_if_needed()  # below the language, text size, backup, scan
    wait_until(tab.page, "() => document.querySelector('[flt-semantics-identifier=\"settings.storage\"]')"
               ".getAttribute('aria-label').includes('used of')", timeout_s=15)
    tab.shot("static-en-settings")
    tab.tap("data.prepare.backup")
    with tab.page.expect_download(timeout=60_000) as saved:  # saved by the browser itself, offline
        tab.tap("data.download.backup")
    assert saved.value.suggested_filename.startswith("table-companion-backup-")
    backup = json.loads(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert "Mina" in json.dumps(backup, ensure_ascii=False)
    play_kahuna(tab, "Bo", "Ara")
    stored = tab.page.evaluate(IDBFS_FILES, "plays-")
    assert "Bo" in stored and "Mina" in stored  # the offline game is in IndexedDB, with the first one
    assert history_count(tab) == 2

    foreign = [u for u in phone_browser.requests if not u.startswith(static_server.url + "/")]
    assert foreign == []
    assert any(u.endswith("/app.zip") for u in phone_browser.requests)


def test_every_example_sheet_scores_in_the_browser_as_the_cli_scores_it(
        browser: Browser, static_server: StaticServer) -> None:
    """The engine inside the build's Pyodide, through the CLI's own entry point, one page load for all nine."""
    sheets = {path.name: path.read_text(encoding="utf-8") for path in EXAMPLES}
    assert len(sheets) == 9
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(static_server.url + "/manifest.json")
        in_browser = page.evaluate("""async (sheets) => {
          const { loadPyodide } = await import("/pyodide/pyodide.mjs");
          const py = await loadPyodide();
          py.unpackArchive(await (await fetch("/app.zip")).arrayBuffer(), "zip", { extractDir: "/app" });
          py.globals.set("sheets", py.toPy(sheets));
          return py.runPython(`
import io, json, sys
sys.path[:0] = ["/app/__pypackages__", "/app"]
from scoring.cli import main
out = {}
for name, text in sheets.items():
    with open(name, "w", encoding="utf-8") as handle:
        handle.write(text)
    buffer = io.StringIO()
    status = main(["score", name], stdout=buffer)
    out[name] = [status, buffer.getvalue(), sys.platform]
json.dumps(out)`);
        }""", sheets)
    finally:
        context.close()
    results = json.loads(in_browser)
    for path in EXAMPLES:
        cli = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)], cwd=ROOT,
                             capture_output=True, text=True, check=False)
        status, output, where = results[path.name]
        assert where == "emscripten"
        assert (status, output) == (cli.returncode, cli.stdout), path.name
