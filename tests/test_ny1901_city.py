"""New York 1901's mechanics on a board set up for the rulebook's worked examples: claiming,
building over several territories, workers coming back, demolishing whole buildings, bare
territories, a legendary counted once per street and in both districts it straddles."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from nycrules.games.ny1901.board import load_board
from nycrules.games.ny1901.city import FREE, City
from nycrules.games.ny1901.geometry import Geometry
from nycrules.games.ny1901.tiles import load_tiles

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901"

#      A   B   C   D   E   F   G   H
BOARD = """
board:
  districts: {y: yellow, b: blue, r: red}
  streets: {C: Cedar Street}
  map: |
    -   -   -   -   -   -   -   -
    y1  y1  y1  y2  y2  #   #   #
    b1  b1  b2  b2  r1  r1  r2  r2
    C   C   C   C   C   C   C   C
  start_lots:
    y2: {character: Y, symbol: a}
    b1: {character: B, symbol: b}
    r1: {character: R, symbol: c}
  territory_cards:
    yellow: {size2: 1, size3: 1}
    blue: {size2: 2, size3: 0}
    red: {size2: 2, size3: 0}
"""
TILES = """
tiles:
  player_colours: [green, blue]
  starter: {shape: ["##"]}
  skyscrapers:
    - {id: bronze_2, generation: bronze, points: 2, shape: ["##"]}
    - {id: bronze_3, generation: bronze, points: 3, shape: ["###"]}
    - {id: silver_5, generation: silver, points: 6, shape: ["#####"]}
    - {id: gold_3, generation: gold, points: 7, shape: ["###"]}
  legendaries:
    - {id: metropolitan_life, name: Metropolitan Life, points: 12, height: 700, shape: ["######"]}
