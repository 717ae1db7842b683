"""Text from data made safe to show: control characters escaped, never sent raw to a terminal.

Titles, texts, names and paths come from files anyone may write; an escape
sequence in them (`\\x1b[2J` clears the screen) must reach the screen as the
visible text `\\x1b`, not as a command to the terminal. Every place that shows
such text passes it through `shown` (or a path through `shown_path`).
"""

from __future__ import annotations

import os
import re
import unicodedata
from functools import lru_cache

# Characters that move the cursor or change how text is read, besides the C0/C1 controls:
# line and paragraph separators, and the bidirectional overrides ("Trojan source").
_INVISIBLE = {"\u2028", "\u2029", "\u200e", "\u200f", "\u061c"} | {chr(c) for c in range(0x202A, 0x202F)} \
    | {chr(c) for c in range(0x2066, 0x206A)}


@lru_cache(maxsize=4096)
def _escape(ch: str) -> str:
    if ch == "\t":
        return "\\t"
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _unsafe(ch: str) -> bool:
    return ch in _INVISIBLE or unicodedata.category(ch) in ("Cc", "Cs")


def shown(text: object, keep_newlines: bool = False) -> str:
    """`text` with every control character written as an escape (`\\x1b`); newlines kept when asked."""
    value = str(text)
    if value.isprintable():  # the common case, at C speed
        return value
    return "".join(_escape(ch) if _unsafe(ch) and not (keep_newlines and ch == "\n") else ch for ch in value)


_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def shown_in_colour(text: str) -> str:
    """As `shown(text, keep_newlines=True)`, but colour codes (ESC [ ... m) pass: they only colour text,
    and the program's own views use them. Anything else (clearing the screen, moving the cursor,
    setting the title) is shown escaped."""
    if text.isprintable():
        return text
    parts = _COLOUR.split(text)
    codes = _COLOUR.findall(text)
    out = [shown(parts[0], keep_newlines=True)]
    for code, part in zip(codes, parts[1:]):
        out += [code, shown(part, keep_newlines=True)]
    return "".join(out)


def shown_path(path: "os.PathLike[str] | str") -> str:
    """A file path as text that is valid UTF-8 and safe on a terminal (bytes that are not text as \\xNN)."""
    return shown(os.fspath(path))


def json_text(text: str) -> str:
    """JSON text (from json.dumps) with what `shown` escapes written as JSON escapes: still the same
    JSON values, but safe on a terminal and valid UTF-8 (a file name's stray bytes included)."""
    if text.isprintable() or all(not _unsafe(ch) or ch == "\n" for ch in text):
        return text
    return "".join(f"\\u{ord(ch):04x}" if ch != "\n" and _unsafe(ch) else ch for ch in text)


def shown_clipped(text: object, chars: int) -> str:
    """`shown(text)` of at most about `chars` characters: a long text from a file ends in `...`."""
    value = str(text)
    return shown(value) if len(value) <= chars else shown(value[:chars]) + "..."


def counted(count: int, noun: str, plural: str = "") -> str:
    """`1 card`, `2 cards`, `0 points`: a number and its noun, in the plural unless it is 1."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


# Verbs whose form with `you` is not the third person's without its -s.
_YOU_FORMS = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def said_of(name: str, text: str) -> str:
    """`Ann takes 1 card`: what a seat did, its name and then the log's text, whose first word is a verb
    in the third person. A seat named `you` agrees with it: `you take 1 card`, `you have`,
    `you pass`, `you share the victory`."""
    if name.lower() != "you":
        return f"{name} {text}"
    verb, space, rest = text.partition(" ")
    if verb in _YOU_FORMS:
        verb = _YOU_FORMS[verb]
    elif verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        verb = verb[:-2]
    elif verb.endswith("ies") and len(verb) > 4:
        verb = verb[:-3] + "y"
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return f"{name} {verb}{space}{rest}"
