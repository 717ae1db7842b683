"""The six bidding rounds: actions, highest-bid bonus, order of play and evaluation, the Statue of
Liberty, and which card sets form a legal bid."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from parts import bidding_round, play_bidding_rounds
from nycrules.games.nyc.bids import legal_bids

from scenario import answer, assert_answered, borough, give
from scenario_more import (asked_seats, bare, bids, build_in, press_names, set_press, show_prestige,
                           vessel)


def acting_order(game, word, since=0):
    """Seats in the order their first event containing `word` was logged (from event number `since`)."""
    names = []
    for event in game.events[since:]:
        if event.seat is not None and word in event.text:
            name = game.seats[event.seat].name
            if name not in names:
                names.append(name)
    return names


# ------------------------------------------------------------ actions + bonus
def test_press_round_moves_by_the_bid_and_the_highest_one_step_more():
    """Press: each bidder moves its bid value; the highest bid moves one extra step."""
    game = bare(3)
    ann, ben, cat = game.seats
    bids(game, "press", {ann: "press press", ben: "press"})
    assert (ann.token.space, ben.token.space, cat.token.space) == (3, 1, 0)


def test_dollar_round_pays_the_bid_and_one_more_to_the_highest():
    """Dollars: each bidder takes its bid value in dollars; the highest bid takes one more."""
    game = bare(3)
    ann, ben, cat = game.seats
    bids(game, "dollar", {ann: "dollar", ben: "dollar dollar wild"})
    assert (ann.dollars, ben.dollars, cat.dollars) == (1, 4, 0)


def elevator_label(game, value, avoid=()):
    """The answer that hires a face-up character of this value (not one of the ids in `avoid`)."""
    tile = next(t for t in game.elevator_rows[value] if t.char.id not in avoid)
    return f"{tile.char.id} {tile.char.title} "


def test_elevator_round_hires_one_character_up_to_the_bid_plus_one_for_the_highest():
    """Elevator: each bidder hires one character worth at most its bid; the highest bid counts one more."""
    game = bare(3)
    ann, ben, _ = game.seats
    answer(game, elevator_label(game, 3), elevator_label(game, 1))
    bids(game, "elevator", {ann: "elevator elevator", ben: "elevator"})
    assert_answered(game)
    assert [t.value for t in ann.company] == [3]
    assert [t.value for t in ben.company] == [1]
    offers = [max(o.value.value for o in d.options) for d in game.chooser.asked]
    assert offers == [3, 1]


def test_plans_round_puts_skyscrapers_on_the_board_one_more_for_the_highest():
    """Building plans: bidders put their bid value in skyscrapers on their board; the highest one more."""
    game = bare(3)
    ann, ben, cat = game.seats
    bids(game, "plans", {ann: "plans plans", ben: "dollar wild"})
    assert (ann.board, ben.board, cat.board) == (3, 1, 0)


def test_skyscraper_round_builds_in_the_mayors_borough_one_more_for_the_highest():
    """Skyscrapers: bidders build their bid value from the board where the Mayor is; the highest one more."""
    game = bare(3)
    ann, ben, _ = game.seats
    game.mayor = borough(game, "queens")
    ann.board = ben.board = 5
    bids(game, "skyscraper", {ann: "skyscraper skyscraper", ben: "skyscraper"})
    assert borough(game, "queens").counts[:2] == [3, 1]
    assert (ann.board, ben.board) == (2, 4)


def test_prestige_round_points_equal_the_bid_without_a_bonus_point():
    """Prestige: bidders gain points equal to their bid; the bonus is a tile, not a point."""
    game = bare(3)
    ann, ben, _ = game.seats
    show_prestige(game, ("grey", 4), ("brown", 2))
    answer(game, "no", "no")
    bids(game, "prestige", {ann: "prestige prestige", ben: "prestige"})
    assert (ann.points, ben.points) == (2, 1)


# --------------------------------------------------------------- bonus ties
def test_bonus_tie_goes_to_the_seat_ahead_on_press_with_the_neutral_token_between():
    """Equal highest bids: the seat farther ahead on the press track gets the bonus; the neutral token
    standing between the two changes nothing."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (ben, 8), (None, 7), (ann, 5), (cat, 0))
    bids(game, "dollar", {ann: "dollar dollar", ben: "dollar dollar"})
    assert (ben.dollars, ann.dollars) == (3, 2)


