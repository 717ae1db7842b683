"""Measure what a search pays: clone(), clone() + a random playout to the end, and a whole game.

    python benchmarks/clone_speed.py [GAMES]

CPU time of this process (time.process_time), so the figures hold on a busy machine too.
Positions are taken after 1/4, 1/2 and 3/4 of a game with four random bots and a person
answered with the first option; the game has been cloned once before, as a search does, so
it keeps a copy of the table at each step of the procedure.
"""

from __future__ import annotations

import statistics
import sys
import time

import nycrules
from nycrules.agents import RandomAgent


def cpu(fn, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seats = ["Ann", "bot:random", "bot:random", "bot:random"]
    whole, clones, playouts, depth = [], [], [], []
    for seed in range(1, games + 1):
        start = time.process_time()  # every seat answered: the game plays to its end at once
        full = nycrules.new_game(seats, seed=seed, log_events=False, agents={0: RandomAgent(seed)})
        whole.append(time.process_time() - start)
        length = len(full.record)
        for share in (0.25, 0.5, 0.75):
            game = nycrules.new_game(seats, seed=seed, log_events=False)
            game.clone()
            while len(game.record) < share * length and not game.is_over():
                game.apply(0)
            depth.append(len(game.record))
            bots = {i: RandomAgent(seed * 10 + i) for i in range(4)}
            clones.append(cpu(lambda: game.clone(log_events=False), 5))
            playouts.append(cpu(lambda: game.clone(agents=bots, log_events=False).run(), 3))
    ms = lambda values: f"{statistics.median(values) * 1000:.1f} ms"
    print(f"games: {games}; positions at {min(depth)}-{max(depth)} decisions (CPU time, medians)")
    print(f"  whole game, 4 random seats          {ms(whole)}")
    print(f"  clone()                             {ms(clones)}")
    print(f"  clone() + random playout to the end {ms(playouts)}")


if __name__ == "__main__":
    main()
