"""Characters 23-42: the phase III characters (paid with a dollar) and the final-scoring ones (free)."""

from __future__ import annotations

import pytest

from parts import phase3

from scenario import answer, assert_answered, give, hire
from scenario_more import asked_seats, bare, build_in, give_vessels, press_names, score, set_press


def use_in_phase3(game, seat, char_id, dollars=1):
    hire(game, seat, char_id)
    seat.dollars = dollars
    answer(game, f"use {char_id}")
    phase3(game)
    assert_answered(game)


# ------------------------------------------------------------------ phase III
def test_23_gains_two_points_for_a_dollar():
    """Character 23 turns one dollar into 2 points in phase III."""
    game = bare(3)
    ann = game.seats[0]
    use_in_phase3(game, ann, 23)
    assert (ann.points, ann.dollars) == (2, 0)


def test_24_gains_a_point_and_a_skyscraper_on_the_board():
    """Character 24 gives 1 point and puts 1 skyscraper from the supply on the player board."""
    game = bare(3)
    ann = game.seats[0]
    use_in_phase3(game, ann, 24)
    assert (ann.points, ann.board, ann.dollars) == (1, 1, 0)


def test_25_gains_three_points():
    """Character 25 turns one dollar into 3 points."""
    game = bare(3)
    ann = game.seats[0]
    use_in_phase3(game, ann, 25)
    assert (ann.points, ann.dollars) == (3, 0)


def test_26_adds_a_skyscraper_and_one_press_step_on_top_of_the_stack():
    """Character 26 puts a skyscraper on the board and moves one step, landing on top of whoever is there."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (ben, 3), (cat, 3), (ann, 2))
    use_in_phase3(game, ann, 26)
    assert (ann.board, ann.token.space, ann.dollars) == (1, 3, 0)
    assert press_names(game) == ["neutral", "Ann", "Ben", "Cat"]


@pytest.mark.parametrize("seats, rank, steps", [
    (2, 1, 1), (2, 2, 3),
    (3, 1, 1), (3, 2, 2), (3, 3, 3),
    (4, 1, 1), (4, 2, 2), (4, 3, 3), (4, 4, 4),
])
def test_27_moves_by_press_rank_among_seats(seats, rank, steps):
    """Character 27 moves as many steps as the seat's place on the press track counted among seats only
    (the neutral token, here ahead of everyone, does not count); with two seats the second moves 3."""
    game = bare(seats)
    order = list(game.seats)
    set_press(game, (None, 9), *[(s, 2 * (seats - i)) for i, s in enumerate(order)])
    seat = order[rank - 1]
    start = seat.token.space
    use_in_phase3(game, seat, 27)
    assert seat.token.space == start + steps


def test_27_ignores_a_neutral_token_between_seats():
    """A seat behind the neutral token and one other seat is second, so character 27 moves it 2."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (ann, 9), (None, 7), (ben, 5), (cat, 2))
    use_in_phase3(game, ben, 27)
    assert ben.token.space == 7


def test_phase3_character_needs_a_dollar():
    """Without a dollar a phase III character cannot be used: nothing is offered, nothing happens."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 25)
    phase3(game)
    assert ann.points == 0
    assert asked_seats(game, "use") == []


def test_phase3_characters_once_each_and_one_dollar_per_use():
    """Each phase III character acts once per round; two characters cost two dollars, and a third
    one cannot be paid."""
    game = bare(3)
    ann = game.seats[0]
    for char_id in (23, 25, 24):
        hire(game, ann, char_id)
    ann.dollars = 2
    answer(game, "use 23", "use 25")
    phase3(game)
    assert_answered(game)
    assert (ann.points, ann.dollars, ann.board) == (5, 0, 0)


def test_phase3_goes_in_press_order():
    """Seats use phase III characters in press-track order."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (cat, 5), (ann, 3), (ben, 1))
    for seat in game.seats:
        hire(game, seat, 23)
        seat.dollars = 1
    answer(game, "use", "use", "use")
    phase3(game)
    assert asked_seats(game, "use") == ["Cat", "Ann", "Ben"]


