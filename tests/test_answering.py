"""Decisions answered at once by a session's agents (the procedure goes on from its own code,
engine/tasks.py run_pushed) or from outside, one at a time (it goes on from its cursor): the same game,
and at every decision the same position."""

from __future__ import annotations

import pytest

from nycrules.agents import seat_agents
from nycrules.agents.seating import parse_seats
from nycrules.api import load
from nycrules.engine.runner import Session

MIXES = [["bot:random"] * 4, ["bot:greedy", "bot:random", "tom", "tom"]]


@pytest.mark.parametrize("seats", MIXES, ids=["4 random", "greedy random 2 Toms"])
def test_agents_answering_at_once_play_the_game_answered_from_outside(seats):
    ruleset = load("nyc")
    specs = parse_seats(seats, ruleset)
    seed = 5
    at_once = Session(ruleset, specs, seed, seat_agents(specs, seed))
    at_once.run()
    bots = seat_agents(specs, seed)
    outside = Session(ruleset, specs, seed)  # nobody answers inside: each decision waits for apply
    positions = []
    while (decision := outside.decision()) is not None:
        if len(positions) < 40:
            positions.append((len(outside.record), outside.position()))
        outside.apply(bots[decision.seat.index].choose(outside, decision))
    assert outside.record == at_once.record and outside.history == at_once.history
    assert [(e.rule, e.text) for e in outside.events()] == [(e.rule, e.text) for e in at_once.events()]
    assert outside.scores() == at_once.scores()
    assert outside.state.cursor.steps == at_once.state.cursor.steps > 0
    for number, position in positions:  # the agents' game paused there is the same position
        paused = Session(ruleset, specs, seed, seat_agents(specs, seed), pause_at=number)
        assert paused.decision() is not None and paused.position() == position, f"decision {number + 1}"


def test_a_game_its_chooser_drives_plays_through_the_greedy_bots_nested_drives():
    """A game driven by its chooser alone (no session's answerer) whose greedy bot judges characters by
    scoring them on the table itself: each judgement is a drive nested in the game's own, and the outer
    drive's entry (no answerer) must be kept for it, not taken away by the nested one (it was: KeyError)."""
    from scenario_tom import tom_game

    game, *_ = tom_game(["bot:greedy", "tom:B4"], seed=3)
    assert game.finished
