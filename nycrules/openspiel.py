"""New York City registered with OpenSpiel (`pip install 'nycrules[openspiel]'`).

    import pyspiel
    import nycrules.openspiel  # registers the game
    game = pyspiel.load_game("nycrules", {"players": 3, "seed": 7})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    state.returns()

An imperfect-information, sampled-stochastic game: the deal and every later draw come
from the game's seeded random source inside the state (there are no chance nodes yet); each
`new_initial_state()` of a loaded game deals a new game: the first one played is the game of
its `seed`, the next of `seed + 1`, and so on (a state is dealt when it is first used, so the
copies OpenSpiel makes use up no deal; a clone keeps the random source, so perfect-information
search such as MCTSBot sees the coming draws, while ISMCTSBot re-deals them). Every seat is
an OpenSpiel player. Actions are the ids of the ruleset's action space
(nycrules/engine/action_space.py); the observation tensor and strings are the seat's
(`Session.observation_tensor`, `information_state_string`); returns are win shares
(1 for the winner, 0 for the others: a constant-sum game). `resample_from_infostate`
re-deals what the player cannot see (`Session.determinize`), for the player to move.

Parameters: `players` (2-4), `seed`, `ruleset` (a shipped name, a folder or a mod file). OpenSpiel
passes a game's parameters as C++ ints, so a seed through `load_game` is 0 to 2**31 - 1: a larger
one fails inside OpenSpiel (a pybind11 cast error) before this module sees it.
"""

from __future__ import annotations

from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - the message is the point
    raise ImportError(f"nycrules.openspiel needs OpenSpiel ({missing.name} is missing): "
                      "pip install 'nycrules[openspiel]'") from None

from .engine.action_space import action_space
from .api import load, new_game
from .engine.runner import Session
from .engine.observation_tensor import layout
from .diagnostics import whole_number
from .limits import MAX_INT

MAX_GAME_LENGTH = 5000  # decisions: far above any game seen (a few hundred)
_MASK = (1 << 63) - 1

_GAME_TYPE = pyspiel.GameType(
    short_name="nycrules",
    long_name="New York City (nycrules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "seed": 1, "ruleset": "nyc"},
)


class NycGame(pyspiel.Game):
    """The game for a number of players, a seed and a ruleset."""

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        players = int(params["players"])
        if not 2 <= players <= 4:
            raise ValueError(f"nycrules is played by 2-4 players, not {players}")
        self.ruleset = load(str(params["ruleset"]))
        self.seats = [f"Player {i}" for i in range(players)]
        self.seed = whole_number(params["seed"], "the seed", 0, MAX_INT)  # refused here, not at the first state
        info = pyspiel.GameInfo(num_distinct_actions=action_space(self.ruleset).size, max_chance_outcomes=0,
                                num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(_GAME_TYPE, info, params)
        self.initial_tensors: dict[int, list[float]] = {}  # per player: the observation of the first deal's start
        self.deals = 0  # games dealt so far: the k-th is the game of seed + k

    def next_deal(self) -> int:
        """The seed of the next game dealt: `seed`, then `seed + 1`, ... (as PettingZoo's reset does)."""
        self.deals += 1
        return (self.seed + self.deals - 1) % (MAX_INT + 1)

    def new_initial_state(self) -> "NycState":
        return NycState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "NycObserver":
        return NycObserver(self, iig_obs_type, params)


class _Live:
    """The state's game. OpenSpiel clones a Python state by making a new initial state and
    deep-copying the old one's attributes into it: this holder starts its game only when first
    asked (a clone's new initial state never is) and copies itself as a clone of the session,
    or, when `next_copy` says so, as a determinization of it."""

    def __init__(self, game: NycGame, session: Session | None = None):
        self.game = game
        self._session = session
        self.next_copy: tuple[int, int] | None = None  # (seat, rng seed): the next copy re-deals for that seat

    @property
    def started(self) -> bool:
        return self._session is not None

    @property
    def session(self) -> Session:
        if self._session is None:
            self._session = new_game(self.game.seats, seed=self.game.next_deal(), ruleset=self.game.ruleset)
        return self._session

    def __deepcopy__(self, memo: dict) -> "_Live":
        if self.next_copy is None:
            return _Live(self.game, self.session.clone(log_events=True))
        seat, rng_seed = self.next_copy
        self.next_copy = None
        return _Live(self.game, self.session.determinize(seat, rng_seed, log_events=True))


class NycState(pyspiel.State):
    """A game in progress: a Session whose seats are all answered through apply_action."""

    def __init__(self, game: NycGame):
        super().__init__(game)
        self._live = _Live(game)
        self._resamples = 0  # determinizations made from this state so far (each with its own seed)

    @property
    def session(self) -> Session:
        return self._live.session

    def observation_numbers(self, player: int) -> list[float]:
        """The player's observation tensor, for pyspiel's observer. pyspiel's C++ `ObservationTensor`
        makes a new initial state and observes it, to learn the tensor's shape, before it observes the
        state asked: a state not dealt yet is observed as the first deal's start (stored) instead of
        dealing a game (and using up a deal) for it. Every state a game reaches through its methods is
        dealt; from Python, `observation_tensor` reads the state's own game."""
        if self._live.started:
            return self.session.observation_tensor(player)
        first = self._live.game.initial_tensors
        if player not in first:
            probe = new_game(self._live.game.seats, seed=self._live.game.seed, ruleset=self._live.game.ruleset)
            first[player] = probe.observation_tensor(player)
        return first[player]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The player's observation tensor, straight from the game (as `Session.observation_tensor`):
        pyspiel's own path makes an observer and a state to probe at every call, 5 times the cost.
        OpenSpiel's C++ algorithms still take that path (NycObserver)."""
        return self.session.observation_tensor(self.current_player() if player is None else int(player))

    def current_player(self) -> int:
        player = self.session.current_player()
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        return self.session.legal_actions() if player == self.session.current_player() else []

    def _apply_action(self, action: int) -> None:
        self.session.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.session.action_key(int(action))

    def is_terminal(self) -> bool:
        return self.session.is_over()

    def returns(self) -> list[float]:
        return [win for win, _points in self.session.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "NycState":
        """A state the player to move cannot tell from this one: all it cannot see is dealt anew
        (seeded from the game's seed, the decision and how many re-deals this state made)."""
        session = self.session
        if player_id != session.current_player():
            raise ValueError(f"nycrules re-deals for the player to move ({session.current_player()}), "
                             f"not for player {player_id}")
        self._resamples += 1
        self._live.next_copy = (player_id, (session.seed * 1_000_003 + len(session.record) * 8191
                                            + self._resamples) & _MASK)
        return self.clone()

    def __str__(self) -> str:
        decision = self.session.decision()
        where = "over" if decision is None else f"seat {decision.seat.index} to {decision.kind}"
        return f"nycrules seed {self.session.seed}, decision {len(self.session.record) + 1}: {where}"


class NycObserver:
    """The seat's observation tensor and strings (OpenSpiel's PyObserver interface)."""

    def __init__(self, game: NycGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"nycrules observations take no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0 if self.perfect_recall else layout(game.ruleset).size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: NycState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = state.observation_numbers(player)

    def string_from(self, state: NycState, player: int) -> str:
        if self.perfect_recall:
            return state.session.information_state_string(player)
        import json
        return json.dumps(state.session.observation(player), sort_keys=True)


pyspiel.register_game(_GAME_TYPE, NycGame)
