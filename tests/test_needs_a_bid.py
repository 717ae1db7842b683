"""Characters that act only through the bid (`needs_a_bid`: 14 Spin Doctor, 16 Joker) are offered
only when a legal bid can follow their use (issue 8, point 2)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from nycrules.games.nyc import usefulness
from nycrules.loading.loader import load_ruleset
from scenario import Unexpected, answer, assert_answered, give, hire, table, texts
from scenario_extra import bare_table, bid_turn, options, set_press


def uses(labels: list[str]) -> list[str]:
    """The character numbers offered in a decision's options ("use 16 Joker" -> "16")."""
    return [label.split()[1] for label in labels if label.startswith("use ")]


def offered_first(game) -> list[str]:
    """The characters offered at the seat's first bidding decision ([] when none was asked)."""
    return uses(options(game, 0)) if game.chooser.asked else []


def test_16_alone_with_an_empty_hand_is_not_offered():
    """A wild alone cannot stand, so with nothing in hand 16 would only cost a dollar: the seat passes."""
    game, ann, ben = bare_table()
    joker = hire(game, ann, 16)
    give(game, ann, hand="", reserve="plans prestige", dollars=2)
    state = game.rng.getstate()
    bid_turn(game, ann, "press")  # a single option (pass) is taken without asking
    assert game.chooser.asked == []
    assert game.bids_made[ann] == 0 and "passes" in texts(game)
    assert ann.dollars == 2 and joker.uid not in ann.used
    assert game.rng.getstate() == state  # the trying happened on copies


@pytest.mark.parametrize("order", [("use 16", "use 14"), ("use 14", "use 16")])
def test_16_and_14_together_make_a_bid_from_an_empty_hand(order):
    """One step of 14 and the card of 16 are two played wilds: together they bid 1, so both are offered."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    hire(game, ann, 16)
    give(game, ann, hand="", reserve="plans prestige", dollars=2)
    set_press(game, (ann, 1), (ben, 0))
    answer(game, order[0])  # then the other is all the seat may do, and after it the bid as it stands
    bid_turn(game, ann, "elevator")
    assert sorted(offered_first(game)) == ["14", "16"]
    assert game.bids_made[ann] == 1
    assert ann.token.space == 0 and ann.dollars == 0
    assert_answered(game)


def test_16_is_not_offered_when_the_dollars_do_not_reach_14_too():
    """16 needs 14 after it here; with one dollar only one of them can be paid, so 16 is hidden,
    and 14 is hidden too (one step alone is a lone wild)."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    hire(game, ann, 16)
    give(game, ann, hand="", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 1), (ben, 0))
    bid_turn(game, ann, "elevator")
    assert game.chooser.asked == [] and ann.dollars == 1


def test_14_alone_is_offered_when_it_can_step_back_twice():
    """Two steps are two played wilds, a bid of 1: 14 is offered although one step would not do."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 3), (ben, 0))
    answer(game, "use 14", "2", "bid as it stands (1)")
    bid_turn(game, ann, "elevator")
    assert offered_first(game) == ["14"]
    assert game.bids_made[ann] == 1 and ann.token.space == 1


def test_14_alone_on_space_1_with_an_empty_hand_is_not_offered():
    """One step is all 14 can make from space 1, and one wild cannot stand: the seat passes."""
    game, ann, ben = bare_table()
    spin = hire(game, ann, 14)
    give(game, ann, hand="", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 1), (ben, 0))
    bid_turn(game, ann, "elevator")
    assert game.chooser.asked == []
    assert ann.token.space == 1 and ann.dollars == 1 and spin.uid not in ann.used


@pytest.mark.parametrize("hand", ["press", "dollar", "dollar plans"])
def test_both_are_offered_when_the_hand_allows_a_bid(hand):
    """With a card in hand a wild more always makes or improves a bid ("dollar plans" bids nothing
    alone in the press round, but a wild with one of them counts 1)."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    hire(game, ann, 16)
    give(game, ann, hand=hand, reserve="wild", dollars=2)
    set_press(game, (ann, 1), (ben, 0))
    answer(game, "pass")
    bid_turn(game, ann, "press")
    assert sorted(uses(options(game))) == ["14", "16"]


