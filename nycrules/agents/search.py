"""`bot:mcts`: Monte Carlo search over determinized copies of the game, options compared on common deals.

At each of its decisions with a choice the bot plays `simulations` short games
forward from the position. Each starts from a copy where what its seat cannot
see (other hands, the draw pile, face-down stacks, the random future) is dealt
anew consistently with what it can see (`Session.determinize`), so the search
never reads a hidden card. The options searched take turns on the same deals: a
deal is played once with each option still in the search (on copies of the
dealt copy, which cost less than dealing again), so two options are compared on
the same cards, and the luck of a deal, which is far larger than the difference
between two options, is the same for both. The budget is spent by successive
halving: every option is played on a few deals, the better half (by mean reward)
goes on to new deals, and so on, so the best few options are compared on the
most deals (with 60 simulations and six options: 3 deals for all six, 7 more for
the best three, 10 more for the best two). The option with the best mean reward
among the last ones in is taken.

Every kind of decision of the bot's seat is searched, except an option the
game's bots take without a search (their `followed`). Options are limited to the
playout policy's best few (`WIDTH`), its own pick first; the game's bots may put
others first and weigh more (their `searched`). What New York City's bots know
here (what to weigh, what to follow, the value at the horizon) is in
games/nyc/bots.py, reached through the ruleset's part (docs/games.md).

After the option, the bot's own seat plays `RolloutAgent`, the playout policy:
the game's rules of thumb as they serve playouts (the greedy bot's plain rules
for a game that gives none; its options are then searched by their effect). The
other bots play the greedy bot, and the seats the game's own rules play follow
them.

A playout runs two game rounds (`HORIZON`: to the start of the round after next,
to the real end from the game's last but one), where the position is valued: when the ruleset has a learned evaluation (evaluation.py:
the seat's expected final margin), half the playout's reward (`LEARNED_SHARE`)
is its win share and margin by it (all of it played worse: docs/strength.md);
the rest, or all without one, by an estimate (`horizon_points`): the game's bots
prepare the copy and say what each seat will still gain (their `horizon`), and
the ruleset's own final scoring is run on it. A playout's reward is the bot's win and its margin over the best
other seat. A copy copies the table and the tasks under way (about 1 ms; nothing
is replayed), so each playout starts from a copy of its own.

A game played in turns of one active seat, with no game rounds (New York 1901;
agents/evaluation_stages.py), is searched the same way with its own horizon: a playout
runs to the seat's next turn (the rest of its turn, then the other seats' turns), every
seat judging its options by their effect (agents/by_effect.py), and the position is
valued by the learned evaluation when there is one and by the points with the final
scoring run as if the game ended there. Its candidates are ranked by the same trial
of the turn with that final scoring run after it (`scored_now`).

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
from ..engine.decisions import Decision
from ..engine.scoring import final_scoring
from ..engine.runner import EngineAgent, Session
from ..engine.state import Game
from .evaluation import Evaluation, evaluation_for
from .evaluation_stages import in_rounds, stage, turn
from .seating import plays_by_the_rules

# Simulations per decision of each level at a table of two seats (docs/strength.md, "The search bot": time
# per decision); at a larger table, where a playout costs more, fewer (`playouts_at`).
LEVELS = {"easy": 8, "normal": 60, "hard": 200}
DEFAULT_LEVEL = "normal"
# In a game played in turns a playout's every decision tries each option on a copy, dearer than a game
# round's cheap rules: a level plays this share of its simulations there (docs/strength.md, New York 1901)
TURNS_SHARE = 0.25
WIDTH = 5  # options searched at a decision: the playout policy's best ones (the game's `searched` may say more)
# Game rounds a playout runs before it is valued: two saw further than one at the same playouts (their
# policy builds where the estimate only guesses) and cost 1.5 times as much (docs/strength.md)
HORIZON = 2
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
    """The bot's own seat in its playouts, and its judgement of an option it follows without searching:
    the game's rules of thumb as they serve playouts (its part's `bots`, asked with `playout=True`;
    New York City's: games/nyc/bots.py)."""

    __slots__ = ()
    playout = True


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
        bots = game.ruleset.part.bots
        judge = bots.judge() if bots is not None else None  # the game's memo, shared by this decision's playouts
        rollout = RolloutAgent(self.seed, judge, by_effect=True)
        candidates = self._candidates(game, decision, rollout, session)
        if len(candidates) == 1 or (bots is not None and bots.followed(decision, candidates[0])):
            return candidates[0]  # the game's bots take it without a search
        others = {seat.index: GreedyAgent(_mix(self.seed, seat.index), judge, by_effect=True) for seat in game.seats
                  if seat.index != me and not plays_by_the_rules(seat.kind)}
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
        """The playout policy's best options, its own pick first, and those the game's bots would have
        weighed (`searched`). For a game whose part gives the bots no rules of thumb, the greedy bot's
        judgement by effect."""
        if decision.count <= 1:
            return [0]
        bots = game.ruleset.part.bots
        if bots is None:
            from .by_effect import option_scores
            scores = option_scores(session, decision, _mix(self.seed, game.decisions_taken), scored_now=True)
        else:
            scores = policy.scores(game, decision)
        first = policy.best(game, scores)  # what the policy would pick
        ranked = sorted(range(decision.count), key=lambda i: (-scores[i], i))
        width = WIDTH
        if bots is not None:
            ranked, width = bots.searched(decision, ranked, width)
        return [first] + [i for i in ranked if i != first][:width - 1]

    def _playout(self, twin: Session, key: str, rollout: GreedyAgent, evaluation: Evaluation | None, me: int,
                 stats: OptionStats) -> None:
        """The option `key` taken on this copy, then the bot's seat plays `rollout` (the other bots play
        the greedy bot, the seats the game's own rules play those rules) to the horizon; the position there valued into `stats`: by
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
    bots = state.ruleset.part.bots
    extra = bots.horizon(state, greedy.judge) if bots is not None else [0.0] * len(state.seats)
    state.chooser = lambda game, decision: greedy.choose(twin, decision)
    state.log_events = False
    final_scoring(state)  # on this throw-away copy, which is not played further
    return [seat.points + extra[seat.index] for seat in state.seats]


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
