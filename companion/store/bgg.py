"""BoardGameGeek's plays: one file of what BGG's XML API 2 answers to `/xmlapi2/plays?username=...` (one page of
up to 100 plays, or plays a tool saved in that shape), read and planned like a BG Stats export.

    <plays username= userid= total= page=>
      <play id= date= quantity= length= incomplete= nowinstats= location=>
        <item name= objecttype= objectid=><subtypes><subtype value=/>...</subtypes></item>
        <comments>...</comments>
        <players><player username= userid= name= startposition= color= score= new= rating= win=/>...</players>
      </play>...
    </plays>

The file is refused as a whole (BGGError, before anything is stored) when it is larger than MAX_FILE_BYTES, not
XML or damaged, declares a document type or entities (billion laughs, external entities: defusedxml), nests
deeper than MAX_DEPTH, holds more than MAX_ELEMENTS elements or MAX_PLAYS plays, or is not `<plays>` (BGG's
`<errors>` answer is shown with its message). A play whose values no real play has (a date outside FIRST_YEAR to
LAST_YEAR, a length below 0 or over MAX_LENGTH_MIN, text a name cannot hold or longer than the backups keep, no
players, a value of the wrong kind, its id twice) is skipped and named in the plan (`SKIPS`).

The others are handed to the BG Stats import as the export it reads (bgstats.plan_import), so that the preview,
the names taken as known players and the dedup are the same: plays of built-in games (matched by BGG id)
come in with totals only, marked imported, the others as custom games with their score. A play's BGG id
makes its uuid (importing the file again adds nothing), and each stored play keeps in `record["bgg"]` the play
as BGG has it: quantity, incomplete, nowinstats, the game's name, object id, type and subtypes, and each player's
username, user id, name, start position, colour, score as written, new, rating and win. A play of quantity N
(BGG's "played N times" in one log entry) is one play here with its quantity kept: BGG records one set of scores
and winners for the entry, and N plays would repeat them as N results nobody recorded.
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser, ParseError

from scoring.names import BIDI_CONTROLS, clean_name, name_problem

from . import bgstats
from .exchange import MAX_TEXT
from .plays import EncodedPlay
from .refusal import RefusedError
from .repository import Repository

MAX_FILE_BYTES = 8 * 1024 * 1024  # BGG's page of 100 plays is about 100 KB; ten of them with long comments fit
MAX_PLAYS = 1000  # ten of BGG's pages: within what the BG Stats import reads, whatever the plays hold
MAX_ELEMENTS = 100_000
MAX_DEPTH = 8  # BGG's deepest: plays/play/item/subtypes/subtype
EXPANSION = "boardgameexpansion"  # an item's subtype: a play logged of an expansion, filed under its base game
FIRST_YEAR, LAST_YEAR = 1900, 2200
MAX_LENGTH_MIN = 14 * 24 * 60
MAX_QUANTITY = 1000
MAX_RATING = 10
MAX_SHOWN = 60  # characters of a skipped play's date, game or id shown in the preview
ANONYMOUS = "Anonymous player"  # a player row with neither name nor username, named as BG Stats names one
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
WHOLE = re.compile(r" *[0-9]{1,9} *")
FLAGS = {"": False, "0": False, "1": True}
ERROR_ROOTS = ("errors", "error")  # what BGG answers instead of plays (an unknown user, a missing token)
# why a play does not come in: bgstats.skip.<reason> in the catalogs (the BG Stats import adds its own)
SKIPS = ("date", "length", "text", "value", "no_players", "twice")
MULTILINE = frozenset("\t\n\r")
PLAY_TIME = timedelta(hours=12)  # BGG keeps the day only: a play ends at noon, its day the same in any time zone


class BGGError(RefusedError):
    """A file refused before anything was stored (catalog keys bgg.error.*)."""


@dataclass(frozen=True)
class Player:
    username: str
    userid: int
    name: str
    startposition: str
    color: str
    score: str  # as written ("15 (150)"); the import takes the number where it is a whole one
    new: bool
    rating: float
    win: bool

    @property
    def shown_name(self) -> str:
        """The name a play here gives the player: as logged, else the BGG username."""
        return self.name or self.username or ANONYMOUS


@dataclass(frozen=True)
class Play:
    id: int
    date: str  # YYYY-MM-DD
    quantity: int
    length: int  # minutes, 0: not logged
    incomplete: bool
    nowinstats: bool
    location: str
    comments: str
    game: str
    objectid: int
    objecttype: str
    subtypes: tuple[str, ...]
    players: tuple[Player, ...]

    @property
    def uuid(self) -> str:
        return bgstats.stable_uuid("bgg-play", str(self.id))

    def seats(self) -> list[int]:
        """The players' indexes in seat order: by start position when every player has a different whole one,
        else as listed."""
        positions = [p.startposition for p in self.players]
        if all(WHOLE.fullmatch(p) for p in positions) and len({int(p) for p in positions}) == len(positions):
            return sorted(range(len(positions)), key=lambda i: int(positions[i]))
        return list(range(len(positions)))


@dataclass(frozen=True)
class PlaysFile:
    """A file's plays: those that can come in, and the others with why (in file order, by their index)."""

    username: str
    userid: int
    plays: list[tuple[int, Play]]
    faults: list[tuple[int, bgstats.Skipped]]


