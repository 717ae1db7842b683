"""Renderers: rich tables on a terminal, aligned plain text through a pipe, JSON for tools.

Text from the ruleset (titles, texts, effects) goes through `text.shown`: its
control characters are written as escapes, never sent to the terminal, and it
is never read as rich markup.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from typing import Any, TextIO

from .listing import Detail, Table
from ..text import json_text, shown


def use_plain(force_plain: bool = False, stream: TextIO | None = None) -> bool:
    """Plain output when asked, when NO_COLOR is set, on a terminal that shows no colours (TERM=dumb),
    or when the output is not a terminal."""
    stream = stream or sys.stdout
    return (force_plain or bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"
            or not stream.isatty())


def write_json(value: Any, stream: TextIO | None = None) -> None:
    (stream or sys.stdout).write(json_text(json.dumps(value, indent=2, ensure_ascii=False)) + "\n")


def write_table(table: Table, plain: bool, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    if not plain:
        from rich.console import Console
        from rich.table import Table as RichTable
        from rich.text import Text

        rich_table = RichTable(title=Text(shown(table.title)), show_lines=False, header_style="bold")
        for column in table.columns:
            rich_table.add_column(column, overflow="fold")
        for row in table.rows:
            rich_table.add_row(*(Text(shown(cell)) for cell in row))
        Console(file=stream).print(rich_table)
        return
    rows = [[shown(cell) for cell in row] for row in table.rows]
    widths = [len(c) for c in table.columns]
    for row in rows:
        for i, cell in enumerate(row[:-1]):
            widths[i] = max(widths[i], len(cell))
    stream.write(f"{shown(table.title)}\n")
    for row in [table.columns] + rows:
        cells = [cell.ljust(widths[i]) for i, cell in enumerate(row[:-1])] + [row[-1]]
        stream.write("  ".join(cells).rstrip() + "\n")


WIDTH = 80  # texts are wrapped for an 80-column terminal


def write_detail(detail: Detail, stream: TextIO | None = None, code: bool = False, ask: str = "") -> None:
    """One rule in full: its fields (long texts wrapped under their value's column), then where its
    effects are written; with `code`, the effects as written in the ruleset, else `ask` (the
    command that shows them). The same text on a terminal and through a pipe."""
    stream = stream or sys.stdout
    lines = [shown(detail.title), ""]
    width = max((len(k) for k, _ in detail.fields), default=0)
    for key, value in detail.fields:
        lines += textwrap.wrap(shown(value), WIDTH - 1, initial_indent=f"{key.ljust(width)}  ",
                               subsequent_indent=" " * (width + 2), break_long_words=False,
                               break_on_hyphens=False) or [key]
    if code:
        for name, script in detail.scripts:
            lines += ["", f"{name} ({shown(script.loc.short())}):"]
            lines += ["    " + shown(line) for line in script.source.rstrip("\n").split("\n")]
    elif detail.scripts:
        lines += [""] + [f"{name} at {shown(script.loc.short())}" for name, script in detail.scripts]
        lines += [f"({'their' if len(detail.scripts) > 1 else 'its'} code: {shown(ask)})"] if ask else []
    stream.write("\n".join(lines) + "\n")


def write_lines(lines: list[str], stream: TextIO | None = None) -> None:
    (stream or sys.stdout).write("".join(shown(line) + "\n" for line in lines))
