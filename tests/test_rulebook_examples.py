"""The rulebook's worked examples, replayed on the engine. Colours of the rulebook become three seats:
red = Ann, yellow = Ben, blue = Cat (Black is the neutral player)."""

from __future__ import annotations

import pytest

from nycrules.games.nyc.bids import legal_bids
from nycrules.games.nyc.mechanics import press_rank_of, seats_in_press_order
from parts import phase0, phase1, phase3, winner_of

from scenario import answer, assert_answered, borough, give, hire
from scenario_more import asked_seats, bare, bids, build_in, press_names, score, set_press, show_prestige, vessel


def colours(seats=3):
    game = bare(seats)
    return (game, *game.seats)


def elevator_label(game, value):
    return f"{game.elevator_rows[value][0].char.id} {game.elevator_rows[value][0].char.title} "


# ---------------------------------------------------------- important terms
def test_press_ranking_reads_spaces_then_stack_top_to_bottom():
    """Press ranking: higher space first; on one space the upper token is ahead (red over yellow over blue)."""
    game, red, yellow, blue = colours()
    set_press(game, (None, 7), (red, 4), (yellow, 2), (blue, 2))
    assert seats_in_press_order(game) == [red, yellow, blue]
    assert [press_rank_of(game, s) for s in (red, yellow, blue)] == [1, 2, 3]


def test_tie_for_the_bonus_goes_to_the_seat_ahead_on_press():
    """Ties example: two equal highest bids, the one ahead on the press track (red) takes the bonus."""
    game, red, yellow, blue = colours()
    set_press(game, (None, 7), (red, 3), (yellow, 1), (blue, 0))
    bids(game, "dollar", {red: "dollar dollar", yellow: "dollar dollar"})
    assert (red.dollars, yellow.dollars) == (3, 2)


def test_phase1_pairs_are_taken_from_the_last_on_press_to_the_first():
    """Player-order example: the seat last on the press track (blue) takes a pair first, then yellow, then
    red, and the same again for the second pair."""
    game, red, yellow, blue = colours()
    set_press(game, (None, 7), (red, 3), (yellow, 2), (blue, 1))
    phase0(game)
    labels = ["take " + " + ".join(sorted(c.type for c in p.cards)) for p in game.pairs[:6]]
    answer(game, *labels)
    phase1(game)
    assert_answered(game)
    assert asked_seats(game, "draft") == ["Cat", "Ben", "Ann"] * 2
    assert all(len(s.hand) == 7 for s in game.seats)


# ---------------------------------------------------------------- card play
def test_card_examples_wild_with_a_card():
    """Card examples: a skyscraper card with a wild is worth 2; a wild alone is no bid; in the elevator
    round a wild with a press card is one elevator card, and a second wild makes it 2."""
    game, red, _, _ = colours()

    def whole_hand(hand, round_type):
        give(game, red, hand=hand)
        game.bidding_card = round_type
        return [v for cards, v in legal_bids(game, red) if len(cards) == len(hand.split())]

    assert whole_hand("skyscraper wild", "skyscraper") == [2]
    assert whole_hand("wild", "skyscraper") == []
    assert whole_hand("press wild", "elevator") == [1]
    assert whole_hand("press wild wild", "elevator") == [2]


# ------------------------------------------------------- bidding round actions
def test_press_example_bonus_lands_on_top():
    """Press example: red (first) moves 1; yellow, with the highest bid, moves 2 + 1 and lands on top of
    red; blue moves 1."""
    game, red, yellow, blue = colours()
    set_press(game, (None, 7), (red, 2), (yellow, 0), (blue, 0))
    bids(game, "press", {red: "press", yellow: "press press", blue: "press"})
    assert (red.token.space, yellow.token.space, blue.token.space) == (3, 3, 1)
    assert press_names(game) == ["neutral", "Ben", "Ann", "Cat"]


def test_dollars_example_3_1_1():
    """Dollars example: red has the highest bid and takes 3 dollars, yellow and blue 1 each."""
    game, red, yellow, blue = colours()
    bids(game, "dollar", {red: "dollar dollar", yellow: "dollar", blue: "dollar"})
    assert (red.dollars, yellow.dollars, blue.dollars) == (3, 1, 1)


def test_elevator_example_tie_3_2_1():
    """Elevator example: yellow and red both bid 2, yellow is ahead on the press track and may hire up
    to value 3, red up to 2, blue (bid 1) up to 1."""
    game, red, yellow, blue = colours()
    set_press(game, (None, 7), (yellow, 3), (red, 2), (blue, 1))
    answer(game, elevator_label(game, 3), elevator_label(game, 2), elevator_label(game, 1))
    bids(game, "elevator", {red: "elevator elevator", yellow: "elevator elevator", blue: "elevator"})
    assert_answered(game)
    assert [s.company[0].value for s in (yellow, red, blue)] == [3, 2, 1]
    assert [max(o.value.value for o in d.options) for d in game.chooser.asked] == [3, 2, 1]


