"""What a call may do where it stands, and counts written over their limit: the checks of a script
that depend on its context rather than on types (checker.py types every call)."""

from __future__ import annotations

from typing import Iterable

from . import nodes as n
from ..limits import MAX_COUNT
from .registry import Primitive
from .scope import CheckContext


def refused_here(prim: Primitive, call: n.Call, ctx: CheckContext, names: Iterable[str]) -> tuple[str, str] | None:
    """(code, message) when the context may not call this primitive, else None."""
    if ctx.pure and (prim.changes or prim.asks):
        return "E413", f"{ctx.what} cannot use {call.func}(...): it asks or changes something"
    if prim.ends and not ctx.procedure:
        return "E413", (f"{call.func}() ends the game at once: call it in the procedure (a node's `do:`), not in a "
                        "character's effect, a step or a scoring step, which bots also try on copies of the game")
    if prim.asks and "me" not in names:
        return "E412", f"{call.func}(...) asks `me` to decide, but there is no `me` here"
    return None


def counts_over_the_limit(prim: Primitive, call: n.Call) -> Iterable[n.Number]:
    """The counts of the call written as numbers over limits.MAX_COUNT (a game would refuse them)."""
    if prim.counts:
        for param, arg in zip(prim.params, call.args):
            if param.name == "count" and over_the_limit(arg):
                yield arg  # type: ignore[misc]


def over_the_limit(count: n.Expr | n.Lambda) -> bool:
    return isinstance(count, n.Number) and count.value > MAX_COUNT


def limit_message(what: str, count: n.Number) -> str:
    return f"{what} {count.value} is more than the limit of {MAX_COUNT} (limits.MAX_COUNT)"


def key_of(prim: Primitive, call: n.Call) -> str | None:
    """The key an asking call names its question by (a table or tool knows a question by its key, not
    its words): "" for none, None for one worked out as the game runs."""
    names = [param.name for param in prim.params]
    if "key" not in names:
        return ""
    arg = call.args[names.index("key")]
    return arg.value if isinstance(arg, n.String) else None


def acts(tree: object, calls: dict[int, Primitive]) -> frozenset[str]:
    """What running this script may do besides reading the game: the names of the primitives it calls
    that change the game or ask a seat, and `hook NAME` for each hook it fires (a game's bots may try a
    script that only reads on the table itself rather than on a copy)."""
    found: set[str] = set()
    for node in _nodes(tree):
        if isinstance(node, n.Hook):
            found.add(f"hook {node.name}")
        elif isinstance(node, n.Call):
            prim = calls.get(id(node))
            if prim is None or prim.changes or prim.asks:
                found.add(node.func)
    return frozenset(found)


def called(tree: object) -> frozenset[str]:
    """Every primitive this script calls, by name, and `hook NAME` for each hook it fires: all it may read
    (a game's bots may leave out a script that reads nothing their trial changes)."""
    return frozenset(f"hook {node.name}" if isinstance(node, n.Hook) else node.func
                     for node in _nodes(tree) if isinstance(node, (n.Hook, n.Call)))


def _nodes(tree: object) -> Iterable[object]:
    """Every node of the tree."""
    stack = [tree]
    while stack:  # a stack, not recursion: the tree may be as deep as the parser allows
        node = stack.pop()
        if isinstance(node, tuple):
            stack.extend(node)
            continue
        yield node
        fields = getattr(node, "__dataclass_fields__", None)
        if fields is not None:
            stack.extend(getattr(node, name) for name in fields if name != "loc")
