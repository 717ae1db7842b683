"""Copies of a game mid-play: independent of the original, equal to it, and cheap to continue."""

from __future__ import annotations

import pytest

import nycrules
from nycrules.diagnostics import NycRulesError
from nycrules.agents import RandomAgent
from nycrules.engine.runner import Session
from nycrules.engine.state import copy_game


def describe_table(state) -> list:
    """Everything on the table, as plain data (to compare two games)."""
    out = [state.round, state.decisions_taken, state.rng.getstate(), [c.type for c in state.deck],
           [c.type for c in state.discard], [[c.type for c in p.cards] for p in state.pairs]]
    for seat in state.seats:
        out.append([seat.name, seat.points, seat.dollars, seat.board, [c.type for c in seat.hand],
                    [c.type for c in seat.reserve], [t.char.id for t in seat.company], sorted(seat.known.items()),
                    [v.id for v in seat.vessels], seat.token.space])
    out.append([(b.id, b.counts, b.neutral, [t.id for t in b.prestige]) for b in state.boroughs])
    out.append([[t.char.id for t in row] for _, row in sorted(state.elevator_rows.items())])
    return out


def test_a_copy_of_the_table_is_equal_and_shares_nothing_that_changes():
    game = nycrules.new_game(["Ann", "bot:random", "bot:greedy"], seed=9)
    for _ in range(40):
        game.apply(0)
    state = game.state
    twin = copy_game(state)
    assert describe_table(twin) == describe_table(state)
    assert twin.ruleset is state.ruleset
    for seat, other in zip(state.seats, twin.seats):
        assert other is not seat and other.hand is not seat.hand
        assert other.hand.known is other.known  # the zone's knowledge stays the seat's own dict
        for card in other.hand:
            assert card.zone is other.hand
    every_card = [c for c in twin.cards]
    assert not set(map(id, every_card)) & set(map(id, state.cards))
    twin.seats[0].hand.clear()
    twin.boroughs[0].counts[0] += 5
    assert describe_table(state) != describe_table(twin)


def _positions(seed: int, seats: list[str], every: int = 7):
    """A game of people answered at random, paused at every `every`-th decision (a copy each)."""
    import random
    answers = random.Random(seed)
    game = nycrules.new_game(seats, seed=seed, log_events=False)
    while (decision := game.decision()) is not None:
        if len(game.record) % every == 0:
            yield game
        game.apply(answers.randrange(decision.count))


def test_a_copy_runs_no_rule_and_goes_on_as_the_original(monkeypatch):
    """clone() copies the table and the tasks under way, at every kind of decision (inside a
    character's effect too): no task steps while it copies, and the copy and a game replayed from
    the start end in the same game when played on by the same bots."""
    from nycrules.engine import tasks

    kinds = set()
    for game in _positions(12, ["Ann", "Ben"], 9):
        decision = game.decision()
        kinds.add(decision.kind)
        with monkeypatch.context() as patch:
            patch.setattr(tasks.Task, "step", lambda *args: pytest.fail("a copy ran a rule"))
            for task in game.state.stack:  # the tasks' own step methods too
                patch.setattr(type(task), "step", lambda *args: pytest.fail("a copy ran a rule"))
            twin = game.clone()
        assert twin.record == game.record and twin.decision().prompt == decision.prompt
        assert [o.key for o in twin.decision().options] == [o.key for o in decision.options]
        assert describe_table(twin.state) == describe_table(game.state)
        if len(game.record) % 4 == 0:
            bots = {0: RandomAgent(5), 1: RandomAgent(6)}
            from_copy = game.clone(agents=bots)
            from_start = Session(game.ruleset, game.specs, game.seed, bots, replay=game.record,
                                 pause_at=len(game.record))
            for session in (from_copy, from_start):
                while not session.is_over():
                    asked = session.decision()
                    session.apply(bots[asked.seat.index].choose(session, asked))
            assert from_copy.record == from_start.record and from_copy.scores() == from_start.scores()
    assert {"bid", "draft", "use", "choose"} <= kinds


