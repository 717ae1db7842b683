"""The speed guard CI runs: fails when games of four random bots get more than 10% dearer.

    python benchmarks/guard.py            # check against the figure recorded in benchmarks/guard.json
    python benchmarks/guard.py --record   # write this checkout's figure there (say why in the commit)

It counts the Python bytecodes that GAMES games of four random bots execute (seeds 1..GAMES,
after a first game that fills the caches), as benchmarks/bytecodes.py counts them: a count
that is the same at every run of the same code, whatever else the machine is doing, so a
slowdown shows at the commit that causes it, not as noise. String hashes are fixed (the
script runs itself again with PYTHONHASHSEED=0 if needed), since dict and set orders can
change which paths run, and with an empty cache folder of its own: a ruleset loaded from the
cache generates each rule's code when the rule first runs, maybe in a game counted, where a
fresh load generates them all as it loads. Bytecodes are not instructions (time spent inside C is not
counted), so the whole-game figures of the README come from `measure.py --instructions`;
the guard needs no valgrind and takes about ten seconds.

The figure depends on the Python version (its compiler emits other bytecodes), so it is
recorded with it; on another version the guard says so and checks nothing until a figure
is recorded for that version.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORD = HERE / "guard.json"
GAMES = 3
LIMIT = 1.10  # at most 10% dearer than the figure recorded
_FRESH_CACHE = "NYCRULES_GUARD_FRESH_CACHE"  # set in the run with the empty cache folder


def measured(games: int) -> float:
    """Bytecodes per game of `games` games of four random bots."""
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    from bytecodes import count
    return sum(count(games).own.values()) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="record this checkout's figure in guard.json")
    args = parser.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0" or os.environ.get(_FRESH_CACHE) != "1":
        # A cache folder of its own, empty: the ruleset is loaded afresh, so its rules are all
        # generated as it loads (as a cache is filled), never during the games counted.
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, PYTHONHASHSEED="0", XDG_CACHE_HOME=cache, **{_FRESH_CACHE: "1"})
            raise SystemExit(subprocess.run([sys.executable, __file__, *sys.argv[1:]], env=env).returncode)
    version = ".".join(platform.python_version_tuple()[:2])
    figure = measured(GAMES)
    records = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {}
    if args.record:
        records[version] = round(figure)
        RECORD.write_text(json.dumps(records, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"recorded: {figure:,.0f} bytecodes a game of four random bots (Python {version}) in {RECORD.name}")
        return
    recorded = records.get(version)
    if recorded is None:
        print(f"speed guard: no figure recorded for Python {version} (only {', '.join(sorted(records)) or 'none'}); "
              f"this checkout: {figure:,.0f} bytecodes a game. Record one with --record.")
        return
    ratio = figure / recorded
    verdict = "ok" if ratio <= LIMIT else "FAILED"
    print(f"speed guard {verdict}: {figure:,.0f} bytecodes a game of four random bots ({GAMES} games), "
          f"{ratio:.3f}x the {recorded:,} recorded in benchmarks/{RECORD.name} (limit {LIMIT:.2f}x)")
    if ratio > LIMIT:
        print("  where the work goes: python benchmarks/bytecodes.py; a slowdown that is meant needs its reason "
              "in the commit and a new figure (python benchmarks/guard.py --record)")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
