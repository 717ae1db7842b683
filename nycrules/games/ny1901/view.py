"""New York 1901's board as text, for an 80-column terminal.

One cell of four characters a square, columns lettered and rows numbered on the edges, as a
person names a square (B3). A free territory's squares show its name (`y5`: district letter and
number, as the board file writes it). A square of an estate shows its holder's seat number and
what stands there: `1w` its worker's territory, `1.` a square without worker or building,
`1o` a starter building, `1B` `1S` `1G` bronze, silver, gold, `1L` a legendary. Streets show
their letter (`-` another street), parks `**`, unbuildable squares `##`, the squares of a
district not played (two seats: pink) `xx`, which the legend names as not played. A legend
beside the board (below it when the board is too wide) names the streets, districts and seats;
a board that marks some squares (where a tile fits) shows their key there instead. Colours
(districts, seats) only on a colour terminal.
"""

from __future__ import annotations

from ...table.layout import visible_len
from ...table.colours import ansi, ansi_seat
from .board import LOT, NOTHING, PARK, STREET
from .city import FREE, OUT, City
from .geometry import Geometry

WIDTH = 80
CELL = 4
GENERATION_MARKS = "oBSG"  # starter, bronze, silver, gold; a legendary is L


def square_text(geometry: Geometry, city: City | None, cell: int) -> tuple[str, str | None, int | None]:
    """What one square shows, and its colour: a district's name, or a seat's number (None: plain)."""
    board, grid = geometry.board, geometry.board.grid
    kind = grid.kinds[cell]
    if kind == STREET:
        return grid.regions["street"][cell] or "-", None, None
    if kind == PARK:
        return "**", "green", None
    if kind == NOTHING or kind != LOT:
        return "##", None, None
    territory = geometry.territory_at[cell]
    holder = FREE if city is None else city.holder[territory]
    building = FREE if city is None else city.under[cell]
    if building != FREE:
        tile, owner, _, _ = city.buildings[building]  # type: ignore[index, misc]
        shown = geometry.order[tile]
        mark = "L" if shown.legendary else GENERATION_MARKS[shown.generation]
        return f"{owner + 1}{mark}", None, owner
    if holder == OUT:
        return "xx", None, None
    if holder != FREE:
        return f"{holder + 1}{'w' if city.worker[territory] else '.'}", None, holder  # type: ignore[union-attr]
    return board.territories[territory].id, board.territories[territory].district, None


def districts_out(geometry: Geometry, city: City | None) -> list[str]:
    """The districts not played in this game (two seats: pink), in the board's order."""
    if city is None:
        return []
    territories = geometry.board.territories
    return [d for d in dict.fromkeys(t.district for t in territories)
            if all(city.holder[i] == OUT for i, t in enumerate(territories) if t.district == d)]


def legend(geometry: Geometry, seats: list[str], width: int, out: list[str] | None = None) -> list[str]:
    """The lines that name what the squares show, each at most `width` characters (the seats only when
    every name fits); `out`: the districts not played, named as such and left out of the districts' key."""
    board = geometry.board
    out = out or []
    lines = [f"{s.letter} {s.name}" for s in board.streets] + ["- another street", "** park", "## nothing built"]
    said = f"xx {', '.join(out)}: not played"
    lines += ([said] if len(said) <= width else ["xx not played"]) if out else []
    districts = [f"{t.id[0]} {t.district}" for t in {t.district: t for t in board.territories}.values()
                 if t.district not in out]
    lines += _packed(districts, width)
    named = [f"{i + 1} {name}" for i, name in enumerate(seats)]
    lines += named if all(len(line) <= width for line in named) else []
    lines += _packed(["1w worker", "1. estate", "1o starter", "1B bronze", "1S silver", "1G gold", "1L legendary"],
                     width)
    return lines


def _packed(items: list[str], width: int) -> list[str]:
    lines, line = [], ""
    for item in items:
        if line and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}  {item}" if line else item
    return lines + ([line] if line else [])


def board_lines(geometry: Geometry, city: City | None, seats: list[str], colour: bool = False,
                marks: dict[int, str] | None = None, key: list[str] | None = None) -> list[str]:
    """The board as lines of at most WIDTH columns (colour codes take no room). `marks` shows some
    squares as a text of their own (at most 3 characters), and `key` then takes the legend's place."""
    marks = marks or {}
    out = districts_out(geometry, city)
    grid = geometry.board.grid
    label = len(str(grid.height)) + 1
    rows = [" " * label + "".join(f"{grid.name(c)[:-1]:<{CELL}}" for c in range(grid.width)).rstrip()]
    for row in range(grid.height):
        line = f"{row + 1:>{label - 1}} "
        for column in range(grid.width):
            cell = grid.cell(column, row)
            text, district, seat = (marks[cell], None, None) if cell in marks else square_text(geometry, city, cell)
            shown = ansi_seat(text, seat, colour) if seat is not None else (
                ansi(text, district, colour) if district is not None else text)
            line += shown + " " * (CELL - len(text))
        rows.append(line.rstrip())
    board_width = label + CELL * grid.width
    room = WIDTH - board_width - 1
    if room < 18:
        return rows + [""] + (key if key is not None else legend(geometry, seats, WIDTH, out))
    if key is not None:
        side = [line for line in key if len(line) <= room]
        below = [line for line in key if len(line) > room]
        rows += [""] * (len(side) - len(rows))
        return [(row + " " * (board_width + 1 - visible_len(row)) + side[i]).rstrip() if i < len(side) else row
                for i, row in enumerate(rows)] + below
    side = legend(geometry, seats, room, out)
    named = [f"{i + 1} {name}" for i, name in enumerate(seats)]
    below = [] if all(len(line) <= room for line in named) else _packed(named, WIDTH)  # long names: whole, below
    rows += [""] * (len(side) - len(rows))
    return [(row + " " * (board_width + 1 - visible_len(row)) + side[i]).rstrip() if i < len(side) else row
            for i, row in enumerate(rows)] + below
