"""`nycrules train`: fit the learned evaluation (evaluation.py) on seeded games of the ruleset.

Games are played by the search's playout policy (`RolloutAgent`) in every seat that the game's own
rules do not play: against itself at two seats, against a seat of each kind the ruleset's game adds
(its part's `seats`, docs/games.md) at three of its levels (its lowest, its highest and the one
facing a person who names no seats) when it has levels, and against three greedy bots at four
seats; seats in turn, game by game, and a small share of random moves so that the positions vary.
At each stage after the first (evaluation_stages.py: the start of a game round, or for a game
played in turns the first decision of each of the seat's turns), every seat that the policy plays
is sampled: its view of a copy where what it cannot see is dealt anew (as the search sees it), and
the game's actual final margin (its points minus the best other seat's). Where the greedy bot has
no rules of the game, the policy judges options by their effect (agents/by_effect.py), as it does.

Per stage a ridge regression (numpy, the `train` extra) is fitted on four fifths of the
games, its strength chosen by how well it predicts the next tenth, and the last tenth is held
out: the file records the error on it beside the error of always predicting the mean.
Everything depends only on the seed: the same command writes the same file.
"""

from __future__ import annotations

import json
from array import array
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ..engine.runner import EngineAgent, Session
from . import GreedyAgent, seat_agents
from .evaluation import FORMAT, feature_names, features
from .evaluation_stages import in_rounds, stage, turn
from .seating import game_seats, parse_seats
from .search import RolloutAgent, _mix

if TYPE_CHECKING:
    from ..engine.decisions import Decision
    from ..engine.model import Ruleset

EXPLORE = 0.05  # share of the policy's decisions taken at random
RIDGE = (1.0, 10.0, 100.0, 1000.0, 10000.0)  # strengths tried (on standardized features)
POLICY = "bot:greedy"  # the seat kind written for the policy's seats (its agent is replaced)


@dataclass
class Sample:
    game: int
    round: int
    x: Any  # the features, as an array of 4-byte floats (tens of thousands of samples are kept)
    margin: float = 0.0


@dataclass
class Collected:
    samples: list[Sample] = field(default_factory=list)
    games: int = 0
    seconds: float = 0.0


def tables(ruleset: Ruleset) -> list[list[str]]:
    """The seatings played in turn (`POLICY` marks the policy's seats)."""
    out = [[POLICY, POLICY]]
    for kind in game_seats(ruleset):
        levels = kind.levels(ruleset)
        if levels:  # its lowest and highest levels, then the one facing a person who names no seats
            played = [*dict.fromkeys([levels[0], levels[-1]]), *filter(None, [kind.rival(ruleset)])]
            out.extend([POLICY, level] for level in played)
    out.append([POLICY, "bot:greedy:others", "bot:greedy:others", "bot:greedy:others"])
    playable = []
    for seats in out:
        try:
            parse_seats([s.removesuffix(":others") for s in seats], ruleset)
        except Exception:  # a table this ruleset does not seat
            continue
        playable.append(seats)
    return playable


class _Explorer(EngineAgent):
    """The playout policy, with a share of random moves; its seat's view is sampled at the seat's
    first decision of each stage after the first (where the search's playouts stop)."""

    def __init__(self, policy: GreedyAgent, seed: int, seat: int, on_round: Callable[[Session, int], None]):
        self.policy = policy
        self.seed = seed
        self.seat = seat
        self.on_round = on_round
        self.round = 1
        self.turn: object = None  # the seat's turn under way (a game played in turns)

    def choose(self, session: Session, decision: Decision) -> int:
        state = session.state
        assert state is not None
        if in_rounds(state.ruleset):
            if state.round > self.round:
                self.round = state.round
                self.on_round(session, self.seat)
        elif (now := turn(state)) != self.turn:  # the first decision of one of its turns
            if self.turn is not None:
                self.on_round(session, self.seat)
            self.turn = now
        z = _mix(self.seed, state.decisions_taken)
        if decision.count > 1 and (z % 10_000) < EXPLORE * 10_000:
            return (z >> 20) % decision.count
        return self.policy.choose(session, decision)


def play_sampled(ruleset: Ruleset, seats: list[str], seed: int, number: int,
                 visit: Callable[[Session, int, int], None]) -> list[int]:
    """Game `number` of a run with this seed at this table (turned by a seat a game): `visit(session,
    seat, game seed)` at each policy seat's first decision of a stage after the first; gives the
    final points of the seats as they sat."""
    rotate = number % len(seats)
    seats = seats[rotate:] + seats[:rotate]
    specs = parse_seats([s.removesuffix(":others") for s in seats], ruleset)
    game_seed = _mix(seed, number) % (1 << 31)
    agents = seat_agents(specs, game_seed)
    for i, kind in enumerate(seats):
        if kind == POLICY:
            agents[i] = _Explorer(RolloutAgent(_mix(game_seed, i), by_effect=True), _mix(game_seed, i, 1), i,
                                  lambda session, me: visit(session, me, game_seed))
    session = Session(ruleset, specs, game_seed, agents, log_events=False)
    try:
        session.run()
        return [row["total"] for row in session.scores()]
    finally:
        session.close()


def margin_of(totals: list[int], me: int) -> float:
    """A seat's final points minus the best other seat's."""
    return float(totals[me] - max(t for i, t in enumerate(totals) if i != me))


