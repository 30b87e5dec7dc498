"""Custom games: definitions become specs, their sheets score and rank by the win rule and the tiebreak chain.

Oracle for free: the definitions of Patchwork and Kahuna in `scoring.builtin_definitions` rank random valid
sheets of those games exactly as the built-in modules do.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import SheetError, get_spec, score_sheet, spec_for_sheet
from scoring.builtin_definitions import CANNOT, DEFINITIONS, definition_of
from scoring.cli import main
from scoring.custom import NAME_LANGUAGES, spec_from_definition
from scoring.games import kahuna
from scoring.registry import REGISTRY

from .strategies import NAMES, junk, spec_sheets

PROFILE = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WINGSPAN = {
    "id": "custom-wingspan", "name": "Wingspan", "names": {"ko": "윙스팬"},
    "players": {"min": 1, "max": 5},
    "categories": [{"key": "birds", "name": "Birds"},
                   {"key": "sets", "name": "Sets", "multiplier": 2, "max": 10},
                   {"key": "food", "name": "Food left", "counts": False, "optional": True}],
    "tiebreaks": [{"most": "birds"}, {"least": "food"}, {"chosen": "First to finish", "key": "first"}],
}


def sheet_of(definition: dict[str, Any], players: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    return {"game": definition["id"], "definition": definition, "players": players, **top}


# ---- rulebook-style cases ----------------------------------------------------------------------------------

def test_multiplier_and_tiebreak_only_categories() -> None:
    result = score_sheet(sheet_of(WINGSPAN, [{"name": "Ann", "birds": 10, "sets": 2, "food": 3},
                                             {"name": "Bo", "birds": 9, "sets": 1}]))
    assert result.player("Ann").breakdown == {"birds": 10, "sets": 4}
    assert result.player("Bo").total == 11
    assert result.winners == ["Ann"]


def test_tie_broken_by_fewer_of_a_category_explained_in_words() -> None:
    result = score_sheet(sheet_of(WINGSPAN, [{"name": "Ann", "birds": 10, "food": 3, "sets": 1},
                                             {"name": "Bo", "birds": 10, "food": 1, "sets": 1}]))
    assert result.ranking == [["Bo"], ["Ann"]]
    assert result.tiebreaks[0].decided_by == "least_food"
    assert "Bo wins with fewer Food left: 1 against 3" in result.tiebreaks[0].text.render("en")
    assert "Food left이(가) 더 적어" in result.tiebreaks[0].text.render("ko")


def test_blank_optional_category_skips_its_tiebreak_and_the_table_chooses() -> None:
    players = [{"name": "Ann", "birds": 10, "sets": 1}, {"name": "Bo", "birds": 10, "food": 1, "sets": 1}]
    assert score_sheet(sheet_of(WINGSPAN, players)).ranking == [["Ann", "Bo"]]
    result = score_sheet(sheet_of(WINGSPAN, players, first="Ann"))
    assert result.ranking == [["Ann"], ["Bo"]]
    assert result.tiebreaks[0].decided_by == "chosen_first"


def test_lowest_total_wins_with_negative_values() -> None:
    golf = {"id": "custom-golf", "name": "Golf", "players": {"min": 2, "max": 8}, "win": "lowest",
            "categories": [{"key": "strokes", "name": "Strokes", "min": -5, "max": 20}],
            "scoring": "rounds", "rounds": 3}
    rounds = [{"Ann": 4, "Bo": -2}, {"Ann": 3, "Bo": 5}, {"Ann": 1, "Bo": 2}]
    result = score_sheet(sheet_of(golf, [{"name": "Ann"}, {"name": "Bo"}], rounds=rounds))
    assert [p.total for p in result.players] == [8, 5]
    assert result.winners == ["Bo"] and result.finished
    assert result.progress == [{"Ann": 4, "Bo": -2}, {"Ann": 7, "Bo": 3}, {"Ann": 8, "Bo": 5}]
    assert not score_sheet(sheet_of(golf, [{"name": "Ann"}, {"name": "Bo"}], rounds=rounds[:2])).finished


def test_open_ended_rounds_of_several_categories() -> None:
    definition = {"id": "custom-quest", "name": "퀘스트", "players": {"min": 2, "max": 4}, "scoring": "rounds",
                  "categories": [{"key": "gold", "name": "금"}, {"key": "gems", "name": "보석", "multiplier": 3}]}
    rounds = [{"A": {"gold": 2, "gems": 1}, "B": {"gold": 1, "gems": 0}}] * 5
    result = score_sheet(sheet_of(definition, [{"name": "A"}, {"name": "B"}], rounds=rounds))
    assert result.player("A").breakdown == {"gold": 10, "gems": 15} and result.finished
    assert spec_for_sheet(sheet_of(definition, [])).name.render("ko") == "퀘스트"


def test_cooperative_everyone_wins_or_loses_together() -> None:
    coop = {"id": "custom-pandemic", "name": "Pandemic", "players": {"min": 2, "max": 4}, "cooperative": True,
            "categories": []}
    players = [{"name": "Ann"}, {"name": "Bo"}]
    won = score_sheet(sheet_of(coop, players, outcome="won"))
    assert won.winners == ["Ann", "Bo"] and won.ranking == [["Ann", "Bo"]]
    lost = score_sheet(sheet_of(coop, players, outcome="lost"))
    assert lost.winners == [] and lost.ranking == [["Ann", "Bo"]]
    with pytest.raises(SheetError) as missing:
        score_sheet(sheet_of(coop, players))
    assert missing.value.path == "outcome" and missing.value.code == "required"


def test_no_points_the_table_picks_the_winners_and_the_score_orders_the_rest() -> None:
    imported = {"id": "custom-bgg-13", "name": "Catan", "players": {"min": 2, "max": 6}, "no_points": True,
                "bgg_id": 13, "categories": [{"key": "score", "name": "Score", "optional": True}]}
    players = [{"name": "Ann", "score": 4}, {"name": "Bo", "score": 9}, {"name": "Cy"}]
    result = score_sheet(sheet_of(imported, players, winners=["Ann"]))
    assert result.winners == ["Ann"]
    assert result.ranking == [["Ann"], ["Bo"], ["Cy"]]
    assert score_sheet(sheet_of(imported, players, winners=[])).winners == []


COUNTER = {"id": "custom-quick-1", "name": "Quick game", "players": {"min": 1, "max": 20}, "scoring": "counter",
           "categories": [{"key": "points", "name": "Points", "min": -1000, "max": 1000, "steps": [1, 5, -1]},
                          {"key": "coins", "name": "Coins", "max": 9, "multiplier": 2}],
           "tiebreaks": [{"most": "coins"}]}


def moved(player: str, by: int, key: str = "points") -> dict[str, Any]:
    return {"player": player, "key": key, "by": by}


def test_a_counter_sheet_adds_up_each_players_changes_and_the_table_ends_it() -> None:
    changes = [moved("Ann", 5), moved("Bo", 1), moved("Ann", -1), moved("Bo", 2, "coins"), moved("Bo", 1)]
    result = score_sheet(sheet_of(COUNTER, [{"name": "Ann"}, {"name": "Bo"}], changes=changes))
    assert result.player("Ann").breakdown == {"points": 4, "coins": 0}
    assert result.player("Bo").breakdown == {"points": 2, "coins": 4}
    assert result.finished and result.end_reason == "table"
    assert [step["Ann"] for step in result.progress] == [5, 5, 4, 4, 4]  # the chart moves a change at a time
    assert [step["Bo"] for step in result.progress] == [0, 1, 1, 5, 6]
    assert result.winners == ["Bo"]
    spec = spec_for_sheet(sheet_of(COUNTER, []))
    assert spec.player_fields == () and spec.game_fields[0].key == "changes"
    assert spec.definition is not None and spec.definition["categories"][1]["steps"] is None  # +1 and -1


def test_a_counter_tie_is_broken_by_the_count_of_a_category() -> None:
    changes = [moved("Ann", 6), moved("Bo", 8), moved("Bo", 1, "coins"), moved("Ann", 2, "coins")]
    result = score_sheet(sheet_of(COUNTER, [{"name": "Ann"}, {"name": "Bo"}], changes=changes))
    assert result.player("Ann").total == result.player("Bo").total == 10
    assert result.ranking == [["Ann"], ["Bo"]] and result.tiebreaks[0].decided_by == "most_coins"


def test_a_change_that_takes_a_count_out_of_its_bounds_is_refused_there() -> None:
    changes = [moved("Ann", 5, "coins"), moved("Ann", 5, "coins"), moved("Ann", 9)]
    sheet = sheet_of(COUNTER, [{"name": "Ann"}], changes=changes)
    with pytest.raises(SheetError) as refused:
        score_sheet(sheet)
    assert refused.value.path == "changes[1].by"
    assert "takes Ann's Coins to 10: it stays between 0 and 9" in refused.value.text.render("en")
    with pytest.raises(SheetError) as stranger:
        score_sheet(sheet_of(COUNTER, [{"name": "Ann"}], changes=[moved("Zed", 1)]))
    assert stranger.value.path == "changes[0].player"


def test_a_sheet_keeps_the_version_it_was_played_with() -> None:
    v2 = {**copy.deepcopy(WINGSPAN), "version": 2}
    v2["categories"][1]["multiplier"] = 3
    players = [{"name": "Ann", "birds": 1, "sets": 2}]
    assert score_sheet(sheet_of(WINGSPAN, players)).player("Ann").total == 5
    result = score_sheet(sheet_of(v2, players))
    assert result.player("Ann").total == 7 and result.rules_version == 2


@pytest.mark.parametrize(("change", "path"), [
    (lambda d: d["categories"][2].update(max=-1), "definition.categories[2].max"),
    (lambda d: d["categories"][1].update(multiplier=0), "definition.categories[1].multiplier"),
    (lambda d: d["categories"][1].update(key="birds"), "definition.categories[1].key"),
    (lambda d: d["categories"][0].update(key="Birds!"), "definition.categories[0].key"),
    (lambda d: d["categories"][0].update(key="name"), "definition.categories[0].key"),
    (lambda d: d["categories"][0].update(min="0"), "definition.categories[0].min"),
    (lambda d: d["categories"][0].update(colour="red"), "definition.categories[0].colour"),
    (lambda d: d["categories"][0].pop("name"), "definition.categories[0].name"),
    (lambda d: d.update(categories=[]), "definition.categories"),
    (lambda d: d.update(id="wingspan"), "definition.id"),
    (lambda d: d.update(players={"min": 4, "max": 2}), "definition.players.max"),
    (lambda d: d.update(players={"min": 0, "max": 2}), "definition.players.min"),
    (lambda d: d.update(rounds=3), "definition.rounds"),
    (lambda d: d.update(scoring="sometimes"), "definition.scoring"),
    (lambda d: d.update(win="most"), "definition.win"),
    (lambda d: d["tiebreaks"].append({"most": "eggs"}), "definition.tiebreaks[3].most"),
    (lambda d: d["tiebreaks"].append({"best": "birds"}), "definition.tiebreaks[3]"),
    (lambda d: d["tiebreaks"].append({"chosen": "Again", "key": "first"}), "definition.tiebreaks[3].key"),
    (lambda d: d["tiebreaks"].append({"chosen": "Clash", "key": "players"}), "definition.tiebreaks[3].key"),
    (lambda d: d.update(cooperative=True), "definition.tiebreaks"),
    (lambda d: d.update(cooperative=True, no_points=True, tiebreaks=[]), "definition.no_points"),
    (lambda d: d.update(name=""), "definition.name"),
    (lambda d: d.update(name="x" * 41), "definition.name"),
    (lambda d: d.update(version=0), "definition.version"),
    (lambda d: d.pop("players"), "definition.players"),
    (lambda d: d["categories"][0].update(steps=[1, 5]), "definition.categories[0].steps"),
    (lambda d: d.update(scoring="counter", categories=[{"key": "p", "name": "P", "steps": [1, 0]}], tiebreaks=[]),
     "definition.categories[0].steps[1]"),
    (lambda d: d.update(scoring="counter", categories=[{"key": "p", "name": "P", "steps": [1, 1]}], tiebreaks=[]),
     "definition.categories[0].steps[1]"),
    (lambda d: d.update(scoring="counter", categories=[{"key": "p", "name": "P", "steps": list(range(1, 8))}],
                        tiebreaks=[]), "definition.categories[0].steps"),
    (lambda d: d.update(scoring="counter"), "definition.categories[2].optional"),
    (lambda d: d.update(scoring="counter", categories=[{"key": "p", "name": "P", "min": 1}], tiebreaks=[]),
     "definition.categories[0].min"),
    (lambda d: d.update(scoring="counter", categories=[{"key": "p", "name": "P", "min": -9, "max": -1}],
                        tiebreaks=[]), "definition.categories[0].max"),
    (lambda d: d.update(scoring="counter", rounds=3, categories=[{"key": "p", "name": "P"}], tiebreaks=[]),
     "definition.rounds"),
    (lambda d: d["tiebreaks"].append({"chosen": "Clash", "key": "changes"}), "definition.tiebreaks[3].key"),
])
def test_malformed_definitions_are_refused_with_the_path(change: Any, path: str) -> None:
    definition = copy.deepcopy(WINGSPAN)
    change(definition)
    with pytest.raises(SheetError) as refused:
        spec_from_definition(definition)
    assert refused.value.path == path
    assert refused.value.code is None, "a definition is never 'not entered yet'"
    assert refused.value.text.render("ko") and refused.value.text.render("en")


def test_the_sheet_must_carry_a_matching_definition() -> None:
    with pytest.raises(SheetError) as missing:
        score_sheet({"game": "custom-wingspan", "players": [{"name": "Ann"}]})
    assert missing.value.path == "definition"
    with pytest.raises(SheetError) as other:
        score_sheet(sheet_of({**WINGSPAN, "id": "custom-other"}, [{"name": "Ann"}]) | {"game": "custom-wingspan"})
    assert other.value.path == "definition.id"
    with pytest.raises(SheetError) as builtin:
        score_sheet({"game": "patchwork", "definition": WINGSPAN, "players": []})
    assert builtin.value.path == "definition"


def test_cli_scores_an_inline_definition_and_shows_a_definition_spec(tmp_path: Any) -> None:
    sheet = sheet_of(WINGSPAN, [{"name": "Ann", "birds": 3, "sets": 1}])
    out = io.StringIO()
    assert main(["score", "-"], stdin=io.StringIO(json.dumps(sheet)), stdout=out) == 0
    assert json.loads(out.getvalue())["players"][0]["total"] == 5
    path = tmp_path / "wingspan.json"
    path.write_text(json.dumps(WINGSPAN), encoding="utf-8")
    out = io.StringIO()
    assert main(["spec", "--definition", str(path)], stdout=out) == 0
    shown = json.loads(out.getvalue())
    assert [f["key"] for f in shown["player_fields"]] == ["birds", "sets", "food"]
    assert shown["definition"]["tiebreaks"][0] == {"most": "birds"}
    path.write_text(json.dumps({**WINGSPAN, "players": {"min": 3, "max": 2}}), encoding="utf-8")
    out = io.StringIO()
    assert main(["spec", "--definition", str(path)], stdout=out) == 2
    assert json.loads(out.getvalue())["error"]["path"] == "definition.players.max"


def test_every_builtin_is_either_expressible_or_says_why_not() -> None:
    assert set(DEFINITIONS) | set(CANNOT) == set(REGISTRY)
    assert not set(DEFINITIONS) & set(CANNOT)
    for game in DEFINITIONS:
        spec = spec_from_definition(definition_of(game))
        assert all(spec.name.render(lang) == get_spec(game).name.render(lang) for lang in NAME_LANGUAGES)
        assert (spec.min_players, spec.max_players) == (get_spec(game).min_players, get_spec(game).max_players)


# ---- properties over random definitions ----------------------------------------------------------------

@st.composite
def definitions(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(1, 4))
    categories = []
    for i in range(n):
        lo = draw(st.integers(-20, 10))
        categories.append({"key": f"c{i}", "name": draw(st.sampled_from(["Birds", "알", "Gold", "Cards"])),
                           "min": lo, "max": lo + draw(st.integers(0, 30)),
                           "multiplier": draw(st.sampled_from([1, 1, 2, 3, -1, -2])),
                           "counts": draw(st.booleans()) or i == 0, "optional": draw(st.booleans())})
    tiebreaks: list[dict[str, Any]] = []
    for j in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["most", "least", "chosen"]))
        tiebreaks.append({"chosen": "Chosen", "key": f"t{j}"} if kind == "chosen"
                         else {kind: draw(st.sampled_from(categories))["key"]})
    lo = draw(st.integers(1, 4))
    d: dict[str, Any] = {"id": "custom-random", "name": "Random", "players": {"min": lo, "max": lo + draw(
        st.integers(0, 3))}, "categories": categories, "tiebreaks": tiebreaks,
        "win": draw(st.sampled_from(["highest", "lowest"]))}
    sheet_kind = draw(st.sampled_from(["final", "rounds", "counter"]))
    if sheet_kind == "rounds":
        d["scoring"] = "rounds"
        d["rounds"] = draw(st.none() | st.integers(1, 4))
    elif sheet_kind == "counter":  # a count starts at 0 and is never blank
        d["scoring"] = "counter"
        for c in categories:
            c.update(min=min(c["min"], 0), max=max(c["max"], 0), optional=False)
            if draw(st.booleans()):
                c["steps"] = draw(st.lists(st.integers(-10, 10).filter(bool), min_size=1, max_size=6, unique=True))
    table = draw(st.sampled_from([None, None, None, "cooperative", "no_points"]))
    if table is not None:
        d[table] = True
        if table == "cooperative":
            d["tiebreaks"] = []
    return d


def entry_of(draw: st.DrawFn, categories: list[dict[str, Any]], single: bool) -> Any:
    values = {c["key"]: draw(st.integers(c["min"], c["max"]) | (st.none() if c["optional"] else st.nothing()))
              for c in categories}
    if single:
        return values[categories[0]["key"]]
    return {k: v for k, v in values.items() if v is not None}


@st.composite
def custom_sheets(draw: st.DrawFn) -> dict[str, Any]:
    d = draw(definitions())
    names = NAMES[:draw(st.integers(d["players"]["min"], d["players"]["max"]))]
    cats = d["categories"]
    sheet: dict[str, Any] = {"game": d["id"], "definition": d}
    if d.get("scoring") == "rounds":
        single = len(cats) == 1 and not cats[0]["optional"]
        count = d["rounds"] if d["rounds"] is not None else 5
        sheet["players"] = [{"name": n} for n in names]
        sheet["rounds"] = [{n: entry_of(draw, cats, single) for n in names}
                           for _ in range(draw(st.integers(0, count)))]
    elif d.get("scoring") == "counter":
        sheet["players"] = [{"name": n} for n in names]
        sheet["changes"] = counter_changes(draw, cats, list(names))
    else:
        sheet["players"] = [{"name": n, **entry_of(draw, cats, False)} for n in names]
    for rule in d["tiebreaks"]:
        if "chosen" in rule and draw(st.booleans()):
            sheet[rule["key"]] = draw(st.sampled_from(names))
    if d.get("cooperative"):
        sheet["outcome"] = draw(st.sampled_from(["won", "lost"]))
    if d.get("no_points"):
        sheet["winners"] = draw(st.lists(st.sampled_from(names), unique=True))
    return sheet


def counter_changes(draw: st.DrawFn, categories: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """Changes that keep every count within its category's bounds."""
    counts = {(n, c["key"]): 0 for n in names for c in categories}
    changes = []
    for _ in range(draw(st.integers(0, 12))):
        name, c = draw(st.sampled_from(names)), draw(st.sampled_from(categories))
        by = draw(st.integers(c["min"] - counts[name, c["key"]], c["max"] - counts[name, c["key"]]))
        counts[name, c["key"]] += by
        changes.append({"player": name, "key": c["key"], "by": by})
    return changes


