"""The `nycrules` command line: thin commands over the nycrules package.

Every error a user can cause ends as one line on standard error and a non-zero
exit code; no command shows a Python traceback.
"""

from __future__ import annotations

import errno
import os
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from nycrules.diagnostics import NycRulesError
from nycrules.limits import MAX_GAMES, MAX_INT

MAX_SEED = MAX_INT // 2  # seeds of a run of games (seed + i) stay within the limits of a save

app = typer.Typer(
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
    procedure = "procedure"


RulesetOption = Annotated[
    Optional[str],
    typer.Option("--ruleset", "-r", metavar="PATH",
                 help="A ruleset folder or file (default: the shipped New York City rules)."),
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
PlainOption = Annotated[bool, typer.Option("--plain", help="Plain text: no colours or tables.")]


def fail(message: str, code: int = 1) -> "typer.Exit":
    from nycrules.text import shown

    typer.echo(f"nycrules: {shown(message)}", err=True)
    return typer.Exit(code)


def _ruleset(path: Optional[str], option: str = "--ruleset"):
    """Load a ruleset for a command (given with `option`); an invalid one ends the command with its diagnostics."""
    from nycrules.diagnostics import RulesetInvalid, render
    from nycrules.reading.documents import ruleset_argument_problem
    from nycrules.loading.loader import load_ruleset
    from nycrules.resources import shipped_ruleset

    problem = ruleset_argument_problem(path, option) if path is not None else None
    if problem:
        raise fail(problem, 2)
    try:
        return load_ruleset(path or shipped_ruleset())
    except RulesetInvalid as err:
        for diagnostic in err.diagnostics:
            typer.echo(render(diagnostic, err.sources), err=True)
        raise fail(f"the ruleset is invalid ({len(err.diagnostics)} error(s)); see `nycrules validate`")


@app.command()
def validate(
    names: Annotated[list[str], typer.Argument(metavar="PATH...", help="Ruleset folders or YAML files to check.")],
    format: FormatOption = Format.text,
    simulate: Annotated[Optional[int], typer.Option(
        "--simulate", metavar="N", min=1,
        help="Then play N seeded games of each valid ruleset with random bots (and Toms) and report every "
             "rule that fails while playing.")] = None,
    coverage: Annotated[bool, typer.Option(
        "--coverage", help="With --simulate: list the characters, bidding rounds and effect lines that never "
                           "ran (of a mod: in its own files; with --all, also in the rulesets it extends).")] = False,
    everything: Annotated[bool, typer.Option(
        "--all", help="With --coverage: list also what never ran in the rulesets a mod extends.")] = False,
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", "-s", metavar="SEAT", help="With --simulate: play every game with these seats (bots and Toms) "
                                             "instead of the usual rotation.")] = None,
    seed: Annotated[int, typer.Option(metavar="N", min=0, max=MAX_SEED,
                                      help="With --simulate: seed of the first game; game i uses seed + i.")] = 1,
) -> None:
    """Check rulesets and report every error as FILE:LINE:COL: error[CODE]: message."""
    from nycrules.diagnostics import render
    from nycrules.loading.loader import check_ruleset
    from nycrules.table.output import write_json
    from nycrules.studies.playcheck import check_by_playing, text_report

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


@rules_app.command("list")
def rules_list(
    kind: Annotated[ListKind, typer.Argument(help="What to list.")] = ListKind.characters,
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
    plain: PlainOption = False,
) -> None:
    """List the characters, bidding rounds, Tom's levels, scoring steps, primitives or hooks."""
    from nycrules.table.listing import character_list, table
    from nycrules.table.output import use_plain, write_json, write_lines, write_table

    loaded = _ruleset(ruleset)
    result = table(loaded, kind.value)
    if format == Format.json:
        write_json(result.as_json())
    elif kind == ListKind.characters:  # long texts: a listing, not a table
        write_lines(character_list(loaded))
    else:
        write_table(result, use_plain(plain))


@rules_app.command("show")
def rules_show(
    ident: Annotated[str, typer.Argument(metavar="ID", help="A character (number or title), round, scoring step, "
                                                           "hook, primitive, or `tom`.")],
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
    plain: PlainOption = False,
) -> None:
    """Show one rule in full, with its effects and where they are defined."""
    from nycrules.table.listing import detail
    from nycrules.table.output import write_detail, write_json

    loaded = _ruleset(ruleset)
    found = detail(loaded, ident)
    if found is None:
        from nycrules.table.character_info import find_characters

        several = find_characters(loaded, ident)
        if len(several) > 1:
            names = ", ".join(f"{c.id} {c.title}" for c in several[:6])
            raise fail(f"'{ident[:40]}' could be several characters ({names}); be more precise")
        from nycrules.table.character_info import did_you_mean

        raise fail(f"nothing called '{ident[:40]}' in the ruleset{did_you_mean(loaded, ident)}; "
                   "try `nycrules rules list`")
    if format == Format.json:
        write_json(found.as_json())
    else:
        write_detail(found)  # plain text whatever `plain` says: it has no colours or tables


