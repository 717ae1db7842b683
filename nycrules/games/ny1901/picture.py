"""New York 1901's board as a self-contained SVG picture: squares coloured by district, territories
outlined, streets named along their squares, parks, buildings in their owner's colour with their
generation, coordinates on the edges (A1 at the top left, as people name a square). A district
not played (two seats: pink) is grey and hatched, and named so in the key below the seats.

No network, no font beyond the generic family. Each drawn thing carries `class` and `data-*`
attributes naming what it shows, so a test can read the picture back.
"""

from __future__ import annotations

from ...table.colours import fill, seat_fill
from ...table.drawing import Canvas
from .board import LOT, PARK, STREET
from .city import City
from .geometry import Geometry
from .tiles import GENERATIONS
from .view import districts_out

CELL, MARGIN = 30, 28
TINT = 0.55  # districts are drawn lighter than their colour: buildings stand out on them
STREET_FILL, PARK_FILL, NOTHING_FILL = "#d9d4c7", "#8cc084", "#6b6b6b"
OUT_FILL, HATCH = "#c4c4c4", "#8a8a8a"  # a district not played (two seats: pink): grey, hatched


def _lighter(colour: str, amount: float = TINT) -> str:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in (red, green, blue))


def board_svg(geometry: Geometry, city: City | None, seats: list[str], notes: tuple[str, ...] = ()) -> str:
    """The board (and, with a city, what stands on it) as an SVG document; `notes` are lines below the
    seats' key (what is assumed, who won)."""
    grid, board = geometry.board.grid, geometry.board
    out = districts_out(geometry, city)
    width = MARGIN * 2 + CELL * grid.width
    height = MARGIN * 2 + CELL * grid.height + 22 * (1 + len(seats) + bool(out)) + 18 * len(notes)
    canvas = Canvas()

    def corner(cell: int) -> tuple[int, int]:
        column, row = grid.column_row(cell)
        return MARGIN + column * CELL, MARGIN + row * CELL

    for cell in range(grid.size):
        x, y = corner(cell)
        kind = grid.kinds[cell]
        district = board.territories[geometry.territory_at[cell]].district if kind == LOT else None
        if district in out:
            colour = OUT_FILL
        elif district is not None:
            colour = _lighter(fill(district))
        else:
            colour = STREET_FILL if kind == STREET else PARK_FILL if kind == PARK else NOTHING_FILL
        canvas.add("rect", x=x, y=y, width=CELL, height=CELL, fill=colour, stroke="#ffffff", stroke_width=0.5,
                   class_=f"square {kind}" + (" out" if district in out else ""), data_square=grid.name(cell),
                   data_territory=board.territories[geometry.territory_at[cell]].id if kind == LOT else None)
        if district in out:
            _hatch(canvas, x, y, CELL)
    for territory in board.territories:  # solid lines between territories, as the printed board has
        _outline(canvas, geometry, territory.cells, "#444444", 1.5, "territory", territory.id)
        if territory.district in out:
            continue  # not played: no name to claim it by
        first = min(territory.cells)
        x, y = corner(first)
        canvas.add("text", territory.id, x=x + 3, y=y + 10, font_size=8, fill="#333333", font_family="sans-serif",
                   class_="territory-name")
    for street in board.streets:
        cells = sorted(street.cells)
        middle = cells[len(cells) // 2]
        x, y = corner(middle)
        columns = {grid.column_row(c)[0] for c in cells}
        upright = len(columns) == 1
        label_x, label_y = x + CELL / 2, y + CELL / 2 + 4
        rotate = f"rotate(-90 {label_x} {label_y - 4})" if upright else None
        canvas.add("text", street.name, x=label_x, y=label_y, font_size=10, text_anchor="middle",
                   font_family="sans-serif", fill="#222222", transform=rotate, class_="street", data_street=street.letter)
    if city is not None:
        for number in city.standing():
            spot, owner = city.spot_of(geometry, number), city.owner(number)
            tile = geometry.order[spot.tile]
            colour = seat_fill(owner)
            for cell in spot.cells:
                x, y = corner(cell)
                canvas.add("rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, fill=colour, opacity=0.85,
                           class_="building-square", data_building=number)
            _outline(canvas, geometry, spot.cells, "#000000", 2.5, "building", str(number))
            x, y = corner(spot.anchor)
            mark = "L" if tile.legendary else "o" if tile.generation == 0 else GENERATIONS[tile.generation][0].upper()
            canvas.add("text", mark, x=x + CELL / 2, y=y + CELL / 2 + 5, font_size=14, text_anchor="middle",
                       font_weight="bold", font_family="sans-serif", fill="#000000", class_="generation",
                       data_tile=tile.id, data_owner=owner)
        for territory in range(len(city.worker)):
            if city.worker[territory]:
                x, y = corner(min(geometry.territory_cells[territory]))
                canvas.add("circle", cx=x + CELL - 8, cy=y + 8, r=5, fill=seat_fill(city.holder[territory]),
                           stroke="#000000", stroke_width=1, class_="worker",
                           data_territory=board.territories[territory].id)
    for column in range(grid.width):
        label = grid.name(grid.cell(column, 0))[:-1]
        for y in (MARGIN - 8, MARGIN + CELL * grid.height + 16):
            canvas.add("text", label, x=MARGIN + column * CELL + CELL / 2, y=y, font_size=11, text_anchor="middle",
                       font_family="sans-serif", class_="coordinate")
    for row in range(grid.height):
        for x in (MARGIN / 2, MARGIN + CELL * grid.width + MARGIN / 2):
            canvas.add("text", str(row + 1), x=x, y=MARGIN + row * CELL + CELL / 2 + 4, font_size=11,
                       text_anchor="middle", font_family="sans-serif", class_="coordinate")
    top = MARGIN * 2 + CELL * grid.height
    for i, name in enumerate(seats):
        canvas.add("rect", x=MARGIN, y=top + 22 * i + 6, width=14, height=14, fill=seat_fill(i), stroke="#000000",
                   class_="seat-key")
        canvas.add("text", name, x=MARGIN + 22, y=top + 22 * i + 18, font_size=13, font_family="sans-serif",
                   class_="seat-name")
    if out:
        y = top + 22 * len(seats) + 6
        canvas.add("rect", x=MARGIN, y=y, width=14, height=14, fill=OUT_FILL, stroke="#000000", class_="out-key")
        _hatch(canvas, MARGIN, y, 14)
        canvas.add("text", f"not played: the {' and '.join(out)} district{'s' if len(out) > 1 else ''}",
                   x=MARGIN + 22, y=y + 12, font_size=13, font_family="sans-serif", class_="out-name")
    for i, note in enumerate(notes):
        canvas.add("text", note, x=MARGIN, y=top + 22 * (len(seats) + bool(out)) + 18 * i + 22, font_size=12,
                   font_family="sans-serif", class_="note")
    body = "".join(canvas.parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + 10}" width="{width}" '
            f'height="{height + 10}"><rect width="100%" height="100%" fill="#ffffff"/>{body}</svg>\n')


