"""Why a placement a person typed is not legal now, in one line of the rules' words.

The ruleset says what is legal (the decision's options); this module only explains a refusal,
checking the rules of construction in the order a player would (2.4-2.6 of our notes): the tile
still yours and its generation unlocked, the place on the board's territory squares, inside your
estate, touching a street or a park, and what stands there (a plain build needs free squares; a
demolition replaces your own buildings of lower generations, with a worker for each
territory it leaves bare).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.grid import Cell
from .board import LOT, PARK, STREET
from .city import FREE, OUT, City
from .geometry import Geometry, Spot
from .tiles import GENERATIONS, Tile


@dataclass(frozen=True)
class Builder:
    """What the explanations read: the board, the game's state, and the seat about to build."""

    geometry: Geometry
    city: City
    seat: int
    names: tuple[str, ...]  # every seat's name
    points: int
    unlocks: dict[int, int] = field(default_factory=dict)  # generation -> the points that unlock it

    def building_text(self, number: int) -> str:
        tile, owner, anchor, _ = self.city.buildings[number]  # type: ignore[misc]
        whose = "your" if owner == self.seat else f"{self.names[owner]}'s"
        return f"{whose} {self.geometry.order[tile]} at {self.geometry.board.grid.name(anchor)}"


def unlocked(builder: Builder) -> int:
    """The highest generation the seat may build (bronze when no threshold is known)."""
    return max([1] + [g for g, needed in builder.unlocks.items() if builder.points >= needed])


def tile_refused(builder: Builder, tile: int) -> str | None:
    """Why the seat cannot build this tile at all now, or None."""
    geometry, city, seat = builder.geometry, builder.city, builder.seat
    shown = geometry.order[tile]
    if shown.legendary:
        taken = any(b is not None and b[0] == tile for b in city.buildings) or tile in city.king
        if taken:
            return f"{shown} is built already: each legendary can be built once"
        if city.king[seat] != FREE:
            return f"you have built {geometry.order[city.king[seat]]} already: one legendary a player"
    elif tile not in city.unbuilt[seat]:
        return f"you have built your {shown} already (one of each tile)"
    top = unlocked(builder)
    if shown.generation > top:
        name = GENERATIONS[shown.generation]
        needed = builder.unlocks.get(shown.generation)
        when = f": it unlocks at {needed} points and you have {builder.points}" if needed else ""
        return f"{name} is locked for you{when}"
    return None


def off_the_lots(geometry: Geometry, tile: Tile, anchor: Cell, turn: int) -> str:
    """What a footprint that is no placement on the territory squares would cover, in words."""
    grid = geometry.board.grid
    shape = tile.shape.turned(turn)
    first_column = shape.cells[0][0]
    column, row = grid.column_row(anchor)
    covered = []
    for dc, dr in shape.cells:
        c, r = column + dc - first_column, row + dr
        if not (0 <= c < grid.width and 0 <= r < grid.height):
            return f"{tile} turned {turn * 90} at {grid.name(anchor)} runs off the board"
        covered.append(grid.cell(c, r))
    for cell in covered:
        kind = grid.kinds[cell]
        if kind == LOT:
            continue
        where = grid.name(cell)
        if kind == STREET:
            letter = grid.regions["street"][cell]
            street = next((s.name for s in geometry.board.streets if s.letter == letter), "a street")
            return f"it would cover {street} at {where}: a skyscraper stands on territory squares only"
        if kind == PARK:
            return f"it would cover the park at {where}: a skyscraper stands on territory squares only"
        return f"it would cover {where}, where nothing may be built"
    return f"{tile} cannot lie there"


