"""Plays, custom games and games in progress passed between phones as QR codes: round trips, and every code that
is damaged, oversized, newer, mixed or hostile refused with its reason before anything is stored."""

from __future__ import annotations

import copy
import random
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.store import share_codes
from companion.store.atomic import encode
from companion.store.definitions import DefinitionStore
from companion.store.exchange import BackupError
from companion.store.repository import Repository
from companion.store.share_codes import ShareError

from .conftest import edit, example, kahuna, make_play

CUSTOM = {"id": "custom-darts", "name": "Darts", "players": {"min": 2, "max": 4},
          "categories": [{"key": "points", "name": "Points", "max": 501}]}


def piraten_game(repo: Repository) -> dict[str, Any]:
    """A full 45-turn Piraten Kapern game entered turn by turn as a screen enters it: the fortune card first,
    then the dice (two operations a turn)."""
    whole = example("piraten-kapern")
    sheet = {**copy.deepcopy(whole), "events": []}
    draft = repo.new_draft({"game": "piraten-kapern", "sheet": copy.deepcopy(sheet)})
    for event in whole["events"]:
        sheet["events"].append({"player": event["player"], "fortune": event["fortune"]})
        edit(repo, draft["id"], sheet=copy.deepcopy(sheet))
        sheet["events"][-1] = copy.deepcopy(event)
        edit(repo, draft["id"], sheet=copy.deepcopy(sheet))
    return draft


@pytest.fixture
def phone(tmp_path: Path) -> Repository:
    return Repository.open(tmp_path / "other-phone")


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def refused(texts: list[str]) -> tuple[str, dict[str, Any]]:
    with pytest.raises((ShareError, BackupError)) as caught:
        share_codes.decode(texts)
    return caught.value.message_key, caught.value.params


def code_of(kind: str, content: bytes, version: int = 1) -> list[str]:
    """Codes made by hand around any bytes (what a hostile phone could show)."""
    packed = zlib.compress(content)
    return [f"TC{version}{share_codes.KINDS[kind]}:1/1:{zlib.crc32(packed):08X}:{share_codes.b45encode(packed)}"]


def test_a_full_piraten_kapern_game_in_progress_travels_with_its_whole_log(repo: Repository,
                                                                          phone: Repository) -> None:
    draft = piraten_game(repo)
    codes = share_codes.draft_codes(repo, draft["id"])
    assert 1 < len(codes) <= 8  # a short series: the scanner reads them in turn
    assert all(len(code) <= share_codes.PART_CHARS + 20 for code in codes)
    share = share_codes.decode(list(reversed(codes)))  # in any order
    assert share.kind == "draft"
    share_codes.receive(phone, share)
    assert phone.draft_ops(draft["id"]) == repo.draft_ops(draft["id"])
    assert phone.draft(draft["id"])["sheet"] == repo.draft(draft["id"])["sheet"]
    assert len(phone.draft(draft["id"])["sheet"]["events"]) == 45
    # the other phone goes on with it, and finishes it
    edit(phone, draft["id"], sheet={**phone.draft(draft["id"])["sheet"], "options": {"target": 6000}})
    assert phone.finish_draft(draft["id"])["result"]["winners"]


def test_a_finished_play_comes_in_with_its_players_matched_to_this_phones(repo: Repository,
                                                                          phone: Repository) -> None:
    play = repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    phone.remember_players(["Mina Kim", "Jun"])
    share = share_codes.decode(share_codes.play_codes(repo, play["id"]))
    assert share.players() == ["Mina", "Joon"]
    report = share_codes.receive(phone, share, {"Mina": "Mina Kim", "Joon": "Jun"})
    assert report.plays_added == 1
    stored = phone.play(play["id"])
    assert [p["name"] for p in stored["sheet"]["players"]] == ["Mina Kim", "Jun"]
    assert stored["result"]["winners"] == ["Mina Kim"]
    assert share_codes.receive(phone, share).plays_skipped == 1  # the same code again adds nothing


def test_two_players_swapped_by_name_stay_two(repo: Repository, phone: Repository) -> None:
    play = repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1]),
                                   record={"teams": {"Mina": "Red", "Joon": "Blue"}}))
    share = share_codes.decode(share_codes.play_codes(repo, play["id"]))
    share_codes.receive(phone, share, {"Mina": "Joon", "Joon": "Mina"})
    assert phone.play(play["id"])["result"]["winners"] == ["Joon"]
    assert phone.play(play["id"])["record"]["teams"] == {"Joon": "Red", "Mina": "Blue"}  # each keeps their team
    with pytest.raises(ShareError) as caught:
        share_codes.receive(phone, share, {"Mina": "Joon"})
    assert caught.value.message_key == "share.error.same_player"


