"""Setup's order of choosing: the start characters are picked from the bottom of the press stack up."""

from __future__ import annotations

import pytest

from nycrules.agents.seating import parse_seats
from nycrules.engine.setup import new_game
from scenario import nyc

SEEDS = range(1, 9)


def start_pickers(seats: list[str], seed: int) -> tuple[list[str], list[str]]:
    """(who picked a stack of start characters, in order; the press track after setup, top first)."""
    asked = []

    def chooser(game, decision):
        asked.append(decision.seat.name)
        return 0

    game = new_game(nyc(), parse_seats(seats, nyc()), seed, chooser)
    return asked, [t.seat.name for t in game.press if t.seat is not None]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("seats", [["Ann", "Ben"], ["Ann", "Ben", "Cat"], ["Ann", "Ben", "Cat", "Dan"]])
def test_start_characters_are_picked_in_reverse_press_order(seats, seed):
    """The token at the bottom of the start stack (last on the press track) picks first, the top one
    last (rulebook, setup step 16; ruling 2)."""
    pickers, press = start_pickers(seats, seed)
    assert pickers == list(reversed(press))


def test_the_seeds_above_stack_the_tokens_in_orders_that_tell_the_rule_apart():
    """The test above could not fail for a wrong order if every seed stacked the tokens in seat order or
    its reverse: among its seeds some stack them otherwise."""
    orders = {tuple(start_pickers(["Ann", "Ben", "Cat", "Dan"], seed)[1]) for seed in SEEDS}
    assert orders - {("Ann", "Ben", "Cat", "Dan"), ("Dan", "Cat", "Ben", "Ann")}
