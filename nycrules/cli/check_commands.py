"""`nycrules validate` and `nycrules rules list|show`: a ruleset checked, listed and read."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..limits import MAX_GAMES
from .game_words import GameCommand
from .app import (MAX_SEED, Format, FormatOption, PlainOption, RulesetOption, app, fail, rules_app,
                  ruleset_for_command)


@app.command(cls=GameCommand)
def validate(
    names: Annotated[list[str], typer.Argument(metavar="PATH...", help="Ruleset folders or YAML files to check.")],
    format: FormatOption = Format.text,
    simulate: Annotated[Optional[int], typer.Option(
        "--simulate", metavar="N", min=1,
        help="Then play N seeded games of each valid ruleset with random bots{with_players} and report every "
             "rule that fails while playing.")] = None,
    coverage: Annotated[bool, typer.Option(
        "--coverage", help="With --simulate: list {covered}effect lines that never "
                           "ran (of a mod: in its own files; with --all, also in the rulesets it extends).")] = False,
    everything: Annotated[bool, typer.Option(
        "--all", help="With --coverage: list also what never ran in the rulesets a mod extends.")] = False,
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", "-s", metavar="SEAT", help="With --simulate: play every game with these seats ({players}) "
                                             "instead of the usual rotation.")] = None,
    seed: Annotated[int, typer.Option(metavar="N", min=0, max=MAX_SEED,
                                      help="With --simulate: seed of the first game; game i uses seed + i.")] = 1,
) -> None:
    """Check rulesets and report every error as FILE:LINE:COL: error[CODE]: message."""
    from ..diagnostics import render
    from ..loading.loader import check_ruleset
    from ..table.output import write_json
    from ..studies.playcheck import check_by_playing, text_report

    if "" in names:  # as a Path it would be the current folder, which the user did not name
        raise fail("validate '': an empty path names no ruleset; give a ruleset folder or YAML file", 2)
    paths = [Path(name) for name in names]
    missing = [p for p in paths if not os.path.lexists(p)]
    if missing:
        raise fail(f"no such file or folder: {missing[0]}", 2)
    if simulate is None and (coverage or seat):
        raise fail("--coverage and --seat go with --simulate N", 2)
    if simulate is not None and simulate > MAX_GAMES:
        raise fail(f"--simulate {simulate} is more games than one check plays (at most {MAX_GAMES})", 2)
    if everything and not coverage:
        raise fail("--all goes with --coverage", 2)
    found, warned, played = [], [], []
    for path in paths:
        if simulate is None:
            result, check = check_ruleset(path), None
        else:
            result, check = check_by_playing(path, simulate, seed, seat, coverage)
        found.extend((d, result.sources) for d in result.diagnostics)
        warned.extend((d, result.sources) for d in result.warnings)
        if check is not None:
            played.append((check, result.sources))
    found.sort(key=lambda pair: pair[0])
    failed = bool(found) or any(check.failures for check, _ in played)
    if format == Format.json:
        static = [d.as_dict() for d, _ in sorted(found + warned, key=lambda pair: pair[0])]
        write_json(static if simulate is None else {
            "diagnostics": static + [f for check, _ in played for f in check.failure_json()],
            "played": [check.as_json() for check, _ in played]})
    else:
        for diagnostic, sources in sorted(found + warned, key=lambda pair: pair[0]):
            typer.echo(render(diagnostic, sources))
        for check, sources in played:
            for failure, diagnostic in zip(check.failures, check.diagnostics()):
                typer.echo(render(diagnostic, sources))
                typer.echo(f"  reproduce: {failure.reproduce(check.path)}")
            for line in text_report(check, everything):
                typer.echo(line)
        errors = len(found) + sum(len(check.failures) for check, _ in played)
        warnings = f", {len(warned)} warning(s)" if warned else ""
        if errors:
            typer.echo(f"{errors} error(s){warnings}", err=True)
        else:
            typer.echo(f"ok: {len(paths)} ruleset(s) valid" + (", and played without a rule failing" if played else "")
                       + (f" ({len(warned)} warning(s))" if warned else ""))
    raise typer.Exit(1 if failed else 0)


@rules_app.command("list", cls=GameCommand)
def rules_list(
    kind: Annotated[str | None, typer.Argument(metavar="KIND", help="What to list: scoring, primitives, hooks, "
                                                   "procedure, or a listing of the ruleset's game{own_listings}; by "
                                                   "default its first listing, else the final scoring.",
                                              show_default=False)] = None,
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
    plain: PlainOption = False,
) -> None:
    """List a ruleset's scoring steps, primitives, hooks or procedure, or its game's own listings{listed}."""
    from ..table.listing import first_kind, lines, table
    from ..table.output import use_plain, write_json, write_lines, write_table

    loaded = ruleset_for_command(ruleset)
    asked = kind if kind is not None else first_kind(loaded)
    result = table(loaded, asked)
    listed = lines(loaded, asked)  # long texts: a listing, not a table
    if format == Format.json:
        write_json(result.as_json())
    elif listed is not None:
        write_lines(listed)
    else:
        write_table(result, use_plain(plain))


@rules_app.command("show", cls=GameCommand)
def rules_show(
    ident: Annotated[str, typer.Argument(metavar="ID", help="{shown}.")],
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
    plain: PlainOption = False,
    code: Annotated[bool, typer.Option("--code", help="Show the effects' code as written in the ruleset "
                                                      "(by default, only where they are).")] = False,
) -> None:
    """Show one rule in full: its text, numbers and where its effects are defined (their code with --code)."""
    from ..table.listing import detail, not_found
    from ..table.output import write_detail, write_json

    loaded = ruleset_for_command(ruleset)
    found = detail(loaded, ident)
    if found is None:
        raise fail(not_found(loaded, ident))
    if format == Format.json:
        write_json(found.as_json())
    else:
        import shlex

        ruleset_part = f" --ruleset {shlex.quote(ruleset)}" if ruleset else ""
        write_detail(found, code=code,  # plain text whatever `plain` says: it has no colours or tables
                     ask=f"nycrules rules show {shlex.quote(ident)}{ruleset_part} --code")
