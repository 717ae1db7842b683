"""New York 1901's board file: districts, streets, the map of squares, start lots, territory cards.

The format is in docs/ny1901.md and rulesets/ny1901/board.yaml; the schema checks its shape
(schemas/ny1901-board.schema.json) and this module what a schema cannot: every square of the
map, each territory's squares (edge-connected, 2 or 3 of them), the start lots, the deck
against the territories, each named street beside some territory. Every problem is reported
at its file:line:col, all of them in one run.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...diagnostics import Location, RulesetInvalid, Sink, SourceTexts
from ...engine.grid import Cell, Grid
from ...reading.data_file import read_data_file
from ...reading.marked_yaml import MDict, MStr

MAX_SIDE = 60  # squares across or down: far above the printed board's
LOT, STREET, PARK, NOTHING = "lot", "street", "park", "nothing"
_LOT_TOKEN = re.compile(r"([a-z])([0-9]{1,3})")
_OTHER_TOKENS = {"-": STREET, "*": PARK, "#": NOTHING}


class Shared:
    """A value of the board that never changes: a copy of a game keeps the very same one."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict) -> "Shared":
        return self


@dataclass(frozen=True)
class Territory(Shared):
    id: str  # as in the map: district letter and number, "y5"
    district: str  # the district's colour, "yellow"
    cells: frozenset[Cell]

    @property
    def size(self) -> int:
        return len(self.cells)

    def __str__(self) -> str:
        return f"{self.district} territory {self.id}"

    @property
    def option_key(self) -> str:
        return f"territory:{self.id}"


@dataclass(frozen=True)
class Street(Shared):
    letter: str
    name: str
    cells: frozenset[Cell]
    assumed: bool

    def __str__(self) -> str:
        return self.name

    @property
    def option_key(self) -> str:
        return f"street:{self.letter}"


@dataclass(frozen=True)
class StartLot:
    territory: str
    character: str
    symbol: str
    assumed: bool


@dataclass(frozen=True)
class Board:
    """The board as the rules read it. The grid's regions: `territory`, `district`, `street`, `block`."""

    grid: Grid
    districts: tuple[str, ...]  # colours, in the file's order
    territories: tuple[Territory, ...]  # in the order of their first square
    streets: tuple[Street, ...]
    start_lots: tuple[StartLot, ...]
    deck: dict[tuple[str, int], int]  # (district colour, size) -> territory cards
    assumed: str | None  # why the board is assumed, when it is

    def territory(self, ident: str) -> Territory:
        return self._by_id[ident]

    @property
    def _by_id(self) -> dict[str, Territory]:
        found = self.__dict__.get("_index")
        if found is None:
            found = {t.id: t for t in self.territories}
            object.__setattr__(self, "_index", found)
        return found

    @property
    def frontage(self) -> frozenset[Cell]:
        """The squares a building must touch along an edge: streets and parks (A3)."""
        return self.grid.of_kind(STREET, PARK)


@dataclass
class _Square:
    token: str
    loc: Location


def _squares(text: Any, sink: Sink, fallback: Location) -> list[list[_Square]]:
    """The map's tokens, row by row, each with its place in the file."""
    span = getattr(text, "span", None)
    rows = []
    for number, line in enumerate(str(text).split("\n"), start=1):
        found = [_Square(m.group(), span.locate(number, m.start() + 1) if span else fallback)
                 for m in re.finditer(r"\S+", line)]
        if found:
            rows.append(found)
    return rows


def _streets(section: MDict) -> dict[str, tuple[str, bool, Location]]:
    out = {}
    for letter, value in section.items():
        name, assumed = (value["name"], bool(value.get("assumed"))) if isinstance(value, dict) else (value, False)
        out[letter] = (str(name), assumed, section.key_locs.get(letter, section.loc))
    return out


