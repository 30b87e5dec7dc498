"""Sharing with the table in-process: the Share button of a result, a game's sheet and a game of one's own shows
the codes (a series turning by itself and on a tap); what the scanner hands over comes in on /receive, previewed,
with the players matched to this phone's, or refused with its reason and nothing stored."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import flet as ft
import pytest

from companion.app import PREF_LANGUAGE, Services
from companion.downloads import Downloads
from companion.main import make_main
from companion.store import share_codes
from companion.store.definitions import DefinitionStore
from companion.store.repository import Repository
from companion.views.share import CODE, INBOX, OWNER, SCAN_WORDS
from scoring import score_sheet

from .conftest import example
from .harness import Harness


@pytest.fixture
def other_phone(tmp_path: Path) -> Iterator[Callable[..., tuple[Harness, Repository]]]:
    opened: list[Harness] = []

    def open_phone(route: str, lang: str = "en", known: tuple[str, ...] = (), **prefs: str
                   ) -> tuple[Harness, Repository]:
        repo = Repository.open(tmp_path / "other-phone")
        repo.remember_players(list(known))
        harness = Harness(make_main(Services(repo, Downloads())), route=route, prefs={PREF_LANGUAGE: lang, **prefs})
        opened.append(harness)
        return harness, repo

    yield open_phone
    for harness in opened:
        assert harness.crashes() == [], harness.crashes()
        harness.close()


def kahuna_play(repo: Repository) -> dict:
    sheet = example("kahuna")
    result = score_sheet(sheet)
    return repo.add_play({"game": "kahuna", "sheet": sheet, "rules_version": result.rules_version,
                          "result": result.to_json(), "started_at": "2024-03-01T11:00:00+00:00",
                          "finished_at": "2024-03-01T12:00:00+00:00"})


def shown_code(ui: Harness) -> ft.Image:
    return next(c for c in ui.walk(ui.control("share.code")) if isinstance(c, ft.Image))


def test_a_finished_play_goes_to_another_phone_with_its_players_matched(
        open_app: Callable[..., Harness], services: Services,
        other_phone: Callable[..., tuple[Harness, Repository]]) -> None:
    play = kahuna_play(services.repo)
    names = [p["name"] for p in play["sheet"]["players"]]
    ui = open_app(f"/result/{play['id']}")
    ui.click("result.share")
    assert shown_code(ui).src.startswith("data:image/png;base64,")
    codes = share_codes.play_codes(services.repo, play["id"])
    ui.click("share.send")  # the phone's share sheet, with a link carrying the same share in its fragment
    ui.eventually(lambda: any(name == "share_text" for name, _ in ui.conn.calls))
    link = next(args for name, args in ui.conn.calls if name == "share_text")["text"]
    assert "/scanner/scan.html#TC1P" in link  # the server's scanner page takes it from the fragment
    assert share_codes.from_link(link.split("#", 1)[1]).content == share_codes.decode(codes).content
    phone, repo = other_phone("/receive", known=("Me", names[1].lower()), **{INBOX: "\n".join(codes), OWNER: "Me"})
    phone.eventually(lambda: phone.exists("receive.you"))
    assert phone.conn.prefs[INBOX] == ""  # taken: a reload does not bring it again
    phone.choose("receive.you", names[0])  # this phone's owner played as the first player
    assert phone.control("receive.name.0").value == "Me"
    phone.choose("receive.name.1", names[1].lower())
    phone.click("receive.add")
    stored = repo.play(play["id"])
    assert [p["name"] for p in stored["sheet"]["players"]] == ["Me", names[1].lower()]
    assert phone.page.route == f"/history/{play['id']}"
    assert "The play is in your history" in phone.snacks()
    assert phone.conn.prefs[OWNER] == "Me"


def test_a_play_of_the_history_is_shared_from_its_page(open_app: Callable[..., Harness], services: Services) -> None:
    play = kahuna_play(services.repo)
    ui = open_app(f"/history/{play['id']}")
    ui.click("history.share")
    assert shown_code(ui).src.startswith("data:image/png;base64,")


def test_a_game_in_progress_is_handed_over_and_opens_on_its_sheet(
        open_app: Callable[..., Harness], services: Services,
        other_phone: Callable[..., tuple[Harness, Repository]]) -> None:
    whole = example("piraten-kapern")
    draft = services.repo.new_draft({"game": "piraten-kapern", "sheet": copy.deepcopy(whole)})
    ui = open_app(f"/play/{draft['id']}")
    ui.click("sheet.hand_over")
    codes = share_codes.draft_codes(services.repo, draft["id"])
    first = shown_code(ui).src
    ui.fire(next(c for c in ui.walk(ui.control("share.code")) if isinstance(c, ft.GestureDetector)), "tap")
    if len(codes) > 1:  # a series turns on a tap (and by itself)
        assert shown_code(ui).src != first
        assert "Code 2 of" in " ".join(ui.texts())
    phone, repo = other_phone("/receive", lang="ko", **{INBOX: "\n".join(codes)})
    phone.eventually(lambda: phone.exists("receive.add"))
    assert "진행 중인" in phone.control("receive.what").value
    phone.click("receive.add")
    assert phone.page.route == f"/play/{draft['id']}"
    assert repo.draft(draft["id"])["sheet"]["events"] == whole["events"]
    assert repo.draft_ops(draft["id"]) == services.repo.draft_ops(draft["id"])


def test_a_game_of_ones_own_is_shared_from_homes_menu(open_app: Callable[..., Harness], services: Services,
                                                        other_phone: Callable[..., tuple[Harness, Repository]]) -> None:
    store = DefinitionStore(services.repo)
    game = store.save({"name": "Darts", "players": {"min": 2, "max": 4}, "id": store.new_id("Darts"),
                       "categories": [{"key": "points", "name": "Points", "max": 501}]})
    ui = open_app("/")
    ui.fire(next(c for c in ui.walk(ui.control(f"home.game.{game['id']}")) if getattr(c, "on_long_press", None)),
            "long_press")
    ui.click("games.action.share")
    ui.eventually(lambda: ui.exists("share.code"))
    phone, repo = other_phone("/receive", **{INBOX: "\n".join(share_codes.game_codes(services.repo, game["id"]))})
    phone.eventually(lambda: phone.exists("receive.add"))
    phone.click("receive.add")
    assert DefinitionStore(repo).latest(game["id"])["name"] == "Darts"
    assert phone.page.route == "/"


@pytest.mark.parametrize(("lang", "inbox", "reason"), [
    ("en", "https://example.com/", "This is not a Table Companion code"),
    ("ko", "TC9P:1/1:00000000:ABC", "더 새로운 Table Companion에서 만든 코드입니다. 앱을 업데이트한 뒤 받으세요."),
])
def test_a_code_that_is_not_ours_or_newer_is_refused_with_its_reason(
        other_phone: Callable[..., tuple[Harness, Repository]], lang: str, inbox: str, reason: str) -> None:
    phone, repo = other_phone("/receive", lang=lang, **{INBOX: inbox})
    phone.eventually(lambda: phone.exists("receive.reason"))
    assert phone.control("receive.reason").value == reason
    assert list(repo.summaries()) == [] and repo.drafts() == []


def test_a_link_in_the_phone_builds_shape_brings_the_play(services: Services,
                                                           other_phone: Callable[..., tuple[Harness, Repository]]
                                                           ) -> None:
    play = kahuna_play(services.repo)
    text = share_codes.link_text(share_codes.play_codes(services.repo, play["id"]))
    phone, repo = other_phone(f"/receive?{CODE}={text}")
    phone.eventually(lambda: phone.exists("receive.add"))
    phone.click("receive.add")
    assert repo.play(play["id"]) is not None


def test_the_scanner_opens_with_its_words_in_the_phones_language(
        other_phone: Callable[..., tuple[Harness, Repository]]) -> None:
    phone, _ = other_phone("/settings", lang="ko")
    phone.click("settings.scan")
    assert phone.page.route == "/scan"
    phone.click("scan.open_camera")
    phone.eventually(lambda: SCAN_WORDS in phone.conn.prefs)
    assert json.loads(phone.conn.prefs[SCAN_WORDS])["read"] == "읽은 코드: {count}개 중 {n}개"
    phone.eventually(lambda: any(name == "launch_url" for name, _ in phone.conn.calls))
