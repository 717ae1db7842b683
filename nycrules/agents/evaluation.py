"""A learned evaluation of a position: a seat's expected final margin, from numbers the ruleset defines.

`nycrules train` (agents/training.py) fits it on seeded games and writes it as a small JSON
file of plain numbers: the ruleset's digest, the feature layout, and per stage of the game (its
"rounds": a game round, or for a game played in turns how many times they have gone round the
seats; evaluation_stages.py) a linear model (a constant and a weight per feature) with the spread
of its errors; trained with `--trees`, regression trees over every stage too (`Trees`), added to the
stages' models or in place of their weights. Inference is pure Python: a dot product over the
features of one seat's view, and a walk down each tree.

The features of a seat's view (`features`), all read through public layouts, none named here:
- the observation tensor of that seat (engine/observation_tensor.py), its seats' slots put in
  table order from the observing seat (the blocks named "seat N: ..." and the segments "per seat"),
  so that one weight means "mine" or "the next seat's" whichever seat observes;
- the ruleset's own final scoring run on a throw-away copy as if the game ended now: each seat's
  points of each step, in the same order of seats, and the observing seat's lead over the best
  other seat by that count.

The value is meant for positions at a stage (the start of a game round, or of the seat's turn:
the search's horizon, where the training samples them); `margin` gives the expected final points of the seat minus the best
other seat's, `win_share` the chance that it is positive, from the spread of the fit's errors.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..diagnostics import NycRulesError
from ..engine.observation_tensor import layout, observation_tensor
from ..engine.scoring import final_scoring
from .evaluation_stages import stage

if TYPE_CHECKING:
    from ..engine.model import Ruleset
    from ..engine.runner import Session

FORMAT = "nycrules-evaluation/1"
SHIPPED = Path(__file__).resolve().parent / "evaluations"  # the shipped rulesets' trained files
_SEAT_BLOCK = re.compile(r"seat (\d+): ")


class EvaluationError(NycRulesError):
    """An evaluation file that cannot be used (unreadable, not one, or made for another ruleset)."""


def feature_names(ruleset: Ruleset) -> list[str]:
    """The name of every feature, in order (stored in the file: a file of another layout is refused)."""
    tensor = layout(ruleset)
    seats = tensor.seats
    names = [f"{name} [{i}]" for name, size in _rotated_segments(tensor) for i in range(size)]
    steps = list(ruleset.final_scoring)
    names += [f"scoring now, seat +{s}: {step}" for s in range(seats) for step in steps]
    names.append("scoring now: lead over the best other seat")
    return names


def _rotated_segments(tensor: Any) -> list[tuple[str, int]]:
    """The tensor's segments in the order features keeps them: the same, with seat numbers made relative."""
    out = []
    for name, size in tensor.segments:
        match = _SEAT_BLOCK.match(name)
        out.append((f"seat +{match.group(1)}: {name[match.end():]}" if match else name, size))
    return out


def _slot_seat(k: int, me: int, present: int) -> int:
    """The seat whose numbers go in slot k of the features seen by `me`: the seat k places after it in
    table order (of the `present` seats); a slot beyond them reads an empty slot of the tensor."""
    return (me + k) % present if k < present else k


def _permutation(ruleset: Ruleset, me: int, present: int) -> list[int]:
    """For each feature place of the tensor, the place of the raw tensor it is read from, seen by `me`."""
    made = ruleset.setup_cache.setdefault("evaluation permutations", {})
    if (me, present) in made:
        return made[me, present]
    tensor = layout(ruleset)
    seats = tensor.seats
    blocks: dict[str, dict[int, int]] = {}  # a seat block's name without its seat -> seat -> start
    for name, _size in tensor.segments:
        match = _SEAT_BLOCK.match(name)
        if match:
            blocks.setdefault(name[match.end():], {})[int(match.group(1))] = tensor.start[name]
    order: list[int] = []
    for name, size in tensor.segments:
        start = tensor.start[name]
        match = _SEAT_BLOCK.match(name)
        if match:  # slot k of the features is the seat k places after `me`
            seat = _slot_seat(int(match.group(1)), me, present)
            source = blocks[name[match.end():]].get(seat, start)
            order += range(source, source + size)
        elif "per seat" in name and size % seats == 0:
            chunk = size // seats
            for k in range(seats):
                source = start + _slot_seat(k, me, present) * chunk
                order += range(source, source + chunk)
        else:
            order += range(start, start + size)
    made[me, present] = order
    return order


