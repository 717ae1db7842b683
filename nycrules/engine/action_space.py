"""A fixed action space per ruleset: every option key is a stable integer.

Researchers' tools (OpenSpiel, PettingZoo, a policy network's output layer) want one
numbering of all moves, the same at every decision. Option keys (engine/decisions.py)
already name moves without display wording; this module numbers them, region by region,
in an order fixed by the ruleset's components:

| region | keys | size (nyc) |
|---|---|---|
| words | `pass`, `done`, `yes`, `no`, `nothing` | 5 |
| numbers | `0` ... `31` | 32 |
| seats | `seat:0` ... `seat:3` (one per seat the ruleset can seat) | 4 |
| boroughs | `borough:ID`, in the components' order | 6 |
| vessels | `vessel:N` (N < number of vessel routes) | 10 |
| prestige tiles | `prestige:N` | 10 |
| use | `use:ID`, a character by id | 42 |
| instead | `instead:ID` | 42 |
| characters | `char:ID`, `char:ID#2` ... `#4` (alike tiles in different places) | 168 |
| cards | `card:TYPE`, `card:TYPE#2` ... `#16` (alike cards in different places) | 112 |
| pairs | `pair:A+B` (types sorted) or `pair:A`, with `#2` ... `#8` | 280 |
| swaps | `swap:OUT>IN`, a hand card for a reserve card | 49 |
| character lists | `char:A+char:B[+char:C]`: 2 or 3 characters, in any order | 14147 |
| card lists | `bid:TYPES` (a bid of these cards, `bid:` with none) and `card:A+card:B...`: a multiset of 0-16 card types | 245157 |
| card types | `TYPE`: a card type named (a rule's question "which card type?") | 7 |

A list of characters or cards is numbered as a multiset: its order does not change its
id. `bid:press wild` and `card:press+card:wild` share an id (both say "these cards";
they never meet in one decision). A key outside the space (a mod's new kind of option,
a bid of more than 16 cards) raises `ActionSpaceError` naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Callable

from ..diagnostics import ArgumentTypeError, NycRulesError, number_shown, whole_number
from .model import Ruleset
from ..text import shown_clipped

WORDS = ("pass", "done", "yes", "no", "nothing")
NUMBERS = 32
CHAR_COPIES = 4
CARD_COPIES = 16
PAIR_COPIES = 8
CHAR_LIST = (2, 3)  # sizes of character lists
MAX_CARDS = 16  # the most cards in a card list (a bid)


class ActionSpaceError(NycRulesError):
    """An option key the ruleset's action space has no id for."""


# The kinds of options the rule language can ask for (by the type the question offers) that the space
# numbers: `choose` among one of these, `choose_some` among cards or character tiles.
NUMBERED_CHOICES = {"int": "numbers", "bool": "yes and no", "seat": "seats", "card": "cards",
                    "card_type": "card types", "pair": "pairs of cards", "borough": "boroughs",
                    "vessel": "vessels", "tile": "character tiles", "prestige_tile": "prestige tiles",
                    "list[tile]": "lists of character tiles"}
NUMBERED_LISTS = {"card": "cards", "tile": "character tiles"}


def unnumbered_kind(question: str, offered: str) -> str | None:
    """What is wrong with a rule's question (`choose` or `choose_some` offering `offered` values) that
    the action space cannot number, or None when it can."""
    from ..language.dsltypes import describe
    numbered = NUMBERED_LISTS if question == "choose_some" else NUMBERED_CHOICES
    if offered in numbered or offered == "any" or question not in ("choose", "choose_some"):
        return None
    return (f"{question} from {describe(f'list[{offered}]')}: the action space has no ids for such options, so OpenSpiel, "
            f"PettingZoo and agents' views would stop here; it numbers {question} among "
            f"{', '.join(dict.fromkeys(numbered.values()))} (docs/api.md, \"The fixed action space\")")


def seat_slots(ruleset: Ruleset) -> int:
    """Seats the ruleset can play with at most (4 for nyc; a mod may seat up to 9): the seats region and
    the observation tensor's seat slots are that long."""
    return max(ruleset.components.neutral_start)


def multisets_below(types: int, size: int) -> int:
    """How many multisets of `types` kinds have fewer than `size` items."""
    return comb(size - 1 + types, types) if size > 0 else 0


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


@dataclass(frozen=True)
class Region:
    name: str
    start: int
    size: int


