"""Two phones, each with its own history, and no link between them but the screen and the camera: the first phone
shows a finished play, then a game in progress, as QR codes; the test reads the codes from its screenshots
(zxing-cpp, the C++ ZXing decoder's Python package), makes a video of them for the second phone's fake camera
(Chromium's --use-file-for-fake-video-capture, a .y4m), and the second phone's scanner reads them and takes the
play into its history and the game onto its sheet. In server mode (two servers, two browsers), and in the phone
build with both phones offline. Screenshots of both phones, in English and in Korean."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Playwright

from companion.store import share_codes
from companion.store.definitions import DefinitionStore
from companion.store.repository import Repository
from publish.build import build
from scoring import score_sheet

from ..static.conftest import AppTab, StaticServer
from ..store.conftest import example
from ..store.test_share_codes import piraten_game
from .conftest import CHROMIUM_FLAGS, PHONE, Phone, Server

FRAME = (640, 480)  # the fake camera's picture
FPS = 10
FRAMES_PER_CODE = 12  # each code is in front of the camera 1.2 s, then the next
MAX_SHOTS = 60
DARTS = {"id": "custom-darts", "name": "Darts", "players": {"min": 2, "max": 4},
         "categories": [{"key": "points", "name": "Points", "max": 501}]}
CAMERA_FLAGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]


def kahuna_play(repo: Repository) -> None:
    sheet = example("kahuna")
    result = score_sheet(sheet)
    repo.add_play({"id": "kahuna1", "game": "kahuna", "sheet": sheet, "rules_version": result.rules_version,
                   "result": result.to_json(), "started_at": "2026-12-05T19:00:00+00:00",
                   "finished_at": "2026-12-05T19:40:00+00:00"})


@pytest.fixture
def phones(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two phones' worth of data: the first holds a finished Kahuna play, a game of its own and a 45-turn Piraten
    Kapern game in progress, entered turn by turn."""
    first = Repository.open(tmp_path / "first")
    kahuna_play(first)
    piraten_game(first)
    DefinitionStore(first).save(dict(DARTS))
    second = Repository.open(tmp_path / "second")
    second.remember_players(["mina", "Jun"])
    servers = (Server(tmp_path / "first"), Server(tmp_path / "second"))
    yield servers
    for server in servers:
        server.stop()


def codes_on_screen(phone: Phone, count_hint: int = 1) -> dict[int, Image.Image]:
    """Each code of the share the phone shows, read from screenshots as the series turns: part number -> the
    code's picture (cut from the screenshot)."""
    seen: dict[int, Image.Image] = {}
    total = None
    for _ in range(MAX_SHOTS):
        shot = Image.open(phone.shot("share-reading")).convert("L")
        for found in zxingcpp.read_barcodes(shot):
            if not found.text.startswith("TC"):
                continue
            number, total = (int(n) for n in found.text.split(":")[1].split("/"))
            corners = found.position
            xs = [corners.top_left.x, corners.top_right.x, corners.bottom_left.x, corners.bottom_right.x]
            ys = [corners.top_left.y, corners.top_right.y, corners.bottom_left.y, corners.bottom_right.y]
            margin = (max(xs) - min(xs)) // 30  # a module or two of the white around it: none is cut off
            seen[number] = shot.crop((min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin))
        if total is not None and len(seen) == total:
            return seen
        phone.page.wait_for_timeout(400)
    raise AssertionError(f"read {sorted(seen)} of {total or count_hint} codes")


