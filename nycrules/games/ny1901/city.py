"""The state New York 1901 adds to a game: estates, workers, buildings, the territory cards.

Flat lists of numbers into the game's Geometry, so a copy costs little. These are the game's
mechanics (claim a territory, put a building down, take one away, take a worker back), which
the rules call; whether a move is allowed (the rules of construction, generations, what a
demolition may remove) is the ruleset's to say, with the queries here. A mechanic asked for
something the table cannot do (a territory claimed twice, a worker that is not there) raises
ValueError: a rule's mistake, reported where the rule called it.
"""

from __future__ import annotations

from ...engine.copying import Copied
from ...engine.grid import Cell
from .geometry import Geometry, Spot

FREE = -1
OUT = -2  # a territory of a district not in play (2 seats: pink)


class City(Copied):
    __slots__ = ("holder", "worker", "under", "buildings", "unbuilt", "free_workers", "king", "held",
                 "open_market", "future", "streets", "bonus", "used_actions")

    def __init__(self, geometry: Geometry, seats: int, workers: int):
        territories, cells = len(geometry.board.territories), geometry.board.grid.size
        skyscrapers = len(geometry.tiles.skyscrapers)
        self.holder = [FREE] * territories  # per territory: the seat whose estate holds it
        self.worker = [False] * territories  # per territory: its holder's worker stands on it
        self.under = [FREE] * cells  # per cell: the number of the building standing on it
        self.buildings: list[tuple[int, int, Cell, int] | None] = []  # (tile, owner, anchor, rotation); None: gone
        self.unbuilt = [list(range(skyscrapers)) for _ in range(seats)]  # per seat: its tiles not built yet
        self.free_workers = [workers] * seats
        self.king = [FREE] * seats  # per seat: the legendary tile its king token stands on
        self.held: list[list[int]] = [[] for _ in range(seats)]  # per seat: territory cards on its character card
        self.open_market: list[int] = []  # territory cards face up (numbers into territory_cards)
        self.future = list(range(len(geometry.cards)))  # the face-down pile, top first: the whole deck at first
        self.streets: list[str] = []  # the letters of the Streets of New York cards in play
        self.bonus = ""  # the id of the bonus challenge card in play
        self.used_actions: list[list[str]] = [[] for _ in range(seats)]  # per seat: action cards turned down

    # ------------------------------------------------------------------ estates and workers
    def estate(self, geometry: Geometry, seat: int) -> frozenset[Cell]:
        """The squares of every territory the seat holds, built on or not (rule of construction 1)."""
        cells = geometry.territory_cells
        return frozenset(c for t, holder in enumerate(self.holder) if holder == seat for c in cells[t])

    def territories_of(self, seat: int) -> list[int]:
        return [t for t, holder in enumerate(self.holder) if holder == seat]

    def remove_district(self, geometry: Geometry, district: str) -> None:
        """The district is not played: its territories are out, its cards leave the piles."""
        for t, territory in enumerate(geometry.board.territories):
            if territory.district == district:
                self.holder[t] = OUT
        cards = geometry.cards
        self.future = [c for c in self.future if cards[c].district != district]
        self.open_market = [c for c in self.open_market if cards[c].district != district]

    def claim(self, seat: int, territory: int) -> None:
        """Put one of the seat's workers on a free territory: it joins the estate for good."""
        if self.holder[territory] != FREE:
            raise ValueError(f"territory {territory} is in an estate already")
        self._use_worker(seat)
        self.holder[territory], self.worker[territory] = seat, True

    def grant(self, seat: int, territory: int) -> None:
        """The territory joins the seat's estate with no worker (a start lot, under the starter building)."""
        if self.holder[territory] != FREE:
            raise ValueError(f"territory {territory} is in an estate already")
        self.holder[territory] = seat

    def place_worker(self, seat: int, territory: int) -> None:
        """Put a worker on a territory of the seat's estate that has none (a demolition's bare territory)."""
        if self.holder[territory] != seat or self.worker[territory]:
            raise ValueError(f"territory {territory} is not the seat's or has a worker")
        self._use_worker(seat)
        self.worker[territory] = True

    def give_up(self, seat: int, territory: int) -> None:
        """Take the worker back from the territory, which leaves the estate and is free again (2.7, A14)."""
        if self.holder[territory] != seat or not self.worker[territory]:
            raise ValueError(f"territory {territory} holds no worker of the seat")
        self.holder[territory], self.worker[territory] = FREE, False
        self.free_workers[seat] += 1

    def _use_worker(self, seat: int) -> None:
        if self.free_workers[seat] < 1:
            raise ValueError("the seat has no worker left")
        self.free_workers[seat] -= 1

    def bare(self, geometry: Geometry, seat: int) -> list[int]:
        """The territories of the seat's estate with neither a worker nor a building on them."""
        under, cells = self.under, geometry.territory_cells
        return [t for t, holder in enumerate(self.holder)
                if holder == seat and not self.worker[t] and all(under[c] == FREE for c in cells[t])]

    # ------------------------------------------------------------------ territory cards
    def take_card(self, seat: int, card: int) -> None:
        """Take a face-up card of the Open Market onto the seat's character card."""
        self.open_market.remove(card)
        self.held[seat].append(card)

    def refill(self, size: int) -> bool:
        """Deal from the Future Market until `size` cards lie face up; False when it ran dry first."""
        while len(self.open_market) < size and self.future:
            self.open_market.append(self.future.pop(0))
        return len(self.open_market) >= size

    def return_card(self, seat: int, card: int) -> None:
        """A card from the seat's character card to the bottom of the Future Market (2.7)."""
        self.held[seat].remove(card)
        self.future.append(card)

    # ------------------------------------------------------------------ buildings
    def build(self, geometry: Geometry, seat: int, spot: Spot) -> list[int]:
        """Put the tile down on the spot for the seat; gives the territories whose workers came back
        (every territory it covers, even in part: 2.4). The squares must be free."""
        if any(self.under[c] != FREE for c in spot.cells):
            raise ValueError("a building stands there")
        tile = geometry.order[spot.tile]
        if tile.legendary:
            if self.king[seat] != FREE or any(b is not None and b[0] == spot.tile for b in self.buildings):
                raise ValueError("that legendary is built, or the seat has one")
            self.king[seat] = spot.tile
        elif tile.generation > 0:
            if spot.tile not in self.unbuilt[seat]:
                raise ValueError("the seat has no such tile left")
            self.unbuilt[seat].remove(spot.tile)
        number = len(self.buildings)
        self.buildings.append((spot.tile, seat, spot.anchor, spot.rotation))
        for c in spot.cells:
            self.under[c] = number
        back = [t for t in spot.territories if self.worker[t] and self.holder[t] == seat]
        for t in back:
            self.worker[t] = False
        self.free_workers[seat] += len(back)
        return back

    def demolish(self, geometry: Geometry, number: int) -> None:
        """The building goes back to the box (no points are lost: 2.4)."""
        building = self.buildings[number]
        if building is None:
            raise ValueError("that building was demolished already")
        for c in self.spot_of(geometry, number).cells:
            self.under[c] = FREE
        self.buildings[number] = None

    def spot_of(self, geometry: Geometry, number: int) -> Spot:
        tile, _, anchor, rotation = self.buildings[number]  # type: ignore[misc]
        spot = geometry.spot(tile, anchor, rotation)
        assert spot is not None  # it was put down there
        return spot

    def standing(self) -> list[int]:
        """The numbers of the buildings on the board, in the order they were built."""
        return [n for n, b in enumerate(self.buildings) if b is not None]

    def owner(self, number: int) -> int:
        return self.buildings[number][1]  # type: ignore[index]

    def under_spot(self, cells: frozenset[Cell]) -> list[int]:
        """The buildings with a square among `cells` (each once, in the order built): a demolition
        removes them whole (A7)."""
        return sorted({self.under[c] for c in cells} - {FREE})
