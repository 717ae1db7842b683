"""What the shared loader asks of New York 1901 to check one of its rulesets (docs/games.md): the
schema of its sections, and the names its effects may use, read from the board and tile files its
`components:` name beside the ruleset (each problem in them reported at its file:line:col)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...diagnostics import Sink, SourceTexts
from ...language import dsltypes as T
from ...language.scope import Symbols
from ...reading.documents import file_inside
from ...reading.marked_yaml import MDict
from .board import read_board
from .tiles import read_tiles

RULESET_SCHEMA = "ny1901-ruleset.schema.json"


def data_file(doc: MDict, key: str, folder: Path, sink: Sink, sources: SourceTexts) -> Path | None:
    """The file `components.<key>` names beside the ruleset file that names it (a mod elsewhere that
    extends the game finds its base's board); None (reported at the key) when it cannot be read."""
    comp = doc["components"]
    where = comp.value_locs.get(key, comp.loc)
    declared_in = sources.paths.get(where.file)
    folder = declared_in.parent if declared_in is not None else folder
    found = file_inside(folder, str(comp[key]))
    if isinstance(found, str):
        sink.error("E100", f"components.{key}: cannot read {str(comp[key])[:60]!r}: {found}", where)
        return None
    if not found.is_file():
        sink.error("E100", f"components.{key}: no file {str(comp[key])[:60]!r} beside the ruleset", where)
        return None
    return found


def _read(doc: MDict, key: str, folder: Path, reader: Any, sink: Sink, sources: SourceTexts) -> Any:
    found = data_file(doc, key, folder, sink, sources)
    return None if found is None else reader(found, sink, sources)


def symbols(doc: MDict, folder: Path, sink: Sink, sources: SourceTexts) -> Symbols | None:
    """The names effects may use: the districts' colours (type `district`) and the params; the board
    and tile files are read and checked on the way. None when the board cannot be read: the names
    are not known, and the effects' errors would be noise."""
    board = _read(doc, "board", folder, read_board, sink, sources)
    _read(doc, "tiles", folder, read_tiles, sink, sources)
    if board is None:
        return None
    found = Symbols()
    for colour in board.districts:
        found.types[colour] = "district"
    params = doc.get("params") or {}
    for name, value in params.items():
        kind = T.of_value(value)
        if kind is None:
            sink.error("E408", f"param '{name}' must be a number, a text, or a list or table of them",
                       params.value_locs[name])
        else:
            found.params[name] = kind
    seats = doc["components"]["seats"]
    if seats["least"] > seats["most"]:
        sink.error("E204", "components.seats: least is more than most", doc["components"].value_locs["seats"])
    return found