class ActionSpace:
    """The numbering of a ruleset's option keys (see the module's docstring)."""

    def __init__(self, ruleset: Ruleset):
        comp = ruleset.components
        self.card_types = [t.id for t in comp.card_types]
        self.type_index = {kind: i for i, kind in enumerate(self.card_types)}
        self.boroughs = [b.id for b in comp.boroughs]
        self.borough_index = {b: i for i, b in enumerate(self.boroughs)}
        self.characters = sorted(ruleset.characters)
        self.char_index = {c: i for i, c in enumerate(self.characters)}
        self.vessels = sum(len(kind.routes) for kind in comp.vessel_kinds)
        self.prestige = len(comp.prestige_tiles)
        types, chars = len(self.card_types), len(self.characters)
        self.pair_kinds = types + comb(types + 1, 2)  # one card or two
        self.seats = seat_slots(ruleset)
        sizes = [("words", len(WORDS)), ("numbers", NUMBERS), ("seats", self.seats),
                 ("boroughs", len(self.boroughs)), ("vessels", self.vessels), ("prestige tiles", self.prestige),
                 ("use", chars), ("instead", chars), ("characters", chars * CHAR_COPIES),
                 ("cards", types * CARD_COPIES), ("pairs", self.pair_kinds * PAIR_COPIES),
                 ("swaps", types * types),
                 ("character lists", sum(comb(n - 1 + chars, n) for n in CHAR_LIST)),
                 ("card lists", multisets_below(types, MAX_CARDS + 1)),
                 ("card types", types)]
        self.regions: dict[str, Region] = {}
        start = 0
        for name, size in sizes:
            self.regions[name] = Region(name, start, size)
            start += size
        self.size = start
        self._cache: dict[str, int] = {}

    # ------------------------------------------------------------ key -> id
    def action_of(self, key: str) -> int:
        """The id of an option key; ActionSpaceError if the space has none."""
        action = self._cache.get(key)
        if action is None:
            if not isinstance(key, str):
                raise ArgumentTypeError(f"an option key is a text such as 'pass' or 'char:12', not "
                                        f"{shown_clipped(repr(key), 40)} ({type(key).__name__})")
            try:
                action = self._number(key)
            except ValueError:  # a numeral int() refuses: a digit of another script, thousands of digits
                self._refuse(key)
            self._cache[key] = action
        return action

    def _number(self, key: str) -> int:
        base, _, copy = key.partition("#")
        copies = int(copy) if copy.isdigit() else 1
        if copy and not copy.isdigit():
            self._refuse(key)
        if base in WORDS and copies == 1:
            return self._at("words", WORDS.index(base))
        if base.isdigit() and copies == 1:
            return self._at("numbers", self._below(key, int(base), NUMBERS))
        if base in self.type_index and copies == 1:
            return self._at("card types", self.type_index[base])
        if base.startswith("bid:") and copies == 1:
            return self._cards(key, base[4:].split())
        if "+" in base and copies == 1:
            parts = base.split("+")
            if all(p.startswith("card:") for p in parts):
                return self._cards(key, [p[5:] for p in parts])
            if all(p.startswith("char:") for p in parts) and len(parts) in CHAR_LIST and not base.startswith("pair:"):
                return self._char_list(key, [self._char(key, p[5:]) for p in parts])
        kind, _, name = base.partition(":")
        single: dict[str, Callable[[], int]] = {
            "seat": lambda: self._at("seats", self._below(key, _int(name), self.seats)),
            "borough": lambda: self._at("boroughs", self._lookup(key, self.borough_index, name)),
            "vessel": lambda: self._at("vessels", self._below(key, _int(name), self.vessels)),
            "prestige": lambda: self._at("prestige tiles", self._below(key, _int(name), self.prestige)),
            "use": lambda: self._at("use", self._char(key, name)),
            "instead": lambda: self._at("instead", self._char(key, name)),
            "char": lambda: self._copy("characters", self._char(key, name), copies, CHAR_COPIES, key),
            "card": lambda: self._copy("cards", self._lookup(key, self.type_index, name), copies, CARD_COPIES, key),
            "pair": lambda: self._copy("pairs", self._pair(key, name), copies, PAIR_COPIES, key),
            "swap": lambda: self._at("swaps", self._swap(key, name)),
        }
        if kind in single and (copies == 1 or kind in ("char", "card", "pair")):
            return single[kind]()
        self._refuse(key)

    def _at(self, region: str, offset: int) -> int:
        return self.regions[region].start + offset

    def _copy(self, region: str, offset: int, copy: int, copies: int, key: str) -> int:
        if not 1 <= copy <= copies:
            raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)}: the action space numbers at most "
                                   f"{copies} alike options")
        return self._at(region, offset * copies + copy - 1)

    def _below(self, key: str, value: int, bound: int) -> int:
        if not 0 <= value < bound:
            raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)} is outside the action space "
                                   f"(0-{bound - 1})")
        return value

    def _lookup(self, key: str, table: dict, name: object) -> int:
        if name not in table:
            self._refuse(key)
        return table[name]

    def _char(self, key: str, name: str) -> int:
        return self._lookup(key, self.char_index, _int(name))

    def _pair(self, key: str, name: str) -> int:
        types = sorted(self._lookup(key, self.type_index, kind) for kind in name.split("+"))
        if len(types) == 1:
            return types[0]
        if len(types) == 2:
            return len(self.card_types) + multiset_rank(types, len(self.card_types))
        self._refuse(key)

    def _swap(self, key: str, name: str) -> int:
        out, _, into = name.partition(">")
        return self._lookup(key, self.type_index, out) * len(self.card_types) + self._lookup(key, self.type_index, into)

    def _cards(self, key: str, kinds: list[str]) -> int:
        if len(kinds) > MAX_CARDS:
            raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)}: the action space numbers lists of at "
                                   f"most {MAX_CARDS} cards")
        types = len(self.card_types)
        indices = [self._lookup(key, self.type_index, kind) for kind in kinds]
        return self._at("card lists", multisets_below(types, len(indices)) + multiset_rank(indices, types))

    def _char_list(self, key: str, indices: list[int]) -> int:
        chars = len(self.characters)
        before = sum(comb(n - 1 + chars, n) for n in CHAR_LIST if n < len(indices))
        return self._at("character lists", before + multiset_rank(indices, chars))

    def _refuse(self, key: str) -> None:
        raise ActionSpaceError(f"option key {shown_clipped(repr(key), 80)} has no id in the action space of this "
                               "ruleset (see nycrules/engine/action_space.py for the keys it numbers)")

    # ------------------------------------------------------------ id -> key
    def key_of(self, action: int) -> str:
        """The canonical key of an action id (lists in the components' order; `bid:` for card lists)."""
        if type(action) is not int:
            action = whole_number(action, "an action")  # numpy's integers too; not 1.5, True or None
        if not 0 <= action < self.size:
            raise ActionSpaceError(f"there is no action {number_shown(action)}: actions are 0-{self.size - 1}")
        region = next(r for r in self.regions.values() if r.start <= action < r.start + r.size)
        offset = action - region.start
        types = len(self.card_types)
        if region.name == "words":
            return WORDS[offset]
        if region.name == "numbers":
            return str(offset)
        if region.name == "seats":
            return f"seat:{offset}"
        if region.name == "boroughs":
            return f"borough:{self.boroughs[offset]}"
        if region.name == "vessels":
            return f"vessel:{offset}"
        if region.name == "prestige tiles":
            return f"prestige:{offset}"
        if region.name in ("use", "instead"):
            return f"{region.name}:{self.characters[offset]}"
        if region.name == "card types":
            return self.card_types[offset]
        if region.name == "swaps":
            return f"swap:{self.card_types[offset // types]}>{self.card_types[offset % types]}"
        if region.name == "characters":
            return _copied(f"char:{self.characters[offset // CHAR_COPIES]}", offset % CHAR_COPIES)
        if region.name == "cards":
            return _copied(f"card:{self.card_types[offset // CARD_COPIES]}", offset % CARD_COPIES)
        if region.name == "pairs":
            kind, copy = divmod(offset, PAIR_COPIES)
            items = [kind] if kind < types else multiset_unrank(kind - types, 2, types)
            return _copied("pair:" + "+".join(sorted(self.card_types[i] for i in items)), copy)
        if region.name == "character lists":
            chars = len(self.characters)
            for n in CHAR_LIST:
                if offset < comb(n - 1 + chars, n):
                    return "+".join(f"char:{self.characters[i]}" for i in multiset_unrank(offset, n, chars))
                offset -= comb(n - 1 + chars, n)
        size = 0
        while multisets_below(types, size + 1) <= offset:
            size += 1
        items = multiset_unrank(offset - multisets_below(types, size), size, types)
        return "bid:" + " ".join(self.card_types[i] for i in items)


def _int(text: str) -> int:
    return int(text) if text.lstrip("-").isdigit() else -1


def _copied(key: str, copy: int) -> str:
    return key if copy == 0 else f"{key}#{copy + 1}"


def action_space(ruleset: Ruleset) -> ActionSpace:
    """The ruleset's action space (made once per loaded ruleset)."""
    space = ruleset.setup_cache.get("action space")
    if space is None:
        space = ruleset.setup_cache["action space"] = ActionSpace(ruleset)
    return space
