"""Setting up a game: the seats, the table its game's part lays out, then the procedure's setup."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..language.runtime import Frame, check_count
from ..diagnostics import NycRulesError
from .model import SETUP_ROOT, Ruleset, Script
from .state import Game, Seat
from .tasks import run_now


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a person's name, a bot, or a seat of a kind its game adds, with its level
    (docs/games.md, "Seat kinds a game adds")."""

    name: str
    kind: str  # human, bot:random, bot:greedy, bot:mcts..., or a kind its game adds
    level: str = ""  # a seat of a kind its game adds: its setting, as the kind reads it


def step_for(game: Game, seat: Seat, name: str) -> Script | None:
    """A per-seat step, the seat's own version where its game's rules give one (model.GamePart.for_seat);
    None for a step only some seats have."""
    ruleset = game.ruleset
    return ruleset.part.for_seat(game, seat, ruleset.steps.get(name), "steps", name)


def game_number(game: Game, name: str, variables: dict | None = None) -> int:
    """A number of the procedure, its expression given by the game's part (model.GamePart.number_script)."""
    script = game.ruleset.part.number_script(game, name)
    game.where = script.loc
    frame = Frame(game, dict(variables or {}))
    return check_count(frame, int(script.run(frame)), f"game.{name} of", script.loc)


def check_seat_count(count: int, ruleset: Ruleset) -> None:
    counts = ruleset.seat_counts
    if count not in counts:
        raise NycRulesError(f"this ruleset plays with {', '.join(map(str, counts))} seats, not {count}")


def new_game(ruleset: Ruleset, specs: list[SeatSpec], seed: int, chooser: Any, log_events: bool = True,
             chance: Any = None) -> Game:
    """Lay out the table and run the procedure's `setup`, its decisions answered by `chooser(game,
    decision)`; the game is then ready to be played on (procedure.play). With no chooser, the setup
    is left on the stack of tasks too: a Session plays it, pausing at decisions. `chance` picks what
    the shuffles and draws give (Game.chance), else the seeded random source does."""
    check_seat_count(len(specs), ruleset)
    seats = [Seat(i, spec.name, spec.kind) for i, spec in enumerate(specs)]
    for seat, spec in zip(seats, specs):
        ruleset.part.lay_seat(ruleset, seat, spec)  # what a seat of its game holds of its own (model.GamePart)
    game = Game(ruleset, seats, seed, chance)
    game.chooser = chooser
    game.log_events = log_events
    ruleset.part.setup(game)  # the game's part lays out its table (model.GamePart)
    from .procedure import start, whole_game  # the interpreter reads this module's numbers and steps
    if chooser is None:  # the game waits at its decisions: its setup is played from the stack too
        game.stack.append(whole_game(game))  # the procedure's `setup` list, then its `play` list
        return game
    run_now(game, start(game, SETUP_ROOT))  # the setup now, its decisions answered by the chooser...
    game.cursor = start(game)  # ...and the game after it, to be played from here (procedure.play)
    game.stack.append(game.cursor)
    return game