def test_another_character_s_card_is_tried_after_16():
    """17 adds a prestige card: a lone one cannot stand in the elevator round, but with the wild of
    16 it counts 1, so 16 is offered (two dollars pay for both)."""
    game, ann, ben = bare_table()
    hire(game, ann, 16)
    hire(game, ann, 17)
    give(game, ann, hand="", reserve="plans", dollars=2)
    answer(game, "use 16", "use 17", "bid as it stands (1)")
    bid_turn(game, ann, "elevator")
    assert sorted(offered_first(game)) == ["16", "17"]
    assert game.bids_made[ann] == 1


def test_neither_is_offered_when_the_dollars_pay_for_only_one():
    """With one dollar, 16 cannot be paid after 17 nor 17 after 16, and each alone leaves no bid in the
    elevator round: neither is offered, and the seat passes without being asked (ruling 14, revised:
    before, 17 was offered, and the seat paid for it and passed)."""
    game, ann, ben = bare_table()
    hire(game, ann, 16)
    hire(game, ann, 17)
    give(game, ann, hand="", reserve="plans", dollars=1)
    bid_turn(game, ann, "elevator")
    assert game.chooser.asked == []
    assert game.bids_made[ann] == 0 and "passes" in texts(game) and ann.dollars == 1


def test_cards_characters_played_count_in_the_bid_that_can_follow():
    """13 plays the only hand card as an elevator card: the bid stands, so 16 is offered after it."""
    game, ann, ben = bare_table()
    hire(game, ann, 13)
    hire(game, ann, 16)
    give(game, ann, hand="plans", reserve="dollar", dollars=2)
    answer(game, "use 13", "use 16", "bid as it stands (2)")
    bid_turn(game, ann, "elevator")
    assert uses(options(game, 1)) == ["16"]
    assert game.bids_made[ann] == 2


# ------------------------------------------------------------------- the rule is data
def _mod(tmp_path: Path, text: str):
    path = tmp_path / "mod.yaml"
    path.write_text("extends: nyc\ncharacters:\n" + text, encoding="utf-8")
    return load_ruleset(path)


def test_a_mod_declares_it_for_another_character(tmp_path):
    """The engine knows no character: a mod marking 17 hides it where a lone prestige card cannot
    stand (the elevator round) and offers it where it can (the prestige round)."""
    rules = _mod(tmp_path, "  - id: 17\n    needs_a_bid: true\n")
    for round_id, expected in (("elevator", []), ("prestige", ["17"])):
        game, ann = _empty_handed_owner_of(rules, 17)
        if expected:
            answer(game, "pass")
        bid_turn(game, ann, round_id)
        assert offered_first(game) == expected


def _empty_handed_owner_of(rules, char_id: int):
    """A two-seat table where the first seat owns only character `char_id`, an empty hand and a dollar."""
    game = table(seats=2, ruleset=rules)
    ann = game.seats[0]
    for seat in game.seats:
        seat.company.clear()
    hire(game, ann, char_id)
    give(game, ann, hand="", dollars=1)
    return game, ann


def test_the_trying_is_bounded_and_offers_when_it_stops(tmp_path, monkeypatch):
    """A character with a hundred ways of being used that never lead to a bid: the trying stops after
    MAX_TRIALS uses on copies and offers the character (as a ruleset without the mark would)."""
    rules = _mod(tmp_path, "  - id: 43\n    title: Dithering\n    phase: II\n    value: 1\n    copies: 1\n"
                           "    when: bid.turn\n    needs_a_bid: true\n    text: Pick a number; a wild.\n"
                           "    effect: |\n      n = choose_number(1, 100, \"a number\")\n"
                           "      add_to_bid(me, wild, 1)\n")
    game, ann = _empty_handed_owner_of(rules, 43)
    copies = []
    real_copy = usefulness.trial_copy
    monkeypatch.setattr(usefulness, "trial_copy", lambda g: copies.append(1) or real_copy(g))
    answer(game, "pass")
    bid_turn(game, ann, "press")
    assert offered_first(game) == ["43"]
    assert len(copies) == usefulness.MAX_TRIALS


