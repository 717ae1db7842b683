"""What an option changes: groups of positions reached from one position by the search's options.

The search compares its options on the same deals (search.py), so what it needs of a value is that
it ranks the positions the options lead to, not that it predicts how good a position is on the
whole. A fit to the final margins of the policy's own games learns the second: what goes with a
good position in those games. A group teaches the first. At a decision of a policy seat, on one
copy dealt anew from what the seat can see, each of the options the search would search is taken
on its own copy of that deal, and the copy played on as a playout plays (the seat by the playout
policy, the other bots greedy, the seats the game's own rules play by them) to where the search
values it (`search.HORIZON` game rounds on, or the seat's next turn: a stage of
evaluation_stages.py); its features are taken there; then it is played
on the same way to the end, for its final margin. The same seeds play every option, so the
differences within a group are the options' own (and the luck of what followed them).

Nothing here names a game: the options are the search's candidates, the stages the ruleset's.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.runner import Session
from . import GreedyAgent
from .evaluation import features
from .evaluation_stages import in_rounds, stage, turn
from .search import HORIZON, MCTSAgent, RolloutAgent, _mix, horizon_points
from .seating import plays_by_the_rules

if TYPE_CHECKING:
    from ..engine.decisions import Decision


@dataclass
class Group:
    """The positions the options of one decision led to, at one stage, and their final margins."""

    game: int
    round: int  # the stage of the positions (all of a group's are at the same one)
    xs: list[array]  # each option's features there
    margins: list[float]  # each option's final margin, played on to the end
    static: list[float]  # each option's margin by the search's own estimate there (`horizon_points`)


def wanted(session: Session, decision: Decision, z: int, share: float) -> bool:
    """Whether a group is played at this decision: at `share` of a seat's decisions with a choice (`z` a
    number drawn for it). None where the game's bots have no rules of thumb: the policy then judges
    each option by its effect on copies (by_effect.py), and a group's playouts to the end would cost
    about thirty times the game (measured on a game played in turns: 10 s of CPU a game where the game
    alone costs 0.35 s)."""
    state = session.state
    assert state is not None
    return (decision.count > 1 and state.ruleset.part.bots is not None
            and ((z >> 40) % 10_000) < share * 10_000)


def option_group(session: Session, decision: Decision, me: int, seed: int, number: int) -> Group | None:
    """The group of this decision of seat `me` (see the module's docstring), or None where the search
    would not search it (one candidate) or the game ends before the next stage."""
    state = session.state
    assert state is not None
    bots = state.ruleset.part.bots
    judge = bots.judge() if bots is not None else None
    rollout = RolloutAgent(seed, judge, by_effect=True)
    candidates = MCTSAgent(seed)._candidates(state, decision, rollout, session)
    if len(candidates) < 2:
        return None
    keys = [decision.option(i).key for i in candidates]
    others = {seat.index: GreedyAgent(_mix(seed, seat.index), judge, by_effect=True) for seat in state.seats
              if seat.index != me and not plays_by_the_rules(seat.kind)}
    dealt = session.determinize(me, _mix(seed, 3), agents=others)
    xs, margins, static, stages = [], [], [], set()
    try:
        for place, key in enumerate(keys):
            last = place == len(keys) - 1
            twin = dealt if last else dealt.clone()
            try:
                found = _play_option(twin, key, RolloutAgent(seed, judge, by_effect=True), me)
            finally:
                if not last:
                    twin.close()
            if found is None:
                return None
            xs.append(found[0])
            margins.append(found[1])
            static.append(found[2])
            stages.add(found[3])
    finally:
        dealt.close()
    if len(stages) != 1:  # options that lead to different stages are not compared here
        return None
    return Group(number, stages.pop(), xs, margins, static)


def _play_option(twin: Session, key: str, rollout: GreedyAgent, me: int) -> tuple[array, float, float, int] | None:
    """Option `key` taken on this copy, played on to where the search values it (features and the
    static margin there) and to the end (the final margin); None if the game ends first."""
    decision = twin.decision()
    state = twin.state
    assert state is not None and decision is not None
    rounds, start, horizon = in_rounds(state.ruleset), turn(state), state.round + HORIZON
    twin.apply(next(i for i in range(decision.count) if decision.option(i).key == key))
    decision = twin.decision()
    while decision is not None and (state.round < horizon if rounds else turn(state) == start):
        twin.apply(rollout.choose(twin, decision))
        decision = twin.decision()
    if decision is None or state.finished:
        return None
    valued = twin.clone(agents={})
    try:
        x = array("f", features(valued, me, rollout.choose))
    finally:
        valued.close()
    now = stage(state)
    estimate = twin.clone(agents={})
    try:
        values = horizon_points(estimate, rollout)
    finally:
        estimate.close()
    static = values[me] - max(v for i, v in enumerate(values) if i != me)
    while decision is not None:
        twin.apply(rollout.choose(twin, decision))
        decision = twin.decision()
    totals = [row["total"] for row in twin.scores()]
    return x, float(totals[me] - max(t for i, t in enumerate(totals) if i != me)), float(static), now
