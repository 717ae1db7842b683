"""What an agent in a process of its own costs per decision (`run_games(apart=True)`, `simulate --apart`).

    python benchmarks/apart_cost.py [GAMES]

The views of seat 0 at each of its decisions in GAMES four-seat games (seeds 1..GAMES, every seat
answering 0) are kept; then each agent below answers every one of them, in this process and apart
(its view sent as data, what it asks of the view through the pipe): once each to warm up, then
three times in turn, and the least wall time of each is kept (other work on the machine only adds
time). The difference over
the number of views is what a decision apart costs. The agents:
- ReadsItsView reads its observation and action ids, then takes option 0;
- DeterminizesOnce asks for one determinized copy and that copy's decision (the copy is made in the
  game's process either way; apart, through the narrow call).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # its agents, importable by name

import nycrules
from batch_agents import DeterminizesOnce, ReadsItsView
from nycrules.studies.apart import Apart

SEATS = ["Mine", "bot:random", "bot:random", "bot:random"]
ROUNDS = 3


def views(games: int) -> list:
    """Seat 0's views at its decisions, each on a game of its own paused there."""
    kept = []
    for seed in range(1, games + 1):
        game = nycrules.new_game(SEATS, seed=seed)
        while (decision := game.decision()) is not None:
            if decision.seat.index == 0:
                kept.append(game.clone().view(0))
            game.apply(0)
    return kept


def timed(agent, kept: list) -> float:
    """CPU seconds of this process and of the agent's own process, if it has one, answering every view."""
    start = time.process_time() + child_cpu(agent)
    for view in kept:
        agent.choose(view)
    return time.process_time() + child_cpu(agent) - start


def child_cpu(agent) -> float:
    """CPU seconds the agent's process has used so far (Linux: /proc), 0 for an agent in this process."""
    apart = getattr(agent, "apart", None)
    if apart is None:
        return 0.0
    fields = Path(f"/proc/{apart._process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(games: int) -> None:
    kept = views(games)
    for factory in (ReadsItsView, DeterminizesOnce):
        agents = (factory(), Apart(factory)(seed=1))
        for agent in agents:  # once each first: what is made at a first use (caches) is not counted
            timed(agent, kept)
        rounds = [[timed(agent, kept) for agent in agents] for _ in range(ROUNDS)]  # in turn
        here, apart = (min(times) for times in zip(*rounds))
        print(f"{factory.__name__}: {len(kept)} decisions; CPU in this process {here:.2f} s, apart {apart:.2f} s: "
              f"{(apart - here) / len(kept) * 1000:.2f} ms more a decision")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
