"""`nycrules replay`: a saved game told decision by decision, or the table after decision N."""

from __future__ import annotations

from typing import TextIO

from . import game_hooks, narration
from ..diagnostics import NycRulesError
from ..engine.decisions import Decision
from ..engine.model import Ruleset
from ..engine.runner import Session
from ..engine.state import Game
from .saves import Save
from .terminal import fitted
from ..text import shown_in_colour


def replay(ruleset: Ruleset, save: Save, out: TextIO, until: int | None, seat: int | None = None) -> int:
    """Show a saved game decision by decision; with `until`, stop once decision N has taken effect;
    with `seat`, that seat's hand and what else it saw (as play showed it) above each of its decisions."""

    def write(text: str) -> None:
        # names and texts from files never reach the terminal raw; lines fit 80 columns, as in play
        out.write("\n".join(fitted(line) for line in shown_in_colour(text).split("\n")))

    printed = 0
    hooks = game_hooks.hooks_of(ruleset)  # the board, seats and facts of the ruleset's game
    limit = len(save.decisions) if until is None else min(until, len(save.decisions))

    def flush(game: Game) -> None:
        nonlocal printed
        for line in narration.told(game, printed):
            write(narration.line_text(line) + "\n")
        printed = len(game.events)

    def observe(game: Game, decision: Decision, index: int) -> None:
        flush(game)
        if decision.seat.index == seat:
            write(game_hooks.context(hooks, game, decision) + "\n")
        write(f"#{len(session.record)} {decision.seat.name}: {decision.prompt} -> "
                  f"{decision.option(index).label}\n")

    # Nobody answers for any seat: the game pauses at the first decision past the record.
    session = Session(ruleset, save.seats, save.seed, {}, replay=save.decisions[:limit], observer=observe)
    paused = session.decision() is not None
    game = session.state
    assert game is not None
    flush(game)
    if paused:
        write(f"\n(after decision {limit} of {len(save.decisions)})\n")
        write(game_hooks.board(hooks, game, False) + "\n" + game_hooks.seats(hooks, game, False) + "\n")
        return 0
    check_record_used(session, len(save.decisions))
    write("\n" + game_hooks.final_scores(hooks, game) + "\n")
    return 0


def seat_named(save: Save, name: str) -> int:
    """A seat of the saved game by its name (any case) or its number from 1; else one line saying which there are."""
    names = [spec.name for spec in save.seats]
    for i, known in enumerate(names):
        if known.lower() == name.strip().lower() or name.strip() == str(i + 1):
            return i
    listed = ", ".join(f"{i + 1} {known}" for i, known in enumerate(names))
    raise NycRulesError(f"no seat '{name[:40]}' in this game; its seats are {listed}")


def check_record_used(session: Session, recorded: int) -> None:
    """A save whose game ends before its last decision was changed by hand."""
    if len(session.record) < recorded:
        raise NycRulesError(f"the save holds {recorded} decisions, but its game ends after "
                            f"{len(session.record)}: the file was changed")