@app.command()
def play(
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", "-s", metavar="SEAT", help="A seat, in clockwise order: a person's name, bot:random, bot:greedy, "
                             "bot:mcts[:easy|normal|hard|N], tom (the recommended level), tom:1..tom:12 or tom:B4. A person called "
                             "Tom: name:Tom (any name may be written name:NAME). Repeat for each seat. "
                             "Default: you against Tom.")] = None,
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
) -> None:
    """Play a game in the terminal (or through a pipe); bots and Toms play themselves."""
    import shutil

    from nycrules.engine.runner import Session
    from nycrules.table.output import use_plain
    from nycrules.table.play import LAST_GAME, PlayGame
    from nycrules.table.terminal import MIN_ROWS, Terminal
    from nycrules.table.saves import check_target, read_save
    from nycrules.agents.seating import parse_seats

    if record is not None:  # known now, not after the whole game (the default falls back to the data folder)
        try:
            check_target(record, "game's record")
        except NycRulesError as err:
            raise fail(str(err), 2)
    loaded = _ruleset(ruleset)
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
        from nycrules.loading.positions import read_position_file
        from nycrules.text import shown_path
        try:
            position = read_position_file(start_from)
            started = Session.from_position(loaded, position, log_events=True)
        except NycRulesError as err:
            raise fail(str(err) if str(err).startswith(shown_path(start_from)) else f"{start_from}: {err}", 2)
        specs, game_seed, decisions = started.specs, started.seed, list(started.record)
    else:
        specs = parse_seats(seat or [], loaded)
        game_seed = seed if seed is not None else int.from_bytes(os.urandom(3), "big")
        decisions = []
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not text are bad input, not a crash
    interactive = sys.stdin.isatty() and not use_plain(plain)  # colours and line editing (not NO_COLOR, TERM=dumb)
    watched = sys.stdin.isatty() and sys.stdout.isatty()  # a person at a screen: page what would scroll away
    rows = shutil.get_terminal_size().lines if watched else None
    terminal = Terminal(sys.stdin, sys.stdout, interactive, rows if rows and rows >= MIN_ROWS else None,
                        screen=watched)
    game = PlayGame(loaded, specs, game_seed, terminal, decisions, record_file=record or Path(LAST_GAME),
                    position=position)
    raise typer.Exit(game.run())


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A save file.")],
    until: Annotated[Optional[int], typer.Option(metavar="N", help="Stop after this decision and show the table.",
                                                 min=1)] = None,
    ruleset: RulesetOption = None,
) -> None:
    """Show a saved game move by move."""
    from nycrules.table.replay import replay as replay_game
    from nycrules.table.saves import read_save

    loaded = _ruleset(ruleset)
    save = read_save(file, loaded)
    if not sys.stdout.isatty():
        raise typer.Exit(replay_game(loaded, save, sys.stdout, until))
    import io
    import pydoc

    text = io.StringIO()  # on a terminal, through the pager ($PAGER, or `less`)
    code = replay_game(loaded, save, text, until)
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
    from nycrules.table import views
    from nycrules.table.game_at import game_at
    from nycrules.table.output import use_plain
    from nycrules.table.saves import read_save, write_text

    if svg is not None and svg.suffix.lower() != ".svg":
        from nycrules.table.svg import svg_name_like
        from nycrules.text import shown_path

        raise fail(f"--svg draws an SVG picture: give a file name ending in .svg "
                   f"(--svg {shown_path(svg_name_like(svg))}), not {shown_path(str(svg))}", 2)
    loaded = _ruleset(ruleset)
    save = read_save(file, loaded)
    game, taken = game_at(loaded, save, until)
    if svg is not None:
        from nycrules.table.svg import picture

        write_text(svg, picture(game))
        typer.echo(f"wrote {svg} (the table after decision {taken} of {len(save.decisions)})")
        return
    colour = not use_plain(plain)
    typer.echo(f"(after decision {taken} of {len(save.decisions)})")
    typer.echo(views.board(game, colour))
    typer.echo(views.seats(game, colour))


@app.command()
def score(
    position: Annotated[Path, typer.Argument(help="A position file (see docs/position-example.yaml).")],
    ruleset: RulesetOption = None,
    format: FormatOption = Format.text,
) -> None:
    """Score a finished game typed in by hand: points per seat and category, and the winner."""
    from nycrules.diagnostics import render
    from nycrules.engine.scoring import winner_of
    from nycrules.table.output import write_json
    from nycrules.table.position import as_json, score_position
    from nycrules.text import shown
    from nycrules.table.views import final_scores

    if not os.path.lexists(position):
        raise fail(f"no such file: {position}", 2)
    loaded = _ruleset(ruleset)
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
        write_json(as_json(result.game))
    else:
        typer.echo(shown(final_scores(result.game), keep_newlines=True))
        winner = winner_of(result.game)
        typer.echo(f"{winner.name} wins with {winner.points} points.")


STUDY_SEATS = ["bot:greedy"] * 4  # one kind of player: owning a character is not mixed up with who owns it


class Verdicts(str, Enum):
    changed = "changed"
    all = "all"