def tiebreak_values(sheet: dict[str, Any], name: str) -> list[int | None]:
    """The chain's values for a player, computed from the raw sheet (independently of the engine)."""
    d = sheet["definition"]
    if d.get("scoring") == "counter":
        totals: dict[str, int] = {c["key"]: 0 for c in d["categories"]}
        for change in sheet["changes"]:
            if change["player"] == name:
                totals[change["key"]] += change["by"]
        entries = [totals]
    elif d.get("scoring") == "rounds":
        single = len(d["categories"]) == 1 and not d["categories"][0]["optional"]
        entries = [r[name] if not single else {d["categories"][0]["key"]: r[name]} for r in sheet["rounds"]]
    else:
        entries = [next(p for p in sheet["players"] if p["name"] == name)]
    out: list[int | None] = []
    for rule in d["tiebreaks"]:
        if "chosen" in rule:
            picked = sheet.get(rule["key"])
            out.append(None if picked is None else int(picked == name))
            continue
        key = rule.get("most") or rule.get("least")
        values = [e.get(key) for e in entries]
        amount = None if any(v is None for v in values) else sum(values)
        out.append(None if amount is None else amount if "most" in rule else -amount)
    return out


@PROFILE
@given(custom_sheets())
def test_random_definitions_score_and_rank_by_the_win_rule_and_the_chain(sheet: dict[str, Any]) -> None:
    result = score_sheet(copy.deepcopy(sheet))
    d = sheet["definition"]
    names = [p["name"] for p in sheet["players"]]
    assert [p.name for p in result.players] == names
    for player in result.players:
        assert player.total == sum(player.breakdown.values())
        assert set(player.breakdown) == {c["key"] for c in d["categories"] if c["counts"]}
    assert sorted(n for g in result.ranking for n in g) == sorted(names)
    if d.get("cooperative"):
        assert result.ranking == [names]
        assert result.winners == (names if sheet["outcome"] == "won" else [])
        return
    ranking = result.ranking
    if d.get("no_points"):
        chosen = [n for n in names if n in sheet["winners"]]
        assert result.winners == chosen
        if chosen:
            assert ranking[0] == chosen
            ranking = ranking[1:]
        names = [n for n in names if n not in chosen]
    else:
        assert result.winners == ranking[0]
    sign = -1 if d["win"] == "lowest" else 1
    totals = {p.name: sign * p.total for p in result.players}
    flat = [n for g in ranking for n in g]
    assert [totals[n] for n in flat] == sorted((totals[n] for n in flat), reverse=True)
    values = {n: tiebreak_values(sheet, n) for n in names}
    if all(v is not None for vs in values.values() for v in vs):
        # Everything entered: the ranking is the sort by (total, chain), equal keys sharing a place.
        keys = {n: (totals[n], *values[n]) for n in names}
        expected: list[list[str]] = []
        for n in sorted(names, key=lambda n: keys[n], reverse=True):
            if expected and keys[expected[-1][0]] == keys[n]:
                expected[-1].append(n)
            else:
                expected.append([n])
        assert [sorted(g) for g in ranking] == [sorted(g) for g in expected]


