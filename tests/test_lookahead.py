"""Trying orders of competing characters on a copy of the game (engine/lookahead.py)."""

from __future__ import annotations

from nycrules.agents import make_agent
from nycrules.games.nyc.lookahead import orders, trial_copy
from nycrules.engine.runner import Session
from nycrules.agents.seating import parse_seats

from scenario import hire, nyc
from scenario_more import bare


def test_a_trial_copy_of_a_real_game_is_independent_and_silent():
    """A game run by the runner (its chooser, its event log) copies; changing the copy leaves the
    game as it was, and the copy logs nothing and asks nobody."""
    specs = parse_seats(["bot:greedy", "bot:random", "tom"], nyc())
    agents = {i: make_agent(s.kind, i) for i, s in enumerate(specs) if s.kind.startswith("bot")}
    game = Session(nyc(), specs, 4, agents).run()
    events, seat = len(game.events), game.seats[0]
    points, dollars, vessels = seat.points, seat.dollars, list(seat.vessels)
    trial, memo = trial_copy(game)
    copy = memo[id(seat)]
    assert copy is not seat and trial.seats[0] is copy and trial.ruleset is game.ruleset
    copy.points += 10
    copy.dollars = 0
    copy.vessels.clear()
    trial.emit(copy, "a note")
    assert (seat.points, seat.dollars, seat.vessels) == (points, dollars, vessels)
    assert len(game.events) == events and trial.events == []
    assert trial.chooser(trial, None) == 0
    assert trial.rng.random() == game.rng.random()  # the same random state, not the same object


def test_orders_keep_copies_together_and_are_bounded():
    game = bare(3)
    ann = game.seats[0]
    tiles = [hire(game, ann, i) for i in (42, 41, 42)]
    found = orders(tiles)
    assert [[t.char.id for t in order] for order in found] == [[41, 42, 42], [42, 42, 41]]
    many = [hire(game, ann, i) for i in range(23, 31)]  # 8 distinct characters: only 6 are ordered
    found = orders(many)
    assert len(found) == 720
    assert all([t.char.id for t in order[6:]] == [29, 30] for order in found)
