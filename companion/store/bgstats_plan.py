"""A BG Stats import: what the file would add (the plan the preview shows), and storing it.

Plays of built-in games (matched by bggId, then by name) become history plays marked `imported` with totals
only; plays of other games become plays of a custom game with one category, the score, also marked `imported`
with BG Stats' result stored. A score is kept as written and counts as the number it is (bgstats_scores). A
play's date is the day it started (BG Stats' playDate), its end that plus its duration. Each play keeps what the
app does not model, as the file has it (its `bgstats` member: the play, its scores, and the uuids of its game,
place and players), and the file's players, games, places and other sections are kept too (bgstats_keep), so
that an export writes them back. A play whose BG Stats uuid is already in the history is skipped. A play BG Stats
marks ignored comes in like the others, its record marked `ignored` (listed, left out of statistics and ratings:
summary.PlaySummary.counted). The file's expansions are kept linked to their base game
(bgstats_teams.expansion_bases), and an expansion played as a game of its own is shelved off Home (its plays stay
in the history).

Players are matched by name. Two players of the file whose names look the same (different BG Stats ids) stay
two players here, the second numbered ("Alex 2"), unless the preview is told they are one (a rename); a name
new here that a known player has in another case is suggested to be that player.
"""

from __future__ import annotations

import unicodedata
import uuid as uuids
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

import scoring
from scoring import GameSpec, all_specs
from scoring.engine import MAX_NAME_LENGTH
from scoring.names import BIDI_CONTROLS, clean_name, look_alike_key, name_problem

from .bgstats_ids import play_uuid, stable_uuid
from .bgstats_keep import Kept, KeptStore
from .bgstats_read import Content, is_a, play_fault, played_at, read_bgstats
from .bgstats_scores import Number, score_number
from .bgstats_teams import EXPANSION_OF, expansion_bases, record_part
from .definitions import DefinitionStore
from .plays import EncodedPlay, normalised
from .repository import Repository, new_id, now_iso

BATCH = 1000  # plays stored at a time (the progress bar moves between them)
MAX_BGG_ID = 10**9  # the largest id a custom game's definition takes (BoardGameGeek's are below 500,000)
CUSTOM_NAME = 40  # the longest name a custom game has (the whole name is kept for the export)
CUSTOM_MAX_PLAYERS = 20
CUSTOM_LIMIT = 1_000_000  # the bounds of a custom game's category
PROGRESS_EVERY = 500  # plays between two words to a progress bar
READ_SHARE = 0.3  # of a preview's time: reading the file (the rest: planning its plays; measured in Pyodide)
KEPT_SKIPS = frozenset({"other_game", "player_count", "name", "score"})  # written back on export


@dataclass(frozen=True)
class Skipped:
    uuid: str
    game: str
    reason: str  # a catalog key: bgstats.skip.<reason>
    played: str  # when, as BG Stats has it ("YYYY-MM-DD HH:MM:SS", local time)


@dataclass(frozen=True)
class SameName:
    """Players of the file (different BG Stats ids) of the same name: they come in as `names`."""

    name: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class ImportPlan:
    """What an import would do, computed without writing anything (the preview shows it)."""

    plays: list[EncodedPlay]  # ready to store
    skipped: list[Skipped]
    players: list[str]  # everyone in the file who plays, as named here
    new_players: list[str]  # of those, the ones with no profile here, as the file spells them
    games: list[str]  # every game in the file, by name
    matched: dict[str, str]  # BG Stats game name -> built-in game id
    first_day: str | None
    last_day: str | None
    coming: frozenset[str] = frozenset()  # names (here) in the plays that come in
    names_here: dict[str, str] = field(default_factory=dict)  # each player as the file spells it -> as named here
    definitions: tuple[dict[str, Any], ...] = ()  # the custom games those plays are of
    kept: Kept = field(default_factory=Kept)
    same_names: tuple[SameName, ...] = ()
    expansions: frozenset[str] = frozenset()  # the games here that are the file's expansions (off Home)

    @property
    def total_plays(self) -> int:
        return len(self.plays) + len(self.skipped)

    def reasons(self) -> Counter[str]:
        return Counter(s.reason for s in self.skipped)

    @property
    def new_players_coming(self) -> list[str]:
        """Players new here (as the file spells them) who play in a play that comes in."""
        return [n for n in self.new_players if self.names_here.get(n, n) in self.coming]


