"""Renderers: rich tables on a terminal, aligned plain text through a pipe, JSON for tools."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

from .listing import Detail, Table


def use_plain(force_plain: bool = False, stream: TextIO | None = None) -> bool:
    """Plain output when asked, when NO_COLOR is set, or when the output is not a terminal."""
    stream = stream or sys.stdout
    return force_plain or bool(os.environ.get("NO_COLOR")) or not stream.isatty()


def write_json(value: Any, stream: TextIO | None = None) -> None:
    (stream or sys.stdout).write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def write_table(table: Table, plain: bool, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    if not plain:
        from rich.console import Console
        from rich.table import Table as RichTable

        rich_table = RichTable(title=table.title, show_lines=False, header_style="bold")
        for column in table.columns:
            rich_table.add_column(column, overflow="fold")
        for row in table.rows:
            rich_table.add_row(*row)
        Console(file=stream).print(rich_table)
        return
    widths = [len(c) for c in table.columns]
    for row in table.rows:
        for i, cell in enumerate(row[:-1]):
            widths[i] = max(widths[i], len(cell))
    stream.write(f"{table.title}\n")
    for row in [table.columns] + table.rows:
        cells = [cell.ljust(widths[i]) for i, cell in enumerate(row[:-1])] + [row[-1]]
        stream.write("  ".join(cells).rstrip() + "\n")


def write_detail(detail: Detail, plain: bool, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    lines = [detail.title, ""]
    width = max((len(k) for k, _ in detail.fields), default=0)
    lines += [f"{key.ljust(width)}  {value}" for key, value in detail.fields]
    for name, script in detail.scripts:
        lines += ["", f"{name} ({script.loc.short()}):"]
        lines += ["    " + line for line in script.source.rstrip("\n").splitlines()]
    text = "\n".join(lines) + "\n"
    if plain:
        stream.write(text)
    else:
        from rich.console import Console

        Console(file=stream, highlight=False).print(text, end="", markup=False)
