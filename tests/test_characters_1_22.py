"""Scenario tests for characters 1-22 (phases I and II) and the rules around using them."""

from __future__ import annotations

import re

import pytest

from nycrules.games.nyc.mechanics import press_rank_of

import parts as procedure
from scenario import answer, assert_answered, borough, give, hire, stack_deck, texts
from scenario_extra import (asked_seats, bare_table, bid_round, bid_turn, offered, options, set_pairs,
                            set_press, types)


def uses(labels: list[str]) -> list[str]:
    """The character numbers offered in a decision's options ("use 6 Banker" -> "6")."""
    return [label.split()[1] for label in labels if label.startswith("use ")]


# ------------------------------------------------------------ paying for characters
def test_a_use_costs_one_dollar_and_a_character_acts_once_per_game_round():
    """Each use puts a dollar on the character; it comes back to life only in the next game round."""
    game, ann, ben = bare_table()
    hire(game, ann, 6)
    give(game, ann, dollars=1)
    set_pairs(game, "press press", "dollar dollar", "plans plans")
    answer(game, "use 6", "take press")
    procedure.draft_turn(game, ann)
    assert ann.dollars == 2  # paid 1, took 2
    assert uses(options(game)) == []  # asked again for a pair, without 6
    answer(game, "take dollar")
    procedure.draft_turn(game, ann)
    assert uses(options(game)) == []  # the second turn of the same game round
    procedure.phase0(game)  # a new game round
    set_pairs(game, "wild wild", "plans plans")
    answer(game, "use 6", "take wild")
    procedure.draft_turn(game, ann)
    assert ann.dollars == 3
    assert_answered(game)


def test_a_seat_without_a_dollar_is_not_offered_paid_characters():
    """With no dollar to put on it, a phase I or II character cannot be used."""
    game, ann, ben = bare_table()
    hire(game, ann, 6)
    hire(game, ann, 16)
    give(game, ann, hand="press", dollars=0)
    set_pairs(game, "press press", "dollar dollar")
    answer(game, "take press")
    procedure.draft_turn(game, ann)
    answer(game, "pass")
    bid_turn(game, ann, "press")
    assert not offered(game, "use")


def test_characters_act_only_in_their_own_phase():
    """A phase II character is not offered while drafting, nor a phase I character while bidding."""
    game, ann, ben = bare_table()
    hire(game, ann, 6)
    hire(game, ann, 16)
    give(game, ann, hand="press", dollars=2)
    set_pairs(game, "press press", "dollar dollar")
    answer(game, "take press", "end turn")
    procedure.draft_turn(game, ann)
    assert not offered(game, "use 16")
    answer(game, "pass")
    bid_turn(game, ann, "press")
    assert uses(options(game)) == ["16"]


# ------------------------------------------------------------------------ phase I
def test_1_card_shark_scores_and_redraws_the_discarded_cards():
    """1 gives a point and swaps any number of hand cards for new ones from the draw pile."""
    game, ann, ben = bare_table()
    hire(game, ann, 1)
    give(game, ann, hand="press press dollar", dollars=1)
    set_pairs(game, "plans plans", "dollar dollar")
    stack_deck(game, "wild wild")
    answer(game, "use 1", "press press", "take plans")
    procedure.draft_turn(game, ann)
    assert (ann.points, ann.dollars) == (1, 0)
    assert types(ann.hand) == ["dollar", "plans", "plans", "wild", "wild"]
    assert "discards press press" in texts(game)


def test_2_cherry_picker_takes_two_single_cards_instead_of_a_pair():
    """2 takes one card from each of two pairs as the turn's take; the two leftovers become one pair."""
    game, ann, ben = bare_table()
    hire(game, ann, 2)
    give(game, ann, hand="", dollars=1)
    set_pairs(game, "press dollar", "wild plans", "prestige skyscraper")
    answer(game, "use 2", "press", "wild")
    procedure.draft_turn(game, ann)
    assert "dollar" not in options(game)  # the second card comes from another pair
    assert types(ann.hand) == ["press", "wild"]  # no pair taken on top
    assert sorted(types(p.cards) for p in game.pairs) == [["dollar", "plans"], ["prestige", "skyscraper"]]
    assert ann.dollars == 0
    assert_answered(game)


