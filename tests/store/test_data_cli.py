"""`python -m companion data`, run as a player would run it: imports that say what came in and what did not,
refused files that leave the data folder as it was, exports that are Settings' downloads byte for byte."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.data_cli import SKIPPED
from companion.i18n import catalog
from companion.store import bgstats, exchange
from companion.store.repository import Repository

from .conftest import kahuna, make_play

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / ".." / "shared" / "data" / "bgstats" / "sample-BGStatsExport.json"
SETTINGS_EXPORTS: dict[str, Callable[[Repository], bytes]] = {  # what Settings' download buttons write
    "backup": exchange.export_backup, "bgstats": bgstats.export_bgstats, "csv": exchange.export_csv}


def data_command(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "companion", "data", *map(str, args)], capture_output=True,
                          cwd=ROOT, env=env, timeout=300, check=False)


def lines(result: subprocess.CompletedProcess[bytes]) -> list[str]:
    return result.stdout.decode("utf-8").splitlines()


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def source(tmp_path: Path) -> Repository:
    repo = Repository.open(tmp_path / "source")
    repo.remember_players(["Mina", "Joon", "Ana"])
    repo.set_player_colour("Mina", "#2a9d8f")
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00", kahuna([5, 5, 5], [1, 1, 1]), id="first",
                            record={"location": "Café Meeple", "note": "Close one"}))
    repo.add_play(make_play("captain-flip", "2024-03-02T12:00:00+00:00", id="second"))
    repo.add_play(make_play("pina-coladice", "2024-03-03T12:00:00+00:00"))
    repo.remember_players(sorted({n for s in repo.summaries() for n in s.players}))  # everyone has a profile
    return repo


def test_a_backup_exported_then_imported_into_an_empty_folder_gives_the_same_history(
        source: Repository, tmp_path: Path) -> None:
    backup = tmp_path / "backup.json"
    assert data_command("export", "backup", "--data", source.data_dir, "--out", backup).returncode == 0
    target = tmp_path / "target"
    imported = data_command("import", backup, "--data", target)
    assert (imported.returncode, imported.stderr) == (0, b"")
    players = len(source.players())
    assert lines(imported) == [f"Imported: 3 plays (0 already here), 0 games in progress, {players} players."]
    here = Repository.open(target)
    assert list(here.plays_newest_first()) == list(source.plays_newest_first())  # ids, records, results
    assert {p["id"] for p in here.plays_newest_first()} >= {"first", "second"}
    assert here.players() == source.players()  # the profiles' ids and colours too
    assert exchange.export_backup(here) == backup.read_bytes()

    before = files_of(target)
    again = data_command("import", backup, "--data", target)
    assert again.returncode == 0
    ids = [p["id"] for p in json.loads(backup.read_bytes())["plays"]]
    names = {"first": "Kahuna", "second": "Captain Flip"}
    assert lines(again) == [*(f"skipped play {i} ({names.get(i, 'Piña Coladice')}): already here" for i in ids),
                            "Imported: 0 plays (3 already here), 0 games in progress, 0 players."]
    assert files_of(target) == before


def test_a_bgstats_export_imports_with_its_counts_and_again_adds_nothing(tmp_path: Path) -> None:
    if not SAMPLE.is_file():
        pytest.skip(f"the real BG Stats export is not at {SAMPLE}")
    export = json.loads(SAMPLE.read_bytes())
    export["plays"][0]["ignored"] = True  # comes in, marked: not counted in statistics
    file = tmp_path / "BGStatsExport.json"
    file.write_text(json.dumps(export), encoding="utf-8")
    target = Repository.open(tmp_path / "target")
    target.remember_players(["arlen pan"])  # the file's "Arlen Pan": Settings' preview takes them as this player

    imported = data_command("import", file, "--data", target.data_dir)
    assert (imported.returncode, imported.stderr) == (0, b"")
    assert lines(imported) == [
        "BG Stats export: 79 plays, 16 players, 34 games",
        "Played from 2020-12-31 to 2021-05-09",
        "“Ticket to Ride: Europe” is Ticket to Ride: Europe here",
        "“Arlen Pan” is taken as arlen pan, a player known here",
        "Imported from BG Stats: 79 plays (0 not imported), 15 new players."]
    here = Repository.open(target.data_dir)
    assert [s.counted for s in here.summaries()].count(False) == 1
    assert len(list(here.summaries())) == 79
    assert "Arlen Pan" not in {p["name"] for p in here.players()}

    before = files_of(target.data_dir)
    again = data_command("import", file, "--data", target.data_dir)
    assert again.returncode == 0
    out = lines(again)
    assert out[-1] == "Imported from BG Stats: 0 plays (79 not imported), 0 new players."
    assert sum(line.endswith("): already here") for line in out) == 79
    assert files_of(target.data_dir) == before


def test_one_shared_play_imports_from_a_bgsplay_file(source: Repository, tmp_path: Path) -> None:
    play = source.play("first")
    assert play is not None
    file = tmp_path / "Kahuna.bgsplay"
    file.write_bytes(urllib.parse.unquote(bgstats.add_play_url(play).split("data=", 1)[1]).encode())
    imported = data_command("import", file, "--data", tmp_path / "elsewhere")
    assert imported.returncode == 0
    assert lines(imported)[-1] == "Imported from BG Stats: 1 play (0 not imported), 2 new players."
    (summary,) = Repository.open(tmp_path / "elsewhere").summaries()
    assert (summary.game, summary.totals, summary.location) == ("kahuna", {"Mina": 7, "Joon": 0}, "Café Meeple")


def truncated_backup(source: Repository) -> bytes:
    data = exchange.export_backup(source)
    return data[:len(data) // 2]


HOSTILE_KEY = json.dumps({"format": "table-companion-backup", "schema": 1, "evil\n\x1b[31mkey": 1}).encode()


@pytest.mark.parametrize(("make", "reason"), [
    (lambda source: b"[]," * 10_000, "This file is not a BG Stats export (it is not JSON text)."),
    (lambda source: b"PK\x03\x04 a zip file, not JSON", "This is not a JSON file, or it is damaged"),
    (truncated_backup, "This is not a JSON file, or it is damaged"),
    (lambda source: HOSTILE_KEY, "The backup is not valid at evil\\n\\x1b[31mkey"),  # one line, escapes shown
    (lambda source: json.dumps({"players": [{"id": 1}], "games": [], "plays": []}).encode(),
     "This BG Stats file is damaged: players[0].name is missing or wrong. Nothing was imported."),
    (lambda source: json.dumps({"hello": [1, 2]}).encode(), "This is not a Table Companion backup"),
], ids=["junk", "not-json", "truncated-backup", "hostile-key", "damaged-bgstats", "neither"])
def test_a_refused_file_exits_2_with_one_line_and_changes_nothing(
        source: Repository, tmp_path: Path, make: Callable[[Repository], bytes], reason: str) -> None:
    file = tmp_path / "import.json"
    file.write_bytes(make(source))
    before = files_of(source.data_dir)
    refused = data_command("import", file, "--data", source.data_dir)
    assert (refused.returncode, refused.stdout, refused.stderr.decode("utf-8")) == (2, b"", reason + "\n")
    assert files_of(source.data_dir) == before


def test_a_file_too_large_is_refused_before_it_is_read(source: Repository, tmp_path: Path) -> None:
    file = tmp_path / "huge.json"
    with file.open("wb") as sparse:  # no disk space taken: refused by its size alone
        sparse.truncate(exchange.MAX_BACKUP_BYTES + 1)
    before = files_of(source.data_dir)
    refused = data_command("import", file, "--data", source.data_dir)
    assert (refused.returncode, refused.stderr) == (2, b"The file is larger than 64 MB\n")
    assert files_of(source.data_dir) == before


def test_a_missing_file_is_refused_before_the_data_folder_is_made(tmp_path: Path) -> None:
    refused = data_command("import", tmp_path / "nothing.json", "--data", tmp_path / "data")
    assert (refused.returncode, refused.stderr.decode().count("\n")) == (2, 1)
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("kind", list(SETTINGS_EXPORTS))
def test_an_export_to_standard_output_and_to_a_file_are_settings_download(
        source: Repository, tmp_path: Path, kind: str) -> None:
    out = tmp_path / f"export.{kind}"
    to_file = data_command("export", kind, "--data", source.data_dir, "--out", out)
    to_stdout = data_command("export", kind, "--data", source.data_dir)
    assert (to_file.returncode, to_file.stdout, to_stdout.returncode) == (0, b"", 0)
    assert out.read_bytes() == to_stdout.stdout == SETTINGS_EXPORTS[kind](source)


def test_the_csv_names_the_games_in_the_language_asked(source: Repository) -> None:
    korean = data_command("export", "csv", "--data", source.data_dir, "--lang", "ko")
    assert korean.stdout == exchange.export_csv(source, lang="ko")
    assert "카후나" in korean.stdout.decode("utf-8-sig")


def test_an_export_never_makes_a_data_folder(tmp_path: Path) -> None:
    missing = data_command("export", "backup", "--data", tmp_path / "typo")
    assert (missing.returncode, missing.stdout) == (1, b"")
    assert not (tmp_path / "typo").exists()


def test_without_data_the_folder_is_the_servers(source: Repository, tmp_path: Path) -> None:
    env = {**os.environ, "FLET_APP_STORAGE_DATA": str(source.data_dir), "HOME": str(tmp_path)}
    exported = data_command("export", "backup", env=env)
    assert exported.returncode == 0
    assert exported.stdout == exchange.export_backup(source)


def test_every_reason_a_play_is_skipped_has_its_words() -> None:
    reasons = {key.split(".")[2].split("#")[0] for key in catalog("en") if key.startswith("bgstats.skip.")}
    assert reasons == set(SKIPPED)


def test_serving_keeps_its_options() -> None:
    served = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, cwd=ROOT,
                            timeout=60, check=True)
    for option in ("--port", "--share", "--data", "--trusted-proxy"):
        assert option.encode() in served.stdout
    assert b"import" not in served.stdout
