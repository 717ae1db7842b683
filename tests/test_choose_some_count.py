"""choose_some counts its options before listing them, so a huge choice is refused, not built."""

import itertools
import random

from nycrules.primitives.choices import _counts_between, _number_of_picks


def test_the_count_matches_the_listed_picks():
    rng = random.Random(5)
    for _ in range(300):
        sizes = [rng.randint(1, 4) for _ in range(rng.randint(0, 6))]
        least = rng.randint(0, 6)
        most = rng.randint(least, 9)
        assert _number_of_picks(sizes, least, most) == len(_counts_between(sizes, least, most)), (sizes, least, most)


def test_forty_distinct_items_have_two_to_the_forty_picks_counted_at_once():
    assert _number_of_picks([1] * 40, 0, 40) == 2 ** 40
    assert _number_of_picks([1] * 40, 2, 2) == len(list(itertools.combinations(range(40), 2)))
