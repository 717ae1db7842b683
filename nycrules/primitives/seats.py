"""Seats: who plays, and their points (a game's own: New York City's, games/nyc/primitives_seats.py)."""

from __future__ import annotations

from typing import Any

from ..language.runtime import check_stored, spend_text
from ..engine.decisions import describe
from ..engine.state import Seat, cut
from ..limits import MAX_EVENT_CHARS
from ..language.registry import primitive
from . import inline

C = "seats and scores"


@primitive("seats() -> list[seat]", "Every seat, in seat (clockwise) order.", C, every_seat=True)
@inline("list(f.game.seats)")
def seats(f: Any) -> list:
    return list(f.game.seats)


@primitive("seat_count() -> int", "How many seats play.", C)
def seat_count(f: Any) -> int:
    return len(f.game.seats)


@primitive("points(seat: seat) -> int", "The seat's points so far.", C)
@inline("{0}.points")
def points(f: Any, seat: Seat) -> int:
    return seat.points


@primitive("gain_points(seat: seat, amount: int)", "The seat gains points.", C)
def gain_points(f: Any, seat: Seat, amount: int) -> None:
    _gain(f, seat, amount)


@primitive("gain_points(seat: seat, amount: int, reason: str)",
           "Gain points and say what for in the log: `gains 3 points for REASON`.", C)
def gain_points_for(f: Any, seat: Seat, amount: int, reason: str) -> None:
    _gain(f, seat, amount, reason)


@primitive("gain_points(seat: seat, amount: int, reason: str, about: any)",
           "Gain points for a reason naming a value: each `{}` in the reason is replaced by the value.", C)
def gain_points_about(f: Any, seat: Seat, amount: int, reason: str, about: Any) -> None:
    _gain(f, seat, amount, reason, about)


@primitive("gain_points(seat: seat, amount: int, reason: str, about: any, more: any)",
           "Gain points for a reason naming two values: the first `{}` is `about`, the second `more`.", C)
def gain_points_about_two(f: Any, seat: Seat, amount: int, reason: str, about: Any, more: Any) -> None:
    _gain(f, seat, amount, reason, about, more)


def filled(reason: str, first: str, second: str | None = None) -> str:
    """The reason with each `{}` replaced: all by `first`, or (given `second`) the first by `first`, the
    second by `second`. Built no longer than the log keeps: a reason of many `{}` and a long value
    would otherwise make a text of millions of characters."""
    parts = reason.split("{}")
    out, size = [parts[0]], len(parts[0])
    for place, part in enumerate(parts[1:]):
        value = first if second is None or place == 0 else second if place == 1 else "{}"
        out += (value, part)
        size += len(value) + len(part)
        if size > MAX_EVENT_CHARS:
            break
    return cut("".join(out))


def _gain(f: Any, seat: Seat, amount: int, reason: str = "", *about: Any) -> None:
    """Add points; `reason` (its `{}` filled with the values `about`) says what for in the log. The
    text is counted against the rules' text budget whether or not a log is kept (runtime.spend_text),
    except on a table a bot tries something on, which writes none (Game.writes_texts)."""
    if amount <= 0:
        return
    game = f.game
    seat.points = check_stored(f, seat.points + amount, f"{seat.name}'s points would be")
    if game.scoring_step:
        seat.scores[game.scoring_step] = seat.scores.get(game.scoring_step, 0) + amount
    if not reason or not game.writes_texts:
        if game.log_events:
            game.emit(seat, f"gains {amount} point{'s' if amount != 1 else ''} ({seat.points})")
        return
    named = [spend_text(f, describe(value)) for value in about]
    spend_text(f, reason)
    if game.log_events:
        why = filled(reason, *named) if named else reason
        game.emit(seat, f"gains {amount} point{'s' if amount != 1 else ''} for {why} ({seat.points})")
