"""What the screens say: each count in its plural form, turns called turns, no empty heading or line."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from companion.app import Services
from companion.i18n import Translator
from companion.import_texts import backup_imported, bgstats_imported
from companion.store import bgstats, exchange
from companion.store.definitions import DefinitionStore
from scoring import score_sheet

from .conftest import example
from .harness import Harness
from .test_custom_game import define_wingspan
from .test_play_flow import start_game


@pytest.mark.parametrize(("lang", "counts", "text"), [
    ("en", (1, 0, 1, 1), "Imported: 1 play (0 already here), 1 game in progress, 1 player."),
    ("en", (79, 2, 0, 16), "Imported: 79 plays (2 already here), 0 games in progress, 16 players."),
    ("ko", (1, 0, 1, 1), "가져왔습니다: 플레이 1건 (이미 있던 0건 제외), 진행 중인 게임 1개, 플레이어 1명."),
])
def test_an_import_says_each_count_in_its_plural_form(lang: str, counts: tuple[int, int, int, int],
                                                      text: str) -> None:
    """Issue 26: 'Imported: 1 plays'."""
    plays, skipped, drafts, players = counts
    assert backup_imported(Translator(lang), exchange.ImportReport(plays, skipped, drafts, 0, players)) == text


@pytest.mark.parametrize(("key", "params", "text"), [
    ("home.players_one", {"n": 1}, "1 player"),
    ("new.setup", {"n": 1}, "Setup for 1 player"),
    ("bgstats.import", {"n": 1}, "Import 1 play"),
    ("custom.kept", {"n": 1}, "1 earlier play keeps the rules it was played with."),
    ("tucana.cards_left", {"n": 1, "round": 2, "rounds": 3}, "Round 2 of 3: 1 card left"),
])
def test_a_count_of_one_is_singular(key: str, params: dict[str, int], text: str) -> None:
    assert Translator("en")(key, **params) == text


def test_a_bgstats_import_of_one_play_and_one_player(services: Services) -> None:
    assert bgstats_imported(Translator("en"), bgstats.ImportReport(1, 0, 1)) == (
        "Imported from BG Stats: 1 play (0 not imported), 1 new player.")


def add_play(services: Services, game: str, sheet: dict | None = None) -> dict:
    sheet = sheet or example(game)
    return services.repo.add_play({"game": game, "sheet": sheet, "rules_version": 1,
                                   "finished_at": "2026-11-01T20:00:00+00:00", "result": score_sheet(sheet).to_json()})


def test_a_game_of_turns_charts_its_turns(open_app: Callable[..., Harness], services: Services) -> None:
    """Issue 26: Piraten Kapern's chart was titled 'Score by round' with an axis that counts turns."""
    play = add_play(services, "piraten-kapern")
    ui = open_app(f"/result/{play['id']}")
    assert "Score by turn" in ui.texts() and "Score by round" not in ui.texts()
    assert ui.control("result.chart").content.bottom_axis.title.value == "turn"
    kahuna = open_app(f"/result/{add_play(services, 'kahuna')['id']}")
    assert "Score by round" in kahuna.texts()
    assert kahuna.control("result.chart").content.bottom_axis.title.value == "round"


def test_a_game_of_turns_lists_no_empty_player_lines_in_its_sheet(open_app: Callable[..., Harness],
                                                                  services: Services) -> None:
    """Issue 26: 'Mina — -' for each player of a Piraten Kapern play, whose entries are its turns."""
    play = add_play(services, "piraten-kapern")
    ui = open_app(f"/history/{play['id']}")
    assert not any(" — " in text for text in ui.texts())
    assert f"{len(play['sheet']['events'])} turns recorded" in ui.texts()
    for_sale = open_app(f"/history/{add_play(services, 'for-sale')['id']}")
    assert any(text.startswith("Minji — ") for text in for_sale.texts())


def test_a_game_of_ones_own_has_no_empty_setup_or_rule_choices(open_app: Callable[..., Harness],
                                                                services: Services) -> None:
    """Issue 26: an empty 'Setup for 2 players' heading and an empty 'Rule choices (0)' fold."""
    ui = open_app()
    define_wingspan(ui)
    ui.click("custom.save")
    game = DefinitionStore(services.repo).games()[0]["id"]
    assert ui.view.route == f"/new/{game}" and not ui.exists("new.setup")
    assert open_app("/new/kahuna").exists("new.setup")  # a built-in game's setup is there
    ui.type("new.player.0", "Ann")
    ui.click("new.start")
    assert ui.view.route.startswith("/play/") and ui.tagged("sheet.notes").visible is False


