"""Measure the figures of docs/performance.md (the README keeps a short table).

    python benchmarks/measure.py            # all of them (about a minute)
    python benchmarks/measure.py --versus   # games per CPU-second against the pinned baseline commit
    python benchmarks/measure.py --launch COMMIT  # launch to the first prompt, this checkout against COMMIT
    python benchmarks/measure.py --instructions  # instructions per game against the baseline (valgrind)

`--versus [COMMIT]` plays the same seeded games in-process (nycrules.studies.simulate) with
this checkout and with COMMIT (default: BASELINE, the engine at the start of the
speed work), alternating the two in fresh processes, and prints games per CPU-second
(time.process_time, so other load on the machine counts less than in wall time) and
their ratio. The baseline's source comes from `git archive`, or `--baseline-dir`.

`--instructions [COMMIT]` counts the machine instructions of the same games with valgrind's
callgrind (on the same binary and inputs, with string hashes fixed, the same count at every
run, whatever else the machine is doing), less those of a run that plays no game: a ratio that a shared machine
cannot blur. It is slow (valgrind runs Python about 50 times slower): `--games 30` or so.
A baseline from `git archive` gets what its package imports and this environment lacks
(20bfc11 needs greenlet) installed by pip into a folder of its own beside its source.

Wall times are the median of several runs of the installed `nycrules` command
(or `python cli.py` when it is not installed); games per second come from
`nycrules simulate`, which plays whole games headless (on one core, then on 2 and
all cores with `--workers`, for the speed-up; spawning the workers is included).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "7fe478b"  # main at the start of the speed work (issue 10, point 1)
MIXES = {
    "4 random bots": ["bot:random"] * 4,
    "2 random bots": ["bot:random"] * 2,
    "greedy + random + 2 Toms (B4)": ["bot:greedy", "bot:random", "tom", "tom"],
}
COMMAND = [shutil.which("nycrules")] if shutil.which("nycrules") else [sys.executable, str(ROOT / "cli.py")]


def wall(args: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(COMMAND + args, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


PLAY = ["play", "--seat", "Ann", "--seat", "bot:greedy", "--seed", "1"]


def first_prompt(runs: int = 7) -> float:
    """From launch until the first question to a person is on the screen."""
    return statistics.median(launch(COMMAND) for _ in range(runs))


def launch(command: list[str], env: dict[str, str] | None = None, cpu: list[float] | None = None) -> float:
    """One launch of `command play ...` until the first prompt: wall seconds. With `cpu`, the CPU
    seconds the process used until then (user + system, from wait4) are appended to it."""
    start = time.perf_counter()
    proc = subprocess.Popen(command + PLAY, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    seen = ""
    while not seen.endswith("Ann> "):
        ch = proc.stdout.read(1)
        if not ch:
            break
        seen += ch
    elapsed = time.perf_counter() - start
    if not seen.endswith("Ann> "):
        raise SystemExit(f"no prompt from {' '.join(command)}")
    proc.kill()  # it waits for Ann's answer, using no CPU, until killed
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = status
    if cpu is not None:
        cpu.append(usage.ru_utime + usage.ru_stime)
    return elapsed


def launch_versus(commit: str, runs: int) -> None:
    """`play` launched until its first prompt: this checkout against `commit`, runs alternating
    (and the CPU time of `validate` and `--help`, run after each launch).

    Both run as `python cli.py` from their source with this interpreter, in a cache folder of
    their own (XDG_CACHE_HOME), with bytecode files written as a normal installation has them.
    The first launch of each side fills the caches and is shown apart (cold); the medians are of
    the launches after it (warm). A cold launch of this checkout is also measured with the
    ruleset cache emptied each time (as after a change to the ruleset).
    """
    with tempfile.TemporaryDirectory() as tmp:
        base = baseline_source(commit, Path(tmp))
        caches = {name: Path(tmp) / f"cache-{name}" for name in ("base", "now")}
        sides = {"base": [sys.executable, str(base / "cli.py")], "now": [sys.executable, str(ROOT / "cli.py")]}
        env = {name: {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
               | {"XDG_CACHE_HOME": str(caches[name])} for name in sides}
        wall_times: dict[str, list[float]] = {name: [] for name in sides}
        cpu_times: dict[str, list[float]] = {name: [] for name in sides}
        other: dict[tuple[str, str], list[float]] = {(what, name): [] for what in OTHERS for name in sides}
        for name in sides:
            caches[name].mkdir(mode=0o700)
            first: list[float] = []
            print(f"{name}: first launch (cold) {launch(sides[name], env[name], first):.2f} s wall, "
                  f"{first[0]:.2f} s CPU", flush=True)
        for _ in range(runs):
            for name in sides:
                wall_times[name].append(launch(sides[name], env[name], cpu_times[name]))
                for what, args in OTHERS.items():
                    other[what, name].append(cpu_of(sides[name] + args, env[name]))
        missed: list[float] = []
        for _ in range(runs):
            for entry in (caches["now"] / "nycrules").glob("ruleset-*.json"):
                entry.unlink()
            launch(sides["now"], env["now"], missed)
        print(f"baseline {commit}, this checkout {ROOT}; {runs} launches each, alternating; load "
              f"{os.getloadavg()[0]:.1f}")
        print(f"{'launch to first prompt':<36}{'baseline':>10}{'now':>10}{'ratio':>8}   (medians)")
        for label, times in (("wall seconds", wall_times), ("CPU seconds", cpu_times)):
            old, new = statistics.median(times["base"]), statistics.median(times["now"])
            print(f"{label:<36}{old:>10.3f}{new:>10.3f}{old / new:>7.2f}x")
        print(f"{'CPU seconds, ruleset cache empty':<36}{'':>10}{statistics.median(missed):>10.3f}")
        for what in OTHERS:
            old, new = statistics.median(other[what, "base"]), statistics.median(other[what, "now"])
            print(f"{what + ' (CPU seconds)':<36}{old:>10.3f}{new:>10.3f}{old / new:>7.2f}x")


OTHERS = {"nycrules validate rulesets/nyc": ["validate", str(ROOT / "rulesets" / "nyc")], "nycrules --help": ["--help"]}


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one whole run of `command`."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = status
    return usage.ru_utime + usage.ru_stime


def games_per_second(seats: list[str], games: int, workers: int = 1) -> float:
    """Whole games per second of wall time, start-up of the worker processes included."""
    args = ["simulate", "--games", str(games), "--format", "json", "--workers", str(workers)]
    for seat in seats:
        args += ["--seat", seat]
    out = subprocess.run(COMMAND + args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["games_per_second"]


def play_in_process(seats: list[str], games: int, seed: int) -> None:
    """Child side of --versus: play with whatever `nycrules` is on the path; print games per CPU-second."""
    import nycrules
    try:  # the package in folders (since e9be073)
        from nycrules.agents.seating import parse_seats
        from nycrules.loading.loader import load_ruleset
        from nycrules.studies import simulate as sim
    except ImportError:  # a baseline from before: every module in nycrules/ itself
        from nycrules import simulate as sim  # type: ignore[no-redef]
        from nycrules.loader import load_ruleset  # type: ignore[no-redef]
        from nycrules.seating import parse_seats  # type: ignore[no-redef]

    ruleset = load_ruleset(Path(nycrules.__file__).resolve().parent.parent / "rulesets" / "nyc")
    specs = parse_seats(seats, ruleset)
    start = time.process_time()
    if hasattr(sim, "simulate"):
        sim.simulate(ruleset, specs, games, seed)
    else:  # a later layout of the module: games by number
        sim.play_games(ruleset, specs, seed, range(games))
    print(json.dumps({"games_per_cpu_second": games / max(time.process_time() - start, 1e-9)}))


def _child(source: Path, seats: list[str], games: int, seed: int) -> float:
    env = dict(os.environ, PYTHONPATH=import_path(source))
    args = [sys.executable, str(Path(__file__).resolve()), "--play", ",".join(seats),
            "--games", str(games), "--seed", str(seed)]
    out = subprocess.run(args, env=env, cwd=source, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])["games_per_cpu_second"]


def import_path(source: Path) -> str:
    """PYTHONPATH for playing with the package in `source`: it, and the folder where
    `with_dependencies` put what it imports that this environment lacks."""
    return os.pathsep.join([str(source), str(source / _DEPENDENCIES)])


_DEPENDENCIES = ".measure-dependencies"


def with_dependencies(source: Path) -> Path:
    """`source`, once everything its package imports to play a game is found: a module missing
    from this environment (20bfc11 ran its procedure in a greenlet, since dropped) is installed
    with pip into a folder of its own in `source` (see import_path)."""
    for _ in range(5):
        probe = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--play", "bot:random,bot:random",
                                "--games", "0"], env=dict(os.environ, PYTHONPATH=import_path(source)), cwd=source,
                               capture_output=True, text=True)
        missing = re.search(r"No module named '(\w+)", probe.stderr)
        if probe.returncode == 0 or missing is None:
            return source
        name = missing.group(1)
        print(f"{source.name} imports {name}, missing here: pip install --target {source / _DEPENDENCIES} {name}",
              file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(source / _DEPENDENCIES),
                        name], check=True)
    return source


def baseline_source(commit: str, into: Path) -> Path:
    """The package as it was at `commit` (from git archive), unpacked under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             capture_output=True, check=True).stdout
    target = into / commit
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data") if sys.version_info >= (3, 12) else tar.extractall(target)
    return with_dependencies(target)


