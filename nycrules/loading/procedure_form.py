"""The procedure form: the ruleset's `procedure:` tree, from YAML to checked nodes.

A node is a mapping; a list of nodes runs them in order. This module finds the
effects and expressions of the tree (for the loader to parse, cache and
compile like every other rule), checks the tree with the names in scope at each
node, and builds the frozen nodes the engine's interpreter (engine/procedure.py)
runs. Nothing here knows a particular game.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from ..language import dsltypes as T
from ..language import nodes as n
from ..language.checker import Checker
from ..language.registry import all_primitives
from ..language.scope import CheckContext
from ..diagnostics import Location, Sink
from ..limits import MAX_COUNT
from ..reading.marked_yaml import MDict, MList, MStr
from ..reading.text_span import TextSpan
from ..engine.model import ProcNode, Procedure, Script, Template

PARTS = ("setup", "play")  # the two lists of `procedure:`: when a game is made, and the game after
LOOPS = ("repeat", "for_each", "turns")
TEXTS = ("rule", "title", "section")
TURN_KEYS = ("skip_if", "stop_if", "until", "at_most", "final_turns")
# The expressions and effects of a node: (key, kind, what it must give).
_CODE = (("when", "expression", "bool"), ("repeat", "expression", "int"), ("for_each", "expression", "list"),
         ("turns", "expression", "list[seat]"), ("skip_if", "expression", "bool"),
         ("stop_if", "expression", "bool"), ("until", "expression", "bool"), ("at_most", "expression", "int"))
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@dataclass
class Spec:
    """One effect or expression of the tree: its path in the document, text, kind and label."""

    key: tuple
    text: Any
    kind: str
    label: str


def _nodes(doc: MDict) -> Iterator[tuple[tuple, Any]]:
    """Every node mapping of the tree with its path, parents before children."""
    proc = doc.get("procedure")
    if not isinstance(proc, dict):
        return
    for part in PARTS:
        if isinstance(proc.get(part), list):
            yield from _walk(proc[part], ("procedure", part))


def _walk(items: list, path: tuple) -> Iterator[tuple[tuple, Any]]:
    for i, node in enumerate(items):
        here = path + (i,)
        yield here, node
        if isinstance(node, dict) and isinstance(node.get("do"), list):
            yield from _walk(node["do"], here + ("do",))


def _sub_span(text: MStr, start: int) -> TextSpan:
    """The span of text[start:] inside a one-line text (a placeholder of a title)."""
    span = text.span
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return _Shifted(span, line, column)  # type: ignore[return-value]


class _Shifted:
    """A TextSpan for a part of a scalar: positions in the part are moved to where it starts."""

    def __init__(self, span: TextSpan, line: int, column: int):
        self.span, self.line, self.column = span, line, column

    def locate(self, line: int, column: int) -> Location:
        if line == 1:
            return self.span.locate(self.line, self.column + column - 1)
        return self.span.locate(self.line + line - 1, column)

    @property
    def start(self) -> Location:
        return self.locate(1, 1)


def _template_parts(text: MStr) -> list[tuple[int, MStr]]:
    """The `{expression}` placeholders of a text: (offset, expression text with its own span)."""
    parts = []
    for match in _PLACEHOLDER.finditer(text):
        inner = MStr(match.group(1), _sub_span(text, match.start(1)))  # type: ignore[arg-type]
        parts.append((match.start(1), inner))
    return parts


def specs(doc: MDict) -> Iterator[Spec]:
    """Every effect and expression of the procedure tree and of `winner:` (tolerates a broken document)."""
    for path, node in _nodes(doc):
        if not isinstance(node, dict):
            continue
        label = _label(node, path)
        for key, kind, _ in _CODE:
            if key in node and not isinstance(node[key], bool):
                yield Spec(path + (key,), node[key], kind, f"{label}: {key}")
        if isinstance(node.get("do"), str):
            yield Spec(path + ("do",), node["do"], "effect", label)
        for key in TEXTS:
            if isinstance(node.get(key), MStr):
                for i, (_, inner) in enumerate(_template_parts(node[key])):
                    yield Spec(path + (key, i), inner, "expression", f"{label}: {key}")
    winner = doc.get("winner")
    if isinstance(winner, dict):  # the seats ranked by keys (docs/ruleset.md, "The winner")
        for key, path in (("rank", ("winner",)), ("by", ("winner", "by"))):
            if isinstance(winner.get(key), str):
                yield Spec(path, winner[key], "expression", f"winner: {key}")
    elif "winner" in doc:
        yield Spec(("winner",), winner, "expression", "winner")


# Lists that hold every seat once: the seats (primitives registered as giving every seat), and those
# lists put in another order.
_REORDERED = {"sort_by", "reversed"}


def _every_seat(game: str | None) -> list[str]:
    """The primitives a ruleset of the game may call that give every seat once, by name."""
    return sorted({p.name for p in all_primitives(game) if p.every_seat})


def _ranks_every_seat(tree: Any, game: str | None) -> bool:
    """Whether an expression surely gives every seat (so the ranking names a winner in every game)."""
    if not isinstance(tree, n.Call):
        return False
    if tree.func in _every_seat(game):
        return not tree.args
    return tree.func in _REORDERED and bool(tree.args) and _ranks_every_seat(tree.args[0], game)


def _label(node: dict, path: tuple) -> str:
    ident = node.get("id")
    return f"procedure {ident}" if isinstance(ident, str) else f"procedure ({path[1]})"


class ProcedureChecker:
    """Checks the tree: the shape of each node, the names in scope, bounds; types through the Checker."""

    def __init__(self, doc: MDict, trees: dict[tuple, Any], checker: Checker, sink: Sink,
                 numbers: dict[str, str] | None = None, own_steps: Iterable[str] = ()):
        """`numbers`: the game's numbers its expressions see by name, with their types; `own_steps`: the
        steps of the game's own sections a node may `run` beside the ruleset's `steps:`."""
        self.doc, self.trees, self.checker, self.sink = doc, trees, checker, sink
        self.ids: dict[str, Location] = {}
        self.reads: dict[tuple, tuple[str, ...]] = {}  # per effect leaf: the names of the scope it reads
        self.numbers = dict(numbers or {})
        steps = doc.get("steps") if isinstance(doc.get("steps"), dict) else {}
        self.steps = set(steps) | set(own_steps)

    def run(self) -> None:
        proc = self.doc.get("procedure")
        scope = self.numbers
        for part in PARTS:
            self._list(proc[part], ("procedure", part), dict(scope))
        if "winner" in self.doc:
            self._expr(("winner",), CheckContext({}, pure=True, what="the winner's ranking"), "list[seat]")
            tree = self.trees.get(("winner",))
            if tree is not None and not _ranks_every_seat(tree, self.checker.game):
                every = " or ".join(f"{name}()" for name in _every_seat(self.checker.game))
                self._error("E408", f"the winner's ranking must hold every seat: order {every} with sort_by (and "
                                    "reversed); a filter, first, concat and the like may leave nobody to name as the "
                                    "winner", tree.loc)
            self._expr(("winner", "by"), CheckContext({"me": "seat"}, pure=True, what="the winner's keys"),
                       "list[int]")

    def _list(self, items: MList, path: tuple, scope: dict[str, str]) -> None:
        for i, node in enumerate(items):
            self._node(node, path + (i,), dict(scope), items.item_locs[i])

    def _error(self, code: str, message: str, where: Location) -> None:
        self.sink.error(code, message, where)

    def _node(self, node: MDict, path: tuple, scope: dict[str, str], where: Location) -> None:
        locs = node.value_locs
        ident = node.get("id")
        if ident is not None:
            if ident in self.ids:
                self._error("E407", f"duplicate procedure id '{ident}' (first at line {self.ids[ident].line}); "
                                    "ids name one node of the whole procedure", locs["id"])
            else:
                self.ids[ident] = locs["id"]
        pure = CheckContext(scope, pure=True, what="a condition of the procedure")
        if "when" in node:
            self._expr(path + ("when",), pure, "bool")
        for key in TEXTS:
            self._template(node, path, key, scope)
        loops = [key for key in LOOPS if key in node]
        if len(loops) > 1:
            self._error("E417", f"a node loops one way: `{loops[0]}` or `{loops[1]}`, not both; "
                                "put one loop inside the other's `do:`", locs[loops[1]])
        loop = loops[0] if loops else None
        for key in TURN_KEYS:
            if key in node and loop != "turns":
                self._error("E417", f"`{key}` belongs to a `turns:` node", node.key_locs[key])
        if "as" in node and loop is None:
            self._error("E417", "`as` names the item of a loop; this node has no `repeat`, `for_each` or `turns`",
                        node.key_locs["as"])
        if loop in ("for_each", "turns") and "as" not in node:
            self._error("E417", f"`{loop}` needs `as: NAME`, the name each item has in the body", locs[loop])
        body = [key for key in ("do", "run") if key in node]
        if not body:
            self._error("E417", "a node needs a body: `do:` (an effect or a list of nodes) or `run: STEP`", where)
        elif len(body) > 1:
            self._error("E417", "a node has one body: `do:` or `run:`, not both", locs["run"])
        inner = dict(scope)
        if loop is not None:
            self._loop(node, path, loop, scope, inner)
        if "run" in node:
            self._run(node, inner)
        elif isinstance(node.get("do"), str):
            self._effect(path + ("do",), CheckContext(inner, label=_label(node, path), procedure=True))
            tree = self.trees.get(path + ("do",))
            read = _names(tree) | {"me"}  # `me` also for the primitives that ask it or name it in the log
            self.reads[path + ("do",)] = tuple(sorted(name for name in read if name in inner))
        elif isinstance(node.get("do"), list):
            self._list(node["do"], path + ("do",), inner)

    def _loop(self, node: MDict, path: tuple, loop: str, scope: dict[str, str], inner: dict[str, str]) -> None:
        pure = CheckContext(scope, pure=True, what="the items of a loop")
        expected = {"repeat": "int", "for_each": "list", "turns": "list[seat]"}[loop]
        kind = self._expr(path + (loop,), pure, expected)
        if loop == "repeat":
            self._within_count(node, path, "repeat")
        name = node.get("as")
        if name is None:
            return
        element = "int" if loop == "repeat" else (T.element(kind) if kind else None) or "any"
        where = node.value_locs["as"]
        if name in scope:
            self._error("E406", f"'{name}' is already defined here; choose another name", where)
        elif name in self.checker.symbols.types:
            self._error("E406", f"'{name}' is a component name; choose another name", where)
        inner[name] = element
        if loop == "turns":
            turn = CheckContext(inner, pure=True, what="a condition of the turns")
            for key in ("skip_if", "stop_if", "until"):
                if key in node:
                    self._expr(path + (key,), turn, "bool")
            if "until" in node and "at_most" not in node:
                self._error("E418", "turns `until` a condition may never end: give `at_most: N`, the most "
                                    "times the turns go round", node.key_locs["until"])
            if "at_most" in node:
                self._expr(path + ("at_most",), pure, "int")
                self._within_count(node, path, "at_most")
                if "until" not in node:
                    self._error("E417", "`at_most` bounds turns that go round `until` a condition; "
                                        "this node has no `until`", node.key_locs["at_most"])
            if node.get("final_turns") and "until" not in node:
                self._error("E417", "`final_turns` gives the other seats one more turn once `until` holds; "
                                    "this node has no `until`", node.key_locs["final_turns"])

    def _run(self, node: MDict, scope: dict[str, str]) -> None:
        name, where = node["run"], node.value_locs["run"]
        if name not in self.steps:
            close = difflib.get_close_matches(str(name), sorted(self.steps), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            self._error("E409", f"unknown step '{name}' (the steps are written in `steps:`){hint}", where)
        if scope.get("me") != "seat":
            self._error("E412", f"step '{name}' runs for a seat, `me`, but there is no `me` here: "
                                "put it in a loop `as: me`", where)

    def _template(self, node: MDict, path: tuple, key: str, scope: dict[str, str]) -> None:
        if not isinstance(node.get(key), MStr):
            return
        ctx = CheckContext(scope, pure=True, what=f"a part of a {key}")
        for i in range(len(_template_parts(node[key]))):
            self._expr(path + (key, i), ctx, "any")

    def _expr(self, key: tuple, ctx: CheckContext, expected: str) -> str | None:
        tree = self.trees.get(key)
        if tree is None:
            return None
        if isinstance(tree, int):  # a number written as it is
            return "int"
        return self.checker.type_of(tree, ctx, expected)

    def _within_count(self, node: MDict, path: tuple, key: str) -> None:
        """A loop's number of turns written as a number is checked here, not in the middle of a game."""
        tree = self.trees.get(path + (key,))
        value = tree.value if isinstance(tree, n.Number) else tree
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= MAX_COUNT:
            self._error("E408", f"`{key}: {value}` is beyond the limit of a count a rule asks for at once "
                                f"(0 to {MAX_COUNT}, MAX_COUNT)", node.value_locs[key])

    def _effect(self, key: tuple, ctx: CheckContext) -> None:
        tree = self.trees.get(key)
        if isinstance(tree, n.Effect):
            self.checker.check_effect(tree, ctx)


