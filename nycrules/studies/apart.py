"""Agents that run in a process of their own, handed their seat's view as data: they cannot cheat.

In one process an agent's `choose(view)` can reach the session behind its view (Python hides
nothing: `view._session.state.seats[other].hand`). `Apart(factory)` is a factory of agents whose
code runs in a child process: that process holds no game at all. At each decision it is sent the
seat, the seats and the decision (kind, prompt, rule, options); whatever else its view is asked
(`observation()`, `events()`, `history()`, the action ids, the tensor, the information state) is
asked of the real view through the pipe, one call at a time, and comes back as plain data. So
everything the agent can learn is what its `SeatView` gives. `determinize` is not offered there: a
copy of the game is the one thing a view gives that is not data (docs/api.md says what each mode
costs and guarantees).

One child process per `Apart` and per process that plays games (a run's workers each have theirs);
it makes the agent anew for every game, seeded as any agent of a run is.
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass
from multiprocessing.connection import Connection
from types import SimpleNamespace
from typing import Any, Callable

from ..diagnostics import NycRulesError
from ..engine.agent_answers import AgentError
from ..engine.seat_view import DecisionView, SeatView
from ..text import shown_clipped

_PARTS = ("observation", "events", "history", "legal_actions", "legal_actions_mask", "observation_tensor",
          "information_state_string")  # what the child's view may ask of the real one


class Apart:
    """A factory of agents (`factory` as `run_games` takes it: a class or function, importable by name)
    that play from a process of their own. `Apart(factory)(seed=...)` is one game's agent."""

    def __init__(self, factory: Callable[..., Any]):
        self.factory = factory
        self._pipe: Connection | None = None
        self._process: Any = None

    def __getstate__(self) -> dict[str, Any]:  # sent to a run's workers: each starts a child of its own
        return {"factory": self.factory, "_pipe": None, "_process": None}

    def __call__(self, seed: int) -> "ApartAgent":
        if self._process is None or not self._process.is_alive():
            context = multiprocessing.get_context("spawn")
            self._pipe, theirs = context.Pipe()
            self._process = context.Process(target=_child, args=(theirs, self.factory), daemon=True)
            self._process.start()
            theirs.close()
        return ApartAgent(self, seed)

    def ask(self, message: tuple, view: SeatView | None = None) -> Any:
        """Send the child a message; answer what it asks of `view` (and of the copies it made) until it
        replies. The copies live here, for this decision only."""
        pipe = self._pipe
        assert pipe is not None
        copies: list[Any] = []
        try:
            pipe.send(message)
            while True:
                kind, value = pipe.recv()
                if kind == "view" and view is not None and value in _PARTS:
                    pipe.send(_plain(getattr(view, value)()))
                elif kind in ("determinize", "copy") and view is not None:
                    pipe.send(_on_copy(view, copies, kind, value))
                elif kind == "error":
                    raise AgentError(value)
                else:
                    return value
        except (EOFError, OSError):
            self._process.join(1)
            raise AgentError(f"the agent {_named(self.factory)} ended its own process (exit code "
                             f"{self._process.exitcode})") from None


class ApartAgent:
    """One game's agent: its seed sent to the child, which makes the agent; then asked with data."""

    def __init__(self, apart: Apart, seed: int):
        self.apart = apart
        apart.ask(("game", seed))

    def choose(self, view: SeatView) -> int:
        decision = view.decision
        if decision is None:
            raise NycRulesError(f"seat {view.seat} has no decision to answer")
        return self.apart.ask(("choose", view.seat, view.seats, decision), view)


def _on_copy(view: SeatView, copies: list[Any], kind: str, value: Any) -> tuple[str, Any]:
    """A narrow call on a determinized copy (the seat's own re-dealt world: nothing hidden is in it):
    ("ok", result) or ("refused", one line)."""
    from ..agents import RandomAgent
    from ..agents.seating import plays_by_the_rules

    try:
        if kind == "determinize":
            copies.append(view.determinize(value, agents={}))  # nobody answers in it but the game's own rules
            return "ok", len(copies) - 1
        handle, method, argument = value
        game = copies[handle]
        if method == "decision":
            asked = game.decision()
            return "ok", None if asked is None else {
                "seat": asked.seat.index, "kind": asked.kind, "prompt": asked.prompt,
                "options": [(i, option.key, option.label) for i, option in enumerate(asked.options)]}
        if method == "apply":
            game.apply(argument)
            return "ok", None
        if method == "clone":
            copies.append(game.clone())
            return "ok", len(copies) - 1
        if method == "play_out":
            played = game.clone(agents={i: RandomAgent(argument * 31 + i) for i, spec in enumerate(game.specs)
                                        if not plays_by_the_rules(spec.kind)})
            played.run()
            return "ok", played.scores()
        if method in ("is_over", "scores", "winner"):
            return "ok", getattr(game, method)()
        return "refused", f"a copy apart offers decision, apply, clone, play_out, is_over, scores, winner; not {method}"
    except (NycRulesError, IndexError, TypeError) as err:
        return "refused", f"{type(err).__name__}: {shown_clipped(str(err), 200)}"


