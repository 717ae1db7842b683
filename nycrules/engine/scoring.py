"""The end of a game: a final scoring step for a seat, and the ranking that names the winner.

The order of the steps and of the seats is the ruleset's procedure; the ranking is
its `winner:`, an expression, or the seats of `rank` ordered by the keys of `by`, compared
in turn, highest first (seats equal on every key keep `rank`'s order); with `shared: true`
the seats equal to the first on every key share the victory.
"""

from __future__ import annotations

from typing import Any

from ..language.runtime import Frame
from ..text import said_of
from .model import ScoringStep
from .effects import effect_task
from .procedure import Cursor, run_part
from .state import Game, Seat
from .tasks import GameOver, Task, run_now

FINAL_SCORING = "final_scoring"  # the id of the procedure node that scores a game at its end


def score_step(game: Game, step: ScoringStep, seat: Seat) -> None:
    """One final scoring step for one seat (the seat's own version where its rules give one), at once."""
    task = score_step_task(game, step, seat)
    if isinstance(task, Task):
        run_now(game, task)


def score_step_task(game: Game, step: ScoringStep, seat: Seat) -> Task | Frame:
    """One final scoring step for one seat: the task of its effect, or its frame when it ran already.
    Its points count in the step's category in the final scoring only; a mod that runs a step in the
    middle of the game (say, majorities each round) books them as the game's own points."""
    if in_final_scoring(game):
        game.scoring_step = step.id
        seat.scores.setdefault(step.id, 0)
    script = game.ruleset.part.for_seat(game, seat, step.effect, "final_scoring", step.id)
    return effect_task(game, script, {"me": seat}, f"final scoring: {step.id}")


def in_final_scoring(game: Game) -> bool:
    """Whether the procedure is inside its node `final_scoring` (at the game's end, or a position valued)."""
    nodes = game.ruleset.procedure.nodes
    return any(nodes[place.node].id == FINAL_SCORING for task in game.stack if isinstance(task, Cursor)
               for place in task.places)


def ranking(game: Game) -> list[Seat]:
    """The seats best first, by the ruleset's `winner:` ranking."""
    return _ranked(game)[0]


def _ranked(game: Game) -> tuple[list[Seat], list[Any] | None]:
    """The seats best first, and their keys in that order (None: the ranking is one expression)."""
    ruleset = game.ruleset
    seats = list(ruleset.winner.run(Frame(game, {})))
    by = ruleset.winner_by
    if by is None:
        return seats, None
    keys = {seat.index: list(by.run(Frame(game, {"me": seat}))) for seat in seats}
    seats.sort(key=lambda seat: keys[seat.index], reverse=True)  # stable: equal keys keep `rank`'s order
    return seats, [keys[seat.index] for seat in seats]


def winners(game: Game) -> list[Seat]:
    """The seat that wins, or the seats that share the victory (`winner: {shared: true}`), in ranking order."""
    seats, keys = _ranked(game)
    if keys is None or not game.ruleset.shared_victory:
        return seats[:1]
    return [seat for seat, key in zip(seats, keys) if key == keys[0]]


def winner_of(game: Game) -> Seat:
    """The first of the ranking (of the seats sharing the victory, the first in the ranking's order)."""
    return ranking(game)[0]


def end_game(game: Game) -> None:
    """The game is over: no scoring step is under way, and the winner is named (or the winners)."""
    game.scoring_step = ""
    game.finished = True
    game.where = None
    won = winners(game)
    if len(won) == 1:
        game.emit(won[0], f"wins with {won[0].points} points", "end")
    else:
        game.emit(None, victory(game, won), "end")


def victory(game: Game, won: list[Seat] | None = None) -> str:
    """Who won (`won`: the winners, when already known), in words: `Ann wins with 84 points`, or
    `Ann (80 points) and Bob (80 points) share the victory`."""
    won = won if won is not None else winners(game)
    if len(won) == 1:
        return said_of(won[0].name, f"wins with {won[0].points} points")
    names = ", ".join(f"{seat.name} ({seat.points} points)" for seat in won[:-1])
    return f"{names} and {won[-1].name} ({won[-1].points} points) share the victory"


def final_scoring(game: Game) -> None:
    """Score the game as it stands: the procedure's node `final_scoring` (search bots value positions so)."""
    try:
        run_part(game, FINAL_SCORING)
    except GameOver:  # its last node names the winner, ending the game there: nothing else runs on it
        pass
