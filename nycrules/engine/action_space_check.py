"""What `validate` checks of a ruleset's action space (engine/action_space.py): its declared regions
(well formed, naming lists the ruleset has, with room for them) and the questions whose options no
region can number."""

from __future__ import annotations

from .action_space import NUMBERED_CHOICES, NUMBERED_LISTS, SLOT, capacities_of, regions_of_specs, vocabulary
from .model import Ruleset

def unnumbered_kind(question: str, offered: str, game: dict[str, dict[str, str]] | None = None) -> str | None:
    """What is wrong with a rule's question (`choose` or `choose_some` offering `offered` values) that
    the action space cannot number, or None when it can. `game`: what a game of its own folder adds
    (its package's NUMBERED: "choose" and "choose_some" -> its kinds of values that name themselves
    with keys its rulesets' regions number)."""
    from ..language.dsltypes import describe
    numbered = dict(NUMBERED_LISTS if question == "choose_some" else NUMBERED_CHOICES)
    numbered.update((game or {}).get(question, {}))
    if offered in numbered or offered == "any" or question not in ("choose", "choose_some"):
        return None
    return (f"{question} from {describe(f'list[{offered}]')}: the action space has no ids for such options, so "
            f"OpenSpiel, PettingZoo and agents' views would stop here; it numbers {question} among "
            f"{', '.join(dict.fromkeys(numbered.values()))} (docs/api.md, \"The fixed action space\")")


MAX_ACTIONS = 1_000_000  # a mask of this many entries a step is already heavy


def region_problems(ruleset: Ruleset) -> list[tuple[int, str, str]]:
    """What is wrong with the ruleset's declared regions: (region's place, "error" or "warning", message).
    Errors: a region neither words, a key pattern nor picks; a slot naming no list of the ruleset; a
    space too big. Warnings: a list longer than its region holds (options naming the rest have no id)."""
    problems: list[tuple[int, str, str]] = []
    total = 0
    for index, spec in enumerate(ruleset.actions):
        name = spec.get("id", "?")
        kinds = [kind for kind in ("words", "key", "picks") if spec.get(kind)]
        if len(kinds) != 1:
            problems.append((index, "error", f"action region {name!r} must have one of words, key or picks: true, "
                                             f"not {' and '.join(kinds) or 'none'}"))
            continue
        capacities = capacities_of(spec)
        capacity = max(capacities)
        if spec.get("words") and len(spec["words"]) > capacity:
            problems.append((index, "warning", f"action region {name!r} lists {len(spec['words'])} words but holds "
                                               f"{capacity}: raise its capacity"))
        slots = SLOT.findall(str(spec.get("key", "")))
        if spec.get("key") and not slots:
            problems.append((index, "error", f"action region {name!r}: its key {spec['key']!r} has no slot such as "
                                             "{number}; list fixed keys as words"))
            continue
        if len(capacities) > 1 and (len(capacities) != len(slots) or spec.get("unordered")):
            problems.append((index, "error", f"action region {name!r}: a list of capacities needs one for each of "
                                             f"its key's {len(slots)} slot(s), in order, and an ordered key"))
            continue
        per_slot = dict(zip(slots, capacities)) if len(capacities) > 1 else {}
        for slot in dict.fromkeys(slots):
            capacity = per_slot.get(slot, max(capacities))
            if slot == "number":
                continue
            try:
                names = vocabulary(ruleset, slot)
            except ValueError:
                problems.append((index, "error", f"action region {name!r}: {{{slot}}} names no list of the ruleset "
                                                 "(a component list such as card_types, or characters)"))
                continue
            lists = ruleset.part.lists
            numbered = lists[slot] if slot in lists else getattr(ruleset, slot)  # numbered by their keys
            numbers = names if names is not None else [int(n) for n in numbered]
            beyond = len(numbers) if names is not None else max(numbers, default=-1) + 1
            if beyond > capacity:
                what = f"{len(numbers)} {slot}" if names is not None else f"{slot} up to {beyond - 1}"
                problems.append((index, "warning", f"action region {name!r} holds {capacity} {slot} but the ruleset "
                                                   f"has {what}: options naming the others have no action id; raise "
                                                   "its capacity (every id after it moves)"))
        region = regions_of_specs([spec])[0]
        total += region.size
    if total > MAX_ACTIONS:
        problems.append((len(ruleset.actions) - 1, "error", f"the action space holds {total:,} ids, more than "
                                                            f"{MAX_ACTIONS:,}: lower the capacities"))
    return problems
