"""A YAML data file a ruleset names beside itself (a board, a set of tiles): read, located, schema-checked.

Generic: the schema names what the file holds; this module only reads it safely (a regular
file under the size limit of a ruleset's file, UTF-8) and reports every problem at its
`file:line:col` into a Sink, as the ruleset's own files are reported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..diagnostics import Location, Sink, SourceTexts
from ..limits import MAX_RULESET_FILE_BYTES
from . import marked_yaml, schema_check
from .documents import display_path
from .files import FileRefused, read_text


def read_data_file(path: Path, schema: str, what: str, sink: Sink, sources: SourceTexts) -> Any:
    """The file's content when it reads and passes `schema`, else None (the problems are in `sink`).

    `what` names the whole file in messages ("the board file")."""
    shown = display_path(path)
    start = Location(shown, 1, 1)
    try:
        text = read_text(path, MAX_RULESET_FILE_BYTES, shown)
    except FileRefused as err:
        sink.error("E100", err.message, start)
        return None
    sources.add(shown, text)
    errors_before = len(sink.items)
    data = marked_yaml.load(text, shown, sink)
    if len(sink.items) > errors_before:
        return None
    if data is None:
        sink.error("E201", f"{what} is empty", start)
        return None
    if schema_check.check(data, schema, sink, start, top=what):
        return None
    return data
