"""What a copy of a game costs, against a whole game (issue 17's limits: clone <= 1/20, determinize <= 1/10).

    python benchmarks/clone_speed.py [GAMES]

In one run, CPU time of this process (time.process_time, so the ratios hold on a busy
machine too): whole games of four random bots, and clone() and determinize() of mid-game
positions of four seats (after a quarter, half and three quarters of a game, every
decision answered at random; determinized for the seat to move and for the next seat,
whose waiting decision is then made again from the cards dealt anew). A copy copies the
table and the tasks under way; nothing is replayed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package, not an installed one

import nycrules


def cpu(fn, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    whole, clones, determinized = [], [], []
    for seed in range(1, games + 1):
        start = time.process_time()
        nycrules.new_game(["bot:random"] * 4, seed=seed, log_events=False).run()
        whole.append(time.process_time() - start)
        length = 0
        game = nycrules.new_game(["Ann", "Ben", "Cat", "Dan"], seed=seed, log_events=False)
        answers = random.Random(seed)
        record: list[int] = []
        while (decision := game.decision()) is not None:
            record.append(answers.randrange(decision.count))
            game.apply(record[-1])
        length = len(record)
        for share in (0.25, 0.5, 0.75):
            game = nycrules.new_game(["Ann", "Ben", "Cat", "Dan"], seed=seed, log_events=False)
            for answer in record[:int(share * length)]:
                game.apply(answer)
            seat = game.decision().seat.index
            clones.append(cpu(lambda: game.clone(log_events=False), 20))
            determinized.append(cpu(lambda: game.determinize(seat, seed), 10))
            determinized.append(cpu(lambda: game.determinize((seat + 1) % 4, seed), 10))
    game_ms, clone_ms, det_ms = (statistics.median(v) * 1000 for v in (whole, clones, determinized))
    print(f"{games} games of four random bots; copies of {len(clones)} mid-game positions of four seats "
          "(CPU time, medians)")
    print(f"  whole game     {game_ms:8.2f} ms")
    print(f"  clone()        {clone_ms:8.3f} ms   1/{game_ms / clone_ms:.0f} of a game   (limit 1/20)")
    print(f"  determinize()  {det_ms:8.3f} ms   1/{game_ms / det_ms:.0f} of a game   (limit 1/10)")
    return 0 if game_ms / clone_ms >= 20 and game_ms / det_ms >= 10 else 1


if __name__ == "__main__":
    sys.exit(main())