def _check_letters(board: MDict, sink: Sink) -> None:
    for key, pattern, what in (("districts", "[a-z]", "a lower-case letter"),
                               ("streets", "[A-Z]", "an upper-case letter")):
        section = board[key]
        for letter in section:
            if not re.fullmatch(pattern, str(letter)):
                sink.error("E601", f"{key}: {str(letter)[:20]!r} must be {what} (the letter used in the map)",
                           section.key_locs.get(letter, section.loc))
    colours = Counter(str(c) for c in board["districts"].values())
    for letter, colour in board["districts"].items():
        if colours[str(colour)] > 1:
            sink.error("E601", f"districts: the colour {colour!r} is given to two letters",
                       board["districts"].value_locs.get(letter, board["districts"].loc))


def read_board(path: Path, sink: Sink, sources: SourceTexts) -> Board | None:
    """The board of the file at `path`, or None when anything in it is wrong (each problem is in `sink`)."""
    data = read_data_file(path, "ny1901-board.schema.json", "the board file", sink, sources)
    if data is None:
        return None
    board: MDict = data["board"]
    errors = len(sink.items)
    _check_letters(board, sink)
    districts: dict[str, str] = {str(k): str(v) for k, v in board["districts"].items()}
    streets = _streets(board["streets"])
    map_loc = board.value_locs.get("map", board.loc)
    rows = _squares(board["map"], sink, map_loc)
    width = len(rows[0]) if rows else 0
    if not rows:
        sink.error("E601", "the map has no squares", map_loc)
        return None
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        sink.error("E601", f"the map is {width} x {len(rows)} squares; at most {MAX_SIDE} x {MAX_SIDE}", map_loc)
        return None
    for row in rows[1:]:
        if len(row) != width:
            sink.error("E601", f"this row of the map has {len(row)} squares, the first row {width}; "
                               "every row needs one token per square", row[0].loc)
    if len(sink.items) > errors:
        return None
    kinds, labels, street_of, first_loc = [], [], [], {}
    for row in rows:
        for square in row:
            token = square.token
            lot = _LOT_TOKEN.fullmatch(token)
            if lot and lot.group(1) in districts:
                kinds.append(LOT)
                labels.append(token)
                first_loc.setdefault(token, square.loc)
                street_of.append(None)
                continue
            labels.append(None)
            if token in streets:
                kinds.append(STREET)
                street_of.append(token)
                continue
            street_of.append(None)
            kinds.append(_OTHER_TOKENS.get(token, NOTHING))
            if token not in _OTHER_TOKENS:
                sink.error("E601", _unknown_square(token, districts, streets), square.loc)
    district_of = tuple(districts[t[0]] if t else None for t in labels)
    grid = Grid(width, len(rows), tuple(kinds), {"territory": tuple(labels), "district": district_of,
                                                   "street": tuple(street_of)})
    blocks = grid.parts(grid.of_kind(LOT))
    block_of: list[str | None] = [None] * grid.size
    for number, part in enumerate(blocks, start=1):
        for cell in part:
            block_of[cell] = f"block {number}"
    grid = Grid(grid.width, grid.height, grid.kinds, {**grid.regions, "block": tuple(block_of)})
    territories = tuple(Territory(t, districts[t[0]], grid.cells_of("territory", t))
                        for t in grid.labels("territory"))
    _check_territories(grid, territories, first_loc, sink)
    street_list = _check_streets(grid, streets, sink)
    starts = _check_start_lots(board, territories, districts, sink)
    deck = _check_deck(board, territories, districts, sink)
    for letter, colour in districts.items():
        if not any(t.district == colour for t in territories):
            sink.error("E601", f"district {colour} ({letter}) has no territory on the map",
                       board["districts"].key_locs.get(letter, board.loc))
    if len(sink.items) > errors:
        return None
    assumed = board.get("assumed")
    return Board(grid, tuple(districts.values()), territories, street_list, starts, deck,
                 " ".join(str(assumed).split()) if assumed else None)


def _unknown_square(token: str, districts: dict[str, str], streets: dict) -> str:
    shown = token if len(token) <= 12 else token[:12] + "..."
    lot = _LOT_TOKEN.fullmatch(token)
    if lot:
        return (f"square {shown!r}: no district has the letter {lot.group(1)!r}; "
                f"the districts are {', '.join(districts)}")
    return (f"square {shown!r} is not a square of the map: write a territory (district letter and "
            f"number, as y5), a street's letter ({', '.join(streets) or 'none declared'}), - for another "
            "street, * for a park or # for nothing")