def test_neutral_token_ahead_of_everybody_does_not_take_the_bonus():
    """The neutral token never bids: with it in the lead, the best seat on the press track still wins a tie."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (cat, 3), (ann, 3), (ben, 1))
    bids(game, "plans", {ann: "plans", cat: "plans"})
    assert (cat.board, ann.board) == (2, 1)


def test_passing_seats_never_win_the_bonus():
    """A pass is no bid: the only bidder gets the bonus even if far behind on the press track."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (ann, 6), (ben, 4), (cat, 0))
    bids(game, "dollar", {cat: "dollar"})
    assert (ann.dollars, ben.dollars, cat.dollars) == (0, 0, 2)


# ---------------------------------------------------------- evaluation order
def test_press_round_is_evaluated_in_press_order_not_seat_order():
    """Press-round moves happen from the seat ahead on the press track to the last, whatever the seat order."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (cat, 2), (ben, 1), (ann, 0))
    since = len(game.events)
    bids(game, "press", {ann: "press press press", ben: "press", cat: "press"})
    assert acting_order(game, "press track", since) == ["Cat", "Ben", "Ann"]


def test_press_round_winner_lands_on_top_of_a_shared_space():
    """The press-round bonus step comes right after the winner's own move; a token arriving on an
    occupied space goes on top."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (cat, 3), (ann, 1), (ben, 0))
    bids(game, "press", {ann: "press press", ben: "press"})
    assert press_names(game) == ["neutral", "Ann", "Cat", "Ben"]


def test_token_already_on_the_last_space_keeps_its_place_when_it_advances():
    """Only tokens arriving on the last space go under the ones there; a token that is already there and
    advances again stays where it is."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (ann, 15), (cat, 15), (None, 7), (ben, 0))
    bids(game, "press", {ann: "press"})
    assert press_names(game) == ["Ann", "Cat", "neutral", "Ben"]


def test_token_arriving_on_the_last_space_goes_under_those_already_there():
    """The press track ends at space 15: a token that reaches it is put at the bottom of the stack
    there, so the seats that arrived first stay ahead (rulebook, the press track). Elsewhere an
    arriving token goes on top."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (cat, 15), (ann, 13), (None, 7), (ben, 0))
    bids(game, "press", {ann: "press press"})  # 2 steps and 1 for the highest bid: 13 -> 15
    assert ann.token.space == 15
    assert press_names(game) == ["Cat", "Ann", "neutral", "Ben"]


def test_two_tokens_reaching_the_last_space_in_one_round_keep_their_order_of_arrival():
    """Press order moves Ann first; Ben, arriving after her, goes under her on the last space."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (ann, 14), (ben, 12), (None, 7), (cat, 0))
    bids(game, "press", {ann: "press", ben: "press press press"})  # Ben has the highest bid
    assert (ann.token.space, ben.token.space) == (15, 15)
    assert press_names(game) == ["Ann", "Ben", "neutral", "Cat"]


def test_elevator_round_hires_in_press_order():
    """Seats choose their characters from the seat ahead on the press track to the last."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (ben, 2), (cat, 1), (ann, 0))
    first = elevator_label(game, 1)
    answer(game, elevator_label(game, 2), first, elevator_label(game, 1, avoid=(int(first.split()[0]),)))
    bids(game, "elevator", {ann: "elevator", ben: "elevator", cat: "elevator"})
    assert_answered(game)
    assert asked_seats(game, "choose") == ["Ben", "Cat", "Ann"]


