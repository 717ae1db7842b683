"""Tom, the automa of the solo rules: his draws, bids, choices, limits, seats and scoring."""

import pytest

from nycrules.diagnostics import NycRulesError
from nycrules.games.nyc.bidding import evaluate_bids
from parts import bidding_round, play_bidding_rounds
from parts import phase0, phase1, phase3
from nycrules.engine.setup import new_game
from nycrules.agents.seating import parse_seats
from scenario import answer, assert_answered, borough, give, hire, nyc, stack_deck, table
from scenario_extra import set_pairs, types
from scenario_more import bids, build_in, give_vessels, place_bid, score, set_press, show_prestige
from scenario_tom import before_bid, row, set_letters, start_round, tom_bid, tom_game, tom_notes, tom_table


def rnd(game, round_id):
    return game.ruleset.part.round(round_id)


def since(game, start):
    """Event texts from index `start` on."""
    return [e.text for e in game.events[start:]]


# --------------------------------------------------------------- rulebook examples

def test_drawn_plans_card_is_played_with_a_dollar_card_from_his_supply():
    """A building-plans card Tom draws counts as a wild and goes straight into his dollar bid."""
    game = tom_table("B4")
    ann, tom = game.seats
    give(game, tom, hand="dollar")
    stack_deck(game, "plans")
    drawn = game.deck[-1]
    before_bid(game, tom, "dollar")
    assert drawn.zone is tom.played and drawn.counted_as == "wild"
    assert "the wild card he drew, as he has a matching card to add" in tom_notes(game, tom)
    assert tom_bid(game, tom) == 2  # the dollar card and the plans card
    assert types(tom.played) == ["dollar", "plans"]


@pytest.mark.parametrize("tom_ahead, wilds_added", [(True, 1), (False, 2)])
def test_adds_the_fewest_wilds_that_win_the_prestige_bonus(tom_ahead, wilds_added):
    """Against two prestige cards Tom's one prestige card needs one wild when he leads the press track, two when not."""
    game = tom_table("A6")
    ann, tom = game.seats
    if tom_ahead:
        set_press(game, (None, 8), (tom, 3), (ann, 1))
    else:
        set_press(game, (None, 8), (ann, 3), (tom, 1))
    give(game, ann, hand="prestige prestige")
    give(game, tom, hand="prestige wild wild")
    answer(game, "prestige prestige (2)")
    start = len(game.events)
    bidding_round(game, rnd(game, "prestige"), ann)
    assert_answered(game)
    assert game.bids_made[tom] == 1 + wilds_added
    assert f"has the highest bid, worth {1 + wilds_added}" in since(game, start)
    assert f"wild cards added to win the highest bid: {wilds_added}" in tom_notes(game, tom)
    assert types(tom.hand) == ["wild"] * (2 - wilds_added)


def test_keeps_his_wilds_when_they_cannot_win_the_bonus():
    """Wilds stay in Tom's supply when even all of them would not beat the best bid."""
    game = tom_table("A6")
    ann, tom = game.seats
    start_round(game, "prestige")
    place_bid(game, ann, "prestige prestige prestige prestige")
    give(game, tom, hand="prestige wild wild")
    assert tom_bid(game, tom) == 1
    assert types(tom.hand) == ["wild", "wild"]


def test_keeps_his_wilds_when_he_already_has_the_highest_bid():
    """Tom adds no wild when his matching cards alone already give him the highest bid."""
    game = tom_table("A6")
    ann, tom = game.seats
    start_round(game, "press")
    place_bid(game, ann, "press")
    give(game, tom, hand="press press wild")
    assert tom_bid(game, tom) == 2
    assert types(tom.hand) == ["wild"]


def test_never_bids_two_wilds_alone_outside_the_skyscraper_round():
    """With no card of the round, Tom does not turn two wilds into one card (only skyscrapers allow that)."""
    game = tom_table("A6")
    ann, tom = game.seats
    start_round(game, "press")
    place_bid(game, ann, "press")
    give(game, tom, hand="wild wild wild")
    assert tom_bid(game, tom) == 0
    assert not tom.played and types(tom.hand) == ["wild"] * 3


