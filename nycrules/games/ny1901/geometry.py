"""What never changes in a game of New York 1901, worked out once per board and tile set.

Every tile's placements on the board's territory squares (engine/shapes.py), each placement's
streets, parks, territories and districts; each territory's cells and its territory card kind.
A game's copies share one Geometry; the state of a game (city.py) holds only numbers into it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ...engine.grid import Cell
from ...engine.shapes import Placement, placements
from .board import LOT, Board, Shared
from .tiles import Tile, TileSet


@dataclass(frozen=True)
class Spot(Shared):
    """One placement of one tile: its key (tile, anchor, rotation) and what it covers and touches."""

    tile: int  # index into Geometry.tiles
    anchor: Cell
    rotation: int
    cells: frozenset[Cell]
    territories: tuple[int, ...]  # indices into Board.territories, sorted
    districts: tuple[str, ...]  # colours, sorted (a building may straddle two: example 5)
    streets: tuple[str, ...]  # letters of the named streets it shares an edge with, sorted (A17)
    fronts: bool  # shares an edge with a street or a park square (rule of construction 3, A3)
    where: str = ""  # the anchor square's name, as people name it
    option_key: str = ""  # its stable key, spot:TILE@SQUARE/ROTATION: the same in every game on this board

    def __str__(self) -> str:
        turns = ("", ", turned a quarter", ", turned half", ", turned three quarters")[self.rotation % 4]
        return f"{self.where}{turns}"


@dataclass(frozen=True)
class TerritoryCard(Shared):
    number: int
    district: str
    size: int

    def __str__(self) -> str:
        return f"{self.district} size-{self.size} card"

    @property
    def option_key(self) -> str:
        return f"territory_card:{self.district}/{self.size}"


@dataclass(frozen=True, eq=False)
class Geometry:
    board: Board
    tiles: TileSet
    # Every tile in one fixed order: each player's skyscrapers, then the legendaries, then the starter.
    order: tuple[Tile, ...] = field(init=False)
    territory_at: tuple[int, ...] = field(init=False)  # per cell: its territory's index, or -1

    def __post_init__(self) -> None:
        tiles = (*self.tiles.skyscrapers, *self.tiles.legendaries, self.tiles.starter)
        object.__setattr__(self, "order", tiles)
        index = {t.id: i for i, t in enumerate(self.board.territories)}
        labels = self.board.grid.regions["territory"]
        object.__setattr__(self, "territory_at", tuple(-1 if label is None else index[label] for label in labels))

    def territory_number(self, ident: str) -> int:
        return self._territory_numbers[ident]

    @cached_property
    def _territory_numbers(self) -> dict[str, int]:
        return {t.id: i for i, t in enumerate(self.board.territories)}

    def tile_index(self, ident: str) -> int:
        return self._tile_numbers[ident]

    @cached_property
    def _tile_numbers(self) -> dict[str, int]:
        return {t.id: i for i, t in enumerate(self.order)}

    @cached_property
    def cards(self) -> tuple["TerritoryCard", ...]:
        """The territory cards, one per territory (the board file checks the deck matches): card
        number i is of territory i's district and size."""
        return tuple(TerritoryCard(i, t.district, t.size) for i, t in enumerate(self.board.territories))

    @cached_property
    def territory_cells(self) -> tuple[frozenset[Cell], ...]:
        return tuple(t.cells for t in self.board.territories)

    @cached_property
    def _spots(self) -> tuple[tuple[Spot, ...], ...]:
        grid, lots = self.board.grid, self.board.grid.of_kind(LOT)
        street_cells = {s.letter: s.cells for s in self.board.streets}
        frontage = self.board.frontage
        found = []
        for number, tile in enumerate(self.order):
            spots = []
            for p in placements(grid, tile.shape, lots):
                near = grid.around(p.cells)
                spots.append(Spot(number, p.anchor, p.rotation, p.cells,
                                  tuple(sorted({self.territory_at[c] for c in p.cells})),
                                  grid.labels_under("district", p.cells),
                                  tuple(sorted(letter for letter, cells in street_cells.items() if near & cells)),
                                  bool(near & frontage), grid.name(p.anchor),
                                  f"spot:{tile.id}@{grid.name(p.anchor)}/{p.rotation}"))
            found.append(tuple(spots))
        return tuple(found)

    def spots(self, tile: int) -> tuple[Spot, ...]:
        """Every placement of the tile on territory squares, by (anchor, rotation)."""
        return self._spots[tile]

    @cached_property
    def _spot_by_key(self) -> dict[tuple[int, Cell, int], Spot]:
        return {(s.tile, s.anchor, s.rotation): s for spots in self._spots for s in spots}

    def spot(self, tile: int, anchor: Cell, rotation: int) -> Spot | None:
        """The placement with this key, or None when the tile cannot lie so on territory squares."""
        return self._spot_by_key.get((tile, anchor, rotation))

    def spots_inside(self, tile: int, cells: frozenset[Cell]) -> list[Spot]:
        """The tile's placements whose squares all lie in `cells` (an estate)."""
        return [s for s in self._spots[tile] if s.cells <= cells]

    def placement_of(self, spot: Spot) -> Placement:
        return Placement(spot.anchor, spot.rotation, spot.cells)
