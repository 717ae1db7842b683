"""A character's effect on its owner: seats held equal, intervals seeded and within what is possible."""

import random

import pytest

from nycrules.studies.effects import MIN_OWNERS, owner_effects
from nycrules.studies.simulate import GameResult, SeatResult
from nycrules.studies.stats import bootstrapped


def game(number, seats):
    """seats: (points, owned character ids) per seat; the most points wins (the first on a tie)."""
    best = max(range(len(seats)), key=lambda i: seats[i][0])
    return GameResult(number, 100, tuple(SeatResult(i == best, points, {"x": points}, tuple(owned),
                                                    {c: 1 for c in owned}, {})
                                        for i, (points, owned) in enumerate(seats)))


def test_the_seat_is_held_equal():
    """Seat 1 always scores 20 more and owns character 7 far more often; 7 itself does nothing.
    Owners of 7 score more than non-owners over all seats, but not within a seat."""
    rng = random.Random(3)
    results = []
    for g in range(300):
        luck = rng.randint(0, 10)
        first = (30 + luck, [7] if rng.random() < 0.2 else [])
        second = (50 + luck, [7] if rng.random() < 0.8 else [])
        results.append(game(g, [first, second]))
    owners = [s for r in results for s in r.seats if 7 in s.owned]
    others = [s for r in results for s in r.seats if 7 not in s.owned]
    assert sum(s.points for s in owners) / len(owners) - sum(s.points for s in others) / len(others) > 10
    effect = owner_effects(results, [7], seed=1)[7]
    assert effect.points == pytest.approx(0, abs=1.5)
    figure = bootstrapped(effect.points, effect.points_drawn, effect.owners)
    assert figure.low < 0 < figure.high


def test_a_planted_effect_is_measured_with_an_interval_around_it():
    rng = random.Random(5)
    results = []
    for g in range(200):
        seats = []
        for _ in range(4):
            owns = rng.random() < 0.3
            seats.append((rng.randint(40, 60) + (5 if owns else 0), [9] if owns else []))
        results.append(game(g, seats))
    effect = owner_effects(results, [9], seed=1)[9]
    figure = bootstrapped(effect.points, effect.points_drawn, effect.owners)
    assert figure.low < 5 < figure.high and figure.high - figure.low < 4
    assert 0 < effect.wins <= 1


def test_the_draws_are_seeded_and_intervals_stay_possible():
    """Few owners who always win: a win-rate difference stays within [-1, 1], points within the range."""
    rng = random.Random(2)
    results = [game(g, [(rng.randint(60, 90), [3]) if g % 10 == 0 else (rng.randint(0, 40), []), (50, [])])
               for g in range(100)]
    one = owner_effects(results, [3], seed=4)[3]
    assert one == owner_effects(results, [3], seed=4)[3]
    assert one != owner_effects(results, [3], seed=5)[3]
    wins = bootstrapped(one.wins, one.wins_drawn, one.owners)
    points = bootstrapped(one.points, one.points_drawn, one.owners)
    assert wins.value == 1 and -1 <= wins.low <= wins.high <= 1
    assert 20 <= points.low <= points.high <= 90  # owners score 60-90, the others 0-40


def test_too_few_owners_give_no_effect():
    results = [game(g, [(50, [3] if g < MIN_OWNERS - 1 else []), (40, [])]) for g in range(50)]
    effect = owner_effects(results, [3, 4], seed=1)
    assert effect[3].owners == MIN_OWNERS - 1 and effect[3].points is None and effect[3].points_drawn == ()
    assert effect[4].owners == 0 and effect[4].points is None
