"""Proof that the search's evaluation learned: its error on held-out positions beside the playouts'.

    python benchmarks/evaluation_error.py --games 200
    python benchmarks/evaluation_error.py --ruleset rulesets/examples/critic_boost.yaml --evaluation FILE --games 200

Positions are sampled as `nycrules train` samples them (the playout policy's seats, at their first
decision of each game round after the first, at the same tables) but from games of another seed
(--seed, default 1001: training's default is 1), so none was trained on. At each position, seen by
its seat on copies where what it cannot see is dealt anew, the seat's final margin (its points minus
the best other seat's) is estimated:
- learned: the evaluation (one copy, its features, a dot product);
- static: the search's value at its horizon without an evaluation (`horizon_points` on one copy:
  board pieces counted as placed where the rules will let them, the final scoring run);
- playouts k: the search's estimate without an evaluation, k playouts of its policy on k copies to
  the start of the next game round (the end, in the last round), each valued so, averaged.
Printed per game round and in all: the root mean squared error against the game's actual final
margin, how often the sign (who wins) is right, and the CPU milliseconds per estimate.

With --versus OTHER_FILE (an evaluation of another ruleset, with the same features: a mod's and its
base's), the features whose weights differ most between the two files are listed first (two linear
files), and after the table what each file makes of the features named by --feature (`feature_worths`).
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nycrules.agents import GreedyAgent  # noqa: E402
from nycrules.agents.evaluation import Evaluation, evaluation_for, features, use_file  # noqa: E402
from nycrules.agents.search import HORIZON, RolloutAgent, _mix, horizon_points  # noqa: E402
from nycrules.agents.training import margin_of, play_sampled, tables  # noqa: E402
from nycrules.games.nyc.worth import Judge  # noqa: E402
from nycrules.api import load  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="nyc")
    parser.add_argument("--evaluation", type=Path, help="the evaluation file (default: the shipped one)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1001)
    parser.add_argument("--playouts", type=int, action="append", help="k for the playout estimate (default 1 and 8)")
    parser.add_argument("--versus", type=Path, help="another evaluation file: the weights that differ most")
    parser.add_argument("--only-versus", action="store_true", help="with --versus: list the weights only")
    parser.add_argument("--feature", action="append", default=[],
                        help="with --versus: the worth by each file of the features whose names hold this text")
    args = parser.parse_args()
    ks = args.playouts or [1, 8]
    ruleset = load(args.ruleset)
    if args.evaluation:
        use_file(ruleset, args.evaluation)
    evaluation, why = evaluation_for(ruleset)
    if evaluation is None:
        sys.exit(f"evaluation_error.py: {why}")
    print(f"python benchmarks/evaluation_error.py --ruleset {args.ruleset}"
          f"{' --evaluation ' + str(args.evaluation) if args.evaluation else ''} --games {args.games} "
          f"--seed {args.seed}{''.join(f' --playouts {k}' for k in ks)}"
          f"{' --versus ' + str(args.versus) if args.versus else ''}{' --only-versus' if args.only_versus else ''}"
          f"{''.join(f' --feature {shlex.quote(text)}' for text in args.feature)}")
    other = None
    if args.versus:
        other = json.loads(args.versus.read_text(encoding="utf-8"))
        if other["features"] != evaluation.features:
            sys.exit("evaluation_error.py: --versus needs an evaluation with the same features")
        if evaluation.trees is None and "trees" not in other:
            differing_weights(evaluation, other, args.versus, args.feature)
        if args.only_versus:
            return
    methods = ["learned", "static"] + [f"playouts {k}" for k in ks]
    found: list[tuple[int, int, dict[str, float]]] = []  # (round, seat, estimates) until the margin is known
    positions: list[tuple[int, list[float]]] = []  # (round, features) of every position
    rows: list[tuple[int, float, dict[str, float]]] = []  # (round, actual margin, estimates)
    seconds = {m: 0.0 for m in methods}

    def visit(session, me, game_seed):
        state = session.state
        greedy = GreedyAgent(_mix(game_seed, me, 7))
        estimates = {}
        start = time.process_time()
        # copies without the game's agents (they sample the positions), the other bots greedy as in a search
        others = {seat.index: GreedyAgent(_mix(game_seed, seat.index)) for seat in state.seats
                  if seat.index != me and not seat.is_tom}
        copy = session.determinize(me, _mix(game_seed, state.round, me, 1), agents={})
        x = features(copy, me, greedy.choose)
        estimates["learned"] = evaluation.value(x, state.round)
        copy.close()
        positions.append((state.round, x))
        seconds["learned"] += time.process_time() - start
        start = time.process_time()
        copy = session.determinize(me, _mix(game_seed, state.round, me, 1), agents={})
        values = horizon_points(copy, greedy)
        copy.close()
        estimates["static"] = values[me] - max(v for i, v in enumerate(values) if i != me)
        seconds["static"] += time.process_time() - start
        for k in ks:
            start = time.process_time()
            total = 0.0
            judge = Judge()  # character worths shared by the position's playouts, as in a search's decision
            for n in range(k):
                copy = session.determinize(me, _mix(game_seed, state.round, me, 2 + n), agents=others)
                rollout = RolloutAgent(_mix(game_seed, me, n), judge)
                horizon = state.round + HORIZON
                decision = copy.decision()
                while decision is not None and copy.state.round < horizon:
                    copy.apply(rollout.choose(copy, decision))
                    decision = copy.decision()
                values = horizon_points(copy, rollout)
                copy.close()
                total += values[me] - max(v for i, v in enumerate(values) if i != me)
            estimates[f"playouts {k}"] = total / k
            seconds[f"playouts {k}"] += time.process_time() - start
        found.append((state.round, me, estimates))

    seatings = tables(ruleset)
    for number in range(args.games):
        found.clear()
        totals = play_sampled(ruleset, seatings[number % len(seatings)], args.seed, number, visit)
        rows += [(r, margin_of(totals, me), e) for r, me, e in found]
    print(f"{len(rows)} positions of {args.games} games")
    print(f"{'':10}" + "".join(f"{m:>22}" for m in methods))
    for r in sorted({row[0] for row in rows}) + [None]:
        part = [row for row in rows if r is None or row[0] == r]
        cells = []
        for m in methods:
            rmse = math.sqrt(sum((e[m] - actual) ** 2 for _, actual, e in part) / len(part))
            right = sum((e[m] > 0) == (actual > 0) for _, actual, e in part) / len(part)
            cells.append(f"{rmse:6.1f} pts {100 * right:3.0f}% right")
        print(f"{'round ' + str(r) if r else 'all':10}" + "".join(f"{c:>22}" for c in cells))
    print(f"{'CPU/estim.':10}" + "".join(f"{1000 * seconds[m] / len(rows):>19.1f} ms" for m in methods))
    if other is not None:
        feature_worths(evaluation, Evaluation(other, str(args.versus)), args.versus, args.feature, positions)


def feature_worths(evaluation: Evaluation, other: Evaluation, other_path: Path, asked: list[str],
                   positions: list[tuple[int, list[float]]]) -> None:
    """What a feature named by one of the `asked` texts is worth by each file: at each game round, the mean
    over the positions sampled there of the value with the feature at 1 less the value with it at 0 (a
    linear model's weight; for trees, what they make of it in the positions where it is met)."""
    rounds = sorted({r for r, _ in positions})
    print(f"worth of a feature at 1 against 0, this file against {other_path} (points of final margin, "
          f"mean over the positions above, game rounds {', '.join(map(str, rounds))}):")
    for i, name in enumerate(evaluation.features):
        if not any(text in name for text in asked):
            continue
        cells = []
        for model in (evaluation, other):
            worth = []
            for r in rounds:
                gaps = [model.value(x[:i] + [1.0] + x[i + 1:], r) - model.value(x[:i] + [0.0] + x[i + 1:], r)
                        for at, x in positions if at == r]
                worth.append(sum(gaps) / len(gaps))
            cells.append(" ".join(f"{w:+.2f}" for w in worth))
        print(f"  {name}: {cells[0]}  against  {cells[1]}")


def differing_weights(evaluation, other: dict, other_path: Path, asked: list[str], shown: int = 8) -> None:
    """The features whose weights differ most (summed over the game rounds) between two linear evaluations,
    and those whose names hold one of the `asked` texts."""
    rounds = sorted(set(evaluation.rounds) & {int(r) for r in other["rounds"]})
    gaps = []
    for i, name in enumerate(evaluation.features):
        mine = [evaluation.rounds[r].weights[i] for r in rounds]
        theirs = [other["rounds"][str(r)]["weights"][i] for r in rounds]
        gaps.append((sum(abs(a - b) for a, b in zip(mine, theirs)), name, mine, theirs))
    picked = [gap for gap in gaps if any(text in gap[1] for text in asked)]
    gaps.sort(reverse=True)
    print(f"weights that differ most, this file against {other_path} (points of final margin per unit, "
          f"game rounds {', '.join(map(str, rounds))}):")
    for _, name, mine, theirs in gaps[:shown] + [(0, "(asked for)", [], [])] * bool(picked) + picked:
        print(f"  {name}: {' '.join(f'{w:+.2f}' for w in mine)}  against  {' '.join(f'{w:+.2f}' for w in theirs)}")


if __name__ == "__main__":
    main()
