"""Tom's own rules where the shared engine asks what a seat runs (its part's `for_seat`, `number_script`)
and what a seat of his holds (`lay_seat`: his mode and cards, laid on every seat as they always were, so
positions written before still read; `seat_header`, `seat_level`: the same in a position's seats)."""

from __future__ import annotations

from typing import Any

from ...diagnostics import NycRulesError
from ...engine.model import Script
from ...engine.snapshot import PositionError
from ...limits import MAX_NAME_CHARS
from ...text import shown_clipped


def mode_and_cards(level: str) -> tuple[str, int]:
    """A seat's level as its mode and cards: `B4` is ("B", 4); a seat that is no Tom's has ("", 0)."""
    return (level[:1], int(level[1:])) if level else ("", 0)


def lay_seat(ruleset: Any, seat: Any, spec: Any) -> None:
    """Tom's mode and cards on a new seat of the spec (none on another's), and whether it is Tom's."""
    if spec.kind == "tom" and ruleset.part.tom is None:
        raise NycRulesError("this ruleset has no rules for Tom")
    hold(seat, spec.level)


def hold(seat: Any, level: str = "") -> None:
    """Tom's mode and cards of this level on a seat, and whether it is Tom's (by its kind)."""
    seat.tom_mode, seat.tom_cards = mode_and_cards(level)
    seat.is_tom = seat.kind == "tom"  # asked at nearly every step, and a seat never changes kind


def seat_header(spec: Any) -> dict[str, Any]:
    """A seat's Tom mode and cards as a position's seats list them."""
    mode, cards = mode_and_cards(spec.level)
    return {"tom_mode": mode, "tom_cards": cards}


def seat_level(seat: dict[str, Any]) -> str:
    """The level of a seat as a position lists it: its mode and cards, of exact types and within limits
    (what they mean is checked as a save's are: agents/seating.py check_read_seats)."""
    mode, cards = seat.get("tom_mode", ""), seat.get("tom_cards", 0)
    if type(mode) is not str or len(mode) > MAX_NAME_CHARS * 2 or type(cards) is not int or not 0 <= cards <= 99:
        raise PositionError(f"a seat of the position has no Tom mode of a few letters and card count from 0 to 99: "
                            f"{shown_clipped(repr(seat), 60)}")
    return f"{mode}{cards}" if mode or cards else ""


def for_seat(game: Any, seat: Any, default: Any, *path: str) -> Any:
    """What a seat runs: Tom's own version where his rules give one (`path` into the tom section)."""
    if not seat.is_tom:
        return default
    tom = game.ruleset.part.tom
    if tom is None:
        return default
    found: Any = getattr(tom, path[0])
    for key in path[1:]:
        if key not in found:
            return default
        found = found[key]
    return found


def number_script(game: Any, name: str) -> Script:
    """A number of the procedure (an expression in `game:`), Tom's version when any Tom plays."""
    tom = game.ruleset.part.tom
    if tom is not None and name in tom.game and any(s.is_tom for s in game.seats):
        return tom.game[name]
    return getattr(game.ruleset.part.numbers, name)