# ------------------------------------------------------------- final scoring
def test_final_scoring_characters_are_free_and_not_used_in_phase3():
    """Final-scoring characters cost nothing: they are never offered in phase III and score with no dollar."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 36)
    ann.dollars = 1
    phase3(game)
    assert asked_seats(game, "use") == [] and ann.dollars == 1
    ann.dollars = 0
    assert score(game)["Ann"]["scoring_characters"] == 1


def scoring_points(game, seat):
    return score(game)[seat.name].get("scoring_characters", 0)


LANTERN_LAYOUT = dict(manhattan=1, brooklyn=2, queens=3, bronx=4, staten_island=5, jersey_city=6)


@pytest.mark.parametrize("char_id, points", [
    (28, 1),      # yellow: Manhattan
    (29, 4),      # red: Bronx
    (30, 2),      # brown: Brooklyn
    (31, 5),      # blue: Staten Island
    (32, 3 + 6),  # green: Queens and Jersey City
])
def test_28_to_32_score_skyscrapers_under_their_lantern(char_id, points):
    """Characters 28-32 give a point per own skyscraper in boroughs with the lantern colour they show;
    final-scoring characters are free (no dollar here)."""
    game = bare(3)
    ann = game.seats[0]
    build_in(game, ann, **LANTERN_LAYOUT)
    hire(game, ann, char_id)
    assert scoring_points(game, ann) == points


@pytest.mark.parametrize("space, points", [(0, 0), (1, 1), (7, 4), (8, 4), (15, 8)])
def test_33_half_the_press_space_rounded_up(space, points):
    """Character 33 scores a point per two press spaces, an odd space rounding up."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, *sorted([(None, 7), (ann, space), (ben, 0), (cat, 0)], key=lambda e: -e[1]))
    hire(game, ann, 33)
    assert scoring_points(game, ann) == points


@pytest.mark.parametrize("named, points", [("press", 6), ("dollar", 2), ("plans", 0)])
def test_34_two_points_per_reserve_card_of_the_named_type(named, points):
    """Character 34's owner names a card type when scoring; each reserve card of that type is worth 2."""
    game = bare(3)
    ann = game.seats[0]
    give(game, ann, reserve="press press press dollar wild")
    hire(game, ann, 34)
    answer(game, named)
    assert scoring_points(game, ann) == points
    assert_answered(game)


def test_34_names_one_of_the_six_card_types_never_wild():
    """Ruling 18: wild is not a card type for 34, even with a reserve full of wild cards."""
    game = bare(3)
    ann = game.seats[0]
    give(game, ann, reserve="wild wild wild dollar")
    hire(game, ann, 34)
    answer(game, "dollar")
    assert scoring_points(game, ann) == 2
    [asked] = [d for d in game.chooser.asked if d.prompt == "card type to score in your reserve"]
    assert asked.labels() == ["press", "dollar", "elevator", "plans", "prestige", "skyscraper"]


def test_35_two_points_per_borough_with_three_skyscrapers():
    """Character 35 scores 2 for each borough holding at least 3 of the seat's skyscrapers."""
    game = bare(3)
    ann, ben = game.seats[:2]
    build_in(game, ann, manhattan=3, brooklyn=2, queens=5, bronx=1)
    build_in(game, ben, brooklyn=3)  # others' skyscrapers do not help
    hire(game, ann, 35)
    assert scoring_points(game, ann) == 4


def test_36_one_point_per_character_including_itself():
    """Character 36 scores a point for every character in the company, itself included."""
    game = bare(3)
    ann = game.seats[0]
    for char_id in (23, 1, 18, 36):
        hire(game, ann, char_id)
    assert scoring_points(game, ann) == 4


@pytest.mark.parametrize("char_id, kinds, points, left", [
    (37, ("taxi", "taxi", "subway"), 5, ["taxi"]),
    (37, ("taxi", "subway", "taxi", "subway"), 10, []),
    (38, ("bus", "streetcar", "bus"), 5, ["bus"]),
    (39, ("boat", "taxi", "subway"), 5, ["subway"]),
    (39, ("boat", "boat"), 0, ["boat", "boat"]),
])
def test_37_to_39_vessel_pairs(char_id, kinds, points, left):
    """Characters 37-39 score 5 per pair of the two vessel kinds they show; scored vessels are returned."""
    game = bare(3)
    ann = game.seats[0]
    give_vessels(game, ann, *kinds)
    hire(game, ann, char_id)
    assert scoring_points(game, ann) == points
    assert sorted(v.kind for v in ann.vessels) == left


def test_40_vessel_dollar_skyscraper_sets_leave_before_the_rest():
    """Character 40 scores 6 per set of a vessel, a dollar and a board skyscraper; the set leaves, so
    'all the rest' counts only what is left (3 dollars + 1 skyscraper - one set = 2 dollars -> 1)."""
    game = bare(3)
    ann = game.seats[0]
    give_vessels(game, ann, "bus", "taxi")
    ann.dollars, ann.board = 3, 1
    hire(game, ann, 40)
    scores = score(game)["Ann"]
    assert scores["scoring_characters"] == 6
    assert (ann.dollars, ann.board, len(ann.vessels)) == (2, 0, 1)
    assert scores["rest"] == 1


def test_41_two_dollars_two_skyscrapers_sets_leave_before_the_rest():
    """Character 41 scores 6 per set of 2 dollars and 2 board skyscrapers; 5 dollars and 4 skyscrapers
    make two sets, leaving 1 dollar for 'all the rest' (1 point instead of 5)."""
    game = bare(3)
    ann = game.seats[0]
    ann.dollars, ann.board = 5, 4
    hire(game, ann, 41)
    scores = score(game)["Ann"]
    assert scores["scoring_characters"] == 12
    assert (ann.dollars, ann.board) == (1, 0)
    assert scores["rest"] == 1