def is_xml(head: bytes) -> bool:
    """Whether a file beginning with `head` is XML (BGG's plays, or other XML) rather than JSON."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16, as some tools save text
        return True
    return head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"<")


def too_large() -> BGGError:
    return BGGError("bgg.error.too_large", limit_mb=MAX_FILE_BYTES // (1024 * 1024))


# ---- reading the XML --------------------------------------------------------------------------------------


@dataclass
class _RawPlay:
    attrs: dict[str, str]
    item: dict[str, str] | None = None
    items: int = 0
    subtypes: list[str] = dataclasses.field(default_factory=list)
    players: list[dict[str, str]] = dataclasses.field(default_factory=list)
    comments: list[str] = dataclasses.field(default_factory=list)


class _Reader:
    """The parser's target: takes each element as it comes, and stops the file at once when it nests too deep,
    holds too many elements or plays, or is not BGG's plays."""

    def __init__(self) -> None:
        self.path: list[str] = []
        self.elements = 0
        self.root = ""
        self.user: dict[str, str] = {}  # the root's attributes: whose plays they are
        self.plays: list[_RawPlay] = []
        self.text: list[str] | None = None  # where character data goes now (a play's comments, BGG's error)
        self.taken = 0  # characters of it so far
        self.message: list[str] = []  # the text of BGG's error answer

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self.path.append(tag)
        self.elements += 1
        if len(self.path) > MAX_DEPTH:
            raise BGGError("bgg.error.too_deep", limit=MAX_DEPTH)
        if self.elements > MAX_ELEMENTS:
            raise BGGError("bgg.error.too_many_elements", limit=MAX_ELEMENTS)
        where = tuple(self.path)
        if len(where) == 1:
            if tag not in ("plays", *ERROR_ROOTS):
                raise BGGError("bgg.error.not_plays", root=_shown(tag))
            self.root, self.user = tag, attrs
            if tag in ERROR_ROOTS:
                self._take(self.message)
        elif where == ("plays", "play"):
            if len(self.plays) == MAX_PLAYS:
                raise BGGError("bgg.error.too_many_plays", limit=MAX_PLAYS)
            self.plays.append(_RawPlay(attrs))
        elif where == ("plays", "play", "item"):
            self.plays[-1].item = attrs
            self.plays[-1].items += 1
        elif where == ("plays", "play", "item", "subtypes", "subtype"):
            self.plays[-1].subtypes.append(attrs.get("value", ""))
        elif where == ("plays", "play", "players", "player"):
            self.plays[-1].players.append(attrs)
        elif where == ("plays", "play", "comments"):
            self._take(self.plays[-1].comments)

    def _take(self, text: list[str] | None) -> None:
        self.text, self.taken = text, 0

    def end(self, tag: str) -> None:
        if tuple(self.path) == ("plays", "play", "comments"):
            self._take(None)
        self.path.pop()

    def data(self, text: str) -> None:
        if self.text is not None and self.taken <= MAX_TEXT:  # what is longer is refused anyway
            self.text.append(text)
            self.taken += len(text)

    def close(self) -> _Reader:
        return self


def read_plays(data: bytes) -> PlaysFile:
    """The plays of a BGG plays file, each checked. Raises BGGError."""
    if len(data) > MAX_FILE_BYTES:
        raise too_large()
    reader = _Reader()
    parser = DefusedXMLParser(target=reader, forbid_dtd=True)
    try:
        parser.feed(data)
        parser.close()
    except ParseError as error:
        line, column = error.position
        raise BGGError("bgg.error.not_xml", line=line, column=column) from None
    except DefusedXmlException:
        raise BGGError("bgg.error.unsafe") from None
    if reader.root in ERROR_ROOTS:
        raise BGGError("bgg.error.answered", message=_shown(" ".join("".join(reader.message).split())))
    plays: list[tuple[int, Play]] = []
    faults: list[tuple[int, bgstats.Skipped]] = []
    seen: set[int] = set()
    for index, raw in enumerate(reader.plays):
        try:
            play = _play(raw)
            if play.id in seen:
                raise _SkippedError("twice")
        except _SkippedError as fault:
            faults.append((index, bgstats.Skipped(_shown(raw.attrs.get("id", "")), _shown((raw.item or {}).get(
                "name", "")), fault.reason, _shown(raw.attrs.get("date", "")))))
            continue
        seen.add(play.id)
        plays.append((index, play))
    return PlaysFile(reader.user.get("username", ""), _number(reader.user.get("userid", "0")), plays, faults)


