"""Compile checked syntax trees to Python closures, once per ruleset load.

Each expression becomes `fn(frame) -> value` and each statement
`fn(frame) -> None`; at play time nothing walks a tree. A `Frame` holds the
game and the names in scope. Lambdas and loop variables bind straight into the
frame (the checker forbids shadowing, so nothing needs restoring).
"""

from __future__ import annotations

from typing import Any, Callable

from . import nodes as n
from .diagnostics import Location, RuleRuntimeError
from .limits import MAX_COUNT, MAX_EFFECT_STEPS, MAX_INT
from .registry import Primitive


class Frame:
    """One run of an effect: the game, the names in scope, and the steps (loop turns) it may still take."""

    __slots__ = ("game", "vars", "steps")

    def __init__(self, game: Any, vars: dict[str, Any]):
        self.game = game
        self.vars = vars
        self.steps = MAX_EFFECT_STEPS


class _StopLoop(Exception):
    pass


def rule_failed(f: "Frame", problem: str, loc: Location | None = None) -> RuleRuntimeError:
    """The error for a rule failing in frame `f`, with the rule, seat and decision from its game."""
    game = f.game
    me = f.vars.get("me")
    seat = getattr(me, "name", None)
    if game is None:
        return RuleRuntimeError(problem, loc, None, seat, None)
    return RuleRuntimeError(problem, loc or game.where, game.rule, seat, game.decisions_taken)


def check_count(f: "Frame", count: int, what: str, loc: Location | None = None) -> int:
    """A count a rule asks for at once (cards drawn, loop turns...), refused beyond MAX_COUNT."""
    if count > MAX_COUNT:
        raise rule_failed(f, f"{what} {count} is more than the limit of {MAX_COUNT}", loc)
    return count


def _spend(f: "Frame", steps: int, loc: Location) -> None:
    f.steps -= steps
    if f.steps < 0:
        raise rule_failed(f, f"the effect ran more than {MAX_EFFECT_STEPS} steps (loop turns); "
                             "is a loop much longer than intended?", loc)


def _bounded(f: "Frame", value: int, loc: Location) -> int:
    if -MAX_INT <= value <= MAX_INT:
        return value
    raise rule_failed(f, "a number beyond the limit of 10^18", loc)


Fn = Callable[[Frame], Any]


