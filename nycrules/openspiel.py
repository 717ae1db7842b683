"""nycrules' games registered with OpenSpiel (`pip install 'nycrules[openspiel]'`), one game whose
`ruleset` parameter names the game: New York City by default, `{"ruleset": "ny1901"}` New York 1901.

    import pyspiel
    import nycrules.openspiel  # registers the game
    game = pyspiel.load_game("nycrules", {"players": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])   # at a chance node too: its first outcome
    state.returns()

An imperfect-information, explicit-stochastic game: every random event of the game (each card or
tile drawn, each place of a shuffle laid out face up) is a chance node, whose
outcomes are the items left that look different (`chance_outcomes()`: each outcome is the place of
one such item among those left, its probability how many of the items left look like it). So the
deal is made by chance, one draw at a time, and nothing hidden can be worked out from the game's
parameters and a state's history but through the chance outcomes in it. Every seat is an OpenSpiel
player. Actions are the ids of the ruleset's action space (nycrules/engine/action_space.py); the
observation tensor and strings are the seat's (`Session.observation_tensor`,
`information_state_string`); returns are win shares (1 for the winner, 0 for the others: a
constant-sum game). `resample_from_infostate` re-deals what the player to move cannot see
(`Session.determinize`). A state pickles (and serializes) as what was done to it from the start.

Parameters: `players` (2-4), `ruleset` (a shipped name, a folder or a mod file), `seed` (the
engine's own random source: none of New York City's events use it under chance nodes; 0 to
2**31 - 1, as OpenSpiel passes parameters as C++ ints).
"""

from __future__ import annotations

from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - the message is the point
    raise ImportError(f"nycrules.openspiel needs OpenSpiel ({missing.name} is missing): "
                      "pip install 'nycrules[openspiel]'") from None

from .engine import ops
from .engine.action_space import action_space
from .api import load, new_game
from .engine.runner import Session
from .engine.observation_tensor import history_numbers, information_state_segments, information_state_tensor, layout
from .engine.chance import ChanceGame
from .engine.setup import SeatSpec
from .diagnostics import NycRulesError, whole_number
from .limits import MAX_INT

MAX_GAME_LENGTH = 5000  # decisions and chance outcomes: far above any game seen (a few hundred)
_MASK = (1 << 63) - 1

_GAME_TYPE = pyspiel.GameType(
    short_name="nycrules",
    long_name="New York City (nycrules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "seed": 1, "ruleset": "nyc"},
)


