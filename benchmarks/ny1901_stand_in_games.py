"""New York 1901's rules played as whole games through the tests' stand-in for the engine
(tests/ny1901_stand_in.py), every invariant checked after every turn: how many games end by the
rulebook's trigger and how many at the ruleset's 60-round bound, with random choices or with a
seat that always builds its most valuable tile.

    python benchmarks/ny1901_stand_in_games.py [GAMES_PER_SEAT_COUNT] [--builder]

Until the engine runs a ruleset of this game (docs/games.md), this is how its games are measured;
then `nycrules simulate --ruleset ...` replaces it. Seeds 1..N at 2, 3 and 4 seats; CPU time of
this process (invariant checks included, so not a measure of the engine's speed).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's package, and the stand-in

import ny1901_stand_in as stand_in  # noqa: E402
from nycrules.games.ny1901.tiles import Tile  # noqa: E402


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
    unknown = [a for a in argv if not a.isdigit() and a != "--builder"]
    if unknown:
        sys.exit(f"unknown argument {unknown[0][:40]!r}; see --help")
    games = int(next((a for a in argv if a.isdigit()), "100"))
    use_builder = "--builder" in argv
    if use_builder:
        plain = stand_in.new_game

        def new_game(seats, seed, *args, **kwargs):
            game = plain(seats, seed, *args, **kwargs)
            game.chooser = builder(seed)
            return game
        stand_in.new_game = new_game
    start = time.process_time()
    ended = bound = turns = 0
    points: list[int] = []
    for seats in (2, 3, 4):
        for seed in range(1, games + 1):
            game, played, last = stand_in.play(seats, seed)
            turns += played
            ended += bool(last)
            bound += not last
            points += [s.points for s in game.seats]
    cpu = time.process_time() - start
    who = "a chooser that always builds its most valuable tile" if use_builder else "random choices"
    print(f"{3 * games} games ({who}; seeds 1-{games} at 2, 3, 4 seats): invariants held after all {turns} turns; "
          f"{ended} ended by the trigger, {bound} at the 60-round bound; mean {sum(points) / len(points):.1f} points "
          f"a seat; {3 * games / cpu:.1f} games per CPU-second")


if __name__ == "__main__":
    main(sys.argv[1:])
