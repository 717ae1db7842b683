"""Checking a ruleset of a game other than New York City (docs/games.md), named by `ruleset: {game: NAME}`.

The game's package (found only by a plain name among nycrules/games/) gives the schema of its
sections and the names its effects may use; the rest is shared: the effects' syntax and types (with
the game's own primitives), the procedure's shape. Such a ruleset is checked (validate) but not yet
built into a game: the engine runs New York City alone for now (issue 29).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from .. import games
from ..diagnostics import Sink, SourceTexts
from ..reading import schema_check
from ..reading.marked_yaml import MDict
from . import procedure_form
from .scripts import parse_all, scripts_of


def game_of(doc: MDict, sink: Sink) -> str | None:
    """The game the ruleset names, when it is not New York City; a name of no game is an error at it
    (and gives ""). Never an import: the name is looked up among the games' folders."""
    header = doc.get("ruleset")
    if not isinstance(header, MDict) or "game" not in header or header["game"] == "nyc":
        return None
    name = header["game"]
    why = games.problem(name)
    if why is not None:
        sink.error("E204", f"ruleset.game: {why}, nyc", header.value_locs.get("game", header.loc))
        return ""
    return str(name)


def game_module(name: str) -> ModuleType:
    """The game's package, after game_of accepted its name."""
    return games.load(name)


def check_other_game(doc: MDict, name: str, path: Path, sink: Sink, sources: SourceTexts,
                     type_check: Any) -> None:
    """Every problem of a ruleset of the game `name`, into the sink. `type_check(parsed, symbols, sink,
    game)` is the loader's type check of the effects, giving its Checker."""
    module = game_module(name)
    schema_errors = schema_check.check(doc, module.RULESET_SCHEMA, sink, doc.loc)
    parsed = parse_all(list(scripts_of(doc)), sink, doc)
    if schema_errors:
        return
    symbols = module.symbols(doc, path.parent, sink, sources)
    if symbols is None:
        return
    checker = type_check(parsed, symbols, sink, name)
    trees = {spec.key: tree for spec, tree in parsed if tree is not None}
    try:
        procedure_form.ProcedureChecker(doc, trees, checker, sink).run()
    except RecursionError:
        sink.error("E303", "the procedure is nested too deeply to check; flatten it", doc.loc)