def suggested_renames(repo: Repository, plan: ImportPlan) -> dict[str, str]:
    """What the preview first takes each player new here as: the known player whose name looks the same
    ("mina" is Mina). `plan_import(repo, data, renames)` plans with them."""
    known = {look_alike_key(p["name"]): p["name"] for p in repo.players()}
    return {n: known[key] for n in plan.new_players_coming if (key := look_alike_key(n)) in known}


def custom_games_available() -> bool:
    """Plays of other games come in as custom games once the engine knows custom games (spec_for_sheet)."""
    return hasattr(scoring, "spec_for_sheet")


@dataclass
class _GameFacts:
    """What the plays of one BG Stats game say of it."""

    together: bool = True  # in every play everyone won or everyone lost
    numbers: bool = False  # some score is a number
    missing: bool = False  # some score is not (a blank)
    winners_only: bool = False  # some play has no score that is a number: BG Stats holds only who won


def _told(progress: Callable[[float], None] | None, data: bytes) -> Callable[[int, float, float], None]:
    """`told(index, start, share)`: the fraction done at a play's index in a pass that is `share` of the work after
    `start`, said every PROGRESS_EVERY plays. Every play has a "playDate": their count is the file's plays (near
    enough for a progress bar, and found at memchr's speed)."""
    if progress is None:
        return lambda index, start, share: None
    total = max(1, data.count(b'"playDate"'))

    def told(index: int, start: float, share: float) -> None:
        if index % PROGRESS_EVERY == 0:
            progress(start + share * min(1.0, index / total))
    return told


def _facts(facts: dict[int, _GameFacts], played_with: dict[int, Counter[int]]) -> Callable[[int, dict[str, Any]], None]:
    """`played_with`: for each game a play names among its expansions, the games of those plays."""
    def seen(index: int, play: dict[str, Any]) -> None:
        scores = play.get("playerScores")
        ref = play.get("gameRefId")
        if not is_a(ref, int) or not isinstance(scores, list) or not all(isinstance(s, dict) for s in scores):
            return
        expansions = play.get("expansionPlays")
        for entry in expansions if isinstance(expansions, list) else ():
            if isinstance(entry, dict) and is_a(entry.get("gameRefId"), int) and entry["gameRefId"] != ref:
                played_with.setdefault(entry["gameRefId"], Counter())[ref] += 1
        found = facts.setdefault(ref, _GameFacts())
        found.together &= len({bool(s.get("winner")) for s in scores}) <= 1
        numbers = [score_number(s.get("score")) for s in scores]
        found.numbers |= any(n is not None for n in numbers)
        found.missing |= any(n is None for n in numbers)
        found.winners_only |= all(n is None for n in numbers)
    return seen


@dataclass(frozen=True)
class _Target:
    """What a BG Stats game becomes here: a built-in game, or a custom game with one category (its score)."""

    game: str
    rules_version: int
    min_players: int
    max_players: int
    needs_scores: bool  # a built-in game: every player's total must be a number
    lowest_wins: bool
    definition: dict[str, Any] | None = None  # a custom game's, carried inline by its sheets

    def sheet(self, names: list[str], scores: list[Number | None], winners: list[str]) -> dict[str, Any]:
        if self.definition is None:
            return {"game": self.game, "players": [{"name": n} for n in names]}
        keep = bool(self.definition["categories"])
        sheet: dict[str, Any] = {"game": self.game, "definition": self.definition,
                                 "players": [{"name": n, **({"score": v} if keep and v is not None else {})}
                                             for n, v in zip(names, scores, strict=True)]}
        if self.definition["cooperative"]:
            sheet["outcome"] = "won" if winners else "lost"
        elif self.definition["no_points"]:
            sheet["winners"] = winners
        return sheet


def match_game(game: dict[str, Any]) -> GameSpec | None:
    bgg = game.get("bggId") or 0
    specs = all_specs()
    by_bgg = next((s for s in specs if bgg and s.bgg_id == bgg), None)
    if by_bgg is not None:
        return by_bgg
    name = " ".join(str(game["name"]).split()).casefold()
    return next((s for s in specs if name in (*(n.casefold() for n in s.name.to_json().values()), s.id)), None)


