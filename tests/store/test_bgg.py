"""BoardGameGeek's plays (XML API 2): a hand-made file with every attribute, plays of built-in and other games,
plays skipped and named, an import again that adds nothing, hostile and damaged files refused before anything is
stored (through the store and through `python -m companion data import`), each within 5 s."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from companion.store import bgg, bgstats, exchange, transfer
from companion.store.bgg import BGGError
from companion.store.definitions import DefinitionStore
from companion.store.repository import Repository
from publish.build import python_files

from .test_data_cli import data_command, files_of, lines

PLAYS = Path(__file__).resolve().parents[1] / "data" / "bgg" / "plays.xml"
SECONDS = 5  # from a file chosen to its preview, or its refusal


def plays_xml(*plays: str, root: str = '<plays username="minakim" userid="1234567" total="1" page="1">') -> bytes:
    return (f'<?xml version="1.0" encoding="utf-8"?>\n{root}{"".join(plays)}</plays>').encode()


def a_play(id: int = 1, date: str = "2025-01-02", names: tuple[str, ...] = ("Mina", "Joon"), game: str = "Kahuna",
           objectid: int = 394, comments: str = "", **attrs: str) -> str:
    extra = "".join(f' {key}="{value}"' for key, value in {"quantity": "1", "length": "30", **attrs}.items())
    players = "".join(f'<player name="{name}" score="{10 - seat}" win="{int(seat == 0)}" startposition="{seat + 1}"/>'
                      for seat, name in enumerate(names))
    return (f'<play id="{id}" date="{date}"{extra}><item name="{game}" objecttype="thing" '
            f'objectid="{objectid}"><subtypes><subtype value="boardgame"/></subtypes></item>'
            f'<comments>{comments}</comments><players>{players}</players></play>')


@pytest.fixture
def known(repo: Repository) -> Repository:
    repo.remember_players(["Mina"])
    return repo


def planned(repo: Repository, data: bytes) -> bgstats.ImportPlan:
    plan = bgg.plan_import(repo, data)
    return bgg.plan_import(repo, data, bgstats.suggested_renames(repo, plan))


def by_id(plan: bgstats.ImportPlan) -> dict[str, dict[str, Any]]:
    return {play["id"]: play for play in (json.loads(planned.payload) for planned in plan.plays)}


# ---- what comes in --------------------------------------------------------------------------------------------


def test_every_attribute_of_a_play_of_a_built_in_game_comes_in(known: Repository) -> None:
    play = by_id(planned(known, PLAYS.read_bytes()))["bgg_90000001"]
    assert (play["game"], play["imported"]) == ("patchwork", True)
    assert play["sheet"] == {"game": "patchwork", "players": [{"name": "Mina"}, {"name": "Joon"}]}  # totals only
    assert [(p["name"], p["total"]) for p in play["result"]["players"]] == [("Mina", 21), ("Joon", 18)]
    assert play["result"]["winners"] == ["Mina"]
    record = play["record"]
    assert (record["duration_min"], record["location"], record["start_player"]) == (25, "Café Meeple", "Mina")
    assert record["note"] == "Close one.\nJoon's first time with the 7x7 bonus."
    assert "ended_early" not in record
    assert record["bgg"] == {
        "play_id": 90000001, "date": "2025-03-01", "quantity": 1, "length": 25, "incomplete": False,
        "nowinstats": False, "username": "minakim", "userid": 1234567,
        "item": {"name": "Patchwork", "objectid": 163412, "objecttype": "thing", "subtypes": ["boardgame"]},
        "players": [
            {"username": "joonpark", "userid": 7654321, "name": "Joon", "startposition": "2", "color": "Yellow",
             "score": "18", "new": True, "rating": 7.5, "win": False, "player": "Joon"},
            {"username": "minakim", "userid": 1234567, "name": "Mina", "startposition": "1", "color": "Green",
             "score": "21", "new": False, "rating": 8, "win": True, "player": "Mina"}]}


def test_a_play_of_another_game_comes_in_as_a_custom_game_with_its_scores_as_written(known: Repository) -> None:
    play = by_id(planned(known, PLAYS.read_bytes()))["bgg_90000002"]
    definition = play["sheet"]["definition"]
    assert (definition["name"], definition["bgg_id"], play["game"]) == ("Sanssouci", 146816, definition["id"])
    assert definition["no_points"]  # "15 (150)": no whole number, so the winners are what counts
    assert play["sheet"]["winners"] == play["result"]["winners"] == ["민아"]
    assert [p["name"] for p in play["sheet"]["players"]] == ["sora_b", "민아"]  # no name logged: the username
    record = play["record"]
    assert "duration_min" not in record  # BGG's length 0: not logged, not a play of no time
    assert (record["ended_early"], record["location"]) == (True, "Dundánál")
    bgg_record = record["bgg"]
    assert (bgg_record["quantity"], bgg_record["incomplete"], bgg_record["nowinstats"]) == (2, True, True)
    assert bgg_record["item"]["subtypes"] == ["boardgame", "boardgameimplementation"]
    assert [p["score"] for p in bgg_record["players"]] == ["15 (150)", "15 (165)"]


def test_names_new_here_are_suggested_as_known_players_and_a_blank_one_is_anonymous(known: Repository) -> None:
    plan = bgg.plan_import(known, PLAYS.read_bytes())
    assert bgstats.suggested_renames(known, plan) == {"mina": "Mina"}
    play = by_id(planned(known, PLAYS.read_bytes()))["bgg_90000003"]
    assert (play["game"], [p["name"] for p in play["sheet"]["players"]]) == (
        "for-sale", ["Mina", "Joon", bgg.ANONYMOUS])
    assert [p["player"] for p in play["record"]["bgg"]["players"]] == ["Mina", "Joon", bgg.ANONYMOUS]


def test_plays_no_real_play_is_like_are_skipped_and_named_in_file_order(known: Repository) -> None:
    plan = planned(known, PLAYS.read_bytes())
    assert [(s.uuid, s.reason, s.played) for s in plan.skipped] == [
        ("90000004", "date", "1850-01-01"), ("90000005", "length", "2025-03-05"), ("90000006", "length", "2025-03-06"),
        ("90000007", "text", "2025-03-07"), ("90000008", "value", "2025-03-08"),
        ("90000009", "no_players", "2025-03-09"), ("90000001", "twice", "2025-03-01"),
        ("90000011", "score", "2025-03-11")]  # Patchwork needs every score: the BG Stats import's own reason
    assert (plan.total_plays, len(plan.plays), plan.first_day, plan.last_day) == (11, 3, "2025-03-01", "2025-03-11")
    assert plan.games == ["For Sale", "Kahuna", "Patchwork", "Sanssouci"]
    assert plan.matched == {"Patchwork": "patchwork", "For Sale": "for-sale"}


@pytest.mark.parametrize(("attrs", "reason"), [
    ({"date": "1899-12-31"}, "date"), ({"date": "2201-01-01"}, "date"), ({"date": "2025-02-30"}, "date"),
    ({"date": ""}, "date"), ({"length": str(bgg.MAX_LENGTH_MIN + 1)}, "length"), ({"length": "1.5"}, "length"),
    ({"quantity": "0"}, "value"), ({"incomplete": "2"}, "value"), ({"location": "Home&#x9b;31m"}, "text"),
    ({"location": "&#x202e;emoH"}, "text"), ({"comments": "x" * (exchange.MAX_TEXT + 1)}, "text"),
    ({"names": ("Mina", "Jo&#x85;on")}, "text"), ({"game": "&#x202e;anuhaK"}, "text"), ({"objectid": 0}, "value"),
], ids=lambda value: str(value)[:40])
def test_a_value_no_real_play_has_skips_the_play(repo: Repository, attrs: dict[str, Any], reason: str) -> None:
    plan = bgg.plan_import(repo, plays_xml(a_play(id=7, **attrs), a_play(id=8)))
    assert [(s.uuid, s.reason) for s in plan.skipped] == [("7", reason)]
    assert [p.summary.id for p in plan.plays] == ["bgg_8"]


def test_the_longest_values_a_real_play_has_come_in(repo: Repository) -> None:
    plan = bgg.plan_import(repo, plays_xml(a_play(date="2200-12-31", length=str(bgg.MAX_LENGTH_MIN),
                                                  comments="é\n\t" * (exchange.MAX_TEXT // 3)),
                                           a_play(id=2, date="1900-01-01")))  # a BG Stats date is when it started
    assert plan.skipped == []
    assert json.loads(plan.plays[0].payload)["record"]["duration_min"] == bgg.MAX_LENGTH_MIN
    assert bgstats.MAX_TEXT >= exchange.MAX_TEXT  # a comment the backups keep is one the BG Stats import reads


def test_a_long_play_still_ends_on_its_day(repo: Repository) -> None:
    (planned,) = bgg.plan_import(repo, plays_xml(a_play(length=str(20 * 60)))).plays
    play = json.loads(planned.payload)
    assert play["finished_at"] > play["started_at"]
    assert (play["finished_at"][:10], play["started_at"][:10]) == ("2025-01-02", "2025-01-01")


# ---- stored, again, and in a backup ------------------------------------------------------------------------------


def test_importing_the_file_again_adds_nothing(known: Repository) -> None:
    report = bgstats.run_import(known, planned(known, PLAYS.read_bytes()))
    assert (report.plays_added, report.plays_skipped) == (3, 8)
    before = files_of(known.data_dir)
    again = planned(known, PLAYS.read_bytes())
    assert again.plays == [] and again.reasons()["already"] == 3
    assert bgstats.run_import(known, again).plays_added == 0
    assert files_of(known.data_dir) == before


def test_what_came_in_goes_out_in_a_backup_and_back_in(known: Repository, tmp_path: Path) -> None:
    bgstats.run_import(known, planned(known, PLAYS.read_bytes()))
    long_note = {"players": [{"id": 1, "name": "Mina"}, {"id": 2, "name": "Joon"}],
                 "games": [{"id": 1, "name": "Kahuna", "bggId": 394}],
                 "plays": [{"uuid": "u1", "gameRefId": 1, "playDate": "2024-01-01 10:00:00",
                            "comments": "x" * bgstats.MAX_TEXT, "playerScores": [
                                {"playerRefId": 1, "score": "3", "winner": True}, {"playerRefId": 2, "score": "1"}]}]}
    bgstats.import_bgstats(known, json.dumps(long_note).encode())  # a BG Stats comment as long as it reads
    backup = exchange.export_backup(known)
    elsewhere = Repository.open(tmp_path / "elsewhere")
    assert exchange.import_backup(elsewhere, backup).plays_added == 4
    assert list(elsewhere.plays_newest_first()) == list(known.plays_newest_first())


# ---- refused as a whole ---------------------------------------------------------------------------------------

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE plays [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<plays><play id="1" date="2025-01-01" location="&lol9;"/></plays>"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE plays [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<plays><play id="1" date="2025-01-01" location="&secret;"/></plays>"""
BGG_ERROR = b'<?xml version="1.0" encoding="utf-8"?><errors><error><message>Invalid username specified</message>' \
            b'</error></errors>'