"""
GREEN, BLUE = 0, 1


@pytest.fixture()
def table(tmp_path) -> tuple[Geometry, City]:
    (tmp_path / "board.yaml").write_text(BOARD, encoding="utf-8")
    (tmp_path / "tiles.yaml").write_text(TILES, encoding="utf-8")
    geometry = Geometry(load_board(tmp_path / "board.yaml"), load_tiles(tmp_path / "tiles.yaml"))
    return geometry, City(geometry, seats=2, workers=4)


def cells(geometry: Geometry, *names: str) -> frozenset[int]:
    return frozenset(geometry.board.grid.cell_named(n) for n in names)


def territory(geometry: Geometry, ident: str) -> int:
    return [t.id for t in geometry.board.territories].index(ident)


def spot(geometry: Geometry, tile: str, anchor: str, rotation: int = 0):
    found = geometry.spot(geometry.tile_index(tile), geometry.board.grid.cell_named(anchor), rotation)
    assert found is not None
    return found


def test_examples_1_and_2_partial_fill_then_a_building_over_two_territories(table):
    geometry, city = table
    y1, y2 = territory(geometry, "y1"), territory(geometry, "y2")
    city.claim(GREEN, y1)
    assert city.free_workers[GREEN] == 3 and city.estate(geometry, GREEN) == cells(geometry, "A2", "B2", "C2")
    first = spot(geometry, "bronze_2", "A2")
    assert first.fronts and first.cells <= city.estate(geometry, GREEN)
    assert city.build(geometry, GREEN, first) == [y1]  # the worker comes back
    assert city.free_workers[GREEN] == 4 and city.bare(geometry, GREEN) == []
    assert city.estate(geometry, GREEN) == cells(geometry, "A2", "B2", "C2")  # C2 stays in the estate, unbuilt
    city.claim(GREEN, y2)
    inside = geometry.spots_inside(geometry.tile_index("bronze_3"), city.estate(geometry, GREEN))
    free = [s for s in inside if not city.under_spot(s.cells)]
    assert [(geometry.board.grid.name(s.anchor), s.rotation) for s in free] == [("C2", 0)]  # new space + leftover
    assert city.build(geometry, GREEN, free[0]) == [y2]
    assert geometry.tile_index("bronze_3") not in city.unbuilt[GREEN]


def test_example_3_a_building_over_three_territories_of_two_districts_brings_three_workers_back(table):
    geometry, city = table
    for ident in ("b1", "b2", "r1"):
        city.claim(BLUE, territory(geometry, ident))
    silver = spot(geometry, "silver_5", "A3")
    assert silver.districts == ("blue", "red") and silver.streets == ("C",)
    back = city.build(geometry, BLUE, silver)
    assert len(back) == 3 and city.free_workers[BLUE] == 4
    f3 = geometry.board.grid.cell_named("F3")
    assert f3 in city.estate(geometry, BLUE) and city.under[f3] == FREE  # one red square left, still Blue's


def test_example_4_a_demolition_removes_whole_buildings_and_leaves_a_bare_territory(table):
    geometry, city = table
    city.claim(GREEN, territory(geometry, "y1"))
    city.build(geometry, GREEN, spot(geometry, "bronze_2", "A2"))
    city.claim(GREEN, territory(geometry, "y2"))
    city.build(geometry, GREEN, spot(geometry, "bronze_3", "C2"))
    gold = spot(geometry, "gold_3", "A2")
    doomed = city.under_spot(gold.cells)
    assert doomed == [0, 1]  # the bronze on C2-E2 is under the footprint only at C2: removed whole (A7)
    for number in doomed:
        city.demolish(geometry, number)
    city.build(geometry, GREEN, gold)
    assert city.standing() == [2]
    assert city.bare(geometry, GREEN) == [territory(geometry, "y2")]  # must get a worker, or no demolition
    city.place_worker(GREEN, territory(geometry, "y2"))
    assert city.bare(geometry, GREEN) == [] and city.free_workers[GREEN] == 3


def test_example_5_a_legendary_replaces_a_silver_and_counts_once_per_street(table):
    geometry, city = table
    for ident in ("b1", "b2", "r1"):
        city.claim(BLUE, territory(geometry, ident))
    city.build(geometry, BLUE, spot(geometry, "silver_5", "A3"))
    city.claim(BLUE, territory(geometry, "r2"))
    legend = spot(geometry, "metropolitan_life", "C3")
    assert city.under_spot(legend.cells) == [0]
    city.demolish(geometry, 0)
    assert city.build(geometry, BLUE, legend) == [territory(geometry, "r2")]  # a worker comes back
    assert city.king[BLUE] == geometry.tile_index("metropolitan_life")
    assert legend.streets == ("C",) and legend.districts == ("blue", "red")  # one building for Cedar Street
    assert city.bare(geometry, BLUE) == [territory(geometry, "b1")]
    with pytest.raises(ValueError):
        city.build(geometry, GREEN, spot(geometry, "metropolitan_life", "C3"))  # built already


def test_impossible_mechanics_are_refused(table):
    geometry, city = table
    y1 = territory(geometry, "y1")
    city.claim(GREEN, y1)
    with pytest.raises(ValueError):
        city.claim(BLUE, y1)  # in an estate already
    city.build(geometry, GREEN, spot(geometry, "bronze_2", "A2"))
    with pytest.raises(ValueError):
        city.build(geometry, GREEN, spot(geometry, "bronze_3", "B2"))  # a building stands on B2
    with pytest.raises(ValueError):
        city.give_up(GREEN, y1)  # its worker came back when the building went up
    for ident in ("b1", "b2", "r1", "r2"):
        city.claim(BLUE, territory(geometry, ident))
    assert city.free_workers[BLUE] == 0
    with pytest.raises(ValueError):
        city.place_worker(BLUE, territory(geometry, "b1"))


def test_taking_a_worker_back_frees_the_territory_and_its_card_goes_under_the_pile(table):
    geometry, city = table
    r2 = territory(geometry, "r2")
    city.open_market, city.future = [r2, 0], [1, 2]
    city.take_card(BLUE, r2)
    city.claim(BLUE, r2)
    assert city.refill(2) and city.open_market == [0, 1] and city.future == [2]
    city.give_up(BLUE, r2)
    city.return_card(BLUE, r2)
    assert city.holder[r2] == FREE and city.free_workers[BLUE] == 4 and city.future == [2, r2]
    city.open_market = []
    assert not city.refill(3) and city.future == []


def test_a_copy_is_independent(table):
    geometry, city = table
    city.claim(GREEN, territory(geometry, "y1"))
    twin = copy.deepcopy(city)
    twin.build(geometry, GREEN, spot(geometry, "bronze_2", "A2"))
    assert city.standing() == [] and city.free_workers[GREEN] == 3 and twin.free_workers[GREEN] == 4


def test_the_assumed_board_precomputes_every_placement_with_a_stable_key():
    geometry = Geometry(load_board(FOLDER / "board.yaml"), load_tiles(FOLDER / "tiles.yaml"))
    grid = geometry.board.grid
    assert len(geometry.cards) == 65 and len(geometry.order) == 18 + 4 + 1
    for number in range(len(geometry.order)):
        for s in geometry.spots(number):
            assert geometry.spot(number, s.anchor, s.rotation) is s and s.anchor in s.cells
            assert all(grid.kinds[c] == "lot" for c in s.cells)
            assert s.fronts == grid.touches(s.cells, geometry.board.frontage)
    ell = geometry.tile_index("bronze_3l")
    assert {s.rotation for s in geometry.spots(ell)} == {0, 1, 2, 3}
    inland = [s for s in geometry.spots(ell) if not s.fronts]
    assert inland  # placements that break rule 3 exist, for the rules to refuse


def test_the_games_values_have_stable_option_keys():
    from nycrules.engine.decisions import option_key
    geometry = Geometry(load_board(FOLDER / "board.yaml"), load_tiles(FOLDER / "tiles.yaml"))
    spot = geometry.spot(geometry.tile_index("bronze_3l"), geometry.board.grid.cell_named("H1"), 0)
    assert option_key(spot) == "spot:bronze_3l@H1/0" and str(spot) == "H1"
    assert option_key(geometry.board.territory("y5")) == "territory:y5"
    assert option_key(geometry.cards[geometry.territory_number("y5")]) == "territory_card:yellow/2"
    assert option_key(geometry.order[geometry.tile_index("gold_6r")]) == "tile:gold_6r"
    assert option_key(geometry.board.streets[0]) == "street:B"
    assert option_key([geometry.board.territory("y5"), geometry.board.territory("y4")]) == "territory:y5+territory:y4"