def test_2_needs_two_pairs_on_display():
    """With a single pair left there is nothing to pick from two pairs, so 2 is not offered."""
    game, ann, ben = bare_table()
    hire(game, ann, 2)
    hire(game, ann, 6)  # so that there is something to decide
    set_pairs(game, "press dollar")
    answer(game, "take", "end turn")
    procedure.draft_turn(game, ann)
    assert uses(options(game, 0)) == ["6"]


def test_3_archivist_scores_and_grows_the_reserve():
    """3 gives a point and one more reserve card, kept as a bigger reserve from then on."""
    game, ann, ben = bare_table()
    hire(game, ann, 3)
    give(game, ann, hand="", reserve="dollar dollar", dollars=1)
    set_pairs(game, "press press", "dollar dollar")
    stack_deck(game, "wild")
    answer(game, "use 3", "take press")
    procedure.draft_turn(game, ann)
    assert ann.points == 1
    assert ann.reserve_size == 3
    assert types(ann.reserve) == ["dollar", "dollar", "wild"]
    assert types(ann.hand) == ["press", "press"]


def test_4_early_bird_takes_both_pairs_at_once_and_skips_the_second_turn():
    """4 replaces the first take by two pairs; the seat then has no second turn in phase I."""
    game, ann, ben = bare_table()
    hire(game, ann, 4)
    give(game, ann, hand="", dollars=1)
    give(game, ben, hand="")
    set_press(game, (ben, 0), (ann, 0))  # Ann is last, so she takes first
    set_pairs(game, "press press", "dollar dollar", "wild wild", "plans plans", "prestige prestige")
    answer(game, "use 4", "press", "dollar", "take wild", "take plans")
    procedure.phase1(game)
    assert types(ann.hand) == ["dollar", "dollar", "press", "press"]
    assert types(ben.hand) == ["plans", "plans", "wild", "wild"]
    assert asked_seats(game, "draft") == ["Ann", "Ben", "Ben"]
    assert ann.dollars == 0
    assert_answered(game)


def test_4_is_not_offered_on_the_last_turn_of_phase_1():
    """On the second turn there is no second pair to take early, so 4 is hidden."""
    game, ann, ben = bare_table()
    hire(game, ann, 4)
    set_pairs(game, "press press", "dollar dollar", "wild wild")
    ann.draft_turns_left = 1
    answer(game, "take press")
    procedure.draft_turn(game, ann)
    assert uses(options(game, 0)) == []


def test_5_scout_draws_three_then_discards_two():
    """5 draws three cards and then puts two cards of the hand on the discard pile."""
    game, ann, ben = bare_table()
    hire(game, ann, 5)
    give(game, ann, hand="press", dollars=1)
    set_pairs(game, "plans plans", "dollar dollar")
    stack_deck(game, "dollar wild prestige")
    answer(game, "use 5", "dollar prestige", "take plans")
    procedure.draft_turn(game, ann)
    assert types(ann.hand) == ["plans", "plans", "press", "wild"]
    assert ann.dollars == 0


def test_6_banker_takes_two_dollars():
    """6 takes two dollars, so after its own dollar the seat is one dollar up."""
    game, ann, ben = bare_table()
    hire(game, ann, 6)
    give(game, ann, dollars=3)
    set_pairs(game, "press press", "dollar dollar")
    answer(game, "use 6", "take press")
    procedure.draft_turn(game, ann)
    assert ann.dollars == 4


def value_in(label: str) -> int:
    return int(re.search(r"\((\d+)\)$", label).group(1))


