"""Every option of every decision has an action id: random games at 2-4 seats (issue 31).

    python benchmarks/every_option_numbered.py [GAMES] [RULESET]

Plays GAMES (default 2,000) seeded random games, seats 2, 3, 4 in turn (game i: seed i), every
decision answered at random, and looks up the action id of every option of every decision. Prints
how many decisions and options it saw, how many distinct ids were legal at least once, and every
decision with an option that has no id (with the game's seed and the rule asking), which should be none. The suite
plays 300 of these games (tests/test_action_space.py).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package, not an installed one

import nycrules
from nycrules.engine.action_space import ActionSpaceError


def main(games: int, ruleset: str) -> int:
    space = nycrules.load(ruleset)
    decisions = options = 0
    seen: set[int] = set()
    missing: list[str] = []
    for number in range(games):
        game = nycrules.new_game(["Ann", "Ben", "Cid", "Dee"][:2 + number % 3], seed=number, ruleset=space,
                                 log_events=False)
        ids = game.action_space()
        rng = random.Random(number)
        while not game.is_over():
            decision = game.decision()
            decisions += 1
            options += decision.count
            try:
                seen.update(ids.actions_of([option.key for option in decision.options]))
            except ActionSpaceError as err:
                missing.append(f"seed {number}, {decision.rule}: {err}")
            game.apply(rng.randrange(decision.count))
    print(f"{games} games, {decisions} decisions, {options} options; {len(seen)} distinct ids legal at least "
          f"once, of {ids.size}; options without an id: {len(missing)}")
    for line in missing[:20]:
        print(" ", line)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000, sys.argv[2] if len(sys.argv) > 2 else "nyc"))
