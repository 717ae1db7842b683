"""A seat's view: what an agent is handed, and that it holds nothing the seat may not know."""

from __future__ import annotations

import random

import pytest

import nycrules
from nycrules.engine.runner import AgentError
from nycrules.engine.seat_view import SeatView


def snapshot(view: SeatView) -> tuple:
    """Everything a view gives, as plain values."""
    decision = view.decision
    return (view.seat, view.seats, decision, view.observation(), [(e.seat, e.text) for e in view.events()],
            view.history(), view.legal_actions(), view.observation_tensor(), view.information_state_string())


def hidden_cards(game, seat: int) -> tuple:
    state = game.state
    return (tuple(tuple(sorted(c.id for c in [*s.hand, *s.reserve])) for s in state.seats if s.index != seat),
            tuple(c.id for c in state.deck))


@pytest.mark.parametrize("seats,seed,every", [(["Ann", "Ben", "tom:C5"], 5, 1), (["Ann", "Ben", "Cid", "tom:B4"], 8, 3)])
def test_every_seats_view_is_the_same_in_a_determinization_for_that_seat(seats, seed, every):
    """At every decision (every third in the longer game), for every seat: the view of a copy where
    all that seat cannot see is dealt anew gives exactly what the real game's view gives."""
    game = nycrules.new_game(seats, seed=seed)
    rng = random.Random(seed)
    checked = differ = moved_on = 0
    while not game.is_over():
        decision = game.decision()
        if len(game.record) % every == 0:
            for seat in range(len(seats)):
                guess = game.determinize(seat, checked, log_events=True)
                if len(guess.events()) != len(game.events()):
                    # Another seat's decision, made again from its cards dealt anew, had one option
                    # left: it was taken, and the copy went on (a world the seat cannot rule out).
                    assert decision.seat.index != seat
                    moved_on += 1
                    continue
                assert snapshot(guess.view(seat)) == snapshot(game.view(seat)), f"seat {seat} tells the copy apart"
                differ += hidden_cards(guess, seat) != hidden_cards(game, seat)
                checked += 1
        game.apply(rng.randrange(decision.count))
    assert checked > 150 and differ >= checked - 4  # the hidden part is re-dealt (but for the very end)
    assert moved_on < checked // 10


def test_another_seats_exchange_shows_that_it_happened_not_which_cards():
    game = nycrules.new_game(["Ann", "Ben", "Cid"], seed=2)
    rng = random.Random(2)
    while not game.is_over():
        decision = game.decision()
        swaps = [i for i, o in enumerate(decision.options) if o.key.startswith("swap:")]
        game.apply(rng.choice(swaps) if swaps and rng.random() < 0.5 else rng.randrange(decision.count))
    exchanges = [e for e in game.events() if e.text.startswith("exchanges")]
    assert len(exchanges) > 10
    for seat in range(3):
        seen = [e for e in game.events(seat) if e.text.startswith("exchanges")]
        assert len(seen) == len(exchanges)
        for real, shown in zip(exchanges, seen):
            if real.seat == seat:
                assert shown.text == real.text and " from the reserve" in shown.text
            else:
                assert shown.text == "exchanges a card of the hand for one of the reserve"


def test_a_card_taken_from_the_reserve_into_the_hand_is_not_named_to_the_others():
    """Character 8 moves a reserve card like one just taken into the hand: only its owner reads which."""
    from parts import draft_turn
    from scenario import answer, give, hire
    from scenario_extra import bare_table, set_pairs

    game, ann, ben = bare_table()
    hire(game, ann, 8)
    give(game, ann, hand="", reserve="press dollar", dollars=1)
    set_pairs(game, "press wild", "prestige prestige")
    answer(game, "take press", "use 8", "yes")
    draft_turn(game, ann)
    moved = [e for e in game.events if e.text == "takes press into the hand"]
    assert len(moved) == 1 and moved[0].seat == ann.index
    assert moved[0].seen_by(ann.index).text == "takes press into the hand"
    assert moved[0].seen_by(ben.index).text == "takes 1 card(s) of the reserve into the hand"
    taken = [e for e in game.events if e.text.startswith("takes the pair")]  # from the display: public
    assert taken and taken[0].seen_by(ben.index).text == taken[0].text


def test_the_option_a_seat_took_as_its_only_one_is_told_to_that_seat_only():
    """A decision with one option is taken without asking; its label may name the seat's own cards."""
    game = nycrules.new_game(["Ann", "Ben", "Cid"], seed=2)
    rng = random.Random(2)
    while not game.is_over():
        game.apply(rng.randrange(game.decision().count))
    forced = [e for e in game.events() if e.kind == "forced" and e.seat is not None]
    assert forced
    for seat in range(3):
        seen = [e for e in game.events(seat) if e.kind == "forced"]
        assert seen == [e for e in forced if e.seat == seat]


class ViewRecorder:
    """An agent that checks what it is handed and plays the first option."""

    def __init__(self):
        self.views = 0

    def choose(self, view):
        assert isinstance(view, SeatView) and not hasattr(view, "state") and not hasattr(view, "record")
        decision = view.decision
        assert decision is not None and decision.seat == view.seat
        assert [o.index for o in decision.options] == list(range(decision.count))
        assert view.legal_actions() == sorted(o.action for o in decision.options)
        if self.views == 5:  # a search copy: at this decision, the seat's own cards, the rest re-dealt
            twin = view.determinize(1)
            assert twin.view(view.seat).observation() == view.observation()
            assert [o.key for o in twin.decision().options] == [o.key for o in decision.options]
        self.views += 1
        return 0


def test_an_agent_is_handed_a_view_of_its_seat():
    agent = ViewRecorder()
    game = nycrules.new_game(["Ann", "bot:random"], seed=4, agents={0: agent})
    assert game.is_over() and agent.views > 40


