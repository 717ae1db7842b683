"""Polyomino shapes on a grid: their rotations and where they fit.

Generic: a shape is a set of (column, row) offsets, drawn in data as rows of `#` and `.`.
It turns a quarter clockwise at a time; mirroring is a separate choice (a piece printed on one
side cannot be turned over). A placement is named by a stable key, (anchor cell, rotation):
the anchor is the cell the turned shape's first square (top row, leftmost) covers, so it is
always a covered cell, the one a person would point at. Rotations that give the same footprint
as a smaller one (a domino turned twice) are left out, so no placement is offered twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .grid import Cell, Grid

Offset = tuple[int, int]  # (column, row)


def normalised(cells: Iterable[Offset]) -> tuple[Offset, ...]:
    """The offsets moved so that the smallest column and row are 0, in reading order (row, then column)."""
    cells = list(cells)
    left, top = min(c for c, _ in cells), min(r for _, r in cells)
    return tuple(sorted(((c - left, r - top) for c, r in cells), key=lambda cr: (cr[1], cr[0])))


@dataclass(frozen=True)
class Shape:
    """A polyomino: its squares as (column, row) offsets, normalised and in reading order."""

    cells: tuple[Offset, ...]

    @classmethod
    def of(cls, cells: Iterable[Offset]) -> "Shape":
        cells = list(cells)
        if not cells:
            raise ValueError("a shape needs at least one square")
        return cls(normalised(cells))

    @classmethod
    def from_rows(cls, rows: Sequence[str], filled: str = "#") -> "Shape":
        """A shape drawn as rows: `["##", "#."]` is an L of three squares."""
        return cls.of((c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == filled)

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def width(self) -> int:
        return 1 + max(c for c, _ in self.cells)

    @property
    def height(self) -> int:
        return 1 + max(r for _, r in self.cells)

    def rows(self, filled: str = "#", empty: str = ".") -> tuple[str, ...]:
        """The shape drawn as rows, as `from_rows` reads them."""
        present = set(self.cells)
        return tuple("".join(filled if (c, r) in present else empty for c in range(self.width))
                     for r in range(self.height))

    def connected(self) -> bool:
        """Whether every square shares an edge with another (a single square counts)."""
        present, todo, seen = set(self.cells), [self.cells[0]], {self.cells[0]}
        while todo:
            c, r = todo.pop()
            for step in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if step in present and step not in seen:
                    seen.add(step)
                    todo.append(step)
        return len(seen) == len(present)

    def rectangular(self) -> bool:
        """Whether the squares fill their bounding rectangle."""
        return self.size == self.width * self.height

    def turned(self, quarters: int) -> "Shape":
        """The shape turned a quarter clockwise `quarters` times."""
        cells = self.cells
        for _ in range(quarters % 4):
            cells = tuple((-r, c) for c, r in cells)  # (column, row) -> clockwise, rows growing downwards
        return Shape.of(cells)

    def mirrored(self) -> "Shape":
        return Shape.of((-c, r) for c, r in self.cells)

    def orientations(self, mirror: bool = False) -> tuple[tuple[int, "Shape"], ...]:
        """The distinct ways to lay the shape down, each with its number: 0-3 quarter turns, and with
        `mirror` 4-7 the mirrored shape turned 0-3 times. A repeat of an earlier footprint is left out."""
        seen: set[tuple[Offset, ...]] = set()
        found = []
        bases = (self, self.mirrored()) if mirror else (self,)
        for side, base in enumerate(bases):
            for quarters in range(4):
                shape = base.turned(quarters)
                if shape.cells not in seen:
                    seen.add(shape.cells)
                    found.append((side * 4 + quarters, shape))
        return tuple(found)


@dataclass(frozen=True)
class Placement:
    """Where one shape lies on one grid: its key (anchor cell, rotation) and the cells it covers."""

    anchor: Cell
    rotation: int
    cells: frozenset[Cell]


def placements(grid: Grid, shape: Shape, allowed: frozenset[Cell], mirror: bool = False) -> tuple[Placement, ...]:
    """Every placement of the shape whose squares all lie on `allowed` cells, in the order of
    (anchor, rotation). Worked out once per board and shape; a game filters them further."""
    found = []
    for rotation, turned in shape.orientations(mirror):
        first_c, first_r = turned.cells[0]
        for anchor in sorted(allowed):
            column, row = grid.column_row(anchor)
            left, top = column - first_c, row - first_r
            if left < 0 or top < 0 or left + turned.width > grid.width or top + turned.height > grid.height:
                continue
            cells = frozenset(grid.cell(left + c, top + r) for c, r in turned.cells)
            if cells <= allowed:
                found.append(Placement(anchor, rotation, cells))
    found.sort(key=lambda p: (p.anchor, p.rotation))
    return tuple(found)


def placement_at(grid: Grid, shape: Shape, anchor: Cell, rotation: int) -> frozenset[Cell] | None:
    """The cells the shape covers when laid with its key (anchor, rotation), or None when that
    rotation is not one of its distinct orientations or the shape would leave the grid."""
    for number, turned in shape.orientations(mirror=rotation >= 4):
        if number == rotation:
            first_c, first_r = turned.cells[0]
            column, row = grid.column_row(anchor)
            left, top = column - first_c, row - first_r
            if left < 0 or top < 0 or left + turned.width > grid.width or top + turned.height > grid.height:
                return None
            return frozenset(grid.cell(left + c, top + r) for c, r in turned.cells)
    return None
