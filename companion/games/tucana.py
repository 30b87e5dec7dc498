"""Trails of Tucana: the app as mayor (terrain deck), village letters per seat, blue bonus cards as pairs connect."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

import flet as ft

from scoring.games.trails_of_tucana import LETTERS, ROUNDS, TERRAIN_DECK, TURNS_PER_ROUND, village_letters

from ..widgets.common import labelled_switch, primary_button, secondary_button, section, tagged
from ..widgets.game_unit import GameContext, GameUI
from ..widgets.text import AppText

TOOL = "tucana"


def shuffled_deck(rng: random.Random) -> list[str]:
    deck = [kind for kind, n in TERRAIN_DECK.items() for _ in range(n)]
    rng.shuffle(deck)
    return deck


@dataclass
class Mayor:
    """The terrain deck: two cards a turn; a round ends with one card left; then all 27 are reshuffled."""

    rounds: int
    round: int = 1
    deck: list[str] = field(default_factory=list)
    drawn: int = 0
    seed: int = 0

    def __post_init__(self) -> None:
        if not self.deck:
            self.deck = shuffled_deck(random.Random(self.seed))

    @property
    def turn(self) -> int:
        """Turn number over the whole game (as the bonus-card connections count them)."""
        return (self.round - 1) * TURNS_PER_ROUND + self.drawn // 2

    @property
    def revealed(self) -> list[str]:
        return self.deck[self.drawn - 2:self.drawn] if self.drawn else []

    @property
    def left(self) -> int:
        return len(self.deck) - self.drawn

    @property
    def round_over(self) -> bool:
        return self.left == 1

    @property
    def game_over(self) -> bool:
        return self.round_over and self.round == self.rounds

    def reveal(self) -> list[str]:
        if self.round_over:
            raise ValueError("the round is over: one card is left")
        self.drawn += 2
        return self.revealed

    def next_round(self) -> None:
        if not self.round_over or self.game_over:
            raise ValueError("the round is still going" if not self.round_over else "the game is over")
        self.round += 1
        self.seed += 1
        self.deck = shuffled_deck(random.Random(self.seed))
        self.drawn = 0

    def state(self) -> dict[str, Any]:
        return asdict(self)


def random_card(rng: random.Random) -> list[str]:
    """A setup card: each letter A to E twice, in a random circle."""
    letters = list(LETTERS * 2)
    rng.shuffle(letters)
    return letters


class TucanaTools:
    def __init__(self, context: GameContext) -> None:
        self.context = context
        options = context.model.working.get("options", {})
        saved = context.tool(TOOL)
        rng = random.Random()
        mayor_state = saved.get("mayor") or {"rounds": ROUNDS[options.get("island", "petit")],
                                             "seed": rng.randrange(1 << 30)}
        self.mayor = Mayor(**mayor_state)
        self.letters: dict[str, Any] = saved.get("letters") or {"card": random_card(rng), "start": 1,
                                                               "counter_clockwise": False, "fair": False}
        self.mayor_body = ft.Column(spacing=8)
        self.letters_body = ft.Column(spacing=6)
        self.connect_body = ft.Column(spacing=6)
        context.on_change(lambda evaluation: self.redraw())
        self.redraw()

    def save(self) -> None:
        self.context.save_tool(TOOL, {"mayor": self.mayor.state(), "letters": self.letters})

    def redraw(self) -> None:
        self._draw_mayor()
        self._draw_letters()
        self._draw_connect()

    # ---- the mayor ---------------------------------------------------------------------------

    def _draw_mayor(self) -> None:
        t = self.context.t
        m = self.mayor
        cards = [ft.Container(AppText(t(f"tucana.terrain.{kind}"), size=18, weight=ft.FontWeight.BOLD),
                              padding=ft.Padding.symmetric(horizontal=16, vertical=18), border_radius=10,
                              bgcolor=TERRAIN_COLOURS[kind]) for kind in m.revealed]
        status = (t("tucana.game_over") if m.game_over else t("tucana.round_over", round=m.round) if m.round_over
                  else t("tucana.cards_left", n=m.left, round=m.round, rounds=m.rounds))
        buttons: list[ft.Control] = []
        if not m.round_over:
            buttons.append(primary_button("tucana.reveal", t("tucana.reveal"), self._reveal, icon=ft.Icons.STYLE))
        elif not m.game_over:
            buttons.append(primary_button("tucana.next_round", t("tucana.next_round"), self._next_round,
                                          icon=ft.Icons.SHUFFLE))
        self.mayor_body.controls = [
            tagged("tucana.status", AppText(status, size=15)),
            tagged("tucana.revealed", ft.Row(cards, spacing=10)) if cards else AppText(t("tucana.none_yet"), size=13),
            ft.Row(buttons),
        ]

    def _reveal(self, e: ft.ControlEvent) -> None:
        self.mayor.reveal()
        self.save()
        self.redraw()

    def _next_round(self, e: ft.ControlEvent) -> None:
        self.mayor.next_round()
        self.save()
        self.redraw()

    # ---- village letters ---------------------------------------------------------------------

    def _draw_letters(self) -> None:
        t = self.context.t
        cfg = self.letters
        rows = []
        for seat, name in enumerate(self.context.model.names):
            letters = village_letters(cfg["card"], seat, cfg["start"], cfg["counter_clockwise"], cfg["fair"])
            rows.append(ft.Row([AppText(name, width=80, size=13, max_lines=1),
                                AppText("  ".join(letters), size=15, font_family="monospace")]))
        self.letters_body.controls = [
            AppText(t("tucana.card", letters=" ".join(cfg["card"])), size=13),
            AppText(t("tucana.villages_1_to_10"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            *rows,
            ft.Row([
                secondary_button("tucana.new_card", t("tucana.new_card"), self._new_card, icon=ft.Icons.CASINO),
                secondary_button("tucana.random_start", t("tucana.random_start", n=cfg["start"]),
                                 self._random_start, icon=ft.Icons.SHUFFLE),
            ], wrap=True),
            labelled_switch("tucana.ccw", t("tucana.counter_clockwise"), cfg["counter_clockwise"],
                            lambda on: self._set_letters(counter_clockwise=on)),
            labelled_switch("tucana.fair", t("tucana.fair"), cfg["fair"], lambda on: self._set_letters(fair=on)),
        ]

    def _set_letters(self, **changes: Any) -> None:
        self.letters = {**self.letters, **changes}
        self.save()
        self.redraw()

    def _new_card(self, e: ft.ControlEvent) -> None:
        self._set_letters(card=random_card(random.Random()))

    def _random_start(self, e: ft.ControlEvent) -> None:
        self._set_letters(start=random.randint(1, 10))

    # ---- blue bonus cards: who connected which pair, in which turn -----------------------------

    def _draw_connect(self) -> None:
        t = self.context.t
        sheet = self.context.model.working
        connections = sheet.get("connections") or []
        done = {(c["player"], c["letter"]) for c in connections}
        turn = max(self.mayor.turn, 1)
        rows = []
        for i, name in enumerate(self.context.model.names):
            chips = [tagged(f"tucana.connect.{i}.{letter}", ft.Chip(
                label=letter, selected=(name, letter) in done, disabled=(name, letter) in done,
                on_click=lambda e, n=name, letter=letter: self._connect(n, letter)))
                for letter in LETTERS]
            rows.append(ft.Row([AppText(name, width=80, size=13, max_lines=1), *chips], spacing=4, wrap=True))
        result = self.context.model.evaluation.result
        bonus = {p.name: p.breakdown.get("bonus", 0) for p in result.players} if result else {}
        self.connect_body.controls = [
            AppText(t("tucana.connect_hint", turn=turn), size=13),
            *rows,
            AppText(t("tucana.bonus_so_far", list=" · ".join(f"{n} {v}" for n, v in bonus.items())), size=13),
        ]

    def _connect(self, name: str, letter: str) -> None:
        turn = max(self.mayor.turn, 1)
        index = self.context.model.names.index(name)

        def record(sheet: dict[str, Any]) -> None:
            sheet["connections"] = [*(sheet.get("connections") or []),
                                    {"turn": turn, "player": name, "letter": letter}]
            player = sheet["players"][index]
            villages = list(player.get("villages") or [])
            if letter not in villages:
                player["villages"] = sorted([*villages, letter])

        evaluation = self.context.model.attempt(record)
        self.context.changed(evaluation)
        if not evaluation.saveable:
            self.context.snack(self.context.t.text(evaluation.error.text))
        self.context.rebuild()


TERRAIN_COLOURS = {"desert": "#F2D492", "forest": "#8FC93A", "mountain": "#B8B8B8", "water": "#7EC8E3",
                   "joker": "#F7A9A8"}


def sections(context: GameContext) -> list[ft.Control]:
    t = context.t
    tools = TucanaTools(context)
    return [section(t("tucana.mayor"), tools.mayor_body),
            ft.ExpansionTile(title=AppText(t("tucana.letters")), controls=[tools.letters_body]),
            ft.ExpansionTile(title=AppText(t("tucana.connections")), controls=[tools.connect_body],
                             expanded=bool(context.model.working.get("connections")))]


UI = GameUI(sections=sections, handles=frozenset({"connections"}))
