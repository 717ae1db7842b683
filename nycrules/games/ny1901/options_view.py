"""New York 1901's legal placements for a person: grouped by tile, never a list of hundreds.

- A "where?" decision: each tile with its points and the squares where it fits, each square with
  its turns (`H1 r0 r1`): a place is named by the square of the tile's first square (its top row's
  leftmost, as it lies) and its quarter turns clockwise.
- A "which skyscraper?" decision: the tiles side by side, each drawn with its points and how many
  places it has.
- `marked_board`: the text board with the places of one tile lettered, and their key beside it.

Every line fits 80 columns.
"""

from __future__ import annotations

from ...table.layout import wrap_items
from .city import City
from .geometry import Geometry, Spot
from .placing import short_name, turn_text
from .tiles import GENERATIONS, Tile
from .view import board_lines

WIDTH = 80
NUMBERED_UP_TO = 8  # places listed one by one, each with its number, up to this many
GAP = 3  # spaces between two tiles drawn side by side


def by_tile(spots: list[Spot]) -> dict[int, dict[int, list[int]]]:
    """tile -> anchor square -> the turns with which it fits there, in the options' order."""
    grouped: dict[int, dict[int, list[int]]] = {}
    for s in spots:
        grouped.setdefault(s.tile, {}).setdefault(s.anchor, []).append(s.rotation)
    return grouped


def _squares_text(geometry: Geometry, anchors: dict[int, list[int]]) -> list[str]:
    grid = geometry.board.grid
    return [f"{grid.name(a)} {' '.join(turn_text(q) for q in turns)}" for a, turns in anchors.items()]


def tile_head(tile: Tile) -> str:
    points = f"{tile.points} point{'s' if tile.points != 1 else ''}"
    return f"{short_name(tile)} ({tile.name if tile.legendary else GENERATIONS[tile.generation]}, {points})"


def place_lines(geometry: Geometry, spots: list[Spot], numbered: bool = True) -> list[str]:
    """The places of a "where?" decision: numbered (as its options) when few, else grouped by tile."""
    if numbered and len(spots) <= NUMBERED_UP_TO:
        entries = [f"{i + 1}. {short_name(geometry.order[s.tile])} at {s.where} {turn_text(s.rotation)}"
                   for i, s in enumerate(spots)]
        return wrap_items("  ", entries, sep="   ", indent=2)
    lines = []
    for tile, anchors in by_tile(spots).items():
        head = f"  {tile_head(geometry.order[tile])}: "
        lines += wrap_items(head, _squares_text(geometry, anchors), sep=", ", indent=6)
    example = spots[0]
    name = short_name(geometry.order[example.tile])
    lines.append(f"  (type a tile and a place, e.g. `{name} at {example.where.lower()} "
                 f"{turn_text(example.rotation)}`; `places {name}` marks them)")
    return [line for text in lines for line in _fitted(text)]


def _fitted(line: str) -> list[str]:
    if len(line) <= WIDTH:
        return [line]
    return wrap_items("", line.split(" "), sep=" ", indent=4)


def tile_lines(geometry: Geometry, tiles: list[Tile], numbered: bool = True) -> list[str]:
    """The tiles of a "which skyscraper?" decision side by side, as many to a line as fit: number (the
    option's) and short name, points, the shape as it lies unturned (# a square)."""
    blocks = []
    for i, tile in enumerate(tiles):
        head = f"{i + 1}.{short_name(tile)}" if numbered else short_name(tile)
        blocks.append([head, f"{tile.points}pt", *tile.shape.rows("#", ".")])
    lines, row, used = [], [], 2
    for block in blocks + [None]:  # None: the last row is laid out
        width = GAP + max(len(text) for text in block) if block is not None else 0
        if row and (block is None or used + width > WIDTH):
            for level in range(max(len(b) for b, _ in row)):
                lines.append(("  " + "".join((b[level] if level < len(b) else "").ljust(w) for b, w in row)).rstrip())
            row, used = [], 2
        if block is not None:
            row.append((block, width))
            used += width
    return lines + ["  (pt: points; a tile turns but is never flipped)"]


def letters(count: int) -> list[str]:
    """a ... z, then aa, ab, ...: a mark for each of `count` squares."""
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    return [alphabet[i] if i < 26 else alphabet[i // 26 - 1] + alphabet[i % 26] for i in range(count)]


def marked_board(geometry: Geometry, city: City, seats: list[str], spots: list[Spot], tile: int,
                 colour: bool = False) -> list[str]:
    """The board with each square where the tile's first square may go lettered, and the key: each
    letter's square and turns."""
    anchors = by_tile(spots).get(tile, {})
    marks = letters(len(anchors))
    grid = geometry.board.grid
    shown = {a: f"[{mark}]" if len(mark) == 1 else mark.upper() for mark, a in zip(marks, anchors)}
    entries = [f"{shown[a]} {grid.name(a)} {' '.join(turn_text(q) for q in turns)}" for a, turns in anchors.items()]
    side = grid.height - 1  # the key's lines beside the board (its two heading lines take the top rows)
    below = wrap_items("  and on: ", entries[side:], sep="   ", indent=2) if len(entries) > side else []
    return board_lines(geometry, city, seats, colour, marks=shown,
                       key=["it fits with its", "first square on:", *entries[:side]]) + below
