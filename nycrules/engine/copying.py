"""Copies of a table's objects, fast: a search copies whole games thousands of times a second.

copy.deepcopy would do, through each class's __reduce_ex__, but pays a call per list item and a
generic walk per object; these copy the usual values by hand and leave the rest to it.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..diagnostics import Location

# Values a copy of the table shares with the original: plain values and the immutable places of rules.
SHARED = frozenset((int, str, bool, float, type(None), Location))  # a set: `type(x) in` hashes; a tuple
# would compare x's type with each of its items, and a miss costs a rich comparison per item
_NOT_COPIED = object()


def copy_value(value: Any, memo: dict[int, Any]) -> Any:
    """copy.deepcopy(value, memo) for the values of a table's objects, faster for the usual ones.

    Plain values are shared. A list, dict or set is copied here, noted in the memo first like
    copy.deepcopy does (so an object met twice is copied once), and its items one by one only
    when they are not plain (copy.deepcopy pays a call per item, even per number); so is a tuple
    holding more than plain values. An object whose class has a __deepcopy__ method (the table's
    classes: below, and in state.py and the tasks) is copied by calling it; anything else goes to
    copy.deepcopy.
    """
    cls = type(value)
    if cls in SHARED:
        return value
    twin = memo.get(id(value), _NOT_COPIED)
    if twin is not _NOT_COPIED:
        return twin
    if cls is list:
        memo[id(value)] = twin = []
        for item in value:  # an item copied already (a card of a zone copied before) is looked up here
            kind = type(item)
            if kind not in SHARED:
                copied = memo.get(id(item), _NOT_COPIED)
                if copied is _NOT_COPIED:
                    method = getattr(kind, "__deepcopy__", None)  # a table's object (a tile): its own, at once
                    copied = memo[id(item)] = method(item, memo) if method is not None else copy_value(item, memo)
                item = copied
            twin.append(item)
        return twin
    if cls is dict:
        memo[id(value)] = twin = {}
        for key, item in value.items():
            twin[key if type(key) in SHARED else copy.deepcopy(key, memo)] = (
                item if type(item) in SHARED else copy_value(item, memo))
        return twin
    method = getattr(cls, "__deepcopy__", None)
    if method is not None:  # the table's own classes: called directly (copy.deepcopy adds a walk of its own)
        twin = memo[id(value)] = method(value, memo)
        return twin
    if cls is set and all(type(item) in SHARED for item in value):
        memo[id(value)] = twin = set(value)
        return twin
    if cls is tuple:
        for item in value:
            if type(item) not in SHARED:
                break
        else:
            return value  # plain values only: the tuple itself, as copy.deepcopy gives
        twin = tuple([copy_value(item, memo) for item in value])
        memo[id(value)] = twin
        return twin
    if cls is random.Random:  # by its state: copy.deepcopy would copy its 625 numbers one by one
        twin = memo[id(value)] = random.Random.__new__(random.Random)
        twin.setstate(value.getstate())
        return twin
    return copy.deepcopy(value, memo)


class Copied:
    """Fast deep copies for the many small objects of a table (copy_game makes one per clone): a
    class of these gets a __deepcopy__ written for its slots (unless it has its own), as
    dataclasses writes __init__, so that a copy reads and sets each field with no loop. Its
    NUMBER_LISTS, if any, name slots holding a list of numbers held nowhere else: sliced."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__deepcopy__" not in vars(cls):
            cls.__deepcopy__ = _slots_copy(cls)  # type: ignore[method-assign]


def _slots_copy(cls: type) -> Any:
    """`__deepcopy__` for a class of Copied: each slot shared when plain, else copied (copy_value)."""
    names = [name for klass in reversed(cls.__mro__) for name in vars(klass).get("__slots__", ())]
    numbers = getattr(cls, "NUMBER_LISTS", ())  # slots holding a list of numbers that nothing else holds
    lines = ["def __deepcopy__(self, memo):", "    twin = new(cls)", "    memo[id(self)] = twin"]
    for name in names:
        if name in numbers:  # copied whole in C: copy_value would check each number
            lines.append(f"    twin.{name} = self.{name}[:]")
            continue
        # An object copied already (a seat, a zone: most references) is found in the memo with no call.
        lines += [f"    value = self.{name}",
                  "    if type(value) in SHARED:",
                  f"        twin.{name} = value",
                  "    else:",
                  "        copied = memo.get(id(value), NOT_COPIED)",
                  f"        twin.{name} = copy_value(value, memo) if copied is NOT_COPIED else copied"]
    lines.append("    return twin")
    scope = {"new": cls.__new__, "cls": cls, "SHARED": SHARED, "copy_value": copy_value, "NOT_COPIED": _NOT_COPIED}
    exec(compile("\n".join(lines), f"<copy of {cls.__name__}>", "exec"), scope)
    return scope["__deepcopy__"]