def test_7_headhunter_swaps_a_character_for_one_worth_at_most_one_more():
    """7 removes another own character from the game and hires one worth up to 1 more from the elevator."""
    game, ann, ben = bare_table()
    hire(game, ann, 7)
    old = hire(game, ann, 18)  # value 1
    give(game, ann, dollars=1)
    set_pairs(game, "press press", "dollar dollar")
    assert any(t.value == 3 for t in game.elevator_rows[3])
    answer(game, "use 7", "1 Card Shark", "take press")
    procedure.draft_turn(game, ann)
    offered = options(game, 1)  # the characters to hire
    assert offered and all(value_in(label) <= 2 for label in offered)
    assert [t.char.id for t in ann.company] == [7, 1]
    assert old.where == "removed"
    assert ann.dollars == 0


def test_7_with_a_value_5_character_hires_another_worth_5():
    """Swapping away a value-5 character may bring any character up to 5."""
    game, ann, ben = bare_table()
    hire(game, ann, 7)
    hire(game, ann, 40)
    give(game, ann, dollars=1)
    set_pairs(game, "press press", "dollar dollar")
    answer(game, "use 7", "42 ", "take press")
    procedure.draft_turn(game, ann)
    assert [t.char.id for t in ann.company] == [7, 42]


def test_7_needs_another_character_to_give_up():
    """A seat whose only character is 7 itself is not offered 7."""
    game, ann, ben = bare_table()
    hire(game, ann, 7)
    set_pairs(game, "press press", "dollar dollar")
    answer(game, "take press")
    procedure.draft_turn(game, ann)
    assert not offered(game, "use")


def test_8_matchmaker_moves_identical_reserve_cards_to_the_hand_after_a_pair():
    """After taking a pair, 8 brings a reserve card of each type taken into the hand, then refills the reserve."""
    game, ann, ben = bare_table()
    hire(game, ann, 8)
    give(game, ann, hand="", reserve="press dollar", dollars=1)
    set_pairs(game, "press wild", "prestige prestige")
    stack_deck(game, "plans")
    answer(game, "take press", "use 8", "yes")
    procedure.draft_turn(game, ann)
    assert uses(options(game, 0)) == []  # not before the pair is taken
    assert types(ann.hand) == ["press", "press", "wild"]
    assert types(ann.reserve) == ["dollar", "plans"]
    assert ann.dollars == 0


def test_8_is_not_offered_when_no_reserve_card_matches_the_pair():
    """Without a reserve card like one just taken, 8 has nothing to do and the turn ends."""
    game, ann, ben = bare_table()
    hire(game, ann, 8)
    give(game, ann, reserve="press dollar", dollars=1)
    set_pairs(game, "plans wild", "prestige prestige")
    answer(game, "take plans")
    procedure.draft_turn(game, ann)
    assert not offered(game, "use 8")
    assert types(ann.hand)[-2:] == ["plans", "wild"]


def test_9_clerk_draws_a_card_and_takes_a_dollar():
    """9 draws one card and pays back its own dollar."""
    game, ann, ben = bare_table()
    hire(game, ann, 9)
    give(game, ann, hand="", dollars=1)
    set_pairs(game, "press press", "dollar dollar")
    stack_deck(game, "wild")
    answer(game, "use 9", "take press")
    procedure.draft_turn(game, ann)
    assert types(ann.hand) == ["press", "press", "wild"]
    assert ann.dollars == 1


def test_10_collector_draws_two_cards():
    """10 draws two cards into the hand."""
    game, ann, ben = bare_table()
    hire(game, ann, 10)
    give(game, ann, hand="", dollars=1)
    set_pairs(game, "press press", "dollar dollar")
    stack_deck(game, "wild plans")
    answer(game, "use 10", "take press")
    procedure.draft_turn(game, ann)
    assert types(ann.hand) == ["plans", "press", "press", "wild"]
    assert ann.dollars == 0


def test_11_developer_replaces_a_neutral_skyscraper_with_one_from_the_board():
    """11 takes a neutral skyscraper out of the game and builds one from the board in its place."""
    game, ann, ben = bare_table()
    hire(game, ann, 11)
    give(game, ann, dollars=1, board=4)
    set_pairs(game, "press press", "dollar dollar")
    manhattan = borough(game, "manhattan")
    answer(game, "use 11", "Manhattan", "take press")
    procedure.draft_turn(game, ann)
    assert manhattan.neutral == 1
    assert manhattan.counts[ann.index] == 1
    assert ann.board == 3
    assert ann.dollars == 0


