"""Running the command line: standard streams made safe, then the app, every error ending as one line
and an exit code."""

from __future__ import annotations

import errno
import os
import sys

import typer

from ..diagnostics import NycRulesError
from . import check_commands, game_commands, serve_command, simulate_command, train_command  # noqa: F401 - each registers its commands
from .app import app

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
    from ..text import shown, shown_clipped

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
