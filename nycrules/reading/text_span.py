"""Where each character of a YAML string value sits in its file, for errors inside an effect's text.

A literal block (`|`) or a one-line plain value maps by offset; quoted, folded and plain values over
several lines change the text while reading it (escapes, folded line breaks), so each character of
the value is found again in the file.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from ..diagnostics import Location


@dataclass(frozen=True)
class TextSpan:
    """Where the text of a string scalar sits, to map positions inside it to the file.

    Literal blocks (`|`) and one-line plain scalars map by offset. Other styles
    (quoted, folded, plain over several lines) change the text while reading it,
    so for them `runs` holds where each stretch of the value lies in the file:
    (offset in the value, 1-based line, 1-based column) at each point where the
    value stops following the file character by character. That costs memory in
    proportion to the lines and escapes of the scalar, not to its length.
    """

    file: str
    line0: int  # 0-based line of the scalar's first character (or block indicator)
    col0: int  # 0-based column of the same
    style: str | None
    indent: int  # for block scalars, the indentation of the content
    runs: tuple[tuple[int, int, int], ...] | None = None
    value: str = ""

    def locate(self, line: int, column: int) -> Location:
        """Map a 1-based line/column inside the scalar's value to the file."""
        if self.runs is not None:
            if not self.runs:
                return self.start
            offset = _offset(self.value, line, column)
            index = bisect.bisect_right(self.runs, (offset, _BIG, _BIG)) - 1
            start, file_line, file_col = self.runs[max(index, 0)]
            return Location(self.file, file_line, file_col + max(offset - start, 0))
        if self.style == "|":
            return Location(self.file, self.line0 + 1 + line, self.indent + column)
        return Location(self.file, self.line0 + line, (self.col0 if line == 1 else 0) + column)

    @property
    def start(self) -> Location:
        return Location(self.file, self.line0 + 1, self.col0 + 1)


_BIG = 1 << 62
# What YAML reads as a line break; in a value they are folded or kept, never matched in the file.
_BREAKS = " \n\t\r\x85\u2028\u2029"


def _offset(value: str, line: int, column: int) -> int:
    """The index in `value` of a 1-based line and column (lines split at \\n only, as the effect parser counts)."""
    index = 0
    for _ in range(line - 1):
        found = value.find("\n", index)
        if found < 0:
            break
        index = found + 1
    return index + column - 1


# Escapes of a double-quoted scalar: the character each stands for (\\x, \\u and \\U take hex digits).
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
            "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029"}
_HEX_DIGITS = {"x": 2, "u": 4, "U": 8}
_LOOKAHEAD = 8  # characters of the file a value's character may skip that it does not match


def _file_chars(lines: list[str], row: int, col: int, last: int, style: str | None) -> list[tuple[str, int, int]]:
    """The characters of the file from (row, col) to the end of line `last`, each with its 0-based place,
    as the scalar reads them: an escape of a double-quoted scalar is the one character it stands for
    (at its backslash), `''` in a single-quoted one is one quote, an escaped line break is nothing."""
    out: list[tuple[str, int, int]] = []
    while row <= last and row < len(lines):
        text = lines[row]
        while col < len(text):
            ch, width = text[col], 1
            if style == '"' and ch == "\\":
                code = text[col + 1:col + 2]
                digits = _HEX_DIGITS.get(code)
                if not code:  # an escaped line break
                    col += 1
                    continue
                if digits:
                    try:
                        ch, width = chr(int(text[col + 2:col + 2 + digits], 16)), 2 + digits
                    except (ValueError, OverflowError):
                        pass
                elif code in _ESCAPES:
                    ch, width = _ESCAPES[code], 2
            elif style == "'" and ch == "'" and text[col + 1:col + 2] == "'":
                width = 2
            out.append((ch, row, col))
            col += width
        row, col = row + 1, 0
    return out


def align(value: str, lines: list[str], line0: int, col0: int, last: int,
           style: str | None) -> tuple[tuple[int, int, int], ...]:
    """Where the stretches of a scalar whose text was folded or unescaped lie in the file.

    Characters of the value appear in the file in order (_file_chars reads escapes as the scalar
    does); folded line breaks and indentation are skipped over, so each visible character is
    matched to the next equal character of the file. One that does not match within a few
    characters keeps the last place: the work is linear in the scalar's length, whatever it holds.
    """
    chars = _file_chars(lines, line0, col0, last, style)
    runs: list[tuple[int, int, int]] = []
    row, col = line0, col0
    at = 0  # the next character of the file to match
    prev = (-1, -1)
    for offset, ch in enumerate(value):
        matched = False
        if ch not in _BREAKS:
            while at < len(chars) and chars[at][0] != ch and chars[at][0] in _BREAKS:
                at += 1
            for ahead in range(at, min(at + _LOOKAHEAD, len(chars))):
                if chars[ahead][0] == ch:
                    _, row, col = chars[ahead]
                    at, matched = ahead + 1, True
                    break
        here = (row + 1, col + 1)
        if here != (prev[0], prev[1] + 1):
            runs.append((offset, *here))
        prev = here
        if ch not in _BREAKS:
            col += 1
    return tuple(runs)
