"""The generic board mechanisms: a grid of cells with regions, polyomino shapes and their placements."""

from __future__ import annotations

import pytest

from nycrules.engine.grid import Grid, column_letters
from nycrules.engine.shapes import Shape, placement_at, placements

# A 4 x 3 board:   A B C D
#                1 a a - p
#                2 b b - .
#                3 b c c c
ROWS = ["aa-p", "bb-.", "bccc"]


def small_grid() -> Grid:
    kinds = tuple({"-": "street", "p": "park", ".": "none"}.get(ch, "lot") for row in ROWS for ch in row)
    lots = tuple(ch if ch in "abc" else None for row in ROWS for ch in row)
    return Grid(4, 3, kinds, {"lot": lots})


def test_cells_are_named_as_people_name_them_and_read_back():
    grid = small_grid()
    assert grid.name(0) == "A1" and grid.name(grid.cell(3, 2)) == "D3"
    assert grid.cell_named("d3") == grid.cell(3, 2)
    assert [grid.cell_named(text) for text in ("E1", "A4", "A0", "3A", "", "A", "Ä1")] == [None] * 7
    assert [column_letters(n) for n in (0, 25, 26, 27, 701)] == ["A", "Z", "AA", "AB", "ZZ"]


def test_neighbours_share_an_edge_and_corners_do_not_count():
    grid = small_grid()
    a1, b2, c1 = grid.cell(0, 0), grid.cell(1, 1), grid.cell(2, 0)
    assert sorted(grid.neighbours[a1]) == [grid.cell(1, 0), grid.cell(0, 1)]
    assert len(grid.neighbours[b2]) == 4
    street = grid.of_kind("street")
    assert grid.touches({grid.cell(1, 0)}, street)  # B1 is beside C1
    assert not grid.touches({a1}, street)
    assert not grid.touches({grid.cell(3, 1)}, frozenset({grid.cell(2, 0)}))  # D2 and C1 meet at a corner only
    assert grid.around({a1}) == frozenset({grid.cell(1, 0), grid.cell(0, 1)})
    assert c1 in grid.around({grid.cell(1, 0)})


def test_regions_know_their_cells_and_what_a_footprint_covers():
    grid = small_grid()
    assert grid.labels("lot") == ("a", "b", "c")
    assert grid.cells_of("lot", "b") == frozenset({grid.cell(0, 1), grid.cell(1, 1), grid.cell(0, 2)})
    assert grid.labels_under("lot", {grid.cell(1, 1), grid.cell(1, 2), grid.cell(2, 0)}) == ("b", "c")
    assert grid.cells_of("lot", "z") == frozenset() and grid.labels("district") == ()


def test_connected_parts_follow_edges_only():
    grid = small_grid()
    assert grid.connected(grid.cells_of("lot", "b"))
    diagonal = {grid.cell(0, 0), grid.cell(1, 1)}
    assert not grid.connected(diagonal) and len(grid.parts(diagonal)) == 2
    assert not grid.connected(set())


def test_a_grid_refuses_a_wrong_number_of_cells():
    with pytest.raises(ValueError):
        Grid(2, 2, ("lot",) * 3)
    with pytest.raises(ValueError):
        Grid(2, 2, ("lot",) * 4, {"lot": ("a",) * 3})


def test_shapes_read_from_rows_normalised():
    ell = Shape.from_rows([".#.", ".##"])
    assert ell.cells == ((0, 0), (0, 1), (1, 1)) and ell.rows() == ("#.", "##")
    assert ell.size == 3 and ell.connected() and not ell.rectangular()
    assert Shape.from_rows(["###", "###"]).rectangular()
    assert not Shape.from_rows(["#.", ".#"]).connected()
    with pytest.raises(ValueError):
        Shape.from_rows(["..."])


def test_a_quarter_turn_is_clockwise():
    ell = Shape.from_rows(["#.", "##"])
    assert ell.turned(1).rows() == ("##", "#.")
    assert ell.turned(2).rows() == ("##", ".#")
    assert ell.turned(3).rows() == (".#", "##")
    assert ell.turned(4) == ell


@pytest.mark.parametrize("rows, count", [(["##"], 2), (["##", "##"], 1), (["#.", "##"], 4),
                                          (["###", ".#."], 4), ([".##", "##."], 2), (["####"], 2)])
def test_orientations_leave_out_repeated_footprints(rows, count):
    assert len(Shape.from_rows(rows).orientations()) == count


def test_no_mirroring_unless_asked():
    s_shape, z_shape = Shape.from_rows([".##", "##."]), Shape.from_rows(["##.", ".##"])
    plain = {shape.cells for _, shape in s_shape.orientations()}
    assert z_shape.cells not in plain and z_shape.turned(1).cells not in plain
    both = {shape.cells for _, shape in s_shape.orientations(mirror=True)}
    assert z_shape.cells in both and len(both) == 4
    numbers = [n for n, _ in Shape.from_rows(["#.", "##", "#."]).orientations(mirror=True)]
    assert numbers == [0, 1, 2, 3]  # a T mirrored is itself: nothing from 4 up


def test_placements_inside_a_set_of_cells_with_stable_keys():
    grid = Grid(3, 3, ("lot",) * 9)
    domino = Shape.from_rows(["##"])
    found = placements(grid, domino, grid.of_kind("lot"))
    assert len(found) == 12  # 6 lying, 6 standing
    assert len({p.cells for p in found}) == 12
    first = found[0]
    assert (first.anchor, first.rotation, first.cells) == (0, 0, frozenset({0, 1}))
    for p in found:
        assert p.anchor in p.cells and placement_at(grid, domino, p.anchor, p.rotation) == p.cells
    inside = frozenset({0, 1, 3})
    assert {(p.anchor, p.rotation) for p in placements(grid, domino, inside)} == {(0, 0), (0, 1)}


def test_the_anchor_is_the_turned_shapes_first_square():
    grid = Grid(4, 4, ("lot",) * 16)
    ell = Shape.from_rows(["#.", "##"])  # turned twice: "##" over ".#", its first square at the top left
    assert placement_at(grid, ell, grid.cell(1, 1), 2) == {grid.cell(1, 1), grid.cell(2, 1), grid.cell(2, 2)}
    turned3 = placement_at(grid, ell, grid.cell(2, 1), 3)  # ".#" over "##": the first square is the top one
    assert turned3 == {grid.cell(2, 1), grid.cell(1, 2), grid.cell(2, 2)}
    assert placement_at(grid, ell, grid.cell(3, 3), 0) is None  # off the board
    assert placement_at(grid, Shape.from_rows(["##"]), 0, 2) is None  # a domino has no distinct half turn
