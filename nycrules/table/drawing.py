"""SVG for pictures of a table: elements collected as escaped text, numbers written short, file names.

Shared by the games' pictures (each draws its own table with these).
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from ..text import shown

FONT = "sans-serif"


class Canvas:
    """SVG elements collected as text; attributes are escaped, text is escaped (and control characters,
    which XML cannot hold at all, are written visibly, as `\\x01`)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, text: str | None = None, **attrs: object) -> None:
        attr = "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(shown(str(v)))}" for k, v in attrs.items()
                       if v is not None)
        self.parts.append(f"<{tag}{attr}/>" if text is None else f"<{tag}{attr}>{escape(shown(text))}</{tag}>")

    def open(self, tag: str, **attrs: object) -> None:
        attr = "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(shown(str(v)))}" for k, v in attrs.items())
        self.parts.append(f"<{tag}{attr}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def text(self, x: float, y: float, content: str, size: int = 13, weight: str = "normal",
             anchor: str = "start", colour: str = "#222222", **attrs: object) -> None:
        self.add("text", content, x=number(x), y=number(y), font_size=size, font_weight=weight, text_anchor=anchor,
                 fill=colour, **attrs)


Point = tuple[float, float]


def number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def svg_name_like(path: "str | Path") -> str:
    """A file name ending in .svg like the one given, for a message (table.svg when it names no file:
    `''`, `/`, `.`)."""
    name = Path(path).name
    return Path(name).with_suffix(".svg").name if name else "table.svg"
