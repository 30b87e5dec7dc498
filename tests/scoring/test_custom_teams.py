"""Custom team games (issue 23): a team scores the sum of its players' totals, the win rule and the tiebreak chain
rank the teams, every player of the winning team wins, and a tie left between teams is shared."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scoring import SheetError, score_sheet
from scoring.cli import main
from scoring.custom import describe_rules, spec_from_definition
from scoring.sheet_tools import rename_player

from .test_custom import PROFILE, custom_sheets, tiebreak_values

RELAY = {
    "id": "custom-relay", "name": "Relay", "players": {"min": 2, "max": 8}, "teams": True,
    "categories": [{"key": "points", "name": "Points"}, {"key": "flags", "name": "Flags", "counts": False}],
    "tiebreaks": [{"most": "flags"}, {"chosen": "First to finish", "key": "first"}],
}
SEATS = ["Ana", "Bo", "Cy", "Dee"]


def relay(points: list[int], flags: list[int], teams: list[str], win: str = "highest", **top: Any) -> dict[str, Any]:
    definition = {**copy.deepcopy(RELAY), "win": win}
    players = [{"name": n, "points": p, "flags": f} for n, p, f in zip(SEATS, points, flags, strict=False)]
    return {"game": "custom-relay", "definition": definition, "players": players,
            "teams": {p["name"]: team for p, team in zip(players, teams, strict=False)}, **top}


# ---- table-driven cases: (sheet, the players' ranking, winners, the teams in order with totals) ----------------

CASES = {
    "highest team total wins, all its players": (
        relay([10, 5, 7, 8], [0, 0, 0, 0], ["Red", "Blue", "Blue", "Red"]),
        [["Ana", "Dee"], ["Bo", "Cy"]], ["Ana", "Dee"], [("Red", 18, 1), ("Blue", 12, 2)]),
    "lowest team total wins": (
        relay([10, 5, 7, 8], [0, 0, 0, 0], ["Red", "Blue", "Blue", "Red"], win="lowest"),
        [["Bo", "Cy"], ["Ana", "Dee"]], ["Bo", "Cy"], [("Blue", 12, 1), ("Red", 18, 2)]),
    "a team's lone player against a pair": (
        relay([20, 5, 7], [0, 0, 0], ["Solo", "Pair", "Pair"]),
        [["Ana"], ["Bo", "Cy"]], ["Ana"], [("Solo", 20, 1), ("Pair", 12, 2)]),
    "a tie between teams that no tiebreak can break is shared": (
        relay([10, 5, 13, 8], [1, 1, 1, 1], ["Red", "Blue", "Blue", "Red"]),
        [["Ana", "Dee", "Bo", "Cy"]], ["Ana", "Dee", "Bo", "Cy"], [("Red", 18, 1), ("Blue", 18, 1)]),
    "the teams' summed flags break the tie": (
        relay([10, 5, 13, 8], [1, 1, 2, 0], ["Red", "Blue", "Blue", "Red"]),
        [["Bo", "Cy"], ["Ana", "Dee"]], ["Bo", "Cy"], [("Blue", 18, 1), ("Red", 18, 2)]),
    "still tied: the team of the player chosen first to finish wins": (
        relay([10, 5, 13, 8], [1, 1, 1, 1], ["Red", "Blue", "Blue", "Red"], first="Dee"),
        [["Ana", "Dee"], ["Bo", "Cy"]], ["Ana", "Dee"], [("Red", 18, 1), ("Blue", 18, 2)]),
    "three teams, two tied for second": (
        relay([9, 3, 3, 0], [0, 0, 0, 0], ["A", "B", "C", "C"]),
        [["Ana"], ["Bo", "Cy", "Dee"]], ["Ana"], [("A", 9, 1), ("B", 3, 2), ("C", 3, 2)]),
}


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_team_results(case: tuple[dict[str, Any], list[list[str]], list[str], list[tuple[str, int, int]]]) -> None:
    sheet, ranking, winners, teams = case
    result = score_sheet(copy.deepcopy(sheet))
    assert result.ranking == ranking
    assert result.winners == winners
    assert [(t["name"], t["total"], t["place"]) for t in result.extras["teams"]] == teams
    assert [p.total for p in result.players] == [p["points"] for p in sheet["players"]]  # each keeps their own


def test_a_tie_broken_between_teams_is_explained_with_the_teams_names() -> None:
    result = score_sheet(relay([10, 5, 13, 8], [1, 1, 2, 0], ["Red", "Blue", "Blue", "Red"]))
    (note,) = result.tiebreaks
    assert note.players == ("Red", "Blue") and note.decided_by == "most_flags"
    assert note.text.render("en") == "Red and Blue tied on 18; Blue wins with more Flags: 3 against 1"
    assert "Blue 승리" in note.text.render("ko")


def test_a_team_game_by_rounds_adds_every_round_of_every_player() -> None:
    definition = {**copy.deepcopy(RELAY), "scoring": "rounds", "rounds": 2,
                  "categories": [{"key": "points", "name": "Points"}], "tiebreaks": []}
    sheet = {"game": "custom-relay", "definition": definition, "players": [{"name": n} for n in SEATS],
             "rounds": [{"Ana": 1, "Bo": 4, "Cy": 0, "Dee": 2}, {"Ana": 3, "Bo": 1, "Cy": 1, "Dee": 0}],
             "teams": {"Ana": "Red", "Bo": "Blue", "Cy": "Blue", "Dee": "Red"}}
    result = score_sheet(sheet)
    assert [(t["name"], t["total"]) for t in result.extras["teams"]] == [("Red", 6), ("Blue", 6)]
    assert result.winners == ["Ana", "Dee", "Bo", "Cy"] and result.finished


def test_the_rules_in_words_say_the_teams_win() -> None:
    spec = spec_from_definition(RELAY)
    lines = [line.render("en") for line in describe_rules(spec)]
    assert lines[0].startswith("Played in teams: a team scores the sum of its players' totals")
    assert "the team of the player chosen as “First to finish” wins" in lines[1]
    assert describe_rules(spec_from_definition({**RELAY, "teams": False}))[0].render("en") == "Highest total wins."


@pytest.mark.parametrize(("change", "path"), [
    (lambda d: d.update(cooperative=True, tiebreaks=[]), "definition.teams"),
    (lambda d: d.update(no_points=True), "definition.teams"),
    (lambda d: d.update(players={"min": 1, "max": 1}), "definition.players.max"),
    (lambda d: d["tiebreaks"].append({"chosen": "Clash", "key": "teams"}), "definition.tiebreaks[2].key"),
])
def test_malformed_team_definitions_are_refused_with_the_path(change: Any, path: str) -> None:
    definition = copy.deepcopy(RELAY)
    change(definition)
    with pytest.raises(SheetError) as refused:
        spec_from_definition(definition)
    assert refused.value.path == path
    assert refused.value.text.render("de") != refused.value.text.render("en")


@pytest.mark.parametrize(("teams", "path"), [
    (["Red", "Red", "Red", "Red"], "teams"),
    (["Red", "Blue", "Blue"], "teams.Dee"),
    (["Red", "Blue", "Blue", ""], "teams.Dee"),
    (["Red", "Blue", "Blue", "\u202eRed"], "teams.Dee"),
])
def test_a_sheet_must_put_every_player_in_one_of_two_teams_or_more(teams: list[str], path: str) -> None:
    with pytest.raises(SheetError) as refused:
        score_sheet(relay([1, 2, 3, 4], [0, 0, 0, 0], teams))
    assert refused.value.path == path


def test_a_sheet_naming_a_team_for_someone_who_does_not_play_is_refused() -> None:
    sheet = relay([1, 2, 3, 4], [0, 0, 0, 0], ["Red", "Blue", "Blue", "Red"])
    sheet["teams"]["Zed"] = "Red"
    with pytest.raises(SheetError) as refused:
        score_sheet(sheet)
    assert refused.value.path == "teams.Zed"


def test_a_stored_definition_without_teams_scores_as_before() -> None:
    definition = {key: value for key, value in RELAY.items() if key != "teams"}
    sheet = relay([10, 5, 7, 8], [0, 0, 0, 0], [])
    sheet["definition"] = definition
    del sheet["teams"]
    result = score_sheet(sheet)
    assert result.ranking == [["Ana"], ["Dee"], ["Cy"], ["Bo"]] and "teams" not in result.extras
    assert "teams" not in {f["key"] for f in spec_from_definition(definition).to_json()["game_fields"]}


def test_a_renamed_player_keeps_their_team() -> None:
    sheet = rename_player(relay([10, 5, 7, 8], [0, 0, 0, 0], ["Red", "Blue", "Blue", "Red"]), "Ana", "Anna")
    assert sheet["teams"] == {"Anna": "Red", "Bo": "Blue", "Cy": "Blue", "Dee": "Red"}
    assert score_sheet(sheet).winners == ["Anna", "Dee"]


def test_the_cli_scores_a_team_sheet_as_the_app_does(tmp_path: Path) -> None:
    sheet = relay([10, 5, 13, 8], [1, 1, 2, 0], ["Red", "Blue", "Blue", "Red"])
    path = tmp_path / "team.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    out = io.StringIO()
    assert main(["score", str(path), "--lang", "fr"], stdout=out) == 0
    printed = json.loads(out.getvalue())
    assert printed == score_sheet(sheet).to_json("fr")
    assert printed["winners"] == ["Bo", "Cy"] and printed["extras"]["teams"][0]["players"] == ["Bo", "Cy"]


def test_the_documented_team_sheet_scores() -> None:
    sheet = json.loads((Path(__file__).resolve().parents[2] / "docs" / "custom-games" / "relay.sheet.json")
                       .read_text(encoding="utf-8"))
    result = score_sheet(sheet)
    assert result.winners == ["Joon", "Sora"] and result.tiebreaks[0].decided_by == "most_flags"
    assert [(t["name"], t["total"], t["place"]) for t in result.extras["teams"]] == [("Blue", 18, 1), ("Red", 18, 2)]


# ---- property: any custom game played in teams ----------------------------------------------------------------

@st.composite
def team_sheets(draw: st.DrawFn) -> dict[str, Any]:
    sheet = draw(custom_sheets())
    d = sheet["definition"]
    names = [p["name"] for p in sheet["players"]]
    assume(len(names) >= 2 and not d.get("cooperative") and not d.get("no_points"))
    d["teams"] = True
    count = draw(st.integers(2, len(names)))
    teams = [f"Team {i + 1}" for i in range(count)] + [f"Team {draw(st.integers(1, count))}"
                                                        for _ in range(len(names) - count)]
    order = draw(st.permutations(teams))
    sheet["teams"] = dict(zip(names, order, strict=True))
    return sheet


@st.composite
def close_team_sheets(draw: st.DrawFn) -> dict[str, Any]:
    """Relay sheets of small numbers, where teams often tie on total and the chain decides."""
    names = ("Ana", "Bo", "Cy", "Dee", "Eun", "Finn")[:draw(st.integers(3, 6))]
    count = draw(st.integers(2, 3))
    order = draw(st.permutations([f"T{i}" for i in range(count)]
                                 + [f"T{draw(st.integers(0, count - 1))}" for _ in range(len(names) - count)]))
    chain = draw(st.lists(st.sampled_from([{"most": "flags"}, {"least": "flags"},
                                           {"chosen": "First to finish", "key": "first"}]), max_size=2, unique_by=str))
    definition = {**copy.deepcopy(RELAY), "tiebreaks": chain, "win": draw(st.sampled_from(["highest", "lowest"]))}
    sheet = {"game": "custom-relay", "definition": definition, "teams": dict(zip(names, order, strict=True)),
             "players": [{"name": n, "points": draw(st.integers(0, 1)), "flags": draw(st.integers(0, 2))}
                         for n in names]}
    if any("chosen" in rule for rule in chain):
        sheet["first"] = draw(st.sampled_from(names))
    return sheet


@PROFILE
@given(st.one_of(team_sheets(), close_team_sheets()))
def test_the_winning_team_has_the_best_team_total_and_every_winner_is_in_a_winning_team(
        sheet: dict[str, Any]) -> None:
    result = score_sheet(copy.deepcopy(sheet))
    d, teams = sheet["definition"], sheet["teams"]
    by_team: dict[str, list[str]] = {}
    for name, team in teams.items():
        by_team.setdefault(team, []).append(name)
    totals = {team: sum(result.player(n).total for n in names) for team, names in by_team.items()}
    shown = {t["name"]: t for t in result.extras["teams"]}
    assert {team: t["total"] for team, t in shown.items()} == totals
    assert {team: t["players"] for team, t in shown.items()} == by_team
    best = (min if d["win"] == "lowest" else max)(totals.values())
    winning = {t["name"] for t in result.extras["teams"] if t["place"] == 1}
    assert all(totals[team] == best for team in winning)
    assert all(teams[n] in winning for n in result.winners)
    assert sorted(result.winners) == sorted(n for team in winning for n in by_team[team])
    # every team's players sit together in the ranking, the teams in the order of their totals
    sign = -1 if d["win"] == "lowest" else 1
    group_of = {n: i for i, group in enumerate(result.ranking) for n in group}
    assert all(len({group_of[n] for n in names}) == 1 for names in by_team.values())
    ordered = [sign * totals[t["name"]] for t in result.extras["teams"]]
    assert ordered == sorted(ordered, reverse=True)
    values = {n: tiebreak_values(sheet, n) for n in teams}
    if all(v is not None for vs in values.values() for v in vs):
        # everything entered: the teams sorted by (total, the chain's sums), equal keys sharing a place
        keys = {team: (sign * totals[team], *(sum(vs) for vs in zip(*(values[n] for n in names), strict=True)))
                for team, names in by_team.items()}
        first = max(keys.values())
        assert winning == {team for team, key in keys.items() if key == first}