def test_prestige_bonus_rulebook_example():
    """Yellow and brown tiles: Tom skips his X borough, takes the highest letter left, and the taxi towards X."""
    game = tom_table("A6")
    ann, tom = game.seats
    set_letters(game, manhattan="D", bronx="X", brooklyn="C", queens="B", staten_island="A", jersey_city="E")
    build_in(game, tom, bronx=1)  # his setup skyscraper on X
    show_prestige(game, ("yellow", 2), ("brown", 4))
    bids(game, "prestige", {tom: "prestige"})
    notes = tom_notes(game, tom)
    assert "prestige step 1: boroughs touched by vessels of a tile's colour: Manhattan, Brooklyn, Queens, Bronx" in notes
    assert "prestige step 2: fewest of his skyscrapers: Manhattan, Brooklyn, Queens" in notes
    assert "prestige step 3: highest letter: Manhattan" in notes
    assert "prestige step 4: vessel towards the highest letter: taxi Manhattan-Bronx" in notes
    manhattan = borough(game, "manhattan")
    assert [(t.colour, t.value) for t in manhattan.prestige] == [("yellow", 2)]
    assert [repr(v) for v in tom.vessels] == ["<taxi manhattan-bronx>"]
    assert manhattan.counts[tom.index] == 1
    assert [(t.colour, t.value) for t in game.prestige_display] == [("brown", 4)]


def test_prestige_step_1_only_vessels_still_on_the_board():
    """Tom only considers boroughs reached by board vessels of a displayed tile's colour."""
    game = tom_table("A6")
    ann, tom = game.seats
    set_letters(game, jersey_city="X", manhattan="E", brooklyn="D", queens="C", bronx="B", staten_island="A")
    give_vessels(game, ann, "streetcar")  # the first streetcar: Brooklyn - Queens
    assert [repr(v) for v in ann.vessels] == ["<streetcar brooklyn-queens>"]
    show_prestige(game, ("grey", 4))
    bids(game, "prestige", {tom: "prestige"})
    notes = tom_notes(game, tom)
    assert "prestige step 1: boroughs touched by vessels of a tile's colour: Manhattan, Jersey City" in notes
    assert "prestige step 3: highest letter: Jersey City" in notes
    assert [(t.colour, t.value) for t in borough(game, "jersey_city").prestige] == [("grey", 4)]


def test_prestige_step_2_fewest_of_his_skyscrapers_beats_the_letter():
    """Among the reachable boroughs Tom first keeps those where he has the fewest skyscrapers."""
    game = tom_table("A6")
    ann, tom = game.seats
    set_letters(game, jersey_city="X", brooklyn="E", staten_island="A", manhattan="B", queens="C", bronx="D")
    build_in(game, tom, jersey_city=1, brooklyn=2)
    build_in(game, ann, staten_island=3)  # other seats' skyscrapers do not matter
    show_prestige(game, ("red", 2))
    bids(game, "prestige", {tom: "prestige"})
    notes = tom_notes(game, tom)
    assert "prestige step 1: boroughs touched by vessels of a tile's colour: Brooklyn, Staten Island, Jersey City" in notes
    assert "prestige step 2: fewest of his skyscrapers: Staten Island" in notes
    assert borough(game, "staten_island").counts[tom.index] == 1
    assert [(t.colour, t.value) for t in borough(game, "staten_island").prestige] == [("red", 2)]


def test_prestige_step_3_highest_letter_with_x_above_e():
    """On a tie of his skyscrapers Tom takes the highest letter, X counting above E."""
    game = tom_table("A6")
    ann, tom = game.seats
    set_letters(game, jersey_city="X", brooklyn="E", staten_island="D", manhattan="A", queens="B", bronx="C")
    build_in(game, tom, jersey_city=1, brooklyn=1, staten_island=1)
    show_prestige(game, ("red", 4))
    bids(game, "prestige", {tom: "prestige"})
    notes = tom_notes(game, tom)
    assert "prestige step 2: fewest of his skyscrapers: Brooklyn, Staten Island, Jersey City" in notes
    assert "prestige step 3: highest letter: Jersey City" in notes
    assert "prestige step 4: vessel towards the highest letter: bus Jersey City-Staten Island" in notes
    assert borough(game, "jersey_city").counts[tom.index] == 2


def test_prestige_step_4_vessel_towards_the_highest_letter_sets_the_tile():
    """Of the vessels at his borough Tom takes the one whose far end has the highest letter, and its colour's tile."""
    game = tom_table("A6")
    ann, tom = game.seats
    set_letters(game, staten_island="X", manhattan="E", jersey_city="D", brooklyn="C", queens="B", bronx="A")
    show_prestige(game, ("red", 4), ("blue", 2))
    bids(game, "prestige", {tom: "prestige"})
    notes = tom_notes(game, tom)
    assert "prestige step 3: highest letter: Staten Island" in notes
    assert "prestige step 4: vessel towards the highest letter: boat Manhattan-Staten Island" in notes
    assert [(t.colour, t.value) for t in borough(game, "staten_island").prestige] == [("blue", 2)]
    assert [v.kind for v in tom.vessels] == ["boat"]


