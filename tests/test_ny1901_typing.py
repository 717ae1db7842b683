"""New York 1901 at the table: a placement typed the way a person thinks (a tile, a square, a turn),
read as one of the decision's legal options, or refused in one line saying which rule it breaks;
the legal places shown grouped by tile and marked on the board; help in the rules' terms.

Positions are set up on the shipped (assumed) board with the game's own City; the options are what
the ruleset offers there (inside the estate, touching a street or park, nothing under a plain
build), found by their keys, never by their positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from nycrules.games.ny1901.board import load_board
from nycrules.games.ny1901.city import City
from nycrules.games.ny1901.decision_help import Asked, explain
from nycrules.games.ny1901.geometry import Geometry, Spot
from nycrules.games.ny1901.options_view import marked_board, place_lines, tile_lines
from nycrules.games.ny1901.placing import split
from nycrules.games.ny1901.tiles import load_tiles
from nycrules.games.ny1901.typed_answers import (read_card, read_cards, read_place, read_territory, read_tile, read_way,
                                                 read_yes)
from nycrules.games.ny1901.why_not import Builder, why_not

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901"
GEOMETRY = Geometry(load_board(FOLDER / "board.yaml"), load_tiles(FOLDER / "tiles.yaml"))
ANN, BOB = 0, 1
UNLOCKS = {2: 6, 3: 18}


def territory(ident: str) -> int:
    return GEOMETRY.territory_number(ident)


def tile(ident: str) -> int:
    return GEOMETRY.tile_index(ident)


def cell(name: str) -> int:
    return GEOMETRY.board.grid.cell_named(name)


def builder(city: City, points: int = 0, seat: int = ANN) -> Builder:
    return Builder(GEOMETRY, city, seat, ("Ann", "Bob"), points, UNLOCKS)


def offered_tiles(b: Builder) -> list[int]:
    top = max([1] + [g for g, needed in UNLOCKS.items() if b.points >= needed])
    return [t for t in b.city.unbuilt[b.seat] if GEOMETRY.order[t].generation <= top]


def free_places(b: Builder, tiles: list[int] | None = None) -> list[Spot]:
    """What the ruleset offers for a plain build: in the estate, touching a street or park, on free squares."""
    estate = b.city.estate(GEOMETRY, b.seat)
    return [s for t in (tiles if tiles is not None else offered_tiles(b)) for s in GEOMETRY.spots_inside(t, estate)
            if s.fronts and not b.city.under_spot(s.cells)]


def key_of(spots: list[Spot], answer) -> str:
    assert isinstance(answer, int), answer
    return spots[answer].option_key


@pytest.fixture()
def corner() -> City:
    """Ann holds y8 (H1 I1) and y9 (H2 I2 I3), beside Nassau & Broad (column J) and a street (row 4)."""
    city = City(GEOMETRY, 2, 4)
    city.claim(ANN, territory("y8"))
    city.claim(ANN, territory("y9"))
    return city


# ------------------------------------------------------------------ reading a placement
@pytest.mark.parametrize("text", ["b3l at h1 r1", "bronze 3l H1 turned 90", "bronze_3l@H1/1", "B3L h1 rot 1",
                                  "b3l h1 90", "b3l on h1 turned a quarter", "spot:bronze_3l@H1/1"])
def test_every_way_of_typing_a_placement_gives_the_same_option(corner, text):
    b = builder(corner)
    spots = free_places(b)
    assert key_of(spots, read_place(b, spots, text)) == "spot:bronze_3l@H1/1"


def test_the_turn_may_be_left_out_when_only_one_fits_and_is_asked_for_when_several_do(corner):
    b = builder(corner)
    spots = free_places(b)
    assert key_of(spots, read_place(b, spots, "b4o at h1")) == "spot:bronze_4o@H1/0"
    said = read_place(b, spots, "b3l at h1")
    assert isinstance(said, str) and "r0 or r1 or r3" in said and "`b3l at h1 r" in said


def test_a_turn_giving_the_same_footprint_is_the_same_place(corner):
    b = builder(corner)
    spots = free_places(b)
    assert key_of(spots, read_place(b, spots, "b2a at h1 r2")) == "spot:bronze_2a@H1/0"


def test_a_square_under_the_tile_names_its_one_place_there(corner):
    b = builder(corner)
    spots = free_places(b, [tile("bronze_4o")])
    assert key_of(spots, read_place(b, spots, "i2")) == "spot:bronze_4o@H1/0"  # the square only: the tile is known


def test_a_tile_named_by_a_start_is_taken_when_only_one_such_tile_fits_there(corner):
    b = builder(corner)
    spots = free_places(b)
    assert key_of(spots, read_place(b, spots, "b3 at i1 r2")) == "spot:bronze_3l@I1/2"
    said = read_place(b, spots, "h1")
    assert isinstance(said, str) and "several tiles fit on H1" in said and "b3l" in said


def test_a_mistyped_tile_or_square_gets_the_name_perhaps_meant(corner):
    b = builder(corner)
    spots = free_places(b)
    said = read_place(b, spots, "bronz 3l at h1")
    assert "no tile is called 'bronz 3l'" in said and "`b3l`" in said
    assert "did you mean H1?" in read_place(b, spots, "b3l at 1h")
    assert "squares go from A1 to N19" in read_place(b, spots, "b3l at z9")
    assert "y8 is a territory, on H1, I1" in read_place(b, spots, "b3l at y8")
    assert "no turn" in read_place(b, spots, "b3l at h1 turned 45")


# ------------------------------------------------------------------ why a placement is not legal
def test_a_place_outside_the_estate_says_whose_land_it_is(corner):
    corner.claim(BOB, territory("y11"))
    b = builder(corner)
    spots = free_places(b)
    assert read_place(b, spots, "b2a at k1 r0") == ("K1, L1 are outside your estate (territory y11 is in Bob's "
                                                    "estate)")
    assert "territory y12 there is free: claim it first" in read_place(b, spots, "b2a at l1 r1")


def test_a_place_touching_no_street_or_park_is_refused_with_the_rule():
    city = City(GEOMETRY, 2, 4)
    city.claim(ANN, territory("y2"))  # B2 C1 C2: inside the block, away from every street
    city.claim(ANN, territory("y8"))
    b = builder(city)
    spots = free_places(b)
    assert read_place(b, spots, "b2a at c1 r1") == "it touches no street or park along an edge (corners do not count)"


def test_a_locked_generation_says_when_it_unlocks(corner):
    b = builder(corner, points=4)
    spots = free_places(b)
    assert read_place(b, spots, "s3i at h1") == "silver is locked for you: it unlocks at 6 points and you have 4"
    assert read_place(b, spots, "metropolitan life at h1") == \
        "gold is locked for you: it unlocks at 18 points and you have 4"


def test_a_built_tile_and_a_taken_legendary_are_refused(corner):
    corner.build(GEOMETRY, ANN, GEOMETRY.spot(tile("bronze_2a"), cell("I2"), 1))
    b = builder(corner, points=20)
    spots = free_places(b)
    assert read_place(b, spots, "b2a at h1 r0") == "you have built your bronze 2a already (one of each tile)"
    corner.king[BOB] = tile("flatiron")
    assert read_place(b, spots, "flatiron at h1") == "Flatiron Building is built already: each legendary can be built once"


def test_a_place_off_the_territory_squares_names_what_it_would_cover(corner):
    b = builder(corner)
    spots = free_places(b)
    assert read_place(b, spots, "b3i at h3 r1") == ("it would cover a street at H4: a skyscraper stands on territory "
                                                    "squares only")
    assert read_place(b, spots, "b3i at i1 r0") == ("it would cover Nassau & Broad at J1: a skyscraper stands on "
                                                    "territory squares only")
    assert read_place(b, spots, "b4l at n19") == "bronze 4l turned 0 at N19 runs off the board"


def test_a_building_in_the_way_of_a_plain_build_points_to_demolishing(corner):
    corner.build(GEOMETRY, ANN, GEOMETRY.spot(tile("bronze_2a"), cell("H1"), 0))
    b = builder(corner)
    said = read_place(b, free_places(b), "b3l at h1 r3")
    assert said.startswith("your bronze 2a at H1 stands there") and "demolition" in said


def test_a_demolition_replaces_only_your_own_lower_buildings(corner):
    corner.build(GEOMETRY, ANN, GEOMETRY.spot(tile("bronze_2a"), cell("I2"), 1))  # I2 I3
    b = builder(corner, points=7)
    estate = corner.estate(GEOMETRY, ANN)
    over = [s for s in GEOMETRY.spots_inside(tile("silver_3l"), estate) if s.fronts and corner.under_spot(s.cells)]
    assert key_of(over, read_place(b, over, "s3l at h2 r0")) == "spot:silver_3l@H2/0"
    assert read_place(b, over, "s3l at h1 r3") == \
        "nothing of yours stands there: a demolition builds over your own buildings"
    assert why_not(b, tile("bronze_3l"), cell("H1"), 1, demolishing=True) == \
        "your bronze 2a at I2 is not of a lower generation than bronze"


# ------------------------------------------------------------------ the other decisions
def test_a_tile_then_the_same_text_for_its_place(corner):
    b = builder(corner)
    tiles = [GEOMETRY.order[t] for t in offered_tiles(b)]
    index, rest = read_tile(b, tiles, "b3l at h1 r1")
    assert tiles[index].id == "bronze_3l" and rest == "b3l at h1 r1"
    assert tiles[read_tile(b, tiles, "bronze 4o")].id == "bronze_4o"
    assert read_tile(b, tiles, "b3") == "that could be `b3i` or `b3l`: type more of the tile's name"
    assert read_tile(b, tiles, "gold 6r") == "gold is locked for you: it unlocks at 18 points and you have 0"


def test_a_placement_typed_at_the_turns_first_choice_goes_on_to_the_build_it_needs(corner):
    corner.build(GEOMETRY, ANN, GEOMETRY.spot(tile("bronze_2a"), cell("H1"), 0))
    b = builder(corner, points=7)
    assert read_way(b, ["expand", "demolish"], "s3i at h1") == (1, "s3i at h1")
    assert read_way(b, ["build", "demolish"], "b2b at h2") == (0, "b2b at h2")
    assert "claim a territory first (`expand`)" in read_way(b, ["expand", "demolish"], "b2b at h2")
    assert read_way(b, ["expand", "demolish"], "expand") is None  # the table's reader takes it
    assert read_yes(b, [True, False], "build", "b2b at h2") == (0, "b2b at h2")
    assert read_yes(b, [True, False], "market_shift", "b2b at h2") == (1, "b2b at h2")  # no shift
    assert read_yes(b, [True, False], "market_shift", "maybe") is None
    assert read_way(b, ["expand", "demolish"], "y11") == (0, "y11")  # land typed: expand, then claim it
    assert read_way(b, ["expand", "demolish"], "yellow 2") == (0, "yellow 2")
    grab = "land_grab"  # the question's key in the ruleset
    assert read_yes(b, [True, False], grab, "y11") == (1, "y11")  # one territory: no Land Grab
    assert read_yes(b, [True, False], grab, "red 2 + yellow 2") == (0, "red 2 + yellow 2")


def test_territory_cards_and_territories_by_their_names_on_the_board():
    city = City(GEOMETRY, 2, 4)
    b = builder(city)
    cards = [GEOMETRY.cards[territory(t)] for t in ("y1", "b3", "y11", "r5")]  # yellow 2, blue 3, yellow 2, red 2
    assert read_card(b, cards, "blue 3") == 1
    assert read_card(b, cards, "yellow size-2 card") == 0
    assert read_card(b, cards, "y12") == (0, "y12")  # y12 is yellow, of 2 squares: its card, then y12 itself
    assert read_card(b, cards, "b1") == (1, "b1")  # blue, of 3 squares
    assert read_card(b, cards, "g1") == "no face-up card is a green size-2 card, which g1 needs"
    pairs = [[cards[0], cards[3]], [cards[3], cards[2]]]  # Land Grab: yellow 2 and red 2, red 2 and yellow 2 (#2)
    assert read_cards(b, pairs, "red 2 + yellow 2") == 0 and read_cards(b, pairs, "yellow and red") == 0
    assert read_cards(b, pairs[:1], "blue 3 + red 2") == "no choice here is blue 3 and red 2"
    free = [GEOMETRY.board.territory(t) for t in ("y1", "y4", "y12")]
    assert read_territory(b, free, "y4") == 1 and read_territory(b, free, "territory y12") == 2
    assert read_territory(b, free, "y2") == "y2 is not one you can choose now; you can choose y1, y4, y12"
    assert read_territory(b, free, "a3") == 1 and read_territory(b, free, "L2") == 2  # squares of y4 and y12
    assert read_territory(b, [GEOMETRY.board.territory("y5")], "b3").startswith("b3 is not one")  # B3 is y5's
    assert read_territory(b, free, "h1") == "y8 is not one you can choose now; you can choose y1, y4, y12"
    assert "did you mean y12" in read_territory(b, free, "y13x".removesuffix("x").replace("13", "112"))


def test_the_words_of_a_placement_are_split_into_tile_square_and_turn():
    assert split("green L at d4 r1") == split("green L at d4 turned 90")
    typed = split("green L at d4 r1")
    assert (typed.tile, typed.square, typed.turn) == ("green l", "d4", 1)
    assert split("b3l d4").square == "d4" and split("d4").tile == "d4"  # alone, a square is read in context


# ------------------------------------------------------------------ showing the places
def test_many_places_are_grouped_by_tile_within_80_columns(corner):
    corner.claim(ANN, territory("y11"))
    corner.claim(ANN, territory("y12"))
    b = builder(corner)
    spots = free_places(b)
    assert len(spots) > 20
    lines = place_lines(GEOMETRY, spots)
    assert all(len(line) <= 80 for line in lines) and len(lines) <= len({s.tile for s in spots}) * 2 + 2
    b3l = next(line for line in lines if line.startswith("  b3l"))
    assert b3l.startswith("  b3l (bronze, 3 points): H1 r0 r1 r3, I1 r2")
    few = place_lines(GEOMETRY, spots[:3])
    assert few == ["  1. b2a at H1 r0   2. b2a at I1 r1   3. b2a at K1 r0"]


def test_the_board_marks_where_a_tile_fits_with_a_key_beside_it(corner):
    b = builder(corner)
    spots = free_places(b)
    lines = marked_board(GEOMETRY, corner, ["Ann", "Bob"], spots, tile("bronze_3l"))
    assert len(lines) <= 21 and all(len(line) <= 80 for line in lines)
    assert lines[1][31:34] == "[a]" and lines[2][31:34] == "[c]"  # H1 and H2
    assert lines[0].endswith("it fits with its") and lines[2].endswith("[a] H1 r0 r1 r3")
    assert lines[3].endswith("[b] I1 r2") and lines[4].endswith("[c] H2 r1")


def test_a_long_key_goes_beside_the_board_first_then_below_it():
    city = City(GEOMETRY, 2, 4)
    for ident in ("y6", "y7", "y8", "y9", "y10", "y11", "y12", "y13", "b1", "b2"):
        city.claim(ANN, territory(ident)) if ident in ("y6", "y7", "y8", "y9") else city.grant(ANN, territory(ident))
    b = builder(city)
    spots = free_places(b, [tile("bronze_2a")])
    lines = marked_board(GEOMETRY, city, ["Ann", "Bob"], spots, tile("bronze_2a"))
    assert len({s.anchor for s in spots}) == 18 and len(lines) == 20  # 18 squares: all beside the board
    assert lines[2].endswith("[a] F1 r0 r1") and lines[19].endswith("[r] M3 r0")
    for ident in ("b8", "b9", "b13", "r1", "r2"):
        city.grant(ANN, territory(ident))
    spots = free_places(b, [tile("bronze_2a")])
    lines = marked_board(GEOMETRY, city, ["Ann", "Bob"], spots, tile("bronze_2a"))
    assert len({s.anchor for s in spots}) > 18 and lines[20].startswith("  and on: [s] ")
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)


def test_tiles_are_drawn_side_by_side_with_their_points(corner):
    tiles = [GEOMETRY.order[tile(t)] for t in ("bronze_2a", "bronze_3l", "gold_5v")]
    lines = tile_lines(GEOMETRY, tiles)
    assert lines[0].split() == ["1.b2a", "2.b3l", "3.g5v"] and lines[1].split() == ["2pt", "3pt", "7pt"]
    assert lines[2].split() == ["##", "##", "#.."] and lines[4].split() == ["###"]
    every = tile_lines(GEOMETRY, list(GEOMETRY.order[:-1]))  # all 18 and the 4 legendaries: one screen
    assert len(every) <= 16 and all(len(line) <= 80 for line in every) and "22.flatiron" in every[-6]


# ------------------------------------------------------------------ help
def asked(key: str, values: list, city: City, params: dict | None = None, points: int = 3) -> str:
    text = explain(Asked(key, values, ANN, points, params or {"silver_at": 6, "gold_at": 18}, GEOMETRY, city))
    assert text is not None and all(len(line) <= 80 for line in text.split("\n"))
    return " ".join(text.split())


def test_help_says_what_each_decision_means_now(corner):
    ways = asked("", ["expand", "demolish"], corner)
    assert "take one face-up territory card" in ways and "lower generations" in ways
    assert "You have 2 workers free" in ways and "silver unlocks at 6 points and gold at 18 (you have 3)" in ways
    advanced = asked("", [GEOMETRY.order[tile("bronze_2a")]], corner, {"silver_at": 10, "gold_at": 25})
    assert "silver unlocks at 10 points and gold at 25" in advanced and "`b3l at h1 r1`" in advanced
    assert "touches a street or a park" in asked("", free_places(builder(corner)), corner)
    boom = asked("construction_boom", [True, False], corner)
    assert "one more skyscraper this turn" in boom
    assert "take a worker back" in asked("", [GEOMETRY.board.territory("y8")], corner)
    assert "Put your worker on a free territory" in asked("", [GEOMETRY.board.territory("y1")], corner)