@pytest.mark.parametrize("empty", ["board", "neutrals"])
def test_11_needs_a_board_skyscraper_and_a_neutral_one(empty):
    """With nothing on the board, or no neutral skyscraper left anywhere, 11 is not offered."""
    game, ann, ben = bare_table()
    hire(game, ann, 11)
    give(game, ann, dollars=1, board=0 if empty == "board" else 4)
    if empty == "neutrals":
        for b in game.boroughs:
            b.neutral = 0
    set_pairs(game, "press press", "dollar dollar")
    answer(game, "take press")
    procedure.draft_turn(game, ann)
    assert not offered(game, "use")


# ----------------------------------------------------------------------- phase II
def test_12_librarian_scores_and_renews_reserve_cards():
    """12 gives a point, lets the seat discard reserve cards and refills the reserve from the draw pile."""
    game, ann, ben = bare_table()
    hire(game, ann, 12)
    give(game, ann, hand="press", reserve="dollar plans", dollars=1)
    stack_deck(game, "press wild")
    answer(game, "use 12", "dollar plans", "press (1)")
    bid_turn(game, ann, "press")
    assert ann.points == 1
    assert types(ann.reserve) == ["press", "wild"]
    assert game.bids_made[ann] == 1
    assert ann.dollars == 0


def test_13_forger_plays_any_card_as_a_matching_one():
    """13 lets a single off-type card count as one card of the round, enough to bid alone."""
    game, ann, ben = bare_table()
    hire(game, ann, 13)
    give(game, ann, hand="dollar", dollars=1)
    give(game, ben, hand="press")
    set_press(game, (ann, 0), (ben, 0))
    answer(game, "use 13", "pass")  # then Ann's only option is to bid what 13 played
    bid_round(game, "press", ann)
    assert options(game, 0)[:1] == ["pass"] and not any("(" in label for label in options(game, 0))
    assert ann.token.space == 2  # one for the bid, one for the highest bid
    assert ann.hand == [] and ann.dollars == 0
    assert "plays dollar as 1 press" in texts(game)


@pytest.mark.parametrize("char_id", [13, 20])
def test_13_and_20_need_a_card_in_hand(char_id):
    """With an empty hand there is no card to play as another, so 13 and 20 are hidden."""
    game, ann, ben = bare_table()
    hire(game, ann, char_id)
    hire(game, ann, 12)  # so that there is something to decide
    give(game, ann, hand="", dollars=1)
    answer(game, "pass")
    bid_turn(game, ann, "press")
    assert uses(options(game)) == ["12"]


def test_14_spin_doctor_moves_back_and_adds_wilds():
    """14 steps back 1-2 press spaces (onto the top of the stack there), each step a wild in the bid."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="elevator elevator elevator", dollars=1)
    set_press(game, (ann, 3), (ben, 1))
    answer(game, "use 14", "2", "elevator elevator elevator (5)")
    bid_turn(game, ann, "elevator")
    assert game.bids_made[ann] == 5
    assert ann.token.space == 1
    assert press_rank_of(game, ann) == 1  # on top of Ben
    assert ann.dollars == 0


def test_14_is_not_offered_at_the_start_of_the_press_track():
    """A seat on space 0 cannot move back, so 14 is hidden."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="press", dollars=1)
    set_press(game, (ann, 0), (ben, 0))
    answer(game, "pass")
    bid_turn(game, ann, "press")
    assert uses(options(game)) == []


def test_14_a_single_step_alone_is_not_a_bid():
    """A step of 14 counts as a played wild card, and a wild card cannot stand alone: with an empty
    hand one step is not offered (ruling 14, revised), so 14 moves back two without asking."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 3), (ben, 1))
    answer(game, "use 14")
    bid_turn(game, ann, "elevator")
    assert [d.kind for d in game.chooser.asked] == ["bid"]
    assert ann.token.space == 1 and game.bids_made[ann] == 1


def test_14_two_steps_alone_count_as_two_wild_cards():
    """Two steps of 14 are two played wild cards, which together count 1 (ruling 14)."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 3), (ben, 1))
    answer(game, "use 14", "2", "bid as it stands (1)")
    bid_turn(game, ann, "elevator")
    assert game.bids_made[ann] == 1


