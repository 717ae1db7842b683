"""Where a game stands, as data: a stack of tasks, each a resumable step of the rules.

The procedure's cursor is the task at the bottom; above it, whatever it started and
is still under way: an effect of the ruleset part-way through its lines, a mechanism's
turn between two of its questions, a seat using its pieces one after another.
A task keeps all it needs to go on in its own fields (plain values and the table's
objects), so the stack is copied with the table (`copy_game`) and a copy goes on
from where the original stands without running anything again.

`Task.step(game, value)` runs the task on until it must wait, and returns:
- a Decision: the task waits for the answer, which comes back as `value` (the
  chosen option's value); `question(game)` makes the same decision again from
  the table as it is (a copy, or a copy whose hidden cards were dealt anew);
- PUSHED: it put a task above itself, whose result comes back as `value`;
- anything else: the task is done and that is its result.
`drive` runs the stack until a decision waits for someone outside, or the game ends.
Where a session's agent answers at once, the procedure goes on from its own code (`run_pushed`)
rather than from its cursor; still, at every decision the stack and the table alone say where the
game stands: a copy made there goes on from them, with nothing of the Python stack.
"""

from __future__ import annotations

from typing import Any, Callable

from ..diagnostics import RuleRuntimeError
from .decisions import Decision
from .copying import Copied
from .state import Game


class _Pushed:
    def __repr__(self) -> str:
        return "PUSHED"


PUSHED: Any = _Pushed()  # what a task's step gives after putting a task above itself


class Task(Copied):
    """One resumable step of the rules (see the module's docstring); its fields are its state."""

    __slots__ = ()

    def step(self, game: Game, value: Any) -> Any:
        raise NotImplementedError

    def question(self, game: Game) -> Decision:
        """The decision this task waits for, made again from the table (it must change nothing)."""
        raise NotImplementedError(f"{type(self).__name__} asks no question")

    def dealt_anew(self) -> None:
        """The hidden cards were dealt anew (a determinized copy): forget anything worked out from them."""


Chooser = Callable[[Game, Decision], int]


class Sifted(Decision):
    """A decision with only some of the options a rule asked with (see `offered`): `kept` numbers
    them in the decision asked."""

    __slots__ = ("kept",)

    def __init__(self, decision: Decision, kept: list[int]):
        super().__init__(decision.seat, decision.kind, decision.prompt, [decision.option(i) for i in kept],
                         decision.rule, key=decision.key)
        self.kept = kept


def offered(game: Game, decision: Decision) -> tuple[Decision | None, Any]:
    """The decision to ask for one a task waits at, or (None, the value taken without asking).

    A decision with one option is no decision: it is taken at once and the log says so (an event
    of kind "forced"), so a person sees that it was taken for them. While a game's keeper sifts the
    answers (`game.keeper`, e.g. a piece acting as part of a larger move), only those after which the move
    can still be completed legally are offered.
    """
    if decision.count <= 1:
        if decision.count == 0:  # no answer could go on (a structure mod drafting from no pairs): the rule's error
            raise RuleRuntimeError(f"a choice with no options: {decision.prompt}", game.where, game.rule,
                                   decision.seat.name, game.decisions_taken)
        if game.log_events:
            game.emit(decision.seat, decision.option(0).label, "forced", public="")  # its own cards, maybe
        return None, decision.value(0)
    keeper = game.keeper
    if keeper is None:
        return decision, None
    kept = keeper.sift(game, decision)
    if kept is None:
        return decision, None
    if len(kept) == 1:  # taken without asking anyone
        keeper.answers.append(kept[0])
        return None, decision.value(kept[0])
    return Sifted(decision, kept), None


def answered(game: Game, decision: Decision, index: int) -> Any:
    """The value of option `index` of a decision asked (as `offered` gave it), noted as taken."""
    game.decisions_taken += 1
    if game.keeper is not None:
        game.keeper.answers.append(decision.kept[index] if isinstance(decision, Sifted) else index)
    return decision.value(index)


class GameOver(BaseException):  # not an error: code catching failures lets it pass
    """`end_game()` was called: every task under way stops, the game is over (caught by the outermost drive)."""


