"""The game registered with OpenSpiel: chance nodes, its own random-simulation test, serialization,
MCTSBot and ISMCTSBot, rl_environment."""

from __future__ import annotations

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import nycrules.openspiel  # noqa: E402,F401  (registers the game)
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402


def sampled(state, rng) -> int:
    """A chance outcome drawn by its probability."""
    outcomes = state.chance_outcomes()
    return outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0]


def played(game, rng, until=lambda state: False):
    """A state played at random (chance by its probabilities) to its end or until `until(state)`."""
    state = game.new_initial_state()
    while not state.is_terminal() and not until(state):
        state.apply_action(sampled(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_the_game_is_registered_with_chance_nodes():
    game = pyspiel.load_game("nycrules", {"players": 3, "seed": 4})
    kind = game.get_type()
    assert kind.short_name == "nycrules" and game.num_players() == 3
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == nycrules.new_game(["A", "B"]).num_distinct_actions()
    assert game.max_chance_outcomes() >= len(nycrules.new_game(["A", "B"]).state.cards)
    state = game.new_initial_state()
    assert state.is_chance_node()  # the table is laid out by chance
    outcomes = state.chance_outcomes()
    assert len(outcomes) > 1 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state = played(game, np.random.RandomState(0), lambda s: not s.is_chance_node())
    assert len(state.observation_tensor(0)) == len(state.session.observation_tensor(0)) == game.observation_tensor_size()
    assert len(state.information_state_tensor(0)) == game.information_state_tensor_size() > game.observation_tensor_size()
    assert state.legal_actions() == state.session.legal_actions()
    with pytest.raises(Exception, match="2-4 players"):
        pyspiel.load_game("nycrules", {"players": 5})


def test_every_card_drawn_is_a_chance_outcome_with_its_share_of_the_pile():
    """A draw from the draw pile offers each card type left once, with the share of the pile it has."""
    game = pyspiel.load_game("nycrules", {"players": 2})
    types = {kind.id for kind in game.ruleset.part.components.card_types}
    labels = lambda s: {s.action_to_string(pyspiel.PlayerId.CHANCE, a).removeprefix("chance: "): p
                        for a, p in s.chance_outcomes()}
    rng = np.random.RandomState(3)
    state = played(game, rng, lambda s: not s.is_chance_node())  # past the layout, to the first decision
    state = played_on(state, rng, lambda s: s.is_chance_node() and set(labels(s)) <= types)
    deck = [card.type for card in state.session.state.deck]
    assert len(deck) > 1 and labels(state) == {kind: deck.count(kind) / len(deck) for kind in set(deck)}


def test_the_cards_drawn_are_the_chance_outcomes_taken():
    """A draw of several cards offers its cards one chance node each, the later ones worked out without
    playing the game on: the cards that left the draw pile are exactly the card types the outcomes named
    (taken here at the last place offered, not the first)."""
    game = pyspiel.load_game("nycrules", {"players": 4})
    types = {kind.id for kind in game.ruleset.part.components.card_types}
    state, named = game.new_initial_state(), []
    while state.is_chance_node():
        outcome = state.legal_actions()[-1]
        named.append(state.action_to_string(pyspiel.PlayerId.CHANCE, outcome).removeprefix("chance: "))
        state.apply_action(outcome)
    table = state.session.state
    left = sorted(card.type for card in table.cards if card.zone is not table.deck)
    assert len(left) == 8 and left == sorted(name for name in named if name in types)  # two in each reserve


def played_on(state, rng, until):
    while not state.is_terminal() and not until(state):
        state.apply_action(sampled(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiels_random_simulation_test_passes(players):
    """50 random games each, chance outcomes sampled by OpenSpiel (one game with seed 11 stopped at the
    Hoarder's question, whose options had no action ids, at 5 simulations)."""
    pyspiel.random_sim_test(pyspiel.load_game("nycrules", {"players": players, "seed": 11}), num_sims=50,
                            serialize=False, verbose=False)


def test_openspiels_random_simulation_test_with_serialization_passes():
    """Each state OpenSpiel serializes plays again from what was done to it (before: "GetRNGState
    unimplemented", a sampled-stochastic game's state could not be serialized)."""
    pyspiel.random_sim_test(pyspiel.load_game("nycrules", {"players": 3}), num_sims=2, serialize=True,
                            verbose=False)


def test_a_state_serialized_or_pickled_comes_back_the_same():
    game = pyspiel.load_game("nycrules", {"players": 3, "seed": 2})
    state = played(game, np.random.RandomState(5), lambda s: len(s.history()) > 150 and not s.is_chance_node())
    guess = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for original in (state, guess):
        text = pyspiel.serialize_game_and_state(game, original)
        _, copy = pyspiel.deserialize_game_and_state(text)
        for twin in (copy, pickle.loads(pickle.dumps(original))):
            assert twin.history() == original.history() and str(twin) == str(original)
            assert twin.legal_actions() == original.legal_actions()
            assert [twin.information_state_string(p) for p in range(3)] == [
                original.information_state_string(p) for p in range(3)]
            assert twin.session.state.deck == [] or [c.type for c in twin.session.state.deck] == [
                c.type for c in original.session.state.deck]


def test_parameters_and_history_tell_hidden_cards_only_through_chance_outcomes():
    """Before, the seed parameter and the players' actions rebuilt every hand: the deal came from the
    seeded random source. Now two states with the same parameters and the same players' actions,
    whose chance outcomes differ where a card went to seat 1's reserve, hold different cards for seat 1,
    which seat 0 cannot tell apart (its information state and tensors are equal)."""
    game = pyspiel.load_game("nycrules", {"players": 2, "seed": 1})

    def dealt(labels):
        """The first decision's state, the chance outcomes taken by label (the first outcome where one
        is not given or not offered); the labels taken."""
        state, taken = game.new_initial_state(), []
        while state.is_chance_node():
            offered = {state.action_to_string(-1, a): a for a in state.legal_actions()}
            want = labels[len(taken)] if len(taken) < len(labels) else None
            label = want if want in offered else next(iter(offered))
            taken.append(label)
            state.apply_action(offered[label])
        return state, taken

    base, labels = dealt([])
    hand = lambda s, seat: sorted(c.type for c in [*s.session.state.seats[seat].hand, *s.session.state.seats[seat].reserve])
    for k in range(len(labels)):
        state = game.new_initial_state()
        for label in labels[:k]:
            state.apply_action({state.action_to_string(-1, a): a for a in state.legal_actions()}[label])
        others = [state.action_to_string(-1, a) for a in state.legal_actions() if
                  state.action_to_string(-1, a) != labels[k]]
        if not others:
            continue
        other, _ = dealt(labels[:k] + [others[0]] + labels[k + 1:])
        if hand(other, 1) != hand(base, 1) and hand(other, 0) == hand(base, 0) and \
                other.session.observation(0) == base.session.observation(0):
            break
    else:
        pytest.fail("no chance node dealt seat 1 a card that seat 0 could not see")
    assert [a for p, a in zip(other.full_history(), other.history()) if p.player >= 0] == \
        [a for p, a in zip(base.full_history(), base.history()) if p.player >= 0]
    assert other.information_state_string(0) == base.information_state_string(0)
    assert other.observation_tensor(0) == base.observation_tensor(0)
    assert other.information_state_tensor(0) == base.information_state_tensor(0)
    assert other.information_state_string(1) != base.information_state_string(1)


def play(game, bots, rng) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sampled(state, rng))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state.returns()


def test_whole_games_with_openspiels_mcts_and_ismcts_bots():
    game = pyspiel.load_game("nycrules", {"players": 2, "seed": 5})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=4)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng),
            ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)]
    returns = play(game, bots, rng)
    assert sorted(returns) == [0.0, 1.0]