def test_prestige_two_tiles_of_one_colour_he_takes_the_higher():
    """When both displayed tiles share a colour, Tom places the one worth more."""
    game = tom_table("A6")
    ann, tom = game.seats
    show_prestige(game, ("yellow", 2), ("yellow", 4))
    bids(game, "prestige", {tom: "prestige"})
    placed = [(t.colour, t.value) for b in game.boroughs for t in b.prestige]
    assert placed == [("yellow", 4)]
    assert [(t.colour, t.value) for t in game.prestige_display] == [("yellow", 2)]


def test_prestige_runner_up_uses_only_the_tile_left():
    """As second-highest bidder Tom chooses only among the boroughs of the tile the winner left."""
    game = tom_table("A6", kinds=["tom", "tom"])
    first, second = game.seats
    set_letters(game, bronx="X", brooklyn="E", manhattan="D", queens="C", jersey_city="B", staten_island="A")
    show_prestige(game, ("yellow", 2), ("red", 4))
    bids(game, "prestige", {first: "prestige prestige", second: "prestige"})
    assert [(t.colour, t.value) for t in borough(game, "bronx").prestige] == [("yellow", 2)]
    assert "prestige step 1: boroughs touched by vessels of a tile's colour: Brooklyn, Staten Island, Jersey City" in tom_notes(game, second)
    assert [(t.colour, t.value) for t in borough(game, "brooklyn").prestige] == [("red", 4)]
    assert [repr(v) for v in second.vessels] == ["<bus brooklyn-staten_island>"]
    assert borough(game, "brooklyn").counts[second.index] == 1 and not game.prestige_display


def test_four_wilds_make_three_skyscrapers():
    """In the skyscraper round two wilds make one skyscraper and each further wild one more."""
    game = tom_table("A6")
    ann, tom = game.seats
    game.mayor = borough(game, "queens")
    start_round(game, "skyscraper")
    place_bid(game, ann, "skyscraper skyscraper skyscraper skyscraper")  # Ann has the highest bid
    give(game, tom, hand="wild wild wild wild")
    assert tom_bid(game, tom) == 3
    evaluate_bids(game, rnd(game, "skyscraper"))
    assert borough(game, "queens").counts[tom.index] == 3


@pytest.mark.parametrize("dollars, characters, rest", [
    (5, 8, 0),    # the rulebook example: only the first 1 gets a second dollar
    (0, 7, 0),
    (6, 9, 0),
    (8, 14, 0),   # every character has two dollars
    (11, 14, 2),  # three dollars left over: half, rounded up, in "all the rest"
])
def test_final_scoring_deals_dollars_over_his_characters(dollars, characters, rest):
    """Tom's dollars go one by one over his characters from the lowest value, two at most; two doubles a character."""
    game = tom_table("A6")
    ann, tom = game.seats
    for char_id in (11, 4, 5, 7):  # values 4, 1, 1, 1
        hire(game, tom, char_id)
    tom.dollars = dollars
    scores = score(game)[tom.name]
    assert scores["characters"] == characters
    assert scores["rest"] == rest


# --------------------------------------------------------------- phase II draws

def test_mode_a_draws_nothing_before_a_bidding_round():
    """In mode A Tom takes no card before a bidding round."""
    game = tom_table("A6")
    ann, tom = game.seats
    give(game, tom, hand="press")
    deck = len(game.deck)
    before_bid(game, tom, "press")
    assert len(game.deck) == deck and types(tom.hand) == ["press"] and not tom.played


@pytest.mark.parametrize("level, draws", [("A6", 0), ("A9", 0), ("B4", 1), ("B3", 1), ("C2", 1), ("C5", 1)])
def test_draws_before_each_of_the_six_bidding_rounds(level, draws):
    """Modes B and C draw one card at the start of every bidding round but building plans, before anyone
    bids; mode A never."""
    game = tom_table(level)
    ann, tom = game.seats
    game.mayor = borough(game, "queens")
    start = len(game.events)
    play_bidding_rounds(game)
    events = game.events[start:]
    headers = [i for i, e in enumerate(events) if e.kind == "section" and e.text.startswith("Phase II:")]
    assert len(headers) == 6
    for h, i in enumerate(headers):
        end = headers[h + 1] if h + 1 < len(headers) else len(events)
        mine = [e.text for e in events[i + 1:end] if e.seat == tom.index]
        if events[i].text.startswith("Phase II: Building plans"):
            assert mine == ["skips the building plans round", "passes"]  # his pass is told like anyone's
            continue
        assert mine.count("draws 1 card") == draws
        if draws:
            assert mine[0] == "draws 1 card"