@st.composite
def mangled_definitions(draw: st.DrawFn) -> tuple[dict[str, Any], list[str | int]]:
    """A valid definition with one value somewhere replaced by junk; returns it and the path that changed."""
    d = draw(definitions())
    target: Any = d
    path: list[str | int] = []
    while True:
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        path.append(key)
        if not isinstance(target[key], dict | list) or draw(st.booleans()):
            target[key] = draw(junk())
            break
        target = target[key]
    return d, path


@PROFILE
@given(mangled_definitions())
def test_mangled_definitions_are_accepted_or_refused_at_the_field_at_fault(case: tuple[dict[str, Any], list]) -> None:
    definition, changed = case
    try:
        spec_from_definition(definition)
    except SheetError as error:
        assert error.path.startswith("definition") and error.text.render("en") and error.text.render("ko")
        assert error.code is None
        changed_path = "definition" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in changed)
        # the refusal is at the changed field or inside it, or at a field that a rule ties to it (a tiebreak
        # naming a category, max against min): within the same part of the definition
        assert error.path.startswith(changed_path) or changed_path.startswith(error.path) or (
            error.path.split(".")[1].split("[")[0] in {"players", "categories", "tiebreaks", "rounds", "no_points"}
        ), (error.path, changed_path)


# ---- the oracle: Patchwork and Kahuna as definitions -------------------------------------------------------

