"""`bot:mcts`: information-set Monte Carlo tree search over determinized copies of the game.

At each of its decisions the bot plays `simulations` games forward from the
position. Each starts from a fresh copy where what its seat cannot see (other
hands and reserves, the draw pile, the face-down stacks, the random future) is
dealt anew consistently with what it can see (`Session.determinize`), so the
search never reads a hidden card. One tree is shared by all those copies: its
nodes are the bot's own decisions, reached by the keys of the options it took
(single-observer ISMCTS; the other seats' moves and the deals are what differs
between copies). A node picks among the options available in this copy by UCB
with availability counts; below the tree, every seat plays the greedy bot's
judgement (Toms follow their rules). The result is the bot's win and its margin
over the best other seat.

A playout runs to the start of the next game round (`HORIZON`) and is scored
there by the ruleset's own final scoring, as if the game ended then; in the last
game round it runs to the real end. Options are limited to the greedy bot's
best few (`WIDTH`), greedy's own pick first, and only the pairs and the bids are
searched (`SEARCHED`; exchanges before a bid, and the questions characters ask,
follow greedy judgement), so a small budget goes to the moves that matter: a
copy replays the game from its start, and that costs most of a simulation.
Reproducible: the copies' deals and the bots in them are seeded from
the bot's seed and the number of decisions the game has seen.
"""

from __future__ import annotations

import math
from typing import Any

from .agents import GreedyAgent
from .engine.decisions import Decision
from .engine.procedure import final_scoring, winner_of
from .engine.runner import EngineAgent, Session

DEFAULT_SIMULATIONS = 8  # at most about 0.1 s of one core per decision (README, "The search bot")
SEARCHED = ("draft", "bid")  # decision kinds searched: phase I pairs and bids (with the characters in them)
WIDTH = 5  # options searched at a decision: the greedy bot's best ones
EXPLORATION = 0.6  # UCB constant; rewards lie in 0..1
HORIZON = 1  # game rounds a playout runs (to the start of the next one) before it is scored
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


class MCTSAgent(EngineAgent):
    """Searches `simulations` determinized playouts per decision (see the module's docstring)."""

    def __init__(self, seed: int, simulations: int = DEFAULT_SIMULATIONS):
        self.seed = seed
        self.simulations = max(1, simulations)
        self.greedy = GreedyAgent(seed)
        self.last_search: dict[str, tuple[int, float]] = {}  # option key -> (playouts, mean reward)

    def choose(self, session: Session, decision: Decision) -> int:
        game = session.state
        assert game is not None
        candidates = self._candidates(session, decision)
        if len(candidates) == 1 or decision.kind not in SEARCHED or _is_exchange(decision, candidates[0]):
            return candidates[0]  # greedy judgement; the search goes to the pairs and the bids
        me = decision.seat.index
        others = {seat.index: GreedyAgent(_mix(self.seed, seat.index)) for seat in game.seats
                  if seat.index != me and not seat.is_tom}
        root = _Node()
        for n in range(self.simulations):
            twin = session.determinize(me, _mix(self.seed, game.decisions_taken, n), agents=others)
            try:
                self._simulate(twin, root, me)
            finally:
                twin.close()  # else each copy stays in memory (Session.close)
        keys = [decision.option(i).key for i in candidates]
        order = {key: rank for rank, key in enumerate(keys)}
        self.last_search = {key: (root.visits[key], root.total[key] / root.visits[key]) for key in keys
                            if key in root.visits}
        best = max(keys, key=lambda k: (root.visits.get(k, 0), root.total.get(k, 0.0) / max(root.visits.get(k, 0), 1),
                                        -order[k]))
        return candidates[order[best]]

    def _candidates(self, session: Session, decision: Decision) -> list[int]:
        """The greedy bot's best options, its own pick first."""
        if decision.count <= 1:
            return [0]
        game = session.state
        scores = self.greedy.scores(game, decision)
        first = self.greedy.best(game, scores)  # what the greedy bot would pick
        ranked = sorted(range(decision.count), key=lambda i: (-scores[i], i))
        return [first] + [i for i in ranked if i != first][:WIDTH - 1]

    def _simulate(self, twin: Session, root: _Node, me: int) -> None:
        node: _Node | None = root
        path: list[tuple[_Node, str]] = []
        decision = twin.decision()
        state = twin.state
        assert state is not None
        horizon = state.round + HORIZON
        while decision is not None and state.round < horizon:
            if node is not None and decision.seat.index == me:
                candidates = self._candidates(twin, decision)
                keys = [decision.option(i).key for i in candidates]
                key = node.select(keys)
                path.append((node, key))
                expanded = key not in node.visits
                index = candidates[keys.index(key)]
                node = None if expanded else node.child(key)  # one new node per playout
            else:
                index = self.greedy.choose(twin, decision)
            twin.apply(index)
            decision = twin.decision()
        reward = self._reward(twin, me)
        for visited, key in path:
            visited.update(key, reward)

    def _reward(self, twin: Session, me: int) -> float:
        """The bot's standing as if the game were scored now (the ruleset's own final scoring)."""
        state = twin.state
        assert state is not None
        if not state.finished:
            state.chooser = lambda game, decision: self.greedy.choose(twin, decision)
            state.log_events = False
            final_scoring(state)  # on this throw-away copy, which is not played further
        mine = state.seats[me].points
        best_other = max(s.points for s in state.seats if s.index != me)
        won = 1.0 if winner_of(state).index == me else 0.0
        return 0.5 * won + 0.25 * (1.0 + math.tanh((mine - best_other) / MARGIN_SCALE))


def _is_exchange(decision: Decision, index: int) -> bool:
    return decision.option(index).key.startswith("swap:")


def mcts_from_kind(kind: str, seed: int) -> Any:
    """`bot:mcts` or `bot:mcts:N` (N simulations per decision)."""
    parts = kind.split(":")
    simulations = int(parts[2]) if len(parts) == 3 else DEFAULT_SIMULATIONS
    return MCTSAgent(seed, simulations)
