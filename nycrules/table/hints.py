"""`hint` at the play prompt: what the search bot would choose for the decision at hand, and why.

The search is the default `bot:mcts`'s, made from the person's seat: on copies where
all that seat cannot see is dealt anew (it never reads a hidden card), so a hint
knows what the person knows and no more. It is seeded from the game and the
decision, so asking twice gives the same hint.
"""

from __future__ import annotations

from ..engine.decisions import Decision
from ..engine.runner import Session
from ..agents.evaluation import evaluation_for
from ..agents.evaluation_stages import in_rounds
from ..agents.search import HORIZON, MCTSAgent, OptionStats
from .game_hooks import hooks_of, typed, unsearched_hint

SHOWN = 2  # options described: the suggestion and the next best


def hint(session: Session, decision: Decision) -> str:
    """The suggestion, with the expected points of the best options (a few lines of text)."""
    me = decision.seat.index
    agent = MCTSAgent(session.seed * 31 + me, per_table=True, explain=True)  # the default bot's search
    choice = agent.search(session, decision, me)
    game = session.state
    assert game is not None
    hooks = hooks_of(game.ruleset)
    label = typed(hooks, game, decision, choice) or decision.option(choice).label
    found = agent.last_search
    if not found:  # no playouts: an option taken by rule of thumb
        return f"Hint: {label}\n  ({unsearched_hint(hooks)})"  # the label alone on its line: what a person types
    labels = {decision.option(i).key: typed(hooks, game, decision, i) or decision.option(i).label
              for i in range(decision.count)}
    chosen = decision.option(choice).key  # the best mean reward; then the others by theirs
    ranked = sorted(found.items(), key=lambda item: (item[0] != chosen, -item[1].mean(item[1].reward)))
    playouts = sum(figures.playouts for figures in found.values())
    # How far a playout runs (agents/search.py): `HORIZON` game rounds, at most to the end; in a game
    # played in turns, to the seat's next turn.
    if not in_rounds(game.ruleset):
        until = "your next turn"
    elif game.round + HORIZON > game.ruleset.part.numbers.rounds:
        until = "the end of the game"
    else:
        until = f"the start of game round {game.round + HORIZON}"
    learned = any(figures.learned for figures in found.values())
    valued = ("each then valued by the evaluation learned from this ruleset's games" if learned else
              "points as the final scoring would count them then")
    lines = [f"Hint: {label}",
             f"  ({playouts} short games played to {until}, with the cards you cannot see dealt anew; "
             f"{valued}; ranked by your lead over the best other seat and your wins, not by points)"]
    others = [seat.name for seat in game.seats if seat.index != me]
    rival = others[0] if len(others) == 1 else "your best rival"
    for key, figures in ranked[:SHOWN]:
        lines.append(f"  {labels.get(key, key)}: {_learned(figures, rival) if learned else _expected(figures)}")
    if not learned and until != "the end of the game":
        lines.append(f"  (playouts alone: {evaluation_for(game.ruleset)[1]})")
    return "\n".join(lines)


def _learned(figures: OptionStats, rival: str) -> str:
    """`keeps you 6 points ahead of Ann by the end, estimated (14 games)`: the learned margin's mean."""
    margin = figures.learned_margin / figures.learned
    where = (f"keeps you {margin:.0f} points ahead of {rival}" if margin >= 0.5 else
             f"leaves you {-margin:.0f} points behind {rival}" if margin <= -0.5 else f"keeps you level with {rival}")
    return f"{where} by the end, estimated ({figures.playouts} games)"


def _expected(figures: OptionStats) -> str:
    """`about 48 points, 3 ahead (14 games)`: the seat's mean points and lead over its best rival."""
    points = figures.mean(figures.points)
    margin = figures.mean(figures.margin)
    lead = f"{margin:.0f} ahead" if margin >= 0.5 else f"{-margin:.0f} behind" if margin <= -0.5 else "level"
    return f"about {points:.0f} points, {lead} ({figures.playouts} games)"
