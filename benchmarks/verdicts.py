"""How the verdicts of balance studies (nycrules/studies/verdicts.py) fare: false alarms and planted characters.

    PYTHONPATH=. python benchmarks/verdicts.py [GAMES] [RUNS]

Plays RUNS runs (default 6) of GAMES games (default 200) of the base ruleset with the study's
default seats (four bot:greedy), each run on its own seeds (run k: seeds 1 + 100000 k ...),
and judges every character of every pair of runs as a mod against its base (--verdicts all):
a call is a false alarm. It prints the calls and, per pair, how near the nearest came: the
gap between its simultaneous bound and the margin (points for a figure from owners,
percentage points for one from the bots' choices); a call needs a gap above 0. Then the planted mods of rulesets/examples
(windfall: likely too strong; dead_weight: likely too weak) against run 0, with their figures.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package, not an installed one

from nycrules.studies.effects import owner_effects
from nycrules.loading.loader import load_ruleset
from nycrules.agents.seating import parse_seats
from nycrules.studies.simulate import play_games
from nycrules.studies.verdicts import HIRE_MARGIN, MARGIN, OWNERS, figure_text, judge

EXAMPLES = Path(__file__).resolve().parent.parent / "rulesets" / "examples"
SEATS = ["bot:greedy"] * 4


def effects(ruleset, games: int, first_seed: int) -> dict:
    results = play_games(ruleset, parse_seats(SEATS, ruleset), first_seed, range(games))
    return owner_effects(results, sorted(ruleset.part.characters), seed=1)  # the same draws for every run


def _gap(row: dict) -> float:
    """How far the row's simultaneous interval is from a call (positive: called)."""
    bound = max(row["simultaneous"]["low"], -row["simultaneous"]["high"])
    return bound - MARGIN if row["basis"] == OWNERS else (bound - HIRE_MARGIN) * 100


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    nyc = load_ruleset("nyc")
    base = [effects(nyc, games, 1 + 100_000 * k) for k in range(runs)]
    alarms = 0
    for a, b in itertools.combinations(range(runs), 2):
        verdicts = judge(nyc, nyc, base[b], base[a], games, everything=True)
        alarms += verdicts["called"]
        nearest = max((_gap(row), row["id"], row["basis"]) for row in verdicts["characters"] if "simultaneous" in row)
        print(f"runs {a} and {b}: {verdicts['family']} judged, {verdicts['called']} called; nearest: "
              f"character {nearest[1]} ({nearest[2]}), gap {nearest[0]:+.2f}")
    pairs = runs * (runs - 1) // 2
    print(f"false alarms: {alarms} in {pairs} comparisons of the base with itself, {games} games each")
    for name in ("windfall", "dead_weight"):
        mod = load_ruleset(EXAMPLES / f"{name}.yaml")
        row = next(r for r in judge(mod, nyc, effects(mod, games, 1), base[0], games)["characters"] if r["judged"])
        print(f"{name}: {row['title']}: {row['verdict']}: {figure_text(row, games)}")


if __name__ == "__main__":
    main()
