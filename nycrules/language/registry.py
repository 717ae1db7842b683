"""The registry of primitives: each declared once, with a typed signature and a line of help.

The checker, `nycrules rules list primitives` and docs/dsl.md all read this
registry, so they cannot drift apart. Implementations live next to the state
they act on (nycrules/primitives/*.py) and register themselves with
`@primitive("name(arg: type, ...) -> type", "help", category)` when that
package is imported: the loader, docgen and listing import it. This module
imports none of them, so the language knows no game state (dependencies point
one way: primitives -> engine -> compiler -> registry).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

_SIGNATURE = re.compile(r"^(?P<name>[a-z_][a-z0-9_]*)\((?P<params>.*)\)(?:\s*->\s*(?P<returns>.+))?$")

CATEGORIES = (
    "numbers and lists",
    "seats and scores",
    "choices",
    "log",
    "procedure",
)
# A game's order of the categories its rulesets see, its own among these (order_categories).
_ORDERS: dict[str, tuple[str, ...]] = {}


def order_categories(game: str, order: tuple[str, ...]) -> None:
    """The order a game lists the categories of its rulesets' primitives in (its reference, `rules`)."""
    _ORDERS[game] = order


@dataclass(frozen=True)
class Param:
    name: str
    type: str


@dataclass(frozen=True)
class Primitive:
    name: str
    params: tuple[Param, ...]
    returns: str | None  # None: an action, usable only as a statement
    help: str
    category: str
    impl: Callable[..., Any]
    asks: bool = False  # asks the acting seat (`me`) to decide
    changes: bool = False  # changes the game (every action; some that also give a value)
    game: str | None = None  # the game whose rulesets alone may call it (docs/games.md); None: every ruleset
    ends: bool = False  # ends the game at once: only the procedure's own nodes may call it
    counts: bool = False  # its `count` is a count asked for at once, at most limits.MAX_COUNT
    every_seat: bool = False  # gives every seat once, in an order of its own (a winner's ranking may order it)

    @property
    def signature(self) -> str:
        args = ", ".join(f"{p.name}: {p.type}" for p in self.params)
        tail = f" -> {self.returns}" if self.returns else ""
        return f"{self.name}({args}){tail}"

    @property
    def kind(self) -> str:
        if self.asks:
            return "choice"
        return "action" if self.changes else "query"


_REGISTRY: dict[str, list[Primitive]] = {}


def _split_params(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return [p.strip() for p in parts]


def primitive(signature: str, help: str, category: str, asks: bool = False,
              changes: bool | None = None, game: str | None = None, ends: bool = False,
              counts: bool = False, every_seat: bool = False) -> Callable:
    """Register the decorated function as the implementation of `signature`.

    A game's own primitive names its `game` (the package under nycrules/games/ that registers it)
    and a category of its own; only that game's rulesets see it."""
    m = _SIGNATURE.match(signature.replace(" ", "").replace(":", ": ").replace(",", ", "))
    if m is None or (category not in CATEGORIES and game is None):
        raise ValueError(f"bad primitive declaration: {signature!r} ({category})")
    params = []
    for part in _split_params(m.group("params")):
        pname, ptype = (s.strip() for s in part.split(":", 1))
        params.append(Param(pname, ptype.replace(" ", "")))
    returns = m.group("returns")

    def register(fn: Callable) -> Callable:
        prim = Primitive(m.group("name"), tuple(params), returns.replace(" ", "") if returns else None,
                         help, category, fn, asks, returns is None if changes is None else changes, game, ends,
                         counts, every_seat)
        _REGISTRY.setdefault(prim.name, []).append(prim)
        return fn

    return register


def variants(name: str, game: str | None = None) -> list[Primitive]:
    """The primitives of that name a ruleset of `game` may call (every ruleset's, and the game's own)."""
    return [p for p in _registered().get(name, []) if p.game is None or p.game == game]


def all_primitives(game: str | None = None) -> list[Primitive]:
    """Every primitive a ruleset of `game` may call, by category: those of the categories in the game's
    order (order_categories; else those listed here) in that order, then the others by name."""
    found = [p for ps in _registered().values() for p in ps if p.game is None or p.game == game]
    order = category_order(game)
    return sorted(found, key=lambda p: (p.category not in order, order.index(p.category)
                                        if p.category in order else 0, p.category, p.name, len(p.params)))


def category_order(game: str | None = None) -> tuple[str, ...]:
    """The categories in the order a game lists them (the shared ones, for a game that gives none)."""
    return _ORDERS.get(game, CATEGORIES) if game is not None else CATEGORIES


def names(game: str | None = None) -> list[str]:
    return sorted(name for name, ps in _registered().items() if any(p.game is None or p.game == game for p in ps))


def _registered() -> dict[str, list[Primitive]]:
    if not _REGISTRY:  # a programming error, not a user's: say what is missing rather than "unknown primitive"
        raise RuntimeError("no primitives are registered: import nycrules.primitives first")
    return _REGISTRY
