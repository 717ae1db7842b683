"""The table of a saved game after any number of its decisions, for `board` and pictures."""

from __future__ import annotations

from ..engine.runner import Session
from ..engine.state import Game
from ..engine.model import Ruleset
from .replay import check_record_used
from .saves import Save


def game_at(ruleset: Ruleset, save: Save, until: int | None = None) -> tuple[Game, int]:
    """The game once decision `until` (default: all) of the save has taken effect, and how many did."""
    limit = len(save.decisions) if until is None else min(until, len(save.decisions))
    session = Session(ruleset, save.seats, save.seed, {}, replay=save.decisions[:limit], log_events=False)
    session.decision()  # nobody answers: the game pauses at the first decision past the record
    if len(session.record) < limit:  # the game ended before the decisions asked for: the file was changed
        check_record_used(session, len(save.decisions))
    game = session.state
    assert game is not None
    return game, limit