def _target(game: dict[str, Any], facts: _GameFacts) -> _Target | None:
    spec = match_game(game)
    if spec is not None:
        return _Target(spec.id, spec.rules_version, spec.min_players, spec.max_players, True, spec.lowest_wins)
    if not custom_games_available():
        return None
    # co-operative: everyone wins or loses together; a game where only some win (a traitor) is "no points",
    # and so is a game with plays that BG Stats holds only the winners of (the scores, where given, stay); a
    # blank score among numbers is no score, and the game keeps its points
    cooperative = bool(game.get("cooperative")) and facts.together
    no_points = not cooperative and (bool(game.get("noPoints")) or bool(game.get("cooperative"))
                                     or facts.winners_only)
    name = _game_name(str(game["name"]))
    definition: dict[str, Any] = {
        "id": "custom-bgs-" + uuids.UUID(stable_uuid("game", str(game.get("uuid") or game["name"]))).hex[:12],
        "version": 1, "name": name, "players": {"min": 1, "max": CUSTOM_MAX_PLAYERS},
        "categories": [{"key": "score", "name": "Score", "names": {"en": "Score", "ko": "점수"},
                        "min": -CUSTOM_LIMIT, "max": CUSTOM_LIMIT, "optional": facts.missing}]
        if facts.numbers else [],
        "scoring": "final", "win": "highest" if game.get("highestWins", True) else "lowest",
        "cooperative": cooperative, "no_points": no_points}
    if is_a(game.get("bggId"), int) and 0 < game["bggId"] <= MAX_BGG_ID:
        definition["bgg_id"] = game["bggId"]
    return _Target(definition["id"], 1, 1, CUSTOM_MAX_PLAYERS, False, definition["win"] == "lowest", definition)


def _game_name(raw: str) -> str:
    """A game's name as BG Stats shows it, without what the names' rule refuses and a player would not see as
    part of it (control characters, text-direction overrides): the game comes in rather than stopping the import."""
    shown = "".join(c for c in raw if c not in BIDI_CONTROLS and unicodedata.category(c) != "Cc")
    name = " ".join(clean_name(shown).split())[:CUSTOM_NAME].strip()
    return name if name and name_problem(name, max_length=CUSTOM_NAME) is None else "BG Stats"


def _numbered(name: str, n: int) -> str:
    return f"{name[:MAX_NAME_LENGTH - len(str(n)) - 1]} {n}"


def _unique(names: Iterable[str], taken: set[str] | None = None) -> list[str]:
    """Names made unique by look: within one play ("Anonymous player", "Anonymous player 2"), or among players.
    `taken`: the look-alike keys of names given already (added to)."""
    out: list[str] = []
    keys = set() if taken is None else taken
    for name in names:
        candidate, n = name, 1
        while look_alike_key(candidate) in keys:
            n += 1
            candidate = _numbered(name, n)
        keys.add(look_alike_key(candidate))
        out.append(candidate)
    return out


def _name(player: dict[str, Any]) -> str:
    return " ".join(str(player["name"]).split())


def _file_names(content: Content) -> tuple[dict[int, str], tuple[SameName, ...]]:
    """Each BG Stats player's name as the preview spells it: players of the same name are numbered ("Alex 2")."""
    groups: dict[str, list[int]] = {}
    for ref, player in content.players.items():
        groups.setdefault(_name(player), []).append(ref)
    names: dict[int, str] = {}
    taken = set(groups)
    for name, refs in groups.items():
        for n, ref in enumerate(refs, start=1):
            candidate, k = name, n
            while n > 1 and (candidate == name or candidate in taken):
                candidate, k = _numbered(name, k), k + 1
            taken.add(candidate)
            names[ref] = candidate
    same = tuple(SameName(name, tuple(names[ref] for ref in refs)) for name, refs in groups.items() if len(refs) > 1)
    return {ref: names[ref] for ref in content.players}, same


def _resolved(name: str, renames: dict[str, str]) -> str:
    seen = {name}
    while name in renames and renames[name] not in seen:
        name = renames[name]
        seen.add(name)
    return name