# ------------------------------------------------------------------- the copies tried on
def _table_state(game) -> tuple:
    """What a player could check of the table: every seat's cards and numbers, the press track, the piles."""
    seats = [(s.name, [c.id for c in s.hand], [c.id for c in s.reserve],
              [(c.id, c.counted_as, c.weight) for c in s.played], list(s.virtual), s.dollars, s.points,
              sorted(s.used), s.token.space) for s in game.seats]
    press = [(t.seat.index if t.seat else None, t.space) for t in game.press]
    return seats, press, [c.id for c in game.deck], [c.id for c in game.discard], game.rng.getstate()


@pytest.mark.parametrize("char_id, answers", [(14, [1]), (12, [3])])
def test_a_use_tried_on_a_copy_ends_as_on_a_whole_copy_and_leaves_the_game_alone(char_id, answers):
    """The copy used for trying copies the table's parts as they are first read (14 reads the press
    track, 12 the reserve, the draw pile and the discard pile): after the same use it shows the same
    table as a copy made whole with copy_game, and the game itself is unchanged."""
    from nycrules.games.nyc.characters import use
    from nycrules.games.nyc.lookahead import trial_copy as whole_copy

    game, ann, ben = bare_table()
    tile = hire(game, ann, char_id)
    give(game, ann, hand="press", reserve="dollar plans wild", dollars=2)
    set_press(game, (ben, 4), (ann, 3))
    game.bidding_card = "elevator"
    before = _table_state(game)
    ends = []
    for make in (usefulness.trial_copy, whole_copy):
        trial, memo = make(game)
        trial.chooser = usefulness._Explorer(list(answers))
        me, mine = copy.deepcopy((ann, tile), memo)
        use(trial, me, mine, {})
        ends.append(_table_state(trial))
    assert ends[0] == ends[1]
    assert ends[0][:4] != before[:4] and _table_state(game) == before


def test_a_use_that_fails_on_the_copy_is_offered_and_fails_when_used(tmp_path):
    """A broken mod character cannot be judged by trying it: it is offered as without the mark, and the
    rule error shows, with its place, only when the seat uses it."""
    from nycrules.diagnostics import RuleRuntimeError

    rules = _mod(tmp_path, "  - id: 43\n    title: Broken\n    phase: II\n    value: 1\n    copies: 1\n"
                           "    when: bid.turn\n    needs_a_bid: true\n    text: A wild for an elevator card.\n"
                           "    effect: |\n      card = first([c in hand(me) where type(c) == elevator])\n"
                           "      add_to_bid(me, wild, 1)\n")
    game, ann = _empty_handed_owner_of(rules, 43)
    answer(game, "use 43")
    with pytest.raises(RuleRuntimeError, match="first"):
        bid_turn(game, ann, "press")
    assert offered_first(game) == ["43"]


def test_trials_on_copies_made_as_read_answer_as_trials_on_whole_copies(monkeypatch):
    """The trying copies the game and its seats attribute by attribute, as the use reads them. In real
    games (four random bots), every question gets the answer that trying on whole copies of the table
    (copy_game) gives, and the games end as before."""
    from nycrules.engine.state import copy_game
    from nycrules.studies.simulate import play_games
    from nycrules.agents.seating import parse_seats

    rules = load_ruleset(Path(__file__).resolve().parent.parent / "rulesets" / "nyc")
    specs = parse_seats(["bot:random"] * 4, rules)
    expected = play_games(rules, specs, 1, range(40))

    def whole_copy(game):
        memo: dict = {}
        trial = copy_game(game, keep_events=False, memo=memo)
        trial.log_events = False
        return trial, memo

    lazy_copy, ask = usefulness.trial_copy, usefulness.bid_can_follow
    answers = []

    def both_ways(game, seat, tile, hooks, variables, given=None, asked=None):
        answer_now = ask(game, seat, tile, hooks, variables, given, asked)
        monkeypatch.setattr(usefulness, "trial_copy", whole_copy)
        try:
            answers.append((answer_now, ask(game, seat, tile, hooks, variables, given)))
        finally:
            monkeypatch.setattr(usefulness, "trial_copy", lazy_copy)
        return answer_now

    monkeypatch.setattr(usefulness, "bid_can_follow", both_ways)
    assert play_games(rules, specs, 1, range(40)) == expected
    assert len(answers) >= 20 and {a for a, _ in answers} == {True, False}
    assert all(lazy == whole for lazy, whole in answers)


