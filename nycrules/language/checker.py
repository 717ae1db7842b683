"""Semantic checks of parsed effects: names, primitives, argument types, hooks, loops.

The checker walks each syntax tree with the types of the names in scope. It
reports every problem it finds with its location, and records which primitive
(variant) each call resolves to, for the compiler.
"""

from __future__ import annotations

import difflib

from . import dsltypes as T
from . import nodes as n
from . import registry
from ..diagnostics import Location, Sink
from .call_rules import counts_over_the_limit, key_of, limit_message, over_the_limit, refused_here
from .hooks import HOOKS
from .registry import Primitive, variants
from .scope import CheckContext, Scope, Symbols, Unknown


class Checker:
    def __init__(self, symbols: Symbols, sink: Sink, game: str | None = None):
        self.symbols = symbols
        self.sink = sink
        self.game = game  # the ruleset's game: its own primitives are callable too (docs/games.md)
        self.calls: dict[int, Primitive] = {}  # id(Call node) -> resolved primitive
        # Asking calls, with what each offers (T, None for a yes or no) and its key (call_rules.key_of).
        self.questions: list[tuple[Location, str, str | None, str | None]] = []

    # ----------------------------------------------------------------- entry
    def check_effect(self, effect: n.Effect, ctx: CheckContext) -> None:
        scope = Scope(dict(ctx.names), set(ctx.writable), set(ctx.names) - set(ctx.writable))
        self._ctx = ctx
        self._block(effect.body, scope, loops=0)

    def check_expression(self, expr: n.Expr, ctx: CheckContext, expected: str) -> None:
        scope = Scope(dict(ctx.names), set(), set(ctx.names))
        self._ctx = ctx
        try:
            actual = self._expr(expr, scope)
        except Unknown:
            return
        if not T.compatible(expected, actual):
            self._error("E404", f"this must be {T.describe(expected)}, not {T.describe(actual)}", expr.loc)

    def type_of(self, expr: n.Expr, ctx: CheckContext, expected: str) -> str | None:
        """The type of an expression, reported unless it is `expected` ("list": any list; "any": anything)."""
        scope = Scope(dict(ctx.names), set(), set(ctx.names))
        self._ctx = ctx
        try:
            actual = self._expr(expr, scope)
        except Unknown:
            return None
        if expected == "list":
            if T.element(actual) is None:
                self._error("E404", f"this must be a list, not {T.describe(actual)}", expr.loc)
                return None
        elif expected != "any" and not T.compatible(expected, actual):
            self._error("E404", f"this must be {T.describe(expected)}, not {T.describe(actual)}", expr.loc)
            return None
        return actual

    # ------------------------------------------------------------ statements
    def _error(self, code: str, message: str, loc: Location) -> None:
        self.sink.error(code, message, loc)

    def _block(self, body: tuple, scope: Scope, loops: int) -> None:
        for stmt in body:
            self._stmt(stmt, scope, loops)

    def _stmt(self, stmt: n.Stmt, scope: Scope, loops: int) -> None:
        if isinstance(stmt, n.Assign):
            self._assign(stmt, scope)
        elif isinstance(stmt, n.CallStmt):
            self._try(stmt.call, scope)
        elif isinstance(stmt, n.Hook):
            self._hook(stmt, scope)
        elif isinstance(stmt, n.Stop):
            if loops == 0:
                self._error("E411", "`stop` leaves a loop, but it is not inside `for` or `repeat`", stmt.loc)
        elif isinstance(stmt, n.If):
            self._if(stmt, scope, loops)
        elif isinstance(stmt, n.For):
            inner = scope.child()
            element = None
            try:
                source = self._expr(stmt.source, scope)
                element = T.element(source)
                if element is None:
                    self._error("E404", f"`for` needs a list to go through, not {T.describe(source)}", stmt.source.loc)
            except Unknown:
                pass
            self._bind_new(stmt.var, element or "any", inner, stmt.var_loc)
            self._block(stmt.body, inner, loops + 1)
        elif isinstance(stmt, n.Repeat):
            self._expect(stmt.count, scope, "int", "the number of repeats")
            if over_the_limit(stmt.count):
                self._error("E408", limit_message("repeat", stmt.count), stmt.count.loc)
            self._block(stmt.body, scope.child(), loops + 1)

    def _if(self, stmt: n.If, scope: Scope, loops: int) -> None:
        branch_scopes = []
        for cond, body in stmt.branches:
            self._expect(cond, scope, "bool", "a condition")
            inner = scope.child()
            self._block(body, inner, loops)
            branch_scopes.append(inner)
        if stmt.orelse:
            inner = scope.child()
            self._block(stmt.orelse, inner, loops)
            branch_scopes.append(inner)
            # A name assigned in every branch (with an else) is known afterwards.
            common = set.intersection(*(set(s.names) for s in branch_scopes))
            for name in common - set(scope.names):
                scope.names[name] = branch_scopes[0].names[name]

    def _assign(self, stmt: n.Assign, scope: Scope) -> None:
        try:
            value_type = self._expr(stmt.value, scope)
        except Unknown:
            value_type = "any"
        if value_type == "none":
            self._error("E405", "this gives no value to assign", stmt.value.loc)
            return
        name = stmt.name
        if name in scope.fixed:
            self._error("E406", f"'{name}' is given by the rules here and cannot be changed", stmt.loc)
            return
        if name in self.symbols.types:
            self._error("E406", f"'{name}' is a component name and cannot be assigned", stmt.loc)
            scope.names[name] = value_type  # so later uses report nothing more
            return
        if name in scope.names and not T.compatible(scope.names[name], value_type):
            self._error("E410", f"'{name}' holds {T.describe(scope.names[name])}; it cannot now hold "
                                f"{T.describe(value_type)}", stmt.loc)
            return
        if name not in scope.names or scope.names[name] == "any":
            scope.names[name] = value_type

    def _hook(self, stmt: n.Hook, scope: Scope) -> None:
        hook = HOOKS.get(stmt.name)
        if hook is None:
            self._error("E409", f"unknown hook '{stmt.name}'{_suggest(stmt.name, HOOKS)}", stmt.loc)
            return
        if self._ctx.pure:
            self._error("E413", f"{self._ctx.what} cannot fire a hook", stmt.loc)
            return
        if stmt.name == self._ctx.own_hook:
            self._error("E414", f"this character acts at hook '{stmt.name}'; firing it again would never end",
                        stmt.loc)
            return
        if hook.fired_by != "effect":
            self._error("E414", f"hook '{stmt.name}' is fired by the round procedure; an effect cannot fire it",
                        stmt.loc)
            return
        if "me" not in scope.names:
            self._error("E412", f"hook '{stmt.name}' acts for a seat, but there is no `me` here", stmt.loc)
        for name, kind in hook.context.items():
            have = scope.names.get(name)
            if have is None:
                self._error("E414", f"hook '{stmt.name}' needs a value named '{name}' ({T.describe(kind)}) "
                                    "defined before it", stmt.loc)
            elif not T.compatible(kind, have):
                self._error("E414", f"hook '{stmt.name}' needs '{name}' to be {T.describe(kind)}, "
                                    f"not {T.describe(have)}", stmt.loc)

    def _bind_new(self, name: str, kind: str, scope: Scope, loc: Location) -> None:
        if name in self.symbols.types:
            self._error("E406", f"'{name}' is a component name; choose another name", loc)
        elif name in scope.names:
            self._error("E406", f"'{name}' is already defined here; choose another name", loc)
        scope.names[name] = kind

    def _expect(self, expr: n.Expr, scope: Scope, expected: str, what: str) -> None:
        try:
            actual = self._expr(expr, scope)
        except Unknown:
            return
        if not T.compatible(expected, actual):
            self._error("E404", f"{what} must be {T.describe(expected)}, not {T.describe(actual)}", expr.loc)

    def _try(self, call: n.Call, scope: Scope) -> None:
        try:
            self._call(call, scope)
        except Unknown:
            pass

    # ----------------------------------------------------------- expressions
    def _expr(self, e: n.Expr, scope: Scope) -> str:
        if isinstance(e, n.Number):
            return "int"
        if isinstance(e, n.String):
            return "str"
        if isinstance(e, n.Bool):
            return "bool"
        if isinstance(e, n.Name):
            return self._name(e, scope)
        if isinstance(e, n.Param):
            kind = self.symbols.params.get(e.name)
            if kind is None:
                hint = _suggest(e.name, self.symbols.params)
                self._error("E401", f"unknown param '{e.name}'{hint}", e.loc)
                raise Unknown
            return kind
        if isinstance(e, n.Call):
            result = self._call(e, scope)
            if result == "none":
                self._error("E405", f"{e.func}(...) is an action and gives no value", e.loc)
                raise Unknown
            return result
        if isinstance(e, n.Lambda):
            self._error("E404", "a function (x -> ...) may only be given to a primitive that takes one", e.loc)
            raise Unknown
        if isinstance(e, n.ListLit):
            kinds = [self._expr(item, scope) for item in e.items]
            if not kinds:
                return T.list_of("any")
            first = kinds[0]
            for item, kind in zip(e.items[1:], kinds[1:]):
                if not T.compatible(first, kind):
                    self._error("E410", f"a list holds items of one type; this is {T.describe(kind)}, "
                                        f"the first is {T.describe(first)}", item.loc)
                    raise Unknown
            return T.list_of(first)
        if isinstance(e, n.Filter):
            source = self._expr(e.source, scope)
            element = T.element(source)
            if element is None:
                self._error("E404", f"`[x in ... where ...]` needs a list, not {T.describe(source)}", e.source.loc)
                raise Unknown
            inner = scope.child()
            self._bind_new(e.var, element, inner, e.var_loc)
            self._expect(e.cond, inner, "bool", "the condition after `where`")
            return source
        if isinstance(e, n.Index):
            return self._index(e, scope)
        if isinstance(e, n.Binary):
            self._operands(e.left, e.right, scope, f"'{e.op}'")
            return "int"
        if isinstance(e, n.Compare):
            left, right = self._expr(e.left, scope), self._expr(e.right, scope)
            if e.op in ("==", "!="):
                if not (T.compatible(left, right) or T.compatible(right, left)):
                    self._error("E410", f"cannot compare {T.describe(left)} with {T.describe(right)}", e.loc)
                    raise Unknown
            else:
                for side, kind in ((e.left, left), (e.right, right)):
                    if kind != "int":
                        self._error("E404", f"'{e.op}' compares numbers, not {T.describe(kind)}", side.loc)
                        raise Unknown
            return "bool"
        if isinstance(e, n.BoolOp):
            for item in e.items:
                self._expect(item, scope, "bool", f"each side of '{e.op}'")
            return "bool"
        if isinstance(e, n.Not):
            self._expect(e.operand, scope, "bool", "the operand of 'not'")
            return "bool"
        if isinstance(e, n.Negate):
            self._expect(e.operand, scope, "int", "the operand of '-'")
            return "int"
        raise AssertionError(f"unknown node {e!r}")

    def _operands(self, left: n.Expr, right: n.Expr, scope: Scope, op: str) -> None:
        for side in (left, right):
            kind = self._expr(side, scope)
            if kind != "int":
                self._error("E404", f"{op} works on numbers, not {T.describe(kind)}", side.loc)
                raise Unknown

    def _index(self, e: n.Index, scope: Scope) -> str:
        target = self._expr(e.target, scope)
        index = self._expr(e.index, scope)
        element = T.element(target)
        if element is not None:
            if index != "int":
                self._error("E404", f"a list position must be a number, not {T.describe(index)}", e.index.loc)
                raise Unknown
            return element
        parts = T.map_parts(target)
        if parts is not None:
            if not T.compatible(parts[0], index):
                self._error("E404", f"this table is looked up by {T.describe(parts[0])}, not "
                                    f"{T.describe(index)}", e.index.loc)
                raise Unknown
            return parts[1]
        self._error("E404", f"cannot look up [...] in {T.describe(target)}", e.loc)
        raise Unknown

    def _name(self, e: n.Name, scope: Scope) -> str:
        if e.id in scope.names:
            return scope.names[e.id]
        if e.id in self.symbols.types:
            return self.symbols.types[e.id]
        hooks = [h.name for h in HOOKS.values() if e.id in h.context]
        if hooks:
            runs = f"this effect runs at {self._ctx.hook}" if self._ctx.hook else f"this is {self._ctx.label}"
            self._error("E401", f"unknown name '{e.id}': {e.id} exists only in characters at hook "
                                f"{', '.join(hooks)}; {runs}", e.loc)
            raise Unknown
        candidates = list(scope.names) + list(self.symbols.types)
        hint = _suggest(e.id, candidates)
        if not hint and variants(e.id, self.game):
            hint = f"; {e.id} is a primitive: write {e.id}(...)"
        self._error("E401", f"unknown name '{e.id}'{hint}", e.loc)
        raise Unknown

    def _call(self, call: n.Call, scope: Scope) -> str:
        options = variants(call.func, self.game)
        if not options:
            self._error("E402", f"unknown primitive '{call.func}'{_suggest(call.func, registry.names(self.game))}",
                        call.loc)
            raise Unknown
        by_count = [p for p in options if len(p.params) == len(call.args)]
        if not by_count:
            counts = " or ".join(sorted({str(len(p.params)) for p in options}))
            self._error("E403", f"{call.func} takes {counts} argument(s), not {len(call.args)}: "
                                f"{options[0].signature}{_as_a_list(call, options)}", call.loc)
            raise Unknown
        refused = refused_here(by_count[0], call, self._ctx, scope.names)
        if refused is not None:
            self._error(*refused, call.loc)
            raise Unknown
        for count in counts_over_the_limit(by_count[0], call):
            self._error("E408", limit_message(f"{call.func} of", count), count.loc)
        # Type the plain arguments once, then try each variant.
        arg_types: list[str | None] = []
        for arg in call.args:
            arg_types.append(None if isinstance(arg, n.Lambda) else self._expr(arg, scope))
        failure = None
        for prim in by_count:
            bindings: dict[str, str] = {}
            failure = self._match(prim, call, arg_types, bindings, scope, report=False)
            if failure is None:
                self._match(prim, call, arg_types, bindings, scope, report=True)
                self.calls[id(call)] = prim
                if prim.asks:
                    self.questions.append((call.loc, prim.name, bindings.get("T"), key_of(prim, call)))
                return T.substitute(prim.returns, bindings) if prim.returns else "none"
        assert failure is not None
        loc, message = failure
        self._error("E404", message, loc)
        raise Unknown

    def _match(self, prim: Primitive, call: n.Call, arg_types: list, bindings: dict,
               scope: Scope, report: bool) -> tuple[Location, str] | None:
        """Check arguments against one variant; with report=True also check lambda bodies."""
        for param, arg, kind in zip(prim.params, call.args, arg_types):
            fn = T.fn_parts(param.type)
            if fn is not None:
                if not isinstance(arg, n.Lambda):
                    return arg.loc, f"argument '{param.name}' of {prim.name} must be a function such as x -> ..."
                if report:
                    inner = scope.child()
                    arg_type = T.substitute(fn[0], bindings)
                    self._bind_new(arg.param, arg_type, inner, arg.loc)
                    try:
                        body = self._expr(arg.body, inner)
                        want = T.substitute(fn[1], bindings)
                        if want == "T":
                            bindings["T"] = body
                        elif not T.compatible(want, body):
                            self._error("E404", f"the function given to {prim.name} must give "
                                                f"{T.describe(want)}, not {T.describe(body)}", arg.body.loc)
                    except Unknown:
                        pass
                continue
            if isinstance(arg, n.Lambda):
                return arg.loc, f"argument '{param.name}' of {prim.name} must be {T.describe(param.type)}, not a function"
            if param.type == "hook":  # a hook the procedure offers: named by a text written as it is
                if not (isinstance(arg, n.String) and arg.value in HOOKS and HOOKS[arg.value].fired_by == "procedure"):
                    named = f" '{arg.value}'" if isinstance(arg, n.String) else ""
                    hint = _suggest(arg.value, HOOKS) if isinstance(arg, n.String) else ""
                    return arg.loc, (f"argument '{param.name}' of {prim.name} must name a hook the procedure "
                                     f"offers, written in quotes; not{named or ' this'}{hint}")
                continue
            if not T.unify(param.type, kind, bindings):
                want = T.describe(T.substitute(param.type, bindings)) if "T" in bindings or "T" not in param.type \
                    else T.describe(param.type.replace("T", "any"))
                return arg.loc, f"argument '{param.name}' of {prim.name} must be {want}, not {T.describe(kind)}"
        return None


def _suggest(name: str, candidates) -> str:
    """A name spelt close to `name`, else one that is a whole word of it (`round` for `round_number`)."""
    known = sorted(set(candidates))
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.7)
    if not close:
        words = name.split("_")
        close = sorted((c for c in known if len(c) >= 3 and c in words), key=len, reverse=True)[:1]
    return f"; did you mean '{close[0]}'?" if close else ""


def _as_a_list(call: n.Call, options: list[Primitive]) -> str:
    """A hint for several values given to a primitive that takes them as one list (min, max, sum)."""
    if len(call.args) > 1 and any(len(p.params) == 1 and p.params[0].type.startswith("list[") for p in options):
        names = ", ".join("abcdefgh"[i] if i < 8 else "..." for i in range(min(len(call.args), 9)))
        return f"; put the values in a list: write {call.func}([{names}])"
    return ""
