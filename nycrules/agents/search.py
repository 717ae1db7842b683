"""`bot:mcts`: Monte Carlo search over determinized copies of the game, options compared on common deals.

At each of its decisions with a choice the bot plays `simulations` short games
forward from the position. Each starts from a copy where what its seat cannot
see (other hands and reserves, the draw pile, the face-down stacks, the random
future) is dealt anew consistently with what it can see
(`Session.determinize`), so the search never reads a hidden card. The options
searched take turns on the same deals: a deal is played once with each option
still in the search (on copies of the dealt copy, which cost less than dealing
again), so two options are compared on the same cards, and the
luck of a deal, which is far larger than the difference between two options,
is the same for both. The budget is spent by successive halving: every option
is played on a few deals, the better half (by mean reward) goes on to new deals,
and so on, so the best few options are compared on the most deals (with 60
simulations and six options: 3 deals for all six, 7 more for the best three, 10
more for the best two). The option with the best mean reward among the last
ones in is taken.

Every kind of decision of the bot's seat is searched (pairs, bids, characters to
hire or use, prestige tiles and boroughs, the questions characters ask); only an
exchange with the reserve, which leads to another bid decision, follows the
playout policy's judgement. Options are limited to the playout policy's best few
(`WIDTH`), its own pick first; at a bid, passing and the best bid of each size are
among them (`BID_WIDTH`), so the search weighs how much to bid.

After the option, the bot's own seat plays `RolloutAgent`, the playout policy:
the greedy bot's judgement (which values a character by what it does in the game
at hand, worth.py), except that a point of bid is worth what it buys in the
round under way (`ROUND_WORTH`), cards are kept for the rounds they serve (wild
cards for the best one to come: the skyscrapers), and a card of the round is
taken from the reserve before bidding. The other bots play the greedy bot and
Toms follow their rules.

A playout runs to the start of the next game round (`HORIZON`), where the
position is valued: when the ruleset has a learned evaluation (evaluation.py:
the seat's expected final margin), half the playout's reward (`LEARNED_SHARE`)
is its win share and margin by it (all of it played worse: docs/strength.md);
the rest, or all without one, by an estimate (`horizon_points`): each seat's skyscrapers on its board are
built, as an estimate, in the boroughs the Mayor still visits, at most
`BUILDS_PER_ROUND` a round (a skyscraper is built only with a skyscraper bid); a
Tom, who has no board, builds there as many as he did on average where the
Mayor has been; the ruleset's own final scoring is then run; and each character
that acts once a round adds what a use gives (tried on a copy) for each game
round left. In the last game round playouts run to the real end. A playout's
reward is the bot's win and its margin over the best other seat. A copy copies the
table and the tasks under way (about 1 ms; nothing is replayed), so each playout
starts from a copy of its own.

A game played in turns of one active seat, with no game rounds (New York 1901;
agents/evaluation_stages.py), is searched the same way with its own horizon: a playout
runs to the seat's next turn (the rest of its turn, then the other seats' turns), every
seat judging its options by their effect (agents/by_effect.py), and the position is
valued by the learned evaluation when there is one and by the points with the final
scoring run as if the game ended there.

Levels (`LEVELS`) are simulations per decision at a table of two seats, fewer at a
larger one (`playouts_at`) and in a game played in turns (`TURNS_SHARE`); `bot:mcts:N`
sets N directly, at any table.
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
from .evaluation import Evaluation, evaluation_for
from .evaluation_stages import in_rounds, stage, turn
from .worth import OFFERED, Judge

# Simulations per decision of each level at a table of two seats (docs/strength.md, "The search bot": time
# per decision); at a larger table, where a playout costs more, fewer (`playouts_at`).
LEVELS = {"easy": 8, "normal": 60, "hard": 200}
DEFAULT_LEVEL = "normal"
# In a game played in turns a playout's every decision tries each option on a copy, dearer than a game
# round's cheap rules: a level plays this share of its simulations there (docs/strength.md, New York 1901)
TURNS_SHARE = 0.25
WIDTH = 5  # options searched at a decision: the playout policy's best ones
BID_WIDTH = 6  # options searched at a bid: the policy's pick, passing, and a bid of each size
HORIZON = 1  # game rounds a playout runs (to the start of the next one) before it is valued
# What a Tom builds where the Mayor goes, for the value at the horizon: his skyscraper round builds
# in the Mayor's borough, at most five of his there (tom.yaml); in the first round, before he has
# built anywhere, as much as he does on average (about 4 a round at levels 1, B4 and 12).
TOM_MOST = 5
TOM_FIRST_ROUND = 4
BUILDS_PER_ROUND = 2  # board skyscrapers a seat builds in a later round, at most, as an estimate
# What a point of bid buys in each bidding round of the shipped rules, against the cards it costs
# (the greedy bot counts 10 everywhere); tuned on the playout policy's own games against tom:1
# (benchmarks/rollout_policy.py). A round of a mod not named here counts 10.
ROUND_WORTH = {"press": 4, "dollar": 6, "elevator": 10, "plans": 6, "prestige": 10, "skyscraper": 14}
LATER_KEPT = 0.5  # a card kept for a later round of this game round: this share of a point there
WILD_KEPT = 1.2  # a wild card kept: this much of a point in the best round still to come
LEARNED_SHARE = 0.5  # of a playout's reward, what the learned evaluation says (the rest: `horizon_points`);
# measured against 0 and 1 on 20 games against tom:1 (docs/strength.md, "How the search uses it")
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


@dataclass
class OptionStats:
    """What the playouts of one option of the searched decision gave."""

    playouts: int = 0
    reward: float = 0.0  # summed rewards (0..1)
    points: float = 0.0  # summed estimates of the seat's final points (playouts not valued by the evaluation)
    margin: float = 0.0  # summed estimates of its lead over the best other seat
    learned: int = 0  # playouts valued by the learned evaluation too
    learned_margin: float = 0.0  # summed learned estimates of the lead by the end of the game

    def add(self, values: list[float], me: int, learned: tuple[float, float] | None = None) -> None:
        """One playout's values at its end (every seat's estimated final points) for seat `me`; with
        `learned` (the learned evaluation's margin and win share there), its reward counts for
        `LEARNED_SHARE` of the playout's."""
        self.playouts += 1
        reward = _reward(values, me)
        if learned is not None:
            margin, win_share = learned
            self.learned += 1
            self.learned_margin += margin
            reward += LEARNED_SHARE * (0.5 * win_share + 0.25 * (1.0 + math.tanh(margin / MARGIN_SCALE)) - reward)
        self.reward += reward
        self.points += values[me]
        self.margin += values[me] - max(v for i, v in enumerate(values) if i != me)

    def mean(self, total: float) -> float:
        return total / self.playouts if self.playouts else 0.0


class RolloutAgent(GreedyAgent):
    """The bot's own seat in its playouts, and its judgement of exchanges with the reserve: the
    greedy bot's, except that a point of bid is worth what it buys in the round under way
    (`ROUND_WORTH`), a card kept for a later round half what a point buys there, a wild card what a
    point buys in the best round still to come (so wild cards wait for the skyscrapers); and a card
    of the round is taken from the reserve before bidding, the card given for it kept in the reserve
    for later."""

    __slots__ = ()

    def _bid_point(self, game: Game) -> float:
        return ROUND_WORTH.get(game.bidding_card, 10)

    def _keep_value(self, game: Game, card_type: str) -> float:
        if card_type == game.bidding_card:
            return 0
        to_come = [r.card for r in game.ruleset.rounds
                   if r.card != game.bidding_card and r.card not in game.rounds_done]
        if card_type == game.ruleset.wild_card:
            return max((ROUND_WORTH.get(card, 10) for card in to_come), default=0) * WILD_KEPT
        return ROUND_WORTH.get(card_type, 10) * LATER_KEPT if card_type in to_come else 0

    def _score_exchanges(self, game: Game, decision: Decision, scores: list[float], exchanges: list[int],
                         best_bid: float) -> None:
        point = self._bid_point(game)
        for i in exchanges:
            _, out_card, in_card = decision.value(i)
            if in_card.type == game.bidding_card and out_card.type != game.bidding_card:
                # one more card of the round to bid; the card given up waits in the reserve
                scores[i] = best_bid + point - 0.1 * self._keep_value(game, out_card.type)
            else:
                scores[i] = -100


class MCTSAgent(EngineAgent):
    """Searches `simulations` determinized playouts per decision (see the module's docstring)."""

    def __init__(self, seed: int, simulations: int = LEVELS[DEFAULT_LEVEL], per_table: bool = False,
                 explain: bool = False):
        self.seed = seed
        self.simulations = max(1, simulations)
        self.per_table = per_table  # a level's simulations, for two seats: fewer at a larger table
        # the learned evaluation at the horizon, when the ruleset has one: for the reward (its share) or,
        # asked by `hint`, to say how far ahead each option leaves the seat by the end
        self.explain = explain
        self.last_search: dict[str, OptionStats] = {}  # option key -> its playouts' figures

    def choose(self, session: Session, decision: Decision) -> int:
        return self.search(session, decision, decision.seat.index)

    def search(self, session: Session, decision: Decision, me: int) -> int:
        """The option the search picks for seat `me` (whose decision this is), reading only what it knows."""
        game = session.state
        assert game is not None
        self.last_search = {}
        judge = Judge()  # character worths, shared by this decision's playouts
        rollout = RolloutAgent(self.seed, judge, by_effect=True)
        candidates = self._candidates(game, decision, rollout, session)
        if len(candidates) == 1 or _is_exchange(decision, candidates[0]):
            return candidates[0]  # an exchange leads to another bid decision, which is searched
        others = {seat.index: GreedyAgent(_mix(self.seed, seat.index), judge, by_effect=True) for seat in game.seats
                  if seat.index != me and not seat.is_tom}
        keys = [decision.option(i).key for i in candidates]
        stats = {key: OptionStats() for key in keys}
        evaluation = evaluation_for(game.ruleset)[0] if LEARNED_SHARE > 0 or self.explain else None
        alive = list(range(len(keys)))
        stages = max(1, math.ceil(math.log2(len(keys))))
        budget = playouts_at(self.simulations, len(game.seats)) if self.per_table else self.simulations
        if self.per_table and not in_rounds(game.ruleset):
            budget = max(1, round(budget * TURNS_SHARE))
        deal = 0
        for stage in range(stages):  # successive halving: the better half goes on to more deals
            if stage and budget < len(alive):
                break  # no deal left for every option still in
            deals = max(1, budget // (stages - stage) // len(alive))
            for _ in range(deals):  # each deal played once with every option still in
                dealt = session.determinize(me, _mix(self.seed, game.decisions_taken, deal), agents=others)
                try:
                    for place, k in enumerate(alive):
                        last = place == len(alive) - 1  # the last option plays on the deal itself
                        twin = dealt if last else dealt.clone()  # a copy: cheaper than dealing again
                        try:
                            self._playout(twin, keys[k], rollout, evaluation, me, stats[keys[k]])
                        finally:
                            if not last:
                                twin.close()  # the playout is over: the copy is given up
                finally:
                    dealt.close()
                deal += 1
            budget -= deals * len(alive)
            alive.sort(key=lambda k: (-stats[keys[k]].mean(stats[keys[k]].reward), k))
            alive = sorted(alive[:max(1, (len(alive) + 1) // 2)]) if stage < stages - 1 else alive
        self.last_search = {key: figures for key, figures in stats.items() if figures.playouts}
        best = min(alive, key=lambda k: (-stats[keys[k]].mean(stats[keys[k]].reward), k))
        return candidates[best]

    def _candidates(self, game: Game, decision: Decision, policy: GreedyAgent, session: Session) -> list[int]:
        """The playout policy's best options, its own pick first. At a bid: passing, and a bid of each
        size (the one keeping the most worth in hand), so the search weighs how much to bid. For a game
        the policy's rules do not know (its part's `heuristics`), the greedy bot's judgement by effect."""
        if decision.count <= 1:
            return [0]
        if not game.ruleset.part.heuristics:
            from .by_effect import option_scores
            scores = option_scores(session, decision, _mix(self.seed, game.decisions_taken), scored_now=True)
        else:
            scores = policy.scores(game, decision)
        first = policy.best(game, scores)  # what the policy would pick
        ranked = sorted(range(decision.count), key=lambda i: (-scores[i], i))
        width = WIDTH
        if decision.kind == "bid":
            sizes: dict[int, int] = {}
            passing: list[int] = []
            for i in ranked:
                value = decision.value(i)
                if value[0] == "bid":
                    sizes.setdefault(value[2], i)
                elif value[0] == "pass":
                    passing.append(i)
            preferred = passing + [sizes[size] for size in sorted(sizes, reverse=True)]
            ranked = preferred + [i for i in ranked if i not in preferred]
            width = BID_WIDTH
        return [first] + [i for i in ranked if i != first][:width - 1]

    def _playout(self, twin: Session, key: str, rollout: GreedyAgent, evaluation: Evaluation | None, me: int,
                 stats: OptionStats) -> None:
        """The option `key` taken on this copy, then the bot's seat plays `rollout` (the other bots play
        the greedy bot, Toms their rules) to the horizon; the position there valued into `stats`: by
        `horizon_points` and, when there is one, the learned evaluation; at the end, by the points."""
        decision = twin.decision()
        state = twin.state
        assert state is not None and decision is not None
        horizon = state.round + HORIZON
        rounds, start = in_rounds(state.ruleset), turn(state)  # a game in turns: to the seat's next turn
        twin.apply(next(i for i in range(decision.count) if decision.option(i).key == key))
        decision = twin.decision()
        while decision is not None and (state.round < horizon if rounds else turn(state) == start):
            twin.apply(rollout.choose(twin, decision))
            decision = twin.decision()
        learned = None
        if evaluation is not None and not state.finished:
            valued = twin.clone(agents={})  # the evaluation runs the final scoring on its copy
            try:
                margin = evaluation.margin(valued, me, rollout.choose)
            finally:
                valued.close()
            learned = (margin, evaluation.win_share(margin, stage(state)))
        stats.add(horizon_points(twin, rollout), me, learned)

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
    if state.finished or not in_rounds(state.ruleset):  # a game in turns: its points and its final scoring now
        if not state.finished:
            state.chooser = lambda game, decision: greedy.best(game, greedy.scores(game, decision))
            state.log_events = False
            final_scoring(state)
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
    """Each seat's board skyscrapers built, one by one, in the boroughs the Mayor visits from now on;
    a Tom, who has no board, builds in each of them as many as he built on average where the Mayor
    has been (at most `TOM_MOST` in a borough)."""
    route = game.ruleset.game.mayor_route
    done = max(0, game.round - 1)  # game rounds whose borough the Mayor has left
    visited = [b for letter in route[:done] for b in game.boroughs if b.letter == letter]
    boroughs = [b for letter in route[done:] for b in game.boroughs if b.letter == letter]
    if not boroughs:
        return
    for seat in game.seats:
        if seat.is_tom:
            mine = seat.index
            rate = round(sum(b.counts[mine] for b in visited) / len(visited)) if visited else TOM_FIRST_ROUND
            for borough in boroughs:
                borough.counts[mine] = max(borough.counts[mine], min(TOM_MOST, borough.counts[mine] + rate))
            continue
        for borough in boroughs:  # skyscrapers are built only with skyscraper cards: a few a round
            built = min(BUILDS_PER_ROUND, seat.board)
            borough.counts[seat.index] += built
            seat.board -= built


def _is_exchange(decision: Decision, index: int) -> bool:
    return decision.option(index).key.startswith("swap:")


def playouts_at(simulations: int, seats: int) -> int:
    """A level's simulations at a table of this many seats: as many at two seats, fewer at more, where
    a playout plays more turns (with three seats 3/4 of them, with four 3/5), so that a decision
    takes about the same time."""
    return max(1, round(simulations * 3 / (seats + 1)))


def simulations_of(kind: str) -> tuple[int, bool]:
    """The simulations per decision of `bot:mcts`, `bot:mcts:LEVEL` or `bot:mcts:N`, and whether
    they are a level's (for two seats: fewer at a larger table) or N exactly."""
    parts = kind.split(":")
    if len(parts) < 3:
        return LEVELS[DEFAULT_LEVEL], True
    return (LEVELS[parts[2]], True) if parts[2] in LEVELS else (int(parts[2]), False)


def mcts_from_kind(kind: str, seed: int) -> Any:
    """`bot:mcts`, `bot:mcts:LEVEL` (easy, normal, hard) or `bot:mcts:N` (N simulations per decision)."""
    simulations, per_table = simulations_of(kind)
    return MCTSAgent(seed, simulations, per_table)
