"""Reading a BG Stats file: a whole export (`BGStatsExport.json`, or a `.bgsplay` in its shape), or the one play
BG Stats takes from other apps, with bounded memory and limits sized to what BG Stats writes.

The file is read once a run of elements at a time (json_stream): players, games and places are kept, every
other top-level member verbatim, and the plays only as where they are in the bytes, so that they can be read
again a run at a time when they are planned (`Content.plays`). What no BG Stats file holds refuses the file
(not JSON, nesting deeper than MAX_DEPTH, a text longer than MAX_TEXT, more entries than a lifetime of plays
makes, a player or game without its id and name). A play whose values no real play has is not refused with
the file: `play_fault` names why it is skipped (a date before 1900 or after 2200, a duration below 0 or above
14 days, text that is not Unicode, a player, game or place the file does not have), and the rest comes in.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from . import json_stream
from .bgstats_ids import shared_play_uuid
from .refusal import RefusedError

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}")  # as DATE_FORMAT writes it
# A history of 100,000 plays is about 100 MB (the real export: 0.9 KB a play with its scores, more with expansions
# and scoresheets); the file is held in memory while it is read, never decoded whole.
MAX_FILE_BYTES = 400 * 1024 * 1024
MAX_PLAYS = 250_000
MAX_ENTRIES = 100_000  # players, games, places, and the elements of every other section
MAX_CONTAINERS = 8_000_000  # objects and arrays in the whole file (a play has about ten)
MAX_DEPTH = 12
MAX_TEXT = 200_000  # characters in one text: a play's scoresheet (its whole scoring, as JSON) or comments
YEARS = (1900, 2200)  # the years a play's date may fall in
MAX_DURATION_MIN = 14 * 24 * 60
MAX_UUID = 200  # characters of a play's uuid (BG Stats writes 36)
SMALL_FILE = 1024 * 1024  # read through to tell JSON from junk when its top level is no object
SECTIONS = ("players", "games", "locations")  # the objects plays refer to, by integer id
SCALARS = frozenset({"userInfo", "about", "game", "sourceName", "sourcePlayId", "playDate", "durationMin",
                     "location", "comments", "board"})  # members that are no array (of an export or a shared play)
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class BGStatsError(RefusedError):
    """A BG Stats file refused before anything was stored."""


def invalid(path: str) -> BGStatsError:
    return BGStatsError("bgstats.error.invalid", path=path)


@dataclass
class Content:
    """A file read and checked: what plays refer to, the other members verbatim, the plays where they are."""

    data: bytes
    players: dict[int, dict[str, Any]] = field(default_factory=dict)
    games: dict[int, dict[str, Any]] = field(default_factory=dict)
    locations: dict[int, dict[str, Any]] = field(default_factory=dict)
    sections: dict[str, Any] = field(default_factory=dict)  # tags, groups, challenges, userInfo, ...
    faults: dict[int, str] = field(default_factory=dict)  # plays found bad while read: index -> why
    unusable: set[tuple[str, int]] = field(default_factory=set)  # (section, id) of entries with text that is no text
    spans: list[json_stream.Span] = field(default_factory=list)  # where the runs of plays are
    single: list[dict[str, Any]] | None = None  # the plays of a shared play, made here

    def plays(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every play with its index, read again from the bytes a run at a time."""
        if self.single is not None:
            yield from enumerate(self.single)
            return
        decoder = _decoder()
        index = 0
        for span in self.spans:
            for play in json_stream.decode_elements(self.data, decoder, span):
                yield index, play
                index += 1


OnPlay = Callable[[int, dict[str, Any]], None]


