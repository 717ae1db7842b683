"""New York 1901's segments of the observation tensor (engine/game_tensor.py), written from what a
seat observes (Part.observe): who holds each territory and whether a worker stands there, what
stands on each square (whose, which generation), each seat's unbuilt skyscrapers, workers, king,
territory cards and action cards, the Open Market by kind, the Future Market's size, the streets and
the bonus card in play. Fixed by the board and tile files: a transcribed board changes its length.
"""

from __future__ import annotations

from typing import Any

from .city import FREE, OUT
from .geometry import Geometry
from .primitives_land import BONUS_CARDS

ACTION_CARDS = ("construction_boom", "market_shift", "land_grab")
SIZES = 4  # a territory of 2 or 3 squares: sizes 0-3 have a place


def segments(geometry: Geometry, seats: int, workers: int) -> list[tuple[str, int, float]]:
    board = geometry.board
    T, C, D = len(board.territories), board.grid.size, len(board.districts)
    skyscrapers, legendaries = len(geometry.tiles.skyscrapers), len(geometry.tiles.legendaries)
    out = [("territories: holder (one-hot each: free, not played, seats)", T * (seats + 2), 1),
           ("territories: a worker on it", T, 1),
           ("squares: whose building (one-hot each: none, seats)", C * (seats + 1), 1),
           ("squares: its generation (one-hot each: none, starter, bronze, silver, gold)", C * 5, 1),
           ("open market (per district and size)", D * SIZES, 4), ("future market (count)", 1, max(T, 1)),
           ("streets in play (per street)", len(board.streets), 1),
           ("bonus card (one-hot; first: none)", len(BONUS_CARDS) + 1, 1)]
    for s in range(seats):
        p = f"seat {s}: "
        out += [(p + "skyscrapers not built (per tile)", skyscrapers, 1), (p + "workers free", 1, max(workers, 1)),
                (p + "king on a legendary (one-hot; first: none)", legendaries + 1, 1),
                (p + "territory cards held (per district and size)", D * SIZES, 4),
                (p + "action cards used (per card)", len(ACTION_CARDS), 1)]
    return out


def fill(geometry: Geometry, seen: dict[str, Any], put: Any, slots: int) -> None:
    """Write what the seat observed (`seen`) through put(segment, offset, value); `slots`: the seats'
    slots of the layout (the seats playing are the first)."""
    board, grid = geometry.board, geometry.board.grid
    district = {colour: i for i, colour in enumerate(board.districts)}
    tile_at = {tile.id: i for i, tile in enumerate(geometry.order)}
    seats = len(seen["free_workers"])
    for t, holder in enumerate(seen["holder"]):
        code = 0 if holder == FREE else 1 if holder == OUT else holder + 2
        put("territories: holder (one-hot each: free, not played, seats)", t * (slots + 2) + code)
        if seen["worker"][t]:
            put("territories: a worker on it", t)
    for building in seen["buildings"]:
        if building is None:
            continue
        tile_id, owner, square, rotation = building
        number = tile_at[tile_id]
        spot = geometry.spot(number, grid.cell_named(square), rotation)
        generation = geometry.order[number].generation
        for cell in spot.cells:
            put("squares: whose building (one-hot each: none, seats)", cell * (slots + 1) + owner + 1)
            put("squares: its generation (one-hot each: none, starter, bronze, silver, gold)", cell * 5 + generation + 1)
    for colour, size in seen["open_market"]:
        put("open market (per district and size)", district[colour] * SIZES + size)
    put("future market (count)", 0, seen["future_market"])
    letters = [street.letter for street in board.streets]
    for letter in seen["streets"]:
        put("streets in play (per street)", letters.index(letter))
    put("bonus card (one-hot; first: none)", BONUS_CARDS.index(seen["bonus"]) + 1 if seen["bonus"] else 0)
    skyscraper_at = {tile.id: i for i, tile in enumerate(geometry.tiles.skyscrapers)}
    legendary_at = {i: k for k, i in enumerate(n for n, t in enumerate(geometry.order) if t.legendary)}
    for s in range(seats):
        p = f"seat {s}: "
        for tile_id in seen["unbuilt"][s]:
            put(p + "skyscrapers not built (per tile)", skyscraper_at[tile_id])
        put(p + "workers free", 0, seen["free_workers"][s])
        king = seen["king"][s]
        put(p + "king on a legendary (one-hot; first: none)", 0 if king == FREE else legendary_at[king] + 1)
        for colour, size in seen["held"][s]:
            put(p + "territory cards held (per district and size)", district[colour] * SIZES + size)
        for card in seen["used_actions"][s]:
            put(p + "action cards used (per card)", ACTION_CARDS.index(card))

