"""New York 1901's rules played before the engine runs them (tests/ny1901_stand_in.py): whole seeded
games of random choices at 2-4 seats, the invariants checked after every turn."""

from __future__ import annotations

import pytest

from ny1901_stand_in import GEOMETRY, RULES, RULESET, Rules, play, run


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


ADVANCED, BEGINNER = Rules(RULES.parent / "advanced.yaml"), Rules(RULES.parent / "beginner.yaml")


@pytest.mark.parametrize("seed", range(1, 4))
def test_the_advanced_variant_starts_with_empty_estates_and_higher_thresholds(seed):
    assert (ADVANCED.params["silver_at"], ADVANCED.params["gold_at"], ADVANCED.params["starters"]) == (10, 25, 0)
    game, _, _ = play(3, seed, ADVANCED)
    standing = [GEOMETRY.order[game.city.buildings[n][0]] for n in game.city.standing()]
    assert standing and all(t.generation > 0 for t in standing)  # no starter building
    assert not any("starts on" in e.text for e in game.events)  # none was ever put down


@pytest.mark.parametrize("seed", range(1, 4))
def test_the_beginner_variant_plays_gold_tycoon_on_three_given_streets(seed):
    game, _, _ = play(2, seed, BEGINNER)
    assert game.city.bonus == "gold_tycoon"
    assert [GEOMETRY.board.streets[[s.letter for s in GEOMETRY.board.streets].index(x)].name
            for x in game.city.streets] == ["Wall Street", "Broadway", "Nassau & Broad"]