def test_14_step_with_a_lone_card_of_another_type_counts_one():
    """Issue 11: a step of 14 with a lone press card in the elevator round is one elevator card, as a
    played wild card with a press card is (it used to give no bid at all)."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="press", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 3), (ben, 1))
    answer(game, "use 14", "1", "press (1)")
    bid_turn(game, ann, "elevator")
    assert game.bids_made[ann] == 1
    assert types(ann.played) == ["press"]
    assert ann.token.space == 2


def test_14_steps_add_like_wild_cards_to_a_pair():
    """Two steps with a lone card: one pairs with the card (1), the other adds 1: a bid of 2."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="dollar", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 3), (ben, 1))
    answer(game, "use 14", "2", "dollar (2)")
    bid_turn(game, ann, "elevator")
    assert game.bids_made[ann] == 2


def test_15_stockkeeper_plays_a_reserve_twin_and_refills():
    """15 plays a hand card together with a reserve card of the same type, then refills the reserve."""
    game, ann, ben = bare_table()
    hire(game, ann, 15)
    give(game, ann, hand="press", reserve="press dollar", dollars=1)
    stack_deck(game, "wild")
    answer(game, "use 15", "bid as it stands (2)")
    bid_turn(game, ann, "press")
    assert game.bids_made[ann] == 2
    assert types(ann.played) == ["press", "press"]
    assert types(ann.reserve) == ["dollar", "wild"]
    assert ann.dollars == 0


def test_15_twins_of_another_type_count_as_one_card():
    """Two alike off-type cards played through 15 count together as one card of the round."""
    game, ann, ben = bare_table()
    hire(game, ann, 15)
    give(game, ann, hand="press", reserve="press plans", dollars=1)
    answer(game, "use 15", "bid as it stands (1)")
    bid_turn(game, ann, "dollar")
    assert game.bids_made[ann] == 1


def test_15_refilled_card_can_be_exchanged_and_played_at_once():
    """The card that refills the reserve may be swapped into the hand and played in the same bid."""
    game, ann, ben = bare_table()
    hire(game, ann, 15)
    give(game, ann, hand="press dollar", reserve="press plans", dollars=1)
    stack_deck(game, "press")
    answer(game, "use 15", "exchange dollar for press", "press (3)")
    bid_turn(game, ann, "press")
    assert game.bids_made[ann] == 3
    assert types(ann.reserve) == ["dollar", "plans"]


def test_15_needs_a_reserve_card_like_a_hand_card():
    """Without a matching pair of hand and reserve cards, 15 is hidden."""
    game, ann, ben = bare_table()
    hire(game, ann, 15)
    give(game, ann, hand="press", reserve="dollar plans", dollars=1)
    answer(game, "pass")
    bid_turn(game, ann, "press")
    assert uses(options(game)) == []


def test_15_twice_adds_two_reserve_cards_to_one_hand_card():
    """With two 15s, one played hand card may bring two reserve cards of its type into the bid."""
    game, ann, ben = bare_table()
    hire(game, ann, 15)
    hire(game, ann, 15)
    give(game, ann, hand="press", reserve="press press", dollars=2)
    stack_deck(game, "dollar plans")
    answer(game, "use 15", "use 15", "bid as it stands (3)")
    bid_turn(game, ann, "press")
    assert game.bids_made[ann] == 3
    assert ann.dollars == 0


def test_15_cards_in_the_bid_cannot_be_taken_back_by_passing():
    """Once 15 has put a hand card and its reserve twin in the bid, the seat bids them: no pass, no free card."""
    game, ann, ben = bare_table()
    hire(game, ann, 15)
    give(game, ann, hand="press", reserve="press dollar", dollars=1)
    answer(game, "use 15")  # then bidding the two played cards is the only option, taken at once
    bid_turn(game, ann, "press")
    assert "passes" not in texts(game)
    assert game.bids_made[ann] == 2
    assert len(ann.reserve) == 2 and len(ann.hand) == 0


