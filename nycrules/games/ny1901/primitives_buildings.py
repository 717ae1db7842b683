"""New York 1901's primitives for buildings: the seats' skyscrapers and the legendaries, the places
they can lie (spots, with the key tile, anchor square, rotation), building and demolishing, and what
a building touches (streets, districts, other buildings) for the scoring.

Registered for rulesets of the game `ny1901` only. Whether a build is allowed (inside the estate,
touching a street or park, a generation unlocked, demolishing only lower ones) is the ruleset's to
say with these questions (rulesets/ny1901/).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...language.registry import primitive
from ...primitives import require
from .board import Shared, Street
from .city import FREE
from .geometry import Spot
from .primitives_land import GAME, table
from .tiles import GENERATIONS, Tile

TILES, BUILT = "New York 1901: skyscrapers", "New York 1901: buildings"


@dataclass(frozen=True)
class Building(Shared):
    """A building put on the board (it may have been demolished since)."""

    number: int  # in the order built
    tile: Tile
    owner: int  # the seat that built it
    spot: Spot
    where: str  # the anchor square's name, for people

    def __str__(self) -> str:
        return f"{self.tile} at {self.where}"

    @property
    def option_key(self) -> str:
        return f"building:{self.number}"


def _building(f: Any, number: int) -> Building:
    geometry, city = table(f)
    tile, owner, anchor, _ = city.buildings[number]  # type: ignore[misc]
    return Building(number, geometry.order[tile], owner, city.spot_of(geometry, number),
                    geometry.board.grid.name(anchor))


# ------------------------------------------------------------------ tiles
@primitive("skyscrapers(seat: seat) -> list[skyscraper]", "The seat's skyscrapers not built yet.", TILES, game=GAME)
def skyscrapers(f: Any, seat: Any) -> list:
    geometry, city = table(f)
    return [geometry.order[t] for t in city.unbuilt[seat.index]]


@primitive("legendaries() -> list[skyscraper]", "The legendary skyscrapers nobody has built yet.", TILES, game=GAME)
def legendaries(f: Any) -> list:
    geometry, city = table(f)
    built = {b[0] for b in city.buildings if b is not None} | set(city.king)
    return [t for i, t in enumerate(geometry.order) if t.legendary and i not in built]


@primitive("has_legendary(seat: seat) -> bool", "Whether the seat's king token stands on a legendary.", TILES,
           game=GAME)
def has_legendary(f: Any, seat: Any) -> bool:
    return table(f)[1].king[seat.index] != FREE


@primitive("generation(skyscraper: skyscraper) -> int", "0 for the starter building, 1 bronze, 2 silver, 3 gold "
           "(a legendary is gold).", TILES, game=GAME)
def generation(f: Any, skyscraper: Tile) -> int:
    return skyscraper.generation


@primitive("tile_points(skyscraper: skyscraper) -> int", "The points printed on the tile.", TILES, game=GAME)
def tile_points(f: Any, skyscraper: Tile) -> int:
    return skyscraper.points


@primitive("spots(seat: seat, tiles: list[skyscraper]) -> list[spot]", "Every place where one of the tiles lies "
           "wholly inside the seat's estate, turned any way (never flipped, A1): tile by tile, in the order given.",
           TILES, game=GAME)
def spots(f: Any, seat: Any, tiles: list) -> list:
    geometry, city = table(f)
    estate = city.estate(geometry, seat.index)
    return [s for tile in tiles for s in geometry.spots_inside(geometry.tile_index(tile.id), estate)]


@primitive("spot_tile(spot: spot) -> skyscraper", "The tile the place is for.", TILES, game=GAME)
def spot_tile(f: Any, spot: Spot) -> Tile:
    return table(f)[0].order[spot.tile]


@primitive("fronts(spot: spot) -> bool", "Whether a square of the place shares an edge with a street or a park "
           "(corners do not count, A3).", TILES, game=GAME)
def fronts(f: Any, spot: Spot) -> bool:
    return spot.fronts


@primitive("covered(spot: spot) -> list[building]", "The buildings with a square under the place, each whole (A7).",
           TILES, game=GAME)
def covered(f: Any, spot: Spot) -> list:
    city = table(f)[1]
    return [_building(f, n) for n in city.under_spot(spot.cells)]


@primitive("bare_after(seat: seat, spot: spot) -> list[territory]", "The territories of the seat's estate that "
           "would hold neither a worker nor a building once the buildings under the place are gone and the tile "
           "stands there (2.4, example 4).", TILES, game=GAME)
def bare_after(f: Any, seat: Any, spot: Spot) -> list:
    geometry, city = table(f)
    doomed = set(city.under_spot(spot.cells))
    found = []
    for t in city.territories_of(seat.index):
        if city.worker[t] or t in spot.territories:
            continue
        if all(city.under[c] == FREE or city.under[c] in doomed for c in geometry.territory_cells[t]):
            found.append(geometry.board.territories[t])
    return found


@primitive("build(seat: seat, spot: spot) -> int", "Put the tile down there for the seat (a legendary gets its king "
           "token); the workers of every territory it covers, even in part, come back: gives how many (2.4).",
           TILES, game=GAME)
def build(f: Any, seat: Any, spot: Spot) -> int:
    geometry, city = table(f)
    tile = geometry.order[spot.tile]
    require(f, not city.under_spot(spot.cells), "build: a building stands under {} at {}", tile,
            geometry.board.grid.name(spot.anchor))
    if tile.legendary:
        require(f, city.king[seat.index] == FREE and tile in legendaries(f), "build: {} cannot be the seat's", tile)
    else:
        require(f, spot.tile in city.unbuilt[seat.index], "build: the seat has no {} left", tile)
    back = city.build(geometry, seat.index, spot)
    where = geometry.board.grid.name(spot.anchor)
    returned = "1 worker comes back" if len(back) == 1 else f"{len(back)} workers come back"
    f.game.emit(seat, f"builds {tile} at {where}" + (f"; {returned}" if back else ""))
    return len(back)


@primitive("demolish(building: building)", "The building goes back to the box (no points are lost).", BUILT,
           game=GAME)
def demolish(f: Any, building: Building) -> None:
    geometry, city = table(f)
    require(f, city.buildings[building.number] is not None, "demolish: {} is gone already", building)
    city.demolish(geometry, building.number)
    f.game.emit(f.game.seats[building.owner], f"demolishes {building}")


# ------------------------------------------------------------------ buildings standing
@primitive("buildings(seat: seat) -> list[building]", "The seat's buildings on the board, in the order built.",
           BUILT, game=GAME)
def buildings(f: Any, seat: Any) -> list:
    city = table(f)[1]
    return [_building(f, n) for n in city.standing() if city.owner(n) == seat.index]


@primitive("generation(building: building) -> int", "The building's generation (0 starter ... 3 gold).", BUILT,
           game=GAME)
def generation_of(f: Any, building: Building) -> int:
    return building.tile.generation


@primitive("owner(building: building) -> seat", "The seat that built it.", BUILT, game=GAME)
def owner(f: Any, building: Building) -> Any:
    return f.game.seats[building.owner]


@primitive("legendary(building: building) -> bool", "Whether it is a legendary skyscraper.", BUILT, game=GAME)
def legendary(f: Any, building: Building) -> bool:
    return building.tile.legendary


@primitive("height(building: building) -> int", "A legendary's printed height (0 for other buildings).", BUILT,
           game=GAME)
def height(f: Any, building: Building) -> int:
    return building.tile.height


@primitive("irregular(building: building) -> bool", "Whether its shape is not a rectangle (the hexagon mark, A20).",
           BUILT, game=GAME)
def irregular(f: Any, building: Building) -> bool:
    return building.tile.irregular


@primitive("streets_of(building: building) -> list[street]", "The named streets it shares an edge with (A17).",
           BUILT, game=GAME)
def streets_of(f: Any, building: Building) -> list:
    by_letter = {s.letter: s for s in table(f)[0].board.streets}
    return [by_letter[letter] for letter in building.spot.streets]


@primitive("districts_of(building: building) -> list[district]", "The districts it stands in (one building may "
           "straddle two, example 5).", BUILT, game=GAME)
def districts_of(f: Any, building: Building) -> list:
    return list(building.spot.districts)


@primitive("touching(building: building) -> list[building]", "The other buildings sharing an edge with it (A22).",
           BUILT, game=GAME)
def touching(f: Any, building: Building) -> list:
    geometry, city = table(f)
    near = geometry.board.grid.around(building.spot.cells)
    return [_building(f, n) for n in sorted({city.under[c] for c in near} - {FREE})]


@primitive("on_street(seat: seat, street: street) -> int", "How many of the seat's buildings touch the street, "
           "each counted once however long its contact (A17, example 5).", BUILT, game=GAME)
def on_street(f: Any, seat: Any, street: Street) -> int:
    return sum(1 for b in buildings(f, seat) if street.letter in b.spot.streets)


@primitive("generation_name(number: int) -> str", "\"starter\", \"bronze\", \"silver\" or \"gold\", for the log.",
           BUILT, game=GAME)
def generation_name(f: Any, number: int) -> str:
    require(f, 0 <= number < len(GENERATIONS), "generation_name: no generation {}", number)
    return GENERATIONS[number]