def _known_uuids(repo: Repository) -> set[str]:
    """BG Stats uuids already in the history: of imported plays, and of every play as our export names it."""
    found: set[str] = set()
    for play in repo.plays_newest_first():
        found.update((play_uuid(play), stable_uuid("play", play["id"])))
    return found


def _to_utc(local: datetime) -> datetime:
    return local.astimezone().astimezone(UTC)  # a naive time is this computer's local time


def plan_import(repo: Repository, data: bytes, renames: dict[str, str] | None = None, keep: bool = True,
                progress: Callable[[float], None] | None = None) -> ImportPlan:
    """Read a BG Stats file and work out what importing it would add. Raises BGStatsError. `keep`: keep what the
    app does not model (False for a file made from another app's plays, which keep their own). `progress(fraction)`
    every PROGRESS_EVERY plays, while the file is read (the first READ_SHARE) and while its plays are planned."""
    facts: dict[int, _GameFacts] = {}
    played_with: dict[int, Counter[int]] = {}
    told = _told(progress, data)
    seen = _facts(facts, played_with)

    def read(index: int, play: dict[str, Any]) -> None:
        seen(index, play)
        told(index, 0.0, READ_SHARE)

    content = read_bgstats(data, read)
    renames = renames or {}
    file_names, same_names = _file_names(content)
    profiles = {p["id"]: p["name"] for p in repo.players()}
    before = KeptStore(repo).read().players  # players of files imported before: the profiles they came in as
    linked = {ref: profiles[entry["profile"]] for ref, player in content.players.items()
              if (entry := before.get(_uuid_of(player) or "")) is not None and entry.get("profile") in profiles}
    here = _names_here(file_names, renames, set(profiles.values()), linked)
    known = _known_uuids(repo)
    targets = {ref: _target(game, facts.get(ref, _GameFacts())) for ref, game in content.games.items()}
    matched = {str(g["name"]): spec.id for g in content.games.values() if (spec := match_game(g)) is not None}
    bases = {ref: None if base is None or (found := targets.get(base)) is None else found.game
             for ref, base in expansion_bases(content.games, set(facts), played_with).items()}
    plays: list[EncodedPlay] = []
    skipped: list[Skipped] = []
    kept_plays: dict[str, dict[str, Any]] = {}
    playing: dict[str, None] = {}
    coming: set[str] = set()
    definitions: dict[str, dict[str, Any]] = {}
    days: list[str] = []
    seen_uuids: set[str] = set()
    for index, play in content.plays():
        told(index, READ_SHARE, 1 - READ_SHARE)
        reason = play_fault(content, index, play, seen_uuids)
        if is_a(play.get("uuid"), str):
            seen_uuids.add(play["uuid"])
        if reason is not None:
            skipped.append(_skipped(content, play, reason))
            continue
        seats = sorted(play["playerScores"], key=_seat)
        names = _unique(here[s["playerRefId"]] for s in seats)
        playing.update(dict.fromkeys(names))
        days.append(play["playDate"][:10])
        target = targets[play["gameRefId"]]
        numbers = [score_number(s.get("score")) for s in seats]
        reason = _skip_reason(play, target, names, numbers, known)
        if reason is not None:
            skipped.append(_skipped(content, play, reason))
            if keep and reason in KEPT_SKIPS:
                kept_plays[play["uuid"]] = _extras(content, play, seats, names)
            continue
        assert target is not None
        imported = _imported_play(content, play, seats, numbers, target, names)
        if keep:
            imported["bgstats"] = _extras(content, play, seats, names)
        plays.append(EncodedPlay.of(normalised(imported)))
        coming.update(names)
        if target.definition is not None:
            definitions.setdefault(target.game, target.definition)
    kept = _kept(content, here, targets, bases, kept_plays) if keep else Kept()
    expansions = {t.game for ref in bases if (t := targets.get(ref)) is not None and t.definition is not None}
    names_here = {file_names[ref]: name for ref, name in here.items()}
    new = [n for n, name in names_here.items() if name in playing and name not in profiles.values()]
    return ImportPlan(plays, skipped, list(playing), new,
                      sorted({str(g["name"]) for g in content.games.values()}, key=str.casefold), matched,
                      min(days, default=None), max(days, default=None), frozenset(coming), names_here,
                      tuple(definitions.values()), kept, same_names, frozenset(expansions))