def _plain(value: Any) -> Any:
    """A view's answer as data: events as plain records of what the seat saw."""
    if isinstance(value, list) and value and hasattr(value[0], "seen_by"):
        return [{"text": e.text, "seat": e.seat, "rule": e.rule, "kind": e.kind} for e in value]
    return value


# ------------------------------------------------------------------ the child process
@dataclass
class _ViewData:
    """The view an agent is handed in its own process: the same names as a SeatView, from data."""

    seat: int
    seats: list[dict[str, str]]
    decision: DecisionView
    pipe: Connection

    def _ask(self, part: str) -> Any:
        self.pipe.send(("view", part))
        return self.pipe.recv()

    def observation(self) -> dict[str, Any]:
        return self._ask("observation")

    def events(self) -> list[SimpleNamespace]:
        return [SimpleNamespace(**event) for event in self._ask("events")]

    def history(self) -> list[tuple[int, int, int]]:
        return [tuple(entry) for entry in self._ask("history")]

    def legal_actions(self) -> list[int]:
        return self._ask("legal_actions")

    def legal_actions_mask(self) -> list[int]:
        return self._ask("legal_actions_mask")

    def observation_tensor(self) -> list[float]:
        return self._ask("observation_tensor")

    def information_state_string(self) -> str:
        return self._ask("information_state_string")

    def determinize(self, rng_seed: int, agents: dict | None = None) -> "_CopyApart":
        """A copy of the game with all the seat cannot see dealt anew, kept in the game's process: asked
        through the pipe (its decisions, apply, clone, play_out...), for this decision only. Nobody
        answers in it (but the seats the game's own rules play): `agents` cannot be sent there."""
        if agents:
            raise NycRulesError("a copy apart takes no agents: play it out with play_out(seed)")
        return _CopyApart(_call(self.pipe, ("determinize", rng_seed)), self.pipe)


def _call(pipe: Connection, message: tuple) -> Any:
    pipe.send(message)
    kind, value = pipe.recv()
    if kind == "refused":
        raise NycRulesError(value)
    return value


@dataclass
class _CopyApart:
    """A determinized copy as an agent apart sees it: the names of a Session's methods it may use."""

    handle: int
    pipe: Connection

    def _ask(self, method: str, argument: Any = None) -> Any:
        return _call(self.pipe, ("copy", (self.handle, method, argument)))

    def decision(self) -> SimpleNamespace | None:
        """The decision the copy waits at: `seat`, `kind`, `prompt`, `count`, `options` (`index`, `key`, `label`)."""
        data = self._ask("decision")
        if data is None:
            return None
        options = [SimpleNamespace(index=i, key=key, label=label) for i, key, label in data["options"]]
        return SimpleNamespace(seat=data["seat"], kind=data["kind"], prompt=data["prompt"], count=len(options),
                               options=options)

    def apply(self, choice: int | str) -> None:
        self._ask("apply", choice)

    def clone(self) -> "_CopyApart":
        return _CopyApart(self._ask("clone"), self.pipe)

    def play_out(self, seed: int) -> list[dict[str, Any]]:
        """The scores of the copy played to its end by random bots at every seat (the copy is unchanged)."""
        return self._ask("play_out", seed)

    def is_over(self) -> bool:
        return self._ask("is_over")

    def scores(self) -> list[dict[str, Any]]:
        return self._ask("scores")

    def winner(self) -> int | None:
        return self._ask("winner")


def _child(pipe: Connection, factory: Callable[..., Any]) -> None:
    from .simulate import agent_for_game

    agent = None
    try:
        while (message := pipe.recv()) is not None:
            try:
                if message[0] == "game":
                    agent = agent_for_game(factory, message[1])
                    pipe.send(("made", None))
                else:
                    _, seat, seats, decision = message
                    pipe.send(("answer", agent.choose(_ViewData(seat, seats, decision, pipe))))
            except (EOFError, OSError):
                raise  # the game's process is gone (below)
            except AgentError as err:  # a factory that cannot make it (agent_for_game says so)
                pipe.send(("error", str(err)))
            except (Exception, SystemExit) as err:  # the agent's own failure (sys.exit too): named in one line
                pipe.send(("error", _failed(factory, message, err)))
    except (EOFError, OSError):  # the game's process is gone
        pass


def _failed(factory: Any, message: tuple, err: BaseException) -> str:
    what = f"{type(err).__name__}: {shown_clipped(str(err), 200)}"
    if message[0] != "choose":
        return f"the agent {_named(factory)} failed as it was made: {what}"
    _, seat, seats, decision = message
    return (f"the agent {_named(factory)} for seat {seats[seat]['name']} failed at its decision ({decision.kind}: "
            f"{shown_clipped(decision.prompt, 60)}): {what}")


def _named(factory: Any) -> str:
    return f"{getattr(factory, '__module__', '?')}.{getattr(factory, '__qualname__', repr(factory))}"