@pytest.mark.parametrize("drawn", ["wild", "plans"])
@pytest.mark.parametrize("level", ["B4", "C4"])
def test_drawn_wild_is_played_at_once_with_a_card_of_the_round(drawn, level):
    """A drawn wild (or plans card) goes into the bid at once when Tom holds a card of the round."""
    game = tom_table(level)
    ann, tom = game.seats
    give(game, tom, hand="press wild")
    stack_deck(game, drawn)
    card = game.deck[-1]
    before_bid(game, tom, "press")
    assert card.zone is tom.played and card.counted_as == "wild"
    assert types(tom.hand) == ["press", "wild"]


@pytest.mark.parametrize("drawn", ["wild", "plans"])
@pytest.mark.parametrize("level", ["B4", "C4"])
def test_drawn_wild_is_kept_without_a_card_of_the_round(drawn, level):
    """A drawn wild (or plans card) joins Tom's supply when he holds no card of the round."""
    game = tom_table(level)
    ann, tom = game.seats
    give(game, tom, hand="dollar skyscraper wild")
    stack_deck(game, drawn)
    card = game.deck[-1]
    before_bid(game, tom, "press")
    assert card.zone is tom.hand and not tom.played
    assert "keeps the wild card he drew" in tom_notes(game, tom)


@pytest.mark.parametrize("level", ["B4", "C4"])
def test_drawn_card_of_the_current_round_is_played(level):
    """A drawn card of the running bidding round goes into Tom's bid at once."""
    game = tom_table(level)
    ann, tom = game.seats
    stack_deck(game, "elevator")
    card = game.deck[-1]
    before_bid(game, tom, "elevator", done=("press", "dollar"))
    assert card.zone is tom.played
    assert "the card he drew matches the round" in tom_notes(game, tom)


@pytest.mark.parametrize("level", ["B4", "C4"])
def test_drawn_card_of_an_earlier_round_is_discarded(level):
    """A drawn card whose bidding round is already over this game round goes to the discard pile."""
    game = tom_table(level)
    ann, tom = game.seats
    start = bidding_round(game, rnd(game, "press"), ann)  # the press round is over
    stack_deck(game, "press")
    card = game.deck[-1]
    bidding_round(game, rnd(game, "dollar"), start)
    assert card.zone is game.discard
    assert "the card he drew is for a bidding round that is over" in tom_notes(game, tom)
    assert game.bids_made[tom] == 0


@pytest.mark.parametrize("level, kept", [("B4", False), ("B6", False), ("C4", True), ("C2", True)])
def test_drawn_card_of_a_later_round_is_discarded_in_b_and_kept_in_c(level, kept):
    """A drawn card for a bidding round still to come is thrown away in mode B and kept in mode C."""
    game = tom_table(level)
    ann, tom = game.seats
    stack_deck(game, "skyscraper")
    card = game.deck[-1]
    before_bid(game, tom, "dollar", done=("press",))
    assert card.zone is (tom.hand if kept else game.discard)
    note = ("keeps the card he drew for a later bidding round" if kept
            else "the card he drew is for a later bidding round")
    assert note in tom_notes(game, tom)


# --------------------------------------------------------------- other Tom rules

def elevator_table():
    """Two Toms (no person to ask) and a known elevator."""
    game = tom_table("A6", kinds=["tom", "tom"])
    row(game, 1, 4, 5)
    row(game, 2, 1, 6, 13)
    row(game, 3, 3, 8, 10, 14)
    row(game, 4, 11, 15)
    row(game, 5, 35, 36)
    return game


@pytest.mark.parametrize("mine, other, hired", [
    (2, 0, 3),    # alone: 2 + 1 for the highest bid reaches the 3 row
    (2, 3, 1),    # outbid, no bonus: the 2 row
    (3, 2, 11),   # 3 + 1: the 4 row
    (6, 0, 35),   # 7 is capped at 5
])
def test_elevator_takes_the_leftmost_of_the_highest_row_he_reaches(mine, other, hired):
    """Tom hires the leftmost character of the row of his bid value (bonus included, 5 at most)."""
    game = elevator_table()
    tom, rival = game.seats
    start_round(game, "elevator")
    place_bid(game, tom, " ".join(["elevator"] * mine))
    if other:
        place_bid(game, rival, " ".join(["elevator"] * other))
    evaluate_bids(game, rnd(game, "elevator"))
    assert [t.char.id for t in tom.company] == [hired]
    assert any(n.startswith("the leftmost character of the highest row he reaches")
               for n in tom_notes(game, tom))


