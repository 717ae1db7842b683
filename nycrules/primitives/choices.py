"""Choices: the seat acting (`me`) decides among enumerated legal options."""

from __future__ import annotations

from itertools import product
from typing import Any

from ..compiler import RuleRuntimeError
from ..engine.decisions import Decision, Option, describe, same_choice_key
from ..engine.state import Card, Seat
from ..registry import primitive

C = "choices"


def decide(f: Any, seat: Seat, kind: str, prompt: str, labelled: list[tuple[str, Any]]) -> Any:
    """Ask the seat (a single option is taken without asking)."""
    game = f.game
    if not labelled:
        raise RuleRuntimeError(f"nothing to choose from: {prompt}", game.where)
    decision = Decision(seat, kind, prompt, [Option(label, value) for label, value in labelled], game.rule)
    return game.ask(decision)


def _distinct(items: list) -> list:
    seen, out = set(), []
    for item in items:
        key = same_choice_key(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


@primitive("choose(items: list[T], prompt: str) -> T", "`me` picks one item of the list.", C, asks=True)
def choose(f: Any, items: list, prompt: str) -> Any:
    options = _distinct(items)
    return decide(f, f.vars["me"], "choose", prompt, [(describe(item), item) for item in options])


@primitive("choose_some(items: list[T], least: int, most: int, prompt: str) -> list[T]",
           "`me` picks between `least` and `most` items of the list (alike items count as one choice).",
           C, asks=True)
def choose_some(f: Any, items: list, least: int, most: int, prompt: str) -> list:
    groups: dict[Any, list] = {}
    for item in items:
        groups.setdefault(same_choice_key(item), []).append(item)
    keys = list(groups)
    labelled = []
    for counts in product(*(range(len(groups[k]) + 1) for k in keys)):
        total = sum(counts)
        if least <= total <= most:
            picked = [item for k, n in zip(keys, counts) for item in groups[k][:n]]
            labelled.append((describe(picked), picked))
    order = {c.id: i for i, c in enumerate(f.game.ruleset.components.card_types)}

    def in_type_order(item: Any) -> tuple:  # cards by the order of the card types, others by name
        return (order.get(item.type, len(order)), "") if isinstance(item, Card) else (len(order), describe(item))

    labelled.sort(key=lambda lv: (len(lv[1]), sorted(in_type_order(item) for item in lv[1])))
    return decide(f, f.vars["me"], "choose_some", prompt, labelled)


@primitive("choose_number(least: int, most: int, prompt: str) -> int",
           "`me` picks a whole number from `least` to `most`.", C, asks=True)
def choose_number(f: Any, least: int, most: int, prompt: str) -> int:
    return decide(f, f.vars["me"], "number", prompt, [(str(n), n) for n in range(least, most + 1)])


@primitive("ask(question: str) -> bool", "`me` answers yes or no.", C, asks=True)
def ask(f: Any, question: str) -> bool:
    return decide(f, f.vars["me"], "ask", question, [("yes", True), ("no", False)])
