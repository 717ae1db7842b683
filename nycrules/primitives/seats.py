"""Seats: who plays, points, dollars and the press track."""

from __future__ import annotations

from typing import Any

from ..language.runtime import check_stored, spend_text
from ..engine import ops
from ..engine.decisions import describe
from ..engine.state import Seat, cut
from ..limits import MAX_EVENT_CHARS
from ..language.registry import primitive
from ..text import counted
from . import inline, not_negative

C = "seats and scores"


@primitive("seats() -> list[seat]", "Every seat, in seat (clockwise) order.", C)
@inline("list(f.game.seats)")
def seats(f: Any) -> list:
    return list(f.game.seats)


@primitive("seats_by_press() -> list[seat]", "Every seat, from the one farthest ahead on the press track.", C)
@inline("f.game.seats_in_press_order()")
def seats_by_press(f: Any) -> list:
    return f.game.seats_in_press_order()


@primitive("seat_count() -> int", "How many seats play (Toms included).", C)
def seat_count(f: Any) -> int:
    return len(f.game.seats)


@primitive("human_count() -> int", "How many seats are not Toms.", C)
def human_count(f: Any) -> int:
    return sum(1 for s in f.game.seats if not s.is_tom)


@primitive("tom_count() -> int", "How many seats are Toms.", C)
def tom_count(f: Any) -> int:
    return sum(1 for s in f.game.seats if s.is_tom)


@primitive("is_tom(seat: seat) -> bool", "Whether the seat is Tom, the automa.", C)
@inline("{0}.is_tom")
def is_tom(f: Any, seat: Seat) -> bool:
    return seat.is_tom


@primitive("tom_mode(seat: seat) -> str", "Tom's mode: \"A\", \"B\" or \"C\" (\"\" for other seats).", C)
def tom_mode(f: Any, seat: Seat) -> str:
    return seat.tom_mode


@primitive("tom_cards(seat: seat) -> int", "The cards Tom draws in phase I at his level.", C)
def tom_cards(f: Any, seat: Seat) -> int:
    return seat.tom_cards


@primitive("tom_draws(seat: seat) -> int", "The cards Tom draws before each bidding round in his mode.", C)
def tom_draws(f: Any, seat: Seat) -> int:
    mode = f.game.ruleset.part.tom.modes.get(seat.tom_mode) if f.game.ruleset.part.tom else None
    return mode.draws_before_bid if mode else 0


@primitive("tom_keeps_later_cards(seat: seat) -> bool",
           "Whether Tom's mode keeps a drawn card meant for a later bidding round.", C)
def tom_keeps_later_cards(f: Any, seat: Seat) -> bool:
    mode = f.game.ruleset.part.tom.modes.get(seat.tom_mode) if f.game.ruleset.part.tom else None
    return bool(mode and mode.keeps_later_cards)


@primitive("points(seat: seat) -> int", "The seat's prestige points so far.", C)
@inline("{0}.points")
def points(f: Any, seat: Seat) -> int:
    return seat.points


@primitive("gain_points(seat: seat, amount: int)", "The seat moves ahead on the prestige points track.", C)
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
    text is counted against the rules' text budget whether or not a log is kept (runtime.spend_text)."""
    if amount <= 0:
        return
    game = f.game
    seat.points = check_stored(f, seat.points + amount, f"{seat.name}'s points would be")
    if game.scoring_step:
        seat.scores[game.scoring_step] = seat.scores.get(game.scoring_step, 0) + amount
    if not reason:
        if game.log_events:
            game.emit(seat, f"gains {amount} point{'s' if amount != 1 else ''} ({seat.points})")
        return
    named = [spend_text(f, describe(value)) for value in about]
    spend_text(f, reason)
    if game.log_events:
        why = filled(reason, *named) if named else reason
        game.emit(seat, f"gains {amount} point{'s' if amount != 1 else ''} for {why} ({seat.points})")


@primitive("dollars(seat: seat) -> int", "The dollars on the seat's player board.", C)
@inline("{0}.dollars")
def dollars(f: Any, seat: Seat) -> int:
    return seat.dollars


@primitive("gain_dollars(seat: seat, amount: int)", "The seat takes dollars from the general supply.", C)
def gain_dollars(f: Any, seat: Seat, amount: int) -> None:
    if not_negative(f, amount, "gain_dollars of") > 0:
        seat.dollars = check_stored(f, seat.dollars + amount, f"{seat.name}'s dollars would be")
        if f.game.log_events:  # event text only for a log that is kept
            f.game.emit(seat, f"takes {counted(amount, 'dollar')} ({seat.dollars} in all)")


@primitive("pay_dollars(seat: seat, amount: int)", "The seat returns dollars to the supply (never below 0).", C)
def pay_dollars(f: Any, seat: Seat, amount: int) -> None:
    amount = min(not_negative(f, amount, "pay_dollars of"), seat.dollars)
    if amount > 0:
        seat.dollars -= amount
        f.game.emit(seat, f"returns {counted(amount, 'dollar')} ({seat.dollars} left)")


@primitive("press_space(seat: seat) -> int", "The space of the seat's press token (0 is the start).", C)
@inline("{0}.token.space")
def press_space(f: Any, seat: Seat) -> int:
    return seat.token.space


@primitive("press_rank(seat: seat) -> int",
           "The seat's rank on the press track among seats: 1 is farthest ahead (the neutral token is ignored).",
           C)
def press_rank(f: Any, seat: Seat) -> int:
    return f.game.press_rank_of(seat)


@primitive("press_advance(seat: seat, steps: int)",
           "Move ahead on the press track, onto the top of any stack (under it on the last space).", C)
def press_advance(f: Any, seat: Seat, steps: int) -> None:
    if steps > 0:
        _press_report(f, seat, steps, "ahead")


@primitive("press_back(seat: seat, steps: int)", "Move back on the press track, onto the top of any stack.", C)
def press_back(f: Any, seat: Seat, steps: int) -> None:
    if steps > 0:
        _press_report(f, seat, -steps, "back")


def _press_report(f: Any, seat: Seat, steps: int, way: str) -> None:
    """Move the token and log how far it really went (the track ends at both sides)."""
    before = seat.token.space
    ops.press_move(f.game, seat.token, steps)
    moved = abs(seat.token.space - before)
    if not f.game.log_events:  # event text only for a log that is kept
        return
    if moved:
        f.game.emit(seat, f"moves {moved} {way} on the press track (space {seat.token.space})")
    else:
        side = "end" if steps > 0 else "start"
        f.game.emit(seat, f"stays on space {before} of the press track: it is the {side} of the track")