def _names(tree: Any) -> set[str]:
    """Every name a syntax tree reads."""
    found: set[str] = set()
    stack = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item, n.Name):
            found.add(item.id)
        elif isinstance(item, tuple):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return found


def build(doc: MDict, scripts: dict[tuple, Script], reads: dict[tuple, tuple[str, ...]],
          numbers: tuple[str, ...] = ()) -> Procedure:
    """The checked tree as frozen nodes: one table, node 0 and 1 the `setup` and `play` lists; `numbers`
    are the game's numbers its expressions see by name (ProcedureChecker)."""
    table: list[ProcNode | None] = [None, None]
    by_id: dict[str, int] = {}

    def add(node: MDict, path: tuple, where: Location) -> int:
        index = len(table)
        table.append(None)
        children: tuple[int, ...] = ()
        if isinstance(node.get("do"), list):
            children = tuple(add(child, path + ("do", i), node["do"].item_locs[i])
                             for i, child in enumerate(node["do"]))
        loop = next((key for key in LOOPS if key in node), "")
        ident = str(node["id"]) if "id" in node else None
        if ident is not None:
            by_id[ident] = index
        table[index] = ProcNode(
            index=index, id=ident, loc=where, loop=loop,
            items=scripts.get(path + (loop,)) if loop else None,
            name=str(node["as"]) if "as" in node else None,
            when=scripts.get(path + ("when",)), skip_if=scripts.get(path + ("skip_if",)),
            stop_if=scripts.get(path + ("stop_if",)), until=scripts.get(path + ("until",)),
            at_most=scripts.get(path + ("at_most",)), final_turns=bool(node.get("final_turns")),
            rule=_template(node, path, "rule", scripts), title=_template(node, path, "title", scripts),
            section=_template(node, path, "section", scripts), children=children,
            effect=scripts.get(path + ("do",)) if isinstance(node.get("do"), str) else None,
            run=str(node["run"]) if "run" in node else None, reads=reads.get(path + ("do",), ()))
        return index

    proc = doc["procedure"]
    for root, part in enumerate(PARTS):
        items = proc[part]
        children = tuple(add(node, ("procedure", part, i), items.item_locs[i]) for i, node in enumerate(items))
        table[root] = ProcNode(index=root, id=None, loc=items.loc, loop="", items=None, name=None, when=None,
                               skip_if=None, stop_if=None, until=None, at_most=None, final_turns=False,
                               rule=None, title=None, section=None, children=children, effect=None, run=None,
                               reads=())
    nodes = tuple(node for node in table if node is not None)
    return Procedure(nodes=nodes, by_id=by_id, numbers=numbers)


def _template(node: MDict, path: tuple, key: str, scripts: dict[tuple, Script]) -> Template | None:
    text = node.get(key)
    if not isinstance(text, str):
        return None
    pieces: list[str | Script] = []
    last = 0
    for i, (start, inner) in enumerate(_template_parts(text) if isinstance(text, MStr) else []):
        pieces.append(text[last:start - 1])
        pieces.append(scripts[path + (key, i)])
        last = start + len(inner) + 1
    pieces.append(text[last:])
    kept = tuple(piece for piece in pieces if piece != "")
    return Template(kept, str(text) if all(isinstance(piece, str) for piece in kept) else None)