def _scoring_now(session: Session, chooser: Callable[[Session, Any], int]) -> list[dict[str, int]]:
    """Each seat's points per final scoring step if the game ended now, run on `session` itself;
    `chooser` answers what the scoring asks."""
    state = session.state
    assert state is not None
    if state.finished:
        return [{} for _ in state.seats]
    before = [dict(seat.scores) for seat in state.seats]
    state.chooser = lambda game, decision: chooser(session, decision)
    state.log_events = False
    final_scoring(state)
    return [{step: points - before[seat.index].get(step, 0) for step, points in seat.scores.items()}
            for seat in state.seats]


def features(session: Session, me: int, chooser: Callable[[Session, Any], int]) -> list[float]:
    """The features of seat `me`'s view of this position (see the module's docstring). The final
    scoring then runs on `session`: a throw-away copy, not to be played further; `chooser` answers
    what the scoring asks."""
    ruleset = session.ruleset
    state = session.state
    assert state is not None
    present = len(state.seats)
    raw = observation_tensor(ruleset, session.observation(me), scaled=False)  # the numbers it was fitted on
    out = [raw[i] for i in _permutation(ruleset, me, present)]
    points = [seat.points for seat in state.seats]
    scored = _scoring_now(session, chooser)
    steps = list(ruleset.final_scoring)
    for k in range(layout(ruleset).seats):
        seat = _slot_seat(k, me, present)
        row = scored[seat] if seat < present else {}
        out += [float(row.get(step, 0)) for step in steps]
    totals = [points[i] + sum(scored[i].values()) for i in range(present)]
    out.append(float(totals[me] - max((t for i, t in enumerate(totals) if i != me), default=0)))
    return out


@dataclass
class RoundModel:
    """A linear model of the final margin at the start of one game round."""

    constant: float
    weights: list[float]
    spread: float  # standard deviation of its errors on the training positions

    def value(self, x: list[float]) -> float:
        return self.constant + sum(w * v for w, v in zip(self.weights, x) if v)


@dataclass
class Trees:
    """Regression trees whose leaves add up to the value less the stage's constant, over the features and
    the stage (agents/tree_fitting.py). Each tree is five lists by node: the input it tests (-1 at a leaf),
    the threshold (an input at most it goes left), the left and the right node, and the leaf's value."""

    trees: list[tuple[list[int], list[float], list[int], list[int], list[float]]]

    def value(self, inputs: list[float]) -> float:
        total = 0.0
        for feature, threshold, left, right, leaf in self.trees:
            node = 0
            while (f := feature[node]) >= 0:
                node = left[node] if inputs[f] <= threshold[node] else right[node]
            total += leaf[node]
        return total


class Evaluation:
    """A trained evaluation for one ruleset (read from its file)."""

    def __init__(self, data: dict[str, Any], source: str):
        self.source = source  # where it was read from, for messages
        self.digest: str = data["ruleset_digest"]
        self.features: list[str] = data["features"]
        self.rounds = {int(r): RoundModel(m["constant"], m["weights"], m["spread"])
                       for r, m in data["rounds"].items()}
        self.trained: dict[str, Any] = data.get("trained", {})
        self.trees = Trees([tuple(t) for t in data["trees"]]) if data.get("trees") else None

    def model(self, round_number: int) -> RoundModel | None:
        """The model of this game round (the nearest one trained, for a round beyond them)."""
        if not self.rounds:
            return None
        near = min(self.rounds, key=lambda r: (abs(r - round_number), r))
        return self.rounds[near]

    def margin(self, session: Session, me: int, chooser: Callable[[Session, Any], int]) -> float:
        """Seat `me`'s expected final points minus the best other seat's, from its view of this position
        (`session` is a throw-away copy: the final scoring runs on it, see `features`)."""
        state = session.state
        assert state is not None
        return self.value(features(session, me, chooser), stage(state))

    def value(self, x: list[float], now: int) -> float:
        """The expected final margin of a position at stage `now` with these features."""
        model = self.model(now)
        assert model is not None
        if self.trees is None:
            return model.value(x)
        inputs = [*x, float(now)]  # the trees' inputs: the features and the stage
        return model.value(inputs) + self.trees.value(inputs)

    def win_share(self, margin: float, round_number: int) -> float:
        """The chance that the final margin is positive, for an estimate `margin` at this round."""
        model = self.model(round_number)
        spread = model.spread if model is not None and model.spread > 0 else 15.0
        return 0.5 * (1.0 + math.erf(margin / (spread * math.sqrt(2.0))))