def start_wingspan(open_app: Callable[..., Harness], note: str = "") -> Harness:
    """A game of one's own (with its setup note, if any) started for Ann; its guide."""
    ui = open_app()
    define_wingspan(ui)
    if note:
        ui.type("custom.note", note)
    ui.click("custom.save")
    ui.type("new.player.0", "Ann")
    ui.click("new.start")
    return open_app(f"{ui.view.route}/guide")


def steps_of(guide: Harness) -> list[str]:
    return [segment.value for segment in guide.control("guide.steps").segments]


def test_a_guide_offers_only_the_steps_its_game_has_prompts_for(open_app: Callable[..., Harness]) -> None:
    """Issue 26: a game of one's own showed an empty 'Setup for 1 player: tick each step' in its guide, and empty
    Play and End steps."""
    guide = start_wingspan(open_app)
    assert not any(t.startswith("Setup for") for t in guide.texts())
    assert steps_of(guide) == ["score"] and guide.tagged("guide.steps").visible is False
    assert guide.exists("guide.body.score") and "Highest total wins." in guide.texts()
    assert guide.exists("guide.to_sheet") and not guide.exists("guide.next")
    noted = start_wingspan(open_app, note="Each player draws 2 bird cards")
    assert steps_of(noted) == ["setup", "score"] and noted.tagged("guide.steps").visible is not False
    assert "Setup for 1 player: tick each step" in noted.texts() and "Each player draws 2 bird cards" in noted.texts()
    noted.click("guide.next")
    assert noted.exists("guide.body.score") and noted.exists("guide.to_sheet")
    ui = open_app()
    start_game(ui, "kahuna", ["Ana", "Bo"])
    assert steps_of(open_app(f"{ui.view.route}/guide")) == ["setup", "play", "end", "score"]


PINA_BOARD = [["pair-1", "pair-2", "double-pair", "three-3"], ["odds", "sum-le-9", "small-straight", "full-house"],
              ["pair-5", "evens", "four-of-a-kind", "sum-21-23"],
              ["three-6", "large-straight", "all-different", "five-of-a-kind"]]
# Mina completes column 1 on her fourth turn; Joon and Sora end level on 10, and Sora placed last
LINE_AND_TIE = [[0, 0], [2, 1], [0, 2], [1, 0], None, [2, 2], [2, 0], [1, 1], [0, 1], [3, 0]]


def line_and_tie() -> dict:
    names = ["Mina", "Joon", "Sora"]
    events = [{"player": names[i % 3], **({"pass": True} if cell is None else {"cell": cell})}
              for i, cell in enumerate(LINE_AND_TIE)]
    return {"game": "pina-coladice", "players": [{"name": n} for n in names], "board": PINA_BOARD, "events": events}


def texts_in(ui: Harness, identifier: str) -> list[str]:
    return [str(c.value) for c in ui.walk(ui.control(identifier)) if isinstance(c, ft.Text)]


@pytest.mark.parametrize(("lang", "decided", "tie"), [("en", "How the winner was decided", "How the tie was broken"),
                                                      ("ko", "승자가 정해진 이유", "동점 처리")])
def test_a_win_by_a_line_is_explained_under_its_own_heading(open_app: Callable[..., Harness], services: Services,
                                                            lang: str, decided: str, tie: str) -> None:
    """Issue 26: Piña Coladice's note of a win by a line, which breaks no tie, was headed 'How the tie was broken'.
    A tie broken in the same game keeps that heading."""
    ui = open_app(f"/result/{add_play(services, 'pina-coladice', line_and_tie())['id']}", lang=lang)
    line, tiebreak = ui.control("result.tiebreak.0").value, ui.control("result.tiebreak.1").value
    assert line.startswith("Mina") and "Joon" in tiebreak and "Sora" in tiebreak
    assert texts_in(ui, "result.decided") == [decided, line]
    assert texts_in(ui, "result.tiebreaks") == [tie, tiebreak]
    tie_only = open_app(f"/result/{add_play(services, 'captain-flip')['id']}", lang=lang)
    assert tie_only.exists("result.tiebreaks") and not tie_only.exists("result.decided")
