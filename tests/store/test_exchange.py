"""Backups that round-trip, imports that refuse bad files without touching the data, CSV and BG Stats exports."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest

from companion.store import exchange, json_stream, schema
from companion.store.exchange import AlreadyHere, BackupError, ImportReport, export_backup, import_backup
from companion.store.repository import Repository
from scoring import SheetError, score_sheet
from scoring.engine import _result, parse_sheet

from .conftest import example, kahuna, make_play


@pytest.fixture
def source(tmp_path: Path) -> Repository:
    repo = Repository.open(tmp_path / "source")
    repo.remember_players(["Mina", "Joon", "Ana", "Ben", "Cho", "민지"])
    repo.set_player_colour("Mina", "#2a9d8f")
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1])))
    repo.add_play(make_play("pina-coladice", "2024-03-02T12:00:00+00:00"))
    repo.new_draft({"game": "for-sale", "sheet": {**example("for-sale"), "players": [
        {"name": "민지"}, {"name": "Joon"}, {"name": "Mina"}]}})
    return repo


def backup_of(source: Repository) -> dict[str, Any]:
    return json.loads(export_backup(source))


def refusal(repo: Repository, data: bytes) -> tuple[str, dict[str, Any]]:
    with pytest.raises(BackupError) as caught:
        import_backup(repo, data)
    return caught.value.message_key, caught.value.params


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_backup_round_trips_exactly(source: Repository, tmp_path: Path) -> None:
    data = export_backup(source)
    target = Repository.open(tmp_path / "target")
    assert import_backup(target, data) == ImportReport(plays_added=2, plays_skipped=0, drafts_added=1,
                                                       drafts_skipped=0, players_added=6)
    assert export_backup(target) == data
    backup = json.loads(data)
    assert import_backup(target, data) == ImportReport(0, 2, 0, 1, 0, already=(
        *(AlreadyHere("play", p["id"], p["game"]) for p in backup["plays"]),
        AlreadyHere("draft", backup["drafts"][0]["id"], "for-sale")))
    assert export_backup(target) == data


def test_a_backup_holds_format_version_and_everything(source: Repository) -> None:
    backup = backup_of(source)
    assert (backup["format"], backup["schema"]) == ("table-companion-backup", 1)
    assert [p["game"] for p in backup["plays"]] == ["kahuna", "pina-coladice"]
    assert [d["game"] for d in backup["drafts"]] == ["for-sale"]
    assert [(p["name"], p["colour"]) for p in backup["players"]][:2] == [("Ana", None), ("Ben", None)]


def test_import_merges_and_gives_every_player_a_profile(source: Repository, tmp_path: Path) -> None:
    backup = backup_of(source)
    backup["players"] = []
    target = Repository.open(tmp_path / "target")
    target.add_play(make_play("kahuna", "2024-03-05T12:00:00+00:00"))
    report = import_backup(target, json.dumps(backup).encode())
    assert (report.plays_added, report.players_added) == (2, 6)
    assert sorted(p["name"] for p in target.players()) == ["Ana", "Ben", "Cho", "Joon", "Mina", "민지"]
    assert [s.game for s in target.history_page().items] == ["kahuna", "pina-coladice", "kahuna"]


def mutated(source: Repository, change: Any) -> bytes:
    backup = backup_of(source)
    change(backup)
    return json.dumps(backup, ensure_ascii=False).encode()


def set_in(path: list[Any], value: Any) -> Any:
    def change(backup: dict[str, Any]) -> None:
        target = backup
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


REFUSED: dict[str, tuple[Any, str, dict[str, Any]]] = {
    "not a backup": (set_in(["format"], "other"), "backup.error.not_backup", {}),
    "newer schema": (set_in(["schema"], 2), "backup.error.newer", {"version": 2, "supported": 1}),
    "schema as text": (set_in(["schema"], "1"), "backup.error.invalid", {"path": "schema"}),
    "unknown section": (set_in(["extra"], []), "backup.error.invalid", {"path": "extra"}),
    "plays not a list": (set_in(["plays"], {}), "backup.error.invalid", {"path": "plays"}),
    "a play not an object": (set_in(["plays", 0], 5), "backup.error.invalid", {"path": "plays[0]"}),
    "an id with a slash": (set_in(["plays", 1, "id"], "../x"), "backup.error.invalid", {"path": "plays[1].id"}),
    "a duplicate id": (lambda b: b["plays"][1].update(id=b["plays"][0]["id"]), "backup.error.duplicate", None),
    "an unknown game": (set_in(["plays", 0, "game"], "chess"), "backup.error.invalid", {"path": "plays[0].game"}),
    "a bad time": (set_in(["plays", 0, "finished_at"], "yesterday"), "backup.error.invalid",
                   {"path": "plays[0].finished_at"}),
    "a sheet the rules refuse": (set_in(["plays", 0, "sheet", "rounds", 0, "Mina"], 99), "backup.error.sheet",
                                 {"path": "plays[0].sheet.rounds[0].Mina",
                                  "message": "must be between 0 and 12, got 99"}),
    "a forged result": (set_in(["plays", 0, "result", "winners"], ["Joon"]), "backup.error.result",
                        {"path": "plays[0].result"}),
    "rules from the future": (set_in(["plays", 0, "rules_version"], 7), "backup.error.invalid",
                              {"path": "plays[0].rules_version"}),
    "a name too long": (set_in(["players", 0, "name"], "x" * 31), "backup.error.name",
                        {"path": "players[0].name",
                         "message": "a name has no spaces around it and at most 30 characters"}),
    "a colour with markup": (set_in(["players", 0, "colour"], "<b>"), "backup.error.invalid",
                             {"path": "players[0].colour"}),
    "a draft of no known game": (set_in(["drafts", 0, "sheet", "game"], "chess"), "backup.error.invalid", None),
    "a guide that is a number": (set_in(["drafts", 0, "guide"], 5), "backup.error.invalid",
                                 {"path": "drafts[0].guide"}),
    "a guide ticking off text": (set_in(["drafts", 0, "guide"], {"step": "play", "setup_done": ["x"]}),
                                 "backup.error.invalid", {"path": "drafts[0].guide.setup_done"}),
    "a name with a NUL": (set_in(["plays", 0, "sheet", "players", 0, "name"], "Mi\u0000na"), "backup.error.sheet",
                          {"path": "plays[0].sheet.players[0].name",
                           "message": "a name may not contain control characters"}),
    "a profile of zero-width spaces": (set_in(["players", 0, "name"], "\u200b\u200b"), "backup.error.name",
                                       {"path": "players[0].name", "message": "a name needs visible characters"}),
    "a draft player with a bidi override": (set_in(["drafts", 0, "sheet", "players", 0, "name"], "\u202eMina"),
                                            "backup.error.name", None),
    "a long undo history": (set_in(["drafts", 0, "undo"], [{}] * 31), "backup.error.invalid",
                            {"path": "drafts[0].undo"}),
    "a draft without players": (set_in(["drafts", 0, "sheet", "players"], "all"), "backup.error.invalid",
                                {"path": "drafts[0].sheet"}),
    "a very long text": (set_in(["plays", 0, "note"], "x" * (exchange.MAX_TEXT + 1)), "backup.error.too_long",
                         {"limit": exchange.MAX_TEXT}),
    "deep nesting": (set_in(["plays", 0, "note"], json.loads("[" * 40 + "]" * 40)), "backup.error.too_deep",
                     {"limit": 32}),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_malformed_backup_is_refused_and_nothing_changes(source: Repository, tmp_path: Path, case: str) -> None:
    change, key, params = REFUSED[case]
    data = mutated(source, change)
    before = files_of(source.data_dir)
    found_key, found_params = refusal(source, data)
    assert found_key == key
    if params is not None:
        assert found_params == params
    assert files_of(source.data_dir) == before


def test_a_refused_sheet_says_why_in_both_languages(source: Repository) -> None:
    data = mutated(source, set_in(["plays", 0, "sheet", "rounds", 0, "Mina"], 99))
    with pytest.raises(BackupError) as caught:
        import_backup(source, data)
    assert caught.value.rules_text is not None
    assert caught.value.rules_text.render("en") == "must be between 0 and 12, got 99"
    assert caught.value.rules_text.render("ko") == "0에서 12 사이여야 합니다 (입력: 99)"


@pytest.mark.parametrize(("data", "key"), [
    (b"\xff\xfe{}", "backup.error.not_json"),
    (b'{"format": ', "backup.error.not_json"),
    (b'{"format": NaN}', "backup.error.not_json"),
    (b'{"schema": ' + b"9" * 5000 + b"}", "backup.error.not_json"),
    (b'{"format": "table-companion-backup", "schema": 1, "plays": [{"x": 1e999}]}', "backup.error.not_json"),
    (b'{"format": "table-companion-backup", "schema": 1, "plays": [{"x": "\\ud800"}]}', "backup.error.not_json"),
    (b'{"format": "table-companion-backup", "schema": 1, "plays": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}",
     "backup.error.invalid"),  # refused as "not a play" before it is decoded
    (b'{"format": "table-companion-backup", "schema": 1, "plays": [{"x": ' + b"[" * 100_000 + b"]" * 100_000
     + b"}]}", "backup.error.too_deep"),
    (b"[" * 100_000 + b"]" * 100_000, "backup.error.not_backup"),
    (b"[]", "backup.error.not_backup"),
    (b"[]," * 1_000_000, "backup.error.not_backup"),
    (b'{"n": []}', "backup.error.not_backup"),  # a key of no backup before its header: another kind of file
    (b'{"format": "' + b'a\\"' * 1_000_000 + b'"}', "backup.error.not_backup"),  # one string of megabytes
    (b'{"format": "table-companion-backup", "schema": 1, "plays": [{"id": "' + b"a" * 3_000_000 + b'"}]}',
     "backup.error.invalid"),
])
def test_hostile_bytes_are_refused(repo: Repository, data: bytes, key: str) -> None:
    assert refusal(repo, data)[0] == key


def test_an_oversized_file_is_refused_before_it_is_read(repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exchange, "MAX_BACKUP_BYTES", 1024 * 1024)
    assert refusal(repo, b" " * (1024 * 1024 + 1)) == ("backup.error.too_large", {"limit_mb": 1})


def test_an_older_backup_is_upgraded_through_the_ladder(source: Repository, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    backup = backup_of(source)

    def tag_players(tables: schema.Tables) -> schema.Tables:
        for player in tables["players"].values():
            player["tagged"] = True
        return tables

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(schema, "MIGRATIONS", {1: tag_players})
    target = Repository.open(tmp_path / "target")
    import_backup(target, json.dumps(backup).encode())
    assert {p["tagged"] for p in target.players()} == {True}


def test_csv_has_one_row_per_play_and_player(source: Repository, utc: None) -> None:
    rows = exchange.export_csv(source).decode("utf-8-sig").split("\r\n")
    assert rows[:3] == [
        "play_id,date,started_at,finished_at,duration_min,game,game_name,bgg_id,location,note,ended_early,player,"
        "seat,score,rank,winner,eliminated",
        f"{backup_of(source)['plays'][0]['id']},2024-03-01,2024-03-01T12:00:00+00:00,2024-03-01T12:00:00+00:00,,"
        "kahuna,Kahuna,394,,,0,Mina,1,7,1,1,0",
        f"{backup_of(source)['plays'][0]['id']},2024-03-01,2024-03-01T12:00:00+00:00,2024-03-01T12:00:00+00:00,,"
        "kahuna,Kahuna,394,,,0,Joon,2,0,2,0,0",
    ]
    assert len(rows) == 1 + 2 + 3 + 1  # header, two players, three players, the final line break
    assert exchange.export_csv(source).startswith(b"\xef\xbb\xbf")


def test_csv_cells_cannot_become_formulas(repo: Repository) -> None:
    sheet = copy.deepcopy(kahuna([5], [1]))
    sheet["players"][0]["name"] = "=1+2"
    sheet["rounds"] = [{"=1+2": 5, "Joon": 1}]
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", sheet))
    assert ",'=1+2,1,1,1,1,0" in exchange.export_csv(repo).decode("utf-8-sig")


def test_a_game_still_missing_entries_round_trips(tmp_path: Path) -> None:
    """The sheet screen saves a Tucana game before any sights are entered (only "required" is missing)."""
    repo = Repository.open(tmp_path / "source")
    repo.new_draft({"game": "trails-of-tucana",
                     "sheet": {"game": "trails-of-tucana", "options": {"island": "petit"},
                               "players": [{"name": "Yu", "villages": ["D"]}, {"name": "Jun"}]}})
    target = Repository.open(tmp_path / "target")
    assert import_backup(target, export_backup(repo)).drafts_added == 1
    assert [d["sheet"] for d in target.drafts()] == [d["sheet"] for d in repo.drafts()]


def test_a_game_in_progress_with_an_entry_that_breaks_a_rule_round_trips(tmp_path: Path) -> None:
    """The sheet screen keeps every entry, valid or not, so its own backup must bring such a game back."""
    repo = Repository.open(tmp_path / "source")
    repo.new_draft({"game": "for-sale",
                     "sheet": {"game": "for-sale", "players": [{"name": "Minji", "coins_left": -5}, {"name": "Jun"},
                                                                {"name": "Sora"}]}})
    target = Repository.open(tmp_path / "target")
    assert import_backup(target, export_backup(repo)).drafts_added == 1
    assert [d["sheet"] for d in target.drafts()] == [d["sheet"] for d in repo.drafts()]


# Issue 26's rules refuse sheets their older versions accepted: a Kharnage game by totals left a tie for the win
# shared without the cards deployed, a Ticket to Ride player held no ticket, two For Sale players had the same
# highest property.
ACCEPTED_BY_OLDER_RULES = [
    {"game": "carnage", "players": [{"name": n, "round_points": p, "tokens": t} for n, p, t in
                                    [("Mina", 12, 1), ("Joon", 10, 0), ("Hana", 12, 1), ("Tae", 2, 1)]]},
    {**example("ticket-to-ride-europe"), "players": [
        {**p, "tickets": []} if p["name"] == "Bob" else p for p in example("ticket-to-ride-europe")["players"]]},
    {"game": "for-sale", "players": [{"name": n, "cheque_total": c, "coins_left": coins, "highest_property": h}
                                     for n, c, coins, h in [("Minji", 59, 3, 30), ("Alex", 60, 0, 29),
                                                            ("Joon", 57, 3, 29), ("Sam", 59, 1, 25)]]},
]


def scored_by_older_rules(sheet: dict[str, Any], finished_at: str) -> dict[str, Any]:
    """A play as the app stored it under the rules before the one that refuses its sheet now (the same scoring
    without the new rule's check)."""
    spec, parsed = parse_sheet(sheet)
    result = {**_result(spec, parsed, spec.score(parsed)).to_json(), "rules_version": spec.rules_version - 1}
    return {"game": sheet["game"], "sheet": sheet, "rules_version": spec.rules_version - 1, "result": result,
            "started_at": finished_at, "finished_at": finished_at}


def test_a_play_older_rules_accepted_and_the_current_ones_refuse_comes_in_with_its_result(tmp_path: Path) -> None:
    """A backup the app wrote always imports: such plays kept their stored results here, and a backup's do too."""
    source = Repository.open(tmp_path / "source")
    for day, sheet in enumerate(ACCEPTED_BY_OLDER_RULES, start=1):
        with pytest.raises(SheetError):
            score_sheet(sheet)
        source.add_play(scored_by_older_rules(sheet, f"2026-11-0{day}T20:00:00+00:00"))
    data = export_backup(source)
    target = Repository.open(tmp_path / "target")
    assert import_backup(target, data).plays_added == 3
    assert backup_of(target)["plays"] == json.loads(data)["plays"]
    plays = {s.game: s for s in target.history_page().items}
    assert plays["carnage"].winners == ("Mina", "Hana") and plays["ticket-to-ride-europe"].winners == ("Alice",)


@pytest.mark.parametrize(("change", "key", "path"), [
    (lambda play: play.update(rules_version=play["rules_version"] + 1,
                              result={**play["result"], "rules_version": play["rules_version"] + 1}),
     "backup.error.sheet", "plays[0].sheet.players[0].deployed"),
    (lambda play: play["sheet"]["players"].append(5), "backup.error.invalid", "plays[0].sheet.players[4]"),
    (lambda play: play.update(rules_version=0), "backup.error.invalid", "plays[0].rules_version"),
    (lambda play: play.update(result=[]), "backup.error.invalid", "plays[0].result"),
], ids=["under-the-current-rules", "a-sheet-no-screen-shows", "no-rules-version", "no-result"])
def test_a_sheet_the_current_rules_refuse_is_refused_unless_older_rules_scored_it(
        tmp_path: Path, change: Any, key: str, path: str) -> None:
    source = Repository.open(tmp_path / "source")
    source.add_play(scored_by_older_rules(ACCEPTED_BY_OLDER_RULES[0], "2026-11-01T20:00:00+00:00"))
    backup = backup_of(source)
    change(backup["plays"][0])
    found_key, params = refusal(Repository.open(tmp_path / "target"), json.dumps(backup).encode())
    assert (found_key, params["path"]) == (key, path)


@pytest.mark.parametrize("bad_last_play", [
    set_in(["plays", -1, "started_at"], "__1e999__"),  # written as a bare 1e999 below
    set_in(["plays", -1, "note"], "\ud800"),
    set_in(["drafts", -1, "guide"], 5),
], ids=["1e999", "lone-surrogate", "guide-5"])
def test_nothing_is_stored_when_the_last_document_is_refused(source: Repository, tmp_path: Path,
                                                             bad_last_play: Any) -> None:
    backup = backup_of(source)
    bad_last_play(backup)
    data = json.dumps(backup, ensure_ascii=False).encode("utf-8", "surrogatepass").replace(b'"__1e999__"', b"1e999")
    target = Repository.open(tmp_path / "target")
    before = files_of(target.data_dir)
    with pytest.raises(BackupError):
        import_backup(target, data)
    assert files_of(target.data_dir) == before and target.players() == []


def test_a_backup_whose_header_comes_last_is_checked_all_the_same(source: Repository, tmp_path: Path) -> None:
    backup = backup_of(source)
    reordered = {"plays": backup["plays"], "drafts": backup["drafts"], "players": backup["players"],
                 "schema": backup["schema"], "format": backup["format"]}
    target = Repository.open(tmp_path / "target")
    assert import_backup(target, json.dumps(reordered).encode()).plays_added == 2
    reordered["plays"][0]["result"]["winners"] = ["nobody"]
    with pytest.raises(BackupError):
        import_backup(Repository.open(tmp_path / "other"), json.dumps(reordered).encode())


def test_import_reports_its_progress_up_to_the_end(source: Repository, tmp_path: Path) -> None:
    seen: list[float] = []
    import_backup(Repository.open(tmp_path / "target"), export_backup(source), seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0


def test_a_backup_file_is_refused_by_its_size_before_it_is_read(repo: Repository, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exchange, "MAX_BACKUP_BYTES", 10)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 11)
    with pytest.raises(BackupError) as caught:
        exchange.import_backup_file(repo, path)
    assert caught.value.message_key == "backup.error.too_large"


@pytest.fixture
def in_workers(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every backup's plays checked in worker processes, a few plays a run, the workers up before the file is
    read; the list tells for each run whether it went to a worker."""
    monkeypatch.setattr(exchange, "POOL_MIN_BYTES", 0)
    monkeypatch.setattr(json_stream, "CHUNK", 300)
    start, submit, sent = exchange._Workers.__init__, exchange._Workers.submit, []

    def started(self: exchange._Workers, wanted: bool) -> None:
        start(self, wanted)
        if self.starting is not None:
            self.starting.join()

    def counted(self: exchange._Workers, *work: Any) -> Any:
        checking = submit(self, *work)
        sent.append(checking is not None)
        return checking

    monkeypatch.setattr(exchange._Workers, "__init__", started)
    monkeypatch.setattr(exchange._Workers, "submit", counted)
    return sent


def many_plays(source: Repository) -> Repository:
    for day in range(1, 25):
        source.add_play(make_play("kahuna", f"2024-01-{day:02d}T12:00:00+00:00", kahuna([5, 4], [day % 7, 6])))
    return source


@pytest.mark.parametrize("case", ["a forged result", "a sheet the rules refuse", "the same id twice", "as exported",
                                  "a forged result, then a key of no backup", "broken twice",
                                  "broken twice, ends guessed inside plays", "ends guessed inside plays", None])
def test_plays_checked_in_workers_are_refused_as_in_place(source: Repository, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch, in_workers: list[bool],
                                                          case: str | None) -> None:
    backup = backup_of(many_plays(source))
    late = backup["plays"][-5]  # in a later run than the first
    if case == "the same id twice":
        late["id"] = backup["plays"][3]["id"]
    elif case is not None and case.startswith("a forged result"):
        late["result"]["winners"] = ["nobody"]
    elif case == "a sheet the rules refuse":
        late["sheet"]["rounds"][0]["Mina"] = 99
    elif case is not None and case.startswith("broken twice"):  # the first fault in the file is the one told
        backup["plays"][-9]["sheet"]["rounds"][0]["Mina"] = 99
        late["result"]["winners"] = ["nobody"]
    if case is not None and case.endswith("ends guessed inside plays"):
        for play in backup["plays"][::4]:  # where a run's end may be guessed inside a play: no worker can read it
            play["record"] = {"tags": [{}, {"id": "x"}]}
    data = export_backup(source) if case == "as exported" else json.dumps(backup).encode()  # its plays' own bytes
    if case == "a forged result, then a key of no backup":
        data = data[:-1] + b', "more": 1}'
    found_wrong: list[bool] = []  # whether the importing process found a run that a worker could not take
    take_checked = exchange._CheckedBackup._take_checked

    def taking(self: exchange._CheckedBackup, leave: int = 0) -> None:
        take_checked(self, leave)
        found_wrong.append(self.wrong is not None)

    monkeypatch.setattr(exchange._CheckedBackup, "_take_checked", taking)
    outcomes = []
    for folder in ("in workers", "in place"):
        target = Repository.open(tmp_path / folder)
        try:
            outcomes.append(import_backup(target, data))
        except BackupError as refused:
            outcomes.append((refused.message_key, refused.params))
        accepted = case in (None, "as exported", "ends guessed inside plays")
        assert accepted == bool(target.players())
        if folder == "in workers":
            assert len(in_workers) > 4 and all(in_workers)
            assert any(found_wrong) == (case not in (None, "as exported"))
        exchange.POOL_MIN_BYTES = len(data) + 1
    assert outcomes[0] == outcomes[1]
    if case is not None and case.startswith("broken twice"):
        assert outcomes[0] == ("backup.error.sheet", {"path": "plays[17].sheet.rounds[0].Mina", "message": ANY})
    if accepted:
        assert outcomes[0].plays_added == 26
        assert export_backup(Repository.open(tmp_path / "in workers")) == export_backup(Repository.open(
            tmp_path / "in place"))
