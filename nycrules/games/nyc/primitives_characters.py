"""Characters: the elevator display, start stacks and each seat's company."""

from __future__ import annotations

from typing import Any

from . import mechanics
from ...engine.state import Seat
from .state import Tile
from ...language.registry import primitive
from ...primitives import inline, require

GAME = "nyc"  # its rulesets alone may call these
C = "characters"


@primitive("company(seat: seat) -> list[tile]", "The characters the seat has, in the order it got them.", C, game=GAME)
@inline("list({0}.company)")
def company(f: Any, seat: Seat) -> list:
    return list(seat.company)


@primitive("value(character: tile) -> int", "The character's value (points at the end; bid to hire it).", C, game=GAME)
@inline("{0}.char.value")
def value(f: Any, tile: Tile) -> int:
    return tile.char.value


@primitive("number(character: tile) -> int", "The character's number (1-42 in the base game).", C, game=GAME)
def number(f: Any, tile: Tile) -> int:
    return tile.char.id


@primitive("title(character: tile) -> str", "The character's title, for the log.", C, game=GAME)
def title(f: Any, tile: Tile) -> str:
    return tile.char.title


@primitive("elevator() -> list[tile]",
           "The face-up characters on the elevator, row by row from value 1, each row left to right.", C, game=GAME)
def elevator(f: Any) -> list:
    return mechanics.elevator_tiles(f.game)


@primitive("take_character(seat: seat, character: tile)",
           "Hire a character from the elevator (its row is refilled from the same value's stack).", C, game=GAME)
def take_character(f: Any, seat: Seat, tile: Tile) -> None:
    require(f, tile.where == "display", "character {} is not face up on the elevator", tile.char.id)
    mechanics.take_tile(f.game, seat, tile)
    if f.game.log_events:  # event text only for a log that is kept
        f.game.emit(seat, f"hires character {tile.char.id} {tile.char.title} (value {tile.char.value})")


@primitive("remove_character(seat: seat, character: tile)", "The seat's character leaves the game.", C, game=GAME)
def remove_character(f: Any, seat: Seat, tile: Tile) -> None:
    require(f, tile in seat.company, f"{seat.name} does not have character {tile.char.id}")
    seat.company.remove(tile)
    tile.where = "removed"
    f.game.emit(seat, f"removes character {tile.char.id} {tile.char.title} from the game")


@primitive("start_stacks() -> list[list[tile]]", "The revealed stacks of start characters not yet taken.", C, game=GAME)
def start_stacks(f: Any) -> list:
    return [list(stack) for stack in f.game.start_stacks]


@primitive("take_start_stack(seat: seat, stack: list[tile])", "Take a stack of start characters.", C, game=GAME)
def take_start_stack(f: Any, seat: Seat, stack: list) -> None:
    require(f, stack in f.game.start_stacks, "that stack of start characters is not on offer")
    for held in f.game.start_stacks:
        if held == stack:
            f.game.start_stacks.remove(held)
            break
    for tile in stack:
        tile.where = "company"
        seat.company.append(tile)
        seat.hired[tile.char.id] = seat.hired.get(tile.char.id, 0) + 1
    names = ", ".join(f"{t.char.id} {t.char.title}" for t in stack)
    f.game.emit(seat, f"takes the start characters {names}")