def play_game(ruleset: Ruleset, seats: list[str], seed: int, number: int) -> list[Sample]:
    """One seeded game; the samples of the policy's seats with their actual final margins."""
    samples: list[tuple[int, Sample]] = []

    def sample(session: Session, me: int, game_seed: int) -> None:
        state = session.state
        assert state is not None
        now = stage(state)
        copy = session.determinize(me, _mix(game_seed, now, me), agents={})  # no agent plays on it
        chooser = GreedyAgent(_mix(game_seed, me, 7))
        try:
            x = array("f", features(copy, me, chooser.choose))
            samples.append((me, Sample(number, now, x)))
        finally:
            copy.close()

    totals = play_sampled(ruleset, seats, seed, number, sample)
    for me, s in samples:
        s.margin = margin_of(totals, me)
    return [s for _, s in samples]


def collect(ruleset: Ruleset, games: int, seed: int, progress: Callable[[int], None] | None = None) -> Collected:
    """`games` games over the seatings of `tables`, in turn."""
    seatings = tables(ruleset)
    out = Collected()
    start = time.process_time()
    for number in range(games):
        out.samples += play_game(ruleset, seatings[number % len(seatings)], seed, number)
        out.games += 1
        if progress:
            progress(1)
    out.seconds = time.process_time() - start
    return out


def split(game: int, games: int) -> str:
    """Which part a game's samples go to: the last tenth is held out, the tenth before it chooses the ridge."""
    if game >= games - max(1, games // 10):
        return "test"
    if game >= games - 2 * max(1, games // 10):
        return "valid"
    return "train"


def fit(ruleset: Ruleset, collected: Collected, seed: int) -> dict[str, Any]:
    """Per stage, the ridge regression of the final margin on the features (see the module's docstring)."""
    import numpy as np

    names = feature_names(ruleset)
    games = collected.games
    rounds: dict[str, Any] = {}
    report: dict[str, Any] = {}
    for r in sorted({s.round for s in collected.samples}):
        parts = {p: [s for s in collected.samples if s.round == r and split(s.game, games) == p]
                 for p in ("train", "valid", "test")}
        if not parts["train"] or not parts["valid"]:
            continue
        x = {p: np.array([np.frombuffer(s.x, dtype=np.float32) for s in rows], dtype=np.float64)
             .reshape(len(rows), len(names)) for p, rows in parts.items()}
        y = {p: np.array([s.margin for s in rows], dtype=np.float64) for p, rows in parts.items()}
        mean, scale = x["train"].mean(axis=0), x["train"].std(axis=0)
        scale[scale < 1e-9] = np.inf  # a feature that never varies gets no weight
        z = {p: (m - mean) / scale for p, m in x.items()}
        centre = y["train"].mean()
        gram = z["train"].T @ z["train"]
        right = z["train"].T @ (y["train"] - centre)
        best = None
        for strength in RIDGE:
            w = np.linalg.solve(gram + strength * np.eye(len(names)), right)
            error = float(np.sqrt(np.mean((z["valid"] @ w + centre - y["valid"]) ** 2)))
            if best is None or error < best[0]:
                best = (error, strength, w)
        assert best is not None
        _, strength, w = best
        weights = w / scale  # on the raw features: value = constant + sum(weights * x)
        constant = centre - float(weights @ mean)
        spread = float(np.sqrt(np.mean((x["valid"] @ weights + constant - y["valid"]) ** 2)))
        rounds[str(r)] = {"constant": round(constant, 6), "spread": round(spread, 4),
                          "weights": [round(float(v), 7) for v in weights]}
        held = {}
        if len(y["test"]):
            predicted = x["test"] @ weights + constant
            held = {"positions": int(len(y["test"])),
                    "rmse": round(float(np.sqrt(np.mean((predicted - y["test"]) ** 2))), 3),
                    "rmse_of_the_mean": round(float(np.sqrt(np.mean((centre - y["test"]) ** 2))), 3),
                    "right_side": round(float(np.mean(np.sign(predicted) == np.sign(y["test"]))), 4)}
        report[str(r)] = {"train_positions": len(parts["train"]), "ridge": strength, "held_out": held}
    return {"rounds": rounds, "report": report}


def train(ruleset: Ruleset, games: int, seed: int,
          progress: Callable[[int], None] | None = None) -> tuple[dict[str, Any], float, float]:
    """The evaluation file's content (games played, models fitted, what was measured on the held-out
    games: nothing that differs from one run to the next), and the CPU seconds of play and of fitting."""
    collected = collect(ruleset, games, seed, progress)
    start = time.process_time()
    fitted = fit(ruleset, collected, seed)
    content = {"format": FORMAT, "ruleset": ruleset.id, "ruleset_digest": ruleset.digest,
               "trained": {"games": games, "seed": seed, "tables": tables(ruleset), "explore": EXPLORE,
                           "positions": len(collected.samples), "by_round": fitted["report"]},
               "features": feature_names(ruleset), "rounds": fitted["rounds"]}
    return content, collected.seconds, time.process_time() - start


def write(content: dict[str, Any]) -> str:
    """The file's text: plain JSON, one line per model's weights, so that it reads and diffs well."""
    return json.dumps(content, indent=1) + "\n"