def _check_territories(grid: Grid, territories: tuple[Territory, ...], first_loc: dict[str, Location],
                       sink: Sink) -> None:
    for t in territories:
        parts = grid.parts(t.cells)
        if len(parts) > 1:
            pieces = ", ".join(grid.name(min(p)) for p in parts)
            sink.error("E602", f"territory {t.id} is in {len(parts)} pieces (at {pieces}): its squares "
                               "must share edges", first_loc[t.id])
        if t.size not in (2, 3):
            sink.error("E603", f"territory {t.id} has {t.size} square{'s' if t.size != 1 else ''}; "
                               "a territory has 2 or 3", first_loc[t.id])


def _check_streets(grid: Grid, streets: dict[str, tuple[str, bool, Location]], sink: Sink) -> tuple[Street, ...]:
    lots = grid.of_kind(LOT)
    out = []
    for letter, (name, assumed, loc) in streets.items():
        cells = grid.cells_of("street", letter)
        if not cells:
            sink.error("E606", f"street {name} ({letter}) has no square on the map", loc)
        elif not grid.touches(cells, lots):
            sink.error("E606", f"street {name} ({letter}) touches no territory: a street counts only "
                               "beside buildings, so put its letter on squares next to territories", loc)
        out.append(Street(letter, name, cells, assumed))
    return tuple(out)


def _check_start_lots(board: MDict, territories: tuple[Territory, ...], districts: dict[str, str],
                      sink: Sink) -> tuple[StartLot, ...]:
    section: MDict = board["start_lots"]
    by_id = {t.id: t for t in territories}
    out, seen = [], {}
    for ident, value in section.items():
        loc = section.key_locs.get(ident, section.loc)
        t = by_id.get(str(ident))
        if t is None:
            sink.error("E605", f"start lot {str(ident)[:20]!r} is no territory of the map", loc)
            continue
        if t.size != 2:
            sink.error("E605", f"start lot {t.id} has {t.size} squares; a start lot has 2", loc)
        if t.district in seen:
            sink.error("E605", f"start lots {seen[t.district]} and {t.id} are both in the {t.district} district; "
                               "each district has one", loc)
        seen.setdefault(t.district, t.id)
        out.append(StartLot(t.id, str(value["character"]), str(value["symbol"]), bool(value.get("assumed"))))
    for colour in districts.values():
        if colour not in seen:
            sink.error("E605", f"the {colour} district has no start lot (one size-2 territory each)", section.loc)
    return tuple(out)


def _check_deck(board: MDict, territories: tuple[Territory, ...], districts: dict[str, str],
                sink: Sink) -> dict[tuple[str, int], int]:
    section: MDict = board["territory_cards"]
    on_board = Counter((t.district, t.size) for t in territories)
    deck = {}
    for colour, counts in section.items():
        loc = section.key_locs.get(colour, section.loc)
        if colour not in districts.values():
            sink.error("E604", f"territory cards of {str(colour)[:20]!r}: no such district; "
                               f"the districts are {', '.join(districts.values())}", loc)
            continue
        for size in (2, 3):
            cards, lots = counts[f"size{size}"], on_board[(colour, size)]
            deck[(colour, size)] = cards
            if cards != lots:
                sink.error("E604", f"the deck has {cards} {colour} size-{size} card{'s' if cards != 1 else ''}, "
                                   f"but the map has {lots} {colour} territor{'ies' if lots != 1 else 'y'} of size "
                                   f"{size}: there is one card for each territory",
                           counts.value_locs.get(f"size{size}", loc))
    for colour in districts.values():
        if colour not in section:
            sink.error("E604", f"territory_cards has no entry for the {colour} district", section.loc)
    return deck


def load_board(path: Path) -> Board:
    """The board of the file, or RulesetInvalid listing every problem."""
    sink, sources = Sink(), SourceTexts()
    board = read_board(path, sink, sources)
    if board is None:
        raise RulesetInvalid(sink.sorted(), sources)
    return board