def test_a_custom_game_travels_as_its_definition(repo: Repository, phone: Repository) -> None:
    DefinitionStore(repo).save(copy.deepcopy(CUSTOM))
    share = share_codes.decode(share_codes.game_codes(repo, CUSTOM["id"]))
    assert share.kind == "game" and share.definition["name"] == "Darts"
    assert share_codes.receive(phone, share).definitions_added == 1
    assert DefinitionStore(phone).latest(CUSTOM["id"])["name"] == "Darts"


def test_a_link_carries_the_same_share(repo: Repository) -> None:
    draft = piraten_game(repo)
    codes = share_codes.draft_codes(repo, draft["id"])
    text = share_codes.link_text(codes)
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%-._~")  # nothing a link would change
    assert share_codes.from_link(text).content == share_codes.decode(codes).content


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=3000))
def test_base45_round_trips(data: bytes) -> None:
    assert share_codes.b45decode(share_codes.b45encode(data)) == data


@settings(max_examples=150, deadline=None)
@given(at=st.integers(min_value=0), char=st.sampled_from(share_codes.BASE45))
def test_any_changed_character_is_refused_as_damaged(at: int, char: str) -> None:
    good = code_of("play", encode(share_codes._backup(plays=[make_play("kahuna", "2024-03-01T12:00:00+00:00")])))[0]
    header = good.rindex(":") + 1
    spot = header + at % (len(good) - header)
    if good[spot] == char:
        return
    with pytest.raises(ShareError) as caught:
        share_codes.decode([good[:spot] + char + good[spot + 1:]])
    assert caught.value.message_key == "share.error.damaged"


def test_parts_of_two_shares_missing_parts_and_newer_codes_are_refused(repo: Repository) -> None:
    draft = piraten_game(repo)
    first = share_codes.draft_codes(repo, draft["id"])
    edit(repo, draft["id"], sheet={**repo.draft(draft["id"])["sheet"], "options": {"target": 8000}})
    second = share_codes.draft_codes(repo, draft["id"])
    assert refused([first[0], *second[1:]]) == ("share.error.mixed", {})
    assert refused(first[:1] + first[2:]) == ("share.error.missing", {"missing": "2"})
    assert refused([first[0].replace("TC1D", "TC2D", 1)]) == ("share.error.newer", {})
    assert refused(["https://example.com/"]) == ("share.error.not_ours", {})
    assert refused([first[0].replace(f"/{len(first)}:", "/99:", 1)]) == ("share.error.too_large",
                                                                          {"limit": share_codes.MAX_PARTS})


def test_a_share_that_unpacks_past_the_limit_is_refused_unread() -> None:
    bomb = b'{"format": "' + b" " * (share_codes.MAX_JSON + 10) + b'"}'
    assert refused(code_of("play", bomb)) == ("share.error.too_large", {"limit": share_codes.MAX_PARTS})


def test_a_share_too_long_for_its_codes_is_not_made() -> None:
    notes = [share_codes.b45encode(random.Random(n).randbytes(3000)) for n in range(4)]  # no two alike
    plays = [make_play("kahuna", "2024-03-01T12:00:00+00:00", record={"note": note}) for note in notes]
    with pytest.raises(ShareError) as caught:
        share_codes.codes("play", share_codes._backup(plays=plays))
    assert caught.value.message_key == "share.error.too_large"


@pytest.mark.parametrize(("case", "key"), [
    ("not json", "backup.error.not_json"),
    ("a play whose result was changed", "backup.error.result"),
    ("a player named with a line break", "backup.error.sheet"),
    ("an operation of another kind", "backup.error.invalid"),
    ("a backup with two plays", "share.error.not_ours"),
    ("a profile smuggled in", "share.error.not_ours"),
    ("a game in progress without its log", "share.error.not_ours"),
])
def test_a_hostile_share_is_refused_and_nothing_changes(repo: Repository, phone: Repository, tmp_path: Path,
                                                        case: str, key: str) -> None:
    play = repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    draft = repo.export_draft(piraten_game(repo)["id"])
    kind, content = "play", share_codes._backup(plays=[play])
    if case == "a play whose result was changed":
        content["plays"][0]["result"]["winners"] = ["Joon"]
    elif case == "a player named with a line break":
        content["plays"][0]["sheet"]["players"][0]["name"] = "Mina\nJoon"
    elif case == "an operation of another kind":
        kind, content = "draft", share_codes._backup(drafts=[{**draft, "log": [*draft["log"], {"k": "exec"}]}])
    elif case == "a backup with two plays":
        content["plays"].append({**play, "id": "other"})
    elif case == "a profile smuggled in":
        content["players"] = [{"id": "x1", "name": "Mallory"}]
    elif case == "a game in progress without its log":
        kind, content = "draft", share_codes._backup(drafts=[{k: v for k, v in draft.items() if k != "log"}])
    data = b"{not json" if case == "not json" else encode(content)
    before = files_of(tmp_path / "other-phone")
    assert refused(code_of(kind, data))[0] == key
    assert files_of(tmp_path / "other-phone") == before

