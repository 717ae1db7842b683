"""Numbers and lists: counting, summing, picking the best."""

from __future__ import annotations

from typing import Any, Callable

from ..language.runtime import check_stored, rule_failed, spend_steps
from ..language.registry import primitive
from . import inline

C = "numbers and lists"


@primitive("size(items: list[T]) -> int", "How many items the list holds.", C)
@inline("len({0})")
def size(f: Any, items: list) -> int:
    return len(items)


@primitive("count(items: list[T], test: fn(T)->bool) -> int", "How many items pass the test.", C)
def count(f: Any, items: list, test: Callable) -> int:
    return len([item for item in spend_steps(f, items) if test(item)])


@primitive("sum(items: list[T], amount: fn(T)->int) -> int", "The total of the amount over all items.", C)
def sum_(f: Any, items: list, amount: Callable) -> int:
    total = 0
    for item in spend_steps(f, items):
        total = check_stored(f, total + amount(item), "sum(...) reaches")
    return total


@primitive("any(items: list[T], test: fn(T)->bool) -> bool", "Whether at least one item passes the test.", C)
def any_(f: Any, items: list, test: Callable) -> bool:
    for item in spend_steps(f, items):  # a plain loop: rules call this often, and a generator costs more per item
        if test(item):
            return True
    return False


@primitive("all(items: list[T], test: fn(T)->bool) -> bool", "Whether every item passes the test.", C)
def all_(f: Any, items: list, test: Callable) -> bool:
    for item in spend_steps(f, items):  # a plain loop, as in any_
        if not test(item):
            return False
    return True


@primitive("contains(items: list[T], item: T) -> bool", "Whether the item is in the list.", C)
def contains(f: Any, items: list, item: Any) -> bool:
    for i in items:  # a plain loop, as in any_
        if i is item or i == item:
            return True
    return False


@primitive("first(items: list[T]) -> T", "The first item (an error if the list is empty).", C)
def first(f: Any, items: list) -> Any:
    if not items:
        raise rule_failed(f, "first(...) of an empty list")
    return items[0]


@primitive("first_n(items: list[T], n: int) -> list[T]", "The first n items (all of them if fewer).", C)
def first_n(f: Any, items: list, n: int) -> list:
    return list(items[:max(n, 0)])


@primitive("min(numbers: list[int]) -> int", "The smallest number (0 for an empty list).", C)
def min_(f: Any, numbers: list) -> int:
    return min(numbers) if numbers else 0


@primitive("max(numbers: list[int]) -> int", "The largest number (0 for an empty list).", C)
def max_(f: Any, numbers: list) -> int:
    return max(numbers) if numbers else 0


@primitive("ceil_div(a: int, b: int) -> int", "a divided by b, rounded up.", C)
def ceil_div(f: Any, a: int, b: int) -> int:
    if b == 0:
        raise rule_failed(f, f"ceil_div({a}, 0): division by zero")
    return -(-a // b)


@primitive("sort_by(items: list[T], key: fn(T)->int) -> list[T]",
           "The items from the lowest key to the highest (ties keep their order).", C)
def sort_by(f: Any, items: list, key: Callable) -> list:
    return sorted(spend_steps(f, items), key=key)


@primitive("fewest(items: list[T], key: fn(T)->int) -> list[T]",
           "The items sharing the lowest key, in their order.", C)
def fewest(f: Any, items: list, key: Callable) -> list:
    if not items:
        return []
    keys = [key(item) for item in spend_steps(f, items)]
    low = min(keys)
    return [item for item, k in zip(items, keys) if k == low]


@primitive("most(items: list[T], key: fn(T)->int) -> list[T]",
           "The items sharing the highest key, in their order.", C)
def most(f: Any, items: list, key: Callable) -> list:
    if not items:
        return []
    keys = [key(item) for item in spend_steps(f, items)]
    high = max(keys)
    return [item for item, k in zip(items, keys) if k == high]


@primitive("reversed(items: list[T]) -> list[T]", "The items in the opposite order.", C)
def reversed_list(f: Any, items: list) -> list:
    return items[::-1]


@primitive("concat(first: list[T], then: list[T]) -> list[T]", "The items of the first list, then those of the second.", C)
def concat(f: Any, first: list, then: list) -> list:
    return list(first) + list(then)
