"""Plays, custom games and games in progress that travel from phone to phone by QR code, with no network.

A share is a small backup (the backup's own format, so that what comes in is checked exactly as an imported
backup is: `exchange.check_backup`, the operations of a game's log by `oplog.check`), compressed with zlib and
written in base45, whose characters are QR's alphanumeric mode (5.5 bits each instead of 8). A share too long for
one code is cut into a numbered series; each code says the share's kind, the codec's version, its number in the
series and a checksum of the whole:

    TC1P:2/3:8F00A1C4:<base45 text>

The same text, one part, travels in a link's fragment, which is never sent to a server.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote

from scoring import SheetError, score_sheet, strict_json
from scoring.sheet_tools import players_in, rename_player

from . import schema
from .atomic import encode
from .definitions import DefinitionStore
from .documents import clone
from .exchange import BACKUP_FORMAT, ImportReport, check_backup, import_backup
from .play_record import record_of, renamed_in_record
from .refusal import RefusedError
from .repository import Repository

VERSION = 1
KINDS = {"play": "P", "game": "G", "draft": "D"}
PART_CHARS = 900  # base45 characters in one code: with its header, a QR code of version 20 (97 modules) at level M
MAX_PARTS = 16
MAX_PACKED = MAX_PARTS * PART_CHARS * 2 // 3  # compressed bytes a full series carries
MAX_JSON = 1024 * 1024  # a share unpacked: the largest real one (a long game's log) is a few tens of KB
CODE = re.compile(r"TC(\d{1,3})([A-Z]):(\d{1,3})/(\d{1,3}):([0-9A-F]{8}):(.*)", re.DOTALL)
BASE45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
BASE45_VALUES = {c: n for n, c in enumerate(BASE45)}


class ShareError(RefusedError):
    """A code refused before anything was stored; what is wrong in the share's content is the backup import's own
    refusal (`exchange.BackupError`)."""


@dataclass(frozen=True)
class Part:
    kind: str  # a key of KINDS
    version: int
    number: int  # from 1
    count: int
    checksum: str
    text: str


@dataclass
class Share:
    """A share whose every part came in and whose content was checked: `content` is the small backup."""

    kind: str
    content: dict[str, Any] = field(repr=False)

    @property
    def play(self) -> dict[str, Any]:
        return self.content["plays"][0]

    @property
    def draft(self) -> dict[str, Any]:
        return self.content["drafts"][0]

    @property
    def definition(self) -> dict[str, Any]:
        return self.content["definitions"][-1]

    def players(self) -> list[str]:
        document = self.play if self.kind == "play" else self.draft
        return list(players_in(document["sheet"]))


# ---- out -----------------------------------------------------------------------------------------


def play_codes(repo: Repository, play_id: str) -> list[str]:
    play = repo.play(play_id)
    if play is None:
        raise ShareError("share.error.gone")
    return codes("play", _backup(plays=[play]))


def draft_codes(repo: Repository, draft_id: str) -> list[str]:
    draft = repo.export_draft(draft_id)
    if draft is None:
        raise ShareError("share.error.gone")
    return codes("draft", _backup(drafts=[draft]))


def game_codes(repo: Repository, game_id: str) -> list[str]:
    versions = DefinitionStore(repo).versions(game_id)
    if not versions:
        raise ShareError("share.error.gone")
    return codes("game", _backup(definitions=versions[-1:]))


def codes(kind: str, content: dict[str, Any]) -> list[str]:
    """The QR texts of a share, in order."""
    packed = zlib.compress(encode(content), 9)
    if len(packed) > MAX_PACKED:
        raise ShareError("share.error.too_large", limit=MAX_PARTS)
    text, checksum = b45encode(packed), f"{zlib.crc32(packed):08X}"
    parts = [text[at:at + PART_CHARS] for at in range(0, len(text), PART_CHARS)] or [""]
    return [f"TC{VERSION}{KINDS[kind]}:{n}/{len(parts)}:{checksum}:{chunk}" for n, chunk in enumerate(parts, 1)]


def link_text(codes_: list[str]) -> str:
    """The whole share as one code, quoted for a link (which has no QR code's limit)."""
    first = parse(codes_[0])
    whole = "".join(parse(code).text for code in codes_)
    return quote(f"TC{VERSION}{KINDS[first.kind]}:1/1:{first.checksum}:{whole}", safe="")


def _backup(plays: list[dict[str, Any]] | None = None, drafts: list[dict[str, Any]] | None = None,
            definitions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"format": BACKUP_FORMAT, "schema": schema.SCHEMA_VERSION, "players": [], "drafts": drafts or [],
            "plays": plays or [], "definitions": definitions or [], "shelf": []}


# ---- in ------------------------------------------------------------------------------------------


def parse(code: str) -> Part:
    """One code's header and text; ShareError when it is not one of ours, or from a newer app."""
    found = CODE.fullmatch(code.strip())
    if found is None:
        raise ShareError("share.error.not_ours")
    version, letter, number, count, checksum, text = found.groups()
    if int(version) > VERSION:
        raise ShareError("share.error.newer")
    kind = next((k for k, v in KINDS.items() if v == letter), None)
    if kind is None or int(version) < 1:
        raise ShareError("share.error.not_ours")
    if not 1 <= int(number) <= int(count) <= MAX_PARTS:
        raise ShareError("share.error.too_large", limit=MAX_PARTS)
    if len(text) > PART_CHARS * (1 if int(count) > 1 else MAX_PARTS):
        raise ShareError("share.error.too_large", limit=MAX_PARTS)
    return Part(kind, int(version), int(number), int(count), checksum, text)


def from_link(text: str) -> Share:
    """The share a link carries (`link_text`), quoted still or already unquoted by the browser."""
    return decode([text if CODE.fullmatch(text) else unquote(text)])


def decode(texts: list[str]) -> Share:
    """The share the codes of one series make, checked as a backup import checks a file; ShareError or
    exchange.BackupError (both with a catalog key) when refused. Nothing is stored."""
    parts = [parse(text) for text in texts]
    if not parts:
        raise ShareError("share.error.missing", missing="1")
    first = parts[0]
    if any((p.kind, p.version, p.count, p.checksum) != (first.kind, first.version, first.count, first.checksum)
           for p in parts):
        raise ShareError("share.error.mixed")
    numbered = {p.number: p.text for p in parts}
    missing = [str(n) for n in range(1, first.count + 1) if n not in numbered]
    if missing:
        raise ShareError("share.error.missing", missing=", ".join(missing))
    try:
        packed = b45decode("".join(numbered[n] for n in range(1, first.count + 1)))
    except ValueError:
        raise ShareError("share.error.damaged") from None
    if f"{zlib.crc32(packed):08X}" != first.checksum:
        raise ShareError("share.error.damaged")
    data = _unpacked(packed)
    check_backup(data)
    content = _content(data)
    _check_kind(first.kind, content)
    return Share(first.kind, content)


def _unpacked(packed: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(packed, MAX_JSON)
    except zlib.error:
        raise ShareError("share.error.damaged") from None
    if inflater.unconsumed_tail:
        raise ShareError("share.error.too_large", limit=MAX_PARTS)
    if not inflater.eof or inflater.unused_data:
        raise ShareError("share.error.damaged")
    return data


def _content(data: bytes) -> dict[str, Any]:
    return strict_json.decoder().decode(data.decode("utf-8"))


def _check_kind(kind: str, content: dict[str, Any]) -> None:
    """A share holds exactly what its kind says: one play, one game in progress with its log, or one custom game."""
    counts = {section: len(content.get(section) or []) for section in ("players", "plays", "drafts", "definitions",
                                                                       "shelf")}
    wanted = {"play": {"plays": 1}, "draft": {"drafts": 1}, "game": {"definitions": 1}}[kind]
    extra = {"definitions": counts["definitions"]} if kind != "game" else {}  # a custom game's play names its own
    if counts != {**dict.fromkeys(counts, 0), **extra, **wanted} or set(content) - {*counts, "format", "schema"}:
        raise ShareError("share.error.not_ours")
    if kind == "draft" and not content["drafts"][0].get("log"):
        raise ShareError("share.error.not_ours")


def receive(repo: Repository, share: Share, names: dict[str, str] | None = None) -> ImportReport:
    """Store what the share brings: a play with its players called as `names` says (a player of the play ->
    the name it has here); a play or game already here is not stored twice (the report says so)."""
    content = clone(share.content)
    if share.kind == "play" and names:
        content["plays"] = [_renamed(content["plays"][0], names)]
    return import_backup(repo, encode(content))


def _renamed(play: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The play with its players renamed at once (a swap of two names included); scored again, as the rules
    name the players in the result."""
    changes = {old: new for old, new in names.items() if old != new}
    if len(set(changes.values())) != len(changes) or set(changes.values()) & (set(players_in(play["sheet"]))
                                                                               - set(changes)):
        raise ShareError("share.error.same_player")
    sheet = play["sheet"]
    try:
        stand_ins = {old: f"\u2063{n}" for n, old in enumerate(changes)}  # no name holds an invisible separator
        for old, stand_in in stand_ins.items():
            sheet = rename_player(sheet, old, stand_in)
        for old, stand_in in stand_ins.items():
            sheet = rename_player(sheet, stand_in, changes[old])
    except SheetError:
        raise ShareError("share.error.not_ours") from None
    result = score_sheet(sheet)
    renamed = {**play, "sheet": sheet, "rules_version": result.rules_version, "result": result.to_json()}
    return {**renamed, "record": renamed_in_record(record_of(play), changes)} if "record" in play else renamed


# ---- base45 (RFC 9285) ---------------------------------------------------------------------------


def b45encode(data: bytes) -> str:
    out = []
    for at in range(0, len(data) - 1, 2):
        n = data[at] * 256 + data[at + 1]
        out += [BASE45[n % 45], BASE45[n // 45 % 45], BASE45[n // 2025]]
    if len(data) % 2:
        out += [BASE45[data[-1] % 45], BASE45[data[-1] // 45]]
    return "".join(out)


def b45decode(text: str) -> bytes:
    """ValueError when `text` is not base45."""
    try:
        values = [BASE45_VALUES[c] for c in text]
    except KeyError:
        raise ValueError("not base45") from None
    if len(values) % 3 == 1:
        raise ValueError("not base45")
    out = bytearray()
    for at in range(0, len(values), 3):
        chunk = values[at:at + 3]
        n = sum(v * 45**i for i, v in enumerate(chunk))
        if len(chunk) == 3:
            if n > 0xFFFF:
                raise ValueError("not base45")
            out += n.to_bytes(2, "big")
        else:
            if n > 0xFF:
                raise ValueError("not base45")
            out.append(n)
    return bytes(out)