# The answerer of each game a session's `drive` runs now (by id: a copy is another game, with none), for
# `run_pushed`; None while a nested drive runs (its decisions are its own chooser's) or chance is sampled.
_answering: dict[int, Callable[[Game, Decision], int | None] | None] = {}
_ABSENT = object()  # no drive of that game under way (None is a drive's entry with no answerer)


def drive(game: Game, value: Any = None, floor: int = 0,
          answer: Callable[[Game, Decision], int | None] | None = None) -> Any:
    """Run the tasks above `floor` until all are done (their last result is given back) or, when
    the game has no chooser that answers at once, until a decision waits: then it is
    `game.waiting` and None is given back; call again with `answered(...)`'s value.

    `answer(game, decision)`, if given, is asked first (a session's agents, engine/runner.py): the
    index of the option taken, noted as taken (`answered`), or None for a decision that waits (it
    may be asked again about the same decision: a None changes nothing)."""
    stack = game.stack
    watch = None if floor else game.chance  # a sampler of outcomes marks the points between steps (chance.py)
    key = id(game)
    before = _answering.get(key, _ABSENT)
    _answering[key] = answer if watch is None else None
    try:
        while len(stack) > floor:
            if watch is not None:
                watch.between_steps(game, value)
            try:
                out = stack[-1].step(game, value)
            except GameOver:
                if floor:
                    raise  # up to the drive of the whole game, through the tasks under this one
                stack.clear()
                return None
            if out is PUSHED:
                value = None
                continue
            if isinstance(out, Decision):
                if out.count > 1 and game.keeper is None:  # the usual case: asked as it is (see `offered`)
                    asked = out
                else:
                    asked, value = offered(game, out)
                    if asked is None:
                        continue
                if answer is not None:
                    index = answer(game, asked)
                    if index is not None:
                        if game.keeper is None:  # `answered`, written out for the usual case
                            game.decisions_taken += 1
                            value = asked.value(index)
                        else:
                            value = answered(game, asked, index)
                        continue
                chooser = game.chooser
                if chooser is None:  # someone outside answers: the game waits here
                    game.waiting = asked
                    return None
                value = answered(game, asked, chooser(game, asked))
                continue
            stack.pop()
            value = out
        return value
    finally:
        if before is _ABSENT:
            del _answering[key]
        else:
            _answering[key] = before


def run_pushed(game: Game, task: Task) -> Any:
    """Put a task on the stack above the one running (the procedure's cursor) and run it: None when it
    is done (taken off), else what the step that waits gave, for the task under it to give up to `drive`.
    In a game that a session's `drive` runs, the decisions on the way are answered at once by its answerer
    (or taken without asking, with one option), as `drive` would answer them, so the procedure goes on from
    where it is rather than from its cursor; a decision a keeper sifts, or one nobody answers now, waits
    for `drive`."""
    stack = game.stack
    floor = len(stack)
    stack.append(task)
    answer = _answering.get(id(game))
    value = None
    while True:
        out = stack[-1].step(game, value)
        if out is PUSHED:
            if answer is None:
                return out
            value = None
            continue
        if isinstance(out, Decision):
            if answer is None or game.keeper is not None:
                return out
            if out.count <= 1:  # taken without asking anyone (`offered`: the log says so), as `drive` takes it
                value = offered(game, out)[1]
                continue
            index = answer(game, out)
            if index is None:
                return out
            game.decisions_taken += 1
            value = out.value(index)
            continue
        stack.pop()
        if len(stack) == floor:
            return None
        value = out


def ask_again(game: Game) -> tuple[Decision | None, Any]:
    """The decision the game waits at, made again from its table (a copy's, maybe with hidden cards
    dealt anew), as `offered` gives it."""
    return offered(game, game.stack[-1].question(game))


def run_now(game: Game, task: Task) -> Any:
    """Run a task to its end at once, above whatever is under way (the game's chooser must answer
    every decision it meets: a trial on a copy, or a test); gives its result."""
    floor = len(game.stack)
    game.stack.append(task)
    try:
        return drive(game, None, floor)
    finally:
        del game.stack[floor:]  # after a failure, what was under way above the floor is gone
