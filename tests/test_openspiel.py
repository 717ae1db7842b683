"""The game registered with OpenSpiel: its own random-simulation test, MCTSBot and ISMCTSBot."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import nycrules.openspiel  # noqa: E402,F401  (registers the game)
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402


def test_the_game_is_registered_with_its_parameters():
    game = pyspiel.load_game("nycrules", {"players": 3, "seed": 4})
    kind = game.get_type()
    assert kind.short_name == "nycrules" and game.num_players() == 3
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_distinct_actions() == nycrules.new_game(["A", "B"]).num_distinct_actions()
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == len(state.session.observation_tensor(0))
    assert state.legal_actions() == state.session.legal_actions()
    with pytest.raises(Exception, match="2-4 players"):
        pyspiel.load_game("nycrules", {"players": 5})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiels_random_simulation_test_passes(players):
    """50 random games each (one game with seed 11 stopped at the Hoarder's question, whose options
    had no action ids, at 5 simulations)."""
    pyspiel.random_sim_test(pyspiel.load_game("nycrules", {"players": players, "seed": 11}), num_sims=50,
                            serialize=False, verbose=False)


def play(game, bots) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
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
    returns = play(game, bots)
    assert sorted(returns) == [0.0, 1.0]


def test_a_resampled_state_is_one_the_player_cannot_tell_apart():
    game = pyspiel.load_game("nycrules", {"players": 3, "seed": 6})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.session.state.round < 2:
        state.apply_action(rng.choice(state.legal_actions()))
    me = state.current_player()
    guess = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert guess.information_state_string(me) == state.information_state_string(me)
    assert guess.observation_tensor(me) == state.observation_tensor(me)
    assert guess.legal_actions() == state.legal_actions() and guess.history() == state.history()
    hidden = lambda s: [sorted(c.id for c in seat.hand) for seat in s.session.state.seats if seat.index != me]
    assert hidden(guess) != hidden(state)
    assert hidden(guess.clone()) == hidden(guess)  # a copy of the re-dealt state stays re-dealt
    with pytest.raises(Exception, match="player to move"):
        state.resample_from_infostate((me + 1) % 3, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def test_a_state_openspiel_drops_frees_its_game():
    """MCTS makes thousands of copies: each one's paused game must go with it (Session.close)."""
    import gc
    import weakref
    state = pyspiel.load_game("nycrules", {"players": 2, "seed": 5}).new_initial_state()
    state.apply_action(state.legal_actions()[0])
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


def test_each_initial_state_deals_a_new_game_and_the_seed_seeds_the_sequence():
    """Before: every new_initial_state() was the game of `seed`, so rl_environment reset to one deck."""
    from open_spiel.python import rl_environment

    def deals(game, count):
        out = []
        for _ in range(count):
            state = game.new_initial_state()
            state.clone()  # a copy uses up no deal
            out.append((state.session.seed, [card.type for card in state.session.state.deck]))
        return out

    first = deals(pyspiel.load_game("nycrules", {"players": 2, "seed": 5}), 3)
    assert [seed for seed, _ in first] == [5, 6, 7] and len({tuple(deck) for _, deck in first}) == 3
    assert deals(pyspiel.load_game("nycrules", {"players": 2, "seed": 5}), 3) == first  # the same sequence
    environment = rl_environment.Environment(pyspiel.load_game("nycrules", {"players": 2, "seed": 5}))
    decks = []
    for _ in range(2):
        environment.reset()
        decks.append([card.type for card in environment.get_state.session.state.deck])
    assert decks[0] != decks[1]
