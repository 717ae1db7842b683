"""New York 1901's board and tile files: the shipped (assumed) ones load, and each mistake a
transcriber can make is told at its file:line:col in plain words."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from nycrules.diagnostics import RulesetInvalid, Sink, SourceTexts
from nycrules.engine.shapes import placements
from nycrules.games import load, names, problem
from nycrules.games.ny1901.board import LOT, load_board, read_board
from nycrules.games.ny1901.tiles import GENERATIONS, load_tiles, read_tiles

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901"
BOARD_TEXT = (FOLDER / "board.yaml").read_text(encoding="utf-8")
TILES_TEXT = (FOLDER / "tiles.yaml").read_text(encoding="utf-8")


def problems(tmp_path: Path, text: str, reader=read_board, name: str = "board.yaml") -> list[str]:
    """Each diagnostic as 'LINE:COL CODE message' for a file holding `text`."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    sink = Sink()
    found = reader(path, sink, SourceTexts())
    assert (found is None) == bool(sink.items)
    return [f"{d.location.line}:{d.location.column} {d.code} {d.message}" for d in sink.sorted()]


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


def swapped(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


# ------------------------------------------------------------------ the shipped board
def test_the_assumed_board_has_five_districts_of_thirteen_territories():
    board = load_board(FOLDER / "board.yaml")
    assert board.assumed and "assumed" in board.assumed
    assert board.districts == ("yellow", "blue", "red", "green", "pink")
    assert Counter(t.district for t in board.territories) == {d: 13 for d in board.districts}
    assert {t.size for t in board.territories} == {2, 3}
    assert all(board.grid.connected(t.cells) for t in board.territories)
    assert sorted(s.name for s in board.streets) == ["Broadway", "Cedar Street", "Fulton Street", "Nassau & Broad",
                                                       "Wall Street"]
    assert [s.name for s in board.streets if s.assumed] == ["Fulton Street"]
    assert board.grid.of_kind("park") and sum(board.deck.values()) == 65


def test_the_deck_is_one_card_per_territory_and_start_lots_are_size_two_one_per_district():
    board = load_board(FOLDER / "board.yaml")
    assert board.deck == Counter((t.district, t.size) for t in board.territories)
    starts = [board.territory(s.territory) for s in board.start_lots]
    assert [t.size for t in starts] == [2] * 5 and sorted(t.district for t in starts) == sorted(board.districts)
    assert {s.character for s in board.start_lots} >= {"David Schneider"}
    pink = next(s for s in board.start_lots if board.territory(s.territory).district == "pink")
    assert pink.character == "David Schneider"  # the 2-seat rule removes him with the pink district


def test_blocks_are_bounded_by_streets_and_can_hold_several_districts():
    board = load_board(FOLDER / "board.yaml")
    grid = board.grid
    blocks = grid.labels("block")
    assert len(blocks) == 13
    for block in blocks:
        cells = grid.cells_of("block", block)
        assert grid.around(cells) <= grid.of_kind("street", "park")  # nothing but streets and parks beside it
    assert any(len(grid.labels_under("district", grid.cells_of("block", b))) > 1 for b in blocks)  # example 3


def test_every_start_lot_and_some_territories_far_from_streets_exist():
    board = load_board(FOLDER / "board.yaml")
    front = board.frontage
    assert all(board.grid.touches(board.territory(s.territory).cells, front) for s in board.start_lots)
    inland = [t.id for t in board.territories if not board.grid.touches(t.cells, front)]
    assert inland  # a territory a building reaches a street from only with a neighbour's help


def test_every_shipped_tile_fits_somewhere_on_the_assumed_board():
    board, tiles = load_board(FOLDER / "board.yaml"), load_tiles(FOLDER / "tiles.yaml")
    lots = board.grid.of_kind(LOT)
    for tile in (tiles.starter, *tiles.skyscrapers, *tiles.legendaries):
        fits = [p for p in placements(board.grid, tile.shape, lots) if board.grid.touches(p.cells, board.frontage)]
        assert fits, tile.id


# ------------------------------------------------------------------ mistakes in a board file
def test_a_territory_in_two_pieces(tmp_path):
    # y1 is A1-B1; write y1 at D1 too (D1 was y3)
    text = swapped(BOARD_TEXT, "    y1  y1  y2  y3  B", "    y1  y1  y2  y1  B")
    found = problems(tmp_path, text)
    row = line_of(BOARD_TEXT, "    y1  y1  y2  y3")
    assert f"{row}:5 E602 territory y1 is in 2 pieces (at A1, D1): its squares must share edges" in found


def test_a_territory_of_the_wrong_size_and_a_deck_that_does_not_match(tmp_path):
    text = swapped(BOARD_TEXT, "    y1  y1  y2  y3  B", "    y1  y1  y1  y1  B")  # y1: 4 squares; y2, y3: 2
    found = problems(tmp_path, text)
    row = line_of(BOARD_TEXT, "    y1  y1  y2  y3")
    assert f"{row}:5 E603 territory y1 has 4 squares; a territory has 2 or 3" in found
    one = swapped(BOARD_TEXT, "    y1  y1  y2  y3  B", "    y1  y0  y2  y3  B")
    assert f"{row}:9 E603 territory y0 has 1 square; a territory has 2 or 3" in problems(tmp_path, one)
    deck = swapped(BOARD_TEXT, "yellow: {size2: 9, size3: 4}", "yellow: {size2: 8, size3: 4}")
    line = line_of(BOARD_TEXT, "yellow: {size2: 9")
    assert problems(tmp_path, deck) == [f"{line}:21 E604 the deck has 8 yellow size-2 cards, but the map has 9 yellow "
                                        "territories of size 2: there is one card for each territory"]
    gone = swapped(BOARD_TEXT, "    pink: {size2: 8, size3: 5}\n", "")
    assert [f.split(" ", 1)[1] for f in problems(tmp_path, gone)] == [
        "E604 territory_cards has no entry for the pink district"]


def test_a_square_the_map_does_not_know_and_a_short_row(tmp_path):
    row = line_of(BOARD_TEXT, "    y1  y1  y2  y3")
    found = problems(tmp_path, swapped(BOARD_TEXT, "    y1  y1  y2  y3  B", "    y1  y1  y2  q3  B"))
    assert found[0] == f"{row}:17 E601 square 'q3': no district has the letter 'q'; the districts are y, b, r, g, p"
    found = problems(tmp_path, swapped(BOARD_TEXT, "    y1  y1  y2  y3  B", "    y1  y1  y2  X  B"))
    assert found[0].startswith(f"{row}:17 E601 square 'X' is not a square of the map: write a territory")
    short = swapped(BOARD_TEXT, "    y4  y2  y2  y3  B   ", "    y4  y2  y2  y3  ")
    assert problems(tmp_path, short) == [f"{row + 1}:5 E601 this row of the map has 13 squares, the first row 14; "
                                         "every row needs one token per square"]


def test_a_start_lot_of_three_squares_a_missing_one_and_two_in_a_district(tmp_path):
    text = swapped(BOARD_TEXT, "    y8: {character", "    y3: {character")
    line = line_of(text, "    y3: {character")
    assert f"{line}:5 E605 start lot y3 has 3 squares; a start lot has 2" in problems(tmp_path, text)
    text = swapped(BOARD_TEXT, "    b4: {character", "    y1: {character")
    found = problems(tmp_path, text)
    assert any("E605 start lots y8 and y1 are both in the yellow district; each district has one" in f for f in found)
    assert any("E605 the blue district has no start lot" in f for f in found)
    text = swapped(BOARD_TEXT, "    b4: {character", "    b99: {character")
    assert any("E605 start lot 'b99' is no territory of the map" in f for f in problems(tmp_path, text))


def test_a_street_that_touches_no_territory(tmp_path):
    text = swapped(BOARD_TEXT, "    C: Cedar Street\n", "    C: Cedar Street\n    Z: Zero Street\n")
    text = swapped(text, "    p4  p4  p5  p5  B   p9  p10 p10 p11 -   *   *   *   *",
                   "    p4  p4  p5  p5  B   p9  p10 p10 p11 -   *   Z   *   *")
    line = line_of(text, "    Z: Zero Street")
    assert problems(tmp_path, text) == [f"{line}:5 E606 street Zero Street (Z) touches no territory: a street counts "
                                        "only beside buildings, so put its letter on squares next to territories"]
    unused = swapped(BOARD_TEXT, "    C: Cedar Street\n", "    C: Cedar Street\n    Z: Zero Street\n")
    assert problems(tmp_path, unused) == [f"{line}:5 E606 street Zero Street (Z) has no square on the map"]


def test_letters_and_colours_of_the_legend(tmp_path):
    text = swapped(BOARD_TEXT, "    p: pink\n", "    p: pink\n    Q: orange\n    o: pink\n")
    found = problems(tmp_path, text)
    assert any("E601 districts: 'Q' must be a lower-case letter" in f for f in found)
    assert any("E601 districts: the colour 'pink' is given to two letters" in f for f in found)


def test_schema_errors_are_located_and_named(tmp_path):
    text = swapped(BOARD_TEXT, "yellow: {size2: 9, size3: 4}", "yellow: {size2: nine, size3: 4}")
    found = problems(tmp_path, text)
    assert len(found) == 1 and "E203 board.territory_cards.yellow.size2 must be" in found[0]
    assert problems(tmp_path, "board: [\n") [0].startswith("2:1 E101")
    assert problems(tmp_path, "") == ["1:1 E201 the board file is empty"]


def test_a_file_that_is_not_there_or_not_a_file(tmp_path):
    sink = Sink()
    assert read_board(tmp_path, sink, SourceTexts()) is None
    assert "it is a folder, not a file" in sink.items[0].message
    with pytest.raises(RulesetInvalid, match="no such file"):
        load_board(tmp_path / "missing.yaml")


# ------------------------------------------------------------------ the tile file
def test_the_assumed_tiles():
    tiles = load_tiles(FOLDER / "tiles.yaml")
    assert tiles.assumed and len(tiles.player_colours) == 4
    assert Counter(GENERATIONS[t.generation] for t in tiles.skyscrapers) == {"bronze": 6, "silver": 6, "gold": 6}
    assert all(2 <= t.shape.size <= 6 and 2 <= t.points <= 8 for t in tiles.skyscrapers)
    assert (tiles.starter.shape.size, tiles.starter.points, tiles.starter.generation) == (2, 0, 0)  # A5
    assert tiles.tile("metropolitan_life").points == 12 and len(tiles.legendaries) == 4
    assert len({t.height for t in tiles.legendaries}) == 4  # the height breaks a tie


def test_tile_mistakes(tmp_path):
    def tile_problems(old: str, new: str) -> list[str]:
        return problems(tmp_path, swapped(TILES_TEXT, old, new), read_tiles, "tiles.yaml")

    apart = tile_problems('["##", "#."], irregular: true}', '["#.", ".#"], irregular: true}')
    assert len(apart) == 1 and "E607 skyscraper bronze_3l: the shape's squares are not all joined" in apart[0]
    marked = tile_problems('bronze_4o, generation: bronze, points: 4, shape: ["##", "##"]}',
                           'bronze_4o, generation: bronze, points: 4, shape: ["##", "##"], irregular: true}')
    assert len(marked) == 1 and ("E608 skyscraper bronze_4o is marked irregular, but its shape is a rectangle"
                                 in marked[0])
    drawn = tile_problems('shape: ["#..", "#..", "###"]', 'shape: ["#..", "#x.", "###"]')
    assert len(drawn) == 1 and "E607 skyscraper gold_5v: a shape is drawn with # (a square) and . (none)" in drawn[0]
    twice = tile_problems("{id: bronze_2b,", "{id: bronze_2a,")
    assert len(twice) == 2 and all("E609 the id bronze_2a is used by 2 tiles" in f for f in twice)
    generation = tile_problems("generation: gold, points: 8, shape: [\"###\", \"###\"]",
                               "generation: platinum, points: 8, shape: [\"###\", \"###\"]")
    assert len(generation) == 1 and "E204" in generation[0] and "bronze, silver, gold" in generation[0]


# ------------------------------------------------------------------ a ruleset names its game by a plain name
def test_a_game_is_found_only_by_a_plain_name_among_the_games_folders():
    assert "ny1901" in names()
    assert problem("ny1901") is None and load("ny1901").__name__ == "nycrules.games.ny1901"
    for bad in ("os", "ny1901.board", "../ny1901", "NY1901", "", 3, "x" * 500):
        why = problem(bad)
        assert why is not None and why.endswith("the games are: " + ", ".join(names()))
        with pytest.raises(ValueError):
            load(bad)  # type: ignore[arg-type]


def test_the_check_command_for_transcribers(tmp_path, capsys):
    from nycrules.games.ny1901.check import main
    assert main([str(FOLDER / "board.yaml"), str(FOLDER / "tiles.yaml")]) == 0
    assert capsys.readouterr().out.count("no problem found") == 2
    broken = tmp_path / "board.yaml"
    broken.write_text(swapped(BOARD_TEXT, "    y1  y1  y2  y3  B", "    y1  y1  y2  y1  B"), encoding="utf-8")
    assert main([str(broken)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(":5: error[E602]: territory y1 is in 2 pieces (at A1, D1): its squares must share edges")
    assert out[1].strip().startswith("y1  y1  y2  y1") and out[2] == "      ^"