def test_a_whole_copy_of_a_trial_copy_is_a_plain_game_with_the_trials_table():
    """A look-ahead within a trial copies the trial: it gets every attribute, read through the trial."""
    from nycrules.games.nyc.characters import use
    from nycrules.engine.state import Game, Seat, copy_game

    game, ann, ben = bare_table()
    tile = hire(game, ann, 14)
    give(game, ann, hand="press", reserve="dollar plans wild", dollars=2)
    set_press(game, (ben, 4), (ann, 3))
    game.bidding_card = "elevator"
    trial, memo = usefulness.trial_copy(game)
    trial.chooser = usefulness._Explorer([1])
    use(trial, memo[id(ann)], copy.deepcopy(tile, memo), {})
    whole = copy_game(trial)
    assert type(whole) is Game and all(type(seat) is Seat for seat in whole.seats)
    assert _table_state(whole) == _table_state(trial) != _table_state(game)
    assert set(vars(whole)) == set(vars(game)) and set(vars(whole.seats[0])) == set(vars(ann))
    nested, nested_memo = usefulness.trial_copy(trial)
    assert set(vars(copy_game(nested))) == set(vars(game))
    assert _table_state(copy_game(nested)) == _table_state(trial)


def test_a_keeper_in_a_bots_trial_keeps_the_trials_table_as_a_whole_copy_would():
    """A bot judging 14 tries a use on a copy made as read (games/nyc/worth.py); the keeper of that use
    keeps the table before it as another such copy of the same game, holding copies of what the trial
    holds: the trial goes on with the use, the kept table shows what a whole copy made then shows."""
    from nycrules.games.nyc.characters import use
    from nycrules.engine.state import copy_game

    game, ann, ben = bare_table()
    tile = hire(game, ann, 14)
    give(game, ann, hand="press", reserve="dollar plans wild", dollars=2)
    set_press(game, (ben, 4), (ann, 3))
    game.bidding_card = "elevator"
    before = _table_state(game)
    trial, memo = usefulness.trial_copy(game)
    me = memo[id(ann)]
    me.dollars += 3  # the trial's own changes before the use: the seat's, and its press token's (the
    me.token.space = 2  # game's press track, which holds it too, is not read by the trial)
    kept = usefulness._frozen(trial, {})
    whole = copy_game(trial, keep_events=False, keep_cursor=False)  # (it reads all of the trial)
    trial.chooser = usefulness._Explorer([1])
    use(trial, me, copy.deepcopy(tile, memo), {})
    assert _table_state(kept) == _table_state(whole) != _table_state(trial)
    assert _table_state(kept)[0][0][5:] == (5, 0, [], 2) and _table_state(game) == before
    assert kept.seats[0].token in kept.press and kept.chooser is None and kept.stack == [] and kept.cursor is None


@pytest.mark.parametrize("seats, games", [(["bot:random"] * 4, 40), (["bot:greedy", "bot:random", "tom", "tom"], 20)])
def test_a_keeper_answers_the_first_question_as_trying_on_a_whole_copy_of_the_table_before_the_use(
        monkeypatch, seats, games):
    """A keeper (the seat uses 13 or 14, in a real game or in a greedy bot's trial) tries the answers to
    the effect's first question when it is made, on the table itself, and keeps no table when no answer
    leads to another question: each question then gets the answers that trying on a whole copy of the
    table before the use (copy_game, as keepers kept) gives, and the games end as before."""
    from nycrules.engine.state import copy_game
    from nycrules.studies.simulate import play_games
    from nycrules.agents.seating import parse_seats

    rules = load_ruleset(Path(__file__).resolve().parent.parent / "rulesets" / "nyc")
    specs = parse_seats(seats, rules)
    expected = play_games(rules, specs, 1, range(games))
    keeper = usefulness.BidKeeper
    make, sift = keeper.__init__, keeper.sift
    whole: dict = {}  # id of a keeper -> (it, a whole copy of the table before the use, the seat's, tile's, names')
    answers = []

    def made(self, game, seat, tile, variables, count):
        memo: dict = {}
        before = copy_game(game, keep_events=False, memo=memo, keep_cursor=False)
        whole[id(self)] = (self, before, memo[id(seat)], copy.deepcopy(tile, memo), copy.deepcopy(variables, memo))
        make(self, game, seat, tile, variables, count)

    def sifted_both_ways(self, game, decision):
        _, before, seat, tile, variables = whole[id(self)]
        kept = [index for index in range(decision.count) if usefulness.bid_can_follow(
            before, seat, tile, self.hooks, variables, self.answers + [index])]
        ours = sift(self, game, decision)
        answers.append((ours, None if len(kept) in (0, decision.count) else kept))
        return ours

    monkeypatch.setattr(keeper, "__init__", made)
    monkeypatch.setattr(keeper, "sift", sifted_both_ways)
    assert play_games(rules, specs, 1, range(games)) == expected
    assert len(answers) >= 8 and any(ours is not None for ours, _ in answers)
    assert all(ours == on_whole_copy for ours, on_whole_copy in answers)
    assert all(kept.before is None for kept, *_ in whole.values())  # 13 and 14 ask one question


