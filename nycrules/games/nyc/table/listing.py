"""What `nycrules rules list/show` reports of New York City's own rules: its characters, bidding rounds
and Tom's levels and steps (the shared listing asks for them: LISTINGS, LISTING_LINES, detail,
detail_names, ambiguous, close_names)."""

from __future__ import annotations

import textwrap
from typing import Any

from .characters import close_characters, find_characters, phase_text
from ....engine.model import Ruleset
from ..model import CharacterDef
from ....limits import MAX_INT_DIGITS, small_numeral
from ....table.listing import Detail, Table


def characters(ruleset: Ruleset) -> Table:
    rows = [[str(c.id), c.title, c.phase, str(c.value), str(c.cost), str(c.copies), c.when, c.text]
            for c in sorted(ruleset.part.characters.values(), key=lambda c: c.id)]
    return Table("Characters", ["id", "title", "phase", "value", "cost", "copies", "when", "text"], rows)


def character_list(ruleset: Ruleset, width: int = 80) -> list[str]:
    """`rules list characters` for people: each character's numbers on one line, its text wrapped
    under it (the JSON listing and `rules show` keep the hooks it acts at)."""
    chars = sorted(ruleset.part.characters.values(), key=lambda c: c.id)
    lines = [f"Characters ({len(chars)}; `nycrules rules show ID` shows one in full)"]
    for c in chars:
        cost = "free" if c.cost == 0 else f"costs {c.cost}$ a use"
        copies = f", {c.copies} copies" if c.copies != 1 else ""
        lines.append(f"{c.id:>3} {c.title} ({phase_text(c.phase)}, value {c.value}, {cost}{copies})")
        lines += textwrap.wrap(c.text, width - 1, initial_indent="      ", subsequent_indent="      ") or [""]
    return lines


def rounds(ruleset: Ruleset) -> Table:
    rows = [[str(i + 1), r.id, r.card, r.order.replace("_", " "), _bonus(r), r.text]
            for i, r in enumerate(ruleset.part.rounds)]
    return Table("Bidding rounds", ["#", "id", "card", "order", "highest bid", "text"], rows)


def _bonus(r: Any) -> str:
    parts = []
    if r.bonus_value:
        parts.append(f"+{r.bonus_value} value")
    if r.bonus is not None:
        parts.append("bonus effect")
    if r.runner_up is not None:
        parts.append("runner-up effect")
    return ", ".join(parts)


def tom_levels(ruleset: Ruleset) -> Table:
    tom = ruleset.part.tom
    if tom is None:
        return Table("Tom", ["level", "mode", "cards", "draws before each bid"], [])
    rows = []
    for level, code in sorted(tom.levels.items()):
        mode = tom.modes[code[0]]
        rows.append([str(level), code[0], code[1:], str(mode.draws_before_bid)])
    return Table(f"Tom levels (default {tom.default_level})", ["level", "mode", "cards", "draws before each bid"],
                 rows)


def detail(ruleset: Ruleset, ident: str, loose: bool) -> Detail | None:
    """A character by its number, a bidding round by its id, or `tom`: its text, numbers and effects;
    `loose`: a character by its title or a unique start of it."""
    if loose:
        found = find_characters(ruleset, ident)
        return _character(found[0]) if len(found) == 1 else None
    number = small_numeral(ident, digits=MAX_INT_DIGITS)
    if number is not None and number in ruleset.part.characters:
        return _character(ruleset.part.characters[number])
    for r in ruleset.part.rounds:
        if r.id == ident:
            fields = [("card", r.card), ("order", r.order), ("bonus value", str(r.bonus_value)), ("text", r.text),
                      ("defined at", r.loc.short())]
            scripts = [(name, s) for name, s in (("action", r.action), ("bonus", r.bonus),
                                                 ("runner_up", r.runner_up)) if s is not None]
            return Detail(f"Bidding round: {r.title}", fields, scripts)
    if ident == "tom" and ruleset.part.tom is not None:
        tom = ruleset.part.tom
        scripts = [("phase1", tom.phase1), ("before_bid", tom.before_bid), ("bid", tom.bid)]
        scripts += [(f"steps.{k}", s) for k, s in tom.steps.items() if k not in ("phase1", "before_bid", "bid")]
        scripts += [(f"rounds.{rid}.{k}", s) for rid, parts in tom.rounds.items() for k, s in parts.items()]
        scripts += [(f"final_scoring.{k}", s) for k, s in tom.final_scoring.items()]
        fields = [("default level", tom.default_level), ("uses characters", "yes" if tom.uses_characters else "no")]
        return Detail("Tom, the automa", fields, scripts)
    return None


def detail_names(ruleset: Ruleset) -> set[str]:
    return {r.id for r in ruleset.part.rounds} | ({"tom"} if ruleset.part.tom is not None else set())


def ambiguous(ruleset: Ruleset, ident: str) -> str | None:
    """When `ident` starts the titles of several characters: which."""
    several = find_characters(ruleset, ident)
    if len(several) <= 1:
        return None
    names = ", ".join(f"{c.id} {c.title}" for c in several[:6])
    return f"'{ident[:40]}' could be several characters ({names}); be more precise"


def close_names(ruleset: Ruleset, ident: str) -> list[str]:
    """Characters whose titles are spelt close to `ident`, as `23 Harbour Master`."""
    return [f"{c.id} {c.title}" for c in close_characters(ruleset, ident)]


def _character(c: CharacterDef) -> Detail:
    """A character in full: its numbers, text, place in the ruleset and effect."""
    fields = [("id", str(c.id)), ("phase", c.phase), ("value", str(c.value)), ("cost", str(c.cost)),
              ("copies", str(c.copies)), ("when", c.when), ("text", c.text), ("defined at", c.loc.short())]
    if c.assumed:
        fields.append(("assumed", "value and copies are assumed (printed only on the tile)"))
    scripts = [("requires", c.requires)] if c.requires else []
    return Detail(f"Character {c.id}: {c.title}", fields, scripts + [("effect", c.effect)])


LISTINGS = {"characters": characters, "rounds": rounds, "tom": tom_levels}
LISTING_LINES = {"characters": character_list}
