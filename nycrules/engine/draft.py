"""A draft turn: a seat takes a pair of cards on display, or lets a character act instead.

Which seats draft, how often and in which order is the ruleset's procedure; this
is the mechanism of one turn (its menu: one option per kind of pair, then the
characters the seat may use).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from . import ops
from .abilities import offer, usable, use, use_options
from .decisions import Decision, Option
from .state import Game, Seat, Tile


def draft_turn(game: Game, seat: Seat) -> None:
    """One turn of the seat in a draft: take a pair of cards on display (or let a character act in its
    place), using characters before and after as their hooks allow."""
    game.taken = []
    rule, where = game.rule, game.where
    while not game.taken:
        values, labels = _draft_menu(game, seat)
        decision = Decision(seat, "draft", "Take a pair of cards", None, game.rule, count=len(values),
                            build=partial(_draft_option, values, labels), value=values.__getitem__)
        choice = game.ask(decision)
        game.where = where
        if choice[0] == "pair":
            game.taken.extend(ops.take_pair(game, seat, choice[1]))
        else:
            use(game, seat, choice[1], {})
            game.rule = rule
            if choice[0] == "instead":
                break  # the character took the place of the pair
    if seat.company:
        offer(game, seat, ("draft.after_pair", "draft.turn"), {"taken": list(game.taken)},
              "Use a character before your turn ends?", "end turn")
    game.rule = rule


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
