"""Scenarios for rule testers: a table set up by hand, then one named part of the procedure run on it.

    from nycrules import scenario
    game = scenario.table(seats=3)                                # a game after setup, round 1
    ann = game.seats[0]
    scenario.hire(game, ann, 19)                                  # the game's own: Ann has character 19
    scenario.answer(game, "use 19", "done")                       # the next decisions, by label
    scenario.run_part(game, "phase3")
    scenario.texts(game)                                          # what happened, as the log says it

The parts are the procedure's nodes, named by their `id` in the ruleset (`nycrules rules list
procedure`); a part runs by itself, now, with the variables given (`round`, ...) beside the
game's numbers. Decisions are answered from a queue of label prefixes (`answer`); a decision
with no answer left raises `Unexpected`, naming the options, so a test always says which choices
it expects. What sets a game's own table by hand (New York City's cards, money, characters:
`give`, `hire`, `stack_deck`, ...) is the game's (its package's SCENARIO: games/nyc/scenario.py),
reached here by name, `scenario.give(...)`, for the default game. The project's own scenario tests
are written with this module (docs/api.md, "Scenarios"); its functions keep their names and meaning
from release to release.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

from .engine.decisions import Decision
from .engine.model import Ruleset
from .engine.setup import SeatSpec, new_game
from .engine.state import Game
from .loading.other_games import DEFAULT_GAME

__all__ = ["table", "answer", "assert_answered", "texts", "run_part", "Scripted", "Unexpected"]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]


class Unexpected(AssertionError):
    """A decision the scenario did not expect: no answer left for it, or an answer that fits none or several."""


class Scripted:
    """Answers decisions from a queue of label prefixes; records every decision asked."""

    def __init__(self) -> None:
        self.answers: deque[str] = deque()
        self.asked: list[Decision] = []

    def __call__(self, game: Game, decision: Decision) -> int:
        self.asked.append(decision)
        if not self.answers:
            raise Unexpected(f"no answer for {decision.seat.name}: {decision.prompt!r}; options: "
                             f"{decision.labels()}")
        wanted = self.answers.popleft()
        for i, label in enumerate(decision.labels()):
            if label == wanted:
                return i
        matches = [i for i, label in enumerate(decision.labels()) if label.startswith(wanted)]
        if len(matches) != 1:
            raise Unexpected(f"answer {wanted!r} matches {len(matches)} options of {decision.prompt!r}: "
                             f"{decision.labels()}")
        return matches[0]


def table(seats: int = 2, kinds: list[str] | None = None, seed: int = 1, ruleset: Ruleset | str | None = None,
          level: str | None = None) -> Game:
    """A game after its setup (setup decisions take the first option), in game round 1; later decisions
    are answered by `answer`. `kinds`: each seat's kind (`human`, a bot, or a seat its game adds, as
    `--seat` writes it); `level`: the level of such a seat written without one (KIND with level L is
    KIND:L; the ruleset's default level when None). docs/api.md shows New York City's."""
    from .agents.seating import parse_seat
    from .api import load
    loaded = ruleset if isinstance(ruleset, Ruleset) else load(ruleset or DEFAULT_GAME)
    specs = []
    for i, kind in enumerate(kinds or ["human"] * seats):
        if kind == "human" or kind.startswith("bot:"):
            specs.append(SeatSpec(NAMES[i], kind))
        else:  # a seat its game adds, named by its name and place (as NAME0, NAME1...)
            spec = parse_seat(f"{kind}:{level}" if level and ":" not in kind else kind, loaded, i)
            specs.append(replace(spec, name=f"{spec.name}{i}"))
    game = new_game(loaded, specs, seed, lambda g, d: 0)
    game.chooser = Scripted()
    game.round = 1
    return game


def answer(game: Game, *labels: str) -> None:
    """Answer the next decisions, in order, with the options whose labels are (or start with) these."""
    game.chooser.answers.extend(labels)


def assert_answered(game: Game) -> None:
    """Every answer given was used."""
    left = list(game.chooser.answers)
    if left:
        raise Unexpected(f"answers not used: {left}")


def run_part(game: Game, part: str, **variables: Any) -> None:
    """Run the procedure's node with this id by itself, now (`round` defaults to the game's round)."""
    from .engine.procedure import run_part as run
    run(game, part, {"round": game.round, **variables})


def texts(game: Game) -> list[str]:
    """The log so far, as its texts."""
    return [e.text for e in game.events]


def __getattr__(name: str) -> Any:
    """The default game's own scenario helpers (`give`, `hire`...: its package's SCENARIO), by name."""
    from .loading.other_games import game_module
    helpers = getattr(game_module(DEFAULT_GAME), "SCENARIO", None)
    if helpers is None or not hasattr(helpers, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(helpers, name)