def test_prestige_and_skyscraper_rounds_are_evaluated_in_press_order():
    """Prestige points and skyscraper builds go from the seat ahead on the press track to the last."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (ben, 2), (cat, 1), (ann, 0))
    since = len(game.events)
    bids(game, "prestige", {ann: "prestige", ben: "prestige", cat: "prestige prestige"})
    assert acting_order(game, "gains", since) == ["Ben", "Cat", "Ann"]
    game.mayor = borough(game, "bronx")
    for seat in game.seats:
        seat.board = 3
    since = len(game.events)
    bids(game, "skyscraper", {ann: "skyscraper skyscraper", ben: "skyscraper", cat: "skyscraper"})
    assert acting_order(game, "builds", since) == ["Ben", "Cat", "Ann"]


# ------------------------------------------------------------------ prestige
def prestige_table():
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (ann, 3), (ben, 2), (cat, 1))
    show_prestige(game, ("grey", 4), ("brown", 2))
    for seat in game.seats:
        seat.board = 1
    return game


def test_prestige_winner_then_runner_up_place_tiles():
    """The highest prestige bid places a tile first, the second highest the remaining tile; a third
    bidder only scores points. Each takes the vessel and builds one skyscraper from the board there."""
    game = prestige_table()
    ann, ben, cat = game.seats
    answer(game, "yes", "grey", "streetcar Brooklyn-Queens", "Brooklyn",
           "yes", "subway Bronx-Queens", "Queens")
    bids(game, "prestige", {ann: "prestige prestige prestige", ben: "prestige prestige", cat: "prestige"})
    assert_answered(game)
    assert [t.value for t in borough(game, "brooklyn").prestige] == [4]
    assert [t.value for t in borough(game, "queens").prestige] == [2]
    assert ann.vessels == [vessel(game, "streetcar", "brooklyn", "queens")]
    assert ben.vessels == [vessel(game, "subway", "bronx", "queens")]
    assert (borough(game, "brooklyn").counts[0], borough(game, "queens").counts[1]) == (1, 1)
    assert (ann.points, ben.points, cat.points) == (3, 2, 1)
    assert cat.vessels == [] and cat.board == 1


def test_prestige_runner_up_is_second_in_the_tie_broken_ranking():
    """With equal prestige bids the seat ahead on the press track is the winner and the other the
    runner-up, so the one behind places its tile second."""
    game = prestige_table()
    ann, ben, _ = game.seats
    answer(game, "no", "no")
    bids(game, "prestige", {ann: "prestige prestige", ben: "prestige prestige"})
    assert asked_seats(game, "ask") == ["Ann", "Ben"]


def test_prestige_runner_up_needs_a_bid():
    """A lone prestige bidder places a tile; nobody else is runner-up, and the other tile stays."""
    game = prestige_table()
    ann, ben, _ = game.seats
    answer(game, "yes", "brown", "subway Manhattan-Queens", "Manhattan")
    bids(game, "prestige", {ben: "prestige"})
    assert asked_seats(game, "ask") == ["Ben"]
    assert [t.colour for t in game.prestige_display] == ["grey"]
    assert borough(game, "manhattan").counts[1] == 1


def test_prestige_bonus_may_be_forfeited():
    """A winner answering 'no' places no tile, takes no vessel and builds nothing, but keeps its points."""
    game = prestige_table()
    ann = game.seats[0]
    answer(game, "no")
    bids(game, "prestige", {ann: "prestige prestige"})
    assert_answered(game)
    assert ann.points == 2 and ann.vessels == [] and ann.board == 1
    assert len(game.prestige_display) == 2
    assert all(not b.prestige for b in game.boroughs)


def test_prestige_runner_up_chooses_from_both_tiles_when_the_winner_forfeits():
    """Ruling 30: a winner who forfeits takes no tile, so the runner-up chooses from both revealed
    tiles, the one the winner could have taken first included."""
    game = prestige_table()
    ann, ben, _ = game.seats
    answer(game, "no", "yes", "grey", "streetcar Brooklyn-Queens", "Brooklyn")
    bids(game, "prestige", {ann: "prestige prestige prestige", ben: "prestige prestige"})
    assert_answered(game)
    (tiles,) = [d for d in game.chooser.asked if d.prompt == "prestige tile"]
    assert tiles.seat is ben and tiles.labels() == ["grey prestige 4", "brown prestige 2"]
    assert [t.value for t in borough(game, "brooklyn").prestige] == [4]
    assert ann.vessels == [] and ben.vessels == [vessel(game, "streetcar", "brooklyn", "queens")]
    assert [t.colour for t in game.prestige_display] == ["brown"]


def test_prestige_build_with_an_empty_board_may_sell():
    """With no skyscraper on the board, the prestige build may move one of the seat's skyscrapers from
    another borough."""
    game = prestige_table()
    ann = game.seats[0]
    ann.board = 0
    build_in(game, ann, bronx=2)
    answer(game, "yes", "grey", "streetcar Manhattan-Jersey City", "Jersey City", "move one from Bronx")
    bids(game, "prestige", {ann: "prestige"})
    assert_answered(game)
    assert (borough(game, "jersey_city").counts[0], borough(game, "bronx").counts[0]) == (1, 1)


# -------------------------------------------------------------- skyscrapers
def test_skyscrapers_on_the_board_must_be_built():
    """A seat with enough skyscrapers on its board builds all of its bid; it is not asked anything."""
    game = bare(3)
    ann = game.seats[0]
    game.mayor = borough(game, "brooklyn")
    ann.board = 5
    bids(game, "skyscraper", {ann: "skyscraper skyscraper"})
    assert (borough(game, "brooklyn").counts[0], ann.board) == (3, 2)
    assert game.chooser.asked == []


def test_empty_board_sells_from_other_boroughs_one_per_missing_skyscraper():
    """With an empty board, each missing skyscraper may be moved from another borough of the seat."""
    game = bare(3)
    ann = game.seats[0]
    game.mayor = borough(game, "manhattan")
    build_in(game, ann, brooklyn=2, queens=1)
    answer(game, "move one from Brooklyn", "move one from Queens")
    bids(game, "skyscraper", {ann: "skyscraper"})  # 1 + 1 bonus = 2 to build
    assert_answered(game)
    assert [borough(game, b).counts[0] for b in ("manhattan", "brooklyn", "queens")] == [2, 1, 0]


def test_board_first_then_selling_is_optional():
    """The board is emptied first; for the rest the seat may decline to move skyscrapers and build fewer."""
    game = bare(3)
    ann = game.seats[0]
    game.mayor = borough(game, "manhattan")
    ann.board = 1
    build_in(game, ann, bronx=3)
    answer(game, "do not move one")
    bids(game, "skyscraper", {ann: "skyscraper skyscraper"})  # 3 to build
    assert_answered(game)
    assert (borough(game, "manhattan").counts[0], borough(game, "bronx").counts[0], ann.board) == (1, 3, 0)
    sell = [d for d in game.chooser.asked if d.kind == "sell"]
    assert len(sell) == 1 and sell[0].labels() == ["do not move one", "move one from Bronx"]


# ------------------------------------------------------- start player, order
ONE_OF_EACH = "press dollar elevator plans prestige skyscraper"


def test_clockwise_from_the_start_seat():
    """Seats bid one after the other in seat order, starting at the start seat and wrapping round."""
    game = bare(4)
    for seat in game.seats:
        give(game, seat, hand="press")  # a real choice: pass or bid
    answer(game, *["pass"] * 4)
    bidding_round(game, game.ruleset.part.round("press"), game.seats[2])
    assert asked_seats(game) == ["Cat", "Dan", "Ann", "Ben"]


def test_press_leader_starts_and_the_winner_starts_the_next_round():
    """The first bidding round starts with the seat ahead on the press track (not the neutral token);
    each later round starts with the previous round's winner; a round nobody bids keeps its starter."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (ben, 2), (ann, 1), (cat, 0))
    for seat in game.seats:
        give(game, seat, hand=ONE_OF_EACH)  # every turn is a real choice: pass or bid
    answer(game, "pass", "press (1)", "pass", *["pass"] * 15)
    play_bidding_rounds(game)
    assert_answered(game)
    order = asked_seats(game)
    assert order[:3] == ["Ben", "Cat", "Ann"]
    assert order[3:] == ["Cat", "Ann", "Ben"] * 5