def _hatch(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Diagonal lines across a square of `size` at (x, y): what is not played."""
    step = size / 3
    lines = [f"M{x + i * step} {y}L{x} {y + i * step}" for i in range(1, 4)]
    lines += [f"M{x + size} {y + i * step}L{x + i * step} {y + size}" for i in range(1, 3)]
    canvas.add("path", d="".join(lines), stroke=HATCH, stroke_width=1, fill="none", class_="hatch")


def _outline(canvas: Canvas, geometry: Geometry, cells: frozenset[int], colour: str, width: float, kind: str,
             name: str) -> None:
    """Lines along the edges of `cells` that border a square outside them."""
    grid = geometry.board.grid
    lines = []
    for cell in cells:
        column, row = grid.column_row(cell)
        x, y = MARGIN + column * CELL, MARGIN + row * CELL
        for dc, dr, x1, y1, x2, y2 in ((0, -1, x, y, x + CELL, y), (0, 1, x, y + CELL, x + CELL, y + CELL),
                                       (-1, 0, x, y, x, y + CELL), (1, 0, x + CELL, y, x + CELL, y + CELL)):
            c, r = column + dc, row + dr
            inside = 0 <= c < grid.width and 0 <= r < grid.height and grid.cell(c, r) in cells
            if not inside:
                lines.append(f"M{x1} {y1}L{x2} {y2}")
    canvas.add("path", d="".join(lines), stroke=colour, stroke_width=width, fill="none", class_=f"{kind}-outline",
               data_name=name)
