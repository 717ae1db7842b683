"""`bot:mcts`: information-set Monte Carlo tree search over determinized copies of the game.

At each of its decisions with a choice the bot plays `simulations` short games
forward from the position. Each starts from a fresh copy where what its seat
cannot see (other hands and reserves, the draw pile, the face-down stacks, the
random future) is dealt anew consistently with what it can see
(`Session.determinize`), so the search never reads a hidden card. One tree is
shared by all those copies: its nodes are the bot's own decisions, reached by the
keys of the options it took (single-observer ISMCTS; the other seats' moves and
the deals are what differs between copies). A node picks among the options
available in this copy by UCB with availability counts; below the tree, every
seat plays the greedy bot's judgement, which values a character by what it does
in the game at hand (worth.py), and Toms follow their rules.

Every kind of decision of the bot's seat is searched (pairs, bids, characters to
hire or use, prestige tiles and boroughs, the questions characters ask); only an
exchange with the reserve, which leads to another bid decision, follows greedy
judgement. Options are limited to the greedy bot's best few (`WIDTH`), greedy's
own pick first, and passing is always among a bid's options.

A playout runs to the start of the next game round (`HORIZON`), where the
position is valued (`horizon_points`): each seat's skyscrapers on its board are
built, as an estimate, in the boroughs the Mayor still visits, where they contest
the majorities; the ruleset's own final scoring is then run; and each character
that acts once a round adds what a use gives (tried on a copy) for each game
round left. In the last game round playouts run to the real end. A playout's
reward is the bot's win and its margin over the best other seat. A copy costs a
replay of the decisions since the last step of the procedure (1-3 ms), so a
determinization serves one playout: a copy of a copy would replay the deal away.

Levels (`LEVELS`) are simulations per decision; `bot:mcts:N` sets N directly.
Reproducible: the copies' deals and the bots in them are seeded from the bot's
seed and the number of decisions the game has seen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from . import GreedyAgent
from ..engine.abilities import may_use_characters
from ..engine.decisions import Decision
from ..engine.scoring import final_scoring
from ..engine.runner import EngineAgent, Session
from ..engine.state import Game
from ..language.hooks import HOOKS
from .worth import OFFERED, Judge

# Simulations per decision of each level (README, "The search bot": time per decision).
LEVELS = {"easy": 8, "normal": 40, "hard": 200}
DEFAULT_LEVEL = "normal"
WIDTH = 5  # options searched at a decision: the greedy bot's best ones (and passing, at a bid)
EXPLORATION = 0.6  # UCB constant; rewards lie in 0..1
HORIZON = 1  # game rounds a playout runs (to the start of the next one) before it is valued
MARGIN_SCALE = 15.0  # points of margin that make half the distance from an even game to a sure one
_MASK = (1 << 64) - 1


def _mix(*numbers: int) -> int:
    """A well-spread 64-bit seed from a few numbers (splitmix64 steps)."""
    z = 0
    for n in numbers:
        z = (z + n * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
    return z


class _Node:
    """One of the bot's own decisions in the tree: statistics per option key."""

    __slots__ = ("visits", "total", "available", "children")

    def __init__(self) -> None:
        self.visits: dict[str, int] = {}
        self.total: dict[str, float] = {}
        self.available: dict[str, int] = {}
        self.children: dict[str, _Node] = {}

    def select(self, keys: list[str]) -> str:
        """The untried key first (in the greedy order given), else the best by UCB over availability."""
        for key in keys:
            self.available[key] = self.available.get(key, 0) + 1
        for key in keys:
            if key not in self.visits:
                return key
        return max(keys, key=lambda k: self.total[k] / self.visits[k]
                   + EXPLORATION * math.sqrt(math.log(self.available[k]) / self.visits[k]))

    def update(self, key: str, reward: float) -> None:
        self.visits[key] = self.visits.get(key, 0) + 1
        self.total[key] = self.total.get(key, 0.0) + reward

    def child(self, key: str) -> "_Node":
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


@dataclass
class OptionStats:
    """What the playouts of one option of the searched decision gave."""

    playouts: int = 0
    reward: float = 0.0  # summed rewards (0..1)
    points: float = 0.0  # summed estimates of the seat's final points
    margin: float = 0.0  # summed estimates of its lead over the best other seat

    def mean(self, total: float) -> float:
        return total / self.playouts if self.playouts else 0.0


