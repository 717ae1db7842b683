"""New York City as a PettingZoo AEC environment (`pip install 'nycrules[pettingzoo]'`).

    from nycrules.pettingzoo import env
    e = env(seats=["Ann", "Ben", "bot:greedy"], seed=7)
    e.reset()
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Each seat given as a person's name is an agent, `player_<seat index>`; bots (`bot:greedy`
...) and Toms play inside the environment. An observation is
{"observation": the seat's observation tensor (float32), "action_mask": 1 at the ids of
its legal actions (int8), all 0 when it is not its turn}; an action is an id of the
ruleset's action space (nycrules/engine/action_space.py). Rewards come at the end: the win
share (1 for the winner, 0 for the others). Game k after `reset(seed=s)` is played with
seed s + k: a seed gives the same games, decision for decision.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as missing:  # pragma: no cover - the message is the point
    raise ImportError(f"nycrules.pettingzoo needs PettingZoo ({missing.name} is missing): "
                      "pip install 'nycrules[pettingzoo]'") from None

from .engine.action_space import action_space
from .api import load, new_game
from .diagnostics import ArgumentError, NycRulesError, whole_number
from .limits import MAX_INT
from .engine.model import Ruleset
from .engine.observation_tensor import information_state_segments, information_state_tensor, layout
from .agents.seating import parse_seats



class NycEnv(AECEnv):
    """The AEC environment (see the module's docstring)."""

    metadata = {"name": "nycrules_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, seats: list[str], seed: int = 1, ruleset: str | Path | Ruleset = "nyc",
                 render_mode: str | None = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode is 'ansi' (a text) or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._ruleset = load(ruleset)
        self._seats = list(seats)
        if not self._seats:
            raise ArgumentError("the environment needs its seats, e.g. [\"Ann\", \"bot:greedy\"], not an empty list")
        specs = parse_seats(self._seats, self._ruleset)
        people = [i for i, spec in enumerate(specs) if spec.kind == "human"]
        if not people:
            raise NycRulesError("the environment needs at least one seat for an agent (a person's name "
                                "among the seats); bots and Toms play inside it")
        self.possible_agents = [f"player_{i}" for i in people]
        self._seat_of = {agent: i for agent, i in zip(self.possible_agents, people)}
        self._agent_of = {i: agent for agent, i in self._seat_of.items()}
        self._actions = action_space(self._ruleset).size
        size = layout(self._ruleset).size
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),  # scaled (engine/observation_tensor.py)
            "action_mask": spaces.Box(0, 1, (self._actions,), np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self._actions) for agent in self.possible_agents}
        # The whole table (every seat's observation, hands included), for a centralised critic.
        self.state_space = spaces.Box(0.0, 1.0, (size * len(specs),), np.float32)
        # What an agent has seen (`information_state`): its observation, its own moves, the order of turns.
        self.information_state_spaces = {agent: spaces.Box(0.0, 1.0, (sum(n for _, n in information_state_segments(
            self._ruleset)),), np.float32) for agent in self.possible_agents}
        self._moves: dict[str, list[int]] = {}  # per agent, the action ids it took this game
        self._next_seed = whole_number(seed, "the seed", 0, MAX_INT)
        self.game: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[self._known(agent)]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # A bad seed is refused before the game being played is given up.
        next_seed = self._next_seed if seed is None else whole_number(seed, "the seed", 0, MAX_INT)
        game = new_game(self._seats, seed=next_seed, ruleset=self._ruleset, log_events=False)
        self.close()
        self.game, self._next_seed = game, next_seed + 1
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_of[self.game.current_player()]
        self._moves = {agent: [] for agent in self.agents}

    def information_state_space(self, agent: str) -> spaces.Space:
        return self.information_state_spaces[self._known(agent)]

    def information_state(self, agent: str) -> np.ndarray:
        """All the agent has seen, as numbers of a fixed size (engine/observation_tensor.py): its
        observation tensor, the action ids of its own moves this game and how many decisions each
        seat took (bots and Toms included), each in [0, 1]."""
        seat = self._seat_of[self._known(agent)]
        if self.game is None:
            raise NycRulesError("the environment has no game yet: call reset() first")
        return np.asarray(information_state_tensor(self._ruleset, self.game.observation_tensor(seat), self._moves[agent],
                                                   [who for who, _, _ in self.game.history]), np.float32)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[self._known(agent)]
        if self.game is None:
            raise NycRulesError("the environment has no game yet: call reset() first")
        mask = np.zeros(self._actions, np.int8)
        if self.game.current_player() == seat:
            mask[self.game.legal_actions()] = 1
        return {"observation": np.asarray(self.game.observation_tensor(seat), np.float32), "action_mask": mask}

    def render(self) -> str | None:
        """The table as a text (render_mode "ansi"): the decision waiting, whose it is, and the points."""
        if self.render_mode is None or self.game is None:
            return None
        game = self.game
        decision = game.decision()
        points = ", ".join(f"{score['name']} {score['total']}" for score in game.scores())
        if decision is None:
            won = [game.specs[i].name for i in game.winners()]
            return (f"game of seed {game.seed}: over; points {points}; "
                    f"{'winners' if len(won) > 1 else 'winner'} {' and '.join(won)}")
        return (f"game of seed {game.seed}, decision {len(game.record) + 1}: {decision.seat.name} to answer "
                f"{decision.prompt!r} ({decision.count} options); points {points}")

    def state(self) -> np.ndarray:
        """The whole table as numbers: every seat's observation tensor in seat order (each seat's
        hand and reserve included), for training with a centralised critic, never for acting."""
        if self.game is None:
            raise NycRulesError("the environment has no game yet: call reset() first")
        return np.asarray([x for seat in range(len(self.game.specs)) for x in self.game.observation_tensor(seat)],
                          np.float32)

    def close(self) -> None:
        """End the game being played, if any (a game left paused would stay in memory)."""
        if self.game is not None:
            self.game.close()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._playing()
        return super().last(observe)

    def step(self, action: int | None) -> None:
        self._playing()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.item()  # a policy's output of one number (a float one is refused below)
        action = whole_number(action, "an action", 0, self._actions - 1)
        to_move = self._agent_of[self.game.current_player()]
        if agent != to_move:  # agent_selection set by hand: the action would be applied for another agent
            raise NycRulesError(f"it is {to_move}'s turn, not {agent}'s: agent_selection names the agent to move "
                                f"and is set by the environment")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_action(action)  # an illegal id is refused with a one-line NycRulesError
        self._moves[agent].append(action)
        self.rewards = {other: 0.0 for other in self.agents}
        if self.game.is_over():
            returns = self.game.returns()
            for other in self.agents:
                self.rewards[other] = returns[self._seat_of[other]][0]
                self.terminations[other] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._agent_of[self.game.current_player()]
        self._accumulate_rewards()

    def _known(self, agent: str) -> str:
        if agent not in self._seat_of:
            raise ArgumentError(f"no agent {agent!r} in this environment; its agents: {', '.join(self.possible_agents)}")
        return agent

    def _playing(self) -> None:
        """A game is under way and an agent is still in it, else a one-line error saying to reset()."""
        if self.game is None:
            raise NycRulesError("the environment has no game yet: call reset() first")
        if self.agent_selection not in self.terminations:
            raise NycRulesError("the game is over and every agent has stepped out of it: call reset() for another")


def env(seats: list[str] | tuple[str, ...] = ("Ann", "Ben"), seed: int = 1,
        ruleset: str | Path | Ruleset = "nyc", render_mode: str | None = None) -> NycEnv:
    """A PettingZoo AEC environment of New York City (see the module's docstring)."""
    return NycEnv(list(seats), seed, ruleset, render_mode)