def test_building_plans_example_4_1_1():
    """Building plans example: blue bid most and puts 4 skyscrapers on the board, red and yellow 1 each."""
    game, red, yellow, blue = colours()
    bids(game, "plans", {red: "plans", yellow: "plans", blue: "plans plans plans"})
    assert (blue.board, red.board, yellow.board) == (4, 1, 1)


def test_prestige_example_winner_and_runner_up():
    """Prestige example: blue (2) scores 2, yellow (1) scores 1, red passes. Blue puts the grey tile on
    Brooklyn via the Brooklyn-Queens streetcar and builds there; yellow puts the brown tile on Queens via
    the Bronx-Queens subway and builds there."""
    game, red, yellow, blue = colours()
    show_prestige(game, ("grey", 4), ("brown", 2))
    for seat in game.seats:
        seat.board = 2
    answer(game, "yes", "grey", "streetcar Brooklyn-Queens", "Brooklyn",
           "yes", "subway Bronx-Queens", "Queens")
    bids(game, "prestige", {yellow: "prestige", blue: "prestige prestige"})
    assert_answered(game)
    assert (red.points, yellow.points, blue.points) == (0, 1, 2)
    assert blue.vessels == [vessel(game, "streetcar", "brooklyn", "queens")]
    assert yellow.vessels == [vessel(game, "subway", "bronx", "queens")]
    assert [t.colour for t in borough(game, "brooklyn").prestige] == ["grey"]
    assert [t.colour for t in borough(game, "queens").prestige] == ["brown"]
    assert borough(game, "brooklyn").counts[blue.index] == 1
    assert borough(game, "queens").counts[yellow.index] == 1
    assert game.prestige_display == []


def test_skyscrapers_example_4_2_2_in_manhattan():
    """Skyscrapers example: the Mayor is in Manhattan; blue bid most and builds 4 there, red and yellow 2."""
    game, red, yellow, blue = colours()
    game.mayor = borough(game, "manhattan")
    for seat in game.seats:
        seat.board = 5
    bids(game, "skyscraper", {red: "skyscraper skyscraper", yellow: "skyscraper wild",
                              blue: "skyscraper skyscraper skyscraper"})
    assert borough(game, "manhattan").counts == [2, 2, 4]


def test_statue_of_liberty_example():
    """Statue example: red completes all six boroughs in a bidding round, gains 4 and flips the Statue."""
    game, red, yellow, blue = colours()
    game.mayor = borough(game, "manhattan")
    build_in(game, red, staten_island=1, jersey_city=1, bronx=1, queens=1, brooklyn=1)
    red.board = 2  # a bid of 1 plus the bonus builds 2
    bids(game, "skyscraper", {red: "skyscraper"})
    assert red.points == 4 and game.statue_flipped
    assert score(game)["Ann"]["all_boroughs"] == 3


# ------------------------------------------------------------------ phase III
def test_phase3_example_24():
    """Phase III example: red pays a dollar for 24, gains 1 point and a skyscraper on the board."""
    game, red, _, _ = colours()
    hire(game, red, 24)
    red.dollars = 1
    answer(game, "use 24")
    phase3(game)
    assert (red.points, red.board, red.dollars) == (1, 1, 0)


def test_phase3_example_26():
    """Phase III example: yellow pays a dollar for 26, takes a skyscraper and moves one press space."""
    game, _, yellow, _ = colours()
    hire(game, yellow, 26)
    yellow.dollars = 1
    answer(game, "use 26")
    phase3(game)
    assert (yellow.board, yellow.token.space, yellow.dollars) == (1, 1, 0)


def test_phase3_example_27_black_token_ignored():
    """Phase III example: blue is third among the seats (the neutral token ahead does not count) and
    moves 3 with 27."""
    game, red, yellow, blue = colours()
    set_press(game, (red, 9), (None, 7), (yellow, 4), (blue, 2))
    hire(game, blue, 27)
    blue.dollars = 1
    answer(game, "use 27")
    phase3(game)
    assert blue.token.space == 5