@app.command()
def simulate(
    seat: Annotated[Optional[list[str]], typer.Option(
        "--seat", "-s", metavar="SEAT",
        help="A bot or Tom seat; repeat for each seat (default: four bot:greedy).")] = None,
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
) -> None:
    """Play many headless games: win rates, points and what each character does for its owner, with 95% intervals."""
    from nycrules.studies import study
    from nycrules.studies.distribute import RulesetRef, available_cores
    from nycrules.reading.documents import extends
    from nycrules.table.output import write_json
    from nycrules.studies.progress import games_bar
    from nycrules.studies.report_text import render, render_comparison
    from nycrules.table.saves import check_target, write_text
    from nycrules.agents.seating import parse_seats
    from nycrules.studies.simulate import check_seats

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
    loaded = _ruleset(ruleset)
    specs = parse_seats(seat or STUDY_SEATS, loaded)
    try:
        agents = _agents(agent, specs)
        check_seats(specs, agents)
    except ValueError as err:
        raise fail(str(err), 2)
    ref = RulesetRef.of(ruleset or "nyc", loaded)
    other = None
    if compare is not None:
        other_loaded = _ruleset(compare, "--compare")
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
        from nycrules.studies.report_html import render as render_html
        from nycrules.text import shown_path

        sys.stdout.flush()
        write_text(out, render_html(report), "report")  # never through a link, nor over a folder or device
        if format != Format.json:
            typer.echo(f"report written to {shown_path(out)}")


def _agents(texts: Optional[list[str]], specs: list) -> Optional[dict]:
    """`simulate --agent module:Class`: your agents, for the seats given as names (nycrules/studies/batch.py)."""
    if not texts:
        return None
    from nycrules.studies.batch import agents_for_named_seats, check_agents
    from nycrules.diagnostics import NycRulesError

    try:
        agents = agents_for_named_seats(texts, specs)
        check_agents(agents, specs)
    except NycRulesError as err:
        raise fail(str(err), 2)
    return agents


OPTIONAL_VALUES = {"--ray": "local"}  # options whose value may be left out, and what it then is


def with_optional_values(args: list[str]) -> list[str]:
    """`--ray` with no address after it (the end, or another option next) means `--ray local`."""
    out = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg in OPTIONAL_VALUES and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append(OPTIONAL_VALUES[arg])
    return out


def _output_failed(err: OSError) -> None:
    """Standard output is gone: a closed pipe (`| head`) ends quietly, a full disk with one line; exit 1."""
    try:  # nothing more can be written there, not even at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if not isinstance(err, BrokenPipeError):
        try:
            sys.stderr.write(f"nycrules: cannot write the output: {err.strerror or err}\n")
            sys.stderr.flush()
        except OSError:
            pass
    sys.exit(1)


def _standard_streams() -> bool:
    """Standard streams a shell closed (`<&-`, `>&-`) are opened on /dev/null, so that no file opened
    later takes their number; an output that cannot encode a name (PYTHONIOENCODING=ascii) writes it
    as an escape. Returns whether standard output was closed."""
    closed = False
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
            is_open = True
        except OSError:
            is_open = False
        if is_open and getattr(sys, name) is not None:
            continue
        mode = "r" if fd == 0 else "w"
        if not is_open:
            os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)  # takes the lowest free number: fd
            setattr(sys, name, open(fd, mode, encoding="utf-8", errors="replace", closefd=False))
        else:  # closed at start, its number taken since
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8", errors="replace"))
        closed = closed or fd == 1
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    return closed


def main() -> None:
    """Entry point: run the app; every error ends as one line and an exit code, never a traceback."""
    from nycrules.text import shown, shown_clipped

    if _standard_streams():
        typer.echo("nycrules: standard output is closed: nothing could be shown (give it a file or /dev/null)",
                   err=True)
        sys.exit(1)
    try:
        try:
            code = app(args=with_optional_values(sys.argv[1:]), standalone_mode=False)
        finally:
            sys.stdout.flush()  # a full disk or closed pipe shows here at the latest, not at exit
    except OSError as err:
        if err.errno in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG):
            _output_failed(err)
        typer.echo(f"nycrules: internal error ({type(err).__name__}: {shown(err)}); please report it with the "
                   "command you ran", err=True)
        sys.exit(70)
    except NycRulesError as err:
        typer.echo(f"nycrules: {shown(err)}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:  # Ctrl-C: stopped as asked, without a traceback
        typer.echo("nycrules: interrupted", err=True)
        sys.exit(130)
    except Exception as err:
        if hasattr(err, "format_message") and hasattr(err, "exit_code"):  # a bad flag or argument
            ctx = getattr(err, "ctx", None)
            where = f"`{ctx.command_path} --help`" if ctx is not None else "`nycrules --help`"
            # clipped: Click's message quotes what was typed, which may be thousands of characters
            typer.echo(f"nycrules: {shown_clipped(err.format_message(), 160)} (see {where})", err=True)
            sys.exit(err.exit_code)
        # A bug of ours: still one line, and a way to report it.
        typer.echo(f"nycrules: internal error ({type(err).__name__}: {shown(err)}); please report it with the "
                   "command you ran", err=True)
        sys.exit(70)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
