"""What an agent in a process of its own costs per decision (`run_games(apart=True)`, `simulate --apart`).

    python benchmarks/apart_cost.py [GAMES]

The same games (seeds 1..GAMES, one process) are played twice by an agent that, at each of its
decisions, reads its view's observation and action ids and takes the first option: once in the
game's process, once apart (its view sent as data, the observation and ids asked through the pipe).
The answers are the same, so the games are; the difference of wall time, over the agent's
decisions, is the cost of a decision apart. Wall time, since two processes work in turn (run it on
a quiet machine); the agent's own thinking is not counted in either.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # its agents, importable by name

import nycrules
from batch_agents import ReadsItsView

SEATS = ["Mine", "bot:random", "bot:random", "bot:random"]


def main(games: int) -> None:
    timed = {}
    for apart in (False, True):
        nycrules.run_games({0: ReadsItsView}, SEATS, games=1, seed=1000, workers=1, apart=apart)  # warm up
        start = time.perf_counter()
        report = nycrules.run_games({0: ReadsItsView}, SEATS, games=games, seed=1, workers=1, apart=apart)
        timed[apart] = (time.perf_counter() - start, report)
    decisions = _decisions_of_seat_0(games)
    (alone, first), (apart, second) = timed[False], timed[True]
    assert first["seats"] == second["seats"], "the agent apart played other games"
    print(f"{games} games, {decisions} decisions of the agent")
    print(f"in the game's process: {alone:.2f} s; apart: {apart:.2f} s")
    print(f"cost of a decision apart: {(apart - alone) / decisions * 1000:.2f} ms")


def _decisions_of_seat_0(games: int) -> int:
    count = 0
    for seed in range(1, games + 1):
        game = nycrules.new_game(SEATS, seed=seed, agents={0: ReadsItsView()})
        game.run()
        count += sum(1 for seat, _, _ in game.history if seat == 0)
    return count


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
