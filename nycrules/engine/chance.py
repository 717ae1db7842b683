"""Random events whose outcomes an outside sampler picks, one at a time (OpenSpiel's chance nodes).

A game whose `chance` is a `Sampler` (Session(chance=...)) asks it for the outcome of each draw
and shuffle (engine/ops.py, "chance"). A draw comes in the middle of a step of the rules, where a
game cannot stop; so the sampler gives the outcomes it was given, in order, and at the first draw
it has none for, it stops the run with `NeedChance` (the items to pick from). The run is played
again, one outcome more, from a `Checkpoint`: a copy of the game where it was plain data (between
two steps of its tasks, tasks.drive, or waiting at a decision), taken once the sampler had given
all its outcomes, so that only the last few steps are played again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .copying import copy_value
from .state import Game, copy_game
from .tasks import ask_again

if TYPE_CHECKING:
    from .runner import Session


class NeedChance(BaseException):  # not an error: it passes the handlers of failures, as GameOver does
    """A draw or shuffle with no outcome given: the run stops there (its table is left as it was then).
    `more` picks follow from the same items, the one picked each time going to the end and leaving."""

    def __init__(self, table: Game, items: list, more: int = 0):
        super().__init__("a chance outcome is needed here")
        self.table, self.items, self.more = table, items, more


@dataclass(frozen=True)
class Checkpoint:
    """A game where it can be copied and played on: its table (never played on itself), the value the
    next step of its tasks gets, or `waiting` at a decision (asked again), and the session's record."""

    table: Game
    value: Any
    waiting: bool
    record: tuple[int, ...]
    history: tuple[tuple[int, int, int], ...]

    @staticmethod
    def of(session: "Session", value: Any = None, waiting: bool = False) -> "Checkpoint":
        memo: dict[int, Any] = {}
        assert session.state is not None
        table = copy_game(session.state, keep_events=True, memo=memo)
        return Checkpoint(table, copy_value(value, memo), waiting, tuple(session.record), tuple(session.history))

    def play_on(self, session: "Session") -> None:
        """Make the new session `session` this game and play it on to its next decision."""
        memo: dict[int, Any] = {}
        table = session.state = copy_game(self.table, keep_events=True, memo=memo)
        table.chance = session.chance
        session.record, session.history = list(self.record), list(self.history)
        session._started = True
        if not self.waiting:
            session._play(copy_value(self.value, memo))
            return
        decision, value = ask_again(table)
        if decision is not None:
            session._pending = decision
        else:
            session._play(value)


class Sampler:
    """Game.chance: gives `outcomes` in order (each the index of the item picked among those offered),
    then stops the run (NeedChance). With `session`, it takes a checkpoint of that session at the first
    point between two steps after it gave all its outcomes (`checkpoint`)."""

    __slots__ = ("outcomes", "used", "session", "checkpoint")

    def __init__(self, outcomes: list[int], session: "Session | None" = None):
        self.outcomes, self.used, self.session = outcomes, 0, session
        self.checkpoint: Checkpoint | None = None

    def pick(self, table: Game, items: list, more: int = 0) -> int:
        if self.used == len(self.outcomes):
            raise NeedChance(table, list(items), more)
        self.used += 1
        return self.outcomes[self.used - 1]

    def between_steps(self, table: Game, value: Any) -> None:
        if self.session is not None and self.checkpoint is None and self.used == len(self.outcomes):
            self.checkpoint = Checkpoint.of(self.session, value)
