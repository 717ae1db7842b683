"""New York 1901's board as text: what each square shows, within 80 columns, colours only when asked."""

from __future__ import annotations

from pathlib import Path

from nycrules.games.ny1901.board import load_board
from nycrules.games.ny1901.city import City
from nycrules.games.ny1901.geometry import Geometry
from nycrules.games.ny1901.tiles import load_tiles
from nycrules.games.ny1901.view import board_lines
from nycrules.table.layout import visible_len

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901"
GEOMETRY = Geometry(load_board(FOLDER / "board.yaml"), load_tiles(FOLDER / "tiles.yaml"))
SEATS = ["Ann", "a name of twenty cha", "Tom"]


def square(lines: list[str], name: str) -> str:
    """The text of one square (B3) in the drawn board."""
    grid = GEOMETRY.board.grid
    column, row = grid.column_row(grid.cell_named(name))
    return lines[row + 1][3 + 4 * column:3 + 4 * column + 4].strip()


def played_city() -> City:
    city = City(GEOMETRY, 3, 4)
    ids = [t.id for t in GEOMETRY.board.territories]
    city.claim(0, ids.index("y8"))
    city.claim(0, ids.index("y9"))
    city.build(GEOMETRY, 0, GEOMETRY.spot(GEOMETRY.tile_index("bronze_3l"), GEOMETRY.board.grid.cell_named("H1"), 0))
    city.claim(1, ids.index("b4"))
    return city


def test_every_square_shows_what_stands_on_it():
    lines = board_lines(GEOMETRY, played_city(), SEATS)
    assert lines[0].split()[:3] == ["A", "B", "C"] and lines[1].startswith(" 1 y1  y1  y2")
    assert lines[19].startswith("19 p8")
    assert [square(lines, n) for n in ("H1", "I1", "H2", "I2", "I3")] == ["1B", "1B", "1B", "1.", "1."]
    assert [square(lines, n) for n in ("C5", "D5", "A1", "E1", "A4", "F9", "K1")] == [
        "2w", "2w", "y1", "B", "-", "**", "y11"]


def test_the_legend_names_streets_districts_and_seats_within_80_columns():
    lines = board_lines(GEOMETRY, played_city(), SEATS)
    assert all(visible_len(line) <= 80 for line in lines) and len(lines) <= 21
    text = "\n".join(lines)
    for shown in ("B Broadway", "F Fulton Street", "p pink", "2 a name of twenty cha", "1L legendary", "1w worker"):
        assert shown in text


def test_colours_only_when_asked():
    assert "\033[" not in "".join(board_lines(GEOMETRY, played_city(), SEATS))
    coloured = board_lines(GEOMETRY, played_city(), SEATS, colour=True)
    assert "\033[" in coloured[1] and [visible_len(line) for line in coloured] == [
        len(line) for line in board_lines(GEOMETRY, played_city(), SEATS)]


def test_a_board_before_the_game_shows_every_territory_by_name():
    lines = board_lines(GEOMETRY, None, [])
    names = {square(lines, GEOMETRY.board.grid.name(c)) for t in GEOMETRY.board.territories for c in t.cells}
    assert names == {t.id for t in GEOMETRY.board.territories}


def test_the_picture_shows_every_square_building_street_and_worker():
    import xml.etree.ElementTree as ET
    from nycrules.games.ny1901.picture import board_svg

    city = played_city()
    root = ET.fromstring(board_svg(GEOMETRY, city, SEATS))
    ns = {"s": "http://www.w3.org/2000/svg"}
    squares = root.findall(".//s:rect[@data-square]", ns)
    assert len(squares) == GEOMETRY.board.grid.size and squares[0].get("data-square") == "A1"
    marks = root.findall(".//s:text[@class='generation']", ns)
    assert [(m.text, m.get("data-tile"), m.get("data-owner")) for m in marks] == [("B", "bronze_3l", "0")]
    assert len(root.findall(".//s:rect[@class='building-square']", ns)) == 3
    streets = {t.text for t in root.findall(".//s:text[@class='street']", ns)}
    assert streets == {s.name for s in GEOMETRY.board.streets}
    workers = [w.get("data-territory") for w in root.findall(".//s:circle[@class='worker']", ns)]
    assert workers == ["b4"]  # Ann's worker came back when she built; Bob's stands on b4
    assert [t.text for t in root.findall(".//s:text[@class='seat-name']", ns)] == SEATS


def test_a_district_not_played_is_shown_out_of_play_in_the_text_and_the_picture():
    """Two seats: the pink district is removed (2.3). The text board shows its squares `xx` and its key
    says so, not `p pink`; the picture draws them grey and hatched, unnamed, with a key line."""
    import xml.etree.ElementTree as ET
    from nycrules.games.ny1901.picture import OUT_FILL, board_svg

    city = City(GEOMETRY, 2, 4)
    city.remove_district(GEOMETRY, "pink")
    lines = board_lines(GEOMETRY, city, ["Ann", "Bob"])
    text = "\n".join(lines)
    assert "xx pink: not played" in text and "p pink" not in text and "y yellow" in text
    assert square(lines, "A17") == "xx" and square(lines, "A1") == "y1"
    pink = {GEOMETRY.board.grid.name(c) for t in GEOMETRY.board.territories if t.district == "pink" for c in t.cells}
    root = ET.fromstring(board_svg(GEOMETRY, city, ["Ann", "Bob"]))
    ns = {"s": "http://www.w3.org/2000/svg"}
    out = {r.get("data-square"): r.get("fill") for r in root.findall(".//s:rect[@data-square]", ns)
           if "out" in r.get("class").split()}
    assert set(out) == pink and set(out.values()) == {OUT_FILL}
    assert len(root.findall(".//s:path[@class='hatch']", ns)) == len(pink) + 1  # each square, and the key's
    names = {t.text for t in root.findall(".//s:text[@class='territory-name']", ns)}
    assert "y1" in names and not any(name.startswith("p") for name in names)
    assert [t.text for t in root.findall(".//s:text[@class='out-name']", ns)] == ["not played: the pink district"]
    played = ET.fromstring(board_svg(GEOMETRY, played_city(), SEATS))  # three seats: pink in play, drawn pink
    assert not played.findall(".//s:path[@class='hatch']", ns) and not played.findall(".//s:text[@class='out-name']", ns)