# ---- checking one play ------------------------------------------------------------------------------------


class _SkippedError(Exception):
    """Why a play does not come in (one of SKIPS)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _play(raw: _RawPlay) -> Play:
    attrs = raw.attrs
    if raw.item is None or raw.items > 1:
        raise _SkippedError("value")
    players = tuple(_player(p) for p in raw.players)
    if not players:
        raise _SkippedError("no_players")
    game = _name(" ".join(raw.item.get("name", "").split()))
    if not game:
        raise _SkippedError("value")
    return Play(
        id=_whole(attrs.get("id"), "value", least=1), date=_day(attrs.get("date", "")),
        quantity=_whole(attrs.get("quantity", "1"), "value", least=1, most=MAX_QUANTITY),
        length=_whole(attrs.get("length", "0"), "length", most=MAX_LENGTH_MIN),
        incomplete=_flag(attrs.get("incomplete", "")), nowinstats=_flag(attrs.get("nowinstats", "")),
        location=_line(attrs.get("location", "").strip()), comments=_comments("".join(raw.comments).strip()),
        game=game, objectid=_whole(raw.item.get("objectid"), "value", least=1),
        objecttype=_line(raw.item.get("objecttype", "")), subtypes=tuple(map(_line, raw.subtypes)), players=players)


def _player(attrs: dict[str, str]) -> Player:
    return Player(username=_name(attrs.get("username", "")), userid=_whole(attrs.get("userid") or "0", "value"),
                  name=_name(attrs.get("name", "")),
                  startposition=_line(attrs.get("startposition", "").strip()),
                  color=_line(attrs.get("color", "").strip()), score=_line(attrs.get("score", "").strip()),
                  new=_flag(attrs.get("new", "")), rating=_rating(attrs.get("rating") or "0"),
                  win=_flag(attrs.get("win", "")))


def _whole(text: str | None, reason: str, least: int = 0, most: int | None = None) -> int:
    if text is None or not WHOLE.fullmatch(text):
        raise _SkippedError(reason)
    value = int(text)
    if value < least or (most is not None and value > most):
        raise _SkippedError(reason)
    return value


def _number(text: str) -> int:
    return int(text) if WHOLE.fullmatch(text) else 0


def _flag(text: str) -> bool:
    if text.strip() not in FLAGS:
        raise _SkippedError("value")
    return FLAGS[text.strip()]


def _rating(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise _SkippedError("value") from None
    if not 0 <= value <= MAX_RATING:  # also NaN
        raise _SkippedError("value")
    return int(value) if value.is_integer() else value


def _day(text: str) -> str:
    if not DAY.fullmatch(text):
        raise _SkippedError("date")
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise _SkippedError("date") from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise _SkippedError("date")
    return text


def _name(text: str) -> str:
    """A name (a player's, a game's) as typed, trimmed: refused by the players' rule, length aside (a name too
    long for a player here is the import's "name"; a game's is cut to a custom game's length)."""
    name = _line(clean_name(text))
    problem = name_problem(name)
    if name and problem is not None and problem.code != "long":
        raise _SkippedError("text")
    return name


def _line(text: str) -> str:
    """Text of one line: within the backups' limit, without control characters or text-direction overrides."""
    return _checked(text, frozenset(), BIDI_CONTROLS)


def _comments(text: str) -> str:
    return _checked(text, MULTILINE, frozenset())


def _checked(text: str, allowed: frozenset[str], refused: frozenset[str]) -> str:
    if len(text) > MAX_TEXT:
        raise _SkippedError("text")
    if text.isascii() and text.isprintable():
        return text
    for char in text:
        if char in refused or (unicodedata.category(char) in ("Cc", "Cs") and char not in allowed):
            raise _SkippedError("text")
    return text


def _shown(text: str) -> str:
    """A value of a skipped play as the preview shows it: one short line of visible characters."""
    return "".join(c if c.isprintable() else "\ufffd" for c in text[:MAX_SHOWN])


