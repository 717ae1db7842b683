"""Random events whose outcomes an outside sampler picks, one at a time (OpenSpiel's chance nodes).

A game whose `chance` is a `Sampler` (Session(chance=...)) asks it for the outcome of each draw
and shuffle (engine/ops.py, "chance"). A draw comes in the middle of a step of the rules, where a
game cannot stop; so the sampler gives the outcomes it was given, in order, and at the first draw
it has none for, it stops the run with `NeedChance` (the items to pick from). The run is played
again, one outcome more, from a `Checkpoint`: a copy of the game where it was plain data (between
two steps of its tasks, tasks.drive, or waiting at a decision), taken once the sampler had given
all its outcomes, so that only the last few steps are played again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..diagnostics import NycRulesError
from . import ops
from .copying import copy_value
from .runner import Session
from .state import Game, copy_game
from .tasks import ask_again


class NeedChance(BaseException):  # not an error: it passes the handlers of failures, as GameOver does
    """A draw or shuffle with no outcome given: the run stops there (its table is left as it was then).
    `more` picks follow from the same items, the one picked each time going to the end and leaving."""

    def __init__(self, table: Game, items: list, more: int = 0):
        super().__init__("a chance outcome is needed here")
        self.table, self.items, self.more = table, items, more


@dataclass(frozen=True)
class Checkpoint:
    """A game where it can be copied and played on: its table (never played on itself), the value the
    next step of its tasks gets, or `waiting` at a decision (asked again), and the session's record."""

    table: Game
    value: Any
    waiting: bool
    record: tuple[int, ...]
    history: tuple[tuple[int, int, int], ...]

    @staticmethod
    def of(session: "Session", value: Any = None, waiting: bool = False) -> "Checkpoint":
        memo: dict[int, Any] = {}
        assert session.state is not None
        table = copy_game(session.state, keep_events=True, memo=memo)
        return Checkpoint(table, copy_value(value, memo), waiting, tuple(session.record), tuple(session.history))

    def play_on(self, session: "Session") -> None:
        """Make the new session `session` this game and play it on to its next decision."""
        memo: dict[int, Any] = {}
        table = session.state = copy_game(self.table, keep_events=True, memo=memo)
        table.chance = session.chance
        session.record, session.history = list(self.record), list(self.history)
        session._started = True
        if not self.waiting:
            session._play(copy_value(self.value, memo))
            return
        decision, value = ask_again(table)
        if decision is not None:
            session._pending = decision
        else:
            session._play(value)


class Sampler:
    """Game.chance: gives `outcomes` in order (each the index of the item picked among those offered),
    then stops the run (NeedChance). With `session`, it takes a checkpoint of that session at the first
    point between two steps after it gave all its outcomes (`checkpoint`)."""

    __slots__ = ("outcomes", "used", "session", "checkpoint")

    def __init__(self, outcomes: list[int], session: "Session | None" = None):
        self.outcomes, self.used, self.session = outcomes, 0, session
        self.checkpoint: Checkpoint | None = None

    def pick(self, table: Game, items: list, more: int = 0) -> int:
        if self.used == len(self.outcomes):
            raise NeedChance(table, list(items), more)
        self.used += 1
        return self.outcomes[self.used - 1]

    def between_steps(self, table: Game, value: Any) -> None:
        if self.session is not None and self.checkpoint is None and self.used == len(self.outcomes):
            self.checkpoint = Checkpoint.of(self.session, value)