def as_custom(sheet: dict[str, Any]) -> dict[str, Any]:
    """A valid built-in sheet of Patchwork or Kahuna written as its custom game's sheet."""
    definition = definition_of(sheet["game"])
    assert definition is not None
    if sheet["game"] == "patchwork":
        players = [{"name": p["name"], "buttons": p["buttons"], "empty_spaces": p["empty_spaces"],
                    "special_tile": int(bool(p.get("special_tile")))} for p in sheet["players"]]
        extra = {"first_to_finish": sheet["first_to_finish"]} if sheet.get("first_to_finish") else {}
        return sheet_of(definition, players, **extra)
    points = [kahuna.round_points(i + 1, entry) for i, entry in enumerate(sheet["rounds"])]
    players = [{"name": p["name"], **{f"round_{i + 1}": points[i][p["name"]] for i in range(kahuna.ROUNDS)},
                **({"bridges": p["bridges"]} if p.get("bridges") else {})} for p in sheet["players"]]
    return sheet_of(definition, players)


@st.composite
def full_kahuna_sheets(draw: st.DrawFn) -> dict[str, Any]:
    rounds = []
    for _ in range(kahuna.ROUNDS):
        a = draw(st.integers(0, kahuna.ISLANDS))
        rounds.append({"Ana": a, "Bo": draw(st.integers(0, kahuna.ISLANDS - a))})
    if draw(st.booleans()):  # ties on round 3 are where the chain matters
        rounds[2]["Bo"] = rounds[2]["Ana"] = min(rounds[2]["Ana"], kahuna.ISLANDS // 2)
        rounds[1] = {"Ana": rounds[0]["Bo"], "Bo": rounds[0]["Ana"]}
    players = [{"name": n, "bridges": draw(st.sampled_from([0, rounds[2][n], kahuna.BRIDGES]) | st.integers(
        rounds[2][n], kahuna.BRIDGES))} for n in ("Ana", "Bo")]
    return {"game": "kahuna", "players": players, "rounds": rounds}


@PROFILE
@given(st.one_of(spec_sheets(get_spec("patchwork")), full_kahuna_sheets()))
def test_patchwork_and_kahuna_definitions_rank_like_the_builtin_modules(sheet: dict[str, Any]) -> None:
    try:
        builtin = score_sheet(copy.deepcopy(sheet))
    except SheetError:
        assume(False)
        return
    custom = score_sheet(as_custom(sheet))
    assert custom.ranking == builtin.ranking
    assert custom.winners == builtin.winners
    assert [p.breakdown for p in custom.players] == [p.breakdown for p in builtin.players]
    assert [n.players for n in custom.tiebreaks] == [n.players for n in builtin.tiebreaks]


def test_the_documented_example_scores() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "custom-games"
    definition = json.loads((docs / "wingspan.definition.json").read_text(encoding="utf-8"))
    sheet = json.loads((docs / "wingspan.sheet.json").read_text(encoding="utf-8"))
    assert sheet["definition"] == definition
    result = score_sheet(sheet)
    assert result.winners == ["Joon"] and result.tiebreaks[0].decided_by == "most_food_left"
