"""Checking a ruleset of a game other than New York City (docs/games.md), named by `ruleset: {game: NAME}`.

The game's package (found only by a plain name among nycrules/games/) gives the schema of its
sections, the names its effects may use and, for a ruleset that passed every check, its part of the
Ruleset (model.GamePart: what its games' tables are laid out from); the rest is shared: the effects'
syntax and types (with the game's own primitives), the procedure's shape, the compiled scripts, the
Ruleset the engine runs (build.build).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import ModuleType
from typing import Any

from .. import games
from ..diagnostics import Sink, SourceTexts
from ..engine.model import Ruleset
from ..language.runtime import Fixed
from ..reading import schema_check
from ..reading.marked_yaml import MDict
from . import procedure_form
from .build import build, digest_of, plain
from .scripts import parse_all, scripts_of


DEFAULT_GAME = "nyc"  # the game of a ruleset that names none: New York City


def game_of(doc: MDict, sink: Sink) -> str | None:
    """The game the ruleset names, when it is not New York City; a name of no game is an error at it
    (and gives ""). Never an import: the name is looked up among the games' folders."""
    header = doc.get("ruleset")
    if not isinstance(header, MDict) or "game" not in header or header["game"] == DEFAULT_GAME:
        return None
    name = header["game"]
    why = games.problem(name)
    if why is not None:
        sink.error("E204", f"ruleset.game: {why}", header.value_locs.get("game", header.loc))
        return ""
    return str(name)


def game_module(name: str) -> ModuleType:
    """The game's package, after game_of accepted its name."""
    return games.load(name)


def check_other_game(doc: MDict, name: str, path: Path, sink: Sink, sources: SourceTexts,
                     type_check: Any, make_compiler: Any, compile_scripts: Any) -> tuple[Ruleset | None, Any] | None:
    """Every problem of a ruleset of the game `name`, into the sink; when there is none, its Ruleset.
    `type_check(parsed, symbols, sink, game)` is the loader's type check of the effects, giving its
    Checker; `compile_scripts(doc, parsed, compiler, checker, sink)` its compiler of the scripts. Gives
    (the Ruleset or None, the Checker), or None when the effects were not type-checked."""
    module = game_module(name)
    schema_errors = schema_check.check(doc, module.RULESET_SCHEMA, sink, doc.loc)
    parsed = parse_all(list(scripts_of(doc)), sink, doc)
    if schema_errors:
        return None
    symbols = module.symbols(doc, path.parent, sink, sources)
    if symbols is None:
        return None
    checker = type_check(parsed, symbols, sink, name)
    trees = {spec.key: tree for spec, tree in parsed if tree is not None}
    procedure = procedure_form.ProcedureChecker(doc, trees, checker, sink)
    try:
        procedure.run()
    except RecursionError:
        sink.error("E303", "the procedure is nested too deeply to check; flatten it", doc.loc)
    if sink:
        return None, checker
    params = {str(k): plain(v) for k, v in (doc.get("params") or {}).items()}
    values = {ident: Fixed(ident) for ident in symbols.types}  # the game's names: the same in every game
    compiler = make_compiler(checker.calls, values, params)
    scripts = compile_scripts(doc, parsed, compiler, checker, sink)
    if scripts is None:
        return None, checker
    part = module.part(doc, path.parent, sink, sources, scripts)
    if part is None or sink:
        return None, checker
    digest = hashlib.sha256(f"{digest_of(doc)} {part.fingerprint}".encode("utf-8")).hexdigest()
    ruleset = build(doc, scripts, params, digest, procedure.reads, part)
    ruleset.procedure.compiled["codes"] = compiler.codes  # the procedure's code joins the rules' (procedure_code.py)
    return ruleset, checker