def read(path: Path, ruleset: Ruleset) -> Evaluation:
    """The evaluation in this file, checked against the ruleset; else an EvaluationError in one line."""
    from ..text import shown_path

    where = shown_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise EvaluationError(f"cannot read the evaluation {where}: {getattr(err, 'strerror', None) or err}") from None
    try:
        data = json.loads(text)
    except ValueError as err:
        raise EvaluationError(f"{where} is not an evaluation file (not JSON: {err})") from None
    return parse(data, ruleset, where)


def parse(data: Any, ruleset: Ruleset, where: str) -> Evaluation:
    """Check the file's content: its format, the ruleset's digest, the feature layout, the numbers."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EvaluationError(f"{where} is not an evaluation file (format {FORMAT!r} expected); "
                              "make one with nycrules train")
    if data.get("ruleset_digest") != ruleset.digest:
        raise EvaluationError(f"{where} was trained for another ruleset (digest "
                              f"{str(data.get('ruleset_digest'))[:12]}, this one {ruleset.digest[:12]}); "
                              "retrain it with nycrules train")
    if data.get("features") != feature_names(ruleset):
        raise EvaluationError(f"{where} was trained on another feature layout (the observation tensor "
                              "changed since); retrain it with nycrules train")
    size = len(data["features"])
    rounds = data.get("rounds")
    trees = data.get("trees", [])
    weights = (0, size) if trees else (size,)  # with trees, the stages' models may be their constants alone
    good = isinstance(rounds, dict) and rounds and all(
        isinstance(m, dict) and isinstance(m.get("weights"), list) and len(m["weights"]) in weights
        and all(isinstance(v, (int, float)) and math.isfinite(v) for v in [m.get("constant"), m.get("spread")]
                + m["weights"]) and str(r).isdigit() for r, m in rounds.items())
    if not good:
        raise EvaluationError(f"{where}: its models are damaged (each game round needs a constant, a spread "
                              f"and {size} weights); retrain it with nycrules train")
    if not isinstance(trees, list) or not all(_sound_tree(t, size + 1) for t in trees):
        raise EvaluationError(f"{where}: its trees are damaged (each needs five lists of its nodes, every "
                              "child after its parent); retrain it with nycrules train")
    return Evaluation(data, where)


def _sound_tree(tree: Any, inputs: int) -> bool:
    """Whether a tree of the file can be walked: five lists of its nodes, each inner node's input one of
    `inputs` and its children after it (so that every walk ends at a leaf), every number finite."""
    if not (isinstance(tree, list) and len(tree) == 5 and all(isinstance(part, list) for part in tree)):
        return False
    feature, threshold, left, right, leaf = tree
    nodes = len(feature)
    if nodes == 0 or any(len(part) != nodes for part in tree):
        return False
    for node in range(nodes):
        f, t, v = feature[node], threshold[node], leaf[node]
        if not (isinstance(v, (int, float)) and math.isfinite(v) and isinstance(f, int)):
            return False
        if f >= 0 and not (f < inputs and isinstance(t, (int, float)) and math.isfinite(t)
                           and all(isinstance(c, int) and node < c < nodes for c in (left[node], right[node]))):
            return False
    return True


def shipped_path(ruleset: Ruleset) -> Path:
    return SHIPPED / f"{ruleset.id}.json"


def use_file(ruleset: Ruleset, path: Path) -> Evaluation:
    """Read an evaluation given by the user and make it the one the search uses for this ruleset."""
    found = read(path, ruleset)
    ruleset.setup_cache["evaluation"] = (found, "")
    return found


def use_text(ruleset: Ruleset, text: str, where: str) -> None:
    """The same, from a file's text carried to a worker process."""
    ruleset.setup_cache["evaluation"] = (parse(json.loads(text), ruleset, where), "")


def evaluation_for(ruleset: Ruleset) -> tuple[Evaluation | None, str]:
    """The evaluation the search uses for this ruleset, or None and why (it then values positions by
    its playouts' estimate): one given with --evaluation, else the shipped file trained for it."""
    made = ruleset.setup_cache.get("evaluation")
    if made is None:
        path = shipped_path(ruleset)
        if not path.is_file():
            made = (None, "no evaluation is trained for this ruleset: nycrules train makes one, "
                          "--evaluation FILE uses it")
        else:
            try:
                made = (read(path, ruleset), "")
            except EvaluationError as err:
                made = (None, "the shipped evaluation was trained for the shipped rules, not this mod: nycrules "
                              "train makes its own, --evaluation FILE uses it" if "another ruleset" in str(err)
                        else f"the shipped evaluation cannot be used: {err}")
        ruleset.setup_cache["evaluation"] = made
    return made