def test_16_joker_adds_a_wild_to_a_bid():
    """16 adds one wild to the bid."""
    game, ann, ben = bare_table()
    hire(game, ann, 16)
    give(game, ann, hand="press", dollars=1)
    answer(game, "use 16", "press (2)")
    bid_turn(game, ann, "press")
    assert game.bids_made[ann] == 2
    assert ann.dollars == 0


def test_16_alone_is_not_a_bid():
    """The wild of 16 cannot be the whole bid."""
    game, ann, ben = bare_table()
    hire(game, ann, 16)
    give(game, ann, hand="plans", reserve="dollar prestige", dollars=1)
    answer(game, "use 16", "plans (1)")
    bid_turn(game, ann, "press")
    assert not offered(game, "bid as it stands")
    assert game.bids_made[ann] == 1


def test_16_with_a_wild_card_counts_as_two_wild_cards():
    """16's card is a played wild card: with a real wild card the two count 1 together (ruling 7)."""
    game, ann, ben = bare_table()
    hire(game, ann, 16)
    give(game, ann, hand="wild", reserve="dollar plans", dollars=1)
    answer(game, "use 16", "wild (1)")
    bid_turn(game, ann, "press")
    assert game.bids_made[ann] == 1


def test_16_with_a_lone_card_of_another_type_counts_one():
    """16's card with a lone dollar card in the press round counts as one press card."""
    game, ann, ben = bare_table()
    hire(game, ann, 16)
    give(game, ann, hand="dollar", reserve="plans plans", dollars=1)
    answer(game, "use 16", "dollar (1)")
    bid_turn(game, ann, "press")
    assert game.bids_made[ann] == 1


def test_14_and_16_together_count_as_two_wild_cards():
    """A step of 14 and the card of 16, and nothing else: two played wild cards, worth 1."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    hire(game, ann, 16)
    give(game, ann, hand="", reserve="plans prestige", dollars=2)
    set_press(game, (ann, 3), (ben, 1))
    answer(game, "use 14", "1", "use 16", "bid as it stands (1)")
    bid_turn(game, ann, "dollar")
    assert game.bids_made[ann] == 1


def test_17_socialite_stands_alone_in_the_prestige_round():
    """17 adds a prestige card, which is a bid of its own in the prestige round."""
    game, ann, ben = bare_table()
    hire(game, ann, 17)
    give(game, ann, hand="", dollars=1)
    answer(game, "use 17", "bid as it stands (1)")
    bid_turn(game, ann, "prestige")
    assert game.bids_made[ann] == 1
    assert ann.dollars == 0


def test_17_does_not_stand_alone_in_another_round():
    """Outside the prestige round the added prestige card does not match, so it cannot be the whole bid:
    with a wild in hand the two count 1 (the wild must be played; nothing else is left to choose)."""
    game, ann, ben = bare_table()
    hire(game, ann, 17)
    give(game, ann, hand="wild", reserve="plans", dollars=1)
    answer(game, "use 17")
    bid_turn(game, ann, "press")
    assert len(game.chooser.asked) == 1
    assert [c.type for c in ann.played] == ["wild"] and game.bids_made[ann] == 1


def test_17_adds_to_prestige_cards():
    """17 raises a prestige bid by one."""
    game, ann, ben = bare_table()
    hire(game, ann, 17)
    give(game, ann, hand="prestige prestige", dollars=1)
    answer(game, "use 17", "prestige prestige (3)")
    bid_turn(game, ann, "prestige")
    assert game.bids_made[ann] == 3


def test_18_latecomer_takes_a_dollar_and_bids_last():
    """18, used as the round starts, pays its dollar back and moves the seat to the end of the bidding order."""
    game, ann, ben = bare_table()
    hire(game, ann, 18)
    give(game, ann, hand="press", dollars=1)
    give(game, ben, hand="press press")
    set_press(game, (ann, 2), (ben, 1))
    answer(game, "use 18", "press press (2)", "press (1)")
    bid_round(game, "press", ann)
    assert asked_seats(game, "bid") == ["Ben", "Ann"]
    assert ann.dollars == 1
    assert_answered(game)


def test_18_only_one_seat_bids_last_per_bidding_round():
    """Once a seat has used 18 in a bidding round, another seat's 18 is not offered in it."""
    game, ann, ben = bare_table()
    hire(game, ann, 18)
    hire(game, ben, 18)
    give(game, ann, hand="press", dollars=1)
    give(game, ben, hand="press", dollars=1)
    set_press(game, (ben, 2), (ann, 1))  # Ben is offered 18 first
    answer(game, "use 18", "press (1)", "press (1)")
    bid_round(game, "press", ben)
    assert asked_seats(game, "use") == ["Ben"]
    assert asked_seats(game, "bid") == ["Ann", "Ben"]
    assert (ann.dollars, ben.dollars) == (1, 1)


