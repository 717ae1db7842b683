"""A board of square cells: each cell has a kind and belongs to named regions.

Generic: no game's words. A ruleset's game decides what the kinds of cell are and which kinds
of region there are (the areas and plots of its board); this module only knows
cells, their edge neighbours (corners do not touch) and sets of cells. A cell is a number,
`row * width + column`, so a set of cells is cheap to copy and to compare; its name for
people is chess-like, `A1` at the top left, columns by letter and rows by number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Cell = int


def column_letters(column: int) -> str:
    """A, B, ... Z, AA, AB, ... for columns 0, 1, ..."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True, eq=False)
class Grid:
    """A width x height rectangle of cells, each of a kind, with regions over them.

    `kinds[cell]` is the cell's kind; `regions[name][cell]` the label of the region of that
    name the cell lies in (None: in none of them). Neighbours and each region's cells are
    worked out once, when the grid is made.
    """

    width: int
    height: int
    kinds: tuple[str, ...]
    regions: Mapping[str, tuple[str | None, ...]] = field(default_factory=dict)
    neighbours: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    _members: dict[str, dict[str, frozenset[Cell]]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        size = self.width * self.height
        if self.width < 1 or self.height < 1 or len(self.kinds) != size:
            raise ValueError(f"a grid of {self.width} x {self.height} needs {size} kinds, not {len(self.kinds)}")
        for name, labels in self.regions.items():
            if len(labels) != size:
                raise ValueError(f"region {name!r} labels {len(labels)} cells of {size}")
        near = []
        for cell in range(size):
            row, column = divmod(cell, self.width)
            near.append(tuple(c for c, ok in ((cell - self.width, row > 0), (cell - 1, column > 0),
                                               (cell + 1, column < self.width - 1),
                                               (cell + self.width, row < self.height - 1)) if ok))
        object.__setattr__(self, "neighbours", tuple(near))
        members: dict[str, dict[str, set[Cell]]] = {}
        for name, labels in self.regions.items():
            found = members.setdefault(name, {})
            for cell, label in enumerate(labels):
                if label is not None:
                    found.setdefault(label, set()).add(cell)
        object.__setattr__(self, "_members", {name: {label: frozenset(cells) for label, cells in found.items()}
                                              for name, found in members.items()})

    # ------------------------------------------------------------------ cells
    @property
    def size(self) -> int:
        return self.width * self.height

    def cell(self, column: int, row: int) -> Cell:
        return row * self.width + column

    def column_row(self, cell: Cell) -> tuple[int, int]:
        row, column = divmod(cell, self.width)
        return column, row

    def name(self, cell: Cell) -> str:
        """The cell as people name it: B3 is the second column, third row."""
        column, row = self.column_row(cell)
        return f"{column_letters(column)}{row + 1}"

    def cell_named(self, text: str) -> Cell | None:
        """The cell a name such as `b3` or `B3` names, or None when it names none of this grid."""
        text = text.strip().upper()
        letters = len(text) - len(text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        digits = text[letters:]
        if not letters or not digits.isascii() or not digits.isdigit() or len(digits) > 6:
            return None
        column = 0
        for ch in text[:letters]:
            column = column * 26 + ord(ch) - ord("A") + 1
        column, row = column - 1, int(digits) - 1
        if 0 <= column < self.width and 0 <= row < self.height:
            return self.cell(column, row)
        return None

    def of_kind(self, *kinds: str) -> frozenset[Cell]:
        return frozenset(c for c, kind in enumerate(self.kinds) if kind in kinds)

    # ------------------------------------------------------------------ regions
    def labels(self, region: str) -> tuple[str, ...]:
        """The labels of a kind of region, in the order their first cells come (reading order)."""
        return tuple(self._members.get(region, {}))

    def cells_of(self, region: str, label: str) -> frozenset[Cell]:
        return self._members.get(region, {}).get(label, frozenset())

    def label(self, region: str, cell: Cell) -> str | None:
        return self.regions[region][cell]

    def labels_under(self, region: str, cells: Iterable[Cell]) -> tuple[str, ...]:
        """The labels of that kind of region the cells lie in (each once, sorted)."""
        labels = self.regions[region]
        return tuple(sorted({labels[c] for c in cells if labels[c] is not None}))

    # ------------------------------------------------------------------ adjacency
    def around(self, cells: Iterable[Cell]) -> frozenset[Cell]:
        """The cells sharing an edge with one of `cells`, not among them."""
        inside = frozenset(cells)
        return frozenset(n for c in inside for n in self.neighbours[c]) - inside

    def touches(self, cells: Iterable[Cell], others: frozenset[Cell]) -> bool:
        """Whether a cell of `cells` shares an edge with a cell of `others` (corners do not count)."""
        near = self.neighbours
        return any(n in others for c in cells for n in near[c])

    def parts(self, cells: Iterable[Cell]) -> list[frozenset[Cell]]:
        """The cells split into edge-connected parts, each part in the order of its first cell."""
        left = set(cells)
        found = []
        for start in sorted(left):
            if start not in left:
                continue
            part, todo = {start}, [start]
            left.discard(start)
            while todo:
                for n in self.neighbours[todo.pop()]:
                    if n in left:
                        left.discard(n)
                        part.add(n)
                        todo.append(n)
            found.append(frozenset(part))
        return found

    def connected(self, cells: Iterable[Cell]) -> bool:
        """Whether the cells (at least one) form one edge-connected part."""
        return len(self.parts(cells)) == 1