def _names_here(file_names: dict[int, str], renames: dict[str, str], profiles: set[str],
                linked: dict[int, str]) -> dict[int, str]:
    """Each BG Stats player's name here: as renamed in the preview, else the profile an earlier import linked
    them to, else as the file spells it; a new name that looks like a known player's (and is not that player) is
    numbered, so that two profiles never look alike."""
    here: dict[int, str] = {}
    given: set[str] = set()
    taken = {look_alike_key(p) for p in profiles}
    for ref, name in file_names.items():
        final = _resolved(name, renames) if name in renames else linked.get(ref, name)
        if final not in profiles and final not in given:
            final = _unique([final], taken)[0]
        here[ref] = final
        given.add(final)
    return here


def _seat(score: dict[str, Any]) -> int:
    seat = score.get("seatOrder")
    return seat if is_a(seat, int) else 0


def _skipped(content: Content, play: dict[str, Any], reason: str) -> Skipped:
    game = content.games.get(play.get("gameRefId"))  # type: ignore[arg-type]
    date = play.get("playDate")
    return Skipped(str(play.get("uuid") or ""), str(game["name"]) if game else "", reason,
                   date if isinstance(date, str) else "")


def _skip_reason(play: dict[str, Any], target: _Target | None, names: list[str], numbers: list[Number | None],
                 known: set[str]) -> str | None:
    if play["uuid"] in known:
        return "already"
    if target is None:
        return "other_game"
    if not target.min_players <= len(names) <= target.max_players:
        return "player_count"
    if any(name_problem(n) is not None for n in names):
        return "name"
    if target.needs_scores and None in numbers:
        return "score"
    return None


def _uuid_of(entry: dict[str, Any] | None) -> str | None:
    return entry["uuid"] if entry is not None and is_a(entry.get("uuid"), str) else None


