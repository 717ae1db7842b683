"""How well the search bot's playout policy plays on its own, against the greedy bot's judgement.

    python benchmarks/rollout_policy.py --opponent tom:1 --games 300

The search (`bot:mcts`) judges an option by short games in which its own seat then plays
`RolloutAgent`; the better that policy plays, the better an option is judged. Games of the
policy alone are as fast as the greedy bot's, so its constants (`ROUND_WORTH`, `LATER_KEPT`,
`WILD_KEPT` in nycrules/games/nyc/bots.py) can be compared on hundreds of games in seconds.
Both policies play seat 0 of the same seeded games (seeds 1..N, the opponent as in
`nycrules simulate`); printed: wins, mean points, and the mean margin over the best other seat
with a 95% interval, and the mean difference of margins per game (the same deals for both).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nycrules.agents import GreedyAgent, seat_agents  # noqa: E402
from nycrules.agents.search import RolloutAgent  # noqa: E402
from nycrules.agents.seating import parse_seats  # noqa: E402
from nycrules.api import load  # noqa: E402
from nycrules.engine.runner import Session  # noqa: E402


def margins(policy: type[GreedyAgent], opponents: list[str], games: int) -> tuple[list[int], list[int], int]:
    """Seat 0's margins over the best other seat, its points, and its wins, game by game."""
    ruleset = load("nyc")
    margin: list[int] = []
    points: list[int] = []
    wins = 0
    for seed in range(1, games + 1):
        specs = parse_seats(["bot:greedy"] + opponents, ruleset)
        agents = seat_agents(specs, seed)
        agents[0] = policy(seed * 31)  # seeded as seat 0's bot would be
        session = Session(ruleset, specs, seed, agents, log_events=False)
        session.run()
        totals = [row["total"] for row in session.scores()]
        margin.append(totals[0] - max(totals[1:]))
        points.append(totals[0])
        wins += session.winner() == 0
    return margin, points, wins


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", action="append", help="an opponent seat (repeat for more; default tom:1)")
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    opponents = args.opponent or ["tom:1"]
    print(f"python benchmarks/rollout_policy.py {' '.join('--opponent ' + o for o in opponents)} --games {args.games}")
    runs = {}
    for name, policy in (("greedy bot", GreedyAgent), ("playout policy", RolloutAgent)):
        runs[name] = found = margins(policy, opponents, args.games)
        mean, half = interval(found[0])
        print(f"{name}: {found[2]} wins of {args.games}, {sum(found[1]) / args.games:.1f} points, "
              f"margin {mean:+.1f} (±{half:.1f})")
    mean, half = interval([b - a for a, b in zip(runs["greedy bot"][0], runs["playout policy"][0])])
    print(f"playout policy minus greedy bot, margin per game: {mean:+.1f} (±{half:.1f})")


if __name__ == "__main__":
    main()