class _Streamed:
    """Every top-level member but the few that are no array is an array of objects, read a run at a time."""

    def __contains__(self, key: object) -> bool:
        return key not in SCALARS

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def read_bgstats(data: bytes, on_play: OnPlay | None = None) -> Content:
    """Read and check the file; `on_play(index, play)` sees each play as it is read. Raises BGStatsError."""
    if len(data) > MAX_FILE_BYTES:
        raise BGStatsError("bgstats.error.too_large", limit_mb=MAX_FILE_BYTES // (1024 * 1024))
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise BGStatsError("bgstats.error.not_json") from None
    if data.count(b"{") + data.count(b"[") > MAX_CONTAINERS:
        raise BGStatsError("bgstats.error.too_many", limit=MAX_CONTAINERS)
    reader = _Reader(Content(data), on_play, SURROGATE_ESCAPE.search(data) is not None)
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        json_stream.read_members(data, _decoder(), _Streamed(), reader.key, reader.value, reader.elements,
                                 start=start)
    except json_stream.NotAnObjectError as odd:
        if not odd.path:
            raise _not_an_export(data[start:]) from None
        raise (invalid(odd.path) if odd.path.split("[")[0] in (*SECTIONS, "plays")
               else BGStatsError("bgstats.error.not_bgstats")) from None
    except (json_stream.NotScalarError, json_stream.DuplicateKeyError) as odd:
        raise invalid(odd.key) from None
    except RecursionError:
        raise BGStatsError("bgstats.error.too_deep", limit=MAX_DEPTH) from None
    except ValueError:  # not JSON, NaN
        raise BGStatsError("bgstats.error.not_json") from None
    return reader.finish()


def _not_an_export(data: bytes) -> BGStatsError:
    """A file whose top level is no object: other JSON, or (as far as a small file is read through) no JSON."""
    try:
        if len(data) <= SMALL_FILE:
            _decoder().decode(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return BGStatsError("bgstats.error.not_json")
    return BGStatsError("bgstats.error.not_bgstats")


def _decoder() -> json.JSONDecoder:
    return json.JSONDecoder(parse_constant=_refuse_constant)


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


class _Reader:
    def __init__(self, content: Content, on_play: OnPlay | None, escapes: bool) -> None:
        self.content = content
        self.on_play = on_play
        self.escapes = escapes  # a lone surrogate can only come from a \u escape
        self.seen: dict[str, int] = {}
        self.entries: dict[str, list[tuple[dict[str, Any], str | None]]] = {key: [] for key in SECTIONS}

    def key(self, key: str) -> None:
        if key not in SCALARS:
            self.seen[key] = 0  # an empty array has no elements to count

    def value(self, key: str, value: Any) -> None:
        problem = limits_problem(value, self.escapes)
        if problem is not None and problem != "text":
            raise _refusal(problem)
        if problem is None:
            self.content.sections[key] = value

    def elements(self, key: str, first: int, elements: list[Any], span: json_stream.Span) -> None:
        count = self.seen[key] = first + len(elements)
        limit = MAX_PLAYS if key == "plays" else MAX_ENTRIES
        if count > limit:
            raise BGStatsError("bgstats.error.too_many", limit=limit)
        if key == "plays":
            self.content.spans.append(span)
        for index, element in enumerate(elements, first):
            problem = limits_problem(element, self.escapes)
            if problem is not None and problem != "text":
                raise _refusal(problem)
            if key == "plays":
                if problem is not None:
                    self.content.faults[index] = problem
                elif self.on_play is not None:
                    self.on_play(index, element)
            elif key in SECTIONS:
                self.entries[key].append((element, problem))
            elif problem is None:
                self.content.sections.setdefault(key, []).append(element)

    def finish(self) -> Content:
        content = self.content
        if "plays" not in self.seen and isinstance(content.sections.get("game"), dict):
            return _single_play(content, [entry for entry, _ in self.entries["players"]])
        if not all(key in self.seen for key in ("players", "games", "plays")):
            raise BGStatsError("bgstats.error.not_bgstats")
        for key in SECTIONS:
            self._check_entries(key)
        return content

    def _check_entries(self, key: str) -> None:
        """Players, games and places: their id and name are what plays use of them."""
        kept: dict[int, dict[str, Any]] = getattr(self.content, key)
        for index, (entry, problem) in enumerate(self.entries[key]):
            if not is_a(entry.get("id"), int):
                raise invalid(f"{key}[{index}].id")
            if not is_a(entry.get("name"), str):
                raise invalid(f"{key}[{index}].name")
            if entry["id"] in kept or (key, entry["id"]) in self.content.unusable:
                raise invalid(f"{key}[{index}].id")
            if problem is not None:
                self.content.unusable.add((key, entry["id"]))
            else:
                kept[entry["id"]] = entry


def _refusal(problem: str) -> BGStatsError:
    if problem == "deep":
        return BGStatsError("bgstats.error.too_deep", limit=MAX_DEPTH)
    return BGStatsError("bgstats.error.too_long", limit=MAX_TEXT)


def limits_problem(value: Any, escapes: bool) -> str | None:
    """What is wrong with one element: "deep", "long" (the file is refused), "text" (text that is no Unicode, or
    a number no JSON writer makes: the element is not used), or None. `escapes`: whether a lone surrogate may be
    in it (text decoded from UTF-8 holds one only through a \\u escape)."""
    found: list[str] = []
    if type(value) is dict or type(value) is list:
        _walk(value, 0, escapes, found)
    elif type(value) is str or type(value) is float:
        _scalar(value, escapes, found)
    return "deep" if "deep" in found else "long" if "long" in found else found[0] if found else None


def _walk(item: Any, depth: int, escapes: bool, found: list[str]) -> None:
    """Containers are walked into; the values in them are looked at where they are (most are plain)."""
    if depth > MAX_DEPTH:
        found.append("deep")
        return
    values = item.values() if type(item) is dict else item
    if type(item) is dict:
        for key in item:
            _scalar(key, escapes, found)
    for inner in values:
        kind = type(inner)
        if kind is dict or kind is list:
            _walk(inner, depth + 1, escapes, found)
        elif kind is str or kind is float:
            _scalar(inner, escapes, found)


def _scalar(value: Any, escapes: bool, found: list[str]) -> None:
    if type(value) is float:
        if not math.isfinite(value):
            found.append("text")
    elif len(value) > MAX_TEXT:
        found.append("long")
    elif escapes and not value.isascii() and not _is_unicode(value):
        found.append("text")


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


def is_a(value: Any, kind: type) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _single_play(content: Content, players: list[dict[str, Any]]) -> Content:
    """One play in the shape BG Stats takes from other apps (a game, players by name, a date), as an export
    holding that play."""
    play = content.sections
    game = play["game"]
    if not is_a(game.get("name"), str):
        raise invalid("game.name")
    if not all(is_a(p.get("name"), str) for p in players):
        raise invalid("players")
    names = list(dict.fromkeys(p["name"] for p in players))
    location = play.get("location")
    content.players = {i: {"id": i, "name": n} for i, n in enumerate(names, start=1)}
    content.games = {1: {"id": 1, "name": game["name"], "bggId": game.get("bggId") or 0,
                         "highestWins": game.get("highestWins", True), "noPoints": game.get("noPoints", False)}}
    content.locations = {1: {"id": 1, "name": location}} if is_a(location, str) and location else {}
    content.single = [{
        "uuid": shared_play_uuid(play), "gameRefId": 1, "playDate": play.get("playDate"),
        "durationMin": play.get("durationMin") or 0, "comments": play.get("comments") or "",
        **({"locationRefId": 1} if content.locations else {}),
        "playerScores": [{"playerRefId": names.index(p["name"]) + 1, "score": p.get("score"),
                          "winner": p.get("winner", False), "rank": p.get("rank") or 0,
                          "startPlayer": p.get("startPlayer", False), "seatOrder": seat}
                         for seat, p in enumerate(players, start=1)]}]
    content.sections = {}
    return content


def play_fault(content: Content, index: int, play: dict[str, Any], uuids: set[str]) -> str | None:
    """Why a play is not planned (a bgstats.skip.<reason>), or None. `uuids`: those of the plays before it."""
    found = content.faults.get(index)
    if found is not None:
        return found
    uuid, scores = play.get("uuid"), play.get("playerScores")
    if not (is_a(uuid, str) and 0 < len(uuid) <= MAX_UUID) or not isinstance(scores, list):
        return "value"
    if uuid in uuids:
        return "twice"
    if not scores:
        return "no_players"
    refs = [("players", s.get("playerRefId") if isinstance(s, dict) else None) for s in scores]
    refs.append(("games", play.get("gameRefId")))
    if play.get("locationRefId"):  # 0: no place
        refs.append(("locations", play["locationRefId"]))
    if not all(is_a(ref, int) for _, ref in refs) or not all(
            s.get("score") is None or is_a(s["score"], str | int | float) for s in scores):
        return "value"
    if not is_a(play.get("comments") or "", str):
        return "value"
    if any(ref in content.unusable for ref in refs):
        return "text"
    if any(ref not in getattr(content, section) for section, ref in refs):
        return "missing"
    if played_at(play.get("playDate")) is None:
        return "date"
    duration = play.get("durationMin") or 0
    if not is_a(duration, int) or not 0 <= duration <= MAX_DURATION_MIN:
        return "length"
    return None


def played_at(text: Any) -> datetime | None:
    """A play's date ("YYYY-MM-DD HH:MM:SS", local time) when it is one a real play has."""
    if not isinstance(text, str) or not DATE.fullmatch(text):
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:  # no such day or time
        return None
    return moment if YEARS[0] <= moment.year <= YEARS[1] else None
