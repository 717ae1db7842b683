"""nycrules.scenario, the rule testers' public module, names no game (issue 29) and works as before for
New York City: its own helpers (give, hire...) are its package's, given here by name."""

import pytest

import nycrules.games.nyc.scenario as nyc_helpers
from nycrules import scenario


def test_new_york_citys_helpers_are_given_by_name_as_before():
    from nycrules.scenario import borough, give, hire  # noqa: F401 - imported as rule testers import them
    assert scenario.give is nyc_helpers.give and scenario.stack_deck is nyc_helpers.stack_deck
    game = scenario.table(seats=2)
    ann = game.seats[0]
    scenario.give(game, ann, hand="press press wild", dollars=3)
    assert sorted(card.type for card in ann.hand) == ["press", "press", "wild"] and ann.dollars == 3
    assert scenario.hire(game, ann, 19) in ann.company
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        scenario.nothing  # noqa: B018


def test_a_seat_the_game_adds_is_written_as_for_seat_with_a_level_for_all():
    game = scenario.table(kinds=["human", "tom", "tom:C5"], level="A6")
    assert [(s.name, s.kind, s.tom_mode, s.tom_cards) for s in game.seats] == [
        ("Ann", "human", "", 0), ("Tom1", "tom", "A", 6), ("Tom2", "tom", "C", 5)]
    assert [(s.tom_mode, s.tom_cards) for s in scenario.table(kinds=["tom", "human"]).seats] == [("B", 4), ("", 0)]


def test_the_shared_part_serves_another_game():
    game = scenario.table(kinds=["human", "bot:random"], ruleset="ny1901")
    assert game.ruleset.name == "New York 1901" and [s.name for s in game.seats] == ["Ann", "Ben"]
    assert scenario.texts(game)  # its setup, told in the log
