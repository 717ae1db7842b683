"""New York City's seats: Tom's, the dollars and the press track; its rulesets alone may call these."""

from __future__ import annotations

from typing import Any

from ...engine.state import Seat
from ...language.runtime import check_stored
from ...language.registry import primitive
from ...primitives import inline, not_negative
from ...text import counted
from .mechanics import press_move, press_rank_of, seats_in_press_order

GAME = "nyc"  # its rulesets alone may call these
C = "seats and scores"


@primitive("seats_by_press() -> list[seat]", "Every seat, from the one farthest ahead on the press track.", C,
           game=GAME, every_seat=True)
def seats_by_press(f: Any) -> list:
    return seats_in_press_order(f.game)


@primitive("human_count() -> int", "How many seats are not Toms.", C, game=GAME)
def human_count(f: Any) -> int:
    return sum(1 for s in f.game.seats if not s.is_tom)


@primitive("tom_count() -> int", "How many seats are Toms.", C, game=GAME)
def tom_count(f: Any) -> int:
    return sum(1 for s in f.game.seats if s.is_tom)


@primitive("is_tom(seat: seat) -> bool", "Whether the seat is Tom, the automa.", C, game=GAME)
@inline("{0}.is_tom")
def is_tom(f: Any, seat: Seat) -> bool:
    return seat.is_tom


@primitive("tom_mode(seat: seat) -> str", "Tom's mode: \"A\", \"B\" or \"C\" (\"\" for other seats).", C, game=GAME)
def tom_mode(f: Any, seat: Seat) -> str:
    return seat.tom_mode


@primitive("tom_cards(seat: seat) -> int", "The cards Tom draws in phase I at his level.", C, game=GAME)
def tom_cards(f: Any, seat: Seat) -> int:
    return seat.tom_cards


@primitive("tom_draws(seat: seat) -> int", "The cards Tom draws before each bidding round in his mode.", C, game=GAME)
def tom_draws(f: Any, seat: Seat) -> int:
    mode = f.game.ruleset.part.tom.modes.get(seat.tom_mode) if f.game.ruleset.part.tom else None
    return mode.draws_before_bid if mode else 0


@primitive("tom_keeps_later_cards(seat: seat) -> bool",
           "Whether Tom's mode keeps a drawn card meant for a later bidding round.", C, game=GAME)
def tom_keeps_later_cards(f: Any, seat: Seat) -> bool:
    mode = f.game.ruleset.part.tom.modes.get(seat.tom_mode) if f.game.ruleset.part.tom else None
    return bool(mode and mode.keeps_later_cards)


@primitive("dollars(seat: seat) -> int", "The dollars on the seat's player board.", C, game=GAME)
@inline("{0}.dollars")
def dollars(f: Any, seat: Seat) -> int:
    return seat.dollars


@primitive("gain_dollars(seat: seat, amount: int)", "The seat takes dollars from the general supply.", C, game=GAME)
def gain_dollars(f: Any, seat: Seat, amount: int) -> None:
    if not_negative(f, amount, "gain_dollars of") > 0:
        seat.dollars = check_stored(f, seat.dollars + amount, f"{seat.name}'s dollars would be")
        if f.game.log_events:  # event text only for a log that is kept
            f.game.emit(seat, f"takes {counted(amount, 'dollar')} ({seat.dollars} in all)")


@primitive("pay_dollars(seat: seat, amount: int)", "The seat returns dollars to the supply (never below 0).", C, game=GAME)
def pay_dollars(f: Any, seat: Seat, amount: int) -> None:
    amount = min(not_negative(f, amount, "pay_dollars of"), seat.dollars)
    if amount > 0:
        seat.dollars -= amount
        f.game.emit(seat, f"returns {counted(amount, 'dollar')} ({seat.dollars} left)")


@primitive("press_space(seat: seat) -> int", "The space of the seat's press token (0 is the start).", C, game=GAME)
@inline("{0}.token.space")
def press_space(f: Any, seat: Seat) -> int:
    return seat.token.space


@primitive("press_rank(seat: seat) -> int",
           "The seat's rank on the press track among seats: 1 is farthest ahead (the neutral token is ignored).",
           C, game=GAME)
def press_rank(f: Any, seat: Seat) -> int:
    return press_rank_of(f.game, seat)


@primitive("press_advance(seat: seat, steps: int)",
           "Move ahead on the press track, onto the top of any stack (under it on the last space).", C, game=GAME)
def press_advance(f: Any, seat: Seat, steps: int) -> None:
    if steps > 0:
        _press_report(f, seat, steps, "ahead")


@primitive("press_back(seat: seat, steps: int)", "Move back on the press track, onto the top of any stack.", C, game=GAME)
def press_back(f: Any, seat: Seat, steps: int) -> None:
    if steps > 0:
        _press_report(f, seat, -steps, "back")


def _press_report(f: Any, seat: Seat, steps: int, way: str) -> None:
    """Move the token and log how far it really went (the track ends at both sides)."""
    before = seat.token.space
    press_move(f.game, seat.token, steps)
    moved = abs(seat.token.space - before)
    if not f.game.log_events:  # event text only for a log that is kept
        return
    if moved:
        f.game.emit(seat, f"moves {moved} {way} on the press track (space {seat.token.space})")
    else:
        side = "end" if steps > 0 else "start"
        f.game.emit(seat, f"stays on space {before} of the press track: it is the {side} of the track")