def test_elevator_with_his_row_empty_takes_the_next_lower_row():
    """When the row of his value is empty Tom takes from the next lower row that has tiles."""
    game = elevator_table()
    tom, rival = game.seats
    game.elevator_rows[4] = []
    game.elevator_rows[3] = []
    start_round(game, "elevator")
    place_bid(game, tom, "elevator elevator elevator")  # 3 + 1
    evaluate_bids(game, rnd(game, "elevator"))
    assert [t.char.id for t in tom.company] == [1]  # leftmost of the 2 row


def test_skips_the_building_plans_round():
    """Tom bids nothing in the building plans round, so he never gets board skyscrapers from it."""
    game = tom_table("A6")
    ann, tom = game.seats
    give(game, tom, hand="plans plans wild press")
    bidding_round(game, rnd(game, "plans"), tom)
    assert game.bids_made[tom] == 0 and tom.board == 0
    assert types(tom.hand) == ["plans", "plans", "press", "wild"]
    assert "skips the building plans round" in tom_notes(game, tom)


@pytest.mark.parametrize("level", ["B4", "C4"])
def test_draws_no_card_before_the_building_plans_round(level):
    """Ruling 23: Tom skips the building plans round completely, the draw before it included."""
    game = tom_table(level)
    ann, tom = game.seats
    give(game, tom, hand="press")
    stack_deck(game, "wild dollar")
    top = game.deck[-1]
    start = len(game.events)
    answer(game, "pass")  # Ann's bid
    bidding_round(game, rnd(game, "plans"), ann)
    assert types(tom.hand) == ["press"] and not tom.played
    assert game.deck[-1] is top  # the wild card is still on the draw pile
    assert game.bids_made[tom] == 0
    assert not any("draws" in text for text in since(game, start))
    before_bid(game, tom, "dollar")  # the next round's draw takes that wild card
    assert types(tom.hand) == ["press", "wild"]


def test_skyscraper_round_never_builds_a_sixth_in_a_borough():
    """Skyscrapers beyond Tom's fifth in a borough are lost, and the log says how many."""
    game = tom_table("A6")
    ann, tom = game.seats
    game.mayor = borough(game, "queens")
    build_in(game, tom, queens=4)
    give(game, tom, hand="skyscraper skyscraper skyscraper")
    start_round(game, "skyscraper")
    assert tom_bid(game, tom) == 3
    evaluate_bids(game, rnd(game, "skyscraper"))  # 3 + 1: one fits
    assert borough(game, "queens").counts[tom.index] == 5
    assert "loses the skyscrapers above five in one borough: 3" in tom_notes(game, tom)


def test_elevator_row_closes_up_and_refills_on_the_right():
    """After Tom's hire the tiles to its right move left and a new tile fills the right end."""
    game = elevator_table()
    tom, rival = game.seats
    start_round(game, "elevator")
    place_bid(game, tom, "elevator elevator")
    evaluate_bids(game, rnd(game, "elevator"))
    ids = [t.char.id for t in game.elevator_rows[3]]
    assert ids[:3] == [8, 10, 14] and len(ids) == 4


def test_prestige_builds_nothing_where_he_already_has_five():
    """A prestige bonus into a borough where Tom has five places the tile but adds no skyscraper."""
    game = tom_table("A6")
    ann, tom = game.seats
    build_in(game, tom, brooklyn=5, staten_island=5, jersey_city=5)
    show_prestige(game, ("red", 4))
    bids(game, "prestige", {tom: "prestige"})
    assert sum(len(b.prestige) for b in game.boroughs) == 1 and len(tom.vessels) == 1
    assert all(b.counts[tom.index] in (0, 5) for b in game.boroughs)


def test_prestige_skyscraper_lost_at_five_is_logged():
    """When the prestige bonus skyscraper would be his sixth there, the log says it is lost."""
    game = tom_table("A6")
    ann, tom = game.seats
    build_in(game, tom, brooklyn=5, staten_island=5, jersey_city=5)
    show_prestige(game, ("red", 4))
    start = len(game.events)
    bids(game, "prestige", {tom: "prestige"})
    assert any("lose" in e.text for e in game.events[start:] if e.seat == tom.index)


