"""New York 1901's part of a ruleset (engine/model.py GamePart): what the loader builds from the board
and tile files beside the ruleset, and how a new game's table is laid out from it (an empty city: the
ruleset's `setup` list does the rest: start lots, the shuffled deck, the streets and bonus card).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ...diagnostics import Sink, SourceTexts
from ...engine.model import GamePart, Piece
from ...reading.marked_yaml import MDict
from .board import Territory, read_board
from .city import City
from .primitives_buildings import Building
from .geometry import Geometry
from .primitives_land import BONUS_CARDS
from .ruleset_check import data_file
from .tiles import read_tiles
from . import studied, tensor

GAME = "ny1901"
# The kinds of values this game's questions offer whose keys its rulesets' `actions:` regions number
# (engine/action_space_check.py): `territory:y5`, `territory_card:yellow/2`, `tile:bronze_2a`,
# `spot:bronze_2a@A1/0`, and the words of a choice among texts ("expand", "demolish").
NUMBERED = {"choose": {"territory": "territories", "territory_card": "territory cards", "skyscraper": "skyscraper tiles",
                       "spot": "places for a skyscraper", "str": "the words listed in the ruleset's regions"},
            "choose_some": {"territory_card": "territory cards"}}


class Part(GamePart):
    """The board and tiles of a ruleset (its Geometry, shared by every game and copy) and its seats."""

    game = GAME
    state_classes = (City, Building)  # a building a rule holds is made anew from the city: it is state
    at_the_table = True  # its views and typed answers: table_hooks.py
    piece_noun = "card"  # a balance study judges its action and bonus cards (studied.py)

    def __init__(self, geometry: Geometry, seats: tuple[int, ...], workers: int, fingerprint: str):
        self.geometry = geometry
        self.seat_counts = seats
        self.workers = workers
        self.fingerprint = fingerprint
        board = geometry.board
        # A draw picks a territory card, a start lot, a street or a bonus card (at random, or shuffling).
        self.most_drawn = max(len(geometry.cards), len(board.start_lots), len(board.streets), len(BONUS_CARDS))
        # What the action space's slots number (the ruleset's `actions:`), in a fixed order of the files.
        self.lists = {"tiles": tuple(t.id for t in geometry.order),
                      "squares": tuple(board.grid.name(c) for c in range(board.grid.size)),
                      "territories": tuple(t.id for t in board.territories), "districts": board.districts}

    def setup(self, game: Any) -> None:
        game.city = City(self.geometry, len(game.seats), self.workers)

    def observe(self, game: Any, seat: int) -> dict[str, Any]:
        """Everything on the table is public but the Future Market's order: its cards are known (the
        deck matches the free territories), so it is shown as a count."""
        city, geometry = game.city, self.geometry
        cards = geometry.cards

        def card(number: int) -> list:
            return [cards[number].district, cards[number].size]
        return {"holder": list(city.holder), "worker": list(city.worker),
                "buildings": [None if b is None else [geometry.order[b[0]].id, b[1], geometry.board.grid.name(b[2]), b[3]]
                              for b in city.buildings],
                "unbuilt": [[geometry.order[t].id for t in tiles] for tiles in city.unbuilt],
                "free_workers": list(city.free_workers), "king": list(city.king),
                "held": [[card(c) for c in held] for held in city.held],
                "open_market": [card(c) for c in city.open_market], "future_market": len(city.future),
                "streets": list(city.streets), "bonus": city.bonus,
                "used_actions": [list(used) for used in city.used_actions]}

    def redeal(self, game: Any, seat: int, rng: Any) -> None:
        """The Future Market's order is the only thing hidden: shuffled (cards that went under it in
        sight, by Market Shift or a worker taken back, are shuffled too: a search knows a little less
        than the seat does, never more)."""
        future = game.city.future
        future.sort()
        rng.shuffle(future)

    def tensor_segments(self, seats: int) -> list[tuple[str, int, float]]:
        return tensor.segments(self.geometry, seats, self.workers)

    def tensor_fill(self, observed: dict[str, Any], put: Any, seats: int) -> None:
        tensor.fill(self.geometry, observed, put, seats)

    def looks(self, item: Any) -> str | None:
        """A chance outcome's name (engine/chance.py): its draws pick territory cards (numbers of the
        Future Market: `yellow size-2 card`, alike cards one outcome), start lots (`red territory r2`),
        streets' letters (`Wall Street`) and bonus cards (`gold tycoon`)."""
        geometry = self.geometry
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < len(geometry.cards):
            return str(geometry.cards[item])
        if isinstance(item, Territory):
            return str(item)
        if isinstance(item, str):
            streets = {s.letter: s.name for s in geometry.board.streets}
            if item in streets:
                return streets[item]
            if item in BONUS_CARDS:
                return item.replace("_", " ")
        return None

    def pieces(self, ruleset: Any) -> dict[str, Piece]:
        return studied.pieces(ruleset)

    def owned(self, game: Any, seat: int) -> tuple[str, ...]:
        return studied.owned(game, seat)

    offered = staticmethod(studied.offered)  # asked at every decision of a watched bot: one call, not two

    def shared_values(self) -> dict[str, Any]:
        geometry, board = self.geometry, self.geometry.board
        found: dict[str, Any] = {}
        for kind, values in (("tile", geometry.order), ("territory", board.territories), ("card", geometry.cards),
                             ("street", board.streets), ("start", board.start_lots)):
            found.update((f"{kind}/{i}", value) for i, value in enumerate(values))
        for tile in range(len(geometry.order)):
            found.update((f"spot/{tile}/{i}", spot) for i, spot in enumerate(geometry.spots(tile)))
        return found


def part(doc: MDict, folder: Path, sink: Sink, sources: SourceTexts, scripts: dict[tuple, Any]) -> Part | None:
    """The part of a ruleset that passed every check (its files are read again, and hashed for its digest);
    its compiled scripts by their key are the shared sections' (engine/model.Ruleset)."""
    files = [data_file(doc, key, folder, sink, sources) for key in ("board", "tiles")]
    if None in files:
        return None
    board, tiles = read_board(files[0], sink, sources), read_tiles(files[1], sink, sources)
    if board is None or tiles is None:
        return None
    digest = hashlib.sha256(b"\0".join(path.read_bytes() for path in files)).hexdigest()
    params = doc.get("params") or {}
    workers = params.get("workers")
    if type(workers) is not int or not 0 <= workers <= 100:
        sink.error("E408", "params.workers: each player's workers must be given, a whole number from 0 to 100 "
                           "(New York 1901 has 4)", params.value_locs.get("workers", doc.loc))
        return None
    seats = doc["components"]["seats"]
    return Part(Geometry(board, tiles), tuple(range(seats["least"], seats["most"] + 1)), workers, digest)
