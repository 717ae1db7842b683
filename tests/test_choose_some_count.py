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


def test_numbered_picks_are_the_sorted_listed_picks():
    """choose_some numbers the picks of cards of distinct types (_RankedPicks) instead of listing and
    sorting them: pick i must be the one the listing gave as option i, for any sizes and type order."""
    from nycrules.primitives.choices import _RankedPicks, _sort_as_shown

    rng = random.Random(7)
    for _ in range(500):
        sizes = [rng.randint(1, 4) for _ in range(rng.randint(0, 6))]
        ranks = [(place, "") for place in rng.sample(range(10), len(sizes))]
        members = [[(g, i) for i in range(size)] for g, size in enumerate(sizes)]
        least = rng.randint(-1, 6)
        most = rng.randint(least - 1, 9)
        listed = _counts_between(sizes, least, most)
        if len(listed) > 1:
            _sort_as_shown(listed, ranks)
        picks = _RankedPicks(members, ranks, least, most)
        assert picks.count == len(listed), (sizes, least, most)
        for index, counts in enumerate(listed):
            assert picks.counts(index) == list(counts), (sizes, ranks, least, most, index)
            assert picks.value(index) == [item for group, n in zip(members, counts) for item in group[:n]]
