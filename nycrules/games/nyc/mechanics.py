"""New York City's mechanics of the table: its reserve and pairs of cards, the press track, skyscrapers,
the elevator's character tiles, vessels and prestige tiles (the shared ones, cards and draws: engine/ops.py).

Small physical operations (what a hand does, not what a rule says); its primitives and turns call
them. They emit no events of their own, except where a rule cannot (a reserve refilled, a pair taken).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import ops
from ...engine.state import Card, Game, Seat
from ...text import counted

if TYPE_CHECKING:
    from .state import Borough, Pair, PressToken, PrestigeTile, Tile, Vessel


# ------------------------------------------------------------------- cards
def refill_reserve(game: Game, seat: Seat) -> None:
    missing = seat.reserve_size - len(seat.reserve)
    if missing > 0:
        drawn = ops.draw_into(game, seat.reserve, missing)
        if game.log_events:
            game.emit(seat, f"refills the reserve with {counted(len(drawn), 'card')}")


def take_pair(game: Game, seat: Seat, pair: Pair) -> list[Card]:
    if game.log_events:  # text only for the log
        game.emit(seat, f"takes the pair {pair.name()}")
    cards = list(pair.cards)
    ops.move_cards(cards, seat.hand)
    game.pairs.remove(pair)
    return cards


# ------------------------------------------------------------------- press
def press_rank_of(game: Game, seat: Seat) -> int:
    """1 for the seat farthest ahead among seats (the neutral token is ignored)."""
    rank = 0
    for token in game.press:
        if token.seat is not None:
            rank += 1
            if token.seat is seat:
                return rank
    raise AssertionError("seat not on the press track")


def seats_in_press_order(game: Game) -> list[Seat]:
    seats = []  # a plain loop: asked about a hundred times a game, and a comprehension costs more
    for token in game.press:
        if token.seat is not None:
            seats.append(token.seat)
    return seats


def press_move(game: Game, token: PressToken, steps: int) -> None:
    """Move a press token; it lands on top of a stack, but under those already on the last space."""
    last = game.ruleset.part.components.last_press_space
    target = max(0, min(last, token.space + steps))
    if target == token.space:
        return  # already at the end of the track (or the start): it keeps its place in the stack
    game.press.remove(token)
    token.space = target
    index = 0
    for index, other in enumerate(game.press):
        if other.space < target or (other.space == target and target != last):
            break
    else:
        index = len(game.press)
    game.press.insert(index, token)


# -------------------------------------------------------------- skyscrapers
def build_from_board(seat: Seat, borough: Borough, count: int, sell_from: list[Borough]) -> int:
    """Build `count` from the board; missing ones are moved from the boroughs in `sell_from`."""
    from_board = min(count, seat.board)
    seat.board -= from_board
    borough.counts[seat.index] += from_board
    for source in sell_from:
        source.counts[seat.index] -= 1
        borough.counts[seat.index] += 1
    return from_board + len(sell_from)


# -------------------------------------------------------------- characters
def refill_elevator_row(game: Game, value: int) -> None:
    row, stack = game.elevator_rows[value], game.elevator_stacks[value]
    face_up = game.ruleset.part.components.face_up_per_row
    while len(row) < face_up and stack:
        tile = ops.draw_from(game, stack, min(face_up - len(row), len(stack)) - 1)
        tile.where = "display"
        row.append(tile)


def take_tile(game: Game, seat: Seat, tile: Tile) -> None:
    if tile.where == "display":
        game.elevator_rows[tile.value].remove(tile)
        refill_elevator_row(game, tile.value)
    tile.where = "company"
    seat.company.append(tile)
    seat.hired[tile.char.id] = seat.hired.get(tile.char.id, 0) + 1


def elevator_tiles(game: Game) -> list[Tile]:
    """Face-up tiles, row by row (lowest value first), left to right."""
    return [t for value in sorted(game.elevator_rows) for t in game.elevator_rows[value]]


# ------------------------------------------------------------------ vessels
def take_vessel(game: Game, seat: Seat, vessel: Vessel) -> None:
    game.board_vessels.remove(vessel)
    seat.vessels.append(vessel)


def place_prestige(game: Game, tile: PrestigeTile, borough: Borough) -> None:
    game.prestige_display.remove(tile)
    borough.prestige.append(tile)
