"""Bringing a damaged shard of plays back: every play it held, from the best source left, and a report naming each
play that came back and each that could not.

A shard's last good backup is one write older than the shard: the play that write added (the newest, most
often) is not in it. What the shard held when the app last wrote it is known from its summaries and its count in
the index, read before the shard was moved aside (`Shards.last_known`). Each play comes back from, in order:
- the damaged file itself, where its document can still be read whole (the newest version of the play);
- the backup (without the plays deleted since it was made);
- its game's log (`games/finished/<id>.jsonl`), folded and scored again, timed by its summary;
- its summary, with totals only (marked `imported`, as a play BG Stats gave totals for), for a built-in game:
  a game of one's own needs its definition in the sheet, which a summary does not hold.
A play known only by its summary and none of these is named as lost; plays the index counted but no summary
names are counted as lost.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scoring import SheetError, get_spec, score_sheet
from scoring.custom import is_custom

from .documents import canonical_time, now_iso
from .files import REQUIRED
from .json_codec import encode
from .oplog import Log, Op
from .summary import PlaySummary, summary_of

SOURCES = ("damaged", "backup", "log", "summary")  # how a play came back, most complete first
_WHITESPACE = " \t\n\r"


@dataclass(frozen=True)
class LastKnown:
    """What a damaged shard held when last written: its plays' summaries, and how many plays the index counted."""

    summaries: tuple[PlaySummary, ...] = ()
    count: int | None = None


@dataclass
class RestoreReport:
    """What restoring a file brought back. For a shard: each play that came back with its source (see SOURCES),
    each play known to be lost, and how many more the index counted that nothing names."""

    file: str
    back: list[tuple[PlaySummary, str]] = field(default_factory=list)
    lost: list[PlaySummary] = field(default_factory=list)
    unnamed_lost: int = 0

    @property
    def of_plays(self) -> bool:
        return bool(self.back or self.lost or self.unnamed_lost)


def readable_plays(raw: bytes) -> list[dict[str, Any]]:
    """The plays of a damaged shard's bytes that can still be read whole, up to the first damage: each document
    of its `plays` table is decoded on its own, so a file cut short or broken near its end keeps the plays
    before the damage. Only plays the app could have written are kept (valid fields, time and sheet)."""
    text = raw.decode("utf-8", errors="replace")
    start = text.find('"plays":{')
    if start < 0:
        return []
    decoder = json.JSONDecoder()
    position = start + len('"plays":{')
    found = []
    while True:
        try:
            key, position = decoder.raw_decode(text, _skip_space(text, position))
            position = _skip_space(text, position)
            if not isinstance(key, str) or text[position] != ":":
                break
            document, position = decoder.raw_decode(text, _skip_space(text, position + 1))
        except (ValueError, IndexError, RecursionError):
            break
        if _is_whole_play(document):
            found.append(document)
        position = _skip_space(text, position)
        if text[position:position + 1] != ",":
            break
        position += 1
    return found


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in _WHITESPACE:
        position += 1
    return position


def _is_whole_play(document: Any) -> bool:
    if not isinstance(document, dict) or "\ufffd" in encode(document).decode():  # bytes that were not text
        return False
    if not all(isinstance(document.get(key), kind) for key, kind in REQUIRED["plays"].items()):
        return False
    try:
        canonical_time(document["finished_at"])
        summary_of(document)
    except (SheetError, ValueError, KeyError, TypeError, IndexError):
        return False
    return True


def play_from_log(summary: PlaySummary, ops: list[Op]) -> dict[str, Any] | None:
    """The finished play rebuilt from its game's log, timed by its summary (None when the log cannot be scored)."""
    if not ops:
        return None
    log = Log()
    log.add(ops)
    document, _ = log.document()
    sheet = document.get("sheet")
    try:
        result = score_sheet(sheet)  # type: ignore[arg-type]
    except (SheetError, TypeError, KeyError, ValueError):
        return None
    play = {"id": summary.id, "game": result.game, "sheet": sheet, "rules_version": result.rules_version,
            "result": result.to_json(), "started_at": summary.started_at or summary.finished_at,
            "finished_at": summary.finished_at}
    if isinstance(document.get("record"), dict):
        play["record"] = document["record"]
    return play if _is_whole_play(play) else None


def play_from_summary(summary: PlaySummary) -> dict[str, Any] | None:
    """The play with totals only, from its summary: for a built-in game, never for a game of one's own."""
    if is_custom(summary.game):
        return None
    try:
        rules_version = get_spec(summary.game).rules_version
    except SheetError:
        return None
    result = {"game": summary.game, "rules_version": rules_version,
              "players": [{"name": n, "total": summary.totals[n], "breakdown": {},
                           "eliminated": n in summary.eliminated} for n in summary.players],
              "ranking": [list(group) for group in summary.ranking], "winners": list(summary.winners),
              "tiebreaks": [], "finished": summary.finished, "end_reason": None, "progress": [], "extras": {}}
    record = {key: value for key, value in (("location", summary.location), ("note", summary.note),
                                            ("ignored", not summary.counted)) if value}
    return {"id": summary.id, "game": summary.game, "imported": True, "recovered": "summary",
            "sheet": {"game": summary.game, "players": [{"name": n} for n in summary.players]},
            "rules_version": rules_version, "result": result, "started_at": summary.started_at or summary.finished_at,
            "finished_at": summary.finished_at, "recovered_at": now_iso(), **({"record": record} if record else {})}


Play = dict[str, Any]


def recover_shard(file: str, backup: list[Play], damaged: bytes | None, last: LastKnown,
                  sealed_ops: Callable[[str], list[Op]], stored: set[str]) -> tuple[list[Play], RestoreReport]:
    """The plays to store again (none of the ids `stored`) and the report, for the shard `file`."""
    known = {s.id for s in last.summaries}
    # a play of the backup that the shard no longer held when last written was deleted since
    found: dict[str, tuple[Play, str]] = {p["id"]: (p, "backup") for p in backup if not known or p["id"] in known}
    for play in readable_plays(damaged) if damaged is not None else []:
        found[play["id"]] = (play, "damaged")
    report = RestoreReport(file)
    for summary in last.summaries:
        if summary.id in found:
            continue
        from_log = play_from_log(summary, sealed_ops(summary.id))
        from_summary = play_from_summary(summary) if from_log is None else None
        if from_log is not None:
            found[summary.id] = (from_log, "log")
        elif from_summary is not None:
            found[summary.id] = (from_summary, "summary")
        else:
            report.lost.append(summary)
    plays = [play for play, _ in found.values() if play["id"] not in stored]
    report.back = sorted(((summary_of(play), source) for play, source in found.values()),
                         key=lambda entry: entry[0].finished_at)
    named = found.keys() | known
    report.unnamed_lost = max(0, (last.count or 0) - len(named))
    return plays, report
