"""The syntax tree of the effect language: frozen dataclasses, each with its location."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..diagnostics import Location


@dataclass(frozen=True)
class Number:
    value: int
    loc: Location


@dataclass(frozen=True)
class String:
    value: str
    loc: Location


@dataclass(frozen=True)
class Bool:
    value: bool
    loc: Location


@dataclass(frozen=True)
class Name:
    """A variable, a context value such as `me`, or a name the game gives, such as a card type's."""

    id: str
    loc: Location


@dataclass(frozen=True)
class Param:
    """`params.NAME`: a value from the ruleset's params section."""

    name: str
    loc: Location


@dataclass(frozen=True)
class Lambda:
    """`x -> expr`, only as an argument of a primitive that takes a function."""

    param: str
    body: "Expr"
    loc: Location


@dataclass(frozen=True)
class Call:
    func: str
    args: tuple["Expr | Lambda", ...]
    loc: Location


@dataclass(frozen=True)
class ListLit:
    items: tuple["Expr", ...]
    loc: Location


@dataclass(frozen=True)
class Filter:
    """`[x in source where cond]`: the items of a list that meet a condition."""

    var: str
    source: "Expr"
    cond: "Expr"
    loc: Location
    var_loc: Location


@dataclass(frozen=True)
class Index:
    target: "Expr"
    index: "Expr"
    loc: Location


@dataclass(frozen=True)
class Binary:
    op: str  # + - * // %
    left: "Expr"
    right: "Expr"
    loc: Location


@dataclass(frozen=True)
class Compare:
    op: str  # == != < <= > >=
    left: "Expr"
    right: "Expr"
    loc: Location


@dataclass(frozen=True)
class BoolOp:
    op: str  # and / or
    items: tuple["Expr", ...]
    loc: Location


@dataclass(frozen=True)
class Not:
    operand: "Expr"
    loc: Location


@dataclass(frozen=True)
class Negate:
    operand: "Expr"
    loc: Location


Expr = Union[Number, String, Bool, Name, Param, Call, ListLit, Filter, Index, Binary, Compare, BoolOp, Not, Negate]


@dataclass(frozen=True)
class Assign:
    name: str
    value: Expr
    loc: Location


@dataclass(frozen=True)
class CallStmt:
    call: Call
    loc: Location


@dataclass(frozen=True)
class Hook:
    """`hook NAME`: let the characters attached to this hook point act here."""

    name: str
    loc: Location


@dataclass(frozen=True)
class Stop:
    """Leave the innermost loop."""

    loc: Location


@dataclass(frozen=True)
class Pass:
    loc: Location


@dataclass(frozen=True)
class If:
    branches: tuple[tuple[Expr, tuple["Stmt", ...]], ...]
    orelse: tuple["Stmt", ...]
    loc: Location


@dataclass(frozen=True)
class For:
    var: str
    source: Expr
    body: tuple["Stmt", ...]
    loc: Location
    var_loc: Location


@dataclass(frozen=True)
class Repeat:
    """Run the body a fixed number of times (the count is evaluated once)."""

    count: Expr
    body: tuple["Stmt", ...]
    loc: Location


Stmt = Union[Assign, CallStmt, Hook, Stop, Pass, If, For, Repeat]


@dataclass(frozen=True)
class Effect:
    body: tuple[Stmt, ...]
    loc: Location



def too_deep(tree: object, limit: int) -> Location | None:
    """Where a syntax tree nests nodes more than `limit` deep (a node in a node counts one more), as
    the place of the outermost statement or expression holding them; None when it does not. Measured
    with a stack, not by recursion, so any tree the parser gave can be measured: checking, compiling
    and running a tree recurse once per level."""
    stack: list[tuple[object, int, Location | None]] = [(tree, 1, None)]
    while stack:
        node, depth, outer = stack.pop()
        if isinstance(node, tuple):
            stack.extend((item, depth, outer) for item in node)
            continue
        fields = getattr(node, "__dataclass_fields__", None)
        if fields is None:
            continue
        outer = outer or getattr(node, "loc", None)
        if depth > limit:
            return outer
        stack.extend((getattr(node, name), depth + 1, outer) for name in fields if name != "loc")
    return None