class NycGame(pyspiel.Game):
    """The game for a number of players and a ruleset (see the module's docstring)."""

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        players = int(params["players"])
        if not 2 <= players <= 4:
            raise ValueError(f"nycrules is played by 2-4 players, not {players}")
        self.ruleset = load(str(params["ruleset"]))
        self.seats = [f"Player {i}" for i in range(players)]
        self.specs = [SeatSpec(name, "human") for name in self.seats]
        self.seed = whole_number(params["seed"], "the seed", 0, MAX_INT)  # refused here, not at the first state
        probe = new_game(self.seats, seed=self.seed, ruleset=self.ruleset, log_events=False)
        table = probe.state
        # A draw picks among the items of one pile: the cards, the seats (a start player), ...
        # (its part says the most items one of the game's own draws picks among)
        self.max_outcomes = max(len(table.cards), len(table.seats) + 1, self.ruleset.part.most_drawn)
        info = pyspiel.GameInfo(num_distinct_actions=action_space(self.ruleset).size,
                                max_chance_outcomes=self.max_outcomes, num_players=players, min_utility=0.0,
                                max_utility=1.0, utility_sum=1.0, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> "NycState":
        return NycState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "NycObserver":
        return NycObserver(self, iig_obs_type, params)


class _Live(ChanceGame):
    """The state's game (engine/chance.py ChanceGame), pickled as what was done to it from the start."""

    def __getstate__(self) -> dict:
        return {"params": self.game.get_parameters(), "path": list(self.path)}

    def __setstate__(self, data: dict) -> None:
        """The state played again from the start: the same answers, outcomes and re-deals."""
        self.__init__(pyspiel.load_game("nycrules", data["params"]))  # type: ignore[misc]
        for step in data["path"]:
            if step[0] == "action":
                self.apply(step[1])
            else:
                self.redeal(step[1], step[2])

class NycState(pyspiel.State):
    """A game in progress: chance nodes at its draws and shuffles, every seat a player."""

    def __init__(self, game: NycGame):
        super().__init__(game)
        self._live = _Live(game)
        self._resamples = 0  # determinizations made from this state so far (each with its own seed)
        self._seen = _Seen()

    def seen(self, kind: str, player: int, make: Any) -> Any:
        """What `make()` gives, kept until the state changes (OpenSpiel's tests and algorithms ask
        for the observation, its tensor and strings several times at one state)."""
        key = (kind, player, len(self._live.path))
        seen = self._seen
        if key not in seen:
            if len(seen) > 32:
                seen.clear()
            seen[key] = make()
        return seen[key]

    @property
    def session(self) -> Session:
        """The game as it stands (at a chance node: stopped at the draw, to be read only)."""
        return self._live.table

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The player's observation tensor, straight from the game (as `Session.observation_tensor`)."""
        numbers = observation_numbers(self, self.current_player() if player is None else int(player))
        return [0.0] * layout(self._live.game.ruleset).size if numbers is None else list(numbers)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The player's information-state tensor, straight from the game (see `information_numbers`)."""
        player = self.current_player() if player is None else int(player)
        ruleset = self._live.game.ruleset
        moves = [(item.player, item.action) for item in self.full_history() if item.player >= 0]
        seen = observation_numbers(self, player)
        return information_state_tensor(ruleset, [0.0] * layout(ruleset).size if seen is None else seen,
                                        [action for who, action in moves if who == player], [who for who, _ in moves])

    def current_player(self) -> int:
        live = self._live
        live.start()
        if live.live is None:
            return pyspiel.PlayerId.CHANCE
        player = live.live.current_player()
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self._live.start()
        return [(pick, chance) for pick, chance, _ in self._live.chances]

    def _legal_actions(self, player: int) -> list[int]:
        live = self._live
        live.start()
        if live.live is None:
            return sorted(pick for pick, _, _ in live.chances) if player == pyspiel.PlayerId.CHANCE else []
        return live.live.legal_actions() if player == live.live.current_player() else []

    def _apply_action(self, action: int) -> None:
        self._live.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        live = self._live
        live.start()
        if player == pyspiel.PlayerId.CHANCE:
            return next((f"chance: {name}" for pick, _, name in live.chances if pick == action),
                        f"chance outcome {action}")
        session = live.live
        assert session is not None
        index = session._actions().get(action) if player == session.current_player() else None
        if index is None:
            return session.action_key(int(action))
        return session.decision().option(index).key  # type: ignore[union-attr]

    def is_terminal(self) -> bool:
        live = self._live
        live.start()
        return live.live is not None and live.live.is_over()

    def returns(self) -> list[float]:
        return [win for win, _points in self.session.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "NycState":
        """A state the player to move cannot tell from this one: all it cannot see dealt anew (seeded)."""
        live = self._live
        if player_id != self.current_player():
            raise ValueError(f"nycrules re-deals for the player to move ({self.current_player()}), "
                             f"not for player {player_id}")
        self._resamples += 1
        rng_seed = (live.game.seed * 1_000_003 + len(self.history()) * 8191 + self._resamples) & _MASK
        twin = self.clone()
        twin._live.redeal(player_id, rng_seed)
        return twin

    def __str__(self) -> str:
        session, decision = self.session, self.session._pending
        where = (f"chance ({len(self._live.chances)} outcomes)" if self.is_chance_node() else "over"
                 if decision is None else f"seat {decision.seat.index} to {decision.kind}")
        return f"nycrules, decision {len(session.record) + 1}: {where}"


def observation_numbers(state: NycState, player: int) -> list[float] | None:
    """The player's observation tensor; None (zeros) while the table is being laid out (the first chance
    nodes). A state not yet asked about is one of those: pyspiel's C++ observer makes a new state to
    learn the tensor's size at every call, and observes it without running anything."""
    if not laid_out(state):
        return None
    return state.seen("tensor", player, lambda: state.session.observation_tensor(player))


class _Seen(dict):
    """A state's answers kept for its present position (NycState.seen): a copy or a pickle starts empty."""

    def __deepcopy__(self, memo: dict) -> "_Seen":
        return _Seen()

    def __reduce__(self) -> Any:
        return (_Seen, ())


def laid_out(state: NycState) -> bool:
    """False at the chance nodes of the table's layout, before the rules' setup starts (a game's tasks)."""
    live = state._live
    if not live.started:
        return False
    return live.live is not None or bool(live.table._state().stack)


def information_numbers(state: NycState, player: int, out: Any) -> Any:
    """The player's information-state tensor (engine/observation_tensor.py), written into the numpy
    array `out`: its observation, its own moves and the seat of every decision so far, from the state's
    history (chance outcomes left out)."""
    moves = [(item.player, item.action) for item in state.full_history() if item.player >= 0]
    seen = observation_numbers(state, player)
    out.fill(0.0)
    if seen is not None:
        out[:len(seen)] = seen
    own = [action for who, action in moves if who == player]
    for place, value in history_numbers(state._live.game.ruleset, own, [who for who, _ in moves]).items():
        out[place] = value
    return out


class NycObserver:
    """The seat's observation (or, with perfect recall, information state) as a tensor and a string
    (OpenSpiel's PyObserver interface)."""

    def __init__(self, game: NycGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"nycrules observations take no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = sum(n for _, n in information_state_segments(game.ruleset)) if self.perfect_recall else \
            layout(game.ruleset).size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if self.perfect_recall else "observation": self.tensor}

    def set_from(self, state: NycState, player: int) -> None:
        if self.perfect_recall:
            information_numbers(state, player, self.tensor)
        elif (numbers := observation_numbers(state, player)) is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = numbers

    def string_from(self, state: NycState, player: int) -> str:
        if not laid_out(state):
            return f"seat {player}: the table is being laid out"
        if self.perfect_recall:
            return state.seen("information", player, lambda: state.session.information_state_string(player))
        import json
        return state.seen("observation", player, lambda: json.dumps(state.session.observation(player), sort_keys=True))


pyspiel.register_game(_GAME_TYPE, NycGame)
