"""Where a game's work goes: Python bytecodes executed per game, by module and by function.

    python benchmarks/bytecodes.py [GAMES] [--source DIR] [--seat SEAT ...] [--inclusive]

Plays GAMES games of four random bots (or the seats given) (seeds 1..GAMES, default 5) with the package found in
DIR (default: this checkout; give a checkout of an older commit to compare) and counts every
bytecode each Python function executes itself (sys.settrace with opcode events), and its calls,
leaving out loading the ruleset and a first game that fills the caches. A count is exact and the
same at every run, like valgrind's instructions (measure.py --instructions), but says which
function spends them; time spent inside C (dict lookups, allocation) is not counted. With
--inclusive, each function's count also holds what the functions it calls execute (a part of the
game: a bidding turn, a bot's trials), which is several times slower. Slow: about a second a game.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def count(games: int, seats: list[str] | None = None, inclusive: bool = False, within: str | None = None) -> Counts:
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
    out = Counts()
    running: collections.Counter[Key] = collections.Counter()  # the functions under way (a recursive one once)

    def called(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        code = frame.f_code
        key = (code.co_filename.rsplit("nycrules/", 1)[-1], code.co_firstlineno, code.co_name)
        out.calls[key] += 1
        running[key] += 1

        def step(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "opcode":
                if within is not None and not any(name == within for _, _, name in running):
                    return step
                out.own[key] += 1
                if inclusive:
                    for under_way in running:
                        out.within[under_way] += 1
            elif event == "return":  # also when an exception leaves the frame, or a generator yields
                running[key] -= 1
                if not running[key]:
                    del running[key]
            return step
        return step

    sys.settrace(called)
    try:
        play(1, games)
    finally:
        sys.settrace(None)
    return out


Key = tuple[str, int, str]  # a function: its file (from nycrules/ on), first line and name


class Counts:
    """Per function: the bytecodes it executed itself (`own`), with those of what it called (`within`,
    when counted), and its calls."""

    def __init__(self) -> None:
        self.own: collections.Counter[Key] = collections.Counter()
        self.within: collections.Counter[Key] = collections.Counter()
        self.calls: collections.Counter[Key] = collections.Counter()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=5)
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout whose package plays")
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    parser.add_argument("--seat", action="append", help="a seat, as `simulate --seat` takes it (default: four random bots)")
    parser.add_argument("--inclusive", action="store_true",
                        help="also list functions by the bytecodes of what they call (slower)")
    parser.add_argument("--within", metavar="FUNCTION",
                        help="count only while a function of this name is under way (a part of the game: its cost by function)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.source.resolve()))
    counts = count(args.games, args.seat, args.inclusive, args.within)
    total = sum(counts.own.values())
    per_game = args.games * 1e3
    print(f"{args.source.resolve()}: {total / per_game:,.0f} thousand bytecodes per game "
          f"({', '.join(args.seat) if args.seat else 'four random bots'}, {args.games} games), "
          f"{sum(counts.calls.values()) / args.games:,.0f} calls of Python functions (a generator's resumptions too)")
    by_module: collections.Counter[str] = collections.Counter()
    for (module, _, _), n in counts.own.items():
        by_module[module] += n
    for module, n in by_module.most_common(args.top):
        print(f"  {n / per_game:8,.1f} k {100 * n / total:5.1f}%  {module}")
    print("functions (bytecodes of their own, calls a game):")
    for key, n in counts.own.most_common(args.top):
        print(f"  {n / per_game:8,.1f} k {100 * n / total:5.1f}% {counts.calls[key] / args.games:8,.0f}  {_name(key)}")
    if args.inclusive:
        print("functions with what they call (bytecodes, of their own, calls a game):")
        for key, n in counts.within.most_common(args.top):
            print(f"  {n / per_game:8,.1f} k {100 * n / total:5.1f}% {counts.own[key] / per_game:8,.1f} k "
                  f"{counts.calls[key] / args.games:8,.0f}  {_name(key)}")


def _name(key: Key) -> str:
    module, line, name = key
    return f"{module}:{line} {name}"


if __name__ == "__main__":
    main()
