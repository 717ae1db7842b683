"""Running a game: one object that plays, pauses at decisions, replays and copies itself.

A game is fully determined by the ruleset digest, the seats, the seed and the
list of decisions taken; that list (`Session.record`) is what a save file, a
replay, an undo and a copy rest on.

Where the game stands is data in its state: the table and a stack of tasks (the
procedure's cursor, an effect part-way through, a turn...; engine/tasks.py).
The session drives the tasks until a decision waits; the replay, an agent or its game's
own rules answer it, or the session pauses there for the caller. A copy (`clone`, `determinize`)
copies the state and makes the waiting decision again from the copy: nothing is replayed.
Play, replay, simulate and the public API all drive games through this class.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ..diagnostics import ArgumentError, ArgumentTypeError, NycRulesError, number_shown, whole_number
from .model import Ruleset
from ..text import shown_clipped
from .decisions import Decision, Option
from .scoring import winner_of
from .setup import SeatSpec, new_game
from .state import Event, Game, copy_game
from .agent_answers import AgentError, about, agent_map, agent_name, checked_answer
from .research_methods import ResearchMethods
from .tasks import answered, ask_again, drive

if TYPE_CHECKING:
    from .seat_view import SeatView


class Agent(Protocol):
    def choose(self, view: "SeatView") -> int:
        """The index of the chosen option of `view.decision`: the view shows what the seat may know."""
        ...


class EngineAgent:
    """The built-in bots: asked with the session itself (`choose(session, decision)`), which is faster
    than a view; each reads only what its seat may know (the search bot plays on determinized copies)."""

    __slots__ = ()

    def choose(self, session: "Session", decision: Decision) -> int:
        raise NotImplementedError


class ReplayMismatch(NycRulesError):
    """The recorded decisions do not fit the game (another ruleset or a tampered record)."""


Observer = Callable[[Game, Decision, int], None]


class Session(ResearchMethods):
    """One game with agents answering for some seats; it pauses at the decisions of the others.

    `replay` holds decisions to take first, in order (a save, or the game being copied).
    A seat with no agent is asked through `decision()` / `apply()`; a seat of a kind its
    game adds (model.GamePart.seats) answers by the game's rules. `run()` plays to the end and fails if a decision has nobody to answer it.
    """

    def __init__(self, ruleset: Ruleset, specs: list[SeatSpec], seed: int,
                 agents: dict[int, Agent] | None = None, replay: list[int] | None = None,
                 log_events: bool = True, observer: Observer | None = None, pause_at: int = -1, chance: Any = None):
        self.ruleset = ruleset
        self.specs = list(specs)
        self.seed = seed
        self.agents: dict[int, Agent] = dict(agent_map(agents))
        for index, agent in self.agents.items():
            if not callable(getattr(agent, "choose", None)):
                seat = self.specs[index].name if isinstance(index, int) and 0 <= index < len(self.specs) else index
                raise AgentError(f"the agent for seat {seat} ({type(agent).__name__}) has no method "
                                 "choose(view)")
        self.replay: list[int] = list(replay or [])
        self.log_events = log_events
        self.observer = observer
        self.record: list[int] = []  # the option index of every decision taken, in order
        self.history: list[tuple[int, int, int]] = []  # (seat, option index, option count) of each
        self.state: Game | None = None
        self._pause_at = pause_at  # this decision pauses even when an agent could answer it
        self._pending: Decision | None = None  # the decision waiting for the caller
        self._actions_of: tuple[Decision, dict[int, int]] | None = None  # the waiting decision's action ids
        self._over = False
        self._started, self.chance = False, chance  # chance: picks what shuffles and draws give (Game.chance)
        self._by_rules = frozenset(kind.kind for kind in ruleset.part.seats)  # seats its game's rules play

    # ------------------------------------------------------------ driving
    @property
    def game(self) -> Game | None:
        """The engine state (older name of `state`)."""
        return self.state

    def run(self) -> Game:
        """Play to the end; every decision must have someone to answer it (a seat's agent, or its game's rules)."""
        while (decision := self.decision()) is not None:
            agent = self.agents.get(decision.seat.index)
            if agent is not None:
                self.apply(self._ask(agent, decision, len(self.record)))
            elif decision.seat.kind in self._by_rules:
                self.apply(0)
            else:
                raise NycRulesError(f"nobody answers for seat {decision.seat.name}")
        assert self.state is not None
        return self.state

    def decision(self) -> Decision | None:
        """The decision waiting for an answer, or None when the game is over."""
        if not self._started:
            self._started = True
            try:
                self.state = new_game(self.ruleset, self.specs, self.seed, None, self.log_events, self.chance)
            except BaseException:
                self._over = True
                raise
            self._play(None)
        return self._pending

    def apply(self, choice: Option | int | str) -> None:
        """Answer the waiting decision with an option, its index or its key; then play on."""
        decision = self.decision()
        if decision is None:
            raise NycRulesError("the game is over: there is no decision to answer")
        index = self._index(decision, choice)
        self._pending = None
        self._play(self._taken(decision, index))

    def is_over(self) -> bool:
        return self.decision() is None

    def close(self) -> None:
        """Give up a game that will not be played on (nothing of it is left running anywhere)."""
        self._over = True
        self._pending = None

    # ------------------------------------------------------------ results
    def scores(self) -> list[dict[str, Any]]:
        """Per seat: name, total points, and the final scoring by category (with "during the game")."""
        state = self._state()
        out = []
        for seat in state.seats:
            categories = dict(seat.scores)
            during = seat.points - sum(categories.values())
            out.append({"seat": seat.index, "name": seat.name, "total": seat.points,
                        "categories": {"during the game": during, **categories}})
        return out

    def winner(self) -> int | None:
        """The winning seat's index once the game is over (most points, ties by the ruleset's `winner`)."""
        state = self._state()
        return winner_of(state).index if state.finished else None

    def events(self, seat: int | None = None) -> list[Event]:
        """The event log so far (empty when the session logs no events); with `seat`, as that seat
        saw it: another seat's exchange says that it exchanged, not which cards, and the option
        another seat took because it was its only one is not told."""
        events = self._state().events
        if seat is None:
            return list(events)
        seat = self._seat(seat)
        return [seen for event in events if (seen := event.seen_by(seat)) is not None]

    # ------------------------------------------------------------ copies
    def clone(self, agents: dict[int, Agent] | None = None, log_events: bool | None = None) -> "Session":
        """An independent copy, paused at the same decision; `agents` replaces the seats' agents."""
        return self._copy(agents, log_events, None)

    def __copy__(self) -> "Session":
        """copy.copy(game) is clone(): two sessions never share one table (a move in one would break the other)."""
        return self.clone()

    def __deepcopy__(self, memo: dict) -> "Session":
        """copy.deepcopy(game) is clone() too: the ruleset is shared, never copied (it does not change)."""
        return self.clone()

    def __reduce__(self) -> Any:
        raise ArgumentTypeError("a game (Session) cannot be pickled: its ruleset is compiled code; write "
                                "game.position() as JSON and go on from it with nycrules.load_position")

    def observation(self, seat: int) -> dict[str, Any]:
        """All that seat may know now, as JSON-ready data (nothing it may not)."""
        from .information import observation
        return observation(self._state(), self._seat(seat))

    def determinize(self, seat: int, rng_seed: int, agents: dict[int, Agent] | None = None,
                    log_events: bool = False) -> "Session":
        """A copy where what the seat cannot see (other hands, the draw pile, ...) is dealt anew.

        The decision waiting is made again from the copy's cards, whoever's it is (its options
        are the legal options of the copy; should one be left, it is taken and the copy plays on to
        the next decision). Copies of the copy are copies of the re-dealt game.
        """
        return self._copy(agents, log_events, (self._seat(seat), whole_number(rng_seed, "rng_seed")))

    def _copy(self, agents: dict[int, Agent] | None, log_events: bool | None,
              redeal: tuple[int, int] | None) -> "Session":
        """A copy of the table and of the tasks under way (after `redeal`, (seat, rng seed): with what
        that seat cannot see dealt anew), waiting at the same decision made again from the copy."""
        import random

        from .information import determinize
        state = self._state()
        keep = self.log_events if log_events is None else log_events
        twin = Session(self.ruleset, self.specs, self.seed, self.agents if agents is None else agents,
                       replay=self.replay, log_events=keep, observer=None)
        twin.record, twin.history = list(self.record), list(self.history)
        twin._started = True
        copy = twin.state = copy_game(state, keep_events=keep)
        copy.log_events = keep
        if redeal is not None:
            determinize(copy, redeal[0], random.Random(redeal[1]))
            # A sampled world has no way back to the real one: its own seed (that of the deal), no
            # record of the real game's decisions (replayed from a seed they rebuild the real cards),
            # and of the decisions so far only the seat's own (index and count of another seat's
            # options can tell its cards).
            twin.seed, twin.record, twin.replay = redeal[1], [], []
            twin.history = [entry if entry[0] == redeal[0] else (entry[0], -1, -1) for entry in self.history]
        if self._pending is None:  # the game is over
            twin._over = True
            return twin
        decision, value = ask_again(copy)
        if decision is not None:
            twin._pending = decision
        else:  # the cards dealt anew leave one option: it is taken, as in any game
            twin._play(value)
        return twin

    def position(self) -> dict[str, Any]:
        """Where the game stands, as JSON-ready data: the table, the tasks under way and the decisions
        taken (engine/snapshot.py); `nycrules.load_position` goes on from it as this game goes on."""
        from .snapshot import position_data
        state = self._state()
        if self._pending is None:
            raise NycRulesError("the game is over: there is no position to go on from")
        return position_data(self.ruleset, state, self.specs, self.seed, self.record, self.history)

    @classmethod
    def from_position(cls, ruleset: Ruleset, data: Any, agents: dict[int, Agent] | None = None,
                      log_events: bool = True) -> "Session":
        """A session that goes on from a position (`position()`), paused at its decision.

        Nothing of the file's table is trusted: the game is played again from the position's seed and
        decisions (each checked as a save's are) and must make exactly the table the file holds. The
        seats' names and kinds are the caller's to check (api.load_position checks them as a save's)."""
        from .snapshot import PositionError, check_header, position_parts, same_table
        check_header(ruleset, data)
        specs, seed, record, logged = position_parts(ruleset, data)
        session = cls(ruleset, specs, seed, None, replay=record, log_events=logged, pause_at=len(record))
        try:
            session.decision()
        except ReplayMismatch as err:
            raise PositionError(f"the position's decisions are not a game of its seed: {err}") from None
        except NycRulesError as err:
            raise PositionError(f"the position's decisions cannot be played again: {err}") from None
        if (session._pending is None or session.record != record
                or [list(entry) for entry in session.history] != data.get("history")
                or not same_table(ruleset, session._state(), data["game"], data["nycrules_position"])):
            raise PositionError("the position's table is not the game its seed and decisions make (was it "
                                "edited?); go on from a position file as nycrules wrote it")
        session.agents, session.replay, session._pause_at = dict(agent_map(agents)), list(record), -1
        session.log_events = session._state().log_events = log_events
        if not log_events:
            session._state().events = []
        return session

    def view(self, seat: int) -> "SeatView":
        """What `seat` may know of the game, and its decision if it is the seat's turn (see seat_view.py)."""
        from .seat_view import SeatView
        return SeatView(self, seat)

    # ------------------------------------------------------------ inside
    def _seat(self, seat: object) -> int:
        """A seat index of this game (Python's or numpy's int), or a one-line error saying which there are."""
        if type(seat) is int and 0 <= seat < len(self.specs):
            return seat
        seats = f"this game has seats 0-{len(self.specs) - 1}"
        if isinstance(seat, bool) or not hasattr(seat, "__index__"):
            raise ArgumentTypeError(f"a seat is given by its index, a whole number ({seats}), not "
                                    f"{shown_clipped(repr(seat), 40)} ({type(seat).__name__})")
        index = operator.index(seat)  # type: ignore[arg-type]
        if not 0 <= index < len(self.specs):
            raise ArgumentError(f"there is no seat {number_shown(index)}: {seats}")
        return index

    def _state(self) -> Game:
        self.decision()
        assert self.state is not None
        return self.state

    def _index(self, decision: Decision, choice: Option | int | str) -> int:
        if isinstance(choice, Option):
            for i in range(decision.count):
                if decision.option(i).key == choice.key:
                    return i
            raise NycRulesError(f"that option ({choice.label}) is not one of this decision's")
        if isinstance(choice, bool) or not isinstance(choice, (int, str)):
            raise NycRulesError(f"answer a decision with an Option, an index or a key, not {choice!r}")
        if isinstance(choice, str):
            index = decision.index_of(choice)
            if index is None:
                raise NycRulesError(f"no option has the key {choice!r}; "
                                    f"keys: {', '.join(o.key for o in decision.options[:8])}"
                                    f"{', ...' if decision.count > 8 else ''}")
            return index
        if not 0 <= choice < decision.count:
            raise NycRulesError(f"there is no option {choice}: this decision has {decision.count} (0-{decision.count - 1})")
        return choice

    def _play(self, value: Any) -> None:
        """Play on with the value of the answer just given, until a decision waits for the caller (it
        is then `_pending`) or the game ends; the replay, agents and the game's rules answer the others."""
        state = self.state
        assert state is not None
        try:
            drive(state, value, 0, self._answered)  # the replay, agents and Toms answer inside
            decision = state.waiting
            if decision is None:
                self._over = True
                return
            state.waiting = None
            self._pending = decision
        except AgentError:
            raise  # an agent gave no answer: its decision waits (for apply, or for run() to ask again)
        except BaseException:
            self._over = True  # a rule failed or the player interrupted: this game cannot go on
            raise

    def _answered(self, game: Game, decision: Decision) -> int | None:
        """The answer of the replay, the seat's agent or its game's rules, noted as taken (`_noted`, written
        out: it runs at every decision of a game); None when the caller answers (nothing is noted)."""
        record = self.record
        position = len(record)
        if position < len(self.replay):
            index = self.replay[position]
            if not 0 <= index < decision.count:
                raise ReplayMismatch(f"decision {position + 1} of the record has no option {index + 1} "
                                     f"(that decision offers {decision.count})")
        elif position == self._pause_at:
            return None
        else:
            agent = self.agents.get(decision.seat.index)
            if agent is not None:
                self._pending = decision  # while the agent thinks, the game waits at this decision (its copies)
                try:
                    if not isinstance(agent, EngineAgent):
                        index = self._ask(agent, decision, position)
                    else:
                        index = agent.choose(self, decision)  # a built-in bot, asked inline
                        if type(index) is not int or not 0 <= index < decision.count:
                            index = checked_answer(index, decision, position, agent)
                except AgentError:
                    raise  # the agent gave no answer: the game still waits at its decision (_pending)
                except BaseException:
                    self._pending = None
                    raise
                self._pending = None
            elif decision.seat.kind in self._by_rules:
                index = 0  # its game's rules decide for it; a rule that still asks it gets the first option
            else:
                return None
        record.append(index)
        self.history.append((decision.seat.index, index, decision.count))
        if self.observer is not None:
            self.observer(self.state, decision, index)
        return index

    def _taken(self, decision: Decision, index: int) -> Any:
        """A decision answered: noted in the record and the history, the observer told; its value."""
        state = self.state
        assert state is not None
        self._noted(decision, index)
        return answered(state, decision, index)

    def _noted(self, decision: Decision, index: int) -> None:
        self.record.append(index)
        self.history.append((decision.seat.index, index, decision.count))
        if self.observer is not None:
            self.observer(self.state, decision, index)

    def _ask(self, agent: Any, decision: Decision, position: int) -> int:
        """The agent's answer to the decision, refused with one line unless it is an option's index."""
        if isinstance(agent, EngineAgent):  # the built-in bots, at most decisions of a simulation
            answer = agent.choose(self, decision)
        else:
            try:
                answer = agent.choose(self._view(decision))
            except AgentError:
                raise
            except (Exception, SystemExit) as err:  # the agent's own failure (sys.exit too): named, cause chained
                raise AgentError(f"the agent {agent_name(agent)} for seat {decision.seat.name} failed at decision "
                                 f"{position + 1} ({about(decision)}): {type(err).__name__}: "
                                 f"{shown_clipped(str(err), 200)}") from err
        return checked_answer(answer, decision, position, agent)

    def _view(self, decision: Decision) -> "SeatView":
        from .seat_view import SeatView
        return SeatView(self, decision.seat.index, decision)
