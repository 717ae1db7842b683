"""A game whose draws and shuffles an outside sampler picks (Game.chance, engine/chance.py)."""

from __future__ import annotations

import random

from nycrules.api import load
from nycrules.engine.chance import NeedChance, Sampler
from nycrules.engine.runner import Session
from nycrules.engine.setup import SeatSpec
import pytest


class PreferWild:
    """Picks a wild card whenever one is offered, else the first item; counts its picks."""

    def __init__(self):
        self.picks = 0

    def pick(self, game, items, more=0):
        self.picks += 1
        return next((i for i, item in enumerate(items) if getattr(item, "type", "") == "wild"), 0)

    def between_steps(self, game, value):
        pass


def session(chance=None, seats=2) -> Session:
    return Session(load("nyc"), [SeatSpec(f"P{i}", "human") for i in range(seats)], 5, chance=chance)


def test_every_card_drawn_is_the_samplers_pick():
    """Before, the deal came from the seeded shuffle whatever a sampler said; now the sampler picks
    each card drawn: one that always picks a wild card fills every reserve with wild cards."""
    sampler = PreferWild()
    game = session(sampler)
    game.decision()
    reserves = [[card.type for card in seat.reserve] for seat in game.state.seats]
    assert reserves and all(kinds and set(kinds) == {"wild"} for kinds in reserves)
    assert sampler.picks > 20  # the layout's shuffles and the deal
    plain = session()
    plain.decision()
    assert [[c.type for c in s.reserve] for s in plain.state.seats] != reserves  # no sampler: the seed deals


def test_a_game_picked_by_a_sampler_plays_to_its_end():
    rng = random.Random(1)

    class Uniform(PreferWild):
        def pick(self, game, items, more=0):
            self.picks += 1
            return rng.randrange(len(items))

    game = session(Uniform(), seats=3)
    while (decision := game.decision()) is not None:
        game.apply(rng.randrange(decision.count))
    assert game.winner() is not None and game.state.chance.picks > 100


def test_a_sampler_without_outcomes_stops_the_run_at_the_first_draw():
    game = session(Sampler([]))
    with pytest.raises(NeedChance) as stop:
        game.decision()
    assert len(stop.value.items) > 1  # the items to pick from


def test_new_york_1901s_random_events_are_the_samplers_too():
    """Its market shuffles, street and bonus cards and random territories go through the sampler: two
    samplers that pick differently deal different games from one seed (before: the seed dealt them)."""
    rng = random.Random(2)

    class Counting(PreferWild):
        def __init__(self, first):
            super().__init__()
            self.first = first

        def pick(self, game, items, more=0):
            self.picks += 1
            return 0 if self.first else len(items) - 1

    dealt = []
    for first in (True, False):
        sampler = Counting(first)
        game = Session(load("ny1901"), [SeatSpec(f"P{i}", "human") for i in range(2)], 5, chance=sampler)
        for _ in range(30):
            decision = game.decision()
            if decision is None:
                break
            game.apply(rng.randrange(decision.count))
        assert sampler.picks > 5
        dealt.append([event.text for event in game.events()][:12])
    assert dealt[0] != dealt[1]
