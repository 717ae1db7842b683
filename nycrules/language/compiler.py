"""Compile checked syntax trees to Python functions, once per ruleset load.

Each expression becomes `fn(frame) -> value` and each block of statements
`fn(frame) -> None`; at play time nothing walks a tree. A `Frame` holds the
game and the names in scope. Loop variables bind straight into the frame (the
checker forbids shadowing, so nothing needs restoring); a lambda's parameter and
a filter's variable, seen only inside their expression, are Python locals there,
named by their place (`x0`, `x1`, ...; a name from a ruleset is never written into
the source): reading one costs no dictionary, and a parameter costs no store.
Names that primitives read from the frame (FRAME_NAMES: `me`, the seat a choice
asks) still go into the frame.

A block is generated as the Python source of one function, its statements and
expressions written inline, so running a rule takes few Python calls. Values the
source refers to (primitives, constants, locations) are the defaults of its last
parameters, `_0`, `_1`...: never written into it. A rule's function is generated
when the rule first runs and then takes the place of the one that generated it
(_on_first_run). `for` loops are written in place; `repeat` loops and divisions stay
small closures (a count checked, or a divisor, before the rest runs), and anything
nested deeper than _MAX_INLINE becomes a function of its own (taking the locals in
scope after the frame). Expressions made only of constants are computed once, here.
"""

from __future__ import annotations

import operator
import re
from types import CodeType, FunctionType
from typing import Any, Callable

from . import nodes as n
from ..limits import MAX_INT
from .registry import Primitive
from .runtime import Fixed, Frame, StopLoop, _bounded, _counted, _index, check_count, rule_failed, spend

# Variables that primitives read from the frame, not from the code: `me`, the seat a choice asks
# (primitives/choices.py) and the seat an event or a failure names.
FRAME_NAMES = frozenset({"me"})

Fn = Callable[[Frame], Any]

_MAX_INLINE = 12  # nesting written into one generated function; deeper parts get their own
_LOOP_DEPTH = 4  # the nesting a `for` body counts for (see Compiler._for_lines)


def _fire_hook(game: Any, name: str, f: Frame) -> None:
    game.fire_hook(name, f)  # until the engine installs its runner (set_hook_runner); the game finds the same one


_RUNTIME = {"_StopLoop": StopLoop, "_spend": spend, "_bounded": _bounded, "_counted": _counted,
            "_index": _index, "_fire_hook": _fire_hook}  # the globals of generated functions
_STUBS: set[Any] = set()  # the codes of functions that generate their code when first run (generate_all)
# In the source this module writes, the frame is `f` (a variable's name is a string, never bare).
_NAMES_IN_FRAME, _FRAME = re.compile(r"(?<![\w.'])f\.(game|vars)\b"), re.compile(r"(?<![\w.'])f\b")


def set_hook_runner(run: Callable[[Any, str, Frame], None]) -> None:
    """What a `hook NAME` statement calls, as run(game, NAME, frame): the engine puts its own here
    when imported (this module knows no engine), saving the game's method and its import per hook."""
    _RUNTIME["_fire_hook"] = run


def _on_first_run(build: Callable[[], Callable], become: Callable | None = None) -> Any:
    """A function that generates its code when first called and then becomes that code (`become`, else
    _become_generated, swaps in the code and defaults of what `build` gives: neither has a closure), so
    later calls, from whoever holds it, run the rule with no call in between; globals: _RUNTIME."""
    run = FunctionType((become or _become_generated).__code__, _RUNTIME, "run")
    run.__defaults__ = (build, run)
    _STUBS.add(run.__code__)
    return run


def _become_generated(f: Frame, _build: Callable[[], Fn], _self: Any) -> Any:
    """The code of _on_first_run's functions (it reads no global: it runs with _RUNTIME's)."""
    built = _build()
    _self.__code__, _self.__defaults__ = built.__code__, built.__defaults__
    return built(f)


_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
            ">=": operator.ge}
