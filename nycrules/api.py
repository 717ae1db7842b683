"""The public Python API: start a game, answer its decisions, copy it, see it from a seat.

    import nycrules
    game = nycrules.new_game(["Ann", "bot:greedy", "bot:random"], seed=7)
    while not game.is_over():
        d = game.decision()
        game.apply(d.options[0])

See docs/api.md. A game is a `nycrules.engine.runner.Session`: the seats the program plays
(bots, and the seat kinds a game adds) answer for themselves; only decisions of the other seats
come back.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from .agents import seat_agents
from .diagnostics import ArgumentError, ArgumentTypeError, NycRulesError, whole_number
from .limits import MAX_INT
from .engine.agent_answers import agent_map
from .engine.runner import Agent, Session
from .engine.model import Ruleset
from .agents.seating import parse_seats
from .text import shown_clipped


@lru_cache(maxsize=8)
def _load(path: str) -> Ruleset:
    from .loading.loader import load_ruleset
    return load_ruleset(path)


def load(ruleset: str | Path | Ruleset = "nyc") -> Ruleset:
    """A ruleset: a shipped one by name ("nyc"), a folder or YAML file (a mod), or one already loaded."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    if not isinstance(ruleset, (str, Path)):
        raise ArgumentTypeError(f"a ruleset is a shipped one's name (\"nyc\"), a folder or file path, or what "
                                f"nycrules.load gave; not {shown_clipped(repr(ruleset), 40)} ({type(ruleset).__name__})")
    if not str(ruleset):
        raise ArgumentError("a ruleset is a shipped one's name (\"nyc\"), a folder or file path; not an empty text")
    if "\0" in str(ruleset):
        raise ArgumentError(f"no ruleset at {shown_clipped(repr(str(ruleset)), 60)}: a file name cannot hold a NUL byte")
    from .resources import shipped_ruleset
    shipped = shipped_ruleset(str(ruleset)) if isinstance(ruleset, str) and "/" not in ruleset else None
    path = shipped if shipped is not None and shipped.is_dir() else Path(ruleset)
    return _load(str(path.resolve()))


def new_game(seats: list[str], seed: int = 1, ruleset: str | Path | Ruleset = "nyc",
             agents: dict[int, Agent] | None = None, log_events: bool = True) -> Session:
    """A new game, paused at the first decision of a seat nobody answers for.

    `seats` are as for `nycrules play --seat`: a person's name, `bot:random`, `bot:greedy`,
    `bot:mcts[:easy|normal|hard|N]`, or a seat kind the ruleset's game adds (New York City's automa,
    docs/api.md). `agents` adds or replaces answerers by seat index.
    """
    seed = whole_number(seed, "the seed", 0, MAX_INT)  # a save or a position can hold it
    loaded = load(ruleset)
    if not isinstance(seats, (str, bytes)) and not seats:
        raise ArgumentError("new_game needs its seats, e.g. [\"Ann\", \"bot:greedy\"], not an empty list")
    specs = parse_seats(seats if isinstance(seats, (str, bytes)) else list(seats), loaded)  # a text: refused
    answerers = seat_agents(specs, seed)
    answerers.update(agent_map(agents))
    session = Session(loaded, specs, seed, answerers, log_events=log_events)
    session.decision()
    return session


def load_position(position: "str | Path | dict[str, Any]", ruleset: str | Path | Ruleset = "nyc",
                  agents: dict[int, Agent] | None = None, log_events: bool = True) -> Session:
    """A game that goes on from a position written by `Session.position()`: its data, or a JSON file of it.

    The ruleset must be the one the position was written with. The seats' bots answer as in
    `new_game` (`agents` adds or replaces answerers); the game is paused at the position's decision.
    """
    from .agents.seating import check_read_seats
    from .engine.snapshot import PositionError, check_header, position_parts
    from .loading.positions import read_position_file
    if not isinstance(position, (dict, str, Path)):
        raise ArgumentTypeError(f"a position is the data of Session.position() or a JSON file of it, not "
                                f"{shown_clipped(repr(position), 40)} ({type(position).__name__})")
    loaded = load(ruleset)
    data = position if isinstance(position, dict) else read_position_file(position)
    try:  # before the game is played again: a name holding escapes is never shown
        check_header(loaded, data)
        check_read_seats(position_parts(loaded, data)[0], loaded)
    except PositionError:
        raise
    except NycRulesError as err:
        raise PositionError(f"the position's seats are not ones a game can have: {err}") from None
    session = Session.from_position(loaded, data, log_events=log_events)
    answerers = seat_agents(session.specs, session.seed)
    answerers.update(agent_map(agents))
    session.agents = answerers
    return session
