"""How strong a bot is: its win rate and points against given seats, with 95% intervals.

    python benchmarks/strength.py --seat bot:mcts --seat tom:1 --games 200 --seed 1 --workers 1

Seat 0 is the one measured. Game i is played with seed `seed + i`, as in `nycrules simulate`
(the same games, the same bots), so a run can be stopped and continued (`--first`), and its
per-game lines (`--out FILE`, one JSON object a game, written as each game ends) can be
summed up later, whole or in part, with `--summary FILE...`. The summary gives the win rate
with a Wilson 95% interval, the mean points with a t interval, the others' mean points, and
the CPU seconds per decision of seat 0 (decisions with a choice; measured with
time.process_time in the process that played the game), and the command that made it. With
`--evaluation FILE` the search bots value positions by that learned evaluation (`nycrules train`)
rather than the shipped one.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shlex
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nycrules.agents import seat_agents  # noqa: E402
from nycrules.agents.evaluation import use_file  # noqa: E402
from nycrules.api import load  # noqa: E402
from nycrules.engine.runner import EngineAgent, Session  # noqa: E402
from nycrules.agents.seating import parse_seats  # noqa: E402
from nycrules.studies.stats import mean_interval, wilson  # noqa: E402


class _Timed(EngineAgent):
    """A built-in bot whose decisions are counted and timed (CPU time of this process); asked with
    the session, as the bot itself would be."""

    def __init__(self, agent: Any):
        self.agent, self.decisions, self.seconds = agent, 0, 0.0

    def choose(self, session: Session, decision: Any) -> int:
        start = time.process_time()
        index = self.agent.choose(session, decision)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return index


def play(args: tuple[str, list[str], int, Path | None]) -> dict[str, Any]:
    """One game: seat 0's result, every seat's points, and seat 0's time per decision."""
    ruleset_name, seats, game_seed, evaluation = args
    ruleset = load(ruleset_name)
    if evaluation is not None:
        use_file(ruleset, evaluation)
    specs = parse_seats(seats, ruleset)
    agents = seat_agents(specs, game_seed)
    timed = _Timed(agents[0]) if 0 in agents else None
    if timed is not None:
        agents[0] = timed
    session = Session(ruleset, specs, game_seed, agents, log_events=False)
    session.run()
    return {"seed": game_seed, "won": session.winner() == 0, "points": [row["total"] for row in session.scores()],
            "decisions": timed.decisions if timed else 0, "seconds": round(timed.seconds, 4) if timed else 0.0}


def summary(rows: list[dict[str, Any]], command: str) -> str:
    games = len(rows)
    wins = sum(row["won"] for row in rows)
    low, high = wilson(wins, games)
    mine = mean_interval([row["points"][0] for row in rows])
    others = [sum(row["points"][1:]) / (len(row["points"]) - 1) for row in rows]
    seconds = sum(row["seconds"] for row in rows)
    decisions = sum(row["decisions"] for row in rows)
    lines = [f"command: {command}",
             f"games: {games} (seeds {min(r['seed'] for r in rows)}-{max(r['seed'] for r in rows)})",
             f"seat 0 wins: {wins} of {games} = {100 * wins / games:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)",
             f"seat 0 points: {mine.mean:.1f} (95% interval {mine.low:.1f}-{mine.high:.1f})",
             f"the other seats' points (mean of their means): {sum(others) / games:.1f}"]
    if decisions:
        lines.append(f"seat 0: {seconds / decisions:.3f} s of CPU per decision ({decisions} decisions)")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seat", action="append", default=[], help="a seat, as for `nycrules play` (seat 0 is measured)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game number (to continue a run)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ruleset", default="nyc")
    parser.add_argument("--out", type=Path, help="append one JSON line per game to this file")
    parser.add_argument("--evaluation", type=Path, help="the search's evaluation file (default: the shipped one)")
    parser.add_argument("--summary", type=Path, nargs="+", help="only sum up the games of these files")
    options = parser.parse_args(argv)
    command = "python benchmarks/strength.py " + " ".join(shlex.quote(a) for a in argv)
    if options.summary:
        rows = [json.loads(line) for path in options.summary for line in path.read_text().splitlines() if line]
        first = json.loads(options.summary[0].read_text().splitlines()[0]) if rows else {}
        print(summary(rows, first.get("command", command)) if rows else "no games")
        return 0
    if len(options.seat) < 2:
        parser.error("give the seats with --seat (at least two)")
    tasks = [(options.ruleset, options.seat, options.seed + number, options.evaluation)
             for number in range(options.first, options.first + options.games)]
    rows = []
    out = options.out.open("a") if options.out else None
    with multiprocessing.get_context("spawn").Pool(options.workers) if options.workers > 1 else _Serial() as pool:
        for row in pool.imap(play, tasks):
            rows.append(row)
            if out is not None:
                out.write(json.dumps({**row, "command": command}) + "\n")
                out.flush()
    print(summary(rows, command))
    return 0


class _Serial:
    """The pool's `imap` in this process, for one worker."""

    def __enter__(self) -> "_Serial":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def imap(self, function: Any, tasks: list[Any]) -> Any:
        return map(function, tasks)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
