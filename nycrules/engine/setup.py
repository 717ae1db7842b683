"""Setting up a game: the table from the ruleset's components, then each seat's setup steps."""

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
    """Who sits at a seat: a person's name, a bot, or Tom with a mode and card count."""

    name: str
    kind: str  # human, bot:random, bot:greedy, tom
    tom_mode: str = ""
    tom_cards: int = 0


def for_seat(game: Game, seat: Seat, default: Any, *path: str) -> Any:
    """What a seat runs: Tom's own version where his rules give one (`path` into the tom section)."""
    if not seat.is_tom:
        return default
    tom = game.ruleset.part.tom  # a Tom plays: his game's part has his rules (or None)
    if tom is None:
        return default
    found: Any = getattr(tom, path[0])
    for key in path[1:]:
        if key not in found:
            return default
        found = found[key]
    return found


def step_for(game: Game, seat: Seat, name: str) -> Script | None:
    """A per-seat step, Tom's version for Tom's seats; None for a step only Tom has and another seat."""
    if seat.is_tom:
        tom = game.ruleset.part.tom  # his game's part has his rules (or None)
        if tom is not None and name in tom.steps:
            return tom.steps[name]
    return game.ruleset.steps.get(name)


def game_number(game: Game, name: str, variables: dict | None = None) -> int:
    """A number of the procedure (an expression in `game:`), Tom's version when any Tom plays."""
    tom = game.ruleset.part.tom
    script = getattr(game.ruleset.part.numbers, name)
    if tom is not None and name in tom.game and any(s.is_tom for s in game.seats):
        script = tom.game[name]
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
    if any(s.kind == "tom" for s in specs) and ruleset.part.tom is None:
        raise NycRulesError("this ruleset has no rules for Tom")
    seats = [Seat(i, spec.name, spec.kind, spec.tom_mode, spec.tom_cards) for i, spec in enumerate(specs)]
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
