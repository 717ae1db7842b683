"""The outcome oracle: whole seeded games, recorded so that a change that alters any game shows.

Each game of `games()` (New York City's, and New York 1901's under keys starting `ny1901 `) is
played through the public API (bots and Toms answering for every seat) and recorded in `digests.json` as one line:

- `summary`: what a person reads -- the number of decisions, each seat's final points and the
  winner -- so that a diff of the file says which games changed and how;
- `play`: a digest of every decision (seat, kind, number of options, every option's key, the
  index taken) and each seat's points by category. Equal digests mean the same game;
- `text`: a digest of every option's label, every prompt and every event's text.

    python tests/oracle/games.py                      # compare: which games differ, and how
    python tests/oracle/games.py --write --reason "ruling 30: the runner-up chooses from both tiles"

`--write` records new digests. It refuses to change any game's `play` digest (or to drop a
game) without `--reason`, the rule or reason behind the change, which it records in the file's
`changes` with the games it changed; new games and wording (`text`) alone need none. The suite
(`tests/test_oracle.py`) plays the games again and compares.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
DIGESTS = HERE / "digests.json"

TOM_LEVELS = ["1", "B4", "12", "A2", "C9", "B6", "A5", "C3"]
LINEUPS = {  # seats by count; "T" is a Tom whose level changes with the seed
    2: [["bot:random", "bot:greedy"], ["bot:greedy", "T"], ["T", "bot:random"]],
    3: [["bot:random", "bot:random", "bot:greedy"], ["bot:greedy", "T", "bot:random"], ["T", "bot:greedy", "T"]],
    4: [["bot:greedy", "bot:random", "bot:random", "bot:random"], ["bot:random", "bot:greedy", "T", "T"],
        ["T", "bot:greedy", "bot:greedy", "bot:random"]],
}
DIGEST_LENGTH = 16  # hex digits of SHA-256 kept: 64 bits tell any change apart and keep a line short
SEEDS_PER_LINEUP = 30  # 9 lineups x 30 seeds = 270 games, plus the search bot's below
SEARCH_GAMES = [(["bot:mcts:2", "bot:greedy"], 3), (["bot:mcts:2", "T", "bot:random"], 5)]
# New York 1901 (issue 29): bots at 2-4 seats, a few seeds each (a search bot's game takes some
# 25 s there, too long for the suite).
NY1901_LINEUPS = [["bot:random", "bot:greedy"], ["bot:greedy", "bot:random", "bot:random"],
                  ["bot:random", "bot:greedy", "bot:random", "bot:greedy"]]
NY1901_SEEDS = 4


class OracleGame(NamedTuple):
    ruleset: str  # a shipped ruleset's name
    seats: list[str]
    seed: int

    @property
    def key(self) -> str:
        """Its name in digests.json: `seed:seats`, after the ruleset's name unless it is New York City."""
        prefix = "" if self.ruleset == "nyc" else f"{self.ruleset} "
        return f"{prefix}{self.seed}:{','.join(self.seats)}"


def _with_tom(lineup: list[str], seed: int) -> list[str]:
    return [f"tom:{TOM_LEVELS[seed % len(TOM_LEVELS)]}" if s == "T" else s for s in lineup]


def games() -> list[OracleGame]:
    """Every game of the oracle."""
    out = []
    for count in sorted(LINEUPS):
        for lineup in LINEUPS[count]:
            for seed in range(SEEDS_PER_LINEUP):
                out.append(OracleGame("nyc", _with_tom(lineup, seed), 1000 * count + seed))
    for lineup, seed in SEARCH_GAMES:
        out.append(OracleGame("nyc", _with_tom(lineup, seed), seed))
    for lineup in NY1901_LINEUPS:
        for seed in range(NY1901_SEEDS):
            out.append(OracleGame("ny1901", lineup, 1000 * len(lineup) + seed))
    return out


