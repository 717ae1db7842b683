"""The public Python API: start a game, answer its decisions, copy it, see it from a seat.

    import nycrules
    game = nycrules.new_game(["Ann", "bot:greedy", "tom:B4"], seed=7)
    while not game.is_over():
        d = game.decision()
        game.apply(d.options[0])

See docs/api.md. A game is a `nycrules.engine.runner.Session`: bots and Toms seated
here answer for themselves; only decisions of the other seats come back.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from .agents import seat_agents
from .engine.runner import Agent, Session
from .engine.model import Ruleset
from .agents.seating import parse_seats


@lru_cache(maxsize=8)
def _load(path: str) -> Ruleset:
    from .loading.loader import load_ruleset
    return load_ruleset(path)


def load(ruleset: str | Path | Ruleset = "nyc") -> Ruleset:
    """A ruleset: a shipped one by name ("nyc"), a folder or YAML file (a mod), or one already loaded."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    from .resources import shipped_ruleset
    shipped = shipped_ruleset(str(ruleset)) if isinstance(ruleset, str) and "/" not in ruleset else None
    path = shipped if shipped is not None and shipped.is_dir() else Path(ruleset)
    return _load(str(path.resolve()))


def new_game(seats: list[str], seed: int = 1, ruleset: str | Path | Ruleset = "nyc",
             agents: dict[int, Agent] | None = None, log_events: bool = True) -> Session:
    """A new game, paused at the first decision of a seat nobody answers for.

    `seats` are as for `nycrules play --seat`: a person's name, `bot:random`, `bot:greedy`,
    `bot:mcts[:easy|normal|hard|N]`, `tom` or `tom:LEVEL`. `agents` adds or replaces answerers by seat index.
    """
    loaded = load(ruleset)
    specs = parse_seats(seats if isinstance(seats, (str, bytes)) else list(seats), loaded)  # a text: refused
    answerers = seat_agents(specs, seed)
    answerers.update(agents or {})
    session = Session(loaded, specs, seed, answerers, log_events=log_events)
    session.decision()
    return session


def load_position(position: "str | Path | dict[str, Any]", ruleset: str | Path | Ruleset = "nyc",
                  agents: dict[int, Agent] | None = None, log_events: bool = True) -> Session:
    """A game that goes on from a position written by `Session.position()`: its data, or a JSON file of it.

    The ruleset must be the one the position was written with. The seats' bots answer as in
    `new_game` (`agents` adds or replaces answerers); the game is paused at the position's decision.
    """
    from .engine.snapshot import read_position_file
    loaded = load(ruleset)
    data = position if isinstance(position, dict) else read_position_file(position)
    session = Session.from_position(loaded, data, log_events=log_events)
    answerers = seat_agents(session.specs, session.seed)
    answerers.update(agents or {})
    session.agents = answerers
    return session

