"""Agents: who answers a seat's decisions. The engine only ever offers legal options."""

from __future__ import annotations

from typing import Any

from ..engine.decisions import Decision
from ..engine.runner import Agent, EngineAgent, Session
from ..engine.state import Game


_MASK = (1 << 64) - 1
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


class _Picker(EngineAgent):
    """Numbers below a count, fixed by a bot's seed and how many decisions the game has seen.

    So a bot's choice depends only on the position, and a loaded or undone game
    continues exactly as an uninterrupted one would. (A splitmix64 step: cheap,
    and well mixed for neighbouring inputs; the seed's share is worked out once.)
    """

    __slots__ = ("seed", "_start")

    def __init__(self, seed: int):
        self.seed = seed
        self._start = (seed * _GOLDEN) & _MASK

    def pick(self, game: Game, count: int) -> int:
        z = (self._start + game.decisions_taken * _MIX1) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return (z ^ (z >> 31)) % count


class RandomAgent(_Picker):
    """Picks uniformly among the legal options."""

    __slots__ = ()

    def choose(self, session: Session, decision: Decision) -> int:
        assert session.state is not None
        return self.pick(session.state, decision.count)


class GreedyAgent(_Picker):
    """A simple heuristic: the option that looks best now, by the game's own rules of thumb.

    It looks only at the options in front of it (no look-ahead), so it is fast. Its rules of thumb are
    the game's (its part's `bots`, docs/games.md; New York City's in games/nyc/bots.py), `judge` their
    memo (a search shares one over its playouts). For a game that gives none, the seat's own bot
    judges each option by its effect on copies (by_effect.py); and for any game a question is
    answered yes, a number taken as high as it goes, a choice of several as small as it may be.
    """

    __slots__ = ("judge", "by_effect")
    playout = False  # the search's playout policy (search.RolloutAgent): the game's rules for playouts

    def __init__(self, seed: int, judge: Any = None, by_effect: bool = False):
        super().__init__(seed)
        self.judge = judge
        # A game whose part gives the bots no rules of thumb: the seat's bot judges its options by their
        # effect on copies (by_effect.py); bots inside a search's playouts keep to the cheap rules.
        self.by_effect = by_effect

    def choose(self, session: Session, decision: Decision) -> int:
        game = session.state
        assert game is not None
        if self.by_effect and game.ruleset.part.bots is None and decision.count > 1:
            from .by_effect import option_scores
            return self.best(game, option_scores(session, decision, self.pick(game, 1 << 30)))
        return self.best(game, self.scores(game, decision))

    def best(self, game: Game, scores: list[float]) -> int:
        """The option it picks given its scores: the highest, ties broken by the position."""
        top = max(scores)
        ties = [i for i, s in enumerate(scores) if s == top]
        return ties[0] if len(ties) == 1 else ties[self.pick(game, len(ties))]

    def scores(self, game: Game, decision: Decision) -> list[float]:
        """How good each option of the decision looks (the highest is picked)."""
        bots = game.ruleset.part.bots
        if bots is None:
            return [plain_score(decision, i, decision.value(i)) for i in range(decision.count)]
        return bots.scores(game, decision, self.judge or bots.judge(), self.playout, plain_score)


def plain_score(decision: Decision, index: int, value: Any) -> float:
    """An option (`value`: its value) judged by the rules every game shares: yes to a question, a number
    as high as it goes, a choice of several as small as it may be, a name among names all alike, else
    the first option."""
    kind = decision.kind
    if kind == "ask":
        return 1 if value else 0
    if isinstance(value, str) and kind == "choose":
        return 0  # ties, broken by the position
    if kind == "number":
        return value
    if kind == "choose_some":
        return -len(value)
    return -index * 0.001


def agent_for_seat(kind: str, game_seed: int, seat_index: int) -> Agent:
    """The bot of a seat, seeded from the game's seed (so a game's seed fixes its bots too)."""
    return make_agent(kind, game_seed * 31 + seat_index)


def seat_agents(specs: list, game_seed: int) -> dict[int, Agent]:
    """The bots of a game's seats, by seat index (people and the seats the game's own rules play have none)."""
    return {i: agent_for_seat(spec.kind, game_seed, i) for i, spec in enumerate(specs) if spec.kind.startswith("bot:")}


def make_agent(kind: str, seed: int) -> Agent:
    if kind == "bot:random":
        return RandomAgent(seed)
    if kind == "bot:greedy":
        return GreedyAgent(seed, by_effect=True)
    if kind == "bot:mcts" or kind.startswith("bot:mcts:"):
        from .search import mcts_from_kind  # the search bot builds on the greedy one
        return mcts_from_kind(kind, seed)
    raise ValueError(f"no bot called {kind!r}")