def test_a_view_offers_determinized_copies_only_at_its_own_decision():
    game = nycrules.new_game(["Ann", "Ben"], seed=4)
    waiting = game.decision().seat.index
    other = game.view(1 - waiting)
    assert other.decision is None and other.legal_actions() == []
    with pytest.raises(nycrules.NycRulesError, match="only at its own decision"):
        other.determinize(1)
    assert game.view(waiting).determinize(1).decision().seat.index == waiting


def test_a_copy_of_a_determinized_game_keeps_the_re_dealt_cards():
    game = nycrules.new_game(["Ann", "Ben", "Cid"], seed=9)
    for _ in range(30):
        game.apply(0)
    seat = game.decision().seat.index
    guess = game.determinize(seat, 7)
    assert hidden_cards(guess, seat) != hidden_cards(game, seat)
    copy = guess.clone()
    assert hidden_cards(copy, seat) == hidden_cards(guess, seat)
    again = guess.determinize(seat, 8).clone()
    assert hidden_cards(again, seat) not in (hidden_cards(game, seat), hidden_cards(guess, seat))
    # played on alike, the copy and the determinized game stay one game
    for _ in range(40):
        if guess.is_over():
            break
        guess.apply(guess.decision().count - 1)
        copy.apply(copy.decision().count - 1)
    assert guess.record == copy.record and hidden_cards(copy, seat) == hidden_cards(guess, seat)
    assert guess.seed == 7 and len(guess.record) <= 40  # its own seed, and only the decisions taken in it


def others_cards(game, seat: int) -> list:
    """The card types of every other seat's hand and reserve, and the draw pile's order."""
    state = game.state
    return [[sorted(c.type for c in s.hand), sorted(c.type for c in s.reserve)] for s in state.seats
            if s.index != seat] + [[c.type for c in state.deck]]


def test_replaying_what_a_determinized_copy_holds_never_rebuilds_the_real_cards():
    """The replay attack: an agent determinizes, starts a game with the copy's seed and replays its
    record. The copy held the real seed and record, so at every decision (51 of 51) this rebuilt every
    other seat's hand; now the copy has its own seed and only the decisions taken in it."""
    seats = ["Ann", "Ben", "Cid"]
    game = nycrules.new_game(seats, seed=4)
    rng = random.Random(4)
    rebuilt = checked = 0
    while not game.is_over() and checked < 51:
        decision = game.decision()
        if decision.seat.index == 0:
            copy = game.view(0).determinize(rng_seed=100 + checked)
            assert copy.seed != game.seed and copy.record == []
            assert [entry[1:] for entry in copy.history if entry[0] != 0] == \
                   [(-1, -1)] * sum(1 for entry in game.history if entry[0] != 0)
            replayed = nycrules.new_game(seats, seed=copy.seed)
            for index in copy.record:
                replayed.apply(index)
            rebuilt += others_cards(replayed, 0) == others_cards(game, 0)
            checked += 1
        game.apply(rng.randrange(decision.count))
    assert checked == 51 and rebuilt == 0


def _without_card_numbers(data):
    """A position with each card's number left out (which physical card lies where, not its type), and
    the list of all cards by number."""
    if isinstance(data, dict):
        if data.get("class") == "Card":
            data = {**data, "fields": {k: v for k, v in data["fields"].items() if k != "id"}}
        if data.get("class") == "Game":
            data = {**data, "fields": {k: v for k, v in data["fields"].items() if k != "cards"}}
        return {k: _without_card_numbers(v) for k, v in data.items() if k != "check"}
    if isinstance(data, list):
        return [_without_card_numbers(v) for v in data]
    return data


@pytest.mark.parametrize("seed", [3, 6])
def test_a_copy_made_at_another_seats_decision_holds_nothing_of_that_seats_real_cards(seed):
    """Two games seat 0 cannot tell apart (the real one, and one with all it cannot see dealt anew)
    give the same copy when determinized for seat 0 with one seed, at every decision of the others:
    nothing of the real hidden cards survives in it. The bidding turn kept the menus it had worked out
    from the real hand (by hand and reserve) and told them apart."""
    game = nycrules.new_game(["Ann", "Ben", "Cid"], seed=seed)
    rng = random.Random(seed)
    checked = bids = 0
    while not game.is_over() and checked < 40:
        decision = game.decision()
        if decision.seat.index != 0 and len(game.record) % 3 == 0:
            twin = game.determinize(0, 1000 + checked)  # a world seat 0 cannot tell from the real one
            real, other = game.determinize(0, checked), twin.determinize(0, checked)
            if real.decision() is not None and len(real.state.events) == len(other.state.events):
                assert _without_card_numbers(real.position()) == _without_card_numbers(other.position())
                checked += 1
                bids += decision.kind == "bid"
        game.apply(rng.randrange(decision.count))
    assert checked == 40 and bids >= 10


class Answers:
    def __init__(self, answer):
        self.answer = answer

    def choose(self, view):
        return self.answer


class NoChoose:
    pass


@pytest.mark.parametrize("answer", [-1, 999, True, 1.0, None])
def test_a_bad_answer_is_named_with_the_agent_and_the_decision(answer):
    with pytest.raises(AgentError) as caught:
        nycrules.new_game(["Ann", "bot:random"], seed=1, agents={0: Answers(answer)})
    assert str(caught.value).startswith(f"the agent test_seat_view.Answers for seat Ann answered {answer!r} "
                                        "to decision 1 (choose: ")


def test_an_agent_without_choose_is_refused_before_the_game():
    with pytest.raises(AgentError, match=r"seat Ann \(NoChoose\) has no method choose\(view\)"):
        nycrules.new_game(["Ann", "bot:random"], seed=1, agents={0: NoChoose()})
