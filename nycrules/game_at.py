"""The table of a saved game after any number of its decisions, for `board` and pictures."""

from __future__ import annotations

from .engine.decisions import Decision
from .engine.runner import Session
from .engine.state import Game
from .model import Ruleset
from .saves import Save


class _Stop(Exception):
    pass


def game_at(ruleset: Ruleset, save: Save, until: int | None = None) -> tuple[Game, int]:
    """The game once decision `until` (default: all) of the save has taken effect, and how many did."""
    limit = len(save.decisions) if until is None else min(until, len(save.decisions))

    def end_of_record(game: Game, decision: Decision) -> int:
        raise _Stop

    session = Session(ruleset, save.seats, save.seed, {i: end_of_record for i in range(len(save.seats))},
                      replay=save.decisions[:limit])
    try:
        game = session.run()
    except _Stop:
        game = session.game
    assert game is not None
    return game, limit
