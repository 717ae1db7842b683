"""Generate docs/dsl.md, the modders' reference for the language as New York City's rulesets use it:
its prose (dsl_intro.md, beside this file, with examples from the game), then the types, hooks and
primitives from their registries (New York 1901's own: games/ny1901/reference.py).

Run `python -m nycrules.games.nyc.reference > docs/dsl.md` after changing the prose, a primitive or a
hook; a test fails while the file is stale.
"""

from __future__ import annotations

from pathlib import Path

from ... import primitives  # noqa: F401  (registers the primitives listed here)
from ...language.dsltypes import describe
from .types import LISTED
from ...language.hooks import HOOKS
from ...language.registry import all_primitives, category_order
from .part import GAME  # the package, imported first, registers its primitives

INTRO = Path(__file__).with_name("dsl_intro.md")  # the prose, with its examples


def _types() -> str:
    """Every value type of its rulesets with what it is (the language's, dsltypes.DESCRIPTIONS, and its own)."""
    lines = ["| type | what it is |", "|---|---|"]
    lines += [f"| `{name}` | {what}{' (written in quotes, as an argument of a primitive)' if name == 'hook' else ''} |"
              for name, what in ((name, describe(name)) for name in LISTED)]
    return "\n".join(lines) + """

Lists of them (`list[card]`), and tables from params (`map[int,int]`). In the
signatures below, `T` is any type, fixed by the first argument that uses it, and
`fn(T)->bool` is a function argument such as `x -> ...`.
"""


def _hooks() -> str:
    lines = ["## Hooks", "",
             "A character names its hook in `when:`; its `phase:` must match the hook's.", "",
             "| hook | phase | mode | gives | when it fires |", "|---|---|---|---|---|"]
    for hook in HOOKS.values():
        gives = ", ".join(f"`{k}`: {v}" + (" (may change)" if k in hook.writable else "")
                          for k, v in hook.context.items())
        lines.append(f"| `{hook.name}` | {hook.phase} | {hook.mode} | {gives} | {hook.help} |")
    lines += ["", "Modes: *optional* — the seat may use the character (paying its cost, once per game round); "
              "*instead* — using it replaces the step; *automatic* — every such character acts, free; "
              "*ordered* — every such character acts, free, in the order the seat chooses (best first).", ""]
    return "\n".join(lines)


def _primitives() -> str:
    lines = ["## Primitives", "",
             "Kinds: *query* gives a value and changes nothing (allowed in `requires`); "
             "*action* changes the game; *choice* asks `me`.", ""]
    prims = all_primitives(GAME)
    for category in category_order(GAME):
        members = [p for p in prims if p.category == category]
        if not members:
            continue
        lines += [f"### {category.capitalize()}", "", "| signature | kind | what it does |", "|---|---|---|"]
        for p in members:
            lines.append(f"| `{p.signature}` | {p.kind} | {p.help} |")
        lines.append("")
    return "\n".join(lines)


def dsl_reference() -> str:
    return INTRO.read_text(encoding="utf-8") + _types() + "\n" + _hooks() + "\n" + _primitives()


if __name__ == "__main__":
    import sys

    sys.stdout.write(dsl_reference())