def test_a_determinized_copy_remakes_any_seats_decision_from_its_own_cards():
    """Determinized for another seat than the one to move, the copy's waiting decision is made from
    the copy's cards: every option is legal there (it applies), and a clone of the copy keeps the
    cards dealt anew (it is not the real game again)."""
    checked = 0
    for game in _positions(3, ["Ann", "Ben", "Cat"], 5):
        decision = game.decision()
        other = (decision.seat.index + 1) % 3
        copy = game.determinize(other, 77)
        if copy.is_over():
            continue
        again = copy.clone()
        hidden = lambda session: [sorted(c.type for c in s.hand) for s in session.state.seats]
        assert hidden(again) == hidden(copy)
        asked = copy.decision()
        for index in range(asked.count):
            trial = copy.clone()
            trial.apply(index)  # legal in the copy: no "no such exchange", no card the copy lacks
        if asked.kind == "bid":
            mover = copy.state.seats[asked.seat.index]
            for option in asked.options:
                if option.key.startswith("swap:"):
                    out_type = option.key[5:].split(">")[0]
                    assert out_type in {c.type for c in mover.hand}
            checked += 1
    assert checked > 5


def test_run_lets_the_seats_agents_answer_even_the_decision_a_clone_stopped_at():
    game = nycrules.new_game(["Ann", "Ben"], seed=3)
    for _ in range(20):
        game.apply(0)
    bots = {0: RandomAgent(1), 1: RandomAgent(2)}
    finished = game.clone(agents=bots, log_events=False).run()
    assert finished.finished and not game.is_over()
    with pytest.raises(NycRulesError, match="nobody answers for seat Ann"):
        game.clone().run()


def test_the_fast_copy_gives_what_a_plain_deepcopy_gives():
    """copy_game copies the table with its own __deepcopy__ methods and copy_value: the copy equals one
    made by copy.deepcopy alone (through __reduce_ex__), plays on with the same random numbers, and
    shares no changing part with the original."""
    from nycrules.engine import state as state_module
    from nycrules.games.nyc import state as nyc_state

    game = nycrules.new_game(["Ann", "Ben", "bot:random", "bot:random"], seed=4)
    for _ in range(60):
        game.apply(game.decision().count - 1)
    state = game.state
    fast = copy_game(state)
    from nycrules.engine.copying import Copied

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    written = tuple(cls for cls in subclasses(Copied)  # the copies written for a class's slots (copying.py)
                    if cls.__dict__.get("__deepcopy__") is not None
                    and cls.__dict__["__deepcopy__"].__code__.co_filename.startswith("<copy of"))
    assert nyc_state.Borough in written and nyc_state.PressToken in written
    classes = (state_module.Game, state_module.Seat, state_module.Zone, state_module.Card, nyc_state.Tile) + written
    methods = {cls: cls.__dict__["__deepcopy__"] for cls in classes}
    try:
        for cls in classes:
            delattr(cls, "__deepcopy__")
        plain = copy_game(state)
    finally:
        for cls, method in methods.items():
            setattr(cls, "__deepcopy__", method)
    assert describe_table(fast) == describe_table(plain) == describe_table(state)
    assert [fast.rng.random() for _ in range(5)] == [plain.rng.random() for _ in range(5)]
    for seat, twin in zip(state.seats, fast.seats):
        for name in ("used", "known", "scores", "hired", "uses", "virtual", "company", "vessels"):
            assert getattr(twin, name) is not getattr(seat, name)
        assert twin.hand.known is twin.reserve.known is twin.known and twin.token.seat is twin
        assert all(card.zone is twin.hand for card in twin.hand)
    assert all(tile.char is state.ruleset.part.characters[tile.char.id] for tile in fast.tiles)
    assert all(card.zone is fast.deck for card in fast.deck) and fast.where is state.where
    assert fast.boroughs[0] is fast.borough_by_id[fast.boroughs[0].id] is not state.boroughs[0]


def test_a_card_copied_before_its_zone_lies_in_the_copy_of_its_zone():
    import copy

    state = nycrules.new_game(["Ann", "Ben"], seed=2).state
    card = state.deck[3]
    memo: dict = {}
    twin = copy.deepcopy(card, memo)
    assert twin is not card and twin.zone is memo[id(card.zone)] and twin in twin.zone
    assert [c.id for c in twin.zone] == [c.id for c in card.zone]
