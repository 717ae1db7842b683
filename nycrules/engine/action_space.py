"""A fixed action space per ruleset: every option key is a stable integer.

Researchers' tools (OpenSpiel, PettingZoo, a policy network's output layer) want one
numbering of all moves, the same at every decision. Option keys (engine/decisions.py)
already name moves without display wording; this module numbers them in regions that the
ruleset declares (its `actions:` list; rulesets/nyc/ruleset.yaml), each of a fixed capacity,
so that a mod adding cards, card types or pieces of its game moves no id. A region is one of:

- `words`: the keys listed (`pass`, `done`, ...), one id each;
- a `key` pattern with slots, such as `char:{number}` or `swap:{card_types}>{card_types}`:
  `{number}` is a whole number below the capacity; `{NAME}` a name of the ruleset's list
  NAME (a component list such as `card_types`, numbered by its place in the list, the
  `characters`, by their numbers, or a list that the ruleset's game part gives
  (model.GamePart.lists)); the capacity is one number for every slot, or a list of
  one per slot (`spot:{tiles}@{squares}/{number}` with [32, 300, 4]); `unordered: true` numbers the slots' values as a set
  (`pair:a+b` is `pair:b+a`); `copies: N` numbers alike options `#2` ... `#N` (two cards of
  one type shown in different places);
- `picks: true`: lists of items (`card:a+card:b`, `char:5+char:21`, or items after a prefix
  its game gives, separated by spaces: model.GamePart.list_prefixes), numbered relative to
  their decision (see `_number_picks`).

The ids of a region are capacity^slots (unordered: the sets of that many values) times
its copies, one after another in the order declared. A key no region numbers raises
`ActionSpaceError` naming it; `nycrules validate` warns of a ruleset whose lists are
longer than a region holds and of a question whose options no region numbers (W404, W403).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import comb, prod
from typing import Any, Iterable, Sequence

from ..diagnostics import ArgumentTypeError, NycRulesError, number_shown, whole_number
from .model import Ruleset
from ..text import shown_clipped


class ActionSpaceError(NycRulesError):
    """An option key the ruleset's action space has no id for."""


# The kinds of options the rule language can ask for (by the type the question offers) that the space
# numbers for any game: `choose` among one of these, `choose_some` among cards; a game adds its own (its
# package's NUMBERED: engine/action_space_check.py).
NUMBERED_CHOICES = {"int": "numbers", "bool": "yes and no", "seat": "seats", "card": "cards",
                    "card_type": "card types"}
NUMBERED_LISTS = {"card": "cards"}


def multiset_rank(indices: list[int], types: int) -> int:
    """The rank of a multiset (its items' kinds, 0 <= i < types) among all multisets of its size.

    Sorted, the items a_0 <= a_1 <= ... become the strictly rising b_i = a_i + i, a
    combination ranked by the combinatorial number system: sum of comb(b_i, i + 1).
    """
    return sum(comb(a + i, i + 1) for i, a in enumerate(sorted(indices)))


def multiset_unrank(rank: int, size: int, types: int) -> list[int]:
    """The multiset of `size` items with this rank (the inverse of multiset_rank)."""
    items = []
    for i in range(size, 0, -1):
        b = i - 1
        while comb(b + 1, i) <= rank:
            b += 1
        rank -= comb(b, i)
        items.append(b - (i - 1))
    return items[::-1]


SLOT = re.compile(r"\{([a-z_]+)\}")


def vocabulary(ruleset: Ruleset, name: str) -> list[Any] | None:
    """The names a slot `{name}` may hold, in the order they are numbered: a component list's ids by
    their place, or (for a list of numbered things such as the characters) None: numbered by value."""
    source = ruleset.part.lists.get(name)
    if source is None:
        source = getattr(ruleset, name, None)
    if isinstance(source, dict):  # numbered things (characters by number)
        return None
    if source is None:
        raise ValueError(f"no list {name!r} in the ruleset")
    return [str(getattr(item, "id", item)) for item in source]


