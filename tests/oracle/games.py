"""The outcome oracle: digests of whole seeded games, so that a change that alters any game shows.

Each game of `GAMES` is played through the public API (bots and Toms answering for every
seat) and reduced to two digests:

- `play`: for every decision, the seat, the kind, the number of options, every option's key
  and the index taken; then each seat's points by category. Equal digests mean the same game.
- `text`: every option's label, every prompt and every event's text: what a person reads.

`python tests/oracle/games.py --write` records the digests in `digests.json`; the suite
(`tests/test_oracle.py`) plays the games again and compares. A commit that changes a
`play` digest must name the rule behind the change; one that changes only `text`
digests changes wording alone.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIGESTS = HERE / "digests.json"

TOM_LEVELS = ["1", "B4", "12", "A2", "C9", "B6", "A5", "C3"]
LINEUPS = {  # seats by count; "T" is a Tom whose level changes with the seed
    2: [["bot:random", "bot:greedy"], ["bot:greedy", "T"], ["T", "bot:random"]],
    3: [["bot:random", "bot:random", "bot:greedy"], ["bot:greedy", "T", "bot:random"], ["T", "bot:greedy", "T"]],
    4: [["bot:greedy", "bot:random", "bot:random", "bot:random"], ["bot:random", "bot:greedy", "T", "T"],
        ["T", "bot:greedy", "bot:greedy", "bot:random"]],
}
SEEDS_PER_LINEUP = 30  # 9 lineups x 30 seeds = 270 games, plus the search bot's below
SEARCH_GAMES = [(["bot:mcts:2", "bot:greedy"], 3), (["bot:mcts:2", "T", "bot:random"], 5)]


def games() -> list[tuple[list[str], int]]:
    """(seats, seed) of every game of the oracle."""
    out = []
    for count in sorted(LINEUPS):
        for lineup in LINEUPS[count]:
            for seed in range(SEEDS_PER_LINEUP):
                level = TOM_LEVELS[seed % len(TOM_LEVELS)]
                out.append(([f"tom:{level}" if s == "T" else s for s in lineup], 1000 * count + seed))
    for lineup, seed in SEARCH_GAMES:
        out.append(([f"tom:{TOM_LEVELS[seed % len(TOM_LEVELS)]}" if s == "T" else s for s in lineup], seed))
    return out


def name(seats: list[str], seed: int) -> str:
    return f"{seed}:{','.join(seats)}"


def digest_with_options(seats: list[str], seed: int) -> dict[str, str]:
    """As `digest`, with every option's key and label of every decision (an observer reads them)."""
    import nycrules.api as api
    from nycrules.agents import seat_agents
    from nycrules.engine.runner import Session
    from nycrules.agents.seating import parse_seats

    play, text = hashlib.sha256(), hashlib.sha256()

    def observe(game, decision, index) -> None:
        options = decision.options
        play.update(f"{decision.seat.index}|{decision.kind}|{decision.count}|{index}|".encode())
        play.update("|".join(o.key for o in options).encode() + b"\n")
        text.update(decision.prompt.encode() + b"|" + "|".join(o.label for o in options).encode() + b"\n")

    ruleset = api.load("nyc")
    specs = parse_seats(list(seats), ruleset)
    session = Session(ruleset, specs, seed, seat_agents(specs, seed), observer=observe)
    state = session.run()
    for event in state.events:
        text.update(f"{event.seat}|{event.kind}|{event.text}\n".encode())
    for row in session.scores():
        play.update(json.dumps(row, sort_keys=True).encode())
    return {"play": play.hexdigest(), "text": text.hexdigest()}


def main(argv: list[str]) -> int:
    table = {name(seats, seed): digest_with_options(seats, seed) for seats, seed in games()}
    if "--write" in argv:
        DIGESTS.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(table)} digests to {DIGESTS}")
        return 0
    old = json.loads(DIGESTS.read_text())
    changed = {kind: [k for k in table if table[k][kind] != old.get(k, {}).get(kind)] for kind in ("play", "text")}
    for kind, names in changed.items():
        print(f"{kind}: {len(names)} of {len(table)} games differ" + (f" (first: {names[0]})" if names else ""))
    return 1 if any(changed.values()) else 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent.parent))
    sys.exit(main(sys.argv[1:]))