@pytest.mark.parametrize("kinds", [["human", "tom"], ["human", "human", "tom"], ["human", "tom", "tom", "tom"]])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup_gives_tom_only_his_x_skyscraper(kinds, seed):
    """Tom starts with no board skyscrapers, no dollar, no reserve and no cards, but a skyscraper on X."""
    game = table(kinds=kinds, seed=seed)
    x = next(b for b in game.boroughs if b.letter == "X")
    for seat in game.seats:
        if seat.is_tom:
            assert (seat.board, seat.dollars, seat.reserve_size, len(seat.reserve), len(seat.hand)) == (0, 0, 0, 0, 0)
            assert [b.counts[seat.index] for b in game.boroughs if b is not x] == [0] * 5
        else:
            assert (seat.board, seat.dollars, len(seat.reserve)) == (4, 1, 2)
        assert x.counts[seat.index] == 1


def test_draws_no_cards_in_phase_0():
    """In phase 0 the people draw their three cards and Tom draws none."""
    game = table(kinds=["human", "tom", "tom"])
    phase0(game)
    assert [len(s.hand) for s in game.seats] == [3, 0, 0]


@pytest.mark.parametrize("level, supply", [("A6", 8), ("B4", 6), ("C2", 4), ("A9", 11)])
def test_phase_1_tom_takes_the_pair_left_then_draws_his_level(level, supply):
    """After the person's two pairs Tom gets the pair nobody took, then draws his level's number of cards."""
    game = tom_table(level)
    ann, tom = game.seats
    phase0(game)
    assert len(game.pairs) == 3
    set_pairs(game, "press press", "dollar dollar", "elevator elevator")
    answer(game, "take dollar + dollar", "take press + press")
    start = len(game.events)
    phase1(game)
    assert_answered(game)
    assert since(game, start) == ["Phase I: pairs of cards", "takes the pair dollar + dollar", "takes the pair press + press",
                                  "takes the pair elevator + elevator", f"draws {supply - 2} cards"]
    assert len(tom.hand) == supply and types(tom.hand).count("elevator") >= 2
    assert not game.pairs


def test_phase_1_each_tom_gets_one_pair_the_people_left():
    """With two people and two Toms the people take four pairs and each Tom one of the other two."""
    game = tom_table("C3", kinds=["human", "human", "tom", "tom"])
    phase0(game)
    assert len(game.pairs) == 6
    for seat in game.seats:
        give(game, seat, hand="")
    set_pairs(game, *(["press press"] * 4 + ["wild wild"] * 2))
    answer(game, *["take press + press"] * 4)
    phase1(game)
    assert_answered(game)
    ann, ben, tom1, tom2 = game.seats
    assert types(ann.hand) == ["press"] * 4 and types(ben.hand) == ["press"] * 4
    for tom in (tom1, tom2):
        assert len(tom.hand) == 2 + 3 and types(tom.hand).count("wild") >= 2


def test_never_uses_or_pays_for_characters():
    """Tom's characters of phases I-III never act for him and he never spends a dollar on them."""
    game = tom_table("A6")
    ann, tom = game.seats
    for char_id in (10, 6, 13, 16, 17, 19, 20, 21, 18, 23, 25, 26):
        hire(game, tom, char_id)
    tom.dollars = 9
    phase0(game)
    set_pairs(game, "press press", "dollar dollar", "skyscraper skyscraper")
    answer(game, "take press + press", "take dollar + dollar")
    phase1(game)
    assert len(tom.hand) == 2 + 6  # character 10 draws him nothing extra
    give(game, tom, hand="prestige skyscraper")
    give(game, ann, hand="")
    bidding_round(game, rnd(game, "prestige"), tom)
    assert game.bids_made[tom] == 1  # 17 adds no prestige card
    assert tom.points == 1  # 19 does not double
    before = game.mayor.counts[tom.index]
    bidding_round(game, rnd(game, "skyscraper"), tom)
    assert game.mayor.counts[tom.index] == before + 2  # 1 + the bonus; 21 adds none
    phase3(game)
    assert tom.dollars == 9 and not tom.used and tom.points == 1 and tom.board == 0
    assert not any(t.startswith("uses character") for t in tom_notes(game, tom))
    assert all(d.seat is ann for d in game.chooser.asked)


@pytest.mark.parametrize("lone", ["wild", "plans"])
def test_lone_wild_is_discarded_in_the_skyscraper_round(lone):
    """A single wild (or plans card) with no skyscraper card cannot bid and is thrown away."""
    game = tom_table("A6")
    ann, tom = game.seats
    game.mayor = borough(game, "queens")
    give(game, tom, hand=f"{lone} press")
    assert tom_bid(game, tom, "skyscraper") == 0
    assert types(tom.hand) == ["press"] and lone in types(game.discard)
    assert "a single wild card makes no bid" in tom_notes(game, tom)


