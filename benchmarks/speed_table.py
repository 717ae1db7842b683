"""The README's speed table, every figure measured in one run of this checkout.

    python benchmarks/speed_table.py [--games 20] [--baseline 20bfc11] [--baseline-dir PATH]
    python benchmarks/speed_table.py --whole-games   # New York City's and New York 1901's games alone

Prints a Markdown table:
- instructions a game against the baseline commit, for the three mixes of seats of
  measure.py (valgrind's callgrind, seeds 1..GAMES; `measure.py --instructions`);
- whole games per CPU-second (time.process_time, in this process, 4 random bots);
- steps per CPU-second through the PettingZoo environment and through OpenSpiel (four
  seats, each step a legal action picked at random, or a chance outcome by its probability:
  OpenSpiel's chance nodes count as steps; whole games);
- clone() and determinize() of mid-game positions as fractions of a game (as
  clone_speed.py measures them);
- the default search bot's playouts per CPU-second (`bot:mcts`, on the decisions of a
  game of four seats where it plays one seat against three random bots).
The CPU figures depend on the machine and its load; the instruction ratios do not.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout's package, not an installed one
sys.path.insert(0, str(HERE))

import nycrules  # noqa: E402
import measure  # noqa: E402

SEATS = ["Ann", "Ben", "Cat", "Dan"]


def cpu_of(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def games_per_second(games: int, ruleset: str = "nyc") -> tuple[float, float]:
    """Whole games of four random bots per CPU-second, and the CPU seconds of one."""
    rules = nycrules.load(ruleset)
    nycrules.new_game(["bot:random"] * 4, seed=games + 1, ruleset=rules, log_events=False).run()  # caches filled
    spent = cpu_of(lambda: [nycrules.new_game(["bot:random"] * 4, seed=seed, ruleset=rules, log_events=False).run()
                            for seed in range(1, games + 1)])
    return games / spent, spent / games


def pettingzoo_steps(games: int) -> float:
    from nycrules.pettingzoo import env
    steps = 0

    def play() -> None:
        nonlocal steps
        for seed in range(1, games + 1):
            e = env(SEATS, seed=seed)
            e.reset(seed=seed)
            rng = random.Random(seed)
            for agent in e.agent_iter():
                observation, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    action = None
                else:
                    legal = observation["action_mask"].nonzero()[0]
                    action = int(legal[rng.randrange(len(legal))])
                e.step(action)
                steps += 1
    spent = cpu_of(play)  # first: it counts the steps
    return steps / spent


def openspiel_steps(games: int) -> float:
    import pyspiel

    import nycrules.openspiel  # noqa: F401 - registers the game
    steps = 0

    def play() -> None:
        nonlocal steps
        for seed in range(1, games + 1):
            state = pyspiel.load_game("nycrules", {"players": 4, "seed": seed}).new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.is_chance_node():  # each card drawn (since 8f34958), by its probability
                    outcomes, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
    spent = cpu_of(play)  # first: it counts the steps
    return steps / spent


def copies(games: int, game_seconds: float) -> tuple[float, float]:
    """clone() and determinize() of positions a quarter, half and three quarters into games of four
    seats (medians, CPU seconds) as fractions of a whole game."""
    clones, determinized = [], []
    for seed in range(1, games + 1):
        game = nycrules.new_game(SEATS, seed=seed, log_events=False)
        answers = random.Random(seed)
        record = []
        while (decision := game.decision()) is not None:
            record.append(answers.randrange(decision.count))
            game.apply(record[-1])
        for share in (0.25, 0.5, 0.75):
            game = nycrules.new_game(SEATS, seed=seed, log_events=False)
            for answer in record[:int(share * len(record))]:
                game.apply(answer)
            seat = game.decision().seat.index
            clones.append(cpu_of(lambda: [game.clone(log_events=False) for _ in range(20)]) / 20)
            determinized.append(cpu_of(lambda: [game.determinize((seat + k) % 4, seed) for k in range(10)]) / 10)
    return statistics.median(clones) / game_seconds, statistics.median(determinized) / game_seconds


def playouts_per_second(decisions: int) -> float:
    """The default search bot's playouts per CPU-second, over its first `decisions` decisions with a
    choice in a game against three random bots."""
    from nycrules.agents.search import MCTSAgent
    game = nycrules.new_game(["Ann", "bot:random", "bot:random", "bot:random"], seed=1, log_events=False)
    bot = MCTSAgent(1)
    playouts, spent, asked = 0, 0.0, 0
    while (decision := game.decision()) is not None and asked < decisions:
        start = time.process_time()
        choice = bot.choose(game, decision)
        spent += time.process_time() - start
        playouts += sum(figures.playouts for figures in bot.last_search.values())
        asked += 1 if bot.last_search else 0
        game.apply(choice)
    return playouts / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per mix for the instruction counts")
    parser.add_argument("--baseline", default="20bfc11", help="the commit the instructions are compared with")
    parser.add_argument("--baseline-dir", type=Path, help="a checkout of the baseline to use instead of git archive")
    parser.add_argument("--at", help="the commit to name as measured (for a copy of the source outside git)")
    parser.add_argument("--whole-games", action="store_true",
                        help="only whole games of 4 random bots a CPU-second, New York City's and New York 1901's")
    args = parser.parse_args()
    if args.whole_games:
        for name in ("nyc", "ny1901"):
            print(f"| whole games, 4 random bots, {name} | {games_per_second(100, name)[0]:.0f} a CPU-second |")
        return
    rows = []
    for label, (old, new) in measure.instructions(args.baseline, args.baseline_dir, args.games, 1).items():
        rows.append((f"instructions a game, {label}", f"{new:.1f} M ({new / old:.2f}x {args.baseline}'s {old:.1f} M)"))
    rate, game_seconds = games_per_second(100)
    rows.append(("whole games, 4 random bots", f"{rate:.0f} a CPU-second"))
    rows.append(("steps through PettingZoo (4 seats, random legal actions)", f"{pettingzoo_steps(10):,.0f} a CPU-second"))
    rows.append(("steps through OpenSpiel (4 seats, random legal actions)", f"{openspiel_steps(10):,.0f} a CPU-second"))
    clone, determinize = copies(5, game_seconds)
    rows.append(("`clone()` / `determinize()` mid-game", f"1/{1 / clone:.0f} / 1/{1 / determinize:.0f} of a game"))
    rows.append(("`bot:mcts` (the default search) playouts", f"{playouts_per_second(12):,.0f} a CPU-second"))
    head = measure.subprocess.run(["git", "-C", str(HERE.parent), "rev-parse", "--short", "HEAD"],
                                  capture_output=True, text=True).stdout.strip()
    print(f"measured at {args.at or head or 'this checkout'}: python benchmarks/speed_table.py --games {args.games}")
    print("\n| what | figure |\n|---|---|")
    for what, figure in rows:
        print(f"| {what} | {figure} |")


if __name__ == "__main__":
    main()
