"""Where the learned evaluation looks at a game: its stages, read from the ruleset's own structure.

The training samples positions at them and the search values its playouts there, so both see
positions of the same kind; each stage has its own model (evaluation.py).

- A ruleset played in game rounds (two or more, as its game's part says: `GamePart.game_rounds`):
  the start of each game round, the same moment for every seat. The stage is the round's number.
- A ruleset played in turns of one active seat (the procedure's `turns` with `until`, going round
  the seats until the end is triggered): the first decision of each of a seat's turns, seen by that
  seat. The stage is how many times the turns have gone round the seats, plus one (a seat's k-th
  turn is stage k; final turns count with the pass they are played in).

Nothing here names a game: only the procedure's forms and the game's count of rounds are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.model import Ruleset
    from ..engine.state import Game

Turn = tuple[int, int, bool]  # a turn under way: (passes round the seats, place in the order, final turns)


def in_rounds(ruleset: Ruleset) -> bool:
    """Whether the ruleset is played in game rounds (its stages are their starts)."""
    return ruleset.part.game_rounds >= 2


def turn(game: Game) -> Turn | None:
    """The turn under way in the outermost `turns ... until` loop of the procedure, or None outside one."""
    cursor = game.cursor
    if cursor is None:
        return None
    nodes = game.ruleset.procedure.nodes
    for place in cursor.places:
        if nodes[place.node].until is not None:
            return place.passes, place.item, place.final
    return None


def stage(game: Game) -> int:
    """The stage of this position (see the module's docstring): its game round, or its pass round the seats + 1."""
    if in_rounds(game.ruleset):
        return game.round
    now = turn(game)
    return 0 if now is None else now[0] + 1


def has_stages(ruleset: Ruleset) -> bool:
    """Whether positions can be sampled at stages at all: game rounds, or turns that go round the seats."""
    return in_rounds(ruleset) or any(node.until is not None for node in ruleset.procedure.nodes)