# ---- the plan ----------------------------------------------------------------------------------------------


def plan_import(repo: Repository, data: bytes, renames: dict[str, str] | None = None) -> bgstats.ImportPlan:
    """Read a BGG plays file and work out what importing it would add. Raises BGGError."""
    return plan_plays(repo, read_plays(data), renames)


def plan_plays(repo: Repository, file: PlaysFile, renames: dict[str, str] | None = None) -> bgstats.ImportPlan:
    """What importing the file's plays would add, planned by the BG Stats import (`renames` as there); each play
    keeps what BGG has of it, and the plays skipped are named by their BGG ids."""
    plays = {play.uuid: (index, play) for index, play in file.plays}
    plan = bgstats.plan_import(repo, json.dumps(_as_bgstats(file), ensure_ascii=False).encode(), renames, keep=False)
    skipped = [(plays[s.uuid][0], dataclasses.replace(s, uuid=str(plays[s.uuid][1].id), played=plays[s.uuid][1].date))
               for s in plan.skipped]
    days = [play.date for _, play in file.plays]
    return dataclasses.replace(
        plan, plays=[EncodedPlay.of(_with_bgg(stored, plays[stored["record"]["bgstats_uuid"]][1], file))
                     for stored in (json.loads(planned.payload) for planned in plan.plays)],
        skipped=[s for _, s in sorted([*skipped, *file.faults], key=lambda pair: pair[0])],
        games=sorted({*plan.games, *(s.game for _, s in file.faults if s.game)}, key=str.casefold),
        first_day=min(days, default=None), last_day=max(days, default=None))


def _as_bgstats(file: PlaysFile) -> dict[str, Any]:
    """The plays as the BG Stats export that says what BG Stats would take of them."""
    players: dict[tuple[str, int], int] = {}  # (name, its nth time in one play) -> id
    games: dict[int, dict[str, Any]] = {}
    locations: dict[str, int] = {}
    plays = []
    for _, play in file.plays:
        game = games.setdefault(play.objectid, {
            "id": len(games) + 1, "uuid": bgstats.stable_uuid("bgg-game", str(play.objectid)), "name": play.game,
            "bggId": play.objectid, **({"isExpansion": 1} if EXPANSION in play.subtypes else {})})
        scores, seen = [], {}
        for seat, index in enumerate(play.seats(), start=1):
            player = play.players[index]
            name = player.shown_name
            seen[name] = seen.get(name, 0) + 1
            ref = players.setdefault((name, seen[name]), len(players) + 1)
            # only what the import reads, and no value that is its default: within its limits whatever the plays
            score = {"playerRefId": ref, "seatOrder": seat, "score": player.score, "winner": player.win,
                     "startPlayer": player.startposition == "1"}
            scores.append({key: value for key, value in score.items() if value})
        started = datetime.combine(date.fromisoformat(play.date), datetime.min.time()) + PLAY_TIME - timedelta(
            minutes=play.length)  # it ends on its day
        entry = {"uuid": play.uuid, "gameRefId": game["id"], "playDate": started.strftime(bgstats.DATE_FORMAT),
                 "durationMin": play.length, "comments": play.comments, "playerScores": scores}
        if play.location:
            entry["locationRefId"] = locations.setdefault(play.location, len(locations) + 1)
        plays.append({key: value for key, value in entry.items() if value != ""})
    return {"players": [{"id": ref, "name": name} for (name, _), ref in players.items()],
            "games": list(games.values()),
            "locations": [{"id": ref, "name": name} for name, ref in locations.items()], "plays": plays}


def _with_bgg(stored: dict[str, Any], play: Play, file: PlaysFile) -> dict[str, Any]:
    """A planned play with what BGG has of it (see the module's doc), under an id made of BGG's."""
    record = dict(stored["record"])  # without a duration when not logged (not a play of no time)
    if play.incomplete:
        record["ended_early"] = True
    names = [p["name"] for p in stored["sheet"]["players"]]  # in seat order
    here = {index: names[seat] for seat, index in enumerate(play.seats())}
    record["bgg"] = {
        "play_id": play.id, "date": play.date, "quantity": play.quantity, "length": play.length,
        "incomplete": play.incomplete, "nowinstats": play.nowinstats, "username": file.username,
        "userid": file.userid, "item": {"name": play.game, "objectid": play.objectid, "objecttype": play.objecttype,
                                        "subtypes": list(play.subtypes)},
        "players": [{**vars(p), "player": here[i]} for i, p in enumerate(play.players)]}
    return {**stored, "id": f"bgg_{play.id}", "record": record}
