"""The rulebook's five worked examples (2.13 of our notes), played through the rules of
rulesets/ny1901/ruleset.yaml on a board set up for them (tests/test_ny1901_city.py), each decision
answered as the example's player answers it (tests/ny1901_games.py)."""

from __future__ import annotations

import pytest

from ny1901_games import new_game, run, scripted
from nycrules.games.ny1901.board import load_board
from nycrules.games.ny1901.geometry import Geometry
from nycrules.games.ny1901.tiles import load_tiles
from test_ny1901_city import BOARD, TILES

GREEN, BLUE = 0, 1


@pytest.fixture(scope="module")
def geometry(tmp_path_factory) -> Geometry:
    folder = tmp_path_factory.mktemp("examples")
    (folder / "board.yaml").write_text(BOARD, encoding="utf-8")
    (folder / "tiles.yaml").write_text(TILES, encoding="utf-8")
    return Geometry(load_board(folder / "board.yaml"), load_tiles(folder / "tiles.yaml"))


def table(geometry: Geometry, market: list[str]):
    """Two seats, no starter buildings; the Open Market holds a card of each named territory's kind
    (its own card), the Future Market every other card; Market Shift already used, so it asks nothing."""
    game = new_game(2, 1, geometry)
    city = game.city
    numbers = [geometry.territory_number(t) for t in market]
    city.open_market = numbers
    city.future = [c for c in range(len(geometry.cards)) if c not in numbers]
    for seat in (GREEN, BLUE):
        city.used_actions[seat].append("market_shift")
    city.bonus = "gold_tycoon"
    return game


def deal(game, geometry: Geometry, market: list[str]) -> None:
    """The Open Market holds the cards of these territories; the Future Market every card nobody holds."""
    city = game.city
    held = {c for cards in city.held for c in cards}
    city.open_market = [geometry.territory_number(t) for t in market]
    city.future = [c for c in range(len(geometry.cards)) if c not in held and c not in city.open_market]


def territory(geometry: Geometry, ident: str) -> int:
    return geometry.territory_number(ident)


def turn(game, seat: int, answers: list[tuple[str, str]]) -> list:
    """One turn of the seat, its decisions answered in order; every answer is used."""
    asked = scripted(game, answers)
    run(game, ("step", "turn"), game.seats[seat])
    run(game, ("step", "construction_boom"), game.seats[seat])
    assert answers == [], f"decisions the turn did not ask: {answers}"
    return asked


def test_examples_1_and_2(geometry):
    game = table(geometry, ["y1"])
    green, city = game.seats[GREEN], game.city
    # 1: Green claims the 3-square yellow territory and builds a 2-square bronze on part of it.
    turn(game, GREEN, [("Build a skyscraper?", "yes"), ("Which skyscraper?", "bronze 2"), ("Where?", "A2")])
    assert green.points == 2 and city.free_workers[GREEN] == 4  # 2 points; the worker came back
    c2 = geometry.board.grid.cell_named("C2")
    assert city.holder[territory(geometry, "y1")] == GREEN and city.under[c2] == -1  # C2 stays in the estate
    # 2: he claims the 2-square yellow territory beside it and builds over the new land and C2.
    deal(game, geometry, ["y2"])
    asked = turn(game, GREEN, [("Build a skyscraper?", "yes")])
    assert asked == [("Build a skyscraper?", "yes")]  # one tile fits, in one place: nothing else to ask
    assert green.points == 5 and city.free_workers[GREEN] == 4


def test_example_3_a_silver_over_three_territories(geometry):
    game = table(geometry, ["r1"])
    blue, city = game.seats[BLUE], game.city
    for ident in ("b1", "b2"):
        city.claim(BLUE, territory(geometry, ident))
    city.held[BLUE] = [territory(geometry, "b1"), territory(geometry, "b2")]
    deal(game, geometry, ["r1"])
    blue.points = 6  # silver is unlocked at 6 points
    turn(game, BLUE, [("Put your worker", "r1"), ("Build a skyscraper?", "yes"), ("Which skyscraper?", "silver 5"),
                      ("Where?", "A3")])
    assert blue.points == 12 and city.free_workers[BLUE] == 4  # 6 points, 3 workers back at once
    assert geometry.board.grid.cell_named("F3") in city.estate(geometry, BLUE)  # 1 red square left


def test_example_4_a_demolition_that_leaves_a_territory_bare(geometry):
    game = table(geometry, ["y1"])
    green, city = game.seats[GREEN], game.city
    turn(game, GREEN, [("Build a skyscraper?", "yes"), ("Which skyscraper?", "bronze 2"), ("Where?", "A2")])
    deal(game, geometry, ["y2"])
    turn(game, GREEN, [("Build a skyscraper?", "yes")])
    green.points = 18  # past 18: gold
    deal(game, geometry, ["r2"])
    turn(game, GREEN, [("Expand or demolish?", "demolish"), ("Which skyscraper replaces", "gold 3"), ("Where?", "A2")])
    standing = [geometry.order[city.buildings[n][0]].id for n in city.standing()]
    assert standing == ["gold_3"] and green.points == 25  # both bronzes gone whole; 7 points
    y2 = territory(geometry, "y2")
    assert city.worker[y2] and city.free_workers[GREEN] == 3  # the bare territory got a worker
    assert "claims" not in " ".join(e.text for e in game.events[-6:])  # a demolition takes no card


def test_example_5_a_legendary_replaces_a_silver(geometry):
    game = table(geometry, ["r1", "r2"])
    blue, city = game.seats[BLUE], game.city
    for ident in ("b1", "b2"):
        city.claim(BLUE, territory(geometry, ident))
    blue.points = 6
    # the two red size-2 cards are alike: one option, taken without asking
    turn(game, BLUE, [("Land Grab", "no"), ("Put your worker", "r1"),
                      ("Build a skyscraper?", "yes"), ("Which skyscraper?", "silver 5"), ("Where?", "A3")])
    deal(game, geometry, ["r2"])
    turn(game, BLUE, [("Build a skyscraper?", "no")])  # claims r2: one card, one territory, nothing to choose
    assert city.worker[territory(geometry, "r2")]
    blue.points = 18
    deal(game, geometry, ["y1"])
    turn(game, BLUE, [("Expand or demolish?", "demolish"), ("Which skyscraper replaces", "Metropolitan Life"),
                      ("Where?", "C3")])
    assert city.king[BLUE] == geometry.tile_index("metropolitan_life") and blue.points == 30  # 12 points
    assert not city.worker[territory(geometry, "r2")]  # its worker came back
    assert city.worker[territory(geometry, "b1")]  # b1 was left bare: a worker went there
    city.streets = ["C"]
    run(game, ("score", "streets"), blue)
    assert blue.points == 35  # one building on Cedar Street, the only one there: 5 points
    run(game, ("score", "bonus"), blue)
    assert blue.points == 35  # Gold Tycoon needs 2 gold buildings in a district: 1 in blue and red each