class ChanceGame:
    """A game whose random events an outside caller picks one at a time (an OpenSpiel state), held as
    the answers and chance outcomes given since `anchor`, a Checkpoint (None: before the setup) never
    played on itself; `game` gives its ruleset, seat specs, seed and `max_outcomes`. Either `live` is
    the game at its decision (an answer plays it on), or `stopped` is the run stopped at a chance node
    (read only) and `chances` that node's outcomes (an outcome plays a copy of the anchor on with all
    given since). Nothing is run before it is first asked about (`start`), and a copy (deepcopy: how
    OpenSpiel clones a Python state) shares the anchor, the stopped run and, until one of them plays
    on, the live game."""

    def __init__(self, game: Any):
        self.game = game
        self.anchor: Checkpoint | None = None
        self.answers: list[int] = []  # option indices
        self.outcomes: list[int] = []
        self.live: Session | None = None
        self.stopped: Session | None = None
        self.shared = False  # `live` is shared with copies (a copy is made before it is played on)
        self.chances: list[tuple[int, float, str]] = []  # (outcome, probability, what it looks like)
        self.items: tuple[str, ...] = ()  # at a chance node: what the items offered look like, in order
        self.more = 0  # picks of the same draw to follow (NeedChance)
        self.started = False
        self.path: list[tuple] = []  # all done from the start, to pickle: ("action", id), ("resample", player, seed)

    def __deepcopy__(self, memo: dict) -> "ChanceGame":
        """A copy sharing the live game until one of them plays on (OpenSpiel's tests and searches keep
        many copies they never play on)."""
        self.start()
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.answers, twin.outcomes, twin.path = list(self.answers), list(self.outcomes), list(self.path)
        self.shared = twin.shared = self.live is not None
        return twin

    def start(self) -> None:
        if not self.started:
            self.started = True  # before the run: a state's first question starts it
            self._run()

    @property
    def table(self) -> Session:
        """The game to read: the live one, or the run stopped at the chance node."""
        self.start()
        return self.live if self.live is not None else self.stopped  # type: ignore[return-value]

    def apply(self, action: int) -> None:
        """An answer at a decision, an outcome at a chance node."""
        self.start()
        if self.live is None:
            self._chance(action)
        else:
            self._answer(action)
        self.path.append(("action", action))

    def redeal(self, player: int, rng_seed: int) -> None:
        """Deal anew all the player to move cannot see (Session.determinize)."""
        self.start()
        assert self.live is not None
        dealt = self.live.determinize(player, rng_seed, log_events=True)
        self.anchor, self.answers, self.outcomes = Checkpoint.of(dealt, waiting=True), [], []
        self.live = dealt
        self.path.append(("resample", player, rng_seed))

    def _answer(self, action: int) -> None:
        session = self.live
        actions = session._actions()  # type: ignore[union-attr]
        if action not in actions:
            session.apply_action(action)  # refused with a one-line error; nothing changes
        index = actions[action]
        if self.shared:
            session = self.live = session.clone(log_events=True)
            self.shared = False
        self.answers.append(index)
        session._state().chance = Sampler([])  # plays on itself until a draw; then from the anchor
        self._play(session, lambda: session.apply(index))

    def _chance(self, outcome: int) -> None:
        if outcome not in {pick for pick, _, _ in self.chances}:
            raise ValueError(f"{outcome} is not a chance outcome of this state; its outcomes: "
                             f"{', '.join(str(pick) for pick, _, _ in self.chances[:8])}")
        self.outcomes.append(outcome)
        if self.more:  # the next pick of the same draw: its items are known without a run
            items = list(self.items)
            items[-1], items[outcome] = items[outcome], items[-1]
            self._offer(tuple(items[:-1]), self.more - 1)
        else:
            self._run()

    def _run(self) -> None:
        """Play the anchor (a new game before it) on with the answers and outcomes given since it; the
        next anchor is the latest of the sampler's checkpoint and the decision before the last answer."""
        anchor, answers, outcomes = self.anchor, self.answers, self.outcomes
        session = Session(self.game.ruleset, self.game.specs, self.game.seed, log_events=True)
        sampler = session.chance = Sampler(outcomes, session)
        marked: list[tuple[Checkpoint, int]] = []  # (the decision before the last answer, outcomes given by then)

        def play() -> None:
            if anchor is None:
                session.decision()
            else:
                anchor.play_on(session)
            for place, index in enumerate(answers):
                if place == len(answers) - 1 and place >= 2:  # so that the next chance replays one answer
                    marked.append((Checkpoint.of(session, waiting=True), sampler.used))
                session.apply(index)
        at_decision = self._play(session, play)
        base = 0 if anchor is None else len(anchor.record)
        point = sampler.checkpoint
        if marked and (point is None or len(point.record) < len(marked[0][0].record)):
            point, used = marked[0]
            self.anchor, self.answers, self.outcomes = point, answers[-1:], outcomes[used:]
        elif point is not None:  # taken once every outcome was given
            self.anchor, self.answers, self.outcomes = point, answers[len(point.record) - base:], []
        if at_decision and self.outcomes:
            self.anchor, self.answers, self.outcomes = Checkpoint.of(session, waiting=True), [], []

    def _play(self, session: Session, play: Any) -> bool:
        """Run `play`; True if the game then waits at a decision (or is over), False at a chance node."""
        try:
            play()
        except NeedChance as need:
            if len(need.items) > self.game.max_outcomes:
                raise NycRulesError(f"a draw among {len(need.items)} items: more than the "
                                    f"{self.game.max_outcomes} chance outcomes the game declared") from None
            part = self.game.ruleset.part
            self._offer(tuple(ops.looks(item, part) for item in need.items), need.more)
            if session.state is None:  # stopped while the table was being laid out
                session.state = need.table
            self.live, self.stopped = None, session
            return False
        self.live, self.stopped, self.chances = session, None, []
        return True

    def _offer(self, items: tuple[str, ...], more: int) -> None:
        """A chance node among items (what each looks like), `more` picks from them to follow."""
        alike: dict[str, list[int]] = {}
        for place, name in enumerate(items):
            alike.setdefault(name, []).append(place)
        self.chances = [(places[0], len(places) / len(items), name) for name, places in alike.items()]
        self.items, self.more = items, more