REFUSED: dict[str, tuple[bytes, str, dict[str, Any]]] = {
    "billion laughs": (BILLION_LAUGHS, "bgg.error.unsafe", {}),
    "external entity": (EXTERNAL_ENTITY, "bgg.error.unsafe", {}),
    "a document type": (b'<!DOCTYPE plays SYSTEM "http://example.com/plays.dtd"><plays/>', "bgg.error.unsafe", {}),
    "an undeclared entity": (b'<plays><play location="&secret;"/></plays>', "bgg.error.not_xml",
                             {"line": 1, "column": 7}),
    "not XML": (b"Rate limit exceeded. Try again later.", "bgg.error.not_xml", {"line": 1, "column": 0}),
    "an HTML page": (b"<html><body>Rate limited<br></body></html>", "bgg.error.not_plays", {"root": "html"}),
    "an escape character": (plays_xml(a_play(location="Home&#x1b;[31m")), "bgg.error.not_xml",
                            {"line": 2, "column": 132}),  # XML 1.0 holds no C0 control but tab and line breaks
    "cut short": (PLAYS.read_bytes()[:500], "bgg.error.not_xml", {"line": 12, "column": 1}),
    "empty": (b"", "bgg.error.not_xml", {"line": 1, "column": 0}),
    "wrong root": (b'<items totalitems="0"/>', "bgg.error.not_plays", {"root": "items"}),
    "BGG's error answer": (BGG_ERROR, "bgg.error.answered", {"message": "Invalid username specified"}),
    "deep nesting": (b"<plays>" + b"<a>" * 100_000, "bgg.error.too_deep", {"limit": bgg.MAX_DEPTH}),
    "many elements": (plays_xml("<x/>" * bgg.MAX_ELEMENTS), "bgg.error.too_many_elements",
                      {"limit": bgg.MAX_ELEMENTS}),
    "many plays": (plays_xml(*(a_play(id=n + 1) for n in range(bgg.MAX_PLAYS + 1))), "bgg.error.too_many_plays",
                   {"limit": bgg.MAX_PLAYS}),
    "too large": (b"<plays>" + b" " * bgg.MAX_FILE_BYTES + b"</plays>", "bgg.error.too_large", {"limit_mb": 8}),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_hostile_or_damaged_file_is_refused_with_its_reason_in_time(repo: Repository, case: str) -> None:
    data, key, params = REFUSED[case]
    before = files_of(repo.data_dir)
    start = time.perf_counter()
    with pytest.raises(BGGError) as refused:
        bgg.plan_import(repo, data)
    assert time.perf_counter() - start < SECONDS
    assert (refused.value.message_key, refused.value.params) == (key, params)
    assert files_of(repo.data_dir) == before


def test_the_largest_files_take_less_than_5_seconds(repo: Repository) -> None:
    """The most plays a file holds, each with the most players, new names and a comment; and a file of the most
    bytes of plays that are all skipped."""
    crowd = tuple(f"P{n}" for n in range(bgstats.CUSTOM_MAX_PLAYERS))
    largest = plays_xml(*(a_play(id=n + 1, names=tuple(f"{name}-{n}" for name in crowd), game="Azul",
                                 objectid=230802, comments="a" * 3000) for n in range(bgg.MAX_PLAYS)))
    heaviest = plays_xml(*(a_play(id=n + 1, comments="b" * 7900) for n in range(bgg.MAX_PLAYS)))
    assert len(heaviest) <= bgg.MAX_FILE_BYTES
    for data, coming in ((largest, bgg.MAX_PLAYS), (heaviest, 0)):
        start = time.perf_counter()
        plan = bgg.plan_import(repo, data)
        assert time.perf_counter() - start < SECONDS
        assert (len(plan.plays), plan.total_plays) == (coming, bgg.MAX_PLAYS)


def test_the_import_decides_the_kind_by_the_content(repo: Repository, tmp_path: Path) -> None:
    named_json = tmp_path / "plays.json"  # BGG's XML, whatever its name
    named_json.write_bytes(b"\xef\xbb\xbf" + PLAYS.read_bytes())
    outcome = transfer.import_file(repo, named_json)
    assert isinstance(outcome, transfer.PlannedFile) and outcome.source == "bgg"
    assert outcome.replan({"mina": "Mina"}) != outcome.plan
    utf16 = tmp_path / "plays.xml"
    utf16.write_bytes(PLAYS.read_text(encoding="utf-8").replace('"utf-8"', '"utf-16"').encode("utf-16"))
    assert len(transfer.import_file(repo, utf16).plan.plays) == 3  # type: ignore[union-attr]
    spaced = tmp_path / "empty.xml"  # a page past the last: no plays
    spaced.write_bytes(b'\n  <plays username="minakim" userid="1" total="0" page="9"/>')
    assert transfer.import_file(repo, spaced).plan.total_plays == 0  # type: ignore[union-attr]


def test_the_phone_build_packs_defusedxml() -> None:
    assert "__pypackages__/defusedxml/ElementTree.py" in python_files()  # pure Python: Pyodide runs its sources


# ---- on the command line -----------------------------------------------------------------------------------------


def test_the_data_command_imports_bgg_plays_and_again_adds_nothing(known: Repository) -> None:
    imported = data_command("import", PLAYS, "--data", known.data_dir)
    assert (imported.returncode, imported.stderr) == (0, b"")
    assert lines(imported) == [
        "BoardGameGeek plays: 11 plays, 6 players, 4 games",
        "Played from 2025-03-01 to 2025-03-11",
        "“Patchwork” is Patchwork here",
        "“For Sale” is For Sale here",
        "“mina” is taken as Mina, a player known here",
        "skipped 1850-01-01 Patchwork (90000004): a date no real play has (before 1900 or after 2200, or none)",
        "skipped 2025-03-05 Patchwork (90000005): a length no real play has (below 0 or over 14 days)",
        "skipped 2025-03-06 Patchwork (90000006): a length no real play has (below 0 or over 14 days)",
        "skipped 2025-03-07 Patchwork (90000007): a text that no name or note can hold (control or text-direction "
        "characters, or too long)",
        "skipped 2025-03-08 Patchwork (90000008): a value of the wrong kind (a play id, a flag, a quantity, a rating, "
        "the game)",
        "skipped 2025-03-09 Kahuna (90000009): no players logged",
        "skipped 2025-03-01 Patchwork (90000001): its play id is in the file twice",
        "skipped 2025-03-11 Patchwork (90000011): not every player has a score that is a number",
        "Imported from BoardGameGeek: 3 plays (8 not imported), 4 new players."]
    here = Repository.open(known.data_dir)
    assert sorted(s.id for s in here.summaries()) == ["bgg_90000001", "bgg_90000002", "bgg_90000003"]
    before = files_of(known.data_dir)
    again = data_command("import", PLAYS, "--data", known.data_dir)
    assert again.returncode == 0
    assert lines(again)[-1] == "Imported from BoardGameGeek: 0 plays (11 not imported), 0 new players."
    assert sum(line.endswith("): already here") for line in lines(again)) == 3
    assert files_of(known.data_dir) == before


@pytest.mark.parametrize("case", ["billion laughs", "external entity", "an HTML page", "cut short", "deep nesting"])
def test_the_data_command_refuses_a_hostile_file_with_one_line(known: Repository, tmp_path: Path, case: str) -> None:
    file = tmp_path / "plays.xml"
    file.write_bytes(REFUSED[case][0])
    before = files_of(known.data_dir)
    refused = data_command("import", file, "--data", known.data_dir)
    assert (refused.returncode, refused.stdout) == (2, b"")
    assert refused.stderr.decode().endswith("Nothing was imported.\n") and refused.stderr.count(b"\n") == 1
    assert files_of(known.data_dir) == before


def test_the_data_command_refuses_100_mb_of_xml_by_its_size(known: Repository, tmp_path: Path) -> None:
    file = tmp_path / "plays.xml"
    with file.open("wb") as sparse:  # no disk space taken: refused before it is read
        sparse.write(b"<plays>")
        sparse.truncate(100 * 1024 * 1024)
    before = files_of(known.data_dir)
    refused = data_command("import", file, "--data", known.data_dir)
    assert (refused.returncode, refused.stderr.decode()) == (
        2, "This file is larger than 8 MB, more than ten of BoardGameGeek's pages of plays. Nothing was imported.\n")
    assert files_of(known.data_dir) == before


def test_a_play_logged_of_an_expansion_is_filed_under_its_base_game(known: Repository) -> None:
    expansion = a_play(2, game="Root: The Underworld Expansion", objectid=241386).replace(
        '<subtype value="boardgame"/>', '<subtype value="boardgame"/><subtype value="boardgameexpansion"/>')
    plan = planned(known, plays_xml(a_play(1, game="Root", objectid=237182), expansion))
    bgstats.run_import(known, plan)
    games = DefinitionStore(known)
    [root, underworld] = sorted(games.games(), key=lambda d: d["name"])
    assert underworld["name"] == "Root: The Underworld Expansion"
    assert [spec.id for spec in games.expansions()] == [underworld["id"]]  # off Home, linked to Root by its name
    assert root["id"] in {spec.id for spec in games.catalog()}
    assert {play["game"] for play in known.plays_newest_first()} == {root["id"], underworld["id"]}  # both played
