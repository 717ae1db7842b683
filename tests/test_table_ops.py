"""The table's small operations (engine/ops.py) that stand in for slower equivalents."""

from __future__ import annotations

import random

import pytest

from nycrules.engine import ops


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 64, 65, 105, 300])
def test_shuffle_gives_the_order_and_generator_state_of_random_shuffle(size):
    """Seeded games depend on it: the same permutation, and the generator left in the same state."""
    for seed in range(60):
        mine, theirs = list(range(size)), list(range(size))
        rng_mine, rng_theirs = random.Random(seed), random.Random(seed)
        ops.shuffle(rng_mine, mine)
        rng_theirs.shuffle(theirs)
        assert mine == theirs
        assert rng_mine.getstate() == rng_theirs.getstate()


def _table(seed: int):
    """Zones of every kind (a seat's hidden hand and reserve sharing `known`, public ones, the piles),
    with cards dealt at random, some of them counted as another type with a weight, as in a bid."""
    from nycrules.engine.state import Card, Zone
    rng = random.Random(seed)
    known = {"press": 1, "wild": 2}
    hand, reserve = Zone("hand"), Zone("reserve")
    hand.known = reserve.known = known
    zones = {"hand": hand, "reserve": reserve, "played": Zone("played", public=True),
             "pair": Zone("pair 3", public=True), "deck": Zone("draw pile"), "discard": Zone("discard pile", public=True)}
    for i in range(30):
        card = Card(i, rng.choice(["press", "wild", "dollar"]))
        zone = rng.choice(list(zones.values()))
        zone.append(card)
        card.zone = zone
        if rng.random() < 0.3:
            card.counted_as, card.weight = "wild", 2
    return zones, known


def _seen(zones, known):
    return ({name: [(c.id, c.zone is zone, c.counted_as, c.weight) for c in zone] for name, zone in zones.items()},
            dict(known))


@pytest.mark.parametrize("seed", range(12))
def test_move_cards_does_what_move_card_does_card_by_card(seed):
    """Whole zones go in one go, other lists card by card: the zones, the cards and `known` end the same."""
    for src in ["hand", "reserve", "played", "pair", "deck", "discard"]:
        for dest in ["hand", "reserve", "played", "pair", "discard"]:
            for which in ["zone", "copy", "reversed", "part", "none"]:
                mine, mine_known = _table(seed)
                theirs, theirs_known = _table(seed)
                pick = {"zone": lambda z: z, "copy": list, "reversed": lambda z: list(reversed(z)),
                        "part": lambda z: list(z)[1:], "none": lambda z: []}[which]
                ops.move_cards(pick(mine[src]), mine[dest])
                for card in list(pick(theirs[src])):
                    ops.move_card(card, theirs[dest])
                assert _seen(mine, mine_known) == _seen(theirs, theirs_known), (src, dest, which)


@pytest.mark.parametrize("deck_size", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_draw_into_takes_the_top_cards_top_first_and_reshuffles_when_short(deck_size, count):
    from nycrules.engine.state import Card, Zone

    class Table:  # what draw_into reads of a game
        def __init__(self):
            self.rng = random.Random(7)
            self.chance = None  # no outside sampler: the seeded source shuffles (engine/chance.py)
            self.deck, self.discard = Zone("draw pile"), Zone("discard pile", public=True)
            for i in range(deck_size + 4):
                zone = self.deck if i < deck_size else self.discard
                card = Card(i, "press")
                zone.append(card)
                card.zone = zone
            self.log_events = False

        def emit(self, *args):
            pass

    table, dest = Table(), Zone("hand")
    expected = list(reversed(table.deck))[:count]
    drawn = ops.draw_into(table, dest, count)
    assert len(drawn) == min(count, deck_size + 4) and list(dest) == drawn
    assert drawn[:deck_size] == expected[:deck_size]
    assert all(card.zone is dest for card in drawn) and all(card.zone is table.deck for card in table.deck)