def test_nobody_bids_keeps_the_start_seat():
    """If every seat passes, the next bidding round starts with the same seat."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (cat, 2), (ann, 1), (ben, 0))
    for seat in game.seats:
        give(game, seat, hand=ONE_OF_EACH)
    answer(game, *["pass"] * 18)
    play_bidding_rounds(game)
    assert asked_seats(game) == ["Cat", "Ann", "Ben"] * 6


def test_winner_of_a_tie_starts_next():
    """The next round starts with the seat that won the highest-bid bonus, ties broken by press position."""
    game = bare(3)
    ann, ben, cat = game.seats
    set_press(game, (None, 7), (cat, 2), (ben, 1), (ann, 0))
    give(game, ann, hand="dollar")
    give(game, ben, hand="dollar")
    answer(game, "dollar", "dollar", "pass")
    nxt = bidding_round(game, game.ruleset.part.round("dollar"), ann)
    assert nxt is ben


# ---------------------------------------------------------- Statue of Liberty
def test_statue_to_every_seat_completing_six_boroughs_in_the_same_round_once():
    """After a bidding round, every seat that now has skyscrapers in all six boroughs gains 4, if the
    Statue was not yet taken; later completions gain nothing from it."""
    game = bare(3)
    ann, ben, cat = game.seats
    game.mayor = borough(game, "manhattan")
    five = dict(brooklyn=1, queens=1, bronx=1, staten_island=1, jersey_city=1)
    build_in(game, ann, **five)
    build_in(game, ben, **five)
    build_in(game, cat, **five)
    ann.board = ben.board = cat.board = 5
    bids(game, "skyscraper", {ann: "skyscraper", ben: "skyscraper"})
    assert (ann.points, ben.points, cat.points) == (4, 4, 0)
    assert game.statue_flipped
    bids(game, "skyscraper", {cat: "skyscraper", ann: "skyscraper"})
    assert (ann.points, ben.points, cat.points) == (4, 4, 0)


def test_statue_waits_for_the_end_of_the_round():
    """A seat missing a borough gains nothing; the check is made after the evaluation of any round."""
    game = bare(3)
    ann = game.seats[0]
    build_in(game, ann, manhattan=1, brooklyn=1, queens=1, bronx=1, staten_island=1)
    bids(game, "dollar", {ann: "dollar"})
    assert ann.points == 0 and not game.statue_flipped
    build_in(game, ann, jersey_city=1)
    bids(game, "dollar", {})
    assert ann.points == 4 and game.statue_flipped


# -------------------------------------------------------------- legal bids
WILD = "wild"


def reference_value(cards: list[str], round_type: str) -> int | None:
    """Ruling 7 by brute force: split the cards into units every possible way and keep the best value.

    Units: a card of the round's type (1); a lone wild (1, but only beside some other unit that is not
    a lone wild); two identical cards of another type, wilds included (1); a wild with any other
    card (1). A set no split covers is not a bid.
    """
    best: int | None = None

    def split(rest: list[str], value: int, others: int, lone_wilds: int) -> None:
        nonlocal best
        if not rest:
            if lone_wilds == 0 or others > 0:
                best = value if best is None else max(best, value)
            return
        head, tail = rest[0], rest[1:]
        if head == round_type:
            split(tail, value + 1, others + 1, lone_wilds)
        if head == WILD:
            split(tail, value + 1, others, lone_wilds + 1)
        for i, mate in enumerate(tail):
            pair_ok = (head == mate and head != round_type) or (WILD in (head, mate) and head != mate)
            if pair_ok:
                split(tail[:i] + tail[i + 1:], value + 1, others + 1, lone_wilds)

    split(sorted(cards), 0, 0, 0)
    return best


def sub_multisets(hand: Counter):
    kinds = sorted(hand)
    for counts in product(*(range(hand[k] + 1) for k in kinds)):
        yield Counter({k: n for k, n in zip(kinds, counts) if n})


@pytest.mark.parametrize("round_type, hand", [
    ("press", "press press dollar dollar elevator wild wild"),
    ("elevator", "press wild wild wild"),
    ("skyscraper", "dollar dollar dollar plans wild wild"),
    ("prestige", "prestige dollar elevator plans wild"),
    ("dollar", "wild wild wild wild press"),
])
def test_legal_bids_match_a_brute_force_of_ruling_7(round_type, hand):
    """Every subset of the hand is a bid exactly when ruling 7 can count all its cards, with that value."""
    game = bare(3)
    ann = game.seats[0]
    give(game, ann, hand=hand)
    game.bidding_card = round_type
    engine = {}
    for cards, value in legal_bids(game, ann):
        key = frozenset(Counter(c.type for c in cards).items())
        assert key not in engine, "each set of card types once"
        engine[key] = value
    expected = {}
    for sub in sub_multisets(Counter(hand.split())):
        value = reference_value(list(sub.elements()), round_type)
        if value:
            expected[frozenset(sub.items())] = value
    assert engine == expected


@pytest.mark.parametrize("round_type, hand, in_bid, added", [
    ("press", "press press dollar dollar elevator wild wild", "", ""),
    ("skyscraper", "dollar dollar dollar plans plans prestige press skyscraper wild wild", "", ""),
    ("dollar", "wild wild wild wild press", "", ""),
    ("elevator", "elevator plans plans prestige wild", "plans", "wild"),
    ("prestige", "dollar dollar prestige press wild", "dollar press", ""),
])
def test_bids_are_listed_by_value_then_by_their_cards_as_text(round_type, hand, in_bid, added):
    """The bid menu's order, which a player reads and records refer to: lowest value first, equal
    values in the alphabetical order of the cards' names; each label names the cards added."""
    from nycrules.games.nyc.bids import BidTable
    from nycrules.engine.ops import move_card
    game = bare(3)
    ann = game.seats[0]
    give(game, ann, hand=hand + " " + in_bid)
    for kind in in_bid.split():
        move_card(next(c for c in ann.hand if c.type == kind), ann.played)
    ann.virtual.extend(added.split())
    game.bidding_card = round_type
    table = BidTable(game, ann)
    listed = [(table.value(i), table.label(i)) for i in range(len(table))]
    assert len(listed) > 3
    assert listed == sorted(listed)
    assert [label for _, label in listed] == [" ".join(sorted(c.type for c in table.cards(i))) for i in range(len(table))]
    assert listed == sorted((value, " ".join(sorted(c.type for c in cards))) for cards, value in legal_bids(game, ann))


