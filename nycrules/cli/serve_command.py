"""`nycrules serve`: the game in a browser, a page per person's seat and one for spectators (nycrules/web)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..diagnostics import NycRulesError
from .game_words import GameCommand
from .app import MAX_SEED, RulesetOption, app, fail, ruleset_for_command

SERVE_SAVE = "nycrules-serve.json"


@app.command(cls=GameCommand)
def serve(
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", "-s", metavar="SEAT", help="A seat, as for `play`: a person's name, bot:greedy, {examples}... "
                                             "Repeat for each seat. Default: you against {rival}.")] = None,
    seed: Annotated[Optional[int], typer.Option(metavar="N", help="Seed of the shuffles (default: a new one).",
                                                min=0, max=MAX_SEED)] = None,
    ruleset: RulesetOption = None,
    load: Annotated[Optional[Path], typer.Option("--load", metavar="FILE",
                                                 help="Continue a saved game (saved to the same file).")] = None,
    save: Annotated[Optional[Path], typer.Option("--save", metavar="FILE", help="Where the game is saved after "
                                                 f"every decision (default: {SERVE_SAVE}).")] = None,
    host: Annotated[str, typer.Option(metavar="ADDR", help="The address to listen on; 0.0.0.0 lets other machines of your "
                                           "home network in (docs/web.md).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="N", help="The port to listen on (0: any free one).", min=0, max=65535)] = 8765,
) -> None:
    """Serve a game to web browsers: one secret address per person's seat, one for spectators."""
    loaded = ruleset_for_command(ruleset, at_the_table=True)
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise fail("serve needs the web extra: pip install 'nycrules[web]'", 2)
    from ..agents.seating import parse_seats, players
    from ..table.saves import read_save
    from ..web.game import ServedGame, read_tokens
    from ..web.run import listening_socket, serve as run
    if load is not None:
        if seat or seed is not None or save is not None:
            raise fail("--load goes on with the game's own seats and seed, saved to the same file; "
                       "drop --seat, --seed and --save", 2)
        saved = read_save(load, loaded)
        specs, game_seed, decisions, target = saved.seats, saved.seed, saved.decisions, load
    else:
        specs = parse_seats(seat or [], loaded)
        game_seed = seed if seed is not None else int.from_bytes(os.urandom(3), "big")
        decisions, target = [], save or Path(SERVE_SAVE)
    if not any(spec.kind == "human" for spec in specs):
        raise fail(f"serve needs at least one person's seat ({players(loaded)} play inside the server)", 2)
    try:
        sock = listening_socket(host, port)  # before the game is saved: a port in use leaves no file behind
        game = ServedGame(loaded, specs, game_seed, decisions, target,
                          read_tokens(load) if load is not None else None,
                          again=f" -r {shlex.quote(str(ruleset))}" if ruleset else "")
        raise typer.Exit(run(game, sock))
    except NycRulesError as err:
        raise fail(str(err), 2)
