"""Agents: who answers a seat's decisions. The engine only ever offers legal options."""

from __future__ import annotations

from ..engine.decisions import Decision
from ..engine.runner import Agent, EngineAgent, Session
from ..engine.state import Borough, Game, PrestigeTile, Tile
from .worth import Judge


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
    """A simple heuristic: the biggest bid, every character it can use, the best-looking pick.

    It looks only at the options in front of it (no look-ahead), so it is fast. A character
    is judged by what it does in the game at hand, tried on copies (worth.py), not by its
    printed value; `judge` keeps those worths (a search shares one over its playouts).
    """

    __slots__ = ("judge", "by_effect")

    def __init__(self, seed: int, judge: Judge | None = None, by_effect: bool = False):
        super().__init__(seed)
        self.judge = judge
        # A game the cheap rules here do not know (its part's `heuristics`): the seat's bot judges its options
        # by their effect on copies (by_effect.py); bots inside a search's playouts keep to the cheap rules.
        self.by_effect = by_effect

    def choose(self, session: Session, decision: Decision) -> int:
        game = session.state
        assert game is not None
        if self.by_effect and not game.ruleset.part.heuristics and decision.count > 1:
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
        if decision.kind == "bid":  # the most frequent decision, with the most options
            return self._bid_scores(game, decision)
        judge = self.judge or Judge()  # worths of characters: for this decision only, unless shared
        return [self._score(game, decision, i, judge) for i in range(decision.count)]

    def _bid_scores(self, game: Game, decision: Decision) -> list[float]:
        """Bid high, but count what the cards would have been worth in the rounds to come."""
        keep: dict[str, float] = {}  # card type -> its worth kept, the same for every option of the decision
        point = self._bid_point(game)
        scores: list[float] = []
        exchanges: list[int] = []
        best_bid = 0.0  # passing scores 0
        typed = getattr(decision, "bid_types", None)  # the bids' values and card types, without their cards
        first, bids = typed() if typed is not None else (0, [])
        for index in range(decision.count):
            if 0 <= index - first < len(bids):
                bid = bids[index - first]
            else:
                bid = None
                value = decision.value(index)  # no labels needed
                what = value[0]
                if what == "bid":
                    bid = value[2], [(card.type, 1) for card in value[1]]
            if bid is not None:
                kept = 0.0
                for kind, n in bid[1]:
                    worth = keep.get(kind)
                    if worth is None:
                        worth = keep[kind] = self._keep_value(game, kind)
                    for _ in range(n):  # card by card: a bot's worths may be fractions, added in the same order
                        kept += worth
                score = bid[0] * point - kept
                scores.append(score)
                if score > best_bid:
                    best_bid = score
            elif what == "use":
                scores.append(25)
            elif what == "exchange":
                exchanges.append(index)
                scores.append(8 if value[2].type == game.bidding_card else -5)
            else:
                scores.append(0)
        if exchanges:
            self._score_exchanges(game, decision, scores, exchanges, best_bid)
        return scores

    def _bid_point(self, game: Game) -> float:
        """What a point of bid is worth in the bidding round under way, against the cards it costs."""
        return 10

    def _score_exchanges(self, game: Game, decision: Decision, scores: list[float], exchanges: list[int],
                         best_bid: float) -> None:
        """Scores for the exchanges with the reserve offered in a bid decision, given the best bid's
        score (or passing's, 0); the greedy bot keeps them as they are."""

    def _score(self, game: Game, decision: Decision, index: int, judge: Judge) -> float:
        value = decision.value(index)  # no labels needed
        kind = decision.kind
        if kind == "draft":
            if value[0] == "pair":
                return sum(self.PAIR_WEIGHTS.get(c.type, 2) if c.type != game.ruleset.wild_card else 3
                           for c in value[1].cards)
            return 10
        if kind == "use":
            return 0 if value is None else 1
        if kind == "ask":
            return 1 if value else 0
        if kind == "sell":
            return 0 if value is None else 1
        if isinstance(value, Tile):  # a character: the one worth most by what it does
            worth = judge.character(game, decision.seat, value)
            return -worth if value in decision.seat.company else worth  # one of its own is given up
        if isinstance(value, PrestigeTile):
            return value.value
        if isinstance(value, Borough):  # raise the value of a borough where it leads
            me = decision.seat.index
            rivals = max([c for i, c in enumerate(value.counts) if i != me] + [value.neutral])
            return value.counts[me] - rivals
        if isinstance(value, str) and kind == "choose":  # a card type: the one it holds most of
            return sum(1 for card in decision.seat.reserve if card.type == value)
        if isinstance(value, list) and value and all(isinstance(v, Tile) for v in value):  # a start stack
            return sum(judge.character(game, decision.seat, t) for t in value)
        if kind == "number":
            return value
        if kind == "choose_some":
            return -len(value)
        return -index * 0.001

    # How much a card in a drafted pair is worth (wilds: 3; a type not listed: 2).
    PAIR_WEIGHTS = {"skyscraper": 3, "prestige": 3, "elevator": 2.5}

    @staticmethod
    def _keep_value(game: Game, card_type: str) -> float:
        if card_type == game.bidding_card:
            return 0
        if card_type == game.ruleset.wild_card:
            return 6
        return 1 if card_type in game.rounds_done else 5


def agent_for_seat(kind: str, game_seed: int, seat_index: int) -> Agent:
    """The bot of a seat, seeded from the game's seed (so a game's seed fixes its bots too)."""
    return make_agent(kind, game_seed * 31 + seat_index)


def seat_agents(specs: list, game_seed: int) -> dict[int, Agent]:
    """The bots of a game's seats, by seat index (people and Toms have none)."""
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