def test_a_resampled_state_is_one_the_player_cannot_tell_apart():
    game = pyspiel.load_game("nycrules", {"players": 3, "seed": 6})
    state = played(game, np.random.RandomState(0),
                   lambda s: not s.is_chance_node() and s.session.state.round >= 2)
    me = state.current_player()
    guess = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert guess.information_state_string(me) == state.information_state_string(me)
    assert guess.observation_tensor(me) == state.observation_tensor(me)
    assert guess.information_state_tensor(me) == state.information_state_tensor(me)
    assert guess.legal_actions() == state.legal_actions() and guess.history() == state.history()
    hidden = lambda s: [sorted(c.id for c in seat.hand) for seat in s.session.state.seats if seat.index != me]
    assert hidden(guess) != hidden(state)
    assert hidden(guess.clone()) == hidden(guess)  # a copy of the re-dealt state stays re-dealt
    with pytest.raises(Exception, match="player to move"):
        state.resample_from_infostate((me + 1) % 3, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def test_a_state_openspiel_drops_frees_its_game():
    """MCTS makes thousands of copies: each one's paused game must go with it."""
    import gc
    import weakref
    state = played(pyspiel.load_game("nycrules", {"players": 2, "seed": 5}), np.random.RandomState(2),
                   lambda s: not s.is_chance_node())
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[-1])
    game = weakref.ref(copy.session)
    del copy
    gc.collect()
    assert game() is None and not state.is_terminal()


def test_a_seed_a_save_cannot_hold_is_refused_when_the_game_is_loaded():
    """Before, a negative seed was taken, and failed only when a state first started its game."""
    with pytest.raises(ValueError, match="the seed must be a whole number from 0 to "):
        pyspiel.load_game("nycrules", {"seed": -1})


def test_the_largest_seed_openspiel_can_pass_plays_as_documented():
    """OpenSpiel passes parameters as C++ ints: the docs give 2**31 - 1 as the largest seed through
    load_game; that one plays, and one more fails inside OpenSpiel, as the docs say."""
    state = pyspiel.load_game("nycrules", {"seed": 2**31 - 1}).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    with pytest.raises(RuntimeError, match="Unable to cast"):
        pyspiel.load_game("nycrules", {"seed": 2**31})


def test_rl_environment_deals_a_new_game_each_episode():
    """Before: every new_initial_state() was one deal, so rl_environment reset to one deck. Now the
    environment samples the chance nodes, so each episode is dealt anew."""
    from open_spiel.python import rl_environment
    environment = rl_environment.Environment(pyspiel.load_game("nycrules", {"players": 2}), seed=3)
    hands = []
    for _ in range(2):
        step = environment.reset()
        assert step.observations["current_player"] >= 0  # the environment stops at a player's turn
        hands.append([sorted(c.type for c in [*seat.hand, *seat.reserve])
                      for seat in environment.get_state.session.state.seats])
    assert hands[0] != hands[1]


def test_a_chance_sampling_algorithm_runs_on_it():
    """Outcome-sampling MCCFR samples chance nodes by their probabilities (before: no chance nodes, and
    the deal came from inside the state)."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(pyspiel.load_game("nycrules", {"players": 2}))
    for _ in range(2):
        solver.iteration()
    assert len(solver._infostates) > 100  # one entry per information state met on the sampled games
