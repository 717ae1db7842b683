"""Where a game's work goes: Python bytecodes executed per game, by module and by function.

    python benchmarks/bytecodes.py [GAMES] [--source DIR] [--seat SEAT ...]

Plays GAMES games of four random bots (or the seats given) (seeds 1..GAMES, default 5) with the package found in
DIR (default: this checkout; give a checkout of an older commit to compare) and counts every
bytecode each Python function executes itself (sys.settrace with opcode events), leaving out
loading the ruleset and a first game that fills the caches. A count is exact and the same at
every run, like valgrind's instructions (measure.py --instructions), but says which function
spends them; time spent inside C (dict lookups, allocation) is not counted. Slow: about a
second a game.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def count(games: int, seats: list[str] | None = None) -> collections.Counter[tuple[str, int, str]]:
    try:  # the package in folders (since e9be073)
        from nycrules.agents.seating import parse_seats
        from nycrules.loading.loader import load_ruleset
        from nycrules.studies import simulate as sim
    except ImportError:  # an older layout: every module in nycrules/ itself
        from nycrules import simulate as sim  # type: ignore[no-redef]
        from nycrules.loader import load_ruleset  # type: ignore[no-redef]
        from nycrules.seating import parse_seats  # type: ignore[no-redef]
    import nycrules

    ruleset = load_ruleset(Path(nycrules.__file__).resolve().parent.parent / "rulesets" / "nyc")
    specs = parse_seats(seats or ["bot:random"] * 4, ruleset)

    def play(first: int, n: int) -> None:
        if hasattr(sim, "simulate"):
            sim.simulate(ruleset, specs, n, first)
        else:
            sim.play_games(ruleset, specs, first, range(n))

    play(games + 1, 1)  # caches filled, as in a long simulation
    counts: collections.Counter[tuple[str, int, str]] = collections.Counter()

    def called(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        code = frame.f_code
        key = (code.co_filename.rsplit("nycrules/", 1)[-1], code.co_firstlineno, code.co_name)

        def step(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "opcode":
                counts[key] += 1
            return step
        return step

    sys.settrace(called)
    try:
        play(1, games)
    finally:
        sys.settrace(None)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=5)
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout whose package plays")
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    parser.add_argument("--seat", action="append", help="a seat, as `simulate --seat` takes it (default: four random bots)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.source.resolve()))
    counts = count(args.games, args.seat)
    total = sum(counts.values())
    print(f"{args.source.resolve()}: {total / args.games / 1e3:,.0f} thousand bytecodes per game "
          f"({', '.join(args.seat) if args.seat else 'four random bots'}, {args.games} games)")
    by_module: collections.Counter[str] = collections.Counter()
    for (module, _, _), n in counts.items():
        by_module[module] += n
    for module, n in by_module.most_common(args.top):
        print(f"  {n / args.games / 1e3:8,.1f} k {100 * n / total:5.1f}%  {module}")
    print("functions:")
    for (module, line, name), n in counts.most_common(args.top):
        print(f"  {n / args.games / 1e3:8,.1f} k {100 * n / total:5.1f}%  {module}:{line} {name}")


if __name__ == "__main__":
    main()
