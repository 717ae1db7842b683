"""Characters for people: find one by number or title, and describe it in full or on one line."""

from __future__ import annotations

import difflib

from ....engine.model import Ruleset
from ..model import CharacterDef
from ....limits import small_numeral


def find_characters(ruleset: Ruleset, text: str) -> list[CharacterDef]:
    """The characters `text` names: a number, a title, or a unique start of a title (any case).

    An exact title wins over titles that merely start with it; several matches mean
    the text is ambiguous.
    """
    wanted = " ".join(text.lower().split())
    if not wanted:
        return []
    if wanted.isascii() and wanted.isdigit():
        number = small_numeral(wanted)
        found = ruleset.part.characters.get(number) if number is not None else None
        return [found] if found is not None else []
    chars = sorted(ruleset.part.characters.values(), key=lambda c: c.id)
    exact = [c for c in chars if c.title.lower() == wanted]
    if exact:
        return exact
    return [c for c in chars if c.title.lower().startswith(wanted)]


def close_characters(ruleset: Ruleset, text: str, most: int = 4) -> list[CharacterDef]:
    """Characters whose title is spelled close to `text` (`harbor` for Harbour Master) or has a word
    starting with it (`lantern` for Yellow Lanterns): suggestions only, never taken for the answer."""
    wanted = " ".join(text.lower().split())
    if len(wanted) < 3:
        return []
    found = []
    for c in sorted(ruleset.part.characters.values(), key=lambda c: c.id):
        title = c.title.lower()
        names = [title, *title.split()]
        if any(name.startswith(wanted) for name in names) or difflib.get_close_matches(wanted, names, 1, 0.75):
            found.append(c)
    return found[:most]


def did_you_mean(ruleset: Ruleset, text: str) -> str:
    """` (did you mean 23 Harbour Master?)`, or '' when no title is close."""
    close = close_characters(ruleset, text)
    return f" (did you mean {' or '.join(f'{c.id} {c.title}' for c in close)}?)" if close else ""


def phase_text(phase: str) -> str:
    """`phase II`, `final scoring`: when a character acts."""
    return "final scoring" if phase == "final" else f"phase {phase}"


def cost_text(char: CharacterDef) -> str:
    return "free" if char.cost == 0 else f"{char.cost}$ per use"


def info(ruleset: Ruleset, text: str) -> str:
    """What `info ID|NAME` shows: the character in full, or one line saying why not."""
    found = find_characters(ruleset, text)
    if not found:
        return (f"no character is called '{text}'{did_you_mean(ruleset, text)}; give its number "
                f"(1-{max(ruleset.part.characters)}) or its title")
    if len(found) > 1:
        names = ", ".join(f"{c.id} {c.title}" for c in found[:6])
        return f"'{text}' could be several characters ({names}); be more precise"
    c = found[0]
    lines = [f"{c.id} {c.title}",
             f"  phase {c.phase}, value {c.value}, cost {cost_text(c)}, {c.copies} "
             f"cop{'ies' if c.copies != 1 else 'y'}" + (" (value and copies assumed)" if c.assumed else ""),
             f"  {c.text}",
             f"  rule: {c.loc.short()}"]
    return "\n".join(lines)


def one_line(char: CharacterDef, width: int) -> str:
    """The character's text cut to `width` characters at a word, for lists."""
    text = char.text
    if len(text) <= width:
        return text
    cut = text[:max(width - 3, 1)].rsplit(" ", 1)[0]
    return cut.rstrip(".,;:") + "..."
