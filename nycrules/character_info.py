"""Characters for people: find one by number or title, and describe it in full or on one line."""

from __future__ import annotations

from .model import CharacterDef, Ruleset


def find_characters(ruleset: Ruleset, text: str) -> list[CharacterDef]:
    """The characters `text` names: a number, a title, or a unique start of a title (any case).

    An exact title wins over titles that merely start with it; several matches mean
    the text is ambiguous.
    """
    wanted = " ".join(text.lower().split())
    if not wanted:
        return []
    if wanted.isascii() and wanted.isdigit():
        found = ruleset.characters.get(int(wanted)) if len(wanted) <= 6 else None
        return [found] if found is not None else []
    chars = sorted(ruleset.characters.values(), key=lambda c: c.id)
    exact = [c for c in chars if c.title.lower() == wanted]
    if exact:
        return exact
    return [c for c in chars if c.title.lower().startswith(wanted)]


def cost_text(char: CharacterDef) -> str:
    return "free" if char.cost == 0 else f"{char.cost}$ per use"


def info(ruleset: Ruleset, text: str) -> str:
    """What `info ID|NAME` shows: the character in full, or one line saying why not."""
    found = find_characters(ruleset, text)
    if not found:
        return f"no character is called '{text}'; give its number (1-{max(ruleset.characters)}) or its title"
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
