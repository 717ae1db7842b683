"""Whole games of New York 1901 played by the engine with every check of the suite's whole games
(tests/test_ny1901_games.py: the invariants after every turn, the end trigger and final turns, the
points against a recount from the final position), over as many games as asked: how many end by the
rulebook's trigger and how many at the ruleset's 60-round bound, with random choices or with a seat
that always builds its most valuable tile.

    python benchmarks/ny1901_games.py [GAMES_PER_SEAT_COUNT] [--builder | --greedy]

Seeds 1..N at 2, 3 and 4 seats (the suite plays seeds 1-20); CPU time of this process (the checks
included, so not a measure of the engine's speed: `nycrules simulate` is).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's package, and the tests' helpers

from nycrules.games.ny1901.tiles import Tile  # noqa: E402
from ny1901_games import play_with_bots  # noqa: E402
from test_ny1901_games import check_played, check_whole_game  # noqa: E402


def builder(seed: int):
    """Answers 'build?' with yes and picks the tile with the most points; anything else at random."""
    rng = random.Random(seed)

    def choose(game, decision) -> int:
        values = [decision.value(i) for i in range(decision.count)]
        if "Build a skyscraper?" in decision.prompt or "Construction Boom" in decision.prompt:
            return values.index(True)
        if all(isinstance(v, Tile) for v in values):
            return max(range(len(values)), key=lambda i: (values[i].points, -i))
        return rng.randrange(decision.count)
    return choose


def main(argv: list[str]) -> None:
    if "--help" in argv or "-h" in argv:
        print(__doc__.strip())
        return
    unknown = [a for a in argv if not a.isdigit() and a not in ("--builder", "--greedy")]
    if unknown:
        sys.exit(f"unknown argument {unknown[0][:40]!r}; see --help")
    games = int(next((a for a in argv if a.isdigit()), "100"))
    use_builder = "--builder" in argv
    start = time.process_time()
    ended = bound = turns = 0
    points: list[int] = []
    for seats in (2, 3, 4):
        for seed in range(1, games + 1):
            if "--greedy" in argv:  # every seat bot:greedy, through a Session
                game, watch = play_with_bots(seats, seed, "bot:greedy")
                check_played(game, watch)
            else:
                game, watch = check_whole_game(seats, seed, chooser=builder(seed) if use_builder else None)
            turns += len(watch.turns) + len(watch.final)
            ended += bool(watch.final)
            bound += not watch.final
            points += [s.points for s in game.seats]
    cpu = time.process_time() - start
    who = ("a chooser that always builds its most valuable tile" if use_builder else "bot:greedy at every seat"
           if "--greedy" in argv else "random choices")
    print(f"{3 * games} games ({who}; seeds 1-{games} at 2, 3, 4 seats): invariants held after all {turns} turns; "
          f"{ended} ended by the trigger, {bound} at the 60-round bound; mean {sum(points) / len(points):.1f} points "
          f"a seat; {3 * games / cpu:.1f} games per CPU-second")


if __name__ == "__main__":
    main(sys.argv[1:])
