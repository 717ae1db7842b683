"""The loading pipeline: YAML -> schema -> model -> parse -> check -> compile, one for every game.

The stages: reading/ (the YAML files, the schema), scripts.py (the effects found and parsed), the
game's checks of its data (what the schema cannot check; its package, found by other_games.py, gives
its schema, the names its effects use and its part of the Ruleset: docs/games.md), the language's
checker and compiler, and build.py (the Ruleset the engine reads).

Each stage collects all of its diagnostics, and one run shows as many problems
as it can: effect syntax is checked when the schema fails, and the effects'
types too when the names they use are known (the components and params passed
the schema). Only a file that cannot be read (YAML) stops everything; the
compiler runs only when nothing was found.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType
from typing import Any, Callable

from .. import primitives  # noqa: F401  (registers the primitives the checker looks calls up in)
from . import other_games, procedure_form
from .build import build, digest_with, plain
from ..diagnostics import Diagnostic, Location, RulesetInvalid, Sink, SourceTexts
from ..engine.model import Ruleset, Script
from ..language import nodes as n
from ..language.call_rules import acts, called
from ..language.checker import Checker
from ..language.scope import Symbols
from ..language.compiler import Compiler
from ..language.nodes import too_deep
from ..language.runtime import Fixed
from ..limits import MAX_EFFECT_DEPTH
from ..reading.documents import DocumentLoader, display_path, resolve_ruleset_path, top_file_problem
from ..reading.marked_yaml import MDict, MStr, location_of
from ..language.resumable import ProgramError, compile_program, waits
from .ruleset_cache import RulesetCache
from .scripts import ScriptSpec, parse, parse_all, scripts_of
from ..text import shown_path


@dataclass
class LoadResult:
    ruleset: Ruleset | None
    diagnostics: list[Diagnostic]  # the errors
    sources: SourceTexts
    warnings: list[Diagnostic] = field(default_factory=list)
    own_files: tuple[str, ...] = ()  # the files of the ruleset named (not of the rulesets it extends)


def check_ruleset(path: str | Path, make_compiler: Callable[..., Compiler] = Compiler,
                  use_cache: bool = True) -> LoadResult:
    """Load and check a ruleset; never raises for a problem in the ruleset itself.

    `make_compiler(calls, symbols, params)` builds the compiler (a probed one for `validate --simulate`).
    A ruleset whose files all read as when it last loaded cleanly skips the schema and the parser
    (ruleset_cache.py). Should anything be reported after trees came from the cache, the ruleset is
    checked again without it, so diagnostics never depend on the cache.
    """
    sink, sources = Sink(), SourceTexts()
    target = resolve_ruleset_path(path)
    refused = top_file_problem(target)
    if refused:
        shown = shown_path(target)  # the name given, never the file a link leads to
        sink.error("E105", f"cannot read {shown}: {refused}", Location(shown, 1, 1))
        return LoadResult(None, sink.sorted(), sources)
    documents = DocumentLoader(sink, sources)
    doc = documents.load_ruleset(target)
    if sink or doc is None:
        if not sink:
            sink.error("E103", "the ruleset is empty", Location(display_path(target), 1, 1))
        return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    game = other_games.game_of(doc, sink)
    if not game:  # a name of no game: said at it
        return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    module = other_games.game_module(game)
    forgot = getattr(module, "looks_like_a_mod", None)  # a game's check that a file is a mod without `extends:`
    if documents.extends is None and forgot is not None and forgot(doc, sink):
        return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    specs = list(scripts_of(doc, getattr(module, "scripts", None)))
    cache = RulesetCache.open(documents.texts) if use_cache else None
    parsed = _from_cache(cache, specs, sink, doc) if cache is not None else None
    from_cache = parsed is not None
    if parsed is None:
        from ..reading.schema_check import check as schema_check
        schema_errors = schema_check(doc, module.RULESET_SCHEMA, sink, doc.loc)
        parsed = parse_all(specs, sink, doc)
        if schema_errors or sink:
            _check_effects_anyway(doc, module, game, parsed, sink, schema_errors > 0, target.parent, sources)
            return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    compiled = _check_and_compile(doc, module, game, parsed, sink, make_compiler,
                                  (cache.codes or {}) if from_cache and cache is not None else {},
                                  target.parent, sources) if not sink else None
    if compiled is None:
        if from_cache:
            return check_ruleset(path, make_compiler, use_cache=False)
        return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    ruleset, compiler = compiled
    if cache is not None and (not from_cache or (cache.codes is None and compiler.generate_when_run)):
        # Parsed now, or kept by `validate --simulate` without the code a game runs: written (again).
        texts = [(spec, tree) for spec, tree in parsed if isinstance(spec.text, MStr)]
        cache.store([spec.key for spec, _ in texts], [tree for _, tree in texts], _all_code(ruleset, compiler))
    return LoadResult(ruleset, [], sources, sorted(set(sink.warnings)), documents.own_files)


def _from_cache(cache: RulesetCache, specs: list[ScriptSpec], sink: Sink,
                doc: MDict) -> list[tuple[ScriptSpec, Any]] | None:
    """Every script with its tree, the parsed ones from the cache (None: not cached)."""
    texts = [spec for spec in specs if isinstance(spec.text, MStr)]
    trees = cache.trees([spec.key for spec in texts], [spec.kind for spec in texts])
    if trees is None:
        return None
    stored = dict(zip((id(spec) for spec in texts), trees))
    return [(spec, stored[id(spec)] if id(spec) in stored else parse(spec, sink, doc)) for spec in specs]


def _type_check(parsed: list[tuple[ScriptSpec, Any]], symbols: Symbols, sink: Sink, game: str) -> Checker:
    """Type-check every script that parsed (and whose context is known), with the game's own primitives
    (importing the game's package registers them)."""
    other_games.game_module(game)
    checker = Checker(symbols, sink, game)
    for spec, tree in parsed:
        if not spec.checkable or tree is None or isinstance(tree, int):
            continue
        deep = too_deep(tree, MAX_EFFECT_DEPTH)
        if deep is not None:
            sink.error("E303", f"this is nested more than {MAX_EFFECT_DEPTH} deep (lists, calls, blocks in one "
                               "another); split it into simpler steps", deep)
            continue
        try:
            if isinstance(tree, n.Effect):
                checker.check_effect(tree, spec.ctx)
            else:
                checker.check_expression(tree, spec.ctx, spec.expected)
        except RecursionError:
            sink.error("E303", "this is nested too deeply to check; split it into simpler steps", spec.text.loc)
    return checker


def _check_effects_anyway(doc: MDict, module: Any, game: str, parsed: list[tuple[ScriptSpec, Any]], sink: Sink,
                          schema_failed: bool, folder: Path, sources: SourceTexts) -> None:
    """After errors of the schema or of the effects' syntax, still check the effects that parsed, so one
    run shows every error it can. With the schema passed, the game's data checks run too; with it failed,
    only when the names effects use can be known (components and params passed it), and only the effects."""
    if not schema_failed:
        symbols = module.symbols(doc, folder, sink, sources)
    else:
        from ..reading.schema_check import failing_sections
        if failing_sections(doc, module.RULESET_SCHEMA) & {"components", "params"}:
            return  # the names are not known: the effects' errors would be noise
        names = getattr(module, "names", None)  # the names alone, where the game's checks need more
        symbols = names(doc) if names is not None else module.symbols(doc, folder, Sink(), sources)
    if symbols is not None:
        _type_check(parsed, symbols, sink, game)


def _all_code(ruleset: Ruleset, compiler: Compiler) -> dict[str, CodeType] | None:
    """Every function of the ruleset's rules and procedure compiled now, as the cache keeps them; None
    for the probe of `validate --simulate` (its compiler generates other code, all at once)."""
    if not compiler.generate_when_run:
        return None
    from ..engine.procedure_code import compiled
    compiler.generate_all()
    try:
        compiled(ruleset.procedure)
    except Exception:  # noqa: BLE001 - it fails as before when a game first runs it, not while loading
        pass
    return compiler.codes


def _check_and_compile(doc: MDict, module: Any, game: str, parsed: list[tuple[ScriptSpec, Any]], sink: Sink,
                       make_compiler: Callable[..., Compiler], known: dict[str, CodeType], folder: Path,
                       sources: SourceTexts) -> tuple[Ruleset, Compiler] | None:
    """The game's data checks, the type checker and the compiler (with the code `known` from the ruleset
    cache), and the game's part (from `folder`, where the ruleset is); None when the sink got a diagnostic."""
    symbols = module.symbols(doc, folder, sink, sources)
    if symbols is None:  # its data files could not be read: the names are not known
        return None
    checker = _type_check(parsed, symbols, sink, game)
    trees = {spec.key: tree for spec, tree in parsed if tree is not None}
    numbers, own_steps = getattr(module, "procedure_numbers", None), getattr(module, "own_steps", None)
    procedure = procedure_form.ProcedureChecker(doc, trees, checker, sink, numbers(doc) if numbers else None,
                                                own_steps(doc) if own_steps else ())
    try:
        procedure.run()
    except RecursionError:
        sink.error("E303", "the procedure is nested too deeply to check; flatten it", doc.loc)
    if sink:
        return None
    params = {str(k): plain(v) for k, v in (doc.get("params") or {}).items()}
    values = getattr(module, "values", None)  # the names' values in a game; else each stands for itself
    compiler = make_compiler(checker.calls, values(doc, symbols) if values is not None else
                             {ident: Fixed(ident) for ident in symbols.types}, params)
    compiler.known_codes(known)
    scripts = compile_scripts(doc, parsed, compiler, checker, sink)
    if scripts is None:
        return None
    part = module.part(doc, folder, sink, sources, scripts)
    if part is None or sink:
        return None
    ruleset = build(doc, scripts, params, digest_with(doc, part), procedure.reads, part, tuple(procedure.numbers))
    ruleset.procedure.compiled["codes"] = compiler.codes  # the procedure's code joins the rules' (procedure_code.py)
    _warn_unnumbered(checker, sink, getattr(module, "NUMBERED", None))
    _warn_unkeyed(checker, sink, getattr(module, "QUESTION_KEYS", None))
    _check_action_space(doc, ruleset, sink)
    return None if sink else (ruleset, compiler)


def compile_scripts(doc: MDict, parsed: list[tuple[ScriptSpec, Any]], compiler: Compiler, checker: Checker,
                    sink: Sink) -> dict[tuple, Script] | None:
    """Every checked script compiled, by its key; None when one cannot be (reported into the sink)."""
    scripts: dict[tuple, Script] = {}
    for spec, tree in parsed:
        loc = spec.text.loc if isinstance(spec.text, MStr) else (location_of(doc, spec.key) or doc.loc)
        program = None
        if isinstance(tree, n.Effect):
            if waits(tree, checker.calls):
                try:
                    program, run = compile_program(compiler, tree)
                except ProgramError as err:
                    sink.error("E419", str(err), err.loc)
                    continue
            else:
                run = compiler.effect(tree)
        elif isinstance(tree, int):
            run = (lambda value: (lambda f: value))(tree)
        else:
            run = compiler.expr(tree)
        scripts[spec.key] = Script(spec.label, str(spec.text), loc, run, program, acts(tree, checker.calls),
                                   called(tree))
    return None if sink else scripts


def _check_action_space(doc: MDict, ruleset: Ruleset, sink: Sink) -> None:
    """The declared regions of the action space: well formed, naming lists the ruleset has, and (a
    warning) with room for every name of those lists."""
    from ..engine.action_space_check import region_problems
    regions = doc.get("actions") or []
    for index, severity, message in region_problems(ruleset):
        loc = regions.item_locs[index] if index < len(getattr(regions, "item_locs", ())) else doc.loc
        (sink.error if severity == "error" else sink.warn)("E420" if severity == "error" else "W404", message, loc)


def _warn_unnumbered(checker: Checker, sink: Sink, game: dict[str, dict[str, str]] | None = None) -> None:
    """A question whose options the action space cannot number: people can play it, but the research
    interface (OpenSpiel, PettingZoo, an agent's view) would stop at it. `game`: the kinds of values a
    game of its own folder numbers (action_space_check.unnumbered_kind)."""
    from ..engine.action_space_check import unnumbered_kind
    for loc, primitive, offered, _ in checker.questions:
        problem = unnumbered_kind(primitive, offered, game) if offered is not None else None
        if problem:
            sink.warn("W403", problem, loc)


def _warn_unkeyed(checker: Checker, sink: Sink, known: dict[str, tuple[str, ...]] | None) -> None:
    """A question whose key the game's table does not know (its `QUESTION_KEYS`: by primitive, the keys
    its table reads, "" when none is needed): `help` and moves typed at it would pass it by."""
    for loc, primitive, _, key in checker.questions:
        keys = (known or {}).get(primitive)
        if keys is None or key is None or key in keys:
            continue
        named = ", ".join(k for k in keys if k)
        if key:
            sink.warn("W405", f"the table knows no question by the key '{key}' ({primitive}'s keys: {named}): `help` "
                              "says nothing at it and a move typed at it is not read; give the key of the question "
                              "it stands for", loc)
        else:
            sink.warn("W405", f"this {primitive} has no key, and the table knows this game's questions by their key, "
                              "not their words: `help` says nothing at it and a move typed at it is not read; give "
                              f"the key of the question it stands for as its last argument ({named})", loc)


def load_ruleset(path: str | Path) -> Ruleset:
    """Load a ruleset or raise RulesetInvalid with every diagnostic."""
    result = check_ruleset(path)
    if result.ruleset is None:
        raise RulesetInvalid(result.diagnostics, result.sources)
    return result.ruleset


