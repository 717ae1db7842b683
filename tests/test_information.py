"""Hidden information: what a seat may know (observation) and games re-dealt to fit it (determinize)."""

import copy
import json
import random
from collections import Counter

import pytest

from nycrules.agents import make_agent
from nycrules.engine.information import determinize, observation
from nycrules.engine.runner import Session
from nycrules.engine.setup import SeatSpec
from scenario import nyc


def twin(game):
    """An independent copy of a game mid-play (the ruleset and the runner are shared, not copied)."""
    memo = {id(game.ruleset): game.ruleset, id(game.chooser): game.chooser}
    for char in game.ruleset.part.characters.values():
        memo[id(char)] = char
    return copy.deepcopy(game, memo)


def hidden_part(game, seat_index):
    """What the seat cannot see: the other hands and reserves, the piles' order, the stacks, the rng."""
    return (tuple((tuple(c.type for c in s.hand), tuple(c.type for c in s.reserve))
                  for s in game.seats if s.index != seat_index),
            tuple(c.type for c in game.deck),
            tuple(tuple(t.char.id for t in game.elevator_stacks[v]) for v in sorted(game.elevator_stacks)),
            tuple((t.colour, t.value) for t in game.prestige_stack),
            game.rng.getstate())


def check_cards(game):
    """Every card is in exactly one zone, and every seat holds the cards it is known to hold."""
    zones = [game.deck, game.discard] + [p.cards for p in game.pairs]
    for seat in game.seats:
        zones += [seat.hand, seat.reserve, seat.played]
        held = Counter(c.type for c in [*seat.hand, *seat.reserve])
        assert all(held[kind] >= n for kind, n in seat.known.items()), (seat.name, seat.known, held)
    assert sorted(c.id for z in zones for c in z) == list(range(105))
    assert all(c.zone is z for z in zones for c in z)


def play_observed(kinds, seed, tom="B4", every=1):
    """Play a seeded game; at every `every`-th decision, determinize copies from the deciding seat's view."""
    specs = [SeatSpec(f"s{i}", k, tom if k == "tom" else "")
             for i, k in enumerate(kinds)]
    agents = {i: make_agent(k, seed * 7 + i) for i, k in enumerate(kinds) if k.startswith("bot")}
    stats = {"checked": 0, "differ": 0}

    def observer(game, decision, index):
        if game.decisions_taken % every:
            return
        me = decision.seat.index
        seen = observation(game, me)
        json.dumps(seen)  # JSON-ready
        before = hidden_part(game, me)
        hidden = set()
        for k in range(3):
            guess = twin(game)
            determinize(guess, me, random.Random(k))
            check_cards(guess)
            assert observation(guess, me) == seen, "a determinization changed what the seat saw"
            for s_real, s_guess in zip(game.seats, guess.seats):
                assert len(s_real.hand) == len(s_guess.hand) and len(s_real.reserve) == len(s_guess.reserve)
            hidden.add(hidden_part(guess, me))
        assert observation(game, me) == seen and hidden_part(game, me) == before, "the real game was touched"
        stats["checked"] += 1
        stats["differ"] += len(hidden) == 3
    Session(nyc(), specs, seed, agents, log_events=False, observer=observer).run()
    return stats


@pytest.mark.parametrize("kinds,seed,tom", [
    (["bot:greedy", "bot:random"], 3, "B4"),
    (["bot:random", "bot:greedy", "tom"], 5, "C5"),
    (["bot:greedy", "bot:random", "bot:random", "tom"], 8, "B4"),
])
def test_determinizations_keep_the_observation_and_re_deal_the_hidden(kinds, seed, tom):
    stats = play_observed(kinds, seed, tom, every=3)
    assert stats["checked"] > 30
    # Three determinizations differ in what is hidden (always, but for the very end of a game).
    assert stats["differ"] >= stats["checked"] - 3


def test_the_observation_holds_no_other_hand_and_no_pile_order():
    specs = [SeatSpec("Ann", "bot:greedy"), SeatSpec("Ben", "bot:greedy")]
    agents = {i: make_agent("bot:greedy", i) for i in range(2)}
    seen = []

    def observer(game, decision, index):
        if decision.kind == "bid" and not seen:
            seen.append((twin(game), observation(game, 0)))
    Session(nyc(), specs, 4, agents, log_events=False, observer=observer).run()
    game, view = seen[0]
    ann, ben = view["seats"]
    assert ann["hand"] == sorted(c.type for c in game.seats[0].hand)
    assert ann["reserve"] == sorted(c.type for c in game.seats[0].reserve)
    assert "hand" not in ben and "reserve" not in ben
    # 7 cards after phase I, more when a phase I character drew some
    assert ben["hand_count"] == len(game.seats[1].hand) >= 7 and ben["reserve_count"] == 2
    assert view["draw_pile"] == len(game.deck) and "deck" not in json.dumps(view)
    # Ben's two drafted pairs lie face up: Ann knows those four cards are his.
    assert sum(ben["known_cards"].values()) == 4
    assert all(n <= sum(c.type == kind for c in game.seats[1].hand) for kind, n in ben["known_cards"].items())


def test_a_determinization_depends_only_on_what_the_seat_knows():
    """Two games that differ only in what seat 0 cannot see, re-dealt with the same rng, become one."""
    specs = [SeatSpec("Ann", "bot:greedy"), SeatSpec("Ben", "bot:random"), SeatSpec("Tom", "tom", "C5")]
    agents = {0: make_agent("bot:greedy", 1), 1: make_agent("bot:random", 2)}
    done = []

    def observer(game, decision, index):
        if game.round == 2 and decision.seat.index == 0 and not done:
            one, two = twin(game), twin(game)
            determinize(one, 0, random.Random(1))
            determinize(two, 0, random.Random(2))
            assert hidden_part(one, 0) != hidden_part(two, 0)
            determinize(one, 0, random.Random(9))
            determinize(two, 0, random.Random(9))
            assert hidden_part(one, 0) == hidden_part(two, 0)
            done.append(True)
    Session(nyc(), specs, 6, agents, log_events=False, observer=observer).run()
    assert done


def test_cards_tom_draws_face_up_are_known_until_they_leave():
    specs = [SeatSpec("Ann", "bot:greedy"), SeatSpec("Tom", "tom", "C5")]
    agents = {0: make_agent("bot:greedy", 1)}
    known_beyond_pair = []

    def observer(game, decision, index):
        tom = game.seats[1]
        # Tom holds only the pair he was given in phase I and cards he drew; in mode C he keeps
        # drawn cards for later rounds, face up, so the bound may exceed his pair.
        check_cards(game)
        if game.bidding_card and sum(tom.known.values()) > 2:
            known_beyond_pair.append(dict(tom.known))
    Session(nyc(), specs, 2, agents, log_events=False, observer=observer).run()
    assert known_beyond_pair
