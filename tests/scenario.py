"""The scenario harness of the tests: the public one (nycrules/scenario.py, docs/api.md "Scenarios"),
which the project's scenario tests use as rule testers do, and the shipped ruleset loaded once.

    game = table(seats=3)                       # a set-up game, decisions scripted
    seat = game.seats[0]
    give(game, seat, hand="press press wild", reserve="dollar dollar", dollars=2)
    tile = hire(game, seat, 19)                 # the seat now has character 19
    answer(game, "use 19")                      # the next decisions, by label prefix
"""

from __future__ import annotations

from functools import lru_cache

from nycrules.engine.model import Ruleset
from nycrules.loading.loader import load_ruleset
from nycrules.resources import shipped_ruleset
from nycrules.games.nyc.scenario import _take  # noqa: F401
from nycrules.scenario import (Scripted, Unexpected, answer, assert_answered, borough,  # noqa: F401
                               clear_company, give, hire, lift_tile, run_part, stack_deck, texts)
from nycrules.scenario import table as _table


@lru_cache(maxsize=1)
def nyc() -> Ruleset:
    return load_ruleset(shipped_ruleset())


def table(seats: int = 2, kinds: list[str] | None = None, seed: int = 1, ruleset: Ruleset | None = None,
          tom: str = "B4"):
    """nycrules.scenario.table, with the shipped ruleset loaded once for the whole suite."""
    return _table(seats, kinds, seed, ruleset or nyc(), tom)
