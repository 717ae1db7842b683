"""Choices: the seat acting (`me`) decides among enumerated legal options."""

from __future__ import annotations

from itertools import product
from typing import Any, Callable

from ..compiler import check_count, rule_failed
from ..engine.decisions import Decision, describe, same_choice_key
from ..engine.state import Card, Seat
from ..registry import primitive

C = "choices"


def decide(f: Any, seat: Seat, kind: str, prompt: str, values: list[Any],
           label: Callable[[Any], str] = describe) -> Any:
    """Ask the seat (a single option is taken without asking); options are labelled only if read."""
    game = f.game
    if not values:
        raise rule_failed(f, f"nothing to choose from: {prompt}")
    return game.ask(Decision(seat, kind, prompt, None, game.rule, values=values, label=label))


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
    return decide(f, f.vars["me"], "choose", prompt, options)


@primitive("choose_some(items: list[T], least: int, most: int, prompt: str) -> list[T]",
           "`me` picks between `least` and `most` items of the list (alike items count as one choice).",
           C, asks=True)
def choose_some(f: Any, items: list, least: int, most: int, prompt: str) -> list:
    groups: dict[Any, list] = {}
    for item in items:
        groups.setdefault(same_choice_key(item), []).append(item)
    keys = list(groups)
    picks = []
    for counts in product(*(range(len(groups[k]) + 1) for k in keys)):
        total = sum(counts)
        if least <= total <= most:
            picks.append([item for k, n in zip(keys, counts) for item in groups[k][:n]])
    order = {c.id: i for i, c in enumerate(f.game.ruleset.components.card_types)}

    def in_type_order(item: Any) -> tuple:  # cards by the order of the card types, others by name
        return (order.get(item.type, len(order)), "") if isinstance(item, Card) else (len(order), describe(item))

    picks.sort(key=lambda picked: (len(picked), sorted(in_type_order(item) for item in picked)))
    return decide(f, f.vars["me"], "choose_some", prompt, picks)


@primitive("choose_number(least: int, most: int, prompt: str) -> int",
           "`me` picks a whole number from `least` to `most`.", C, asks=True)
def choose_number(f: Any, least: int, most: int, prompt: str) -> int:
    check_count(f, most - least + 1, "choose_number with options numbering")
    return decide(f, f.vars["me"], "number", prompt, list(range(least, most + 1)), str)


@primitive("ask(question: str) -> bool", "`me` answers yes or no.", C, asks=True)
def ask(f: Any, question: str) -> bool:
    return decide(f, f.vars["me"], "ask", question, [True, False])
