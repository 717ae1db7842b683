"""`nycrules train`: learn an evaluation of positions from seeded games of a ruleset (agents/training.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..diagnostics import NycRulesError
from .app import MAX_SEED, RulesetOption, app, fail, ruleset_for_command

MAX_TRAINING_GAMES = 50_000  # about 40 minutes of CPU and a few GB of samples: beyond, no gain measured
MAX_TREES = 5000  # a few MB of file and about a millisecond a valuation
DEFAULT_OUT = "nycrules-evaluation.json"


@app.command()
def train(
    ruleset: RulesetOption = None,
    games: Annotated[int, typer.Option(metavar="N", min=10, max=MAX_TRAINING_GAMES,
                                       help="Games to learn from (a tenth is held out to measure the fit).")] = 2000,
    seed: Annotated[int, typer.Option(metavar="N", min=0, max=MAX_SEED,
                                      help="Seed of the games: the same seed writes the same file.")] = 1,
    out: Annotated[Optional[Path], typer.Option(metavar="FILE", help=f"Where the evaluation is written "
                                                f"(default: {DEFAULT_OUT}).")] = None,
    option_groups: Annotated[float, typer.Option(
        "--option-groups", metavar="SHARE", min=0.0, max=1.0,
        help="At this share of the policy's decisions, also play each option the search would weigh "
             "to the end, to learn what an option changes (0.125 measured: docs/strength.md; CPU grows "
             "about fivefold).")] = 0.0,
    trees: Annotated[int, typer.Option(
        "--trees", metavar="N", min=0, max=MAX_TREES,
        help="Also fit up to N boosted regression trees over every stage (a value that is not linear), kept "
             "where they predict the games that choose the fit better (600 measured: docs/strength.md).")] = 0,
) -> None:
    """Learn how a position ends from seeded games, for the search bot (bot:mcts) and hint: use the
    file with --evaluation FILE."""
    from ..studies.progress import games_bar
    from ..table.saves import check_target, write_text
    from ..text import shown_path

    from ..agents.evaluation_stages import has_stages, in_rounds

    loaded = ruleset_for_command(ruleset)
    if not has_stages(loaded):  # positions are taken at the start of each game round, or of each turn
        raise fail(f"nycrules train learns from the positions at the start of each game round or turn, and "
                   f"{loaded.name} has neither: its search bot values positions by playouts", 2)
    at = "start of game round" if in_rounds(loaded) else "turn"
    try:
        import numpy  # noqa: F401 - the fit's needs; playing with the file needs nothing
        if trees:
            import sklearn  # noqa: F401
    except ImportError as err:
        raise fail(f"nycrules train needs {err.name} to fit its models: pip install 'nycrules[train]'", 2)
    target = out or Path(DEFAULT_OUT)
    try:
        check_target(target, "evaluation")  # known now, not after the games
    except NycRulesError as err:
        raise fail(str(err), 2)
    from ..agents.training import train as learn, write

    with games_bar(games, True) as progress:
        content, playing, fitting = learn(loaded, games, seed, progress, option_groups, trees)
    if not content["rounds"]:
        raise fail(f"{games} games gave too few positions to learn from (at the start of a game round or "
                   "turn after the first); play more with --games", 1)
    write_text(target, write(content), "evaluation")
    trained = content["trained"]
    typer.echo(f"{games} games ({trained['positions']} positions, {playing:.0f} s of play and {fitting:.0f} s of "
               "fitting, CPU); on the held-out games, error of the final margin:")
    for number, figures in trained["by_round"].items():
        held = figures["held_out"]
        if held:
            linear = f", a linear model: {held['linear_rmse']:.1f}" if "linear_rmse" in held else ""
            typer.echo(f"  {at} {number}: {held['rmse']:.1f} points (always the mean: "
                       f"{held['rmse_of_the_mean']:.1f}{linear}), the right winner {100 * held['right_side']:.0f}% "
                       f"of {held['positions']}")
        if "options" in held:
            options = held["options"]
            typer.echo(f"    options ({options['groups']} groups): the best by it gains "
                       f"{options['pick_gains']:+.1f} points over their mean, by the search's estimate "
                       f"{options['pick_by_the_estimate_gains']:+.1f}, the policy's pick "
                       f"{options['policy_pick_gains']:+.1f}")
    if "trees" in content:
        typer.echo(f"  (by {len(content['trees'])} boosted trees, which did better than a linear model per "
                   "stage on the games that chose them)")
    typer.echo(f"evaluation written to {shown_path(target)}")
