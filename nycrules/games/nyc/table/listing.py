"""What `nycrules rules list/show` reports of New York City's own rules: its bidding rounds and Tom's
levels and steps (the shared listing asks for them: LISTINGS, detail, detail_names)."""

from __future__ import annotations

from typing import Any

from ....engine.model import Ruleset
from ....table.listing import Detail, Table


def rounds(ruleset: Ruleset) -> Table:
    rows = [[str(i + 1), r.id, r.card, r.order.replace("_", " "), _bonus(r), r.text]
            for i, r in enumerate(ruleset.rounds)]
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
    tom = ruleset.tom
    if tom is None:
        return Table("Tom", ["level", "mode", "cards", "draws before each bid"], [])
    rows = []
    for level, code in sorted(tom.levels.items()):
        mode = tom.modes[code[0]]
        rows.append([str(level), code[0], code[1:], str(mode.draws_before_bid)])
    return Table(f"Tom levels (default {tom.default_level})", ["level", "mode", "cards", "draws before each bid"],
                 rows)


def detail(ruleset: Ruleset, ident: str) -> Detail | None:
    """A bidding round by its id, or `tom`: its text, numbers and effects."""
    for r in ruleset.rounds:
        if r.id == ident:
            fields = [("card", r.card), ("order", r.order), ("bonus value", str(r.bonus_value)), ("text", r.text),
                      ("defined at", r.loc.short())]
            scripts = [(name, s) for name, s in (("action", r.action), ("bonus", r.bonus),
                                                 ("runner_up", r.runner_up)) if s is not None]
            return Detail(f"Bidding round: {r.title}", fields, scripts)
    if ident == "tom" and ruleset.tom is not None:
        tom = ruleset.tom
        scripts = [("phase1", tom.phase1), ("before_bid", tom.before_bid), ("bid", tom.bid)]
        scripts += [(f"steps.{k}", s) for k, s in tom.steps.items() if k not in ("phase1", "before_bid", "bid")]
        scripts += [(f"rounds.{rid}.{k}", s) for rid, parts in tom.rounds.items() for k, s in parts.items()]
        scripts += [(f"final_scoring.{k}", s) for k, s in tom.final_scoring.items()]
        fields = [("default level", tom.default_level), ("uses characters", "yes" if tom.uses_characters else "no")]
        return Detail("Tom, the automa", fields, scripts)
    return None


def detail_names(ruleset: Ruleset) -> set[str]:
    return {r.id for r in ruleset.rounds} | ({"tom"} if ruleset.tom is not None else set())


LISTINGS = {"rounds": rounds, "tom": tom_levels}
