"""Whole games of New York 1901 played by the engine with random answers, at 2-4 seats: the game's
invariants after every turn (tests/ny1901_games.py), the end trigger and the final turns, and the
points equal to a recount from the final position. The suite plays 90 games; the benchmark
benchmarks/ny1901_invariants.py plays the same checks over as many as asked (300 and more)."""

from __future__ import annotations

from typing import Any

import pytest

from ny1901_games import GEOMETRY, RULESET, Watch, play, play_with_bots, recount, run
from nycrules.engine.state import Game


def check_whole_game(seats: int, seed: int, base: str = "ruleset.yaml", chooser: Any = None) -> tuple[Game, Watch]:
    """Every check of a whole game (its invariants were checked at every turn's end as it was played);
    the game and its watch. Random answers from the seed, or `chooser(game, decision)`'s."""
    game, watch = play(seats, seed, base, chooser)
    check_played(game, watch)
    return game, watch


def check_played(game: Game, watch: Watch) -> None:
    """The checks of a whole game played and watched (its invariants were checked as it was played)."""
    seats = len(game.seats)
    params, bound = game.ruleset.params, game.ruleset.procedure.nodes
    turns = watch.turns
    assert turns[:seats] == list(range(seats)) and all(b == (a + 1) % seats for a, b in zip(turns, turns[1:]))
    if watch.final:  # triggered by the last seat to play a turn before them; nobody before it triggered
        assert watch.triggered[-1] and not any(watch.triggered[:-1])
        assert watch.final == [(turns[-1] + i) % seats for i in range(1, seats)]  # every other seat, once
    else:  # the bound of the procedure (`at_most` rounds) was reached without the end being triggered
        at_most = next(n for n in bound if n.id == "turns").at_most
        assert not any(watch.triggered) and len(turns) == seats * at_most.run(None)
    recounted = recount(game, watch)
    assert [{"during the game": s.points - sum(s.scores.values()), **s.scores} for s in game.seats] == recounted
    assert all(s.points == sum(r.values()) for s, r in zip(game.seats, recounted))
    assert run(game, ("winner",))[0].points == max(s.points for s in game.seats)
    assert 0 < len(game.city.streets) == params["streets_dealt"] and game.city.bonus


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(1, 21))
def test_whole_games_keep_the_invariants(seats, seed):
    check_whole_game(seats, seed)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_games_of_greedy_bots_keep_the_invariants(seats):
    game, watch = play_with_bots(seats, seats, "bot:greedy")
    check_played(game, watch)
    assert watch.final  # it builds: the end is triggered, not the bound of rounds reached


@pytest.mark.parametrize("base", ["advanced.yaml", "beginner.yaml"])
@pytest.mark.parametrize("seed", range(1, 6))
def test_whole_games_of_the_variants_keep_the_invariants(base, seed):
    check_whole_game(2 + seed % 3, seed, base)


def test_a_game_is_the_same_for_the_same_seed():
    (first, _), (again, _) = play(3, 11), play(3, 11)
    assert [s.points for s in first.seats] == [s.points for s in again.seats]
    assert [e.text for e in first.events] == [e.text for e in again.events]


def test_two_seats_play_without_the_pink_district():
    game, _ = play(2, 3)
    assert all(GEOMETRY.board.territories[t].district != "pink" for t, h in enumerate(game.city.holder) if h >= 0)
    assert "the pink district is not played" in [e.text for e in game.events]


@pytest.mark.parametrize("seed", range(1, 4))
def test_the_advanced_variant_starts_with_empty_estates_and_higher_thresholds(seed):
    game, _ = play(3, seed, "advanced.yaml")
    assert (game.ruleset.params["silver_at"], game.ruleset.params["gold_at"], game.ruleset.params["starters"]) == (10, 25, 0)
    standing = [GEOMETRY.order[game.city.buildings[n][0]] for n in game.city.standing()]
    assert standing and all(t.generation > 0 for t in standing)  # no starter building
    assert not any("starts on" in e.text for e in game.events)  # none was ever put down


@pytest.mark.parametrize("seed", range(1, 4))
def test_the_beginner_variant_plays_gold_tycoon_on_three_given_streets(seed):
    game, _ = play(2, seed, "beginner.yaml")
    assert game.city.bonus == "gold_tycoon"
    assert [GEOMETRY.board.streets[[s.letter for s in GEOMETRY.board.streets].index(x)].name
            for x in game.city.streets] == ["Wall Street", "Broadway", "Nassau & Broad"]


def test_the_marked_rulesets_play_the_shipped_games():
    """The note that marks a turn's end changes nothing of a game (the checks above are of the shipped rules)."""
    from nycrules.engine.runner import Session
    from nycrules.engine.setup import SeatSpec
    import random
    rng = random.Random(3 * 7919 + 1)
    session = Session(RULESET, [SeatSpec(f"seat {i + 1}", "bot:random") for i in range(3)], 3)
    while (decision := session.decision()) is not None:
        session.apply(rng.randrange(decision.count))
    game, _ = play(3, 3)
    assert [s.points for s in session.state.seats] == [s.points for s in game.seats]
    assert [e.text for e in session.state.events] == [e.text for e in game.events if e.text != "-- end of a turn --"]