class Compiler:
    def __init__(self, calls: dict[int, Primitive], symbols: dict[str, Callable[[Any], Any]],
                 params: dict[str, Any]):
        self.calls = calls
        self.symbols = symbols  # component name -> fn(game) giving its runtime value
        self.params = params

    # ------------------------------------------------------------ statements
    def effect(self, effect: n.Effect) -> Fn:
        return self._block(effect.body)

    def _block(self, body: tuple) -> Fn:
        stmts = [self._stmt(s) for s in body]
        if len(stmts) == 1:
            return stmts[0]

        def run(f: Frame) -> None:
            for stmt in stmts:
                stmt(f)
        return run

    def _stmt(self, s: n.Stmt) -> Fn:
        if isinstance(s, n.Assign):
            name, value = s.name, self.expr(s.value)

            def assign(f: Frame) -> None:
                f.vars[name] = value(f)
            return assign
        if isinstance(s, n.CallStmt):
            call = self._call(s.call)
            loc = s.loc

            def call_stmt(f: Frame) -> None:
                f.game.where = loc
                call(f)
            return call_stmt
        if isinstance(s, n.Hook):
            hook_name, loc = s.name, s.loc

            def fire(f: Frame) -> None:
                _spend(f, 1, loc)
                f.game.where = loc
                f.game.fire_hook(hook_name, f)
            return fire
        if isinstance(s, n.Stop):
            def stop(f: Frame) -> None:
                raise _StopLoop
            return stop
        if isinstance(s, n.Pass):
            return lambda f: None
        if isinstance(s, n.If):
            return self._if(s)
        if isinstance(s, n.For):
            return self._for(s)
        if isinstance(s, n.Repeat):
            return self._repeat(s)
        raise AssertionError(f"unknown statement {s!r}")

    def _if(self, s: n.If) -> Fn:
        branches = [(self.expr(cond), self._block(body)) for cond, body in s.branches]
        orelse = self._block(s.orelse) if s.orelse else None

        def run_if(f: Frame) -> None:
            for cond, body in branches:
                if cond(f):
                    body(f)
                    return
            if orelse is not None:
                orelse(f)
        return run_if

    def _for(self, s: n.For) -> Fn:
        var, source, body, loc = s.var, self.expr(s.source), self._block(s.body), s.loc

        def run_for(f: Frame) -> None:
            items = list(source(f))  # a snapshot: the body may move the items
            _spend(f, len(items), loc)
            try:
                for item in items:
                    f.vars[var] = item
                    body(f)
            except _StopLoop:
                pass
        return run_for

    def _repeat(self, s: n.Repeat) -> Fn:
        count, body, loc = self.expr(s.count), self._block(s.body), s.loc

        def run_repeat(f: Frame) -> None:
            turns = check_count(f, count(f), "repeat", loc)
            _spend(f, max(turns, 0), loc)
            try:
                for _ in range(max(turns, 0)):
                    body(f)
            except _StopLoop:
                pass
        return run_repeat

    # ----------------------------------------------------------- expressions
    def expr(self, e: n.Expr) -> Fn:
        if isinstance(e, (n.Number, n.String, n.Bool)):
            value = e.value
            return lambda f: value
        if isinstance(e, n.Name):
            return self._name(e)
        if isinstance(e, n.Param):
            value = self.params[e.name]
            return lambda f: value
        if isinstance(e, n.Call):
            return self._call(e)
        if isinstance(e, n.ListLit):
            items = [self.expr(i) for i in e.items]
            return lambda f: [item(f) for item in items]
        if isinstance(e, n.Filter):
            var, source, cond, floc = e.var, self.expr(e.source), self.expr(e.cond), e.loc

            def run_filter(f: Frame) -> list:
                out = []
                fvars = f.vars
                items = source(f)
                _spend(f, len(items), floc)
                for item in items:
                    fvars[var] = item
                    if cond(f):
                        out.append(item)
                return out
            return run_filter
        if isinstance(e, n.Index):
            target, index, loc = self.expr(e.target), self.expr(e.index), e.loc

            def run_index(f: Frame) -> Any:
                try:
                    return target(f)[index(f)]
                except (IndexError, KeyError, TypeError):
                    raise rule_failed(f, f"nothing at [{index(f)}]", loc) from None
            return run_index
        if isinstance(e, n.Binary):
            return self._binary(e)
        if isinstance(e, n.Compare):
            return self._compare(e)
        if isinstance(e, n.BoolOp):
            items = [self.expr(i) for i in e.items]
            if e.op == "and":
                return lambda f: all(item(f) for item in items)
            return lambda f: any(item(f) for item in items)
        if isinstance(e, n.Not):
            operand = self.expr(e.operand)
            return lambda f: not operand(f)
        if isinstance(e, n.Negate):
            operand = self.expr(e.operand)
            return lambda f: -operand(f)
        raise AssertionError(f"unknown expression {e!r}")

    def _name(self, e: n.Name) -> Fn:
        name = e.id
        symbol = self.symbols.get(name)
        if symbol is None:
            return lambda f: f.vars[name]
        # The checker forbids variables named like a component, so this is the component.
        return lambda f: symbol(f.game)

    def _binary(self, e: n.Binary) -> Fn:
        left, right, loc = self.expr(e.left), self.expr(e.right), e.loc
        top = MAX_INT
        if e.op == "+":
            def add(f: Frame) -> int:
                value = left(f) + right(f)
                return value if -top <= value <= top else _bounded(f, value, loc)
            return add
        if e.op == "-":
            def subtract(f: Frame) -> int:
                value = left(f) - right(f)
                return value if -top <= value <= top else _bounded(f, value, loc)
            return subtract
        if e.op == "*":
            def multiply(f: Frame) -> int:
                value = left(f) * right(f)
                return value if -top <= value <= top else _bounded(f, value, loc)
            return multiply

        def divide(f: Frame) -> int:
            divisor = right(f)
            if divisor == 0:
                raise rule_failed(f, "division by zero", loc)
            return left(f) // divisor if e.op == "//" else left(f) % divisor
        return divide

    def _compare(self, e: n.Compare) -> Fn:
        left, right = self.expr(e.left), self.expr(e.right)
        op = e.op
        if op == "==":
            return lambda f: left(f) == right(f)
        if op == "!=":
            return lambda f: left(f) != right(f)
        if op == "<":
            return lambda f: left(f) < right(f)
        if op == "<=":
            return lambda f: left(f) <= right(f)
        if op == ">":
            return lambda f: left(f) > right(f)
        return lambda f: left(f) >= right(f)

    def _call(self, call: n.Call) -> Fn:
        prim = self.calls[id(call)]
        impl = prim.impl
        args: list[Fn] = []
        for arg in call.args:
            if isinstance(arg, n.Lambda):
                args.append(self._lambda(arg))
            else:
                args.append(self.expr(arg))
        if len(args) == 0:
            return lambda f: impl(f)
        if len(args) == 1:
            a0 = args[0]
            return lambda f: impl(f, a0(f))
        if len(args) == 2:
            a0, a1 = args
            return lambda f: impl(f, a0(f), a1(f))
        if len(args) == 3:
            a0, a1, a2 = args
            return lambda f: impl(f, a0(f), a1(f), a2(f))
        return lambda f: impl(f, *[a(f) for a in args])

    def _lambda(self, lam: n.Lambda) -> Fn:
        param, body = lam.param, self.expr(lam.body)

        def make(f: Frame) -> Callable[[Any], Any]:
            fvars = f.vars

            def fn(value: Any) -> Any:
                fvars[param] = value
                return body(f)
            return fn
        return make