_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_NOT_CONSTANT = object()
_PLAIN = (n.Name, n.Number, n.String, n.Bool, n.Param)  # arguments that may be read in any order


def _calls_anything(node: Any) -> bool:
    """Whether an expression holds a call of a primitive (anything else cannot fail on its own line)."""
    if isinstance(node, n.Call):
        return True
    if isinstance(node, tuple):
        return any(_calls_anything(item) for item in node)
    fields = getattr(node, "__dataclass_fields__", None)
    return fields is not None and any(_calls_anything(getattr(node, name)) for name in fields)


class _Source:
    """The values one generated function refers to, each by the name `<stem><index>` (`_0`, `_1`...)."""

    def __init__(self, stem: str = "_") -> None:
        self.values: list[Any] = []
        self.stem = stem

    def bind(self, value: Any) -> str:
        self.values.append(value)
        return f"{self.stem}{len(self.values) - 1}"


class Compiler:
    # Statements of a block written into its function; the probe keeps each its own function to wrap it.
    inline_statements = True
    # Each effect or expression is generated when first run: a game runs only some of the rules, and
    # loading a ruleset pays for none. The probe generates at once, to know every statement.
    generate_when_run = True

    def __init__(self, calls: dict[int, Primitive], symbols: dict[str, Callable[[Any], Any]],
                 params: dict[str, Any]):
        self.calls = calls
        self.symbols = symbols  # component name -> fn(game) giving its runtime value
        self.params = params
        # Generated source -> its compiled function's code; filled from the ruleset cache too (known_codes).
        self.codes: dict[str, CodeType] = {}
        self._entries: list[Fn] = []  # the functions that generate their code when first run
        self._locals: tuple[str, ...] = ()  # lambda and filter variables in scope where code is written

    def _function(self, src: _Source, lines: list[str], arguments: str | None = None) -> Fn:
        """One function `run(f, <locals in scope>, _0, _1, ...)` (or `run(<arguments>, _0, ...)`) with these
        body lines: the values the source refers to are the defaults of its last parameters, read as locals
        are (no closure cell, no global). Alike sources share one compiled code object."""
        values = "".join(f", _{i}" for i in range(len(src.values)))
        text = f"def run({arguments or self._arguments()}{values}):\n" + "".join(f"  {line}\n" for line in lines)
        code = self.codes.get(text)
        if code is None:
            scope: dict[str, Any] = {}
            exec(compile(text, "<rules>", "exec", dont_inherit=True), _RUNTIME, scope)
            code = self.codes[text] = scope["run"].__code__
        return FunctionType(code, _RUNTIME, "run", tuple(src.values))

    # ------------------------------------------------------------ statements
    def effect(self, effect: n.Effect) -> Fn:
        return self._entry(lambda: self._block(effect.body))

    def expr(self, e: n.Expr) -> Fn:
        return self._inlined(self._entry(lambda: self._expr_function(e)), (e,))

    def arguments(self, args: tuple) -> Fn:
        """fn(frame) giving the values of a call's arguments (lambdas too) as a tuple, in one call."""
        def build() -> Fn:
            src = _Source()
            return self._function(src, [f"return ({''.join(f'{self._item(arg, src)}, ' for arg in args)})"])
        return self._inlined(self._entry(build), args)

    def _inlined(self, run: Fn, items: tuple) -> Fn:
        run.inline_source = lambda stem: self.inline_source(items, stem)  # type: ignore[attr-defined]
        return run

    def inline_source(self, items: tuple, stem: str) -> tuple[str, dict[str, Any], bool]:
        """Expressions (a call's arguments, lambdas too) as source, by commas, for other generated code to
        compute in place (the compiled procedure): reading the game as `game`, the names in scope as `scope`,
        a frame of them as `f` where they need one (third); the globals they read (second) are `<stem><i>`."""
        assert not self._locals
        src = _Source(stem)
        source = ", ".join(self._item(item, src) for item in items)
        source = _NAMES_IN_FRAME.sub(lambda m: "game" if m.group(1) == "game" else "scope", source)
        values = {f"{stem}{i}": value for i, value in enumerate(src.values)}
        return source, {**_RUNTIME, **values}, _FRAME.search(source) is not None

    def _item(self, e: Any, src: _Source) -> str:
        return self._lambda(e, src, 0) if isinstance(e, n.Lambda) else self._code(e, src, 0)

    def program_run(self, effect: n.Effect, build: Callable[[], Any]) -> tuple[Any, Fn]:
        """An effect that may wait: its program (`build`, resumable.py) and the effect compiled whole."""
        return build(), self.effect(effect)

    def _entry(self, build: Callable[[], Any], become: Callable | None = None) -> Any:
        if not self.generate_when_run:
            return build()
        run = _on_first_run(build, become)
        self._entries.append(run)
        return run

    def generate_all(self) -> None:
        """Generate now every function that would generate its code when first run (so that their
        compiled code can be kept with the ruleset cache: `codes`)."""
        for run in self._entries:
            if run.__code__ in _STUBS:
                build, _ = run.__defaults__
                try:
                    built = build()
                except Exception:  # noqa: BLE001 - it fails as before when it first runs, not while loading
                    continue
                run.__code__, run.__defaults__ = built.__code__, built.__defaults__
        self._entries = []

    def known_codes(self, codes: dict[str, CodeType]) -> None:
        """Compiled code kept from an earlier run (the ruleset cache), by generated source: not compiled again."""
        self.codes.update(codes)

    def _arguments(self) -> str:
        """The arguments of a function written where the current locals are in scope."""
        return ", ".join(["f"] + [f"x{place}" for place in range(len(self._locals))])

    def _block(self, body: tuple) -> Fn:
        assert not self._locals  # statements are never inside an expression
        src = _Source()
        return self._function(src, self._block_lines(body, src, 0))

    def _block_lines(self, body: tuple, src: _Source, depth: int) -> list[str]:
        lines: list[str] = []
        for s in body:
            if self.inline_statements and depth <= _MAX_INLINE:
                lines += self._stmt_lines(s, src, depth)
            else:
                lines.append(f"{src.bind(self._stmt(s))}(f)")
        return lines or ["pass"]

    def _stmt(self, s: n.Stmt) -> Fn:
        src = _Source()
        return self._function(src, self._stmt_lines(s, src, 0))

    def _stmt_lines(self, s: n.Stmt, src: _Source, depth: int) -> list[str]:
        if isinstance(s, n.Assign):
            value = self._code(s.value, src, depth)
            if not _calls_anything(s.value) or self._constant(s.value) is not _NOT_CONSTANT:
                return [f"f.vars[{s.name!r}] = {value}"]
            # A call in the value may fail: its error then names this line, not the statement before.
            # (Bid values are worked out with no game: then there is nothing to mark.)
            return [f"if f.game is not None: f.game.where = {src.bind(s.loc)}", f"f.vars[{s.name!r}] = {value}"]
        if isinstance(s, n.CallStmt):
            return [f"f.game.where = {src.bind(s.loc)}", self._call(s.call, src, depth)]
        if isinstance(s, n.Hook):
            loc = src.bind(s.loc)
            return [f"_spend(f, 1, {loc})", f"f.game.where = {loc}", f"_fire_hook(f.game, {s.name!r}, f)"]
        if isinstance(s, n.Stop):
            return ["raise _StopLoop"]
        if isinstance(s, n.Pass):
            return ["pass"]
        if isinstance(s, n.If):
            return self._if_lines(s, src, depth)
        if isinstance(s, n.For):
            return self._for_lines(s, src, depth)
        if isinstance(s, n.Repeat):
            return [f"{src.bind(self._repeat(s))}(f)"]
        raise AssertionError(f"unknown statement {s!r}")

    def _if_lines(self, s: n.If, src: _Source, depth: int) -> list[str]:
        lines = []
        for i, (cond, body) in enumerate(s.branches):
            lines.append(f"{'elif' if i else 'if'} {self._code(cond, src, depth)}:")
            lines += ["  " + line for line in self._block_lines(body, src, depth + 1)]
        if s.orelse:
            lines.append("else:")
            lines += ["  " + line for line in self._block_lines(s.orelse, src, depth + 1)]
        return lines

    def _for_lines(self, s: n.For, src: _Source, depth: int) -> list[str]:
        # The loop variable goes into the frame's names, where a hook in the body may read it. Each
        # loop takes two of the 20 blocks Python nests in one function (try and for): the body counts
        # as _LOOP_DEPTH levels deeper, so at most 1 + _MAX_INLINE // _LOOP_DEPTH loops nest in one function.
        items = f"_items{depth}"  # a snapshot: the body may move the items
        return [f"{items} = list({self._code(s.source, src, depth)})",
                f"_spend(f, len({items}), {src.bind(s.loc)})",
                "try:",
                f"  for f.vars[{s.var!r}] in {items}:",
                *["    " + line for line in self._block_lines(s.body, src, depth + _LOOP_DEPTH)],
                "except _StopLoop:",
                "  pass"]

    def _repeat(self, s: n.Repeat) -> Fn:
        count, body, loc = self._expr_function(s.count), self._block(s.body), s.loc

        def run_repeat(f: Frame) -> None:
            turns = check_count(f, count(f), "repeat", loc)
            spend(f, max(turns, 0), loc)
            try:
                for _ in range(max(turns, 0)):
                    body(f)
            except StopLoop:
                pass
        return run_repeat

    # ----------------------------------------------------------- expressions
    def _expr_function(self, e: n.Expr) -> Fn:
        src = _Source()
        return self._function(src, [f"return {self._code(e, src, 0)}"])

    def _code(self, e: n.Expr, src: _Source, depth: int) -> str:
        """Python source computing `e` inside a generated function (its frame is `f`)."""
        value = self._constant(e)
        if value is not _NOT_CONSTANT:
            return src.bind(value)
        if depth > _MAX_INLINE:
            return f"{src.bind(self._expr_function(e))}({self._arguments()})"
        inner = depth + 1
        if isinstance(e, n.Name):
            if e.id in self._locals:
                return f"x{self._locals.index(e.id)}"
            symbol = self.symbols.get(e.id)
            if symbol is None:
                return f"f.vars[{e.id!r}]"
            # The checker forbids variables named like a component, so this is the component.
            return src.bind(symbol.value) if isinstance(symbol, Fixed) else f"{src.bind(symbol)}(f.game)"
        if isinstance(e, n.Call):
            return self._call(e, src, inner)
        if isinstance(e, (n.ListLit, n.BoolOp)):
            # A plain loop, not a generator or a helper: each nesting level should cost few Python
            # frames, so that whatever the checker accepted compiles within the recursion limit.
            items = []
            for item in e.items:
                items.append(self._code(item, src, inner))
            if isinstance(e, n.ListLit):
                return f"[{', '.join(items)}]"
            return f"({f' {e.op} '.join(items)})"  # the checker makes every item a bool, as and/or then give
        if isinstance(e, n.Filter):
            items = f"_counted(f, {self._code(e.source, src, inner)}, {src.bind(e.loc)})"
            if e.var in FRAME_NAMES:  # into the frame, where primitives read it
                return f"[_it for _it in {items} if f.vars.__setitem__({e.var!r}, _it) or ({self._code(e.cond, src, inner)})]"
            local = f"x{len(self._locals)}"
            cond = self._in_scope_of(e.var, lambda: self._code(e.cond, src, inner))
            return f"[{local} for {local} in {items} if {cond}]"
        if isinstance(e, n.Index):
            return (f"_index(f, {self._code(e.target, src, inner)}, {self._code(e.index, src, inner)}, "
                    f"{src.bind(e.loc)})")
        if isinstance(e, n.Binary):
            if e.op not in _ARITHMETIC:
                return f"{src.bind(self._divide(e))}({self._arguments()})"
            left, right = self._code(e.left, src, inner), self._code(e.right, src, inner)
            return f"_bounded(f, {left} {e.op} {right}, {src.bind(e.loc)})"
        if isinstance(e, n.Compare):
            return f"({self._code(e.left, src, inner)} {e.op} {self._code(e.right, src, inner)})"
        if isinstance(e, n.Not):
            return f"(not {self._code(e.operand, src, inner)})"
        if isinstance(e, n.Negate):
            return f"(-{self._code(e.operand, src, inner)})"
        raise AssertionError(f"unknown expression {e!r}")

    def _constant(self, e: n.Expr) -> Any:
        """The value of an expression made of constants only, else _NOT_CONSTANT (failures stay for play time)."""
        if isinstance(e, (n.Number, n.String, n.Bool)):
            return e.value
        if isinstance(e, n.Param):
            return self.params[e.name]
        if isinstance(e, n.Not):
            operand = self._constant(e.operand)
            return _NOT_CONSTANT if operand is _NOT_CONSTANT else not operand
        if isinstance(e, n.Negate):
            operand = self._constant(e.operand)
            return _NOT_CONSTANT if operand is _NOT_CONSTANT else -operand
        if isinstance(e, n.BoolOp):
            items = [self._constant(item) for item in e.items]
            if any(item is _NOT_CONSTANT for item in items):
                return _NOT_CONSTANT
            return all(items) if e.op == "and" else any(items)
        if isinstance(e, (n.Compare, n.Binary)) and (e.op in _COMPARE or e.op in _ARITHMETIC):
            left, right = self._constant(e.left), self._constant(e.right)
            if left is _NOT_CONSTANT or right is _NOT_CONSTANT:
                return _NOT_CONSTANT
            if isinstance(e, n.Compare):
                return _COMPARE[e.op](left, right)
            value = _ARITHMETIC[e.op](left, right)
            return value if -MAX_INT <= value <= MAX_INT else _NOT_CONSTANT
        return _NOT_CONSTANT

    def _divide(self, e: n.Binary) -> Fn:
        # A closure of its own: the divisor is checked before the dividend runs. `names`: the locals in scope.
        left, right, loc, op = self._expr_function(e.left), self._expr_function(e.right), e.loc, e.op

        def divide(f: Frame, *names: Any) -> int:
            divisor = right(f, *names)
            if divisor == 0:
                raise rule_failed(f, "division by zero", loc)
            return left(f, *names) // divisor if op == "//" else left(f, *names) % divisor
        return divide

    def _call(self, call: n.Call, src: _Source, depth: int) -> str:
        impl = self.calls[id(call)].impl
        args = []
        for arg in call.args:  # a plain loop, as for list literals in _code
            args.append(self._lambda(arg, src, depth) if isinstance(arg, n.Lambda) else self._code(arg, src, depth))
        template = getattr(impl, "inline", None)  # a primitive that only reads a value (primitives.inline)
        if template is not None and all(isinstance(arg, _PLAIN) for arg in call.args):
            return f"({template.format(*args)})"
        return f"{src.bind(impl)}({', '.join(['f'] + args)})"

    def _lambda(self, lam: n.Lambda, src: _Source, depth: int) -> str:
        if lam.param in FRAME_NAMES:  # into the frame, where primitives read it
            return f"(lambda _x: f.vars.__setitem__({lam.param!r}, _x) or ({self._code(lam.body, src, depth)}))"
        local = f"x{len(self._locals)}"
        body = self._in_scope_of(lam.param, lambda: self._code(lam.body, src, depth))
        return f"(lambda {local}: {body})"

    def _in_scope_of(self, name: str, write: Callable[[], str]) -> str:
        """The code `write` gives with the variable `name` the next Python local, `x<its place>` (the
        checker forbids shadowing, so no outer local has that name)."""
        outer = self._locals
        self._locals = outer + (name,)
        try:
            return write()
        finally:
            self._locals = outer