def test_18_acts_once_per_game_round():
    """After bidding last once, the seat's 18 waits for the next game round."""
    game, ann, ben = bare_table()
    hire(game, ann, 18)
    give(game, ann, hand="press dollar", dollars=2)
    give(game, ben, hand="press dollar")
    set_press(game, (ann, 2), (ben, 1))
    answer(game, "use 18", "pass", "press (1)")
    start = bid_round(game, "press", ann)
    answer(game, "dollar (1)", "pass")
    bid_round(game, "dollar", start)
    assert asked_seats(game, "use") == ["Ann"]
    assert asked_seats(game, "bid") == ["Ben", "Ann", "Ann", "Ben"]


def test_19_publicist_doubles_prestige_points():
    """19 doubles the points a prestige bid scores."""
    game, ann, ben = bare_table()
    hire(game, ann, 19)
    give(game, ann, hand="prestige prestige", dollars=1)
    give(game, ben, hand="prestige")
    set_press(game, (ann, 1), (ben, 0))
    answer(game, "prestige prestige (2)", "pass", "use 19")
    bid_round(game, "prestige", ann)
    assert ann.points == 4
    assert ann.dollars == 0


def test_19_also_doubles_the_card_added_by_17():
    """The prestige card added by 17 is doubled by 19 like a played one."""
    game, ann, ben = bare_table()
    hire(game, ann, 17)
    hire(game, ann, 19)
    give(game, ann, hand="prestige", dollars=2)
    give(game, ben, hand="prestige")
    set_press(game, (ann, 1), (ben, 0))
    answer(game, "use 17", "prestige (2)", "pass", "use 19")
    bid_round(game, "prestige", ann)
    assert ann.points == 4
    assert ann.dollars == 0


def test_20_double_agent_plays_any_card_as_two():
    """20 plays any hand card as two cards of the round."""
    game, ann, ben = bare_table()
    hire(game, ann, 20)
    give(game, ann, hand="press skyscraper", dollars=1, board=5)
    give(game, ben, hand="skyscraper")
    set_press(game, (ann, 1), (ben, 0))
    game.mayor = manhattan = borough(game, "manhattan")
    answer(game, "use 20", "press", "skyscraper (3)", "pass")
    bid_round(game, "skyscraper", ann)
    assert manhattan.counts[ann.index] == 4  # 3 bid + 1 for the highest bid
    assert ann.board == 1
    assert ann.dollars == 0


def test_21_foreman_builds_one_more_after_the_skyscraper_action():
    """21 adds one skyscraper from the general supply where the skyscraper action just built."""
    game, ann, ben = bare_table()
    hire(game, ann, 21)
    give(game, ann, hand="skyscraper", dollars=1, board=4)
    give(game, ben, hand="skyscraper")
    set_press(game, (ann, 1), (ben, 0))
    game.mayor = manhattan = borough(game, "manhattan")
    answer(game, "skyscraper (1)", "pass", "use 21")
    bid_round(game, "skyscraper", ann)
    assert manhattan.counts[ann.index] == 3
    assert ann.board == 2  # the extra one is not from the board
    assert ann.dollars == 0


