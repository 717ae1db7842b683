"""CPU time the search bot takes per decision, at each level, on the decisions of real games.

    python benchmarks/decision_time.py --games 2 --seed 1 --every 3

A seat answered by the greedy bot plays against `tom:1`; at every `every`-th of its
decisions with a choice, the search bot of each level is asked what it would choose
there (on determinized copies; the game is not changed), and the CPU time of that
answer is measured with time.process_time. Printed per level: decisions timed, mean,
median and largest seconds, and the mean per kind of decision. (A `hint` at the play
prompt is the default level's search: its time is the `normal` line.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import nycrules  # noqa: E402
from nycrules.agents import GreedyAgent  # noqa: E402
from nycrules.agents.search import LEVELS, MCTSAgent  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="time every N-th decision of the seat")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--opponent", default="tom:1")
    options = parser.parse_args(argv)
    times: dict[str, list[float]] = defaultdict(list)
    by_kind: dict[tuple[str, str], list[float]] = defaultdict(list)
    for seed in range(options.seed, options.seed + options.games):
        game = nycrules.new_game(["Ann", options.opponent], seed=seed, log_events=False)
        ann = GreedyAgent(seed)
        count = 0
        while not game.is_over():
            decision = game.decision()
            if count % options.every == 0:
                for level in options.levels:
                    bot = MCTSAgent(seed * 31, LEVELS[level], per_table=True)
                    start = time.process_time()
                    bot.choose(game, decision)
                    seconds = time.process_time() - start
                    times[level].append(seconds)
                    by_kind[(level, decision.kind)].append(seconds)
            game.apply(ann.choose(game, decision))
            count += 1
    print(f"command: python benchmarks/decision_time.py {' '.join(argv)}")
    for level in options.levels:
        values = times[level]
        kinds = ", ".join(f"{kind} {statistics.fmean(v):.3f}" for (lv, kind), v in sorted(by_kind.items()) if lv == level)
        print(f"{level} ({LEVELS[level]} playouts): {len(values)} decisions, mean {statistics.fmean(values):.3f} s, "
              f"median {statistics.median(values):.3f} s, largest {max(values):.3f} s; by kind: {kinds}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
