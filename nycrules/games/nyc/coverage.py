"""What of a New York City ruleset a game may never run, for `validate --simulate --coverage`
(studies/playcheck.py asks the part): its effects beyond the shared sections', and its characters and
bidding rounds, each listed by name when its effect never ran.
"""

from __future__ import annotations

from typing import Any

from ...engine.model import CoverageGroup, CoverageItem, Script


def effects(ruleset: Any) -> list[Script]:
    """Its effects beyond the shared steps, final scoring and procedure: the bid's value, what follows
    each round, the rounds', the characters', and Tom's own rules."""
    out = [ruleset.part.bid_value] if ruleset.part.bid_value is not None else []
    if ruleset.part.after_each_round is not None:
        out.append(ruleset.part.after_each_round)
    for rnd in ruleset.part.rounds:
        out += [s for s in (rnd.action, rnd.bonus, rnd.runner_up) if s is not None]
    out += [char.effect for char in sorted(ruleset.part.characters.values(), key=lambda c: c.id)]
    tom = ruleset.part.tom
    if tom is not None:
        out += list(tom.steps.values())  # his phase I, before-the-bid and bid rules among them
        out += [s for parts in tom.rounds.values() for s in parts.values()]
        out += list(tom.final_scoring.values())
    return out


def groups(ruleset: Any) -> list[CoverageGroup]:
    """The characters (by id and title) and the bidding rounds (by id; a round ran when its action ran
    for a player or, in Tom's version, for Tom)."""
    characters = [CoverageItem(char.id, char.title, f"character {char.id} {char.title}", (char.effect,))
                  for char in sorted(ruleset.part.characters.values(), key=lambda c: c.id)]
    tom_rounds = ruleset.part.tom.rounds if ruleset.part.tom is not None else {}
    rounds = []
    for rnd in ruleset.part.rounds:
        toms = tom_rounds.get(rnd.id, {}).get("action")
        rounds.append(CoverageItem(rnd.id, None, f"{rnd.id} round", (rnd.action,) + ((toms,) if toms else ())))
    return [CoverageGroup("characters", "character", "characters", characters),
            CoverageGroup("rounds", "bidding round", "bidding rounds", rounds)]
