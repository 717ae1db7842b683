"""Steps per CPU-second through the research interfaces, beside OpenSpiel's hearts and gin rummy (issue 31).

    python benchmarks/research_speed.py [EPISODES]

In one run (time.process_time, so the ratios hold on a busy machine too), EPISODES whole games
(default 20) of random legal actions each (two players; hearts is played by four):
- nycrules through OpenSpiel (`pyspiel.load_game("nycrules")`), and OpenSpiel's own `hearts` and
  `gin_rummy`, each without and with `state.observation_tensor(player)` read at every step (hearts
  has only `information_state_tensor`, read instead; and, for nycrules, `information_state_string`);
- nycrules through PettingZoo (`nycrules.pettingzoo.env`, two agents), stepping with the legal
  actions only (`last(observe=False)`), and reading the whole observation (tensor and mask) at
  every step.
Chance nodes (of nycrules too: each card drawn) count as steps, sampled by their probabilities.
Prints steps per CPU-second per row, and each row's cost against OpenSpiel's hearts without
tensors; then what one tensor costs at a position 300 steps into a game of four (mean of 300
calls, each worked out anew): Session.observation_tensor, the OpenSpiel state's from Python and through pyspiel's C++
observer (`pyspiel.State.observation_tensor`, the path of OpenSpiel's C++ algorithms), and the
information-state tensor both ways.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package, not an installed one

import numpy as np
import pyspiel

import nycrules.openspiel  # noqa: F401  (registers "nycrules")
from nycrules.pettingzoo import env


def openspiel_steps(game, episodes: int, read: str | None, rng: random.Random) -> tuple[int, float]:
    steps, start = 0, time.process_time()
    for _ in range(episodes):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                player = state.current_player()
                if read == "tensor" and game.get_type().provides_observation_tensor:
                    state.observation_tensor(player)
                elif read == "tensor":  # hearts has only an information-state tensor
                    state.information_state_tensor(player)
                elif read == "information state":
                    state.information_state_string(player)
                elif read == "information-state tensor":
                    state.information_state_tensor(player)
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps, time.process_time() - start


def pettingzoo_steps(episodes: int, observe: bool, seed: int) -> tuple[int, float]:
    e = env(seats=["Ann", "Ben"], seed=seed)
    rng = np.random.default_rng(seed)
    steps, start = 0, time.process_time()
    for episode in range(episodes):
        e.reset(seed=seed + episode)
        for agent in e.agent_iter():
            observation, reward, terminated, truncated, info = e.last(observe=observe)
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"]) if observe else e.game.legal_actions()
            e.step(int(rng.choice(legal)))
            steps += 1
    return steps, time.process_time() - start


def main(episodes: int) -> None:
    rows = []
    games = [("OpenSpiel hearts", pyspiel.load_game("hearts")), ("OpenSpiel gin_rummy", pyspiel.load_game("gin_rummy")),
             ("nycrules via OpenSpiel", pyspiel.load_game("nycrules", {"players": 2, "seed": 1}))]
    for name, game in games:
        for read in (None, "tensor") + (("information state", "information-state tensor")
                                         if name.startswith("nycrules") else ()):
            steps, seconds = openspiel_steps(game, episodes, read, random.Random(1))
            rows.append((f"{name}, {'no tensor' if read is None else read + ' read each step'}", steps, seconds))
    for observe in (False, True):
        steps, seconds = pettingzoo_steps(episodes, observe, 1)
        rows.append((f"nycrules via PettingZoo, {'observation read each step' if observe else 'legal actions only'}",
                     steps, seconds))
    base = rows[0][1] / rows[0][2]
    print(f"{episodes} episodes each (two players; hearts four), random legal actions; CPU time of this process")
    print(f"{'':58} {'steps':>7} {'steps/s':>9} {'cost vs hearts':>15}")
    for name, steps, seconds in rows:
        rate = steps / seconds
        print(f"{name:58} {steps:7d} {rate:9.0f} {base / rate:14.1f}x")


def tensor_costs() -> None:
    game = pyspiel.load_game("nycrules", {"players": 4})
    rng = random.Random(0)
    state = game.new_initial_state()
    while len(state.history()) < 300 or state.is_chance_node():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    session = state.session

    def cost(read) -> float:
        read()
        start = time.process_time()
        for _ in range(300):
            state._seen.clear()  # what the state keeps for its position: each call works it out
            read()
        return (time.process_time() - start) / 300 * 1000

    base = cost(lambda: session.observation_tensor(1))
    print(f"Session.observation_tensor: {base:.3f} ms")
    for name, read in [("state.observation_tensor (Python)", lambda: state.observation_tensor(1)),
                       ("pyspiel.State.observation_tensor (C++ observer)",
                        lambda: pyspiel.State.observation_tensor(state, 1)),
                       ("state.information_state_tensor (Python)", lambda: state.information_state_tensor(1)),
                       ("pyspiel.State.information_state_tensor (C++ observer)",
                        lambda: pyspiel.State.information_state_tensor(state, 1))]:
        ms = cost(read)
        print(f"{name}: {ms:.3f} ms, {ms / base:.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    tensor_costs()