def _extras(content: Content, play: dict[str, Any], seats: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """What the app does not model of a play, as the file has it, with the uuids of what it refers to."""
    return {"play": {k: v for k, v in play.items() if k != "playerScores"}, "scores": seats,
            "players": [_uuid_of(content.players[s["playerRefId"]]) for s in seats], "as": names,
            "game": _uuid_of(content.games[play["gameRefId"]]),
            "location": _uuid_of(content.locations.get(play.get("locationRefId") or 0))}


def _imported_play(content: Content, play: dict[str, Any], seats: list[dict[str, Any]], numbers: list[Number | None],
                   target: _Target, names: list[str]) -> dict[str, Any]:
    totals = {name: number or 0 for name, number in zip(names, numbers, strict=True)}
    winners = [name for name, s in zip(names, seats, strict=True) if s.get("winner")]
    ranks = {name: rank if is_a(rank := s.get("rank"), int) else 0 for name, s in zip(names, seats, strict=True)}
    result = {"game": target.game, "rules_version": target.rules_version,
              "players": [{"name": n, "total": totals[n], "breakdown": {}, "eliminated": False} for n in names],
              "ranking": _ranking(names, totals, winners, ranks, target.lowest_wins), "winners": winners,
              "tiebreaks": [], "finished": True, "end_reason": None, "progress": [], "extras": {}}
    started = _to_utc(played_at(play["playDate"]))  # type: ignore[arg-type]
    duration = play.get("durationMin") or 0
    location = content.locations.get(play.get("locationRefId") or 0)
    record: dict[str, Any] = {"bgstats_uuid": play["uuid"], "location": location["name"] if location else "",
                              "note": play.get("comments") or ""}
    if duration:
        record["duration_min"] = duration
    if play.get("ignored") is True:
        record["ignored"] = True
    starter = next((n for n, s in zip(names, seats, strict=True) if s.get("startPlayer") is True), None)
    if starter is not None:
        record["start_player"] = starter
    record.update(record_part(play, seats, names, content.games))
    return {"id": "bgs_" + uuids.UUID(stable_uuid("import", play["uuid"])).hex, "game": target.game,
            "imported": True, "sheet": target.sheet(names, numbers, winners),
            "rules_version": target.rules_version, "result": result,
            "started_at": started.isoformat(timespec="seconds"),
            "finished_at": (started + timedelta(minutes=duration)).isoformat(timespec="seconds"),
            "imported_at": now_iso(), "record": record}


def _ranking(names: list[str], totals: dict[str, Number], winners: list[str], ranks: dict[str, int],
             lowest_wins: bool = False) -> list[list[str]]:
    """Tied groups best first: BG Stats' ranks when every player has one, else winners first, then by score."""
    if all(ranks[n] > 0 for n in names):
        def key(n: str) -> tuple[Number, ...]:
            return (ranks[n],)
    else:
        def key(n: str) -> tuple[Number, ...]:
            return (0 if n in winners else 1, totals[n] if lowest_wins else -totals[n])
    groups: list[list[str]] = []
    for name in sorted(names, key=key):
        if groups and key(groups[-1][0]) == key(name):
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups


def _kept(content: Content, here: dict[int, str], targets: dict[int, _Target | None], bases: dict[int, str | None],
          plays: dict[str, dict[str, Any]]) -> Kept:
    """The file's players, games, places, other sections and plays not in the history as it has them, with what
    each is here (an expansion: also the game here it expands, `expansion_of`, None when unknown)."""
    kept = Kept(plays=plays)
    for ref, player in content.players.items():
        if (key := _uuid_of(player)) is not None:
            kept.players[key] = {"object": player, "name": here[ref], "profile": None}
    for ref, game in content.games.items():
        if (key := _uuid_of(game)) is not None:
            target = targets.get(ref)
            kept.games[key] = {"object": game, "game": target.game if target is not None else None,
                               **({EXPANSION_OF: bases[ref]} if ref in bases else {})}
    for location in content.locations.values():
        if (key := _uuid_of(location)) is not None:
            kept.locations[key] = {"object": location, "name": location["name"]}
    kept.sections = {k: v for k, v in content.sections.items() if k != "about"}
    info = content.sections.get("userInfo")
    me = content.players.get(info.get("meRefId")) if isinstance(info, dict) else None  # type: ignore[arg-type]
    kept.me = _uuid_of(me)
    return kept


@dataclass(frozen=True)
class ImportReport:
    plays_added: int
    plays_skipped: int
    players_added: int


def run_import(repo: Repository, plan: ImportPlan, progress: Callable[[int, int], None] | None = None) -> ImportReport:
    """Store what the plan holds, all of it or nothing: the plays in batches (each batch writes each shard once;
    `progress(done, total)` after each), then the profiles of new names, the custom games and what the app does
    not model. When a write fails, the plays stored so far are taken out again and the error raised. Plays
    already stored (by id) are not stored twice."""
    added: list[str] = []
    total = len(plan.plays)
    stored = {s.id for s in repo.summaries()}
    try:
        for start in range(0, total, BATCH):
            batch = plan.plays[start:start + BATCH]
            repo.add_encoded_plays(batch)
            added += [p.summary.id for p in batch if p.summary.id not in stored]
            if progress is not None:
                progress(min(start + BATCH, total), total)
        players_added = repo.add_profiles([{"id": new_id(), "name": n, "colour": None, "created_at": now_iso()}
                                           for n in sorted(plan.coming)])
        # games this app does not have come in as custom games: listed with the others, to play them again here
        games = DefinitionStore(repo)
        games.add_versions(plan.definitions)
        games.file_as_expansions(plan.expansions)
        KeptStore(repo).add(_linked(repo, plan.kept))
    except BaseException:
        repo.remove_plays(set(added))
        raise
    return ImportReport(len(added), plan.total_plays - len(added), players_added)


def _linked(repo: Repository, kept: Kept) -> Kept:
    """The kept players linked to the profiles they came in as (by id: a rename keeps the link)."""
    ids = {p["name"]: p["id"] for p in repo.players()}
    return replace(kept, players={key: {**entry, "profile": ids.get(entry["name"])}
                                  for key, entry in kept.players.items()})


def import_bgstats(repo: Repository, data: bytes) -> ImportReport:
    return run_import(repo, plan_import(repo, data))
