"""The value types of the effect language, written as short strings.

Plain types: int, bool, str, seat, card, card_type, scoring_step, the value types a game adds
for its own rulesets (add_game_types), and `hook`, a hook's name written in quotes (a primitive's
argument only). Lists: `list[card]`. Maps from
params: `map[int,list[int]]`. Functions (lambda arguments only): `fn(T)->bool`.
`T` is a type variable bound by the first argument that mentions it; `any`
stands for the element type of an empty list.
"""

from __future__ import annotations

import re

# What a board gamer calls each type, for messages.
DESCRIPTIONS = {
    "int": "a number",
    "bool": "yes/no",
    "str": "a text",
    "seat": "a seat",
    "card": "a card",
    "card_type": "a card type",
    "scoring_step": "a final scoring step",
    "hook": "a hook's name",
}

# The value types a game adds for its own rulesets (docs/games.md): described in messages, listed
# by the game's reference (docs/dsl.md, docs/ny1901-dsl.md), not among the language's own.
GAME_TYPES: dict[str, str] = {}


def add_game_types(descriptions: dict[str, str]) -> None:
    """A game's own value types, with what a player calls each."""
    GAME_TYPES.update(descriptions)


_FN = re.compile(r"^fn\((.*)\)->(.*)$")


def list_of(t: str) -> str:
    return f"list[{t}]"


def element(t: str) -> str | None:
    if t.startswith("list[") and t.endswith("]"):
        return t[5:-1]
    return None


def map_parts(t: str) -> tuple[str, str] | None:
    if t.startswith("map[") and t.endswith("]"):
        key, value = t[4:-1].split(",", 1)
        return key, value
    return None


def fn_parts(t: str) -> tuple[str, str] | None:
    m = _FN.match(t)
    return (m.group(1), m.group(2)) if m else None


def describe(t: str) -> str:
    inner = element(t)
    if inner is not None:
        return "a list" if inner == "any" else f"a list of {describe(inner).split(' ', 1)[-1]}s"
    if t.startswith("map["):
        return "a table"
    return DESCRIPTIONS.get(t) or GAME_TYPES.get(t, t)


def compatible(expected: str, actual: str) -> bool:
    """True when a value of type `actual` may stand where `expected` is wanted."""
    if expected == actual or expected == "any" or actual == "any":
        return True
    e, a = element(expected), element(actual)
    if e is not None and a is not None:
        return compatible(e, a)
    return False


def substitute(t: str, bindings: dict[str, str]) -> str:
    for var, bound in bindings.items():
        t = re.sub(rf"\b{var}\b", bound, t)
    return t


def unify(pattern: str, actual: str, bindings: dict[str, str]) -> bool:
    """Match `actual` against `pattern` (which may mention the variable T), binding T."""
    if pattern == "T":
        if "T" in bindings:
            return compatible(bindings["T"], actual)
        bindings["T"] = actual
        return True
    p, a = element(pattern), element(actual)
    if p is not None:
        if a is None:
            return False
        if a == "any":
            return True
        return unify(p, a, bindings)
    return compatible(pattern, actual)


def of_value(value: object) -> str | None:
    """The type of a params value read from YAML (int, list of ints, tables of them)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list):
        kinds = {of_value(item) for item in value}
        if len(kinds) == 1:
            (kind,) = kinds
            return None if kind is None else list_of(kind)
        return list_of("any") if not value else None
    if isinstance(value, dict):
        keys = {of_value(k) for k in value}
        values = {of_value(v) for v in value.values()}
        if len(keys) == 1 and len(values) == 1 and None not in keys | values:
            return f"map[{keys.pop()},{values.pop()}]"
    return None
