"""`nycrules play`, `replay`, `board` and `score`: games played, shown again and scored."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..diagnostics import NycRulesError
from .game_words import GameCommand
from .app import (MAX_SEED, EvaluationOption, Format, FormatOption, PlainOption, RulesetOption, app, fail,
                  ruleset_for_command, use_evaluation)


@app.command(cls=GameCommand)
def play(
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", "-s", metavar="SEAT", help="A seat, in clockwise order: a person's name, bot:random, bot:greedy, "
                             "bot:mcts[:easy|normal|hard|N]{seat_kinds} (any name may be written name:NAME). "
                             "Repeat for each seat. Default: you against {rival}.")] = None,
    seed: Annotated[Optional[int], typer.Option(metavar="N", help="Seed of the shuffles; the same seed and answers give "
                                                     "the same game. Default: a new one, shown at the start.",
                                                min=0, max=MAX_SEED)] = None,
    ruleset: RulesetOption = None,
    load: Annotated[Optional[Path], typer.Option("--load", metavar="FILE", help="Continue a saved game.")] = None,
    start_from: Annotated[Optional[Path], typer.Option(
        "--from", metavar="POSITION.json", help="Go on from a position written by the Python API "
                                                "(Session.position(), as JSON).")] = None,
    record: Annotated[Optional[Path], typer.Option("--record", metavar="FILE", help="Where the finished game's "
                                                   "record is written, for `nycrules replay` and `nycrules board` "
                                                   "(default: nycrules-last-game.json).")] = None,
    plain: PlainOption = False,
    delay: Annotated[Optional[float], typer.Option(
        metavar="SECONDS", min=0, max=60, help="Watching bots: pause this long after each move of {a_bot_or} "
                                               "instead of waiting for Enter when the screen is full.")] = None,
    evaluation: EvaluationOption = None,
) -> None:
    """Play a game in the terminal (or through a pipe); {players} play themselves."""
    import shutil

    from ..table.output import use_plain
    from ..table.play import LAST_GAME, PlayGame
    from ..table.terminal import MIN_ROWS, Terminal
    from ..table.saves import check_target, read_save
    from ..agents.seating import parse_seats

    if delay is not None and delay != delay:  # nan passes the range check
        raise fail("Invalid value for '--delay': a number of seconds from 0 to 60 (see `nycrules play --help`)", 2)
    if record is not None:  # known now, not after the whole game (the default falls back to the data folder)
        try:
            check_target(record, "game's record")
        except NycRulesError as err:
            raise fail(str(err), 2)
    loaded = ruleset_for_command(ruleset, at_the_table=True)
    position = None
    if load is not None and start_from is not None:
        raise fail("--load continues a saved game, --from goes on from a position: give one of them", 2)
    if load is not None or start_from is not None:
        if seat or seed is not None:
            raise fail(f"{'--load' if load is not None else '--from'} goes on with the game's own seats and seed; "
                       "drop --seat and --seed", 2)
    if load is not None:
        save = read_save(load, loaded)
        specs, game_seed, decisions = save.seats, save.seed, save.decisions
    elif start_from is not None:
        from ..api import load_position
        from ..loading.positions import read_position_file
        from ..text import shown_path
        try:
            position = read_position_file(start_from)
            started = load_position(position, loaded)
        except NycRulesError as err:
            raise fail(str(err) if str(err).startswith(shown_path(start_from)) else f"{start_from}: {err}", 2)
        specs, game_seed, decisions = started.specs, started.seed, list(started.record)
    else:
        specs = parse_seats(seat or [], loaded)
        game_seed = seed if seed is not None else int.from_bytes(os.urandom(3), "big")
        decisions = []
    use_evaluation(loaded, evaluation, [spec.kind for spec in specs])
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not text are bad input, not a crash
    interactive = sys.stdin.isatty() and not use_plain(plain)  # colours and line editing (not NO_COLOR, TERM=dumb)
    watched = sys.stdin.isatty() and sys.stdout.isatty()  # a person at a screen: page what would scroll away
    rows = shutil.get_terminal_size().lines if watched else None
    terminal = Terminal(sys.stdin, sys.stdout, interactive, rows if rows and rows >= MIN_ROWS else None,
                        screen=watched, delay=delay)
    game = PlayGame(loaded, specs, game_seed, terminal, decisions, record_file=record or Path(LAST_GAME),
                    position=position, again=f" -r {shlex.quote(str(ruleset))}" if ruleset else "")
    raise typer.Exit(game.run())


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A save file.")],
    until: Annotated[Optional[int], typer.Option(metavar="N", help="Stop after this decision and show the table.",
                                                 min=1)] = None,
    ruleset: RulesetOption = None,
    seat: Annotated[Optional[str], typer.Option("--seat", metavar="NAME|N", help="Show this seat's hand (and what "
                                               "else it saw) at each of its decisions: its name or number.")] = None,
) -> None:
    """Show a saved game move by move."""
    from ..table.replay import replay as replay_game, seat_named
    from ..table.saves import read_save

    loaded = ruleset_for_command(ruleset, at_the_table=True)
    save = read_save(file, loaded)
    try:
        shown_seat = seat_named(save, seat) if seat is not None else None
    except NycRulesError as err:
        raise fail(str(err), 2)
    if not sys.stdout.isatty():
        raise typer.Exit(replay_game(loaded, save, sys.stdout, until, shown_seat))
    import io
    import pydoc

    text = io.StringIO()  # on a terminal, through the pager ($PAGER, or `less`)
    code = replay_game(loaded, save, text, until, shown_seat)
    pydoc.pager(text.getvalue())
    raise typer.Exit(code)


@app.command()
def board(
    file: Annotated[Path, typer.Argument(help="A save file or a finished game's record.")],
    until: Annotated[Optional[int], typer.Option(metavar="N", help="The table after this decision.", min=0)] = None,
    svg: Annotated[Optional[Path], typer.Option("--svg", metavar="OUT.svg",
                                                help="Draw the table as an SVG picture into this file.")] = None,
    ruleset: RulesetOption = None,
    plain: PlainOption = False,
) -> None:
    """Show the table of a saved or finished game: the board and every seat, or a picture (--svg)."""
    from ..table import game_hooks
    from ..table.game_at import game_at
    from ..table.output import use_plain
    from ..table.saves import read_save, write_text

    if svg is not None and svg.suffix.lower() != ".svg":
        from ..table.drawing import svg_name_like
        from ..text import shown_path

        raise fail(f"--svg draws an SVG picture: give a file name ending in .svg "
                   f"(--svg {shown_path(svg_name_like(svg))}), not {shown_path(str(svg))}", 2)
    loaded = ruleset_for_command(ruleset, at_the_table=True)
    save = read_save(file, loaded)
    game, taken = game_at(loaded, save, until)
    hooks = game_hooks.hooks_of(loaded)  # a game that draws its own table
    if svg is not None:
        drawn = game_hooks.picture(hooks, game)
        if drawn is None:
            raise fail(f"{loaded.name} draws no picture of its table; `nycrules board FILE` shows it as text", 2)
        write_text(svg, drawn)
        typer.echo(f"wrote {svg} (the table after decision {taken} of {len(save.decisions)})")
        return
    colour = not use_plain(plain)
    typer.echo(f"(after decision {taken} of {len(save.decisions)})")
    typer.echo(game_hooks.board(hooks, game, colour))
    typer.echo(game_hooks.seats(hooks, game, colour))


@app.command()
def score(
    position: Annotated[Path, typer.Argument(help="A position file (see docs/position-example.yaml).")],
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
) -> None:
    """Score a finished game typed in by hand: points per seat and category, and the winner."""
    from ..diagnostics import render
    from ..engine.scoring import winner_of
    from ..table.game_hooks import final_scores, hook, hooks_of
    from ..table.output import write_json
    from ..text import shown

    if not os.path.lexists(position):
        raise fail(f"no such file: {position}", 2)
    loaded = ruleset_for_command(ruleset, at_the_table=True)
    hooks = hooks_of(loaded)
    score_position = hook(hooks, "score_position")
    if score_position is None:  # a game whose positions are not typed in by hand (yet)
        raise fail(f"score reads a position of a game typed in by hand; one of {loaded.name} cannot be typed in "
                   "yet (play or replay its games instead)", 2)
    result = score_position(position, loaded)
    if result.game is None:
        if format == Format.json:
            write_json([d.as_dict() for d in result.diagnostics])
        else:
            for diagnostic in result.diagnostics:
                typer.echo(render(diagnostic, result.sources))
            typer.echo(f"{len(result.diagnostics)} error(s) in the position", err=True)
        raise typer.Exit(1)
    if format == Format.json:
        write_json(hook(hooks, "position_json")(result.game))
    else:
        typer.echo(shown(final_scores(hooks, result.game), keep_newlines=True))
        winner = winner_of(result.game)
        typer.echo(f"{winner.name} wins with {winner.points} points.")