def versus(commit: str, baseline_dir: Path | None, games: int, rounds: int, seed: int) -> None:
    """This checkout against a baseline: the same games, rounds alternating, median of each side."""
    with tempfile.TemporaryDirectory() as tmp:
        base = baseline_dir or baseline_source(commit, Path(tmp))
        print(f"baseline {commit if baseline_dir is None else base}, this checkout {ROOT}; "
              f"{games} games (seeds {seed}-{seed + games - 1}) per run, {rounds} runs each, alternating")
        print(f"{'seats':<32}{'baseline':>12}{'now':>12}{'ratio':>8}   (games per CPU-second, medians)")
        for name, seats in MIXES.items():
            before, after = [], []
            for _ in range(rounds):
                before.append(_child(base, seats, games, seed))
                after.append(_child(ROOT, seats, games, seed))
            old, new = statistics.median(before), statistics.median(after)
            print(f"{name:<32}{old:>12.1f}{new:>12.1f}{new / old:>7.2f}x", flush=True)


def instructions_versus(commit: str, baseline_dir: Path | None, games: int, seed: int,
                        mixes: list[str] | None = None) -> None:
    """Instructions per game (valgrind) of this checkout and of `commit`, for each mix of seats (or those
    whose names hold one of `mixes`)."""
    print(f"baseline {commit if baseline_dir is None else baseline_dir}, this checkout {ROOT}; "
          f"{games} games (seeds {seed}-{seed + games - 1}), valgrind --tool=callgrind")
    print(f"{'seats':<32}{'baseline':>12}{'now':>12}{'ratio':>8}   (millions of instructions per game)")
    for label, (old, new) in instructions(commit, baseline_dir, games, seed, mixes).items():
        print(f"{label:<32}{old:>12.2f}{new:>12.2f}{new / old:>7.2f}x", flush=True)


