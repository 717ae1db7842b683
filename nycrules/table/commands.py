"""The words a person types at a prompt to look at the table, and what the table's own (`log`, `why`)
show; a game's own views are its TABLE's (game_hooks.py).

None of them changes the game; `undo`, `save` and `quit` belong to the game being played (play.py).
"""

from __future__ import annotations

from . import views
from ..engine.state import Game, Seat
from ..limits import small_numeral

# The views of the table and of the games: a word of another game is refused in one line (game_hooks.py).
VIEWS = ("board", "hand", "seats", "chars", "characters", "log", "why", "info", "picture", "save")


def show(game: Game, seat: Seat, word: str, rest: str) -> str:
    """What `log` or `why` shows (a game's own views are its TABLE's, game_hooks.py)."""
    if word == "log":
        count = small_numeral(rest.strip() or "20")
        if count is None:
            return "log takes a number of events, e.g. `log 10`"
        return views.log(game, count, None if game.finished else seat.index)
    return views.why(game, rest, None if game.finished else seat.index)