@dataclass
class Region:
    """A block of ids: `size` of them from `start` (see the module's docstring)."""

    name: str
    start: int
    size: int
    capacity: int
    words: tuple[str, ...] = ()
    pattern: str = ""
    slots: tuple[str, ...] = ()
    unordered: bool = False
    copies: int = 1
    picks: bool = False
    capacities: tuple[int, ...] = ()  # per slot (a key pattern's); `capacity` is their largest

    def __post_init__(self) -> None:
        if len(self.capacities) != len(self.slots):
            self.capacities = (self.capacity,) * len(self.slots)
        self._parts = SLOT.split(self.pattern) if self.pattern else []  # literal, slot, literal, ...
        regex = "".join(re.escape(part) if i % 2 == 0 else "(.+?)" for i, part in enumerate(self._parts))
        self._regex = re.compile(f"^{regex}$") if self.pattern else None

    def values(self) -> int:
        """How many distinct values of the slots (before copies)."""
        if self.unordered:
            return comb(self.capacity + len(self.slots) - 1, len(self.slots))
        return prod(self.capacities)

    def render(self, names: list[str]) -> str:
        out = []
        for i, part in enumerate(self._parts):
            out.append(part if i % 2 == 0 else names[i // 2])
        return "".join(out)


def capacities_of(spec: dict[str, Any]) -> tuple[int, ...]:
    """A region's capacity as declared: one number, or one per slot of its key."""
    capacity = spec.get("capacity", 0)
    return tuple(int(c) for c in capacity) if isinstance(capacity, list) else (int(capacity),)


def regions_of_specs(specs: Iterable[dict[str, Any]]) -> list[Region]:
    """Regions as declared (a ruleset's `actions`), laid out one after another."""
    regions, start = [], 0
    for spec in specs:
        capacities = capacities_of(spec)
        capacity = max(capacities, default=0)
        words = tuple(str(w) for w in spec.get("words", ()))
        pattern = str(spec.get("key", ""))
        region = Region(str(spec["id"]), start, 0, capacity or len(words), words, pattern,
                        tuple(SLOT.findall(pattern)), bool(spec.get("unordered")), int(spec.get("copies", 1)),
                        bool(spec.get("picks")), capacities if len(capacities) > 1 else ())
        region.size = region.capacity if (words or region.picks) else region.values() * region.copies
        regions.append(region)
        start += region.size
    return regions


class ActionSpace:
    """The numbering of a ruleset's option keys (see the module's docstring)."""

    def __init__(self, ruleset: Ruleset):
        self.regions: dict[str, Region] = {region.name: region for region in regions_of_specs(ruleset.actions)}
        self.size = sum(region.size for region in self.regions.values())
        self._vocabularies: dict[str, list[str] | None] = {}
        self._index: dict[str, dict[str, int]] = {}
        for region in self.regions.values():
            for slot in region.slots:
                if slot != "number" and slot not in self._vocabularies:
                    names = self._vocabularies[slot] = vocabulary(ruleset, slot)
                    if names is not None:
                        self._index[slot] = {name: i for i, name in enumerate(names)}
        self._words = {word: region.start + i for region in self.regions.values() for i, word in enumerate(region.words)}
        self._picks = next((r for r in self.regions.values() if r.picks), None)
        self._prefixes = tuple(ruleset.part.list_prefixes)  # keys listing items separated by spaces
        self._cache: dict[str, int | None] = {}  # key -> id; None: a pick (its id depends on its decision)

    # ------------------------------------------------------------ key -> id
    def action_of(self, key: str) -> int:
        """The id of an option key; ActionSpaceError if the space has none. A pick (a list: `card:a+card:b`,
        or its game's prefix and items) has an id only among the options of its decision: `actions_of`."""
        action = self._single(key)
        if action is None:
            raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)} is a list: its id depends on the "
                                   "options beside it; number a decision's keys together (actions_of)")
        return action

    def actions_of(self, keys: Sequence[str]) -> list[int]:
        """The ids of one decision's option keys, in their order (picks numbered among each other)."""
        ids: list[int | None] = [self._single(key) for key in keys]
        if None in ids:
            picks = [i for i, action in enumerate(ids) if action is None]
            for i, action in zip(picks, self._number_picks([keys[i] for i in picks])):
                ids[i] = action
        return ids  # type: ignore[return-value]

    def _single(self, key: str) -> int | None:
        if key in self._cache:
            return self._cache[key]
        if not isinstance(key, str):
            raise ArgumentTypeError(f"an option key is a text such as 'pass' or 'char:12', not "
                                    f"{shown_clipped(repr(key), 40)} ({type(key).__name__})")
        action = self._words.get(key)
        if action is None:
            action = self._patterned(key)
        if action is None:
            if self._picks is None or not self._is_list(key):
                self._refuse(key)
            self._tokens(key)  # refused now if an item is not one the space numbers
        self._cache[key] = action
        return action

    def _patterned(self, key: str) -> int | None:
        base, _, copy = key.partition("#")
        if copy and not (copy.isascii() and copy.isdigit() and len(copy) < 4):
            return None
        copy_number = int(copy) if copy else 1
        for region in self.regions.values():
            if region._regex is None:
                continue
            match = region._regex.match(base)
            if match is None:
                continue
            values = [self._value(key, slot, text, capacity)
                      for slot, text, capacity in zip(region.slots, match.groups(), region.capacities)]
            if None in values:
                continue
            if not 1 <= copy_number <= region.copies:
                raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)}: the action space numbers at most "
                                       f"{region.copies} alike options of region {region.name!r}")
            if region.unordered:
                offset = multiset_rank(values, region.capacity)  # type: ignore[arg-type]
            else:
                offset = 0
                for value, capacity in zip(values, region.capacities):
                    offset = offset * capacity + value  # type: ignore[operator]
            return region.start + offset * region.copies + copy_number - 1
        return None

    def _value(self, key: str, slot: str, text: str, capacity: int) -> int | None:
        if slot == "number" or self._vocabularies.get(slot) is None:
            value = int(text) if text.isascii() and text.isdigit() and len(text) < 8 else None
        else:
            value = self._index[slot].get(text)
        if value is None:
            return None
        if value >= capacity:
            raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)}: {slot} {text} is beyond the action "
                                   f"space's room ({capacity} of them); raise the region's capacity in the "
                                   "ruleset's `actions`")
        return value

    # ------------------------------------------------------------ picks
    def _tokens(self, key: str) -> list[int]:
        """A list's items as the ids of the single options naming them (the words after a prefix of its
        game, a list's keys)."""
        prefix = next((p for p in self._prefixes if key.startswith(p)), None)
        if prefix is not None:
            items = key[len(prefix):].split()
        else:
            items = key.split("+")
        tokens = []
        for item in items:
            token = self._words.get(item) if item in self._words else self._patterned(item)
            if token is None:
                self._refuse(key)
            tokens.append(token)
        return tokens  # type: ignore[return-value]

    def _number_picks(self, keys: list[str]) -> list[int]:
        """Picks numbered among one decision's: how many of each item offered, in mixed radix.

        The items offered are those the decision's lists name (the cards of a hand...), each at
        most as many times as one list holds it, in the order of their own ids. A list taking c_j of
        item j, offered n_j times, is sum(c_j * prod((n_i + 1) for i < j)): taking nothing is 0."""
        region = self._picks
        assert region is not None
        counted = []
        for key in keys:
            counts: dict[int, int] = {}
            for token in self._tokens(key):
                counts[token] = counts.get(token, 0) + 1
            counted.append(counts)
        offered: dict[int, int] = {}
        for counts in counted:
            for token, n in counts.items():
                offered[token] = max(offered.get(token, 0), n)
        order = sorted(offered)
        if prod(offered[token] + 1 for token in order) > region.capacity:
            raise ActionSpaceError(f"a decision offers more lists than the action space numbers ({len(order)} kinds "
                                   f"of items, e.g. {shown_clipped(repr(keys[0]), 60)}): raise the capacity of "
                                   f"region {region.name!r}")
        ids = []
        for counts in counted:
            offset, place = 0, 1
            for token in order:
                offset += counts.get(token, 0) * place
                place *= offered[token] + 1
            ids.append(region.start + offset)
        return ids

    def _is_list(self, key: str) -> bool:
        return "+" in key or any(key.startswith(prefix) for prefix in self._prefixes)

    def _refuse(self, key: str) -> None:
        raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)} has no id in the action space of this "
                               "ruleset (docs/api.md, \"The fixed action space\", lists the keys it numbers)")

    # ------------------------------------------------------------ id -> key
    def key_of(self, action: int, keys: Iterable[str] | None = None) -> str:
        """The canonical key of an action id; a pick's only with the keys of its decision (`keys`)."""
        if type(action) is not int:
            action = whole_number(action, "an action")  # numpy's integers too; not 1.5, True or None
        if not 0 <= action < self.size:
            raise ActionSpaceError(f"there is no action {number_shown(action)}: actions are 0-{self.size - 1}")
        region = next(r for r in self.regions.values() if r.start <= action < r.start + r.size)
        offset = action - region.start
        if region.words:
            if offset < len(region.words):
                return region.words[offset]
        elif region.picks:
            if keys is not None:
                keys = list(keys)
                for key, number in zip(keys, self.actions_of(keys)):
                    if number == action:
                        return key
            raise ActionSpaceError(f"action {action} is a list (region {region.name!r}): which list depends on its "
                                   "decision; give the decision's keys")
        else:
            value, copy = divmod(offset, region.copies)
            if region.unordered:
                values = multiset_unrank(value, len(region.slots), region.capacity)
            else:
                values = []
                for capacity in reversed(region.capacities):
                    value, last = divmod(value, capacity)
                    values.insert(0, last)
            names = []
            for slot, number in zip(region.slots, values):
                vocabulary_ = self._vocabularies.get(slot)
                if vocabulary_ is None:
                    names.append(str(number))
                elif number < len(vocabulary_):
                    names.append(vocabulary_[number])
                else:
                    break
            else:
                key = region.render(sorted(names) if region.unordered else names)  # a set: alphabetical
                return key if copy == 0 else f"{key}#{copy + 1}"
        raise ActionSpaceError(f"action {action} is a spare id of region {region.name!r} (room for what a mod may "
                               "add): no option of this ruleset has it")


def action_space(ruleset: Ruleset) -> ActionSpace:
    """The ruleset's action space (made once per loaded ruleset)."""
    space = ruleset.setup_cache.get("action space")
    if space is None:
        space = ruleset.setup_cache["action space"] = ActionSpace(ruleset)
    return space


def seat_slots(ruleset: Ruleset) -> int:
    """Seats the ruleset can play with at most (4 for nyc; a mod may seat up to 9): the observation
    tensor's seat slots are that long."""
    return max(ruleset.seat_counts)
