"""The game a ruleset plays (docs/games.md), named by `ruleset: {game: NAME}`: New York City when it
names none. The game's package (found only by a plain name among nycrules/games/) gives the loader
the schema of its sections, the names its effects may use and, for a ruleset that passed every check,
its part of the Ruleset (model.GamePart); the rest is shared (loader.py): the effects' syntax and
types (with the game's own primitives), the procedure's shape, the compiled scripts, the Ruleset the
engine runs (build.build).
"""

from __future__ import annotations

from types import ModuleType

from .. import games
from ..diagnostics import Sink
from ..reading.marked_yaml import MDict

DEFAULT_GAME = "nyc"  # the game of a ruleset that names none: New York City


def game_of(doc: MDict, sink: Sink) -> str:
    """The game the ruleset names (DEFAULT_GAME when it names none); a name of no game is an error at it
    (and gives ""). Never an import: the name is looked up among the games' folders."""
    header = doc.get("ruleset")
    if not isinstance(header, MDict) or "game" not in header or header["game"] == DEFAULT_GAME:
        return DEFAULT_GAME
    name = header["game"]
    why = games.problem(name)
    if why is not None:
        sink.error("E204", f"ruleset.game: {why}", header.value_locs.get("game", header.loc))
        return ""
    return str(name)


def game_module(name: str) -> ModuleType:
    """The game's package, after game_of accepted its name."""
    return games.load(name)