class MCTSAgent(EngineAgent):
    """Searches `simulations` determinized playouts per decision (see the module's docstring)."""

    def __init__(self, seed: int, simulations: int = LEVELS[DEFAULT_LEVEL]):
        self.seed = seed
        self.simulations = max(1, simulations)
        self.greedy = GreedyAgent(seed)
        self.last_search: dict[str, OptionStats] = {}  # option key -> its playouts' figures

    def choose(self, session: Session, decision: Decision) -> int:
        return self.search(session, decision, decision.seat.index)

    def search(self, session: Session, decision: Decision, me: int) -> int:
        """The option the search picks for seat `me` (whose decision this is), reading only what it knows."""
        game = session.state
        assert game is not None
        self.last_search = {}
        judge = Judge()  # character worths, shared by this decision's playouts
        greedy = GreedyAgent(self.seed, judge)
        candidates = self._candidates(game, decision, greedy)
        if len(candidates) == 1 or _is_exchange(decision, candidates[0]):
            return candidates[0]  # an exchange leads to another bid decision, which is searched
        others = {seat.index: GreedyAgent(_mix(self.seed, seat.index), judge) for seat in game.seats
                  if seat.index != me and not seat.is_tom}
        root = _Node()
        stats: dict[str, OptionStats] = {}
        for n in range(self.simulations):
            twin = session.determinize(me, _mix(self.seed, game.decisions_taken, n), agents=others)
            try:
                key, values = self._simulate(twin, root, me, greedy)
            finally:
                twin.close()  # else each copy stays in memory (Session.close)
            figures = stats.setdefault(key, OptionStats())
            figures.playouts += 1
            figures.reward += self._reward(values, me)
            figures.points += values[me]
            figures.margin += values[me] - max(v for i, v in enumerate(values) if i != me)
        keys = [decision.option(i).key for i in candidates]
        order = {key: rank for rank, key in enumerate(keys)}
        self.last_search = {key: stats[key] for key in keys if key in stats}
        best = max(keys, key=lambda k: (root.visits.get(k, 0), root.total.get(k, 0.0) / max(root.visits.get(k, 0), 1),
                                        -order[k]))
        return candidates[order[best]]

    def _candidates(self, game: Game, decision: Decision, greedy: GreedyAgent) -> list[int]:
        """The greedy bot's best options, its own pick first; passing too, at a bid."""
        if decision.count <= 1:
            return [0]
        scores = greedy.scores(game, decision)
        first = greedy.best(game, scores)  # what the greedy bot would pick
        ranked = sorted(range(decision.count), key=lambda i: (-scores[i], i))
        out = [first] + [i for i in ranked if i != first][:WIDTH - 1]
        if decision.kind == "bid":
            passing = next((i for i in range(decision.count) if decision.value(i)[0] == "pass"), None)
            if passing is not None and passing not in out:
                out[-1] = passing
        return out

    def _simulate(self, twin: Session, root: _Node, me: int, greedy: GreedyAgent) -> tuple[str, list[float]]:
        """One playout; gives the key taken at the root and every seat's value at its end."""
        node: _Node | None = root
        path: list[tuple[_Node, str]] = []
        decision = twin.decision()
        state = twin.state
        assert state is not None and decision is not None
        horizon = state.round + HORIZON
        while decision is not None and state.round < horizon:
            if node is not None and decision.seat.index == me:
                candidates = self._candidates(state, decision, greedy)
                keys = [decision.option(i).key for i in candidates]
                key = node.select(keys)
                path.append((node, key))
                expanded = key not in node.visits
                index = candidates[keys.index(key)]
                node = None if expanded else node.child(key)  # one new node per playout
            else:
                index = greedy.choose(twin, decision)
            twin.apply(index)
            decision = twin.decision()
        values = horizon_points(twin, greedy)
        reward = self._reward(values, me)
        for visited, key in path:
            visited.update(key, reward)
        return path[0][1], values

    @staticmethod
    def _reward(values: list[float], me: int) -> float:
        """The bot's win and its margin over the best other seat, in 0..1."""
        mine = values[me]
        best_other = max(v for i, v in enumerate(values) if i != me)
        won = 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
        return 0.5 * won + 0.25 * (1.0 + math.tanh((mine - best_other) / MARGIN_SCALE))


def horizon_points(twin: Session, greedy: GreedyAgent) -> list[float]:
    """Every seat's expected final points, estimated on this throw-away copy (see the module's docstring)."""
    state = twin.state
    assert state is not None
    if state.finished:
        return [float(seat.points) for seat in state.seats]
    rounds = state.ruleset.game.rounds
    later = max(0, rounds - state.round) + 1  # game rounds still to play, this one included
    judge = greedy.judge or Judge()
    uses = [later * sum(max(0.0, judge.use(state, seat, tile)) for tile in seat.company
                        if (hook := HOOKS.get(tile.char.when)) is not None and hook.mode in OFFERED)
            if may_use_characters(state, seat) else 0.0 for seat in state.seats]
    _build_where_the_mayor_goes(state)
    state.chooser = lambda game, decision: greedy.choose(twin, decision)
    state.log_events = False
    final_scoring(state)  # on this throw-away copy, which is not played further
    return [seat.points + uses[seat.index] for seat in state.seats]


def _build_where_the_mayor_goes(game: Game) -> None:
    """Each seat's board skyscrapers built, one by one, in the boroughs the Mayor visits from now on."""
    route = game.ruleset.game.mayor_route[max(0, game.round - 1):]
    boroughs = [b for letter in route for b in game.boroughs if b.letter == letter]
    if not boroughs:
        return
    for seat in game.seats:
        for n in range(seat.board):
            boroughs[n % len(boroughs)].counts[seat.index] += 1
        seat.board = 0


def _is_exchange(decision: Decision, index: int) -> bool:
    return decision.option(index).key.startswith("swap:")


def simulations_of(kind: str) -> int:
    """The simulations per decision of `bot:mcts`, `bot:mcts:LEVEL` or `bot:mcts:N`."""
    parts = kind.split(":")
    if len(parts) < 3:
        return LEVELS[DEFAULT_LEVEL]
    return LEVELS[parts[2]] if parts[2] in LEVELS else int(parts[2])


def mcts_from_kind(kind: str, seed: int) -> Any:
    """`bot:mcts`, `bot:mcts:LEVEL` (easy, normal, hard) or `bot:mcts:N` (N simulations per decision)."""
    return MCTSAgent(seed, simulations_of(kind))
