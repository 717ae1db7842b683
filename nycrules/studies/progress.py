"""A progress bar of games played: rich, on the standard error of a terminal, else nothing."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator


@contextmanager
def games_bar(total: int, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    """Yield a callback that advances the bar by n games; None when there is no terminal to draw on."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda n: bar.advance(task, n)
