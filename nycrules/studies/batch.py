"""Many seeded games with your own Python agents, on every core: `nycrules.run_games`.

    import nycrules
    from mypackage.agents import MyAgent            # any class with choose(view) -> int

    report = nycrules.run_games({0: MyAgent}, ["Mine", "bot:greedy", "bot:mcts"], games=200, seed=1)
    report["seats"][0]["win_rate"]

`agents` maps a seat index to an agent class or factory; every game makes its own agents
(`factory(seed=...)` when the factory takes a seed, else `factory()`), so workers make
theirs and the results are the same for any number of workers. The report is the one
`nycrules simulate --format json` writes. `simulate --agent module:Class` does the same
from the command line: each `--agent` plays the next seat given as a name.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import pickle
import sys
from pathlib import Path
from typing import Any, Callable

from ..api import load
from ..diagnostics import ArgumentTypeError, NycRulesError, whole_number
from ..limits import MAX_GAMES, MAX_INT
from ..text import shown_clipped
from ..engine.runner import AgentError
from ..engine.setup import SeatSpec
from ..agents.seating import parse_seats
from .simulate import AgentFactories, agent_for_game, check_seats


def run_games(agents: AgentFactories, seats: list[str], games: int = 100, seed: int = 1,
              workers: int | None = None, ruleset: str | Path = "nyc",
              progress: Callable[[int], None] | None = None, apart: bool = False) -> dict:
    """Play games 0..games-1 (game i with seed `seed + i`) and give simulate's report.

    `apart`: each agent runs in a process of its own, sent its seat's view as data (studies/apart.py).

    `seats` are as for `new_game`; a seat of `agents` may be given as any name. `workers`:
    processes to play on (default: every core); 1 plays in this process.
    """
    from .distribute import RulesetRef
    from .study import run

    if getattr(multiprocessing.current_process(), "_inheriting", False):
        # A worker process importing the caller's script again (spawn does), which calls run_games at its
        # top: it would start workers of its own, and so on. The worker ends quietly; the run that started
        # it says what to add (processes.py).
        raise SystemExit(3)
    if isinstance(ruleset, (str, Path)):
        loaded = load(ruleset)
    else:
        raise NycRulesError("run_games takes a ruleset's name or path (workers load it themselves)")
    games = whole_number(games, "run_games' games", 1, MAX_GAMES)  # each game's results are kept for the report
    seed = whole_number(seed, "run_games' seed", 0, MAX_INT // 2)  # seed + i stays a seed a save can hold
    if workers is not None:
        workers = whole_number(workers, "run_games' workers", 1)
    if progress is not None and not callable(progress):  # else it failed only once the first game was played
        raise ArgumentTypeError("run_games' progress must be a function called with the number of games done, "
                                f"not {shown_clipped(repr(progress), 40)} ({type(progress).__name__})")
    if not isinstance(agents, dict):
        raise ArgumentTypeError(f"run_games' agents map a seat index to an agent class, e.g. {{0: MyAgent}}; "
                                f"not {shown_clipped(repr(agents), 40)} ({type(agents).__name__})")
    specs = parse_seats(list(seats), loaded)
    if apart:
        from .apart import Apart
        agents = {index: Apart(factory) if callable(factory) else factory for index, factory in agents.items()}
    check_agents(agents, specs)
    try:
        check_seats(specs, loaded, agents)
    except ValueError as err:
        raise NycRulesError(str(err)) from None
    if (workers is None or workers > 1) and games > 1:
        _check_picklable(agents)
    return run(RulesetRef.of(ruleset, loaded), loaded, specs, games, seed, workers=workers,
               progress=progress, agents=dict(agents))


def check_agents(agents: AgentFactories, specs: list[SeatSpec]) -> None:
    """Every agent plays a seat of the game and makes objects with `choose` (simulate.check_seats checks
    that every person's seat has one)."""
    for index, factory in agents.items():
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(specs):
            raise NycRulesError(f"agents are keyed by seat index 0-{len(specs) - 1}, not {index!r}")
        if not callable(factory):
            raise NycRulesError(f"the agent of seat {index} must be a class or factory, not {factory!r}")
        made = agent_for_game(factory, 0)
        if not callable(getattr(made, "choose", None)):
            raise AgentError(f"the agent {_name(factory)} of seat {index} has no method choose(view)")


def _check_picklable(agents: AgentFactories) -> None:
    for index, factory in agents.items():
        try:
            pickle.dumps(factory)
        except Exception:
            raise NycRulesError(f"the agent of seat {index} ({_name(factory)}) cannot be sent to worker processes: "
                                "give a class or function defined at the top level of a module, "
                                "or play with workers=1") from None


def load_agent(text: str) -> Callable[..., Any]:
    """`module:Class` (or `module:function`), imported; the current folder is searched first."""
    module_name, _, attribute = text.partition(":")
    if not module_name or not attribute:
        raise NycRulesError(f"--agent {text}: give the agent as module:Class, e.g. myagents:RandomAgent")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as `python -m` does, so a module beside the user is found
    try:
        module = importlib.import_module(module_name)
    except Exception as err:
        raise NycRulesError(f"--agent {text}: cannot import {module_name}: {type(err).__name__}: {err}"
                            .splitlines()[0]) from None
    target: Any = module
    for part in attribute.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise NycRulesError(f"--agent {text}: {module_name} has no {attribute}")
    if not callable(target):
        raise NycRulesError(f"--agent {text}: {attribute} is not a class or function")
    return target


def agents_for_named_seats(texts: list[str], specs: list[SeatSpec]) -> AgentFactories:
    """`simulate --agent`s: each plays the next seat given as a name (in seat order)."""
    named = [i for i, spec in enumerate(specs) if spec.kind == "human"]
    if len(texts) != len(named):
        raise NycRulesError(f"{len(texts)} --agent for {len(named)} seat(s) given as names: "
                            "each --agent plays the next seat given as a name")
    return {index: load_agent(text) for index, text in zip(named, texts)}


def _name(factory: Any) -> str:
    return f"{getattr(factory, '__module__', '?')}.{getattr(factory, '__qualname__', repr(factory))}"
