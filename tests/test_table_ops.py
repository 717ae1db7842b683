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
