"""Text laid out for an 80-column screen: the width, the room a coloured text takes, items wrapped."""

from __future__ import annotations

import re

_ESCAPE = re.compile(r"\033\[[0-9;]*m")

WIDTH = 80


def visible_len(text: str) -> int:
    """Length on screen: colour codes take no room."""
    return len(_ESCAPE.sub("", text))


def wrap_items(head: str, items: list[str], sep: str = ", ", indent: int = 4, width: int = WIDTH) -> list[str]:
    """`head` followed by the items joined by `sep`, wrapped between items (never inside one)."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + (sep if i < len(items) - 1 else "")
        if line.strip() and visible_len(line) + visible_len(piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = " " * indent
        line += piece
    lines.append(line.rstrip())
    return lines
