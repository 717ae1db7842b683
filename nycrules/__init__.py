"""nycrules: the board game New York City as data, with an interpreter to play it.

The Python API (see docs/api.md): `new_game`, and the `Session` it returns.
"""

__version__ = "0.1.0"

__all__ = ["new_game", "load", "Session", "__version__"]


def __getattr__(name: str):
    # Imported on first use, so `nycrules --help` does not pay for the engine.
    if name in ("new_game", "load"):
        from . import api
        return getattr(api, name)
    if name == "Session":
        from .engine.runner import Session
        return Session
    raise AttributeError(f"module 'nycrules' has no attribute {name!r}")