def camera_video(pictures: list[Image.Image], path: Path) -> Path:
    """A .y4m video (grey: the Y plane, U and V at 128) showing each picture in turn, centred on white."""
    width, height = FRAME
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F{FPS}:1 Ip A1:1 C420jpeg\n".encode())
        for picture in pictures:
            times = max(1, (height - 80) // picture.height)  # whole times: every module the same size
            sharp = picture.resize((picture.width * times, picture.height * times), Image.Resampling.NEAREST)
            frame = Image.new("L", FRAME, 255)
            frame.paste(sharp, ((width - sharp.width) // 2, (height - sharp.height) // 2))
            planes = frame.tobytes() + bytes([128]) * (width * height // 2)
            for _ in range(FRAMES_PER_CODE):
                out.write(b"FRAME\n" + planes)
    return path


def scanning_phone(playwright: Playwright, video: Path, url: str, locale: str) -> tuple[Browser, Phone]:
    """A second phone whose camera films `video`."""
    executable = "/usr/bin/chromium"
    browser = playwright.chromium.launch(executable_path=executable, headless=True, args=[
        *CHROMIUM_FLAGS, *CAMERA_FLAGS, f"--use-file-for-fake-video-capture={video}"])
    return browser, Phone(browser, url, locale)


def semantics_on(phone: Phone) -> None:
    """After the scanner page the app starts again: its semantics tree too."""
    placeholder = phone.page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60_000)
    placeholder.dispatch_event("click")


def scanned_into(playwright: Playwright, showing: Phone, server: Server, locale: str, name: str, then: str,
                 folder: Path) -> int:
    """A second phone on `server` films the codes `showing` shows, takes them in, and is then at `then` (a URL
    pattern); returns how many codes there were."""
    codes = codes_on_screen(showing)
    video = camera_video([codes[n] for n in sorted(codes)], folder / f"{name}.y4m")
    lang = locale[:2]
    camera_browser, scanning = scanning_phone(playwright, video, f"{server.url}/scan", locale)
    try:
        scanning.tap("scan.open_camera")
        scanning.page.wait_for_url("**/receive", timeout=90_000)
        semantics_on(scanning)
        scanning.wait("receive.add")
        scanning.shot(f"share-{name}-second-phone-{lang}")
        scanning.tap("receive.add")
        scanning.page.wait_for_url(then, timeout=30_000)
        scanning.shot(f"share-{name}-taken-{lang}")
    finally:
        scanning.close()
        camera_browser.close()
    return len(codes)


def test_a_play_a_game_of_ones_own_and_a_game_in_progress_go_from_phone_to_phone_by_camera(
        browser: Browser, playwright: Playwright, phones: tuple[Server, Server], tmp_path: Path) -> None:
    first, second = phones
    showing = Phone(browser, f"{first.url}/result/kahuna1")
    showing.tap("result.share")
    showing.wait("share.code")
    showing.shot("share-play-first-phone-en")
    assert scanned_into(playwright, showing, second, "ko-KR", "play", "**/history/kahuna1", tmp_path) == 1
    showing.close()
    stored = Repository.open(second.data_dir).play("kahuna1")
    assert [p["name"] for p in stored["sheet"]["players"]] == ["mina", "Joon"]  # Mina taken as the "mina" known here

    showing = Phone(browser, f"{first.url}/")
    card = f"home.game.{DARTS['id']}"  # the last card: swiped up into view first
    showing.wait(card)
    showing.page.mouse.move(206, 450)
    showing.page.mouse.wheel(0, showing.tagged(card).bounding_box()["y"] - 350)
    showing.page.wait_for_timeout(800)
    showing.tagged(card).click(delay=1000)  # a long press
    showing.tap("games.action.share")
    showing.wait("share.code")
    showing.shot("share-custom-game-first-phone-en")
    scanned_into(playwright, showing, second, "ko-KR", "custom-game", f"{second.url}/", tmp_path)
    showing.close()
    assert DefinitionStore(Repository.open(second.data_dir)).latest(DARTS["id"])["name"] == "Darts"

    game_id = Repository.open(first.data_dir).drafts()[0]["id"]
    showing = Phone(browser, f"{first.url}/play/{game_id}", "ko-KR")
    showing.tap("sheet.hand_over")
    showing.wait("share.code")
    showing.shot("share-game-first-phone-ko")
    assert scanned_into(playwright, showing, second, "en-US", "game", f"**/play/{game_id}", tmp_path) == 6  # a series
    showing.close()
    received = Repository.open(second.data_dir)
    assert received.draft_ops(game_id) == Repository.open(first.data_dir).draft_ops(game_id)  # the whole log
    assert len(received.draft(game_id)["sheet"]["events"]) == 45


def offline_phone(playwright: Playwright, profile: Path, url: str, locale: str, camera: Path | None = None) -> AppTab:
    """A phone with the phone build installed (its service worker holds every file), then offline."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path="/usr/bin/chromium", headless=True, viewport=PHONE, locale=locale,
        service_workers="allow", args=[*CHROMIUM_FLAGS, *(
            [*CAMERA_FLAGS, f"--use-file-for-fake-video-capture={camera}"] if camera is not None else [])])
    tab = AppTab(context, context.pages[0] if context.pages else context.new_page(), url)
    tab.page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=180_000)
    context.set_offline(True)
    return tab


def test_in_the_phone_build_a_play_and_a_game_in_progress_go_from_phone_to_phone_offline(
        playwright: Playwright, tmp_path: Path) -> None:
    source = Repository.open(tmp_path / "source")
    kahuna_play(source)
    game_id = piraten_game(source)["id"]
    site = StaticServer(build(tmp_path / "dist").out)
    showing = offline_phone(playwright, tmp_path / "first-phone", f"{site.url}/", "en-US")
    try:
        for name, codes, shown_at, button, locale in (
                ("play", share_codes.play_codes(source, "kahuna1"), "/result/kahuna1", "result.share", "ko-KR"),
                ("game", share_codes.draft_codes(source, game_id), f"/play/{game_id}", "sheet.hand_over", "en-US")):
            showing.page.evaluate(f"location.hash = '#/receive?code={share_codes.link_text(codes)}'")  # by a link
            showing.tap("receive.add")
            showing.page.evaluate(f"location.hash = '#{shown_at}'")
            showing.tap(button)
            showing.wait("share.code")
            showing.shot(f"phone-build-share-{name}-first-phone-en")
            pictures = codes_on_screen(showing)
            assert len(pictures) == len(codes)
            video = camera_video([pictures[n] for n in sorted(pictures)], tmp_path / f"{name}.y4m")
            # the second phone, started again with the camera filming the first one's screen
            scanning = offline_phone(playwright, tmp_path / "second-phone", f"{site.url}/", locale, video)
            try:
                scanning.page.evaluate("location.hash = '#/scan'")
                scanning.tap("scan.open_camera")  # the scanner opens over the app, in the page
                scanning.wait("receive.add", timeout=90_000)
                scanning.shot(f"phone-build-share-{name}-second-phone-{locale[:2]}")
                scanning.tap("receive.add")
                scanning.page.wait_for_url(f"**#{shown_at.replace('result', 'history')}", timeout=30_000)
                scanning.shot(f"phone-build-share-{name}-taken-{locale[:2]}")
            finally:
                scanning.context.close()
    finally:
        showing.context.close()
        site.stop()
