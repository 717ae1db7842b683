"""The games: each one's own vocabulary in a folder of its own (docs/games.md).

A ruleset names its game by a plain name; `load` imports `nycrules.games.<name>` only when
that name is one of the packages in this folder, so no text of a ruleset is ever an import
path. The shared parts of nycrules never import a game's module themselves.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from types import ModuleType

_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


def names() -> list[str]:
    """The games there are: the packages in this folder, sorted."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)


def problem(name: object) -> str | None:
    """Why `name` names no game, in plain words (None: it names one)."""
    known = names()
    if isinstance(name, str) and _NAME.fullmatch(name) and name in known:
        return None
    shown = repr(name) if isinstance(name, str) and len(name) <= 40 else "that"
    return f"there is no game {shown}; the games are: {', '.join(known)}"


def load(name: str) -> ModuleType:
    """The game's package, imported; ValueError (with `problem`'s message) for a name of no game."""
    why = problem(name)
    if why is not None:
        raise ValueError(why)
    return importlib.import_module(f"{__name__}.{name}")