def record_of(game: OracleGame) -> dict[str, str]:
    """Play the game and return its summary and digests (see the module's docstring)."""
    import nycrules.api as api
    from nycrules.agents import seat_agents
    from nycrules.agents.seating import parse_seats
    from nycrules.engine.runner import Session

    play, text = hashlib.sha256(), hashlib.sha256()
    decisions = 0

    def observe(state, decision, index) -> None:
        nonlocal decisions
        decisions += 1
        options = decision.options
        play.update(f"{decision.seat.index}|{decision.kind}|{decision.count}|{index}|".encode())
        play.update("|".join(o.key for o in options).encode() + b"\n")
        text.update(decision.prompt.encode() + b"|" + "|".join(o.label for o in options).encode() + b"\n")

    ruleset = api.load(game.ruleset)
    specs = parse_seats(list(game.seats), ruleset)
    session = Session(ruleset, specs, game.seed, seat_agents(specs, game.seed), observer=observe)
    state = session.run()
    for event in state.events:
        text.update(f"{event.seat}|{event.kind}|{event.text}\n".encode())
    rows = session.scores()
    for row in rows:
        play.update(json.dumps(row, sort_keys=True).encode())
    points = " ".join(f"{row['total']}" for row in rows)
    won = session.winners()
    summary = f"{decisions} decisions; points by seat {points}; winner seat {won[0]}"
    if len(won) > 1:  # a shared victory (a ruleset's `winner: {shared: true}`)
        summary += f" (shared with seat {', '.join(str(w) for w in won[1:])})"
    return {"summary": summary, "play": play.hexdigest()[:DIGEST_LENGTH], "text": text.hexdigest()[:DIGEST_LENGTH]}


# ------------------------------------------------------------------ the file
def read_file(path: Path | None = None) -> tuple[dict[str, dict[str, str]], list[dict[str, Any]]]:
    """(the recorded games by key, the changes recorded so far), from `path` or digests.json."""
    data = json.loads((path or DIGESTS).read_text(encoding="utf-8"))
    return data["games"], data["changes"]


def write_file(table: dict[str, dict[str, str]], changes: list[dict[str, Any]], path: Path | None = None) -> None:
    """One line a game, its summary first, so that a diff reads as a list of games that changed."""
    lines = ['{', ' "changes": ' + json.dumps(changes, indent=2).replace("\n", "\n ") + ',', ' "games": {']
    entries = [f'  {json.dumps(key)}: {json.dumps(table[key])}' for key in sorted(table)]
    lines.append(",\n".join(entries))
    lines += [' }', '}']
    (path or DIGESTS).write_text("\n".join(lines) + "\n", encoding="utf-8")


def differences(now: dict[str, dict[str, str]], old: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """Keys of the games whose play or text changed, that are new, or that are gone."""
    return {
        "play": [k for k in now if k in old and now[k]["play"] != old[k]["play"]],
        "text": [k for k in now if k in old and now[k]["play"] == old[k]["play"] and now[k]["text"] != old[k]["text"]],
        "new": [k for k in now if k not in old],
        "gone": [k for k in old if k not in now],
    }


def describe(key: str, now: dict[str, str] | None, old: dict[str, str] | None) -> str:
    """One game's change in a line a person reads."""
    before = old["summary"] if old else "(not recorded)"
    after = now["summary"] if now else "(no longer in the oracle)"
    return f"  {key}: {before}" + ("" if before == after else f"  ->  {after}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="record the games as they play now")
    parser.add_argument("--reason", help="the rule or reason behind changed games (needed to change a play digest)")
    args = parser.parse_args(argv)
    old, changes = read_file()
    now = {game.key: record_of(game) for game in games()}
    diff = differences(now, old)
    for kind, keys in diff.items():
        print(f"{kind}: {len(keys)} of {len(now)} games")
        for key in keys[:20]:
            print(describe(key, now.get(key), old.get(key)))
        if len(keys) > 20:
            print(f"  ... and {len(keys) - 20} more")
    if not args.write:
        return 1 if any(diff.values()) else 0
    if (diff["play"] or diff["gone"]) and not (args.reason or "").strip():
        print("refused: these games would play differently (or be dropped); say the rule or reason behind it "
              "with --reason \"...\", which is recorded with the games", file=sys.stderr)
        return 1
    if not any(diff.values()):
        print("nothing changed; digests.json left as it was")
        return 0
    if args.reason:
        changes.append({"reason": args.reason.strip(), **{kind: keys for kind, keys in diff.items() if keys}})
    write_file(now, changes)
    print(f"wrote {len(now)} games to {DIGESTS}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent.parent))
    sys.exit(main(sys.argv[1:]))
