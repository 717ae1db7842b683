"""The example mods under rulesets/examples/ validate and play whole games."""

from pathlib import Path

import pytest

from nycrules.loading.loader import check_ruleset
from nycrules.agents.seating import parse_seats
from nycrules.studies.simulate import play_games

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "rulesets" / "examples").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_mod_is_valid_and_plays(path):
    result = check_ruleset(path)
    assert result.diagnostics == []
    games = play_games(result.ruleset, parse_seats(["bot:greedy", "bot:random", "tom:5"], result.ruleset), 1, range(3))
    assert [sum(seat.won for seat in game.seats) for game in games] == [1, 1, 1]


def test_a_new_character_joins_the_elevator():
    ruleset = check_ruleset(EXAMPLES[[p.stem for p in EXAMPLES].index("night_owl")]).ruleset
    assert ruleset.part.characters[43].title == "Night Owl"
    assert [c.id for c in ruleset.part.by_hook["phase3.turn"]][-1] == 43


def test_a_changed_bonus_changes_the_game():
    loud = check_ruleset(EXAMPLES[[p.stem for p in EXAMPLES].index("loud_press")]).ruleset
    assert "press_advance(me, 2)" in loud.part.round("press").bonus.source
    assert loud.params["press_bonus_space"] == 7


def test_the_counting_rule_is_data():
    """A mod that makes pairs count double changes which bids the engine offers and their worth."""
    from scenario import give, table
    from nycrules.games.nyc.bids import legal_bids

    mod = check_ruleset(EXAMPLES[[p.stem for p in EXAMPLES].index("generous_pairs")]).ruleset
    for ruleset, expected in ((None, 1), (mod, 2)):
        game = table(2, ruleset=ruleset)
        seat = game.seats[0]
        give(game, seat, hand="dollar dollar")
        game.bidding_card = "press"
        assert [value for cards, value in legal_bids(game, seat)] == [expected]