def instructions(commit: str, baseline_dir: Path | None, games: int, seed: int,
                 mixes: list[str] | None = None) -> dict[str, tuple[float, float]]:
    """Per mix of seats (those whose names hold one of `mixes`, if given): millions of instructions per
    game of `commit` and of this checkout."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"baseline": baseline_dir or baseline_source(commit, Path(tmp)), "now": ROOT}
        envs = {}
        for name, source in sides.items():
            cache = Path(tmp) / f"cache-{name}"
            cache.mkdir(mode=0o700)
            # String hashes fixed: with Python's random ones, dict and set layouts (and so the
            # counts) move by 1-2% from one run of the same code to the next.
            envs[name] = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {
                "PYTHONPATH": import_path(source), "XDG_CACHE_HOME": str(cache), "PYTHONHASHSEED": "0"}
            # Bytecode written and the ruleset cache filled, so that neither is counted below.
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(source / "nycrules")],
                           env=envs[name], capture_output=True, check=True)
            _counted(source, envs[name], MIXES["4 random bots"], 0, seed, valgrind=False)
        start = {name: _counted(source, envs[name], MIXES["4 random bots"], 0, seed) for name, source in sides.items()}
        figures = {}
        for label, seats in MIXES.items():
            if mixes and not any(part in label for part in mixes):
                continue
            old, new = ((_counted(source, envs[name], seats, games, seed) - start[name]) / games / 1e6
                        for name, source in sides.items())
            figures[label] = (old, new)
        return figures


def _counted(source: Path, env: dict[str, str], seats: list[str], games: int, seed: int,
             valgrind: bool = True) -> int:
    """Instructions of one process playing `games` games in-process (the --play child)."""
    args = [sys.executable, str(Path(__file__).resolve()), "--play", ",".join(seats),
            "--games", str(games), "--seed", str(seed)]
    if not valgrind:
        subprocess.run(args, env=env, cwd=source, capture_output=True, check=True)
        return 0
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + args,
                         env=env, cwd=source, capture_output=True, text=True, check=True).stderr
    for line in out.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    raise SystemExit(f"valgrind gave no count: {out.strip().splitlines()[-1:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versus", nargs="?", const=BASELINE, metavar="COMMIT",
                        help=f"games per CPU-second against COMMIT (default {BASELINE})")
    parser.add_argument("--instructions", nargs="?", const=BASELINE, metavar="COMMIT",
                        help=f"instructions per game against COMMIT (default {BASELINE}), with valgrind")
    parser.add_argument("--baseline-dir", type=Path, help="a checkout of the baseline to use instead of git archive")
    parser.add_argument("--games", type=int, default=200, help="games per run (--versus, --instructions)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each side (--versus)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", action="append", help="with --instructions: only the mixes whose names hold this "
                                                        "(`B4`, `4 random`); repeat for more")
    parser.add_argument("--launch", metavar="COMMIT", help="launch to the first prompt against COMMIT")
    parser.add_argument("--runs", type=int, default=15, help="launches of each side (--launch)")
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the child process of --versus
    args = parser.parse_args()
    if args.launch:
        launch_versus(args.launch, args.runs)
    elif args.play:
        play_in_process(args.play.split(","), args.games, args.seed)
    elif args.versus:
        versus(args.versus, args.baseline_dir, args.games, args.rounds, args.seed)
    elif args.instructions:
        instructions_versus(args.instructions, args.baseline_dir, args.games, args.seed, args.mix)
    else:
        figures()


def figures() -> None:
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
