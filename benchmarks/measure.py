"""Measure the figures of the README's performance section.

    python benchmarks/measure.py            # all of them (about a minute)

Wall times are the median of several runs of the installed `nycrules` command
(or `python cli.py` when it is not installed); games per second come from
`nycrules simulate`, which plays whole games headless (on one core, then on 2 and
all cores with `--workers`, for the speed-up; spawning the workers is included).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [shutil.which("nycrules")] if shutil.which("nycrules") else [sys.executable, str(ROOT / "cli.py")]


def wall(args: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(COMMAND + args, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def first_prompt(runs: int = 7) -> float:
    """From launch until the first question to a person is on the screen."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(COMMAND + ["play", "--seat", "Ann", "--seat", "bot:greedy", "--seed", "1"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        seen = ""
        while not seen.endswith("Ann> "):
            ch = proc.stdout.read(1)
            if not ch:
                break
            seen += ch
        times.append(time.perf_counter() - start)
        proc.kill()
        proc.wait()
    return statistics.median(times)


def games_per_second(seats: list[str], games: int, workers: int = 1) -> float:
    """Whole games per second of wall time, start-up of the worker processes included."""
    args = ["simulate", "--games", str(games), "--format", "json", "--workers", str(workers)]
    for seat in seats:
        args += ["--seat", seat]
    out = subprocess.run(COMMAND + args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["games_per_second"]


def main() -> None:
    print(f"command: {' '.join(COMMAND)}")
    print(f"nycrules validate rulesets/nyc      {wall(['validate', str(ROOT / 'rulesets' / 'nyc')]):.2f} s")
    print(f"nycrules --help                     {wall(['--help']):.2f} s")
    print(f"launch to first prompt (play)       {first_prompt():.2f} s")
    print(f"4 random bots                       {games_per_second(['bot:random'] * 4, 500):.0f} games/s")
    print(f"2 random bots                       {games_per_second(['bot:random'] * 2, 500):.0f} games/s")
    print(f"greedy + random + 2 Toms (B4)       "
          f"{games_per_second(['bot:greedy', 'bot:random', 'tom', 'tom'], 500):.0f} games/s")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    print(f"speed-up with --workers (4 random bots, 1000 games; {cores} cores, load {os.getloadavg()[0]:.1f}):")
    one = games_per_second(["bot:random"] * 4, 1000, 1)
    print(f"  1 process                         {one:.0f} games/s")
    for workers in sorted({2, cores} - {1}):
        many = games_per_second(["bot:random"] * 4, 1000, workers)
        label = f"{workers} processes" + (" (all cores)" if workers == cores else "")
        print(f"  {label:<32}{many:.0f} games/s, {many / one:.2f}x")


if __name__ == "__main__":
    main()
