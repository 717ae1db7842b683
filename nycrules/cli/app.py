"""The application and what its commands share: the options every command spells the same way, a
one-line failure, and a ruleset loaded for a command."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..limits import MAX_INT
from .game_words import GameGroup

if TYPE_CHECKING:
    from ..engine.model import Ruleset

MAX_SEED = MAX_INT // 2  # seeds of a run of games (seed + i) stay within the limits of a save

app = typer.Typer(
    cls=GameGroup,  # its commands' help in the default game's words (game_words.py)
    name="nycrules",
    help="New York City (the board game) as rules-as-data: play, check and read rulesets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from nycrules import __version__

        typer.echo(f"nycrules {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                                help="Show the version and exit.")] = False) -> None:
    """New York City (the board game) as rules-as-data: play, check and read rulesets."""


rules_app = typer.Typer(cls=GameGroup, help="List and show the rules of a ruleset.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")


class Format(str, Enum):
    text = "text"
    json = "json"


RulesetOption = Annotated[
    Optional[str],
    typer.Option("--ruleset", "-r", metavar="PATH",
                 help="A ruleset folder or file (default: the shipped New York City rules)."),
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
PlainOption = Annotated[bool, typer.Option("--plain", help="Plain text: no colours or tables.")]


def fail(message: str, code: int = 1) -> "typer.Exit":
    """Say what is wrong in one line on standard error; the caller raises the exit returned."""
    from ..text import shown

    typer.echo(f"nycrules: {shown(message)}", err=True)
    return typer.Exit(code)


def ruleset_for_command(path: Optional[str], option: str = "--ruleset", at_the_table: bool = False) -> "Ruleset":
    """Load a ruleset for a command (given with `option`); an invalid one ends the command with its diagnostics.
    `at_the_table`: the command shows the game to people; a game whose table is not ready ends it in one line."""
    from ..diagnostics import RulesetInvalid, render
    from ..reading.documents import ruleset_argument_problem
    from ..loading.loader import load_ruleset
    from ..resources import shipped_ruleset

    problem = ruleset_argument_problem(path, option) if path is not None else None
    if problem:
        raise fail(problem, 2)
    try:
        loaded = load_ruleset(path or shipped_ruleset())
    except RulesetInvalid as err:
        for diagnostic in err.diagnostics:
            typer.echo(render(diagnostic, err.sources), err=True)
        raise fail(f"the ruleset is invalid ({len(err.diagnostics)} error(s)); see `nycrules validate`")
    if at_the_table and not loaded.part.at_the_table:
        raise fail(f"{loaded.name} cannot be played at the table yet: bots play it (`nycrules simulate -r "
                   f"{path}`); its table is being built (docs/games.md)")
    return loaded


EvaluationOption = Annotated[
    Optional[Path],
    typer.Option("--evaluation", metavar="FILE",
                 help="The search bot's learned evaluation for this ruleset (made by nycrules train); default: "
                      "the shipped one for the shipped rules, else the search's playouts alone."),
]


def use_evaluation(ruleset: "Ruleset", path: Optional[Path], seats: list[str]) -> Optional[str]:
    """Give the search bot (bot:mcts, hint) this ruleset's evaluation file; its text (for worker processes),
    or None when none is given. When the search plays without one, say so on standard error."""
    from ..agents.evaluation import EvaluationError, evaluation_for, use_file

    if path is not None:
        try:
            use_file(ruleset, path)
        except EvaluationError as err:
            raise fail(str(err), 2)
        return path.read_text(encoding="utf-8")
    if any(kind.startswith("bot:mcts") for kind in seats):
        found, why = evaluation_for(ruleset)
        if found is None:
            typer.echo(f"nycrules: bot:mcts: {why}; it values positions by its playouts' estimate", err=True)
    return None