def test_21_after_a_prestige_build_and_only_once_per_game_round():
    """21 also follows the prestige tile's skyscraper; used there, it is not offered again in the round."""
    game, ann, ben = bare_table()
    hire(game, ann, 21)
    give(game, ann, hand="prestige", dollars=2, board=4)
    give(game, ben, hand="prestige")
    set_press(game, (ann, 1), (ben, 0))
    game.prestige_display = [next(t for t in game.prestige_stack if t.colour == "yellow")]
    game.prestige_stack.remove(game.prestige_display[0])
    bronx = borough(game, "bronx")
    answer(game, "prestige (1)", "pass", "yes", "taxi Manhattan-Bronx", "Bronx", "use 21")
    bid_round(game, "prestige", ann)
    assert bronx.counts[ann.index] == 2
    assert ann.board == 3
    assert [v.kind for v in ann.vessels] == ["taxi"]
    assert ann.dollars == 1
    game.mayor = manhattan = borough(game, "manhattan")
    give(game, ann, hand="skyscraper")
    give(game, ben, hand="skyscraper")
    answer(game, "skyscraper (1)", "pass")
    bid_round(game, "skyscraper", ann)
    assert manhattan.counts[ann.index] == 2  # no extra one this time
    assert ann.dollars == 1
    assert_answered(game)


def test_21_needs_a_skyscraper_actually_built():
    """If the skyscraper action builds nothing (empty board, none moved), 21 has nothing to follow."""
    game, ann, ben = bare_table()
    hire(game, ann, 21)
    give(game, ann, hand="skyscraper", dollars=1, board=0)
    give(game, ben, hand="skyscraper")
    set_press(game, (ann, 1), (ben, 0))
    game.mayor = manhattan = borough(game, "manhattan")
    answer(game, "skyscraper (1)", "pass", "do not move one", "use 21")
    bid_round(game, "skyscraper", ann)
    assert not offered(game, "use 21")
    assert manhattan.counts[ann.index] == 0


def test_22_recycler_takes_up_to_two_played_cards_back():
    """After the evaluation, 22 returns at most two of the seat's played cards to its hand."""
    game, ann, ben = bare_table()
    hire(game, ann, 22)
    give(game, ann, hand="press press press", dollars=1)
    give(game, ben, hand="press")
    set_press(game, (ann, 0), (ben, 0))
    answer(game, "press press press (3)", "pass", "use 22", "press press")
    bid_round(game, "press", ann)
    assert ann.token.space == 4  # evaluated with all three cards (+1 bonus)
    assert "press press press" not in options(game)
    assert types(ann.hand) == ["press", "press"]
    assert ann.played == []
    assert ann.dollars == 0


def test_22_is_not_offered_to_a_seat_that_passed():
    """A seat without played cards has nothing to take back."""
    game, ann, ben = bare_table()
    hire(game, ann, 22)
    give(game, ann, hand="press", dollars=1)
    give(game, ben, hand="press")
    set_press(game, (ann, 0), (ben, 0))
    answer(game, "pass", "press (1)")
    bid_round(game, "press", ann)
    assert asked_seats(game, "use") == []
    assert ann.dollars == 1


def test_12_refill_after_exchanges_can_still_be_exchanged_and_played():
    """Issue 11, rule fix 1: exchanges are unlimited (ruling 5). After two exchanges use up the
    old allowance, 12 refills the reserve with press cards; one more exchange makes a bid of 4."""
    game, ann, ben = bare_table()
    hire(game, ann, 12)
    give(game, ann, hand="press dollar plans skyscraper", reserve="press press", dollars=1)
    stack_deck(game, "press press")
    answer(game, "exchange dollar for press", "exchange plans for press", "use 12", "dollar plans",
           "exchange skyscraper for press", "press press press press (4)")
    bid_turn(game, ann, "press")
    assert game.bids_made[ann] == 4
    assert types(ann.reserve) == ["press", "skyscraper"]
    assert_answered(game)
