"""The PettingZoo environment passes PettingZoo's own API test, and plays whole seeded games."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

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
