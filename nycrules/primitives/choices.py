"""Choices: the seat acting (`me`) decides among enumerated legal options."""

from __future__ import annotations

from operator import itemgetter
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
    members = list(groups.values())
    sizes = [len(group) for group in members]
    check_count(f, _number_of_picks(sizes, least, most), "choose_some with options numbering")
    picks = _counts_between(sizes, least, most)
    if len(picks) > 1:
        _sort_as_shown(picks, members, {c.id: i for i, c in enumerate(f.game.ruleset.components.card_types)})
    return decide(f, f.vars["me"], "choose_some", prompt,
                  [[item for group, n in zip(members, counts) for item in group[:n]] for counts in picks])


def _sort_as_shown(picks: list[tuple[int, ...]], members: list[list], order: dict[str, int]) -> None:
    """Sort counts per group as their picks are shown: fewest items first, then by the picks' items
    sorted (cards by type order, other values by name), compared one by one; ties keep their order.

    Alike items (one group) share a place in that order, so places are found per group; picks of
    one size then compare as the counts per place, the most of the first place first.
    """
    ranks = [_in_type_order(order, group[0]) for group in members]
    places = [[i for i in range(len(members)) if ranks[i] == rank] for rank in sorted(set(ranks))]
    if all(len(place) == 1 for place in places):
        per_place: Callable[[tuple[int, ...]], Any] = itemgetter(*[place[0] for place in places])
    else:
        def per_place(counts: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(sum(counts[i] for i in place) for place in places)
    picks.sort(key=per_place, reverse=True)  # stable, as is the sort by size that follows
    picks.sort(key=sum)


def _in_type_order(order: dict[str, int], item: Any) -> tuple:
    """Cards by the order of the card types (type id -> place), other values after them by name."""
    return (order.get(item.type, len(order)), "") if isinstance(item, Card) else (len(order), describe(item))


def _number_of_picks(sizes: list[int], least: int, most: int) -> int:
    """How many picks _counts_between would list, counted without listing them (a list of 40
    distinct items has 2^40 subsets: they must be refused before they are made)."""
    ways = [1]  # ways[t]: picks from the groups so far that total t
    for size in sizes:
        grown = [0] * min(len(ways) + size, most + 1)
        for total, count in enumerate(ways):
            for n in range(min(size, most - total) + 1):
                grown[total + n] += count
        ways = grown
    return sum(ways[max(least, 0):])


def _counts_between(sizes: list[int], least: int, most: int) -> list[tuple[int, ...]]:
    """How many to take of each group, totalling least..most, in the order itertools.product gives.

    Branches that cannot reach `least` or would pass `most` are cut, so asking for
    two cards of a big hand does not go through every subset of it.
    """
    prefixes: list[tuple[tuple[int, ...], int]] = [((), 0)]  # counts for the groups so far, their total
    left = sum(sizes)  # items in the groups not counted yet
    for size in sizes:
        left -= size
        prefixes = [(counts + (n,), total + n) for counts, total in prefixes
                    for n in range(max(least - total - left, 0), min(size, most - total) + 1)]
    return [counts for counts, total in prefixes if least <= total <= most]


@primitive("choose_number(least: int, most: int, prompt: str) -> int",
           "`me` picks a whole number from `least` to `most`.", C, asks=True)
def choose_number(f: Any, least: int, most: int, prompt: str) -> int:
    check_count(f, most - least + 1, "choose_number with options numbering")
    return decide(f, f.vars["me"], "number", prompt, list(range(least, most + 1)), str)


@primitive("ask(question: str) -> bool", "`me` answers yes or no.", C, asks=True)
def ask(f: Any, question: str) -> bool:
    return decide(f, f.vars["me"], "ask", question, [True, False])
