"""New York 1901's rules of sections 2.3-2.11 of our notes, each in a case that fails when the rule
is broken, played through rulesets/ny1901/ruleset.yaml on the board of the worked examples
(tests/test_ny1901_examples.py) or the assumed board, decisions scripted (tests/ny1901_games.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from ny1901_games import GEOMETRY, new_game, play, run, scripted, set_up
from test_ny1901_examples import BLUE, GREEN, deal, geometry, table, territory, turn  # noqa: F401 (a fixture)


# ------------------------------------------------------------------ 2.3 setup
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_by_seat_count(seats):
    game = set_up(seats, 5)
    city, board = game.city, GEOMETRY.board
    starts = {board.territory(s.territory).district: s.territory for s in board.start_lots}
    taken = [t for t in starts.values() if city.holder[GEOMETRY.territory_number(t)] >= 0]
    assert len(taken) == seats and all(len(h) == 1 for h in city.held)  # a start lot and its card each
    assert len(city.open_market) == 4 and len(city.streets) == 3 and city.bonus
    pink = GEOMETRY.territory_number(starts["pink"])
    if seats == 2:
        assert city.holder[pink] == -2 and "pink" not in {GEOMETRY.cards[c].district for c in city.future}
    else:  # the start lots nobody took stay ordinary territories, their cards in the deck (A29)
        free_starts = [t for t in starts.values() if city.holder[GEOMETRY.territory_number(t)] == -1]
        assert len(free_starts) == 5 - seats
        piles = Counter((GEOMETRY.cards[c].district, GEOMETRY.cards[c].size) for c in city.future + city.open_market)
        assert all(piles[(board.territory(t).district, 2)] > 0 for t in free_starts)


# ------------------------------------------------------------------ 2.5 construction
def test_a_building_must_touch_a_street_or_a_park():
    """An estate of one inland territory: no placement touches a street or park, so nothing may be
    built; with no card to take the seat can do nothing and takes its worker back (2.5 rule 3, 2.7)."""
    board = GEOMETRY.board
    inland = next(t for t in board.territories if not board.grid.touches(t.cells, board.frontage))
    game = new_game(2, 1)
    city = game.city
    number = GEOMETRY.territory_number(inland.id)
    city.claim(0, number)
    city.held[0].append(number)
    city.future.remove(number)
    city.free_workers[0] = 0
    city.used_actions[0].append("market_shift")
    assert any(GEOMETRY.spots_inside(GEOMETRY.tile_index("bronze_2a"), inland.cells))  # a tile would fit
    asked = scripted(game, [])
    run(game, ("step", "turn"), game.seats[0])
    assert asked == [] and city.holder[number] == -1 and city.free_workers[0] == 1  # forced: the only worker


def test_silver_waits_for_its_points(geometry):
    game = table(geometry, ["r1"])
    blue, city = game.seats[BLUE], game.city
    for ident in ("b1", "b2"):
        city.claim(BLUE, territory(geometry, ident))
    city.held[BLUE] = [territory(geometry, "b1"), territory(geometry, "b2")]
    deal(game, geometry, ["r1"])
    blue.points = 5  # one short of silver
    asked = turn(game, BLUE, [("Put your worker", "r1"), ("Build a skyscraper?", "yes"),
                              ("Which skyscraper?", "bronze 2"), ("Where?", "A3")])
    kinds = [label for prompt, label in asked if prompt == "Which skyscraper?"]
    assert kinds == ["bronze 2"] and blue.points == 7


# ------------------------------------------------------------------ 2.7 uncommon situations
def test_with_a_worker_and_no_demolition_the_seat_must_claim(geometry):
    game = table(geometry, ["y1"])
    asked = turn(game, GREEN, [("Build a skyscraper?", "no")])
    assert game.city.holder[territory(geometry, "y1")] == GREEN  # claimed without being asked whether to
    assert asked == [("Build a skyscraper?", "no")]


def test_without_a_worker_the_seat_goes_straight_to_building(geometry):
    game = table(geometry, ["r1"])
    city = game.city
    for ident in ("y1", "y2", "b1", "b2"):
        city.claim(GREEN, territory(geometry, ident))
    assert city.free_workers[GREEN] == 0
    turn(game, GREEN, [("Build a skyscraper?", "yes"), ("Which skyscraper?", "bronze 2"), ("Where?", "A2")])
    assert city.holder[territory(geometry, "r1")] == -1 and game.seats[GREEN].points == 2


def test_with_nothing_to_do_the_seat_takes_a_worker_back(geometry):
    game = table(geometry, [])
    city = game.city
    for ident in ("b1", "b2", "r1", "r2"):
        city.claim(GREEN, territory(geometry, ident))
        city.held[GREEN].append(territory(geometry, ident))
    for seat_tile in list(city.unbuilt[GREEN]):  # no tile left that fits
        city.unbuilt[GREEN].remove(seat_tile)
    deal(game, geometry, [])
    turn(game, GREEN, [("take a worker back", "b2")])
    assert city.holder[territory(geometry, "b2")] == -1 and city.free_workers[GREEN] == 1
    back = geometry.cards[city.future[-1]]
    assert (back.district, back.size) == ("blue", 2)  # a card of its kind under the Future Market (A14)


# ------------------------------------------------------------------ 2.8 action cards
def test_land_grab_takes_two_size_two_cards_with_two_workers(geometry):
    game = table(geometry, ["r1", "r2", "y1"])
    game.city.used_actions[GREEN].clear()
    turn(game, GREEN, [("Market Shift", "no"), ("Land Grab", "yes"), ("Put your worker", "r1"),
                       ("Build a skyscraper?", "no")])  # the two red cards are the only pair: taken without asking
    city = game.city
    assert city.holder[territory(geometry, "r1")] == GREEN and city.holder[territory(geometry, "r2")] == GREEN
    assert "land_grab" in city.used_actions[GREEN] and city.free_workers[GREEN] == 2


def test_unused_action_cards_score_a_point_each(geometry):
    game = table(geometry, [])
    run(game, ("score", "action_cards"), game.seats[GREEN])
    assert game.seats[GREEN].points == 2  # Market Shift is used in these tables; two are left


# ------------------------------------------------------------------ 2.10 streets
def test_a_tie_on_a_street_scores_nothing(geometry):
    game = table(geometry, ["y1"])
    city = game.city
    turn(game, GREEN, [("Build a skyscraper?", "yes"), ("Which skyscraper?", "bronze 2"), ("Where?", "A2")])
    city.streets = ["C"]
    for seat in game.seats:
        run(game, ("score", "streets"), seat)
    assert [s.points for s in game.seats] == [2, 0]  # nobody touches Cedar Street: nobody scores (A18)


# ------------------------------------------------------------------ 2.9 the end and whole games
def test_the_end_trigger_gives_every_other_seat_one_final_turn():
    for seed in range(1, 4):
        game, watch = play(4, seed)
        if watch.final:
            assert len(watch.final) == 3 and len(set(watch.final)) == 3


# ------------------------------------------------------------------ 2.11 bonus challenge cards
def built(game, seat: int, *where: tuple[str, str, int]) -> None:
    """Put buildings down for the seat as (tile, anchor square, rotation), its estate grown to hold them."""
    city, geometry = game.city, game.ruleset.part.geometry
    for tile, square, rotation in where:
        spot = geometry.spot(geometry.tile_index(tile), geometry.board.grid.cell_named(square), rotation)
        assert spot is not None, (tile, square)
        for t in spot.territories:
            if city.holder[t] == -1:
                city.grant(seat, t)
        city.unbuilt[seat].append(spot.tile)  # a tile of the seat's set, whichever copy
        city.build(geometry, seat, spot)


def bonus_points(game, card: str) -> list[int]:
    game.city.bonus = card
    before = [s.points for s in game.seats]
    for seat in game.seats:
        run(game, ("score", "bonus"), seat)
    return [s.points - b for s, b in zip(game.seats, before)]


def test_bronze_baron_counts_bronzes_standing():
    game = new_game(2, 1)
    built(game, 0, ("bronze_2a", "A1", 0), ("bronze_2b", "A2", 1), ("bronze_3i", "F1", 1), ("bronze_4o", "F5", 0))
    assert bonus_points(game, "bronze_baron") == [5, 0]  # 4 bronzes: 5 points
    built(game, 0, ("bronze_3l", "K5", 0))
    assert bonus_points(game, "bronze_baron") == [10, 0]  # 5: 10


def test_master_architect_counts_irregular_buildings():
    game = new_game(2, 1)
    built(game, 1, ("bronze_3l", "K5", 0), ("silver_4t", "A13", 0), ("gold_4o", "F5", 0))
    assert bonus_points(game, "master_architect") == [0, 0]  # 2 irregular, a square one does not count
    built(game, 1, ("gold_4s", "G17", 0))
    assert bonus_points(game, "master_architect") == [0, 3]


def test_generation_king_scores_a_generation_only_for_its_one_leader():
    game = new_game(2, 1)
    built(game, 0, ("bronze_2a", "A1", 0), ("silver_3i", "F1", 1))
    built(game, 1, ("bronze_2a", "A5", 0), ("gold_4o", "F5", 0))
    assert bonus_points(game, "generation_king") == [5, 5]  # bronze tied: nobody; silver: 0; gold: 1 (A21)


def test_gold_tycoon_counts_a_building_in_both_districts_it_straddles():
    game = new_game(2, 1)
    geometry = game.ruleset.part.geometry
    straddling = [s for s in geometry.spots(geometry.tile_index("gold_4o")) if len(s.districts) == 2]
    assert straddling  # a block holds two districts somewhere on the assumed board
    spot = straddling[0]
    other = [s for s in geometry.spots(geometry.tile_index("gold_4s"))
             if set(s.districts) & set(spot.districts) and not s.cells & spot.cells]
    city = game.city
    for s in (spot, other[0]):
        for t in s.territories:
            if city.holder[t] == -1:
                city.grant(0, t)
        city.build(geometry, 0, s)
    shared = set(spot.districts) & set(other[0].districts)
    assert bonus_points(game, "gold_tycoon") == [3 * len(shared), 0]


@pytest.mark.parametrize("card, points", [("gold_prestige", 26), ("gold_tycoon", 25)])
def test_gold_prestige_scores_the_opponents_lower_buildings_a_new_gold_one_touches(geometry, card, points):
    game = table(geometry, ["y1"])
    city = game.city
    city.bonus = card
    city.claim(BLUE, territory(geometry, "b1"))
    city.build(geometry, BLUE, geometry.spot(geometry.tile_index("bronze_2"), geometry.board.grid.cell_named("A3"), 0))
    game.seats[GREEN].points = 18
    turn(game, GREEN, [("Build a skyscraper?", "yes"), ("Which skyscraper?", "gold 3")])
    assert game.seats[GREEN].points == points  # 7 for the gold, and 1 for Blue's bronze beside it (A22)
