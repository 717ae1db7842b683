"""`nycrules simulate`: many headless games, a balance study and its report."""

from __future__ import annotations

import sys
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..diagnostics import NycRulesError
from ..limits import MAX_GAMES
from .game_words import GameCommand
from .app import (MAX_SEED, EvaluationOption, Format, FormatOption, RulesetOption, app, fail, ruleset_for_command,
                  use_evaluation)


STUDY_SEATS = ["bot:greedy"] * 4  # one kind of player: owning a character is not mixed up with who owns it


class Verdicts(str, Enum):
    changed = "changed"
    all = "all"


@app.command(cls=GameCommand)
def simulate(
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", "-s", metavar="SEAT",
        help="{A_bot_or} seat; repeat for each seat (default: four bot:greedy).")] = None,
    games: Annotated[int, typer.Option(metavar="N", help=f"How many games to play (at most {MAX_GAMES}).",
                                       min=1)] = 100,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the first game; game i uses seed + i.", min=0,
                                          max=MAX_SEED)] = 1,
    ruleset: RulesetOption = None,
    workers: Annotated[Optional[int], typer.Option(metavar="N", min=1,
                                                   help="Processes to play on (default: all cores).")] = None,
    ray: Annotated[Optional[str], typer.Option(
        "--ray", metavar="[ADDRESS]",
        help="Play on a Ray cluster at ADDRESS (ray://HOST:10001 or auto), or on a local Ray without one.")] = None,
    compare: Annotated[Optional[str], typer.Option(
        metavar="RULESET", help="Play the same seeds under this ruleset too: report the mod minus its base "
                                "and a verdict on each new or changed character.")] = None,
    verdicts: Annotated[Verdicts, typer.Option(
        help="With --compare: judge the mod's new and changed characters, or all of them.")] = Verdicts.changed,
    out: Annotated[Optional[Path], typer.Option(metavar="FILE",
                                                help="Write the report as a self-contained HTML page.")] = None,
    format: FormatOption = Format.text,
    agent: Annotated[Optional[list[str]], typer.Option(
        "--agent", metavar="MODULE:CLASS",
        help="Your agent (choose(view) -> int) plays the next seat given as a name; repeat per seat.")] = None,
    apart: Annotated[bool, typer.Option(
        "--apart", help="Run each --agent in a process of its own, sent its seat's view as data: no hidden card "
                        "is reachable from it (no determinize; docs/api.md).")] = False,
    evaluation: EvaluationOption = None,
) -> None:
    """Play many headless games: win rates, points and what each character does for its owner, with 95% intervals."""
    from ..studies import study
    from ..studies.distribute import RulesetRef, available_cores
    from ..reading.documents import extends
    from ..table.output import write_json
    from ..studies.progress import games_bar
    from ..studies.report_text import render, render_comparison
    from ..table.saves import check_target, write_text
    from ..agents.seating import parse_seats
    from ..studies.simulate import check_seats

    if ray is not None and workers is not None:
        raise fail("--workers and --ray do not go together: Ray decides where games run", 2)
    if games > MAX_GAMES:
        raise fail(f"--games {games} is more than one run plays (at most {MAX_GAMES}: each game's results are "
                   "kept for the report); run several with other --seed values", 2)
    if workers is not None and workers > available_cores():
        typer.echo(f"nycrules: --workers {workers} is more than this machine's cores; playing on one process "
                   "per core", err=True)
        workers = available_cores()
    if out is not None:  # known now, not after every game is played
        try:
            check_target(out, "report")
        except NycRulesError as err:
            raise fail(str(err), 2)
    if verdicts == Verdicts.all and compare is None:
        raise fail("--verdicts all goes with --compare RULESET: a verdict compares a mod with its base", 2)
    loaded = ruleset_for_command(ruleset)
    specs = parse_seats(seat or STUDY_SEATS, loaded)
    try:
        agents = _agents(agent, specs, apart)
        check_seats(specs, loaded, agents)
    except ValueError as err:
        raise fail(str(err), 2)
    given = use_evaluation(loaded, evaluation, [spec.kind for spec in specs])
    ref = RulesetRef.of(ruleset or "nyc", loaded)
    if given is not None:
        ref = replace(ref, evaluation=given)
    other = None
    if compare is not None:
        other_loaded = ruleset_for_command(compare, "--compare")
        other = (RulesetRef.of(compare, other_loaded), other_loaded, parse_seats(seat or STUDY_SEATS, other_loaded))
    total = games * (2 if other else 1)
    with games_bar(total, format == Format.text) as progress:
        report = study.run(ref, loaded, specs, games, seed, workers=workers, use_ray=ray is not None,
                           ray_address=None if ray in (None, "local") else ray, other=other,
                           judge_all=verdicts == Verdicts.all, progress=progress, agents=agents)
    if format == Format.json:
        write_json(report)
    else:
        where = ("Ray" if ray is not None else
                 f"{min(workers or available_cores(), games)} process(es)")
        typer.echo("\n".join(render(report, where)))
        if other is not None:
            typer.echo("\n".join(render_comparison(report["comparison"])))
        elif extends(ruleset or "nyc", None):
            typer.echo(f"\n{ruleset} extends another ruleset: add --compare with its base for a verdict on each "
                       "new or changed character.")
    if out is not None:  # after the report is shown: a disk that filled up meanwhile loses only the page
        from ..studies.report_html import render as render_html
        from ..text import shown_path

        sys.stdout.flush()
        write_text(out, render_html(report), "report")  # never through a link, nor over a folder or device
        if format != Format.json:
            typer.echo(f"report written to {shown_path(out)}")


def _agents(texts: Optional[list[str]], specs: list, apart: bool = False) -> Optional[dict]:
    """`simulate --agent module:Class`: your agents, for the seats given as names (nycrules/studies/batch.py)."""
    if not texts:
        if apart:
            raise fail("--apart runs each --agent in a process of its own: give an --agent", 2)
        return None
    from ..studies.apart import Apart
    from ..studies.batch import agents_for_named_seats, check_agents

    try:
        agents = agents_for_named_seats(texts, specs)
        if apart:
            agents = {index: Apart(factory) for index, factory in agents.items()}
        check_agents(agents, specs)
    except NycRulesError as err:
        raise fail(str(err), 2)
    return agents
