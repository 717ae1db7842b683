"""The PettingZoo environment passes PettingZoo's own API test, and plays whole seeded games."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

import nycrules  # noqa: E402
from nycrules.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("seats", [["Ann", "Ben"], ["Ann", "bot:greedy", "Cid", "tom:C5"]])
def test_the_environment_passes_pettingzoos_api_test(seats):
    api_test(env(seats=seats, seed=3), num_cycles=1000)


def play(e, seed: int) -> tuple[list[int], dict]:
    e.reset(seed=seed)
    taken, rewards = [], {}
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        rewards[agent] = reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() >= 2 and set(np.flatnonzero(mask)) == set(e.game.legal_actions())
        action = int(rng.choice(np.flatnonzero(mask)))
        taken.append(action)
        e.step(action)
    return taken, rewards


def test_a_seed_gives_the_same_game_and_the_winner_takes_the_reward():
    first, rewards = play(env(seats=["Ann", "tom:B4", "Ben"], seed=1), 5)
    again, _ = play(env(seats=["Ann", "tom:B4", "Ben"], seed=99), 5)
    assert first == again and len(first) > 50
    assert sorted(rewards) == ["player_0", "player_2"] and sum(rewards.values()) in (0.0, 1.0)


def test_a_reset_ends_the_game_left_unfinished():
    import gc
    import weakref
    e = env(seats=["Ann", "Ben"], seed=2)
    e.reset()
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    left = weakref.ref(e.game)
    e.reset()
    gc.collect()
    assert left() is None and not e.game.is_over()


def _first_legal(e) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])


def test_a_refused_reset_seed_keeps_the_game_and_the_seeds():
    """Before, reset(seed=-1) gave up the game under way, then kept -1 as the next seed: every later
    reset() failed too."""
    from nycrules.diagnostics import NycRulesError
    e = env(seats=["Ann", "Ben"], seed=2)
    e.reset()
    e.step(_first_legal(e))
    before = list(e.game.record)
    for seed in (-1, "x", 1.5):
        with pytest.raises((ValueError, TypeError), match="the seed must be a whole number") as err:
            e.reset(seed=seed)
        assert isinstance(err.value, NycRulesError)
    assert e.game.record == before and not e.game.is_over()
    e.reset()  # the next seed is still 3
    assert e.game.seed == 3


@pytest.mark.parametrize("action, kind", [(None, TypeError), (1.5, TypeError), ("x", TypeError),
                                          (True, TypeError), (-1, ValueError), (10**12, ValueError)])
def test_an_action_that_is_not_an_id_is_refused_and_the_game_goes_on(action, kind):
    """Before, step(1.5) played action 1 (int() cut it), step("x") and step(None) were int()'s errors."""
    e = env(seats=["Ann", "Ben"], seed=2)
    e.reset()
    with pytest.raises(kind, match="an action must be a whole number from 0 to "):
        e.step(action)
    assert e.game.record == [] and e.last()[2] is False
    e.step(_first_legal(e))
    assert len(e.game.record) == 1


def test_a_step_for_an_agent_not_to_move_is_refused_and_changes_nothing():
    """Before, with agent_selection set by hand to the agent not to move, step() applied the action for
    the one to move (issue 34)."""
    e = env(seats=["Ann", "Ben"], seed=2)
    e.reset()
    mover = e.agent_selection
    other = next(a for a in e.agents if a != mover)
    action = _first_legal(e)
    e.agent_selection = other
    with pytest.raises(nycrules.NycRulesError, match=f"it is {mover}'s turn, not {other}'s"):
        e.step(action)
    assert e.game.record == []
    e.agent_selection = mover
    e.step(action)
    assert len(e.game.record) == 1


def test_an_action_as_numpys_array_of_one_number_is_taken_and_of_several_refused():
    e = env(seats=["Ann", "Ben"], seed=2)
    e.reset()
    with pytest.raises(TypeError, match="an action must be a whole number"):
        e.step(np.array([_first_legal(e)] * 2))
    e.step(np.array([_first_legal(e)]))
    assert len(e.game.record) == 1


def test_misuse_before_reset_after_the_end_and_of_unknown_agents_is_one_line():
    """Before: AttributeError before reset(), KeyError for an unknown agent or once every agent had
    stepped out of a finished game."""
    from nycrules.diagnostics import NycRulesError
    e = env(seats=["Ann", "Ben"], seed=2)
    for call in (lambda: e.step(0), lambda: e.last(), lambda: e.observe("player_0")):
        with pytest.raises(NycRulesError, match=r"call reset\(\) first"):
            call()
    for call in (lambda: e.action_space("player_7"), lambda: e.observation_space(0)):
        with pytest.raises(ValueError, match="no agent .* in this environment; its agents: player_0, player_1"):
            call()
    play(e, 2)
    for call in (lambda: e.step(None), lambda: e.last()):
        with pytest.raises(NycRulesError, match=r"the game is over .*: call reset\(\) for another"):
            call()
    with pytest.raises(ValueError, match="the environment needs its seats"):
        env(seats=[])


def test_render_tells_the_table_and_state_is_every_seats_observation():
    """Before: render() and state() raised NotImplementedError."""
    e = env(seats=["Ann", "bot:greedy", "Cid"], seed=4, render_mode="ansi")
    e.reset(seed=4)
    assert e.render().startswith("game of seed 4, decision 1: Cid to answer 'stack of start characters'")
    state = e.state()
    assert state.shape == e.state_space.shape and state.dtype == np.float32
    assert list(state[:len(state) // 3]) == list(np.asarray(e.game.observation_tensor(0), np.float32))
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else e.action_space(agent).sample(observation["action_mask"]))
    assert e.render().startswith("game of seed 4: over; points Ann ")
    assert env(seats=["Ann", "Ben"]).render() is None  # no render_mode: nothing drawn
    with pytest.raises(nycrules.NycRulesError, match="render_mode is 'ansi'"):
        env(seats=["Ann", "Ben"], render_mode="human")
