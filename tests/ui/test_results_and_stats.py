"""Results, history rows, statistics and home as a player reads them: right numbers, in their language."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import flet_charts as fch
import pytest
from flet.messaging.protocol import MessageAction

from companion.app import Services
from companion.i18n import Translator
from companion.views.timefmt import day_and_time
from companion.widgets.charts import Scale, nice_step, scale
from scoring import all_specs, score_sheet

from ..store.test_exchange import ACCEPTED_BY_OLDER_RULES, scored_by_older_rules
from .conftest import example
from .harness import Harness

NOW = datetime.now(UTC).replace(microsecond=0)



def add_play(services: Services, game: str, finished_at: datetime = NOW, sheet: dict | None = None) -> dict:
    sheet = sheet or example(game)
    return services.repo.add_play({"game": game, "sheet": sheet, "rules_version": 1,
                                   "finished_at": finished_at.isoformat(), "result": score_sheet(sheet).to_json()})


def chart_values(chart: fch.LineChart) -> tuple[list[list[float]], list[str]]:
    lines = [[p.y for p in series.points] for series in chart.data_series]
    return lines, [label.label.value for label in chart.bottom_axis.labels]


def test_tucanas_score_by_round_ends_at_each_players_total(open_app: Callable[..., Harness],
                                                          services: Services) -> None:
    play = add_play(services, "trails-of-tucana")
    ui = open_app(f"/result/{play['id']}")
    lines, x_labels = chart_values(ui.control("result.chart").content)
    result = score_sheet(play["sheet"])
    assert [line[-1] for line in lines] == [p.total for p in result.players]
    assert x_labels == ["1", "2", "End"]
    winner = result.winners[0]
    assert max(zip((line[-1] for line in lines), (p.name for p in result.players), strict=True))[1] == winner


def test_chart_tooltips_and_labels_are_whole_numbers(open_app: Callable[..., Harness], services: Services) -> None:
    play = add_play(services, "piraten-kapern")
    ui = open_app(f"/result/{play['id']}")
    chart = ui.control("result.chart").content
    tooltips = {p.tooltip.text for series in chart.data_series for p in series.points}
    assert "6,000" in tooltips and not any("." in t for t in tooltips)
    values = [p.y for series in chart.data_series for p in series.points]
    step = chart.left_axis.label_spacing
    assert step == 2000 and chart.min_y <= min(values) and max(values) <= chart.max_y < max(values) + step
    assert [label.label.value for label in chart.left_axis.labels] == [
        f"{v:,}" for v in range(chart.min_y, chart.max_y + 1, step)]


@pytest.mark.parametrize(("span", "ticks", "step"), [(1, 5, 1), (2, 5, 1), (5, 5, 1), (6, 5, 2), (11, 5, 5),
                                                     (62, 5, 20), (45, 8, 10), (6600, 5, 2000), (0.5, 5, 1)])
def test_nice_steps_are_whole(span: float, ticks: int, step: int) -> None:
    assert nice_step(span, ticks) == step


@pytest.mark.parametrize(("values", "expected"), [
    ([0, 2, 1], Scale(0, 2, 1)),  # Kahuna: no half steps
    ([60, 62, 61, 60], Scale(0, 80, 20)),  # For Sale: 62 is not a label of its own next to 60
    ([-3, 13, 11], Scale(-5, 15, 5)),
    ([6600], Scale(0, 8000, 2000)),
    ([0], Scale(0, 1, 1)),
])
def test_scales_hold_every_value_with_both_ends_on_a_tick(values: list[int], expected: Scale) -> None:
    assert scale(values) == expected


def test_an_eliminated_player_is_marked_in_history_and_left_out_of_bests(open_app: Callable[..., Harness],
                                                                        services: Services) -> None:
    play = add_play(services, "captain-flip")  # Sora went bust with 38 on the board
    services.repo.remember_players(["Mina", "Joon", "Sora"])
    ui = open_app("/history")
    row = " ".join(t for t in ui.texts() if "Mina" in t)
    assert "Sora out" in row and "Sora 38" not in row and "★ Joon 28" in row
    ui = open_app("/stats")
    assert any("best 28 (Joon)" in t for t in ui.texts())
    ui.click("stats.game.captain-flip")
    assert ui.view.route == "/stats/game/captain-flip"
    assert any(t.startswith("1 play\nbest 28 (Joon)") for t in ui.texts())
    sora = ui.control("stats.game_player.Sora")
    assert sora.subtitle.value == "1 play · won 0"  # no best or average from a bust board
    ui = open_app(f"/result/{play['id']}")
    assert ui.tagged("result.player.Sora").label.startswith("Out Sora")


def test_a_play_older_rules_scored_shows_its_stored_result_when_the_current_ones_refuse_its_sheet(
        open_app: Callable[..., Harness], services: Services) -> None:
    """A Kharnage game by totals ended in a shared win under its rules 2, which rules 3 refuse without the cards
    deployed: its result and its detail scored the sheet again and failed."""
    stored = scored_by_older_rules(ACCEPTED_BY_OLDER_RULES[0], NOW.isoformat())
    play = services.repo.add_play(stored)
    for route in (f"/result/{play['id']}", f"/history/{play['id']}"):
        assert "Shared win: Mina, Hana" in open_app(route).texts()
    correction = open_app(f"/history/{play['id']}/edit")  # the sheet asks for what the current rules break it by
    assert any(t.startswith("Mina and Hana are tied for the win") for t in correction.texts())


def test_a_play_ended_early_says_so_in_history(open_app: Callable[..., Harness], services: Services) -> None:
    sheet = example("kahuna")
    sheet["rounds"] = sheet["rounds"][:1]
    add_play(services, "kahuna", sheet=sheet)
    ui = open_app("/history")
    assert any(t.startswith("Ended before the rules' end") for t in ui.texts())


def test_a_play_is_named_by_its_game_and_time(open_app: Callable[..., Harness], services: Services) -> None:
    when = datetime(2026, 12, 1, 20, 14, tzinfo=UTC)
    play = add_play(services, "for-sale", when)
    ui = open_app(f"/history/{play['id']}")
    assert ui.view.appbar.title.value == day_and_time(Translator("en"), when.isoformat(), weekday=False)
    ko = open_app(f"/history/{play['id']}", lang="ko")
    assert ko.view.appbar.title.value == day_and_time(Translator("ko"), when.isoformat(), weekday=False)
    ui.click("history.delete")
    assert ui.snacks()[-1] == f"Deleted: For Sale · {day_and_time(Translator('en'), when.isoformat())}."


@pytest.mark.parametrize(("lang", "iso", "text"), [
    ("en", "2026-12-01T20:14:00", "Tue, Dec 1, 2026, 8:14\u00a0PM"),  # never split before PM
    ("ko", "2026-12-01T20:14:00", "2026년 12월 1일 (화) 오후 8:14"),
])
def test_dates_are_written_the_way_the_players_language_writes_them(lang: str, iso: str, text: str) -> None:
    assert Translator(lang).day_and_time(datetime.fromisoformat(iso), with_year=True) == text
    short = Translator(lang).day_and_time(datetime.fromisoformat(iso), weekday=False)
    assert short == {"en": "Dec 1, 8:14\u00a0PM", "ko": "12월 1일 오후 8:14"}[lang]
    assert Translator(lang).date(datetime.fromisoformat(iso)) in text.replace(" (화)", "").replace("Tue, ", "")


def test_a_game_in_progress_is_discarded_and_the_undo_brings_it_back(open_app: Callable[..., Harness],
                                                                    services: Services) -> None:
    draft = services.repo.new_draft({"game": "kahuna", "sheet": example("kahuna")})
    ui = open_app("/")
    ui.click(f"home.discard.{draft['id']}")
    assert services.repo.drafts() == [] and not ui.exists(f"home.continue.{draft['id']}")
    assert ui.snacks()[-1] == "Kahuna in progress discarded."
    snack = ui.page._dialogs.controls[-1]
    ui.fire(snack.action, "click")
    assert services.repo.draft(draft["id"]) == draft
    assert ui.exists(f"home.continue.{draft['id']}")


def test_games_played_lately_have_their_own_row_and_the_cards_keep_their_order(open_app: Callable[..., Harness],
                                                                              services: Services) -> None:
    catalog = [i.removeprefix("home.game.") for i in open_app("/").find_all("home.game.")]
    add_play(services, "kahuna", NOW - timedelta(days=2))
    add_play(services, "carnage", NOW - timedelta(days=1))
    services.repo.new_draft({"game": "patchwork", "sheet": example("patchwork")})
    ui = open_app("/")
    assert [i.removeprefix("home.recent.") for i in ui.find_all("home.recent.")] == ["patchwork", "carnage", "kahuna"]
    assert [i.removeprefix("home.game.") for i in ui.find_all("home.game.")] == catalog, "no card moves"
    assert catalog == [spec.id for spec in all_specs()]
    ui.click("home.recent.carnage")
    assert ui.view.route == "/new/carnage"


def test_stats_by_period_streaks_and_head_to_head(open_app: Callable[..., Harness], services: Services) -> None:
    winner = score_sheet(example("kahuna")).winners[0]
    other = next(p["name"] for p in example("kahuna")["players"] if p["name"] != winner)
    add_play(services, "kahuna", datetime(2020, 5, 1, 20, tzinfo=UTC))
    add_play(services, "kahuna", NOW - timedelta(hours=2))
    add_play(services, "kahuna", NOW - timedelta(hours=1))
    services.repo.remember_players([winner, other])
    ui = open_app("/stats")
    assert ui.control(f"stats.player.{winner}").subtitle.value == "3 plays · won 3 · 100% · 3 wins in a row"
    ui.choose("stats.period", "month")
    assert ui.control(f"stats.player.{winner}").subtitle.value == "2 plays · won 2 · 100% · 2 wins in a row"
    ui.click(f"stats.player.{winner}")
    assert ui.control("stats.streak").value == "Win streak: 2 now · longest 2"  # the period is kept
    rival = ui.control(f"stats.rival.{other}")
    assert (rival.title.value, rival.subtitle.value) == (f"vs {other}", "ahead 2 · behind 0 · tied 0 · "
                                                                        "2 games together")
    ui.choose("stats.period", "all")
    assert ui.control("stats.summary").value == "3 plays · won 3 · 100%"


def test_stats_in_korean_use_its_plural_and_number_forms(open_app: Callable[..., Harness],
                                                         services: Services) -> None:
    winner = score_sheet(example("kahuna")).winners[0]
    add_play(services, "kahuna")
    services.repo.remember_players([p["name"] for p in example("kahuna")["players"]])
    ui = open_app("/stats", lang="ko")
    assert ui.control(f"stats.player.{winner}").subtitle.value == "1게임 · 1승 · 100%"
    ui.choose("stats.period", "year")
    assert ui.control("stats.period").segments[1].label.value == "올해"


def test_a_period_without_games_says_so(open_app: Callable[..., Harness], services: Services) -> None:
    add_play(services, "kahuna", datetime(2020, 5, 1, 20, tzinfo=UTC))
    services.repo.remember_players([p["name"] for p in example("kahuna")["players"]])
    ui = open_app("/stats")
    ui.choose("stats.period", "year")
    assert ui.exists("stats.none_in_period")


def test_going_deeper_keeps_the_screen_underneath_and_leaves_it_out_of_updates(
        open_app: Callable[..., Harness], services: Services) -> None:
    ui = open_app("/")
    home = ui.page.views[-1]
    ui.click("home.game.kahuna")
    assert ui.view.route == "/new/kahuna"
    assert ui.page.views[0] is home and home.is_isolated() and not ui.view.is_isolated()
    ui.page.route = "/"  # back, as the app bar's arrow does
    ui.run(ui.session.dispatch_event(ui.page._i, "route_change", {"route": "/"}))
    assert ui.view.route == "/" and ui.view is not home and not ui.view.is_isolated()  # on top: built afresh


def test_a_screen_change_is_sent_before_the_browser_confirms_it(open_app: Callable[..., Harness]) -> None:
    """The tap's answer carries the new screen; the browser's address follows, and its route change coming
    back builds nothing again. Back and forward in the browser still change the screen."""
    ui = open_app("/")
    sent = len(ui.conn.sent)
    ui.click("home.game.kahuna")
    answer = ui.conn.sent[sent:]
    pushed = [i for i, m in enumerate(answer) if m.action == MessageAction.INVOKE_METHOD
              and m.body.name == "push_route"]
    shown = [i for i, m in enumerate(answer) if m.action == MessageAction.PATCH_CONTROL
             and "/new/kahuna" in str(m.body)]
    assert pushed and shown and shown[0] < pushed[0]
    assert answer[pushed[0]].body.args == {"route": "/new/kahuna"} and ui.page.route == "/new/kahuna"
    new_game = ui.view
    ui.settle()  # the browser's route change for /new/kahuna has come back
    assert ui.view is new_game and len(ui.page.views) == 2
    for route in ("/", "/new/kahuna"):  # back, then forward
        ui.page.route = route
        ui.run(ui.session.dispatch_event(ui.page._i, "route_change", {"route": route}))
        assert ui.view.route == route
    assert ui.view is not new_game
