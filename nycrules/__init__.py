"""nycrules: the board game New York City as data, with an interpreter to play it.

The Python API (see docs/api.md): `new_game` and the `Session` it returns, the `SeatView`
an agent is handed, `run_games` for batches of games with your own agents, and the
wrappers `nycrules.pettingzoo` and `nycrules.openspiel`.
"""

__version__ = "0.1.0"

# Public name -> the module that defines it; imported on first use, so that
# `nycrules --help` does not pay for the engine.
_PUBLIC = {
    "new_game": "api", "load": "api", "load_position": "api", "run_games": "studies.batch",
    "Session": "engine.runner", "Agent": "engine.runner", "AgentError": "engine.agent_answers",
    "SeatView": "engine.seat_view", "DecisionView": "engine.seat_view", "OptionView": "engine.seat_view",
    "ActionSpace": "engine.action_space", "ActionSpaceError": "engine.action_space",
    "NycRulesError": "diagnostics",
}

__all__ = sorted([*_PUBLIC, "__version__"])


def __getattr__(name: str):
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'nycrules' has no attribute {name!r}")
    from importlib import import_module
    return getattr(import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return __all__
