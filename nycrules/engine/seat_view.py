"""A seat's view of a game: what an agent is handed at its decision, and nothing more.

An agent seated through the API (`new_game(agents=...)`, `run_games`, `simulate --agent`)
is asked `choose(view) -> int` with a `SeatView`: the seat's observation, its decision's
options by key and label (not the engine's values, which lead to the table), the event
log as that seat saw it, its own past decisions, the fixed action space's ids, and
determinized copies of the game to search on. Everything a view gives depends only on
what the seat may know: tests/test_seat_view.py checks it against determinizations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..diagnostics import NycRulesError

if TYPE_CHECKING:
    from .decisions import Decision
    from .runner import Agent, Session
    from .state import Event


@dataclass(frozen=True)
class OptionView:
    """One option of a decision: its index (what `choose` returns), stable key, label and action id."""

    index: int
    key: str
    label: str
    action: int


@dataclass(frozen=True)
class DecisionView:
    """The seat's decision: what kind, the question, the rule asking, its options, and the question's
    key when the ruleset names it (`ask(question, key)`: stable while the wording changes)."""

    seat: int
    kind: str
    prompt: str
    rule: str
    options: tuple[OptionView, ...]
    key: str = ""

    @property
    def count(self) -> int:
        return len(self.options)

    def index_of(self, key: str) -> int | None:
        """The index of the option with this key, if any."""
        for option in self.options:
            if option.key == key:
                return option.index
        return None


class SeatView:
    """What seat `seat` may know of a session now (see the module's docstring)."""

    __slots__ = ("_session", "seat", "_waiting", "_decision")

    def __init__(self, session: "Session", seat: int, waiting: "Decision | None" = None):
        """`waiting`: the decision being asked (an agent's); else the session's decision waiting, if any."""
        seat = session._seat(seat)  # an index of one of the game's seats, else a one-line error
        self._session = session
        self.seat = seat
        self._waiting = waiting if waiting is not None else session.decision()
        self._decision: DecisionView | None = None

    @property
    def seats(self) -> list[dict[str, str]]:
        """Every seat's name and kind (a person, `bot:greedy`, or a kind its game adds): public."""
        return [{"name": spec.name, "kind": spec.kind} for spec in self._session.specs]

    @property
    def decision(self) -> DecisionView | None:
        """The seat's decision waiting for an answer, or None when another seat (or nobody) is to move."""
        if self._decision is None:
            waiting = self._waiting
            if waiting is None or waiting.seat.index != self.seat:
                return None
            space = self._session.action_space()
            actions = space.actions_of([option.key for option in waiting.options])
            options = tuple(OptionView(i, option.key, option.label, action)
                            for i, (option, action) in enumerate(zip(waiting.options, actions)))
            self._decision = DecisionView(self.seat, waiting.kind, waiting.prompt, waiting.rule, options,
                                          waiting.key)
        return self._decision

    def observation(self) -> dict[str, Any]:
        """All the seat may know of the table now, as JSON-ready data (`Session.observation`)."""
        return self._session.observation(self.seat)

    def events(self) -> "list[Event]":
        """The log as the seat saw it (empty in a copy made without a log)."""
        return self._session.events(self.seat)

    def history(self) -> list[tuple[int, int, int]]:
        """The seat's own decisions so far: (decision number, option index taken, option count)."""
        return [(number, index, count) for number, (seat, index, count) in enumerate(self._session.history)
                if seat == self.seat]

    def legal_actions(self) -> list[int]:
        """The action ids of the seat's options (empty when it is not the seat's turn)."""
        decision = self.decision
        return sorted(option.action for option in decision.options) if decision else []

    def legal_actions_mask(self) -> list[int]:
        """1 at each action id the seat may take now, 0 elsewhere (`num_distinct_actions` long)."""
        mask = [0] * self._session.action_space().size
        for action in self.legal_actions():
            mask[action] = 1
        return mask

    def observation_tensor(self) -> list[float]:
        """The observation as a flat list of numbers (layout: docs/api.md, `nycrules.actions`)."""
        return self._session.observation_tensor(self.seat)

    def information_state_string(self) -> str:
        """The seat's observation, its own past decisions and the log as it saw it, as one text."""
        return self._session.information_state_string(self.seat)

    def determinize(self, rng_seed: int, agents: "dict[int, Agent] | None" = None,
                    log_events: bool = False) -> "Session":
        """A copy of the game, paused at this decision, where everything the seat cannot see
        (other hands and reserves, the draw pile, the face-down stacks, the random future) is
        dealt anew consistently with what it saw. Only at the seat's own decision: at another
        seat's, the waiting decision was made from that seat's real cards."""
        if self.decision is None:
            raise NycRulesError(f"seat {self.seat} can determinize the game only at its own decision")
        if self._waiting is not self._session.decision():  # a view kept after its decision was answered
            raise NycRulesError("this view's decision has been answered since: the game has moved on; "
                                "determinize from a view of the decision now waiting (game.view(seat))")
        return self._session.determinize(self.seat, rng_seed, agents=agents, log_events=log_events)
