"""New York 1901's rules played before the engine runs them (tests/ny1901_stand_in.py): whole seeded
games of random choices at 2-4 seats, the invariants checked after every turn."""

from __future__ import annotations

import pytest

from ny1901_stand_in import GEOMETRY, RULESET, play, run


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(1, 6))
def test_whole_games_end_with_the_invariants_kept(seats, seed):
    game, turns, last = play(seats, seed)
    if last:
        trigger = (last[0] - 1) % seats
        assert last == [(trigger + i) % seats for i in range(1, seats)]  # every other seat, once, in order
    else:
        assert turns == seats * RULESET.doc["procedure"]["play"][0]["at_most"]
    assert all(s.points >= 0 for s in game.seats) and max(s.points for s in game.seats) > 0
    winner = run(game, ("winner",))
    assert winner[0].points == max(s.points for s in game.seats)


def test_a_game_is_the_same_for_the_same_seed():
    first, again = play(3, 11)[0], play(3, 11)[0]
    assert [s.points for s in first.seats] == [s.points for s in again.seats]
    assert [e.text for e in first.events] == [e.text for e in again.events]


def test_two_seats_play_without_the_pink_district():
    game, _, _ = play(2, 3)
    assert all(GEOMETRY.board.territories[t].district != "pink" for t, h in enumerate(game.city.holder) if h >= 0)
    assert "the pink district is not played" in [e.text for e in game.events]
