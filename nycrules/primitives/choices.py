"""Choices: the seat acting (`me`) decides among enumerated legal options."""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from ..language.runtime import check_count, rule_failed
from ..engine.decisions import Decision, Option, describe, same_choice_key
from ..engine.state import Card, Seat
from ..language.registry import primitive
from . import waits

C = "choices"


def question(f: Any, seat: Seat, kind: str, prompt: str, values: list[Any],
             label: Callable[[Any], str] = describe, key: str = "") -> Decision:
    """The decision of the seat among these values; options are labelled only if read. `key`: the
    question's name the ruleset gives it (Decision.key)."""
    game = f.game
    if not values:
        raise rule_failed(f, f"nothing to choose from: {prompt}")
    return Decision(seat, kind, prompt, None, game.rule, values=values, label=label, key=key)


def _distinct(items: list) -> list:
    seen, out = set(), []
    for item in items:
        key = same_choice_key(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _choose(f: Any, items: list, prompt: str, key: str = "") -> Decision:
    return question(f, f.vars["me"], "choose", prompt, _distinct(items), key=key)


@primitive("choose(items: list[T], prompt: str) -> T", "`me` picks one item of the list.", C, asks=True)
@primitive("choose(items: list[T], prompt: str, key: str) -> T",
           "The same, the question named by `key` (for tables and tools; the wording may change).", C, asks=True)
@waits(_choose)
def choose(f: Any, items: list, prompt: str, key: str = "") -> Any:
    return f.game.ask(_choose(f, items, prompt, key))


def _choose_some(f: Any, items: list, least: int, most: int, prompt: str, key: str = "") -> Decision:
    groups: dict[Any, list] = {}
    for item in items:
        groups.setdefault(same_choice_key(item), []).append(item)
    members = list(groups.values())
    sizes = [len(group) for group in members]
    order = f.game.ruleset.card_type_index
    ranks = [_in_type_order(order, group[0]) for group in members]
    if _labelled_by_type(members, ranks):
        picks = _RankedPicks(members, ranks, least, most)
        check_count(f, picks.count, "choose_some with options numbering")
        if not picks.count:
            raise rule_failed(f, f"nothing to choose from: {prompt}")
        return Decision(f.vars["me"], "choose_some", prompt, None, f.game.rule, count=picks.count,
                        build=picks.option, value=picks.value, key=key)
    check_count(f, _number_of_picks(sizes, least, most), "choose_some with options numbering")
    counts_per_group = _counts_between(sizes, least, most)
    if len(counts_per_group) > 1:
        _sort_as_shown(counts_per_group, ranks)
    return question(f, f.vars["me"], "choose_some", prompt,
                    [[item for group, n in zip(members, counts) for item in group[:n]] for counts in counts_per_group],
                    key=key)


@primitive("choose_some(items: list[T], least: int, most: int, prompt: str) -> list[T]",
           "`me` picks between `least` and `most` items of the list (alike items count as one choice).",
           C, asks=True)
@primitive("choose_some(items: list[T], least: int, most: int, prompt: str, key: str) -> list[T]",
           "The same, the question named by `key` (for tables and tools; the wording may change).", C, asks=True)
@waits(_choose_some)
def choose_some(f: Any, items: list, least: int, most: int, prompt: str, key: str = "") -> list:
    return f.game.ask(_choose_some(f, items, least, most, prompt, key))


def _labelled_by_type(members: list[list], ranks: list[tuple]) -> bool:
    """Whether every group is of cards labelled by their type alone, each group of its own type.

    Then picks are ordered by their counts of each type and no two picks have the same label
    (types are single words, and none reads "nothing", the empty pick's label), so the picks
    can be numbered (_RankedPicks) instead of listed; a list of them would have given no option
    a `#2`. Otherwise they are listed, sorted and told apart as before.
    """
    return (len(set(ranks)) == len(ranks)
            and all(isinstance(group[0], Card) and describe(group[0]) == group[0].type
                    and group[0].type != "nothing" for group in members))


class _RankedPicks:
    """The picks of a choose_some, each built from its number in the order they are shown.

    That order (see _sort_as_shown) is: fewest items first; among picks of one size, the most
    of the first group in type order first, then of the second, and so on. With each group of
    its own place in that order, the picks are numbered without listing them: `ways[p][t]`
    counts the ways the groups from place p on can give t items, which tells how many picks
    come before each choice of a count.
    """

    def __init__(self, members: list[list], ranks: list[tuple], least: int, most: int):
        self.members = members
        self.places = sorted(range(len(members)), key=ranks.__getitem__)  # group indexes in type order
        self.sizes = [len(members[g]) for g in self.places]
        ways = [[1]]  # ways[0] for no group left; built from the last place back to the first
        for size in reversed(self.sizes):
            after = ways[-1]
            row = [0] * (min(len(after) - 1 + size, max(most, 0)) + 1)
            for n in range(min(size, len(row) - 1) + 1):  # n items of this group, the rest after it
                for t, ways_after in enumerate(after[:len(row) - n]):
                    row[t + n] += ways_after
            ways.append(row)
        ways.reverse()
        self.ways = ways
        self.least = max(least, 0)
        self.count = sum(ways[0][self.least:]) if most >= 0 else 0  # the table stops at `most` items

    def counts(self, index: int) -> list[int]:
        """How many of each group (in the groups' own order) pick number `index` takes."""
        total = self.least
        while index >= self.ways[0][total]:
            index -= self.ways[0][total]
            total += 1
        counts = [0] * len(self.members)
        for place, group in enumerate(self.places):
            after = self.ways[place + 1]
            for n in range(min(self.sizes[place], total), -1, -1):
                following = after[total - n] if total - n < len(after) else 0
                if index < following:
                    break
                index -= following
            counts[group] = n
            total -= n
        return counts

    def value(self, index: int) -> list:
        return [item for group, n in zip(self.members, self.counts(index)) for item in group[:n]]

    def option(self, index: int) -> Option:
        value = self.value(index)
        return Option(describe(value), value)


def _sort_as_shown(picks: list[tuple[int, ...]], ranks: list[tuple]) -> None:
    """Sort counts per group as their picks are shown: fewest items first, then by the picks' items
    sorted (cards by type order, other values by name), compared one by one; ties keep their order.

    Alike items (one group) share a place in that order, so places are found per group (`ranks`:
    each group's place, _in_type_order); picks of one size then compare as the counts per place,
    the most of the first place first.
    """
    places = [[i for i in range(len(ranks)) if ranks[i] == rank] for rank in sorted(set(ranks))]
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


def _choose_number(f: Any, least: int, most: int, prompt: str) -> Decision:
    check_count(f, most - least + 1, "choose_number with options numbering")
    return question(f, f.vars["me"], "number", prompt, list(range(least, most + 1)), str)


@primitive("choose_number(least: int, most: int, prompt: str) -> int",
           "`me` picks a whole number from `least` to `most`.", C, asks=True)
@waits(_choose_number)
def choose_number(f: Any, least: int, most: int, prompt: str) -> int:
    return f.game.ask(_choose_number(f, least, most, prompt))


def _ask(f: Any, text: str, key: str = "") -> Decision:
    return question(f, f.vars["me"], "ask", text, [True, False], key=key)


@primitive("ask(question: str) -> bool", "`me` answers yes or no.", C, asks=True)
@primitive("ask(question: str, key: str) -> bool",
           "The same, the question named by `key` (for tables and tools; the wording may change).", C, asks=True)
@waits(_ask)
def ask(f: Any, question: str, key: str = "") -> bool:
    return f.game.ask(_ask(f, question, key))
