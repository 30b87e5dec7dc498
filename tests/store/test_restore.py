"""Restoring a damaged shard of plays: every play it held comes back from the best source left, and the report
names each play that came back (how) and each that could not."""

from __future__ import annotations

from pathlib import Path

from companion.store import atomic
from companion.store.definitions import DefinitionStore
from companion.store.repository import Repository

from .conftest import example, kahuna, make_play
from .test_definitions import GOLF, golf_sheet

SHARD = Path("plays") / "plays-0001.json"


def play_four_games(repo: Repository) -> list[str]:
    """Four games of Kahuna played at the table, each finished from its sheet (so each keeps its log)."""
    ids = []
    for islands in ([1, 2, 3], [3, 2, 1], [2, 2, 2], [0, 1, 4]):
        draft = repo.new_draft({"game": "kahuna", "sheet": kahuna(islands, [2, 2, 2])})
        ids.append(repo.finish_draft(draft["id"])["id"])
    return ids


def damage(data_dir: Path, how: str = "zeros") -> Repository:
    """The shard's bytes damaged as a dying phone leaves them, then the app started again."""
    shard = data_dir / SHARD
    raw = shard.read_bytes()
    shard.write_bytes(b"\0" * len(raw) if how == "zeros" else raw[:-40])
    atomic._parsed.clear()
    reopened = Repository.open(data_dir)
    assert [i.file for i in reopened.issues] == ["plays-0001.json"]
    return reopened


def sources(report: object) -> dict[str, str]:
    return {summary.id: source for summary, source in report.back}  # type: ignore[attr-defined]


def test_the_newest_play_missing_from_the_backup_comes_back_whole_from_its_games_log(repo: Repository,
                                                                                     data_dir: Path) -> None:
    ids = play_four_games(repo)
    before = {i: repo.play(i) for i in ids}
    reopened = damage(data_dir)
    report = reopened.restore_backup(reopened.issues[0])
    assert sources(report) == {ids[0]: "backup", ids[1]: "backup", ids[2]: "backup", ids[3]: "log"}
    assert report.lost == [] and report.unnamed_lost == 0
    for play_id, play in before.items():
        restored = reopened.play(play_id)
        assert restored is not None
        assert (restored["sheet"], restored["result"], restored["finished_at"]) == (
            play["sheet"], play["result"], play["finished_at"])  # type: ignore[index]
    assert len(Repository.open(data_dir).history_page().items) == 4


def test_a_play_without_a_log_comes_back_with_its_totals_and_says_so(repo: Repository, data_dir: Path) -> None:
    for day in range(1, 5):
        repo.add_play(make_play("kahuna", f"2024-03-0{day}T12:00:00+00:00",
                                record={"location": "Cafe", **({"ignored": True} if day == 4 else {})}))
    newest = repo.history_page().items[0]
    reopened = damage(data_dir)
    report = reopened.restore_backup(reopened.issues[0])
    assert sorted(sources(report).values()) == ["backup", "backup", "backup", "summary"]
    assert sources(report)[newest.id] == "summary"
    play = reopened.play(newest.id)
    assert play is not None and play["imported"] and play["recovered"] == "summary"
    assert play["record"] == {"location": "Cafe", "ignored": True}  # not counted in statistics, still
    [restored] = [s for s in reopened.summaries() if s.id == newest.id]
    assert (restored.totals, restored.winners, restored.ranking, restored.day(), restored.counted) == (
        newest.totals, newest.winners, newest.ranking, newest.day(), False)


def test_the_readable_part_of_a_shard_cut_short_is_used_before_the_backup(repo: Repository, data_dir: Path) -> None:
    for day in range(1, 4):
        repo.add_play(make_play("kahuna", f"2024-03-0{day}T12:00:00+00:00"))
    first = repo.history_page().items[-1]
    repo.update_play(first.id, lambda p: {**p, "record": {"note": "edited last"}})  # the backup lacks the edit
    reopened = damage(data_dir, "cut")
    report = reopened.restore_backup(reopened.issues[0])
    assert sources(report)[first.id] == "damaged"
    assert reopened.play(first.id)["record"] == {"note": "edited last"}  # type: ignore[index]
    assert len(report.back) == 3 and report.lost == []


def test_a_play_of_ones_own_game_known_only_by_its_summary_is_named_as_lost(repo: Repository,
                                                                          data_dir: Path) -> None:
    definition = DefinitionStore(repo).save(GOLF)
    repo.add_play(make_play("kahuna", "2024-03-01T12:00:00+00:00"))
    repo.add_play(make_play(GOLF["id"], "2024-03-02T12:00:00+00:00", golf_sheet(definition, (4, 1), (5, 0))))
    reopened = damage(data_dir)
    report = reopened.restore_backup(reopened.issues[0])
    assert [(s.game, s.players, s.day().isoformat()) for s in report.lost] == [
        (GOLF["id"], ("Ann", "Bo"), "2024-03-02")]
    assert [source for _, source in report.back] == ["backup"]
    assert [s.game for s in reopened.summaries()] == ["kahuna"]


def test_plays_counted_but_unnamed_are_counted_as_lost(repo: Repository, data_dir: Path) -> None:
    for day in range(1, 5):
        repo.add_play(make_play("kahuna", f"2024-03-0{day}T12:00:00+00:00"))
    for summaries in (data_dir / "plays" / "summaries").iterdir():
        summaries.unlink()
    reopened = damage(data_dir)
    report = reopened.restore_backup(reopened.issues[0])
    assert len(report.back) == 3 and report.lost == [] and report.unnamed_lost == 1


def test_a_shard_without_a_good_backup_still_gets_its_play_back(repo: Repository, data_dir: Path) -> None:
    draft = repo.new_draft({"game": "patchwork", "sheet": example("patchwork")})
    play = repo.finish_draft(draft["id"])
    reopened = damage(data_dir)
    [issue] = reopened.issues
    assert issue.backup is None and reopened.can_restore(issue)
    report = reopened.restore_backup(issue)
    assert sources(report) == {play["id"]: "log"}
    assert reopened.play(play["id"])["sheet"] == play["sheet"]  # type: ignore[index]
