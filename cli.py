"""The `nycrules` command line: thin commands over the nycrules package.

Every error a user can cause ends as one line on standard error and a non-zero
exit code; no command shows a Python traceback.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from nycrules.diagnostics import NycRulesError

app = typer.Typer(
    name="nycrules",
    help="New York City (the board game) as rules-as-data: play, check and read rulesets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
rules_app = typer.Typer(help="List and show the rules of a ruleset.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")


class Format(str, Enum):
    text = "text"
    json = "json"


class ListKind(str, Enum):
    characters = "characters"
    rounds = "rounds"
    tom = "tom"
    scoring = "scoring"
    primitives = "primitives"
    hooks = "hooks"


RulesetOption = Annotated[
    Optional[str],
    typer.Option("--ruleset", "-r", help="A ruleset folder or file (default: the shipped New York City rules)."),
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
PlainOption = Annotated[bool, typer.Option("--plain", help="Plain text: no colours or tables.")]


def fail(message: str, code: int = 1) -> "typer.Exit":
    typer.echo(f"nycrules: {message}", err=True)
    return typer.Exit(code)


def _ruleset(path: Optional[str]):
    """Load a ruleset for a command; an invalid one ends the command with its diagnostics."""
    from nycrules.diagnostics import RulesetInvalid, render
    from nycrules.loader import load_ruleset
    from nycrules.resources import shipped_ruleset

    try:
        return load_ruleset(path or shipped_ruleset())
    except RulesetInvalid as err:
        for diagnostic in err.diagnostics:
            typer.echo(render(diagnostic, err.sources), err=True)
        raise fail(f"the ruleset is invalid ({len(err.diagnostics)} error(s)); see `nycrules validate`")


@app.command()
def validate(
    paths: Annotated[list[Path], typer.Argument(help="Ruleset folders or YAML files to check.")],
    format: FormatOption = Format.text,
) -> None:
    """Check rulesets and report every error as FILE:LINE:COL: error[CODE]: message."""
    from nycrules.diagnostics import render
    from nycrules.loader import check_ruleset
    from nycrules.output import write_json

    missing = [p for p in paths if not p.exists()]
    if missing:
        raise fail(f"no such file or folder: {missing[0]}", 2)
    found = []
    for path in paths:
        result = check_ruleset(path)
        found.extend((d, result.sources) for d in result.diagnostics)
    found.sort(key=lambda pair: pair[0])
    if format == Format.json:
        write_json([d.as_dict() for d, _ in found])
    else:
        for diagnostic, sources in found:
            typer.echo(render(diagnostic, sources))
        if found:
            typer.echo(f"{len(found)} error(s)", err=True)
        else:
            typer.echo(f"ok: {len(paths)} ruleset(s) valid")
    raise typer.Exit(1 if found else 0)


@rules_app.command("list")
def rules_list(
    kind: Annotated[ListKind, typer.Argument(help="What to list.")] = ListKind.characters,
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
    plain: PlainOption = False,
) -> None:
    """List the characters, bidding rounds, Tom's levels, scoring steps, primitives or hooks."""
    from nycrules.listing import table
    from nycrules.output import use_plain, write_json, write_table

    loaded = _ruleset(ruleset)
    result = table(loaded, kind.value)
    if format == Format.json:
        write_json(result.as_json())
    else:
        write_table(result, use_plain(plain))


@rules_app.command("show")
def rules_show(
    ident: Annotated[str, typer.Argument(metavar="ID", help="A character number, round, scoring step, hook, "
                                                           "primitive, or `tom`.")],
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
    plain: PlainOption = False,
) -> None:
    """Show one rule in full, with its effects and where they are defined."""
    from nycrules.listing import detail
    from nycrules.output import use_plain, write_detail, write_json

    loaded = _ruleset(ruleset)
    found = detail(loaded, ident)
    if found is None:
        raise fail(f"nothing called '{ident}' in the ruleset; try `nycrules rules list`")
    if format == Format.json:
        write_json(found.as_json())
    else:
        write_detail(found, use_plain(plain))


def main() -> None:
    """Entry point: run the app; user errors become one line and an exit code, never a traceback."""
    try:
        app()
    except NycRulesError as err:
        typer.echo(f"nycrules: {err}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        typer.echo("nycrules: interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