def test_skyscraper_round_plays_all_skyscrapers_and_wilds():
    """In the skyscraper round Tom bids every skyscraper and wild card he holds, and keeps the others."""
    game = tom_table("A6")
    ann, tom = game.seats
    give(game, tom, hand="skyscraper skyscraper wild plans press")
    assert tom_bid(game, tom, "skyscraper") == 4
    assert types(tom.hand) == ["press"]


def test_final_scoring_characters_give_only_their_value():
    """Tom's end-game characters score their value, not their condition; a person's score both."""
    game = tom_table("A6")
    ann, tom = game.seats
    for seat in (ann, tom):
        hire(game, seat, 28)  # value 2: a point per skyscraper in a yellow-lantern borough
        hire(game, seat, 33)  # value 4: points for the press track
    build_in(game, tom, manhattan=3)
    build_in(game, ann, manhattan=3)
    set_press(game, (None, 8), (ann, 6), (tom, 6))
    scores = score(game)
    assert scores[tom.name]["characters"] == 6 and scores[tom.name]["scoring_characters"] == 0
    assert scores[ann.name]["characters"] == 6 and scores[ann.name]["scoring_characters"] == 3 + 3


# --------------------------------------------------------------- seats

RULEBOOK_LEVELS = {1: "A6", 2: "B3", 3: "C2", 4: "A7", 5: "B4", 6: "C3",
                   7: "A8", 8: "B5", 9: "C4", 10: "A9", 11: "B6", 12: "C5"}


@pytest.mark.parametrize("number", range(1, 13))
def test_numbered_levels_follow_the_rulebook_table(number):
    """tom:N is the mode and card count of Tom N in the rulebook's difficulty table."""
    spec = parse_seats(["Ann", f"tom:{number}"], nyc())[1]
    assert (spec.kind, spec.name) == ("tom", "Tom")
    assert spec.level == RULEBOOK_LEVELS[number]


@pytest.mark.parametrize("text, level", [("tom:B4", "B4"), ("tom:a2", "A2"), ("tom:C9", "C9"),
                                         ("Tom:b7", "B7"), ("tom", "B4")])
def test_mode_and_card_levels_parse(text, level):
    """tom:B4 style seats give that mode and card count; a bare tom plays B4."""
    spec = parse_seats(["Ann", text], nyc())[1]
    assert spec.level == level


@pytest.mark.parametrize("text", ["tom:13", "tom:0", "tom:D4", "tom:B1", "tom:B10", "tom:A", "tom:", "tom:4B"])
def test_bad_levels_are_refused_clearly(text):
    """A Tom level outside 1-12 or A-C with 2-9 cards is an error that names the allowed levels."""
    with pytest.raises(NycRulesError, match="Tom's level must be"):
        parse_seats(["Ann", text], nyc())


@pytest.mark.parametrize("text", ["tom:" + "9" * 5000, "tom:" + "x" * 5000, "bot:" + "x" * 5000, "x" * 5000])
def test_a_seat_of_thousands_of_characters_is_refused_in_one_short_line(text):
    """A Tom level of 5,000 digits once reached Python's own limit on converting numerals (an internal
    error); such seats are refused in a line that quotes only the start of what was typed."""
    with pytest.raises(NycRulesError) as refused:
        parse_seats(["Ann", text], nyc())
    message = str(refused.value)
    assert "\n" not in message and len(message) < 200 and "..." in message


def test_several_toms_are_numbered():
    """More than one Tom are called Tom I, Tom II, Tom III, each with its own level."""
    specs = parse_seats(["Ann", "tom:1", "tom:C5", "tom"], nyc())
    assert [(s.name, s.level) for s in specs[1:]] == [("Tom I", "A6"), ("Tom II", "C5"), ("Tom III", "B4")]


@pytest.mark.parametrize("seats", [["Ann", "tom"], ["tom:3", "Ann"], ["Ann", "Ben", "tom"], ["Ann", "tom:1", "tom:9"],
                                   ["Ann", "Ben", "tom:3", "tom:C5"]])
