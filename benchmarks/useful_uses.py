"""How often the `needs_a_bid` check (engine/usefulness.py) runs, and what it costs.

    python benchmarks/useful_uses.py [GAMES]

Plays GAMES games (default 100, seeds 1..) of each seating of measure.py --versus and
counts: bid menus where a seat could use a marked character (14, 16), the questions
that needed trying (the seat could not bid without it), characters hidden, copies of
the game tried on; and the CPU time (time.process_time) spent in the check, as a share
of the games' CPU time in the same run.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package, not an installed one

import nycrules
from nycrules.games.nyc import usefulness
from nycrules.loading.loader import load_ruleset
from nycrules.agents.seating import parse_seats
from nycrules.studies.simulate import play_games

MIXES = {
    "4 random bots": ["bot:random"] * 4,
    "2 random bots": ["bot:random"] * 2,
    "greedy + random + 2 Toms (B4)": ["bot:greedy", "bot:random", "tom", "tom"],
}


class Counting:
    """Wraps the module's entry points to count calls and the CPU time of the outermost ones."""

    def __init__(self) -> None:
        self.menus = self.questions = self.hidden = self.copies = 0
        self.cpu = 0.0
        self.keep, self.follow, self.copy = usefulness.keep_useful, usefulness.bid_can_follow, usefulness.trial_copy

    def install(self) -> None:
        usefulness.keep_useful, usefulness.bid_can_follow = self._keep, self._follow
        usefulness.trial_copy = self._copy

    def _keep(self, game, seat, tiles, hooks, variables):  # type: ignore[no-untyped-def]
        if isinstance(game.chooser, usefulness._Explorer):  # inside a trial: not a menu of the game
            return self.keep(game, seat, tiles, hooks, variables)
        self.menus += 1
        start = time.process_time()
        try:
            return self.keep(game, seat, tiles, hooks, variables)
        finally:
            self.cpu += time.process_time() - start

    def _follow(self, *args):  # type: ignore[no-untyped-def]
        self.questions += 1
        answer = self.follow(*args)
        self.hidden += not answer
        return answer

    def _copy(self, game):  # type: ignore[no-untyped-def]
        self.copies += 1
        return self.copy(game)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    ruleset = load_ruleset(Path(nycrules.__file__).resolve().parent.parent / "rulesets" / "nyc")
    print(f"{games} games per seating (seeds 1-{games}); per game: menus with a marked character usable, "
          "questions tried, characters hidden, copies; CPU share of the check")
    for name, seats in MIXES.items():
        counting = Counting()
        counting.install()
        start = time.process_time()
        play_games(ruleset, parse_seats(seats, ruleset), 1, range(games))
        total = time.process_time() - start
        usefulness.keep_useful, usefulness.bid_can_follow, usefulness.trial_copy = (
            counting.keep, counting.follow, counting.copy)
        print(f"{name:<32}{counting.menus / games:>6.2f}{counting.questions / games:>6.2f}"
              f"{counting.hidden / games:>6.2f}{counting.copies / games:>6.2f}"
              f"{100 * counting.cpu / total:>7.2f}%  ({counting.cpu * 1000 / games:.2f} of "
              f"{total * 1000 / games:.1f} ms CPU per game)")


if __name__ == "__main__":
    main()