def test_addendum_27_examples():
    """Addendum 27: last of four seats moves 4; second of two seats moves 3."""
    game = bare(4)
    last = game.seats[3]
    set_press(game, (None, 6), *[(s, 4 - i) for i, s in enumerate(game.seats)])
    hire(game, last, 27)
    last.dollars = 1
    answer(game, "use 27")
    phase3(game)
    assert last.token.space == 1 + 4

    game = bare(2)
    second = game.seats[1]
    set_press(game, (None, 8), (game.seats[0], 3), (second, 1))
    hire(game, second, 27)
    second.dollars = 1
    answer(game, "use 27")
    phase3(game)
    assert second.token.space == 1 + 3


# ------------------------------------------------------------- final scoring
def test_seven_characters_and_character_30():
    """Final scoring example: blue's seven characters are worth 4+1+1+1+2+5+1 = 15, one of them 30, which
    adds 1 per skyscraper in the brown-lantern borough (5 in Brooklyn): 20. With 30 worth 2 (the revised
    table) the seven are, in the example's order: 27(4) 23(1) 18(1) 4(1) 30(2) 21(5) 5(1)."""
    game, _, _, blue = colours()
    for char_id in (27, 23, 18, 4, 30, 21, 5):
        hire(game, blue, char_id)
    assert [t.value for t in blue.company] == [4, 1, 1, 1, 2, 5, 1]
    build_in(game, blue, brooklyn=5)
    scores = score(game)["Cat"]
    assert scores["characters"] == 15
    assert scores["scoring_characters"] == 5
    assert scores["characters"] + scores["scoring_characters"] == 20


def brooklyn_14(red_ahead_of_neutral: bool):
    game, red, yellow, blue = colours()
    brooklyn = borough(game, "brooklyn")
    brooklyn.base = 8
    brooklyn.prestige = show_prestige(game, ("yellow", 4), ("red", 2))
    game.prestige_display.clear()
    build_in(game, yellow, brooklyn=4)
    build_in(game, red, brooklyn=2)
    build_in(game, blue, brooklyn=1)
    brooklyn.neutral = 2
    if red_ahead_of_neutral:
        set_press(game, (red, 8), (None, 7), (yellow, 2), (blue, 1))
    else:
        set_press(game, (None, 7), (red, 7), (yellow, 2), (blue, 1))
    return game


def test_brooklyn_majority_example_14_7_4_2():
    """Majority example: Brooklyn is worth 8 + 4 + 2 = 14. Yellow has most (14); red ties with the neutral
    player but is ahead on the press track (7); the neutral takes third (4, nobody scores it); blue, with
    the fewest, is fourth (2)."""
    game = brooklyn_14(red_ahead_of_neutral=True)
    assert borough(game, "brooklyn").value == 14
    scores = score(game)
    assert [scores[n]["majorities"] for n in ("Ben", "Ann", "Cat")] == [14, 7, 2]


def test_brooklyn_majority_neutral_token_breaks_its_own_tie():
    """Ruling 20: the neutral token counts for majority ties; on top of red's space it takes second, so
    red drops to third (4)."""
    game = brooklyn_14(red_ahead_of_neutral=False)
    scores = score(game)
    assert [scores[n]["majorities"] for n in ("Ben", "Ann", "Cat")] == [14, 4, 2]


def test_final_bonuses_and_all_the_rest():
    """Press bonus 3 from space 5; 'all the rest' is half of dollars and board skyscrapers together,
    rounded up."""
    game, red, yellow, blue = colours()
    set_press(game, (None, 7), (red, 5), (yellow, 4), (blue, 0))
    red.dollars, red.board = 2, 1
    scores = score(game)
    assert (scores["Ann"]["press"], scores["Ben"]["press"]) == (3, 0)
    assert scores["Ann"]["rest"] == 2


@pytest.mark.parametrize("dollars, board, points", [(1, 1, 1), (3, 0, 2), (0, 3, 2), (3, 4, 4)])
def test_all_the_rest_says_what_it_counts(dollars, board, points):
    """Issue 11: 'all the rest' halves dollars and board skyscrapers together (1 dollar and 1 skyscraper
    are 1 point, not 1 + 1), and its text says so."""
    game, red, yellow, blue = colours()
    red.dollars, red.board = dollars, board
    assert score(game)["Ann"]["rest"] == points
    [step] = [s for s in game.ruleset.final_scoring if s.id == "rest"]
    assert ("sum" in step.text or "together" in step.text) and "rounded up" in step.text
    assert "plus the skyscrapers" not in step.text


def test_game_winner_tie_goes_to_press():
    """Equal final points: the seat ahead on the press track wins."""
    game, red, yellow, blue = colours()
    set_press(game, (None, 7), (yellow, 3), (red, 3), (blue, 0))
    red.points = yellow.points = 30
    assert winner_of(game) is yellow