@pytest.mark.parametrize("seed", [1, 2])
def test_one_start_stack_per_seat_people_pick_first(seats, seed):
    """One start stack per seat is revealed; each person chooses among those left, the Toms get the rest."""
    asked = []

    def chooser(game, decision):
        asked.append(decision)
        return len(decision.options) - 1

    game = new_game(nyc(), parse_seats(seats, nyc()), seed, chooser)
    people = [s for s in game.seats if not s.is_tom]
    assert [len(d.options) for d in asked] == list(range(len(seats), len(seats) - len(people), -1))
    assert {d.seat.name for d in asked} == {s.name for s in people}
    taking = [e.seat for e in game.events if e.text.startswith("takes the start characters")]
    assert [game.seats[i].is_tom for i in taking] == sorted(game.seats[i].is_tom for i in taking)
    assert all(len(s.company) == 2 for s in game.seats)
    assert sum(1 for t in game.tiles if t.where == "box") == 2 * (6 - len(seats))


@pytest.mark.parametrize("kinds, pairs", [
    (["human", "tom"], 3),
    (["human", "human", "tom"], 5),
    (["human", "tom", "tom"], 4),
    (["human", "tom", "tom", "tom"], 5),
    (["human", "human", "tom", "tom"], 6),
    (["tom", "tom"], 2),
    (["human", "human"], 5),  # no Tom: the usual 2 per seat + 1
])
def test_pairs_dealt_two_per_person_one_per_tom(kinds, pairs):
    """Phase 0 deals two pairs per person and one per Tom."""
    game = table(kinds=kinds)
    phase0(game)
    assert len(game.pairs) == pairs


@pytest.mark.parametrize("kinds, space", [(["human", "tom"], 8), (["human", "tom", "tom"], 7),
                                          (["tom", "tom", "tom", "tom"], 6)])
def test_toms_count_as_seats_for_the_neutral_press_token(kinds, space):
    """The neutral press token starts where the seat count says, Toms included."""
    assert table(kinds=kinds).neutral_token.space == space


# --------------------------------------------------------------- whole games

GAMES = [
    ["bot:random", "tom:1"],
    ["bot:random", "tom:5"],
    ["bot:random", "tom:9"],
    ["bot:random", "tom:12"],
    ["bot:random", "tom:B4", "tom:C2"],
    ["bot:random", "tom:A9", "tom:C5"],
    ["bot:random", "tom:3", "tom:6", "tom:11"],
    ["tom:2", "tom:10"],
    ["tom:A6", "tom:B4", "tom:C3"],
    ["tom:4", "tom:7", "tom:8", "tom:C9"],
]


def tom_characters_score(values: list[int], dollars: int) -> tuple[int, int]:
    """Deal the dollars by hand, lowest value first, two rounds at most; gives (points, dollars left)."""
    on = [0] * len(values)
    for _ in range(2):
        for i in range(len(values)):
            if dollars:
                on[i] += 1
                dollars -= 1
    return sum(v * 2 if n == 2 else v for v, n in zip(sorted(values), on)), dollars


@pytest.mark.parametrize("seats", GAMES, ids=["-".join(s) for s in GAMES])
@pytest.mark.parametrize("block", range(3))
def test_seeded_games_keep_toms_limits(seats, block):
    """Whole games: Tom never tops 5 in a borough, holds a reserve or board skyscrapers, pays or uses a character."""
    for seed in range(block * 8, block * 8 + 8):
        game, inv, watch, asked = tom_game(seats, seed)
        assert game.finished and game.round == 5
        assert watch.checked > 100 and inv.checked == watch.checked
        assert all(not d.seat.is_tom for d in asked), "Tom was asked a decision"
        for tom in (s for s in game.seats if s.is_tom):
            mine = [e for e in game.events if e.seat == tom.index]
            assert not [e for e in mine if e.rule == "phase 0" and e.text.startswith("draws")]
            phase1_draws = [e.text for e in mine if e.rule == "Tom: phase I" and e.text.startswith("draws")]
            assert phase1_draws == [f"draws {tom.tom_cards} cards"] * 5
            bid_draws = [e for e in mine if e.rule == "Tom: before the bid" and e.text.startswith("draws")]
            assert len(bid_draws) == (0 if tom.tom_mode == "A" else 5 * 5)  # none before building plans
            current = ""
            for e in game.events:  # no earlier round before the first, no later one after the last
                if e.kind == "section":
                    current = e.text
                elif e.seat == tom.index and current.startswith("Phase II: Press"):
                    assert "bidding round that is over" not in e.text
                elif e.seat == tom.index and current.startswith("Phase II: Skyscrapers"):
                    assert "for a later bidding round" not in e.text
            assert tom.scores.get("scoring_characters", 0) == 0
            dollars = watch.before_scoring[tom.index]
            points, left = tom_characters_score([t.value for t in tom.company], dollars)
            assert tom.scores.get("characters", 0) == points
            assert tom.dollars == left and tom.scores.get("rest", 0) == (left + 1) // 2
