"""Check a New York 1901 board file or tile file by hand, while transcribing one (docs/ny1901.md).

    python -m nycrules.games.ny1901.check board.yaml tiles.yaml

Each file is read as a board file when its top key is `board:`, as a tile file otherwise; every
problem is printed at its file:line:col with the line and a caret, and the exit status is 1
when there was any.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ...diagnostics import Sink, SourceTexts, render
from ...limits import MAX_RULESET_FILE_BYTES
from ...reading.files import FileRefused, read_text
from .board import read_board
from .tiles import read_tiles


def check(paths: list[str]) -> tuple[list[str], bool]:
    """The lines to print for these files, and whether all of them are right."""
    lines, good = [], True
    for name in paths:
        path = Path(name)
        sink, sources = Sink(), SourceTexts()
        try:
            first = read_text(path, MAX_RULESET_FILE_BYTES, name).lstrip()
        except FileRefused as err:
            lines.append(f"{name}: error[E100]: {err.message}")
            good = False
            continue
        board_file = any(line.startswith("board:") for line in first.splitlines())
        found = (read_board if board_file else read_tiles)(path, sink, sources)
        for diagnostic in sink.sorted():
            lines.append(render(diagnostic, sources))
        if found is None:
            good = False
        else:
            lines.append(f"{name}: a {'board' if board_file else 'tile'} file, no problem found")
    return lines, good


def main(argv: list[str] | None = None) -> int:
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    lines, good = check(paths)
    print("\n".join(lines))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
