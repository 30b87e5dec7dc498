"""A writer killed with SIGKILL at random moments, 200 times: the data always loads, and at most the entry in
flight is lost (each save is acknowledged by the writer only once it returned)."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from pathlib import Path

import pytest

from companion.models.draft import DraftSession
from companion.store import plays
from companion.store.repository import Repository

from .conftest import example, make_play

KILLS = 200
DRAFT = "crash"


def _writer(data_dir: Path, life: int, acks: int) -> None:
    """Save entries of one game in progress, and finish a play every fifth entry, acknowledging each."""
    repo = Repository.open(data_dir)
    draft = repo.draft(DRAFT) or repo.new_draft({"id": DRAFT, "game": "for-sale", "sheet": example("for-sale"),
                                                 "tools": {"n": 0}})
    session = DraftSession(repo, draft)
    n = draft["tools"]["n"]
    while True:
        n += 1
        sheet = session.draft["sheet"]
        sheet["players"][n % 4]["coins_left"] = n % 15
        session.save(sheet=sheet, tools={"n": n})
        os.write(acks, f"draft {n}\n".encode())
        if n % 5 == 0:
            play_id = f"l{life}n{n}"
            repo.add_play(make_play("kahuna", "2024-01-01T10:00:00+00:00", id=play_id))
            os.write(acks, f"play {play_id}\n".encode())


def _read_all(fd: int, first: bytes = b"") -> list[str]:
    chunks = [first]
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks).decode().splitlines()


def test_a_killed_writer_loses_at_most_the_entry_in_flight(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plays, "SHARD_SIZE", 25)  # several shards, each rewritten often (forked writers too)
    context = multiprocessing.get_context("fork")
    chance = random.Random(20240301)
    checker = Repository.open(data_dir)
    last_draft, acked_plays = 0, set()
    for life in range(KILLS):
        read_end, write_end = os.pipe()
        writer = context.Process(target=_writer, args=(data_dir, life, write_end))
        writer.start()
        os.close(write_end)
        # Every other writer is killed only once it has saved something, whatever the load: the kills land in
        # the middle of work, not only while the repository opens.
        first = os.read(read_end, 65536) if life % 2 else b""
        time.sleep(chance.uniform(0.0, 0.05))
        os.kill(writer.pid, signal.SIGKILL)  # type: ignore[arg-type]
        writer.join()
        acks = _read_all(read_end, first)
        os.close(read_end)

        opened = Repository.open(data_dir)
        assert opened.issues == [], (life, opened.issues)
        drafts = [int(line.split()[1]) for line in acks if line.startswith("draft")]
        last_draft = drafts[-1] if drafts else last_draft
        acked_plays |= {line.split()[1] for line in acks if line.startswith("play")}
        stored_draft = opened.draft(DRAFT)
        stored_n = stored_draft["tools"]["n"] if stored_draft else 0
        assert stored_n in (last_draft, last_draft + 1), (life, stored_n, last_draft)
        stored_plays = set().union(*(checker._shards.view(shard).ids for shard in checker._shards.paths()))
        assert acked_plays <= stored_plays, (life, acked_plays - stored_plays)
        assert len(stored_plays - acked_plays) <= 1, (life, stored_plays - acked_plays)
        acked_plays = stored_plays  # an unacknowledged play that made it is stored from now on
        last_draft = stored_n
    assert last_draft >= KILLS // 2  # the writers got real work done between kills
