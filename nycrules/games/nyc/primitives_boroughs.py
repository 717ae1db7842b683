"""Boroughs, skyscrapers, the Mayor and the Statue of Liberty."""

from __future__ import annotations

from typing import Any

from ...engine.state import Seat
from .state import Borough
from ...language.registry import primitive
from ...text import counted
from ...primitives import count as check_count, inline, not_negative, waits
from .building import Build, built as _built
from ...engine.tasks import Task, run_now

GAME = "nyc"  # its rulesets alone may call these
C = "boroughs and skyscrapers"


@primitive("boroughs() -> list[borough]", "Every borough, in the order of the components.", C, game=GAME)
@inline("list(f.game.boroughs)")
def boroughs(f: Any) -> list:
    return list(f.game.boroughs)


@primitive("skyscrapers(seat: seat, borough: borough) -> int", "The seat's skyscrapers in the borough.", C, game=GAME)
@inline("{1}.counts[{0}.index]")
def skyscrapers(f: Any, seat: Seat, borough: Borough) -> int:
    return borough.counts[seat.index]


@primitive("neutral(borough: borough) -> int", "The neutral skyscrapers in the borough.", C, game=GAME)
def neutral(f: Any, borough: Borough) -> int:
    return borough.neutral


@primitive("remove_neutral(borough: borough, count: int)", "Neutral skyscrapers leave the borough and the game.", C, game=GAME)
def remove_neutral(f: Any, borough: Borough, count: int) -> None:
    count = min(not_negative(f, count, "remove_neutral of"), borough.neutral)
    borough.neutral -= count
    f.game.emit(None, f"{counted(count, 'neutral skyscraper')} leave{'s' if count == 1 else ''} {borough.name}")


@primitive("lantern(borough: borough) -> colour", "The colour of the borough's lantern.", C, game=GAME)
def lantern(f: Any, borough: Borough) -> str:
    return borough.lantern


@primitive("letter(borough: borough) -> str", "The borough's sequence letter (\"A\" to \"E\", or \"X\").", C, game=GAME)
@inline("{0}.letter")
def letter(f: Any, borough: Borough) -> str:
    return borough.letter


@primitive("letter_rank(borough: borough) -> int",
           "The position of the borough's letter in the sequence tiles (A is 1; X is the highest).", C, game=GAME)
def letter_rank(f: Any, borough: Borough) -> int:
    return borough.letter_rank


@primitive("borough_value(borough: borough) -> int", "The base value tile plus the prestige tiles there.", C, game=GAME)
def borough_value(f: Any, borough: Borough) -> int:
    return borough.value


@primitive("mayor() -> borough", "The borough the Mayor visits this game round.", C, game=GAME)
def mayor(f: Any) -> Borough:
    return f.game.mayor


@primitive("majority_rank(seat: seat, borough: borough) -> int",
           "The seat's rank in the borough by skyscrapers, the neutral player included and ties to the one "
           "ahead on the press track (neutral token counted); 0 with no skyscraper there.", C, game=GAME)
def majority_rank(f: Any, seat: Seat, borough: Borough) -> int:
    counts = borough.counts
    if counts[seat.index] == 0:
        return 0
    # Contenders rank by (skyscrapers, place on the press track), no two alike: the seat's rank is
    # one more than the number ranking above it (counted, not sorted).
    order = {id(token): i for i, token in enumerate(f.game.press)}
    mine = (counts[seat.index], -order[id(seat.token)])
    rank = 1
    for other in f.game.seats:
        if counts[other.index] and (counts[other.index], -order[id(other.token)]) > mine:
            rank += 1
    if borough.neutral and (borough.neutral, -order[id(f.game.neutral_token)]) > mine:
        rank += 1
    return rank


@primitive("board(seat: seat) -> int", "The skyscrapers on the seat's player board.", C, game=GAME)
@inline("{0}.board")
def board(f: Any, seat: Seat) -> int:
    return seat.board


@primitive("add_to_board(seat: seat, count: int)", "Put skyscrapers from the general supply on the board.", C,
           counts=True, game=GAME)
def add_to_board(f: Any, seat: Seat, count: int) -> None:
    check_count(f, count, "add_to_board of")
    if count > 0:
        seat.board += count
        if f.game.log_events:  # event text only for a log that is kept
            f.game.emit(seat, f"puts {counted(count, 'skyscraper')} on the board ({seat.board} there now)")


@primitive("remove_from_board(seat: seat, count: int)", "Return skyscrapers from the board to the supply.", C, game=GAME)
def remove_from_board(f: Any, seat: Seat, count: int) -> None:
    count = min(not_negative(f, count, "remove_from_board of"), seat.board)
    if count > 0:
        seat.board -= count
        f.game.emit(seat, f"returns {counted(count, 'skyscraper')} from the board")


def _build_task(f: Any, seat: Seat, borough: Borough, count: int) -> Any:
    check_count(f, count, "build of")
    if count <= 0:
        return 0
    if count <= seat.board:  # the board has them all: nothing to ask
        return _built(f.game, seat, borough, count, [])
    return Build(seat, borough, count)


@primitive("build(seat: seat, borough: borough, count: int) -> int",
           "Build skyscrapers from the board (it must, while it has some); for each one missing the seat may "
           "move one of its skyscrapers from another borough, or build fewer. Gives how many were built.",
           C, changes=True, counts=True, game=GAME)
@waits(_build_task)
def build(f: Any, seat: Seat, borough: Borough, count: int) -> int:
    out = _build_task(f, seat, borough, count)
    return run_now(f.game, out) if isinstance(out, Task) else out


@primitive("build_from_supply(seat: seat, borough: borough, count: int)",
           "Build skyscrapers in the borough straight from the general supply.", C, counts=True, game=GAME)
def build_from_supply(f: Any, seat: Seat, borough: Borough, count: int) -> None:
    check_count(f, count, "build_from_supply of")
    if count > 0:
        borough.counts[seat.index] += count
        f.game.emit(seat, f"builds {counted(count, 'skyscraper')} in {borough.name} from the supply")


@primitive("statue_flipped() -> bool", "Whether the Statue of Liberty has been scored already.", C, game=GAME)
@inline("f.game.statue_flipped")
def statue_flipped(f: Any) -> bool:
    return f.game.statue_flipped


@primitive("flip_statue()", "Flip the Statue of Liberty tile: it has been scored.", C, game=GAME)
def flip_statue(f: Any) -> None:
    f.game.statue_flipped = True
    f.game.emit(None, "the Statue of Liberty is flipped")
