"""The greedy bot's judgement for a game of its own folder (docs/games.md), whose rules it has no
heuristics for: each option is tried on a copy of the game dealt anew from what the seat may know
(determinize: never the real order of a face-down pile), the rest of the seat's turn played on with
the first option of each question ("yes" for a yes-or-no one), and the option is worth the seat's
points then minus the best of the other seats'. So it builds what scores most now, and takes land
it can build on at once; it plans no further than the turn (bot:mcts does). The search ranks its
candidates by the same trial with the final scoring run as if the game ended after the turn
(`scored_now`), so that what only the end rewards (a majority, a bonus card) is among them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.decisions import Decision
from ..engine.scoring import final_scoring

if TYPE_CHECKING:
    from ..engine.runner import Session

TURN_STEPS = 12  # the seat's own questions played on after the option, at most (a turn has a few)


def option_scores(session: "Session", decision: Decision, deal: int, scored_now: bool = False) -> list[float]:
    """Each option's worth (see the module's docstring); `deal` seeds the copy's hidden cards."""
    me = decision.seat.index
    base = session.determinize(me, deal, agents={}, log_events=False)
    scores = []
    for index in range(decision.count):
        trial = base.clone(agents={}, log_events=False)
        trial.apply(index)
        for _ in range(TURN_STEPS):
            asked = trial.decision()
            if asked is None or asked.seat.index != me:
                break
            trial.apply(_plain_answer(asked))
        state = trial.state
        assert state is not None
        if scored_now and not state.finished:  # on the trial, which is not played further
            state.chooser = lambda game, asked: _plain_answer(asked)
            state.log_events = False
            final_scoring(state)
        others = [seat.points for seat in state.seats if seat.index != me]
        scores.append(state.seats[me].points - max(others, default=0))
    return scores


def _plain_answer(decision: Decision) -> int:
    """Yes to a yes-or-no question, else the first option."""
    if decision.kind == "ask":
        return next((i for i in range(decision.count) if decision.value(i) is True), 0)
    return 0
