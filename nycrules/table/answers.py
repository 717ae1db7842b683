"""What a person types at a decision, for any game, read as one of its options, or one line saying
why it is not one (a game's TABLE may read more: `parse_answer`, `read_answer`, game_hooks.py).

A number, `#N`, `3.` or `3. text` copied from the menu, an option's text, or a unique start of the
text of an option the menu shows. A start of one or two letters picks nothing: `h` or `q` is a
person asking for help or to quit, not the option that happens to start with it (a yes-or-no
question still takes `y` and `n`).
"""

from __future__ import annotations

import difflib
import re
from typing import Callable, Iterable

from ..engine.decisions import Decision
from ..engine.state import Game
from ..limits import small_numeral

SHORTEST_START = 3  # letters of an option's text that choose it
COPIED = re.compile(r"^(\d{1,2})(\.?)(?: (.+))?$")  # `3.` or `3. text` copied from the menu, `3 text`


def read_answer(game: Game, decision: Decision, line: str) -> int | str:
    """An option index for what a person typed, or one line saying why it is not one."""
    text = " ".join(line.lower().split())
    signed = by_number_sign(decision, text)
    if signed is not None:
        return signed
    copied = COPIED.match(text)
    if copied and (copied.group(2) or copied.group(3)):
        number, rest = int(copied.group(1)), copied.group(3)
        if not 1 <= number <= len(decision.options):
            if rest is None:
                return f"there is no option {number}; choose 1-{len(decision.options)}"
        elif rest is None or rest == bare(decision.options[number - 1].label) or (
                len(rest) >= SHORTEST_START and decision.options[number - 1].label.lower().startswith(rest)):
            return number - 1
    every = range(len(decision.options))
    return choose_option(decision, line, every, lambda typed: did_you_mean(decision, typed, every))


def by_number_sign(decision: Decision, text: str) -> int | str | None:
    """`#N`: option N, always (or why there is none); None for a text that does not start with #."""
    if not text.startswith("#"):
        return None
    number = small_numeral(text[1:])
    if number is not None and 1 <= number <= len(decision.options):
        return number - 1
    return f"there is no option {text[:12]}; choose #1-#{len(decision.options)}"


def choose_option(decision: Decision, line: str, shown: Iterable[int], suggest: Callable[[str], str],
                  otherwise: Callable[[str], str] | None = None, any_order: bool = False) -> int | str:
    """A number, an option's text (with `any_order`, its words in any order) or a unique start of the
    text of an option in `shown`; else why not: `suggest(text)` ends the message (a did-you-mean), or
    `otherwise(text)` is the whole message when nothing starts with the text."""
    options = decision.labels()
    text = " ".join(line.lower().split())
    if text.isascii() and text.isdigit():
        number = small_numeral(text)
        if number is not None and 1 <= number <= len(options):
            return number - 1
        return f"there is no option {text[:12]}{'...' if len(text) > 12 else ''}; choose 1-{len(options)}"
    plain = [bare(label) for label in options]
    if any_order:
        wanted = sorted(text.split())
        for i, label in enumerate(plain):
            if sorted(label.split()) == wanted:
                return i
    for i, label in enumerate(plain):
        if label == text or options[i].lower() == text:
            return i
    starts = [i for i in shown if options[i].lower().startswith(text)]
    if len(text) < SHORTEST_START and decision.kind != "ask":  # `h`, `q`: never an irreversible choice
        return (f"'{shown_line(line)}' is too short to choose by: type the option's number, or "
                f"{SHORTEST_START} letters or more of its text{suggest(text)}")
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        listed = ", ".join(f"{i + 1}. {options[i]}" for i in starts[:4])
        return f"'{line}' could be several options ({listed}{', ...' if len(starts) > 4 else ''}); be more precise"
    if otherwise is not None:
        return otherwise(text)
    return (f"'{shown_line(line)}' is not one of the options{suggest(text)}; "
            f"type its number (1-{len(options)}), its text, or `help`")


def bare(label: str) -> str:
    """An option's text without a value in brackets at its end, lower case."""
    return re.sub(r"\s*\(\d+\)$", "", label.lower())


def shown_line(line: str, limit: int = 40) -> str:
    """What a person typed, cut to fit in a message."""
    line = " ".join(line.split())
    return line if len(line) <= limit else line[:limit] + "..."


def did_you_mean(decision: Decision, text: str, shown: Iterable[int]) -> str:
    """`; did you mean ...` naming the options spelled close to `text`, or those of `shown` holding it
    as a word (or starting with it, when it is short), or ''. Only a suggestion: the person still has
    to type it."""
    names: dict[str, int] = {}
    for i, option in enumerate(decision.options):
        names.setdefault(bare(option.label), i)
    close = difflib.get_close_matches(text, list(names), n=3, cutoff=0.75)
    found = [(name, names[name]) for name in close]
    if not found:
        for i in shown:
            label = bare(decision.options[i].label)
            hit = label.startswith(text) if len(text) < SHORTEST_START else \
                re.search(rf"\b{re.escape(text)}", label) is not None
            if hit:
                found.append((label, i))
    if not found:
        return ""
    return " (did you mean " + " or ".join(f"`{name}`, option {i + 1}" for name, i in found[:3]) + "?)"