@pytest.mark.parametrize("round_type, cards, value", [
    ("press", "wild", None),             # a wild cannot stand alone
    ("press", "wild wild", 1),           # two identical cards count as one
    ("press", "dollar", None),           # a card of another type alone counts nothing
    ("press", "dollar dollar", 1),       # two identical cards of another type count as one
    ("press", "dollar elevator", None),  # two different ones do not
    ("press", "dollar wild", 1),         # a wild with any card counts as one
    ("press", "press wild", 2),          # a wild added to a bid counts one
    ("press", "dollar dollar dollar wild", 2),
])
def test_ruling_7_small_cases(round_type, cards, value):
    """Single cases of ruling 7, each checked by the brute force and by the engine's legal bids."""
    assert reference_value(cards.split(), round_type) == value
    game = bare(3)
    ann = game.seats[0]
    give(game, ann, hand=cards)
    game.bidding_card = round_type
    whole = [v for c, v in legal_bids(game, ann) if len(c) == len(cards.split())]
    assert whole == ([value] if value else [])


def test_a_hand_of_one_wild_can_only_pass():
    """A seat holding a single wild has no bid to make: it passes without being asked."""
    game = bare(3)
    ann, ben, _ = game.seats
    give(game, ann, hand="wild")
    give(game, ben, hand="press")
    answer(game, "pass")
    bidding_round(game, game.ruleset.part.round("press"), ann)
    assert_answered(game)
    assert asked_seats(game) == ["Ben"]
    assert [c.type for c in ann.hand] == ["wild"]
