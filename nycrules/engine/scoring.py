"""The end of a game: a final scoring step for a seat, and the ranking that names the winner.

The order of the steps and of the seats is the ruleset's procedure; the ranking is
its `winner:` expression.
"""

from __future__ import annotations

from ..language.runtime import Frame
from .model import ScoringStep
from .abilities import effect_task
from .procedure import Cursor, run_part
from .setup import for_seat
from .state import Game, Seat
from .tasks import GameOver, Task, run_now

FINAL_SCORING = "final_scoring"  # the id of the procedure node that scores a game at its end


def score_step(game: Game, step: ScoringStep, seat: Seat) -> None:
    """One final scoring step for one seat (Tom's version for Tom), at once."""
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
    script = for_seat(game, seat, step.effect, "final_scoring", step.id)
    return effect_task(game, script, {"me": seat}, f"final scoring: {step.id}")


def in_final_scoring(game: Game) -> bool:
    """Whether the procedure is inside its node `final_scoring` (at the game's end, or a position valued)."""
    nodes = game.ruleset.procedure.nodes
    return any(nodes[place.node].id == FINAL_SCORING for task in game.stack if isinstance(task, Cursor)
               for place in task.places)


def ranking(game: Game) -> list[Seat]:
    """The seats best first, by the ruleset's `winner:` ranking."""
    winner = game.ruleset.winner
    return list(winner.run(Frame(game, {})))


def winner_of(game: Game) -> Seat:
    return ranking(game)[0]


def end_game(game: Game) -> None:
    """The game is over: no scoring step is under way, and the winner is named."""
    game.scoring_step = ""
    game.finished = True
    game.where = None
    winner = winner_of(game)
    game.emit(winner, f"wins with {winner.points} points", "end")


def final_scoring(game: Game) -> None:
    """Score the game as it stands: the procedure's node `final_scoring` (search bots value positions so)."""
    try:
        run_part(game, FINAL_SCORING)
    except GameOver:  # its last node names the winner, ending the game there: nothing else runs on it
        pass