def test_42_vessel_and_three_dollars_sets_leave_before_the_rest():
    """Character 42 scores 6 per set of a vessel and 3 dollars; one vessel and 7 dollars make one set,
    leaving 4 dollars (2 points) for 'all the rest'."""
    game = bare(3)
    ann = game.seats[0]
    give_vessels(game, ann, "boat")
    ann.dollars = 7
    hire(game, ann, 42)
    scores = score(game)["Ann"]
    assert scores["scoring_characters"] == 6
    assert (ann.dollars, ann.vessels) == (4, [])
    assert scores["rest"] == 2


def test_vessel_pairs_are_scored_before_the_dollar_sets():
    """Characters 37-39 take their vessels before 40-42 look for theirs: with a boat, a taxi and
    3 dollars, 39 scores the boat-taxi pair and 42 finds no vessel left; the dollars stay for the rest."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 42)  # hired first, still evaluated after 39
    hire(game, ann, 39)
    give_vessels(game, ann, "boat", "taxi")
    ann.dollars = 3
    answer(game, "39 Harbour Master, then 42 Shipping Magnate (")  # the best order, offered first
    scores = score(game)["Ann"]
    assert scores["scoring_characters"] == 5
    assert ann.dollars == 3 and scores["rest"] == 2


def test_37_and_40_share_vessels_best_first():
    """37 scores taxi + subway first; 40 then uses the remaining bus with a dollar and a skyscraper."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 40)
    hire(game, ann, 37)
    give_vessels(game, ann, "taxi", "subway", "bus")
    ann.dollars, ann.board = 1, 1
    answer(game, "37 Commuter, then 40")
    scores = score(game)["Ann"]
    assert scores["scoring_characters"] == 5 + 6
    assert (ann.vessels, ann.dollars, ann.board, scores["rest"]) == ([], 0, 0, 0)


def test_41_and_42_score_in_the_best_order_by_default():
    """Ruling 19 (issue 11): 4 dollars, 2 board skyscrapers and a vessel. 41 first takes 2 dollars and
    both skyscrapers, and 42 finds too few dollars: 6 + 'all the rest' 1. 42 first takes 3 dollars and
    the vessel, and 41 finds too few dollars: 6 + 'all the rest' ceil(3 / 2) = 2. The default is the
    better order, 42 before 41, although 41 comes first by number."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 41)
    hire(game, ann, 42)
    give_vessels(game, ann, "bus")
    ann.dollars, ann.board = 4, 2
    asked = []
    game.chooser = lambda g, d: (asked.append(d), 0)[1]  # the default: every first option
    scores = score(game)["Ann"]
    assert scores["scoring_characters"] == 6 and scores["rest"] == 2
    [order] = [d for d in asked if d.kind == "order"]
    assert order.seat is ann
    assert order.labels() == ["42 Shipping Magnate, then 41 Financier (18 points in the end)",
                              "41 Financier, then 42 Shipping Magnate (17 points in the end)"]
    assert [o.key for o in order.options] == ["order:42>41", "order:41>42"]


def test_the_owner_may_choose_another_order_of_its_sets():
    """The owner chooses: scoring 41 first is allowed, and costs the point."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 41)
    hire(game, ann, 42)
    give_vessels(game, ann, "bus")
    ann.dollars, ann.board = 4, 2
    answer(game, "41 Financier")
    scores = score(game)["Ann"]
    assert_answered(game)
    assert scores["scoring_characters"] == 6 and scores["rest"] == 1
    assert (ann.dollars, ann.board, len(ann.vessels)) == (2, 0, 1)


def test_sets_that_do_not_compete_ask_nothing():
    """37 (taxi + subway) and 38 (bus + streetcar) share nothing: every order ends the same, so the
    seat is not asked, and both score."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 38)
    hire(game, ann, 37)
    give_vessels(game, ann, "taxi", "subway", "bus", "streetcar")
    scores = score(game)["Ann"]
    assert scores["scoring_characters"] == 10 and ann.vessels == []
    assert not [d for d in game.chooser.asked if d.kind == "order"]


def test_the_best_order_counts_the_whole_final_scoring():
    """The orders are compared by the points at the very end, "all the rest" included, not by what
    the sets alone score: here both orders score one set of 6, and only the rest differs."""
    game = bare(3)
    ann = game.seats[0]
    hire(game, ann, 41)
    hire(game, ann, 42)
    give_vessels(game, ann, "bus")
    ann.dollars, ann.board, ann.points = 4, 2, 50
    answer(game, "42 Shipping Magnate, then 41 Financier (")
    before = {step.id for step in game.ruleset.final_scoring}
    assert "rest" in before
    scores = score(game)["Ann"]
    assert ann.points == 50 + sum(scores.values())
    [order] = [d for d in game.chooser.asked if d.kind == "order"]
    assert order.labels()[0].endswith(f"({ann.points} points in the end)")
