"""Vessels and prestige tiles."""

from __future__ import annotations

from typing import Any

from . import mechanics
from ...engine.state import Seat
from .state import Borough, PrestigeTile, Vessel
from ...language.registry import primitive
from ...primitives import inline, require

GAME = "nyc"  # its rulesets alone may call these
C = "vessels and prestige"


@primitive("vessels(seat: seat) -> list[vessel]", "The vessels the seat has taken.", C, game=GAME)
def vessels(f: Any, seat: Seat) -> list:
    return list(seat.vessels)


@primitive("board_vessels() -> list[vessel]", "The vessels still on the board's connections.", C, game=GAME)
def board_vessels(f: Any) -> list:
    return list(f.game.board_vessels)


@primitive("kind(vessel: vessel) -> vessel_kind", "The vessel's kind (taxi, subway, ...).", C, game=GAME)
def kind(f: Any, vessel: Vessel) -> str:
    return vessel.kind


@primitive("colour(vessel: vessel) -> colour", "The vessel's colour.", C, game=GAME)
@inline("{0}.colour")
def colour_of_vessel(f: Any, vessel: Vessel) -> str:
    return vessel.colour


@primitive("colour(tile: prestige_tile) -> colour", "The prestige tile's colour.", C, game=GAME)
@inline("{0}.colour")
def colour_of_tile(f: Any, tile: PrestigeTile) -> str:
    return tile.colour


@primitive("ends(vessel: vessel) -> list[borough]", "The two boroughs the vessel's connection joins.", C, game=GAME)
def ends(f: Any, vessel: Vessel) -> list:
    return list(vessel.ends)


@primitive("other_end(vessel: vessel, borough: borough) -> borough",
           "The borough at the other end of the vessel's connection.", C, game=GAME)
def other_end(f: Any, vessel: Vessel, borough: Borough) -> Borough:
    a, b = vessel.ends
    return b if a is borough else a


@primitive("take_vessel(seat: seat, vessel: vessel)", "Take a vessel from the board to the player board.", C, game=GAME)
def take_vessel(f: Any, seat: Seat, vessel: Vessel) -> None:
    require(f, vessel in f.game.board_vessels, "the {} is no longer on the board", vessel.kind)
    mechanics.take_vessel(f.game, seat, vessel)
    f.game.emit(seat, f"takes the {vessel.kind} between {vessel.ends[0].name} and {vessel.ends[1].name}")


@primitive("return_vessels(seat: seat, vessels: list[vessel])", "Return the seat's vessels to the box.", C, game=GAME)
def return_vessels(f: Any, seat: Seat, vessels_: list) -> None:
    require(f, all(v in seat.vessels for v in vessels_), f"{seat.name} does not have those vessels")
    for vessel in vessels_:
        seat.vessels.remove(vessel)  # back to the box
    if vessels_:
        f.game.emit(seat, f"returns {' '.join(v.kind for v in vessels_)}")


@primitive("prestige_display() -> list[prestige_tile]", "The prestige tiles revealed this game round.", C, game=GAME)
def prestige_display(f: Any) -> list:
    return list(f.game.prestige_display)


@primitive("prestige_value(tile: prestige_tile) -> int", "The points a prestige tile adds to a borough.", C, game=GAME)
def prestige_value(f: Any, tile: PrestigeTile) -> int:
    return tile.value


@primitive("place_prestige(seat: seat, tile: prestige_tile, borough: borough)",
           "Put a displayed prestige tile on a borough, raising its value.", C, game=GAME)
def place_prestige(f: Any, seat: Seat, tile: PrestigeTile, borough: Borough) -> None:
    require(f, tile in f.game.prestige_display, "that prestige tile is not on display")
    mechanics.place_prestige(f.game, tile, borough)
    f.game.emit(seat, f"puts the {tile.colour} prestige tile ({tile.value}) on {borough.name} "
                      f"(now worth {borough.value})")
