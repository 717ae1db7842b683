"""The vocabulary of the procedure every game has: the seats in turn, the standings in the log, the
final scoring and the end. A game's own table mechanisms are its own primitives (New York City's:
games/nyc/primitives_procedure.py). The order in which they act is the ruleset's `procedure:`."""

from __future__ import annotations

from typing import Any

from ..engine.decisions import describe
from ..engine.scoring import end_game as run_end_game
from ..engine.scoring import score_step as run_score_step
from ..engine.scoring import score_step_task
from ..engine.tasks import GameOver
from ..engine.state import Seat
from ..engine.model import ScoringStep
from ..language.registry import primitive
from . import waits

C = "procedure"


# ------------------------------------------------------------------ standings and turns
@primitive("show_standings(heading: str, about: any)",
           "Write every seat's points in the log after a heading (its `{}` is `about`).", C)
def show_standings(f: Any, heading: str, about: Any) -> None:
    game = f.game
    if game.log_events:
        standing = ", ".join(f"{s.name} {s.points}" for s in game.seats)
        game.emit(None, f"{heading.replace('{}', describe(about))}: {standing}", "summary")


@primitive("clockwise_from(seat: seat) -> list[seat]", "Every seat, clockwise from this one (it first).", C)
def clockwise_from(f: Any, seat: Seat) -> list:
    seats = f.game.seats
    return seats[seat.index:] + seats[:seat.index]


# ------------------------------------------------------------------ the end
@primitive("scoring_steps() -> list[scoring_step]", "The final scoring steps of the ruleset, in their order.", C)
def scoring_steps(f: Any) -> list:
    return list(f.game.ruleset.final_scoring)


@primitive("title(step: scoring_step) -> str", "The final scoring step's title.", C)
def step_title(f: Any, step: ScoringStep) -> str:
    return step.title


@primitive("score_step(seat: seat, step: scoring_step)", "Score the final scoring step for the seat.", C)
@waits(lambda f, seat, step: score_step_task(f.game, step, seat))
def score_step(f: Any, seat: Seat, step: ScoringStep) -> None:
    run_score_step(f.game, step, seat)


@primitive("end_game()", "The game is over at once: the winner (by `winner:`; the seats sharing the victory, when "
           "its keys tie and `shared: true`: docs/ruleset.md \"The winner\") is named and nothing else runs; only "
           "the procedure's nodes may call it.", C, ends=True)
def end_game(f: Any) -> None:
    run_end_game(f.game)
    raise GameOver
