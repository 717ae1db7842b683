"""What one page is sent: the table as its seat may know it, as JSON-ready data.

Built from the seat's view (engine/seat_view.py: its hand and reserve from its observation, its
decision's options) and from the public table (the board as `board --svg` draws it, the seats'
public facts, the log as the seat saw it). A spectator gets what every seat sees and no hand; a
seat gets its own hand and, at its turn only, its decision. Nothing here names another seat's
hidden cards: the log is told as this seat saw it (Event.seen_by) until the game is over.
"""

from __future__ import annotations

from typing import Any

from ..engine.decisions import Decision
from ..engine.scoring import victory
from ..engine.seat_view import SeatView
from ..engine.state import Game
from ..table import game_hooks
from ..table.narration import told
from ..table.menus import headline
from .game import SPECTATOR, ServedGame

LOG_LINES = 60  # the latest lines of the log a page shows (older ones: `log` at the terminal)


def state_for(game: ServedGame, seat: int) -> dict[str, Any]:
    """Everything one page shows now (call with the game's lock held)."""
    session = game.session
    state = session.state
    assert state is not None
    waiting = game.decision()
    viewer = None if state.finished else seat  # over: every card is shown, as at the terminal
    message: dict[str, Any] = {
        "type": "state",
        "page": game.page,
        "version": game.version,
        "at": len(session.record),
        "seat": None if seat == SPECTATOR else seat,
        "seats": [{"name": spec.name, "kind": game_hooks.seat_kind(game.hooks, spec)}
                  for spec in game.specs],
        "board": game.board_svg(),
        "log": log_lines(state, viewer),
        "turn": waiting.seat.name if waiting is not None else None,
        "failure": game.failure,
        "final": _final(state) if state.finished else None,
    }
    if seat != SPECTATOR:
        view = SeatView(session, seat, waiting)
        mine = view.observation()["seats"][seat]
        rule = waiting.rule if waiting is not None and waiting.seat.index == seat else ""
        held = game_hooks.page_hand(game.hooks, mine)
        text = game_hooks.hand(game.hooks, state, state.seats[seat], rule)
        message["hand"] = {**(held or {"cards": [], "notes": []}), "text": text} if held or text else None
        if view.decision is not None and waiting is not None:
            message["decision"] = decision_for(game, state, waiting, [o.key for o in view.decision.options])
    return message


def decision_for(game: ServedGame, state: Game, decision: Decision, keys: list[str]) -> dict[str, Any]:
    """The seat's decision: its question, the facts that matter for it and its options to click (with
    their stable keys, by which the page finds what they name on the board)."""
    hooks = game.hooks
    shown = set(game.shown_options(decision))
    options = []
    for i, option in enumerate(decision.options):
        options.append({"index": i, "key": keys[i], "label": game_hooks.option_label(hooks, state, option),
                        "detail": game_hooks.option_detail(hooks, state, option),
                        "shown": i in shown})
    return {
        "at": len(game.session.record),
        "kind": decision.kind,
        "headline": headline(decision),
        "context": game_hooks.context(hooks, state, decision),
        "options": options,
    }


def log_lines(state: Game, viewer: int | None) -> list[dict[str, Any]]:
    """The latest lines of the log, numbered as `why #E` takes them."""
    start = max(len(state.events) - 3 * LOG_LINES, 0)
    return [{"n": line.first + 1, "text": line.text, "kind": line.kind}
            for line in told(state, start, viewer=viewer)[-LOG_LINES:]]


def _final(state: Game) -> dict[str, Any]:
    """The final scoring as `play` shows it (views.final_scores), as rows of a table: points from the
    game, each scoring step, the total."""
    seats = state.seats
    rows = [["during the game", *(s.points - sum(s.scores.values()) for s in seats)]]
    rows += [[step.title, *(s.scores.get(step.id, 0) for s in seats)] for step in state.ruleset.final_scoring]
    rows.append(["total", *(s.points for s in seats)])
    return {"names": [s.name for s in seats], "rows": rows,
            "winner": f"{victory(state)}."}
