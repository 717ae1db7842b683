"""Seeded random games of 2, 3 and 4 seats (bots and Toms), with the invariants checked after every event."""

import pytest
from hypothesis import given, seed as hypothesis_seed, settings, strategies as st

from conftest import exploration_seed

from invariants import Invariants
from nycrules.agents import make_agent
from nycrules.engine.scoring import winner_of
from nycrules.engine.runner import Session
from nycrules.engine.setup import SeatSpec
from scenario import nyc


def run_game(kinds: list[str], seed: int, tom: str = "B4"):
    specs = [SeatSpec(f"s{i}", k, tom if k == "tom" else "")
             for i, k in enumerate(kinds)]
    agents = {i: make_agent(k, seed * 7 + i) for i, k in enumerate(kinds) if k.startswith("bot")}
    holder = {}

    def observe(game, decision, index):
        if "inv" not in holder:
            holder["inv"] = Invariants(game)
        holder["inv"].check()
        options = len(decision.options)
        assert options >= 2, "a decision with a single option should not be asked"
        assert len(set(decision.labels())) == options, f"two options look the same: {decision.labels()}"
        assert len({o.key for o in decision.options}) == options, f"two options have one key: {decision.options}"

    game = Session(nyc(), specs, seed, agents, observer=observe).run()
    holder.setdefault("inv", Invariants(game))
    holder["inv"].check()
    return game, holder["inv"]


CONFIGS = {
    2: ["bot:random", "bot:greedy"],
    3: ["bot:random", "bot:random", "bot:greedy"],
    4: ["bot:greedy", "bot:random", "bot:random", "bot:random"],
}


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("block", range(7))
def test_random_games_keep_the_invariants(seats, block):
    for seed in range(block * 10, block * 10 + 10):  # 70 games per seat count
        game, inv = run_game(CONFIGS[seats], seed)
        assert game.finished and game.round == 5
        assert inv.checked > 100
        winner = winner_of(game)
        assert winner.points == max(s.points for s in game.seats)
        for seat in game.seats:
            assert sum(seat.scores.values()) <= seat.points


@hypothesis_seed(exploration_seed())  # the same 25 games each run (the header names the seed)
@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 10**6),
       kinds=st.lists(st.sampled_from(["bot:random", "bot:greedy", "tom"]), min_size=2, max_size=4),
       level=st.sampled_from(["A6", "B3", "C2", "B4", "C5", "A9"]))
def test_games_with_toms_keep_the_invariants(seed, kinds, level):
    game, _ = run_game(kinds, seed, level)
    assert game.finished


def test_toms_alone_finish_a_game():
    game, _ = run_game(["tom", "tom", "tom"], 5, "C4")
    assert game.finished and all(s.points > 0 for s in game.seats)