def outside(builder: Builder, spot: Spot) -> str | None:
    """Which squares of the place are not in the seat's estate, and whose they are, or None."""
    geometry, city = builder.geometry, builder.city
    grid = geometry.board.grid
    mine = city.estate(geometry, builder.seat)
    out = sorted(c for c in spot.cells if c not in mine)
    if not out:
        return None
    territory = geometry.territory_at[out[0]]
    holder = city.holder[territory]
    ident = geometry.board.territories[territory].id
    if holder == FREE:
        whose = f"territory {ident} there is free: claim it first"
    elif holder == OUT:
        whose = f"territory {ident} is not played in this game"
    else:
        whose = f"territory {ident} is in {builder.names[holder]}'s estate"
    squares = ", ".join(grid.name(c) for c in out[:4]) + (", ..." if len(out) > 4 else "")
    return f"{squares} {'is' if len(out) == 1 else 'are'} outside your estate ({whose})"


def standing_refused(builder: Builder, spot: Spot, demolishing: bool) -> str | None:
    """Why what stands under the place (or nothing) forbids it, or None."""
    geometry, city = builder.geometry, builder.city
    under = city.under_spot(spot.cells)
    tile = geometry.order[spot.tile]
    if not demolishing:  # inside the estate, every building is the seat's own
        if under:
            return (f"{builder.building_text(under[0])} stands there (building over your own lower buildings "
                    "is a demolition, chosen instead of expanding)")
        return None
    if not under:
        return "nothing of yours stands there: a demolition builds over your own buildings"
    for number in under:
        shown = geometry.order[city.buildings[number][0]]  # type: ignore[index]
        if shown.legendary:
            return "a legendary skyscraper is never demolished"
        if shown.generation >= tile.generation:
            return (f"{builder.building_text(number)} is not of a lower generation than "
                    f"{GENERATIONS[tile.generation]}")
    bare = _left_bare(builder, spot, set(under))
    if bare > city.free_workers[builder.seat]:
        return (f"it would leave {bare} territories of your estate with neither worker nor building, and "
                f"you have {city.free_workers[builder.seat]} worker{'s' if city.free_workers[builder.seat] != 1 else ''}"
                " to put there")
    return None


def _left_bare(builder: Builder, spot: Spot, doomed: set[int]) -> int:
    geometry, city = builder.geometry, builder.city
    count = 0
    for t in city.territories_of(builder.seat):
        if city.worker[t] or t in spot.territories:
            continue
        if all(city.under[c] == FREE or city.under[c] in doomed for c in geometry.territory_cells[t]):
            count += 1
    return count


def canonical_turn(tile: Tile, turn: int) -> int:
    """The turn the board names a placement by: a turn giving the footprint of a smaller one (a
    domino turned half) is named by the smaller one."""
    cells = tile.shape.turned(turn).cells
    return next(q for q in range(4) if tile.shape.turned(q).cells == cells)


NOT_OFFERED = "that place is not among your choices now"  # every rule of construction holds there
STAGES = ("the tile", "the squares", "the estate", "the street", "what stands there", "")


def refusal(builder: Builder, tile: int, anchor: Cell, turn: int, demolishing: bool) -> tuple[int, str]:
    """How far the placement gets through the rules of construction (an index of STAGES) and why it
    stops there."""
    geometry = builder.geometry
    refused = tile_refused(builder, tile)
    if refused:
        return 0, refused
    turn = canonical_turn(geometry.order[tile], turn)
    spot = geometry.spot(tile, anchor, turn)
    if spot is None:
        return 1, off_the_lots(geometry, geometry.order[tile], anchor, turn)
    checks = (outside(builder, spot),
              None if spot.fronts else "it touches no street or park along an edge (corners do not count)",
              standing_refused(builder, spot, demolishing))
    for stage, reason in enumerate(checks, start=2):
        if reason:
            return stage, reason
    return 5, NOT_OFFERED


def why_not(builder: Builder, tile: int, anchor: Cell, turn: int | None, demolishing: bool) -> str:
    """Why the tile with its first square on `anchor` (turned `turn` quarters; any turn when None) is
    not a legal place now: for any turn, the reason of the turn that gets furthest."""
    turns = [turn] if turn is not None else sorted({canonical_turn(builder.geometry.order[tile], q)
                                                    for q in range(4)})
    found = [refusal(builder, tile, anchor, q, demolishing) for q in turns]
    return max(found, key=lambda staged: staged[0])[1]