def test_a_keeper_of_an_effect_asking_twice_keeps_the_table_before_the_use(tmp_path, monkeypatch):
    """An effect asking a second question after the first (a mod's): the keeper keeps a copy of the
    table before the use, on which the later question's answers are tried. With an empty hand in the
    elevator round one wild needs a prestige card beside it: after "1" only "1 prestige card" leads
    to a bid, so it is taken without asking; both answers to the first question lead to one."""
    rules = _mod(tmp_path, "  - id: 43\n    title: Twice\n    phase: II\n    value: 1\n    copies: 1\n"
                           "    when: bid.turn\n    needs_a_bid: true\n    text: Wilds, then prestige cards.\n"
                           "    effect: |\n      n = choose_number(1, 2, \"wilds\")\n"
                           "      m = choose_number(0, 1, \"prestige cards\")\n"
                           "      add_to_bid(me, wild, n)\n      add_to_bid(me, prestige, m)\n")
    game, ann = _empty_handed_owner_of(rules, 43)
    keepers = []
    make = usefulness.BidKeeper.__init__
    monkeypatch.setattr(usefulness.BidKeeper, "__init__", lambda self, *args: keepers.append(self) or make(self, *args))
    answer(game, "use 43", "1")  # then the bid as it stands is all the seat may do
    bid_turn(game, ann, "elevator")
    assert offered_first(game) == ["43"]
    assert game.bids_made[ann] == 1 and sorted(ann.virtual) == ["prestige", "wild"]
    assert [k.answers for k in keepers] == [[0, 1]] and keepers[0].before is not None
    assert_answered(game)
def test_a_trial_copy_leaves_a_watcher_of_the_game_on_the_game():
    """A test's watcher wraps the game's emit; events of a use tried on a copy must not reach it
    (nor the game's log), as with whole copies."""
    game = table(seats=2)
    seen = []
    real_emit = game.emit

    def watched(seat, text, kind="", public=None):
        seen.append(text)
        real_emit(seat, text, kind, public)

    game.emit = watched
    before = list(game.events)
    trial, _ = usefulness.trial_copy(game)
    trial.log_events = True
    trial.emit(None, "only on the copy")
    assert seen == [] and game.events == before
    assert [event.text for event in trial.events] == ["only on the copy"]


# ------------------------------------------- ruling 14, revised: a character that adds to a bid is part of it
def test_17_alone_with_an_empty_hand_is_not_offered_in_the_dollar_round():
    """A lone prestige card cannot stand outside the prestige round: 17 would cost a dollar for nothing."""
    game, ann, ben = bare_table()
    socialite = hire(game, ann, 17)
    give(game, ann, hand="", reserve="plans", dollars=1)
    bid_turn(game, ann, "dollar")
    assert game.chooser.asked == []
    assert game.bids_made[ann] == 0 and ann.dollars == 1 and socialite.uid not in ann.used


def test_17_alone_with_an_empty_hand_is_offered_in_the_prestige_round():
    """There the prestige card it adds is a bid of 1 by itself; used, it is the seat's bid."""
    game, ann, ben = bare_table()
    hire(game, ann, 17)
    give(game, ann, hand="", reserve="plans", dollars=1)
    answer(game, "use 17")
    bid_turn(game, ann, "prestige")
    assert offered_first(game) == ["17"]
    assert game.bids_made[ann] == 1 and ann.dollars == 0
    assert_answered(game)


