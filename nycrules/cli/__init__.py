"""The `nycrules` command line: thin Typer commands over the package.

`app.py` holds the application and what its commands share; each command lives in the module named
for its job (`check_commands.py`: validate and rules; `game_commands.py`: play, replay, board, score;
`simulate_command.py`); `entry.py` runs it all so that every error a user can cause ends as one line
on standard error and a non-zero exit code, never a Python traceback.
"""

from __future__ import annotations

from .entry import app, main

__all__ = ["app", "main"]
