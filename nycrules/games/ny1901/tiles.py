"""New York 1901's tile file: each player's skyscrapers, the starter building, the legendaries.

The schema (schemas/ny1901-tiles.schema.json) checks the file's shape; this module what it
cannot: each shape drawn with `#` and `.` only, its squares edge-connected, the `irregular`
mark agreeing with the shape (A20), ids used once. Every problem at its file:line:col.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...diagnostics import RulesetInvalid, Sink, SourceTexts
from ...engine.shapes import Shape
from ...reading.data_file import read_data_file
from ...reading.marked_yaml import MDict, MList
from .board import Shared

GENERATIONS = ("starter", "bronze", "silver", "gold")  # lowest first: a building demolishes only lower ones
STARTER, GOLD = 0, 3


@dataclass(frozen=True)
class Tile(Shared):
    id: str
    name: str
    generation: int  # an index of GENERATIONS; a legendary is gold
    points: int
    shape: Shape
    legendary: bool = False
    height: int = 0  # a legendary's printed height (the first tie-break)
    assumed: bool = False

    def __str__(self) -> str:
        return self.name if self.legendary or self.generation == 0 else self.id.replace("_", " ")

    @property
    def option_key(self) -> str:
        return f"tile:{self.id}"

    @property
    def irregular(self) -> bool:
        """Not a rectangle: printed with a hexagon around its points (Master Architect, A20)."""
        return not self.shape.rectangular()


@dataclass(frozen=True)
class TileSet:
    player_colours: tuple[str, ...]
    starter: Tile
    skyscrapers: tuple[Tile, ...]  # each player has one of each
    legendaries: tuple[Tile, ...]
    assumed: str | None

    def tile(self, ident: str) -> Tile:
        for tile in (self.starter, *self.skyscrapers, *self.legendaries):
            if tile.id == ident:
                return tile
        raise KeyError(ident)


def _shape(item: MDict, what: str, sink: Sink) -> Shape | None:
    rows: MList = item["shape"]
    loc = item.value_locs.get("shape", item.loc)
    for number, row in enumerate(rows):
        if set(str(row)) - {"#", "."}:
            sink.error("E607", f"{what}: a shape is drawn with # (a square) and . (none), not "
                               f"{str(row)[:12]!r}", rows.item_locs[number])
            return None
    if not any("#" in str(row) for row in rows):
        sink.error("E607", f"{what}: the shape has no square (#)", loc)
        return None
    shape = Shape.from_rows([str(row) for row in rows])
    if not shape.connected():
        sink.error("E607", f"{what}: the shape's squares are not all joined along edges; a tile is one piece", loc)
        return None
    declared = item.get("irregular")
    if declared is not None and bool(declared) == shape.rectangular():
        said = "irregular" if declared else "regular"
        truth = "a rectangle" if shape.rectangular() else "not a rectangle"
        sink.error("E608", f"{what} is marked {said}, but its shape is {truth} (A20: irregular means "
                           "not a rectangle)", item.value_locs.get("irregular", loc))
    return shape


def _generation(name: Any) -> int:
    return GENERATIONS.index(str(name))


def read_tiles(path: Path, sink: Sink, sources: SourceTexts) -> TileSet | None:
    """The tiles of the file at `path`, or None when anything in it is wrong (each problem is in `sink`)."""
    data = read_data_file(path, "ny1901-tiles.schema.json", "the tile file", sink, sources)
    if data is None:
        return None
    tiles: MDict = data["tiles"]
    errors = len(sink.items)
    starter_shape = _shape(tiles["starter"], "the starter building", sink)
    skyscrapers, legendaries = [], []
    ids = Counter(str(item["id"]) for key in ("skyscrapers", "legendaries") for item in tiles[key])
    for key in ("skyscrapers", "legendaries"):
        for item in tiles[key]:
            ident = str(item["id"])
            what = f"{key[:-1] if key == 'skyscrapers' else 'legendary'} {ident}"
            if ids[ident] > 1:
                sink.error("E609", f"the id {ident} is used by {ids[ident]} tiles; each tile needs its own",
                           item.value_locs.get("id", item.loc))
            shape = _shape(item, what, sink)
            if shape is None:
                continue
            if key == "skyscrapers":
                skyscrapers.append(Tile(ident, ident, _generation(item["generation"]), int(item["points"]), shape))
            else:
                legendaries.append(Tile(ident, str(item["name"]), GOLD, int(item["points"]), shape, legendary=True,
                                        height=int(item["height"]), assumed=bool(item.get("assumed"))))
    if len(sink.items) > errors or starter_shape is None:
        return None
    assumed = tiles.get("assumed")
    return TileSet(tuple(str(c) for c in tiles["player_colours"]),
                   Tile("starter", "starter building", STARTER, 0, starter_shape), tuple(skyscrapers),
                   tuple(legendaries), " ".join(str(assumed).split()) if assumed else None)


def load_tiles(path: Path) -> TileSet:
    """The tiles of the file, or RulesetInvalid listing every problem."""
    sink, sources = Sink(), SourceTexts()
    found = read_tiles(path, sink, sources)
    if found is None:
        raise RulesetInvalid(sink.sorted(), sources)
    return found