def _steps_offered(game) -> list[str]:
    return [d.labels() for d in game.chooser.asked if d.kind == "number"][0] if any(
        d.kind == "number" for d in game.chooser.asked) else []


def test_14_on_space_2_with_an_empty_hand_moves_back_two_without_asking():
    """One step would leave a lone wild, no bid: only two steps are offered, so nothing is asked."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    give(game, ann, hand="", reserve="plans prestige", dollars=1)
    set_press(game, (ann, 2), (ben, 0))
    answer(game, "use 14")
    bid_turn(game, ann, "elevator")
    assert _steps_offered(game) == []
    assert ann.token.space == 0 and game.bids_made[ann] == 1
    assert "passes" not in texts(game)
    assert_answered(game)


def test_14_offers_one_step_when_another_character_completes_the_bid():
    """With 16 to follow (and dollars for both) one step and the Joker's wild bid 1: both counts are offered."""
    game, ann, ben = bare_table()
    hire(game, ann, 14)
    hire(game, ann, 16)
    give(game, ann, hand="", reserve="plans prestige", dollars=2)
    set_press(game, (ann, 2), (ben, 0))
    answer(game, "use 14", "1")  # then 16 is all it may do (no pass), and after it the bid as it stands
    bid_turn(game, ann, "elevator")
    assert _steps_offered(game) == ["1", "2"]
    assert ann.token.space == 1 and game.bids_made[ann] == 1
    assert_answered(game)


@pytest.mark.parametrize("char_id, answers", [(14, ["use 14", "1"]), (16, ["use 16"]), (17, ["use 17"])])
def test_a_seat_that_used_a_character_adding_to_its_bid_may_not_pass(char_id, answers):
    """Once 14, 16 or 17 is used the seat completes a legal bid: no pass is offered after it (before,
    a seat could use 14, keep the retreat on the press track, and pass). 13 plays a card, and a seat
    with played cards and a legal bid could not pass before either."""
    game, ann, ben = bare_table()
    hire(game, ann, char_id)
    give(game, ann, hand="press wild", reserve="plans", dollars=1)
    set_press(game, (ann, 2), (ben, 0))
    answer(game, *answers, "pass")
    with pytest.raises(Unexpected, match="answer 'pass' matches 0 options"):
        bid_turn(game, ann, "press")
    assert "pass" in options(game, 0)
    assert any(label.startswith("press") for label in options(game))


def test_17_is_not_offered_when_its_card_would_spoil_the_bid_the_hand_makes():
    """A press card bids 1 in the press round, but with 17's prestige card beside it (a single card of
    another type, with no wild to pair with) no bid stands: 17 is not offered."""
    game, ann, ben = bare_table()
    hire(game, ann, 17)
    give(game, ann, hand="press", reserve="plans", dollars=1)
    answer(game, "press (1)")
    bid_turn(game, ann, "press")
    assert uses(options(game, 0)) == []
    assert game.bids_made[ann] == 1 and ann.dollars == 1


def test_after_17_only_exchanges_that_keep_a_bid_are_offered():
    """In the elevator round 17's prestige card needs a wild beside it; once 17 is used, exchanging the
    wild for the reserve's dollar would leave no bid, so that exchange is not offered (the elevator
    card's is: the wild and the prestige card still bid 1)."""
    game, ann, ben = bare_table()
    hire(game, ann, 17)
    give(game, ann, hand="wild elevator", reserve="dollar", dollars=1)
    answer(game, "use 17", "elevator wild")
    bid_turn(game, ann, "elevator")
    wild_out, elevator_out = "exchange wild for dollar", "exchange elevator for dollar"
    assert {wild_out, elevator_out} <= {label[:len(wild_out)] for label in options(game, 0)} | {
        label[:len(elevator_out)] for label in options(game, 0)}
    assert options(game, 1) == ["wild (1)", "elevator wild (2)", "exchange elevator for dollar from the reserve"]
    assert game.bids_made[ann] == 2
    assert_answered(game)
