"""A draft turn: a seat takes a pair of cards on display, or lets a character act instead.

Which seats draft, how often and in which order is the ruleset's procedure; this
is the mechanism of one turn (its menu: one option per kind of pair, then the
characters the seat may use).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from . import mechanics
from ...engine.decisions import Decision, Option
from ...engine.state import Game, Seat
from .state import Tile
from ...engine.tasks import PUSHED, Task, run_now
from .characters import OfferTask, UseTask, usable, use_options


def draft_turn(game: Game, seat: Seat) -> None:
    """One draft turn of the seat, at once (see DraftTurn)."""
    run_now(game, DraftTurn(seat))


class DraftTurn(Task):
    """One turn of the seat in a draft: take a pair of cards on display (or let a character act in its
    place), using characters before and after as their hooks allow."""

    __slots__ = ("seat", "rule", "where", "phase")

    def __init__(self, seat: Seat):
        self.seat = seat
        self.rule, self.where = "", None
        self.phase = 0  # 0: not started, 1: asked, 2: a character acts, 3: one acted instead of a pair, 4: after

    def step(self, game: Game, value: Any) -> Any:
        seat, phase = self.seat, self.phase
        if phase == 0:
            game.taken = []
            self.rule, self.where = game.rule, game.where
        elif phase == 1:
            game.where = self.where
            if value[0] == "pair":
                game.taken.extend(mechanics.take_pair(game, seat, value[1]))
            else:
                self.phase = 3 if value[0] == "instead" else 2
                game.stack.append(UseTask(seat, value[1], {}))
                return PUSHED
        elif phase == 4:
            game.rule = self.rule
            return None
        else:
            game.rule = self.rule
        if not game.taken and phase != 3:
            self.phase = 1
            return self.question(game)
        self.phase = 4
        if seat.company:
            game.stack.append(OfferTask(seat, ("draft.after_pair", "draft.turn"), {"taken": list(game.taken)},
                                        "Use a character before your turn ends?", "end turn"))
            return PUSHED
        game.rule = self.rule
        return None

    def question(self, game: Game) -> Decision:
        values, labels = _draft_menu(game, self.seat)
        return Decision(self.seat, "draft", "Take a pair of cards", None, game.rule, count=len(values),
                        build=partial(_draft_option, values, labels), value=values.__getitem__)


_MENU_HOOKS = ("draft.turn", "draft.instead_of_pair")  # the characters offered in a draft turn's menu


def _draft_menu(game: Game, seat: Seat) -> tuple[list[tuple[str, Any]], list[str]]:
    """The values of a draft turn's options, with the labels of the characters' options.

    Pairs of the same card types are one option. A pair's label and key are made only
    when someone reads them (see _draft_option): bots pick by index and value.
    """
    kinds: set[tuple[str, ...]] = set()
    values: list[tuple[str, Any]] = []
    for pair in game.pairs:  # the first pair of each kind, in display order
        cards = pair.cards
        if len(cards) == 2:  # the usual pair, its two types sorted by hand (a call per pair costs more)
            first, second = cards[0].type, cards[1].type
            kind = (first, second) if first <= second else (second, first)
        else:
            kind = tuple(sorted([card.type for card in cards]))
        if kind not in kinds:
            kinds.add(kind)
            values.append(("pair", pair))
    labels = [""] * len(values)  # "" for a pair
    tiles = usable(game, seat, _MENU_HOOKS, {}) if seat.company else None
    if tiles:  # one look at the characters for both hooks, then split by hook
        turn: list[Tile] = []
        instead: list[Tile] = []
        for tile in tiles:
            (turn if tile.char.when == _MENU_HOOKS[0] else instead).append(tile)
        for label, tile in use_options(turn):
            values.append(("use", tile))
            labels.append(label)
        for label, tile in use_options(instead, " instead of a pair"):
            values.append(("instead", tile))
            labels.append(label)
    return values, labels


def _draft_option(values: list[tuple[str, Any]], labels: list[str], index: int) -> Option:
    kind, what = values[index]
    if kind == "pair":
        name = what.name()
        return Option(f"take {name}", values[index], f"pair:{name.replace(' ', '')}")
    return Option(labels[index], values[index], f"{kind}:{what.char.id}")
