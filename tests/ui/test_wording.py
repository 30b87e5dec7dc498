"""What the screens say: each count in its plural form, turns called turns, no empty heading or line."""

from __future__ import annotations

from collections.abc import Callable

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


def add_play(services: Services, game: str) -> dict:
    sheet = example(game)
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
