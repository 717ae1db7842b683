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
With `groups_share` (`--option-groups`), at that share of the policy seats' decisions the search's
options are each played on one deal to the next stage and to the end (option_groups.py): what an
option changes, beside what a position is worth.

Per stage a ridge regression (fitting.py: numpy, the `train` extra) is fitted on four fifths of the
games, chosen by how well it predicts the next tenth, and the last tenth is held out: the file
records the errors on it. With `trees` (`--trees N`), up to N boosted regression trees over every
stage too (tree_fitting.py: scikit-learn), kept in place of the linear models when they predict the
next tenth better. Everything depends only on the seed: the same command writes the same file.
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
from .fitting import fit
from .option_groups import Group, option_group, wanted
from .seating import game_seats, parse_seats
from .search import RolloutAgent, _mix

if TYPE_CHECKING:
    from ..engine.decisions import Decision
    from ..engine.model import Ruleset

EXPLORE = 0.05  # share of the policy's decisions taken at random
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
    groups: list[Group] = field(default_factory=list)
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

    def __init__(self, policy: GreedyAgent, seed: int, seat: int, on_round: Callable[[Session, int], None],
                 on_choice: Callable[[Session, Decision, int, int], None] | None = None):
        self.policy = policy
        self.seed = seed
        self.seat = seat
        self.on_round = on_round
        self.on_choice = on_choice  # asked at each of its decisions (where a group of options may be played)
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
        if self.on_choice is not None:
            self.on_choice(session, decision, self.seat, z)
        if decision.count > 1 and (z % 10_000) < EXPLORE * 10_000:
            return (z >> 20) % decision.count
        return self.policy.choose(session, decision)


def play_sampled(ruleset: Ruleset, seats: list[str], seed: int, number: int,
                 visit: Callable[[Session, int, int], None],
                 on_choice: Callable[[Session, Decision, int, int], None] | None = None) -> list[int]:
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
                                  lambda session, me: visit(session, me, game_seed), on_choice)
    session = Session(ruleset, specs, game_seed, agents, log_events=False)
    try:
        session.run()
        return [row["total"] for row in session.scores()]
    finally:
        session.close()


def margin_of(totals: list[int], me: int) -> float:
    """A seat's final points minus the best other seat's."""
    return float(totals[me] - max(t for i, t in enumerate(totals) if i != me))


def play_game(ruleset: Ruleset, seats: list[str], seed: int, number: int,
              groups_share: float = 0.0) -> tuple[list[Sample], list[Group]]:
    """One seeded game; the samples of the policy's seats with their actual final margins, and the
    groups of options played at `groups_share` of their decisions (option_groups.py)."""
    samples: list[tuple[int, Sample]] = []
    groups: list[Group] = []

    def group(session: Session, decision: Decision, me: int, z: int) -> None:
        if wanted(session, decision, z, groups_share):
            found = option_group(session, decision, me, z, number)
            if found is not None:
                groups.append(found)

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

    totals = play_sampled(ruleset, seats, seed, number, sample, group if groups_share > 0 else None)
    for me, s in samples:
        s.margin = margin_of(totals, me)
    return [s for _, s in samples], groups


def collect(ruleset: Ruleset, games: int, seed: int, progress: Callable[[int], None] | None = None,
            groups_share: float = 0.0) -> Collected:
    """`games` games over the seatings of `tables`, in turn (groups of options at `groups_share` of the
    policy seats' decisions)."""
    seatings = tables(ruleset)
    out = Collected()
    start = time.process_time()
    for number in range(games):
        samples, groups = play_game(ruleset, seatings[number % len(seatings)], seed, number, groups_share)
        out.samples += samples
        out.groups += groups
        out.games += 1
        if progress:
            progress(1)
    out.seconds = time.process_time() - start
    return out


def train(ruleset: Ruleset, games: int, seed: int, progress: Callable[[int], None] | None = None,
          groups_share: float = 0.0, trees: int = 0) -> tuple[dict[str, Any], float, float]:
    """The evaluation file's content (games played, models fitted, what was measured on the held-out
    games: nothing that differs from one run to the next), and the CPU seconds of play and of fitting."""
    collected = collect(ruleset, games, seed, progress, groups_share)
    start = time.process_time()
    fitted = fit(collected, len(feature_names(ruleset)), seed, trees)
    trained: dict[str, Any] = {"games": games, "seed": seed, "tables": tables(ruleset), "explore": EXPLORE,
                               "positions": len(collected.samples)}
    if trees:
        trained.update(trees_tried=trees)
    if groups_share:
        trained.update(option_groups_share=groups_share, option_groups=len(collected.groups))
    content = {"format": FORMAT, "ruleset": ruleset.id, "ruleset_digest": ruleset.digest,
               "trained": {**trained, "by_round": fitted["report"]},
               "features": feature_names(ruleset), "rounds": fitted["rounds"]}
    if fitted["trees"]:
        content["trees"] = fitted["trees"]
    return content, collected.seconds, time.process_time() - start


def write(content: dict[str, Any]) -> str:
    """The file's text: plain JSON, a number a line but a tree a line, so that it reads and diffs well."""
    text = json.dumps({key: value for key, value in content.items() if key != "trees"}, indent=1)
    if "trees" in content:
        rows = ",\n  ".join(json.dumps(tree, separators=(",", ":")) for tree in content["trees"])
        text = f'{text[:-2]},\n "trees": [\n  {rows}\n ]\n}}'
    return text + "\n"
